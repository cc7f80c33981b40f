/* The tile picker: progressive enhancement of the hand editor.
 *
 * Without JS every tile field is a text input in compact notation ("234m55z"). With JS each field
 * becomes a strip of tiles (tap a tile to remove it) and one keyboard of faces adds to the field
 * being filled. No face goes beyond four copies in the hand (R11 E_TOO_MANY_COPIES; the indicator
 * is not part of the hand). The text inputs stay the single source of truth: every change is
 * written back and fires `change`, which the form's htmx preview listens to.
 */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var PREV = { E: "N", S: "E", W: "S", N: "W" }; // 上家 (R2.1)
  var FILL = { pung: 3, kong: 4, added_kong: 4, concealed_kong: 4 };

  function facesOf(text) {
    var faces = [], ranks = [];
    (text || "").replace(/\s+/g, "").toLowerCase().split("").forEach(function (ch) {
      if (ch >= "1" && ch <= "9") ranks.push(ch);
      else if ("mpsz".indexOf(ch) >= 0) {
        ranks.forEach(function (r) { faces.push(r + ch); });
        ranks = [];
      }
    });
    return faces;
  }

  function compact(faces) {
    var out = "", suit = "";
    faces.forEach(function (face) {
      if (suit && face[1] !== suit) out += suit;
      out += face[0];
      suit = face[1];
    });
    return out + suit;
  }

  function init(form) {
    var picker = form.querySelector("[data-picker]");
    if (!picker) return;
    var keys = Array.prototype.slice.call(picker.querySelectorAll(".keys [data-tile]"));
    var targetLabel = picker.querySelector("[data-picker-target]");
    var fields = [];
    var active = null;

    function keyFor(face) {
      for (var i = 0; i < keys.length; i++) if (keys[i].dataset.tile === face) return keys[i];
      return null;
    }

    function meldKind(field) {
      var meld = field.el.closest("[data-meld]");
      var select = meld && meld.querySelector("select[name$='_kind']");
      return select ? select.value : "";
    }

    function maxOf(field) {
      if (field.input.name === "hand") {
        // concealed + 3 × melds = 14 (R5.5): the standing tiles are 13 − 3 × melds.
        var melds = form.querySelectorAll("[data-meld] select[name$='_kind']");
        var declared = 0;
        Array.prototype.forEach.call(melds, function (s) { if (s.value) declared++; });
        return Math.max(1, 13 - 3 * declared);
      }
      return parseInt(field.input.dataset.max || "14", 10);
    }

    function handCount(face) {
      var n = 0;
      fields.forEach(function (f) {
        if (f.input.dataset.counted === "false") return;
        facesOf(f.input.value).forEach(function (x) { if (x === face) n++; });
      });
      return n;
    }

    function write(field, faces) {
      field.input.value = compact(faces);
      render(field);
      refreshKeys();
      field.input.dispatchEvent(new Event("change", { bubbles: true }));
    }

    function render(field) {
      var faces = facesOf(field.input.value);
      field.strip.innerHTML = "";
      faces.forEach(function (face, index) {
        var key = keyFor(face);
        if (!key) return;
        var tile = key.cloneNode(true);
        tile.disabled = false;
        tile.addEventListener("click", function (event) {
          event.stopPropagation();
          var now = facesOf(field.input.value);
          now.splice(index, 1);
          activate(field);
          write(field, now);
        });
        field.strip.appendChild(tile);
      });
      if (!faces.length) {
        var hint = document.createElement("span");
        hint.className = "placeholder";
        hint.textContent = field.strip.dataset.empty || "";
        field.strip.appendChild(hint);
      }
      field.counter.textContent = " " + faces.length + "/" + maxOf(field);
    }

    function refreshKeys() {
      var full = active && facesOf(active.input.value).length >= maxOf(active) && maxOf(active) > 1;
      keys.forEach(function (key) {
        var counted = !active || active.input.dataset.counted !== "false";
        key.disabled = Boolean(full) || (counted && handCount(key.dataset.tile) >= 4);
      });
    }

    function activate(field) {
      if (active) active.el.classList.remove("active");
      active = field;
      if (!field) {
        picker.hidden = true;
        return;
      }
      field.el.classList.add("active");
      picker.hidden = false;
      targetLabel.textContent = field.name;
      fields.forEach(render);
      refreshKeys();
    }

    function next(field) {
      var order = ["indicator", "hand", "win_tile"];
      var at = order.indexOf(field.input.name);
      for (var i = at + 1; at >= 0 && i < order.length; i++) {
        var candidate = fields.filter(function (f) { return f.input.name === order[i]; })[0];
        if (candidate && facesOf(candidate.input.value).length < maxOf(candidate)) return candidate;
      }
      return null;
    }

    function add(face) {
      if (!active) activate(fields.filter(function (f) { return f.input.name === "hand"; })[0] || fields[0]);
      var field = active;
      var faces = facesOf(field.input.value);
      var max = maxOf(field);
      var counted = field.input.dataset.counted !== "false";
      var adding = [face];
      var kind = meldKind(field);
      if (kind && !faces.length) {
        if (FILL[kind]) adding = Array(FILL[kind]).fill(face);
        else if (kind === "chi" && face[1] !== "z" && +face[0] <= 7) {
          adding = [face, (+face[0] + 1) + face[1], (+face[0] + 2) + face[1]];
        }
      }
      if (max === 1) faces = [];
      var ok = adding.every(function (f) {
        var need = adding.filter(function (x) { return x === f; }).length;
        return !counted || handCount(f) + need - (max === 1 && facesOf(field.input.value)[0] === f ? 1 : 0) <= 4;
      });
      if (!ok || faces.length + adding.length > max) return;
      write(field, faces.concat(adding));
      if (facesOf(field.input.value).length >= max) {
        var following = next(field);
        if (following) activate(following);
        else if (!kind) activate(null);
      }
    }

    // -- the rule's constraints on who fed a meld (R5.2, R3) --------------------------------
    function ruleset() {
      var select = form.querySelector("select[data-ruleset]");
      return select ? select.value : form.dataset.ruleset || "anqing";
    }

    function winner() {
      var checked = form.querySelector("input[name='winner']:checked");
      return checked ? checked.value : "";
    }

    function constrainFeeder(kindSelect, fromSelect, receiver) {
      var daque = ruleset() === "anqing-daque";
      Array.prototype.forEach.call(kindSelect.options, function (o) {
        if (o.value === "chi") o.disabled = daque;
      });
      if (daque && kindSelect.value === "chi") kindSelect.value = "";
      var kind = kindSelect.value;
      fromSelect.disabled = kind === "concealed_kong";
      if (kind === "concealed_kong") fromSelect.value = "";
      Array.prototype.forEach.call(fromSelect.options, function (o) {
        // A player never feeds themselves; under 不打缺 a chow comes only from the 上家.
        o.disabled = Boolean(o.value) && (o.value === receiver ||
          (kind === "chi" && receiver && o.value !== PREV[receiver]));
      });
      if (kind === "chi" && receiver) fromSelect.value = PREV[receiver];
      if (fromSelect.value === receiver) fromSelect.value = "";
    }

    function applyConstraints() {
      var who = winner();
      form.querySelectorAll("[data-meld]").forEach(function (meld) {
        constrainFeeder(meld.querySelector("select[name$='_kind']"), meld.querySelector("select[name$='_from']"), who);
      });
      form.querySelectorAll("[data-other-seat]").forEach(function (block) {
        var seat = block.dataset.otherSeat;
        var mine = seat === who;
        block.hidden = mine;
        block.querySelectorAll("select").forEach(function (s) { s.disabled = mine; });
        if (mine) return;
        var kinds = block.querySelectorAll("select[name$='_kind']");
        var froms = block.querySelectorAll("select[name$='_from']");
        kinds.forEach(function (k, i) { constrainFeeder(k, froms[i], seat); });
      });
      fields.forEach(render);
      refreshKeys();
    }

    // -- wiring ----------------------------------------------------------------------------
    form.querySelectorAll("[data-tilefield]").forEach(function (el) {
      var input = el.querySelector("input.tiles-input");
      var strip = el.querySelector(".strip");
      var label = el.querySelector("label");
      if (!input || !strip) return;
      var name = label.textContent.trim();
      var counter = document.createElement("span");
      counter.className = "count";
      label.appendChild(counter);
      var field = { el: el, input: input, strip: strip, name: name, counter: counter };
      input.tabIndex = -1;
      strip.hidden = false;
      strip.tabIndex = 0;
      strip.addEventListener("click", function () { activate(field); });
      strip.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); activate(field); }
      });
      fields.push(field);
    });

    keys.forEach(function (key) {
      key.addEventListener("click", function () { add(key.dataset.tile); });
    });
    picker.querySelectorAll("[role=tab]").forEach(function (tab) {
      tab.addEventListener("click", function () {
        picker.querySelectorAll("[role=tab]").forEach(function (t) {
          var on = t === tab;
          t.setAttribute("aria-selected", on ? "true" : "false");
          document.getElementById(t.getAttribute("aria-controls")).hidden = !on;
        });
      });
    });
    picker.querySelector("[data-picker-close]").addEventListener("click", function () { activate(null); });
    form.addEventListener("change", function (event) {
      var t = event.target;
      if (t.name === "winner" || t.name === "ruleset" || /_kind$/.test(t.name || "")) applyConstraints();
    });
    applyConstraints();
  }

  function start() {
    document.querySelectorAll("[data-hand-form]").forEach(init);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
