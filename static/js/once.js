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
 * - With several tabs open, one sends: the tab holding the queue's Web Lock (queue.js, asSender).
 *   The first round queued asks the browser to keep the storage for good (askToKeep); the list
 *   says how long each round has waited, and warns when the browser may clear it.
 * - What is kept belongs to the account that was logged in (`<html data-user>`): another account
 *   never sees or sends it (queue.js keeps it; offline.js asks before a log-out discards it).
 *
 * Runs before the tile keyboard (static/js/picker/, base.html), so a kept hand is in the form's
 * fields before the keyboard draws them.
 */
import { agoOf, clockOf } from "./clock.js";
import {
  DRAFT,
  QUEUE,
  askToKeep,
  asSender,
  draftNames,
  drop,
  keptForGood,
  queue,
  read,
  unsent,
  update,
  user,
  write,
} from "./queue.js";

const root = document.documentElement;
const DRAFT_DAYS = 3;
// Not part of the hand: the page's token and key, which round it records, for which account.
const NOT_HAND = ["csrfmiddlewaretoken", "once", "expected_round", "version", "drawn_for"];
const SAVE_TIMEOUT = 30000;
// A resend that hangs (a connection back in name only) is given up after this long and tried
// again a little later, so one stuck request never holds the queue.
const RESEND_TIMEOUT = 10000;
const RETRY_AFTER = 3000;
// A queued round this old is warned of: Safari deletes what a site keeps after 7 days without a
// visit, unless the storage is kept for good.
const OLD_DAYS = 5;
// Each form's way to forget its kept hand once the round is saved or queued (keepDrafts).
const dropDraft = new WeakMap();

function newKey() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join("");
}

function csrfToken() {
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  if (input) return input.value;
  try {
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
  } catch {
    return "";
  }
}

// -- drafts: the hand being entered --------------------------------------------------------------
function draftName(form) {
  return DRAFT + user + ":" + form.dataset.draftKey;
}

function fieldsOf(form, submitter) {
  const fields = [];
  new FormData(form).forEach((value, name) => {
    if (typeof value === "string") fields.push([name, value]);
  });
  if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
  return fields;
}

function handOf(fields) {
  return fields.filter(([name]) => !NOT_HAND.includes(name) && name !== "confirm" && name !== "preview");
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function putBack(form, fields) {
  const values = {};
  const used = {};
  fields.forEach(([name, value]) => {
    (values[name] = values[name] || []).push(value);
  });
  Array.from(form.elements).forEach((el) => {
    if (!el.name || NOT_HAND.includes(el.name) || el.disabled) return;
    if (el.type === "submit" || el.type === "button" || el.type === "file") return;
    const kept = values[el.name] || [];
    if (el.type === "checkbox" || el.type === "radio") {
      el.checked = kept.includes(el.value);
    } else {
      const n = used[el.name] || 0;
      if (n < kept.length) el.value = kept[n];
      used[el.name] = n + 1;
    }
  });
}

function keepDrafts(form) {
  if (!user || !form.dataset.draftKey) return;
  const name = draftName(form);
  const pristine = handOf(fieldsOf(form));
  // Old drafts of rounds already behind this sitting, and anything older than a few days.
  const prefix = DRAFT + user + ":s" + form.dataset.session + ":r";
  const here = +(form.dataset.draftKey.split(":r")[1] || 0);
  draftNames().forEach((other) => {
    const kept = read(other, null);
    const behind = other.startsWith(prefix) && +other.slice(prefix.length) < here;
    if (!kept || behind || Date.now() - kept.at > DRAFT_DAYS * 86400000) write(other, null);
  });
  const kept = read(name, null);
  if (kept && !("bound" in form.dataset) && !same(kept.fields, pristine)) {
    putBack(form, kept.fields);
    showRestored(form, kept.at, name);
    window.addEventListener("load", () => {
      form.dispatchEvent(new Event("tiles-changed", { bubbles: true }));
    });
  }
  const remember = () => {
    const now = handOf(fieldsOf(form));
    if (same(now, pristine)) write(name, null);
    else write(name, { at: Date.now(), fields: now });
  };
  ["change", "input", "tiles-changed"].forEach((type) => {
    form.addEventListener(type, remember);
  });
  dropDraft.set(form, () => write(name, null));
}

function forgetDraft(form) {
  const forget = dropDraft.get(form);
  if (forget) forget();
  form.dataset.sent = "1"; // saved or queued: Back to this page must not show it again
}

function showRestored(form, at, name) {
  const note = document.createElement("div");
  note.className = "card draft-note";
  note.setAttribute("role", "status");
  note.dataset.draftRestored = "";
  const text = document.createElement("p");
  text.textContent = (form.dataset.restored || "").replace("{time}", clockOf(at));
  const clear = document.createElement("button");
  clear.type = "button";
  clear.className = "btn";
  clear.textContent = form.dataset.restart || "";
  clear.addEventListener("click", () => {
    write(name, null);
    window.location.reload();
  });
  note.appendChild(text);
  note.appendChild(clear);
  form.parentNode.insertBefore(note, form);
}

// -- saving --------------------------------------------------------------------------------------
function loginUrl() {
  return root.dataset.loginUrl || "/accounts/login/";
}

function isLogin(location) {
  return location.includes(loginUrl());
}

/** POST one round; the answer's kind: saved (with where to go), login, offline or page. */
function send(item, timeout) {
  const body = new URLSearchParams();
  item.body.forEach(([name, value]) => body.append(name, value));
  body.set("csrfmiddlewaretoken", csrfToken());
  const control = window.AbortController ? new AbortController() : null;
  const timer = control ? setTimeout(() => control.abort(), timeout || SAVE_TIMEOUT) : null;
  return fetch(item.url, {
    method: "POST",
    body,
    headers: { "X-Save": "1" },
    credentials: "same-origin",
    redirect: "manual",
    cache: "no-store",
    signal: control ? control.signal : undefined,
  }).then(
    (response) => {
      clearTimeout(timer);
      if (response.status === 204) {
        const location = response.headers.get("X-Save-Location") || item.back;
        return { kind: isLogin(location) ? "login" : "saved", location };
      }
      if (response.type === "opaqueredirect") return { kind: "saved", location: item.back };
      if ([502, 503, 504].includes(response.status)) return { kind: "offline" };
      return { kind: "page", status: response.status };
    },
    () => {
      clearTimeout(timer);
      return { kind: "offline" };
    },
  );
}

/** Let the browser post it and show the server's page (a refusal, or the conflict page). */
function postNatively(item) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = item.url;
  form.hidden = true;
  item.body.concat([["csrfmiddlewaretoken", csrfToken()]]).forEach(([name, value]) => {
    if (name === "csrfmiddlewaretoken" && form.querySelector("[name=csrfmiddlewaretoken]")) return;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  });
  document.body.appendChild(form);
  HTMLFormElement.prototype.submit.call(form);
}

function saving(form, on) {
  form.querySelectorAll("button[name=confirm], button[name=to_draw]").forEach((button) => {
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
  const parts = [form.dataset.roundLabel || ""];
  form.querySelectorAll("input[name=winner]:checked, input[name=winners]:checked").forEach((box) => {
    const label = box.closest("label");
    parts.push((label ? label.textContent : box.value).trim());
  });
  if (form.dataset.what) parts.push(form.dataset.what);
  // Each tile field with the tray's short name for it (翻 9p · 手 123456m… · 胡 9p); a meld in [ ].
  const tiles = [];
  form.querySelectorAll("input.tiles-input").forEach((input) => {
    const value = input.value.trim();
    if (!value) return;
    const field = input.name.replace(/^w_[ESWN]_/, "");
    if (/^meld_\d+_tiles$|^kong_\d+_tiles$/.test(field)) {
      tiles.push("[" + value + "]");
      return;
    }
    const name = form.querySelector("[data-tray-field='" + field + "'] .tray-name");
    tiles.push((name ? name.textContent.trim() + " " : "") + value);
  });
  return { what: parts.filter(Boolean).join(" · "), hand: tiles.join(" · ") };
}

function itemOf(form, submitter) {
  const fields = fieldsOf(form, submitter).filter(([name]) => name !== "csrfmiddlewaretoken");
  let key = (fields.find(([name]) => name === "once") || [])[1];
  if (!key) {
    key = newKey();
    fields.push(["once", key]);
  }
  const label = labelOf(form);
  return {
    key,
    user,
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
  const items = queue().filter((other) => other.key !== item.key);
  items.push(item);
  if (!write(QUEUE, items)) {
    saving(form, false); // storage full or off: the button comes back, nothing is lost on screen
    return;
  }
  forgetDraft(form);
  askToKeep(); // the first round queued on this phone asks the browser to keep it for good
  window.location.assign(item.back + "#unsent");
}

function wireSaveForm(form) {
  form.addEventListener("submit", (event) => {
    const submitter = event.submitter;
    if (!submitter || (submitter.name !== "confirm" && submitter.name !== "to_draw")) return;
    event.preventDefault();
    if (form.dataset.busy) return; // a second tap while the first is being saved
    saving(form, true);
    const item = itemOf(form, submitter);
    if (navigator.onLine === false) {
      queueAndLeave(form, item);
      return;
    }
    send(item).then(
      (answer) => {
        if (answer.kind === "saved" || answer.kind === "login") {
          if (answer.kind === "saved") forgetDraft(form);
          window.location.assign(answer.location);
        } else if (answer.kind === "offline") {
          queueAndLeave(form, item);
        } else {
          postNatively(item); // the server's page says what is wrong (nothing was saved)
        }
      },
      () => saving(form, false),
    );
  });
  // Back in this page from the browser's history: a new form, with a new key.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) {
      // The round this page held was saved: a new form for the next one, never a ghost of it.
      if (form.dataset.sent) return window.location.reload();
      saving(form, false);
      freshKeys();
    }
  });
}

// A page drawn from the phone's copy (offline) or from the back/forward cache: its keys may
// have been used already, so each form gets a new one.
function freshKeys() {
  document.querySelectorAll("input[name=once]").forEach((input) => {
    input.value = newKey();
  });
}

// A round form drawn while rounds of this sitting wait on the phone (offline, or before they
// are sent): they come first, so this one records the round after them.
function afterQueued(form) {
  const input = form.querySelector("input[name=expected_round]");
  if (!input) return;
  let last = 0;
  unsent().forEach((item) => {
    if (item.session !== form.dataset.session) return;
    item.body.forEach(([name, value]) => {
      if (name === "expected_round") last = Math.max(last, +value);
    });
  });
  if (last >= +input.value) {
    const n = String(last + 1);
    input.value = n;
    form.dataset.draftKey = "s" + form.dataset.session + ":r" + n;
    if (form.dataset.label) form.dataset.roundLabel = form.dataset.label.replace("{n}", n);
    const title = document.querySelector("h1");
    if (title && form.dataset.title) title.textContent = form.dataset.title.replace("{n}", n);
  }
}

// -- sending what is queued ----------------------------------------------------------------------
let sending = false; // this tab is sending, or asking to be the sender
let retry = null;

// `item` is to be sent now. `alone`: this tab is the phone's one sender (queue.js, asSender), so
// a round left "sending" was left by a tab closed while it sent it; without that, only once it
// has been "sending" for longer than a resend may take.
function sendable(item, alone) {
  if (item.state === "waiting") return true;
  if (item.state !== "sending") return false;
  return alone || Date.now() - (item.tried || 0) > RESEND_TIMEOUT + RETRY_AFTER;
}

function sendQueued() {
  if (!user || sending || navigator.onLine === false) return;
  if (!unsent().some((item) => item.state === "waiting" || item.state === "sending")) return;
  sending = true;
  asSender(sendAll).finally(() => {
    sending = false;
  });
}

/** Send the queued rounds, oldest first, one after another until none is left or one is not
 * sent; the sitting's page reloads when one of its rounds was sent, to show it recorded. */
async function sendAll(alone) {
  const page = document.querySelector("[data-unsent]");
  let shown = false;
  for (;;) {
    const next = unsent().find((item) => sendable(item, alone));
    if (!next) break;
    update(next.key, { state: "sending", tried: Date.now() });
    const answer = await send(next, RESEND_TIMEOUT);
    if (answer.kind !== "saved") {
      notSent(next, answer);
      return;
    }
    drop(next.key);
    shown = shown || Boolean(page && page.dataset.session === next.session);
  }
  if (shown) window.location.reload();
}

function notSent(next, answer) {
  if (answer.kind === "offline" || answer.kind === "login") {
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
    const meant = next.body.find(([name]) => name === "expected_round");
    if (meant) {
      const name = DRAFT + user + ":s" + next.session + ":r" + meant[1];
      write(name, { at: Date.now(), fields: handOf(next.body) });
    }
    drop(next.key);
    postNatively(next);
  } else {
    update(next.key, { state: "refused", status: answer.status });
  }
}

// -- the session page's list ---------------------------------------------------------------------
// How long a round has waited (等了 3 小时), in the page's words: data-waited-<unit>-<one|many>.
function waitedWords(section, at) {
  const ago = agoOf(at);
  if (!ago) return "";
  if (ago.unit === "now") return section.dataset.waitedNow || "";
  const unit = ago.unit.charAt(0).toUpperCase() + ago.unit.slice(1);
  const words = section.dataset["waited" + unit + (ago.n === 1 ? "One" : "Many")] || "";
  return words.replace("{n}", String(ago.n));
}

// Whether the browser keeps the queue for good, as it said when last asked (null: not asked).
let keptForGoodNow = null;

function drawList() {
  const section = document.querySelector("[data-unsent]");
  if (!section) return;
  const list = section.querySelector("[data-unsent-list]");
  const template = section.querySelector("template[data-unsent-item]");
  const items = unsent().filter((item) => item.session === section.dataset.session);
  list.textContent = "";
  section.hidden = !items.length;
  section.querySelector("[data-not-kept]").hidden = keptForGoodNow !== false;
  items.forEach((item) => {
    const row = template.content.firstElementChild.cloneNode(true);
    row.dataset.key = item.key;
    row.dataset.state = item.state;
    row.querySelector("[data-what]").textContent = item.what || "";
    row.querySelector("[data-hand]").textContent = item.hand || "";
    const status = section.dataset["state" + item.state.charAt(0).toUpperCase() + item.state.slice(1)] || "";
    row.querySelector("[data-status]").textContent =
      status.replace("{time}", clockOf(item.at)).replace("{status}", item.status || "");
    row.dataset.at = String(item.at);
    const open = row.querySelector("[data-open]");
    open.hidden = item.state !== "conflict";
    open.addEventListener("click", () => postNatively(item));
    row.querySelector("[data-discard]").addEventListener("click", () => {
      if (window.confirm(section.dataset.discardAsk || "")) drop(item.key);
    });
    list.appendChild(row);
  });
  drawWaited(section);
}

// Each row's time waited, and the warning once it is old: drawn again as the minutes pass.
function drawWaited(section) {
  section.querySelectorAll("[data-unsent-list] > [data-at]").forEach((row) => {
    const at = +row.dataset.at;
    row.querySelector("[data-waited]").textContent = waitedWords(section, at);
    row.querySelector("[data-too-old]").hidden = !(Date.now() - at >= OLD_DAYS * 86400000);
  });
}

// -- the conflict page: each way out forgets the queued copy ------------------------------------
function wireConflict(box) {
  const key = box.dataset.sentKey;
  const forget = () => {
    if (key) drop(key);
    if (box.dataset.draftKey && user) write(DRAFT + user + ":" + box.dataset.draftKey, null);
  };
  document.querySelectorAll("[data-resolve]").forEach((choice) => {
    choice.addEventListener("click", forget);
  });
}

// -- the preview without a connection ------------------------------------------------------------
function wireOfflinePreview(form) {
  document.body.addEventListener("htmx:sendError", (event) => {
    if (event.detail.elt !== form) return;
    const preview = document.getElementById("preview");
    if (!preview) return;
    preview.textContent = "";
    const note = document.createElement("div");
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
if ("servedFromCache" in root.dataset) freshKeys();
document.querySelectorAll("form[data-save-form]").forEach((form) => {
  afterQueued(form);
  if ("draftKey" in form.dataset) keepDrafts(form);
  wireSaveForm(form);
  if (form.hasAttribute("data-hand-form")) wireOfflinePreview(form);
});
const conflict = document.querySelector("[data-conflict]");
if (conflict) wireConflict(conflict);
drawList();
if (document.querySelector("[data-unsent]")) {
  keptForGood().then((kept) => {
    keptForGoodNow = kept;
    drawList();
  });
  setInterval(() => drawWaited(document.querySelector("[data-unsent]")), 60000);
}
document.addEventListener("table-queue-changed", drawList);
window.addEventListener("storage", (event) => {
  if (event.key === QUEUE) drawList();
});
window.addEventListener("online", sendQueued);
// Online but the server did not answer (a 502 from the proxy): try again now and then.
setInterval(() => {
  if (unsent().length && !document.hidden) sendQueued();
}, 30000);
if (!conflict) sendQueued();
