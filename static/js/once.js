/* Every round recorded exactly once, from the phone's side (docs/pages.md: "When the connection drops").
 *
 * - The confirm button knows it is saving: 保存中…, further taps ignored, back if the save fails.
 *   The save is a fetch with `X-Save: 1` (the server answers a redirect as 204 + X-Save-Location,
 *   so the page it leads to still shows its one-time message).
 * - The hand being entered is kept on the phone (localStorage, per account, sitting and round) at
 *   every change, and put back after a reload, a killed tab or a crash, until saved or discarded.
 * - A round confirmed without a connection is queued on the phone with its one-time key and the
 *   round number it was entered for, listed on the session page as 待发送, and sent by itself,
 *   oldest first, when a page loads and when the browser says it is online again (no Background
 *   Sync: iOS Safari has none). The key makes every resend of one round record it once; a round
 *   that another phone recorded meanwhile comes back as the conflict page (409).
 * - What is kept belongs to the account that was logged in (`<html data-user>`): another account
 *   never sees or sends it. `window.tableQueue` lets the log-out ask before discarding it.
 *
 * Runs before the tile keyboard (static/js/picker/, base.html), so a kept hand is in the form's
 * fields before the keyboard draws them.
 */
(function () {
  "use strict";

  var root = document.documentElement;
  var user = root.dataset.user || "";
  var QUEUE = "table:queue";
  var DRAFT = "table:draft:";
  var DRAFT_DAYS = 3;
  // Not part of the hand: the page's token and key, which round it records, for which account.
  var NOT_HAND = ["csrfmiddlewaretoken", "once", "expected_round", "version", "drawn_for"];
  var SAVE_TIMEOUT = 30000;
  // A resend that hangs (a connection back in name only) is given up after this long and tried
  // again a little later, so one stuck request never holds the queue.
  var RESEND_TIMEOUT = 10000;
  var RETRY_AFTER = 3000;

  // -- storage ---------------------------------------------------------------------------------
  function read(name, fallback) {
    try {
      var text = window.localStorage.getItem(name);
      return text ? JSON.parse(text) : fallback;
    } catch (e) { return fallback; }
  }
  function write(name, value) {
    try {
      if (value === null) window.localStorage.removeItem(name);
      else window.localStorage.setItem(name, JSON.stringify(value));
      return true;
    } catch (e) { return false; }
  }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) return input.value;
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; }
    catch (e) { return ""; }
  }

  // -- the queue of rounds not sent yet -----------------------------------------------------------
  function queue() { return read(QUEUE, []).filter(function (item) { return item && item.key; }); }
  function saveQueue(items) {
    write(QUEUE, items.length ? items : null);
    document.dispatchEvent(new CustomEvent("table-queue-changed"));
  }
  function mine() { return queue().filter(function (item) { return user && item.user === user; }); }
  function update(key, changes) {
    saveQueue(queue().map(function (item) {
      if (item.key !== key) return item;
      Object.keys(changes).forEach(function (name) { item[name] = changes[name]; });
      return item;
    }));
  }
  function drop(key) { saveQueue(queue().filter(function (item) { return item.key !== key; })); }

  window.tableQueue = {
    /** The rounds this account confirmed on this phone that are not sent yet. */
    unsent: function () { return mine(); },
    /** Forget everything this account keeps here: its unsent rounds and its half-entered hands. */
    discardAll: function () {
      saveQueue(queue().filter(function (item) { return item.user !== user; }));
      draftNames().forEach(function (name) {
        if (name.indexOf(DRAFT + user + ":") === 0) write(name, null);
      });
    },
  };

  // -- drafts: the hand being entered --------------------------------------------------------------
  function draftNames() {
    var names = [];
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var name = localStorage.key(i);
        if (name && name.indexOf(DRAFT) === 0) names.push(name);
      }
    } catch (e) { /* storage off: nothing kept */ }
    return names;
  }
  function draftName(form) { return DRAFT + user + ":" + form.dataset.draftKey; }
  function fieldsOf(form, submitter) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") fields.push([name, value]);
    });
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    return fields;
  }
  function handOf(fields) {
    return fields.filter(function (pair) {
      return NOT_HAND.indexOf(pair[0]) < 0 && pair[0] !== "confirm" && pair[0] !== "preview";
    });
  }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function putBack(form, fields) {
    var values = {}, used = {};
    fields.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || NOT_HAND.indexOf(el.name) >= 0 || el.disabled) return;
      if (el.type === "submit" || el.type === "button" || el.type === "file") return;
      var kept = values[el.name] || [];
      if (el.type === "checkbox" || el.type === "radio") {
        el.checked = kept.indexOf(el.value) >= 0;
      } else {
        var n = used[el.name] || 0;
        if (n < kept.length) el.value = kept[n];
        used[el.name] = n + 1;
      }
    });
  }

  function clockOf(time) {
    var d = new Date(time);
    return ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2);
  }

  function keepDrafts(form) {
    if (!user || !form.dataset.draftKey) return;
    var name = draftName(form);
    var pristine = handOf(fieldsOf(form));
    // Old drafts of rounds already behind this sitting, and anything older than a few days.
    var prefix = DRAFT + user + ":s" + form.dataset.session + ":r";
    var here = +(form.dataset.draftKey.split(":r")[1] || 0);
    draftNames().forEach(function (other) {
      var kept = read(other, null);
      var behind = other.indexOf(prefix) === 0 && +other.slice(prefix.length) < here;
      if (!kept || behind || Date.now() - kept.at > DRAFT_DAYS * 86400000) write(other, null);
    });
    var kept = read(name, null);
    if (kept && !("bound" in form.dataset) && !same(kept.fields, pristine)) {
      putBack(form, kept.fields);
      showRestored(form, kept.at, name);
      window.addEventListener("load", function () {
        form.dispatchEvent(new Event("tiles-changed", { bubbles: true }));
      });
    }
    function remember() {
      var now = handOf(fieldsOf(form));
      if (same(now, pristine)) write(name, null);
      else write(name, { at: Date.now(), fields: now });
    }
    ["change", "input", "tiles-changed"].forEach(function (type) {
      form.addEventListener(type, remember);
    });
    form._dropDraft = function () { write(name, null); };
  }

  function showRestored(form, at, name) {
    var note = document.createElement("div");
    note.className = "card draft-note";
    note.setAttribute("role", "status");
    note.dataset.draftRestored = "";
    var text = document.createElement("p");
    text.textContent = (form.dataset.restored || "").replace("{time}", clockOf(at));
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "btn";
    clear.textContent = form.dataset.restart || "";
    clear.addEventListener("click", function () {
      write(name, null);
      window.location.reload();
    });
    note.appendChild(text);
    note.appendChild(clear);
    form.parentNode.insertBefore(note, form);
  }

  // -- saving --------------------------------------------------------------------------------------
  function loginUrl() { return root.dataset.loginUrl || "/accounts/login/"; }
  function isLogin(location) { return location.indexOf(loginUrl()) >= 0; }

  /** POST one round; the answer's kind: saved (with where to go), login, offline or page. */
  function send(item, timeout) {
    var body = new URLSearchParams();
    item.body.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("csrfmiddlewaretoken", csrfToken());
    var control = window.AbortController ? new AbortController() : null;
    var timer = control ? setTimeout(function () { control.abort(); }, timeout || SAVE_TIMEOUT) : null;
    return fetch(item.url, {
      method: "POST",
      body: body,
      headers: { "X-Save": "1" },
      credentials: "same-origin",
      redirect: "manual",
      cache: "no-store",
      signal: control ? control.signal : undefined,
    }).then(function (response) {
      clearTimeout(timer);
      if (response.status === 204) {
        var location = response.headers.get("X-Save-Location") || item.back;
        return { kind: isLogin(location) ? "login" : "saved", location: location };
      }
      if (response.type === "opaqueredirect") return { kind: "saved", location: item.back };
      if ([502, 503, 504].indexOf(response.status) >= 0) return { kind: "offline" };
      return { kind: "page", status: response.status };
    }, function () {
      clearTimeout(timer);
      return { kind: "offline" };
    });
  }

  /** Let the browser post it and show the server's page (a refusal, or the conflict page). */
  function postNatively(item) {
    var form = document.createElement("form");
    form.method = "post";
    form.action = item.url;
    form.hidden = true;
    item.body.concat([["csrfmiddlewaretoken", csrfToken()]]).forEach(function (pair) {
      if (pair[0] === "csrfmiddlewaretoken" && form.querySelector("[name=csrfmiddlewaretoken]")) return;
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    HTMLFormElement.prototype.submit.call(form);
  }

  function saving(form, on) {
    form.querySelectorAll("button[name=confirm], button[name=to_draw]").forEach(function (button) {
      if (on) {
        if (!button.dataset.label) button.dataset.label = button.textContent;
        button.textContent = form.dataset.saving || button.textContent;
        button.setAttribute("aria-busy", "true");
        button.classList.add("is-saving");
      } else {
        if (button.dataset.label) button.textContent = button.dataset.label;
        button.removeAttribute("aria-busy");
        button.classList.remove("is-saving");
      }
    });
    if (on) form.dataset.busy = "1";
    else delete form.dataset.busy;
  }

  function labelOf(form) {
    var parts = [form.dataset.roundLabel || ""];
    form.querySelectorAll("input[name=winner]:checked, input[name=winners]:checked").forEach(function (box) {
      var label = box.closest("label");
      parts.push((label ? label.textContent : box.value).trim());
    });
    if (form.dataset.what) parts.push(form.dataset.what);
    // Each tile field with the tray's short name for it (翻 9p · 手 123456m… · 胡 9p); a meld in [ ].
    var tiles = [];
    form.querySelectorAll("input.tiles-input").forEach(function (input) {
      var value = input.value.trim();
      if (!value) return;
      var field = input.name.replace(/^w_[ESWN]_/, "");
      if (/^meld_\d+_tiles$|^kong_\d+_tiles$/.test(field)) {
        tiles.push("[" + value + "]");
        return;
      }
      var name = form.querySelector("[data-tray-field='" + field + "'] .tray-name");
      tiles.push((name ? name.textContent.trim() + " " : "") + value);
    });
    return { what: parts.filter(Boolean).join(" · "), hand: tiles.join(" · ") };
  }

  function itemOf(form, submitter) {
    var fields = fieldsOf(form, submitter).filter(function (pair) { return pair[0] !== "csrfmiddlewaretoken"; });
    var key = (fields.filter(function (pair) { return pair[0] === "once"; })[0] || [])[1];
    if (!key) {
      key = newKey();
      fields.push(["once", key]);
    }
    var label = labelOf(form);
    return {
      key: key,
      user: user,
      session: form.dataset.session || "",
      url: form.action,
      back: form.dataset.sessionUrl || "/",
      body: fields,
      what: label.what,
      hand: label.hand,
      at: Date.now(),
      state: "waiting",
    };
  }

  function queueAndLeave(form, item) {
    var items = queue().filter(function (other) { return other.key !== item.key; });
    items.push(item);
    if (!write(QUEUE, items)) {
      saving(form, false); // storage full or off: the button comes back, nothing is lost on screen
      return;
    }
    if (form._dropDraft) form._dropDraft();
    window.location.assign(item.back + "#unsent");
  }

  function wireSaveForm(form) {
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (!submitter || (submitter.name !== "confirm" && submitter.name !== "to_draw")) return;
      event.preventDefault();
      if (form.dataset.busy) return; // a second tap while the first is being saved
      saving(form, true);
      var item = itemOf(form, submitter);
      if (navigator.onLine === false) {
        queueAndLeave(form, item);
        return;
      }
      send(item).then(function (answer) {
        if (answer.kind === "saved" || answer.kind === "login") {
          if (answer.kind === "saved" && form._dropDraft) form._dropDraft();
          window.location.assign(answer.location);
        } else if (answer.kind === "offline") {
          queueAndLeave(form, item);
        } else {
          postNatively(item); // the server's page says what is wrong (nothing was saved)
        }
      }, function () { saving(form, false); });
    });
    // Back in this page from the browser's history: a new form, with a new key.
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) {
        saving(form, false);
        freshKeys();
      }
    });
  }

  // A page drawn from the phone's copy (offline) or from the back/forward cache: its keys may
  // have been used already, so each form gets a new one.
  function freshKeys() {
    document.querySelectorAll("input[name=once]").forEach(function (input) { input.value = newKey(); });
  }

  // A round form drawn while rounds of this sitting wait on the phone (offline, or before they
  // are sent): they come first, so this one records the round after them.
  function afterQueued(form) {
    var input = form.querySelector("input[name=expected_round]");
    if (!input) return;
    var last = 0;
    mine().forEach(function (item) {
      if (item.session !== form.dataset.session) return;
      item.body.forEach(function (pair) { if (pair[0] === "expected_round") last = Math.max(last, +pair[1]); });
    });
    if (last >= +input.value) {
      var n = String(last + 1);
      input.value = n;
      form.dataset.draftKey = "s" + form.dataset.session + ":r" + n;
      if (form.dataset.label) form.dataset.roundLabel = form.dataset.label.replace("{n}", n);
      var title = document.querySelector("h1");
      if (title && form.dataset.title) title.textContent = form.dataset.title.replace("{n}", n);
    }
  }

  // -- sending what is queued ----------------------------------------------------------------------
  var sending = false;
  var retry = null;
  function sendQueued() {
    if (!user || sending || navigator.onLine === false) return;
    var next = mine().filter(function (item) {
      // "sending" for longer than a resend may take: the tab that sent it was closed meanwhile.
      var stale = Date.now() - (item.tried || 0) > RESEND_TIMEOUT + RETRY_AFTER;
      return item.state === "waiting" || (item.state === "sending" && stale);
    })[0];
    if (!next) return;
    sending = true;
    update(next.key, { state: "sending", tried: Date.now() });
    send(next, RESEND_TIMEOUT).then(function (answer) {
      sending = false;
      if (answer.kind === "saved") {
        drop(next.key);
        var page = document.querySelector("[data-unsent]");
        var more = mine().some(function (item) { return item.state === "waiting"; });
        if (more) sendQueued();
        else if (page && page.dataset.session === next.session) window.location.reload();
      } else if (answer.kind === "offline" || answer.kind === "login") {
        update(next.key, { state: "waiting", note: answer.kind });
        if (answer.kind === "offline" && navigator.onLine !== false) {
          clearTimeout(retry);
          retry = setTimeout(sendQueued, RETRY_AFTER);
        }
      } else if (answer.status === 409) {
        update(next.key, { state: "conflict" });
        postNatively(next); // the conflict page, with its three ways out
      } else if (answer.status === 400) {
        // Refused as it is (say the house rules changed): back on the form with the reason,
        // kept as the hand being entered.
        var meant = next.body.filter(function (pair) { return pair[0] === "expected_round"; })[0];
        if (meant) write(DRAFT + user + ":s" + next.session + ":r" + meant[1], { at: Date.now(), fields: handOf(next.body) });
        drop(next.key);
        postNatively(next);
      } else {
        update(next.key, { state: "refused", status: answer.status });
      }
    });
  }

  // -- the session page's list ---------------------------------------------------------------------
  function drawList() {
    var section = document.querySelector("[data-unsent]");
    if (!section) return;
    var list = section.querySelector("[data-unsent-list]");
    var template = section.querySelector("template[data-unsent-item]");
    var items = mine().filter(function (item) { return item.session === section.dataset.session; });
    list.textContent = "";
    section.hidden = !items.length;
    items.forEach(function (item) {
      var row = template.content.firstElementChild.cloneNode(true);
      row.dataset.key = item.key;
      row.dataset.state = item.state;
      row.querySelector("[data-what]").textContent = item.what || "";
      row.querySelector("[data-hand]").textContent = item.hand || "";
      var status = section.dataset["state" + item.state.charAt(0).toUpperCase() + item.state.slice(1)] || "";
      row.querySelector("[data-status]").textContent =
        status.replace("{time}", clockOf(item.at)).replace("{status}", item.status || "");
      var open = row.querySelector("[data-open]");
      open.hidden = item.state !== "conflict";
      open.addEventListener("click", function () { postNatively(item); });
      row.querySelector("[data-discard]").addEventListener("click", function () {
        if (window.confirm(section.dataset.discardAsk || "")) drop(item.key);
      });
      list.appendChild(row);
    });
  }

  // -- the conflict page: each way out forgets the queued copy ------------------------------------
  function wireConflict(box) {
    var key = box.dataset.sentKey;
    document.querySelectorAll("[data-resolve]").forEach(function (choice) {
      var forget = function () {
        if (key) drop(key);
        if (box.dataset.draftKey && user) write(DRAFT + user + ":" + box.dataset.draftKey, null);
      };
      choice.addEventListener("click", forget);
    });
  }

  // -- the preview without a connection ------------------------------------------------------------
  function wireOfflinePreview(form) {
    document.body.addEventListener("htmx:sendError", function (event) {
      if (event.detail.elt !== form) return;
      var preview = document.getElementById("preview");
      if (!preview) return;
      preview.textContent = "";
      var note = document.createElement("div");
      note.className = "alert offline-note";
      note.setAttribute("role", "status");
      note.dataset.offlinePreview = "";
      note.textContent = form.dataset.noConnection || "";
      preview.appendChild(note);
      preview.classList.remove("stale");
      preview.removeAttribute("aria-busy");
    });
  }

  // -- start ---------------------------------------------------------------------------------------
  function start() {
    if ("servedFromCache" in root.dataset) freshKeys();
    document.querySelectorAll("form[data-save-form]").forEach(function (form) {
      afterQueued(form);
      if ("draftKey" in form.dataset) keepDrafts(form);
      wireSaveForm(form);
      if (form.hasAttribute("data-hand-form")) wireOfflinePreview(form);
    });
    var conflict = document.querySelector("[data-conflict]");
    if (conflict) wireConflict(conflict);
    drawList();
    document.addEventListener("table-queue-changed", drawList);
    window.addEventListener("storage", function (event) { if (event.key === QUEUE) drawList(); });
    window.addEventListener("online", sendQueued);
    // Online but the server did not answer (a 502 from the proxy): try again now and then.
    setInterval(function () { if (mine().length && !document.hidden) sendQueued(); }, 30000);
    if (!conflict) sendQueued();
  }
  start();
})();
