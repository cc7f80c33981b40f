/* The hand editor's docked tile keyboard: progressive enhancement of plain form fields.
 *
 * Without JS every tile field is a text input in compact notation ("234m55z") and each meld a row
 * of selects. With JS a keyboard of all 34 faces is docked at the bottom of the screen, with the
 * hand being built drawn right above it and the score (or what is missing) beside the confirm
 * button. Taps fill the fields in the order a finished hand is read at the table: indicator →
 * melds → standing tiles → winning tile. A meld is made from the tile just tapped: one tap on a
 * chow position (fed by the 上家, R5.2), or on the seat that fed a pung / kong, or on 暗杠.
 *
 * The form's inputs stay the single source of truth: every change is written to them and the
 * form gets one `tiles-changed` event, which its htmx preview listens to. The preview is marked
 * stale at the moment of the change, so an earlier hand's score is never shown as this one's.
 */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var PREV = { E: "N", S: "E", W: "S", N: "W" }; // 上家 (R2.1) at four
  var SIZE = { chi: 3, pung: 3, kong: 4, added_kong: 4, concealed_kong: 4 };
  var SET_KINDS = ["pung", "kong", "added_kong"];
  var MELD_ROWS = 4; // R11 E_CONTEXT: no player has more than four melds

  function facesOf(text) {
    var faces = [], ranks = [];
    (text || "").replace(/\s+/g, "").toLowerCase().split("").forEach(function (ch) {
      if (ch >= "1" && ch <= "9") ranks.push(ch);
      else if ("mpszf".indexOf(ch) >= 0) {
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

  // R4.1: the 鑽 is the tile after the indicator (9 wraps to 1; 東→南→西→北→東; 中→發→白→中).
  // AJ4.1: Anji's 財神 likewise, but a flower turns up 東, and the honours run 東…白→東 (the
  // house rule honor_cycle "winds4_dragons3": the winds in four, 中→發→白→東).
  function wildOf(indicator, game, cycle) {
    if (game === "hongzhong") return "5z"; // HZ4: the 紅中 is the wild, nothing is turned up
    if (!indicator) return "";
    var rank = +indicator[0], suit = indicator[1];
    if (suit === "f") return game === "anji" ? "1z" : "";
    if (suit !== "z") return (rank % 9 + 1) + suit;
    if (game === "anji" && cycle !== "winds4_dragons3") return (rank % 7 + 1) + "z";
    if (rank <= 4) return (rank % 4 + 1) + "z";
    if (game === "anji") return (rank === 7 ? 1 : rank + 1) + "z";
    return (rank === 7 ? 5 : rank + 1) + "z";
  }

  function init(form) {
    var dock = form.querySelector("[data-picker]");
    if (!dock) return;
    var keys = Array.prototype.slice.call(dock.querySelectorAll(".keys [data-tile]"));
    var tray = dock.querySelector("[data-tray]");
    var meldHint = dock.querySelector("[data-meld-hint]");
    var chowRow = dock.querySelector("[data-chows]");
    var kindButton = dock.querySelector("[data-set-kind]");
    var feederButtons = Array.prototype.slice.call(dock.querySelectorAll("[data-feeder]"));
    var concealedButton = dock.querySelector("[data-concealed-kong]");
    // 紅中 (HZ12): one block of fields per winner, each named with its prefix ("w_E_hand"); the
    // keyboard fills one winner at a time. ``editing`` is that winner's prefix, ``scope`` the one
    // being read or drawn (the same, except while every block is redrawn).
    var scoped = Boolean(form.querySelector("[data-scope]"));
    var editing = "", scope = "";
    function scopeEl() {
      return scope ? form.querySelector("[data-scope='" + scope + "']") : form;
    }
    function meldListEl() { return scopeEl().querySelector("[data-meld-list]"); }
    var preview = document.getElementById("preview");
    var game = dock.dataset.game || "anqing";
    var cycle = dock.dataset.honorCycle || "seven";
    // 上家 at the table in play (AJ2.1: at three, E's is W; at two each is the other's).
    var seats = dock.dataset.seats || "ESWN";
    var prev = {};
    seats.split("").forEach(function (seat, i) {
      prev[seat] = seats[(i + seats.length - 1) % seats.length];
    });
    if (seats.length === 4) prev = PREV;
    var fields = {};
    var active = null;   // "indicator", "hand" or "win_tile"
    var last = null;     // the face last tapped into the hand: what the meld bar acts on
    var setKind = "pung";

    var inputs = {};
    function named(name) {
      var full = scope + name;
      return inputs[full] || (inputs[full] = form.querySelector("[name='" + full + "']"));
    }
    function faces(name) { return facesOf(named(name).value); }
    function keyFor(face) {
      for (var i = 0; i < keys.length; i++) if (keys[i].dataset.tile === face) return keys[i];
      return null;
    }

    // -- the table: who won, which ruleset -------------------------------------------------
    function winner() {
      if (scoped) return editing ? editing.charAt(2) : "";
      var checked = form.querySelector("input[name='winner']:checked");
      return checked ? checked.value : "";
    }
    function ruleset() {
      var select = form.querySelector("select[data-ruleset]");
      return select ? select.value : form.dataset.ruleset || "anqing";
    }
    function wild() { return scoped ? "5z" : wildOf(faces("indicator")[0], game, cycle); }
    function isFlower(face) { return face && face[1] === "f"; }
    // The parts of the hand being built: Anji adds the winner's flowers (AJ1.3).
    var PARTS = ["indicator", "hand", "win_tile"];
    if (named("flowers")) PARTS = PARTS.concat(["flowers"]);
    if (scoped) PARTS = ["hand", "win_tile", "birds"]; // 紅中: no indicator; birds (HZ8.1)

    // -- melds: rows meld_1 … meld_4 of kind, tiles, from ---------------------------------
    function row(n) {
      return {
        n: n,
        kind: named("meld_" + n + "_kind"),
        tiles: named("meld_" + n + "_tiles"),
        from: named("meld_" + n + "_from"),
      };
    }
    function melds() {
      var out = [];
      for (var n = 1; n <= MELD_ROWS; n++) {
        var r = row(n);
        if (r.kind.value || r.tiles.value) out.push(r);
      }
      return out;
    }
    function freeRow() {
      for (var n = 1; n <= MELD_ROWS; n++) {
        var r = row(n);
        if (!r.kind.value && !r.tiles.value) return r;
      }
      return null;
    }
    function removeMeld(n) {
      // Later rows move up, so the rows stay contiguous.
      for (var k = n; k < MELD_ROWS; k++) {
        var here = row(k), below = row(k + 1);
        here.kind.value = below.kind.value;
        here.tiles.value = below.tiles.value;
        here.from.value = below.from.value;
      }
      var end = row(MELD_ROWS);
      end.kind.value = end.tiles.value = end.from.value = "";
    }

    // R5.5: standing tiles + the winning tile + 3 × melds = 14, so 13 − 3 × melds stand.
    function handMax() { return Math.max(1, 13 - 3 * melds().length); }

    // No face beyond four copies among the winner's tiles (R11 E_TOO_MANY_COPIES); the
    // indicator is turned up from the wall and is not part of the hand.
    function counts() {
      var n = {};
      var all = faces("hand").concat(faces("win_tile"));
      melds().forEach(function (r) { all = all.concat(facesOf(r.tiles.value)); });
      all.forEach(function (x) { n[x] = (n[x] || 0) + 1; });
      return n;
    }
    function copies(face) { return counts()[face] || 0; }

    // -- drawing ----------------------------------------------------------------------------
    // Small drawn tiles, each copied from one made per face out of its key.
    var minis = {};
    function mini(face, extra) {
      if (!minis[face]) {
        var key = keyFor(face);
        var made = document.createElement("span");
        made.className = (key ? key.className : "tile") + " tile-mini";
        Array.prototype.forEach.call(key ? key.childNodes : [], function (child) {
          made.appendChild(child.cloneNode(true));
        });
        made.dataset.tile = face;
        made.setAttribute("role", "img");
        made.setAttribute("aria-label", key ? key.getAttribute("aria-label") : face);
        minis[face] = made;
      }
      var tile = minis[face].cloneNode(true);
      if (extra) tile.classList.add(extra);
      return tile;
    }

    function meldLabel(r) {
      var kind = r.kind.options[r.kind.selectedIndex];
      var from = r.from.value ? r.from.options[r.from.selectedIndex].text : "";
      return (kind ? kind.text : "") + (from ? " ← " + from : "");
    }

    function drawStrip(name) {
      var field = fields[scope + name];
      if (!field) return;
      var list = faces(name);
      var prefix = scope;
      field.strip.innerHTML = "";
      list.forEach(function (face, index) {
        var key = keyFor(face);
        if (!key) return;
        var tile = key.cloneNode(true);
        tile.disabled = false;
        tile.addEventListener("click", function (event) {
          event.stopPropagation();
          editing = scope = prefix;
          var now = faces(name);
          now.splice(index, 1);
          named(name).value = compact(now);
          if (name === "hand") last = null;
          activate(name);
          changed();
        });
        field.strip.appendChild(tile);
      });
      if (!list.length) {
        var hint = document.createElement("span");
        hint.className = "placeholder";
        hint.textContent = field.strip.dataset.empty || "";
        field.strip.appendChild(hint);
      }
      var max = name === "hand" ? handMax() : name === "flowers" ? 8 : 1;
      field.counter.textContent = name === "hand" ? " " + list.length + "/" + max : "";
      field.el.classList.toggle("active", active === name && scope === editing);
    }

    function drawMeldList() {
      var meldList = meldListEl();
      if (!meldList) return;
      var prefix = scope;
      meldList.innerHTML = "";
      melds().forEach(function (r) {
        var chip = document.createElement("button");
        chip.type = "button";
        chip.className = "meld-chip";
        chip.dataset.meldChip = String(r.n);
        chip.setAttribute("aria-label", meldLabel(r) + " · " + meldList.dataset.removeLabel);
        var tiles = document.createElement("span");
        tiles.className = "tile-row";
        facesOf(r.tiles.value).forEach(function (face) { tiles.appendChild(mini(face)); });
        var text = document.createElement("span");
        text.className = "meld-chip-text";
        text.textContent = meldLabel(r);
        var cross = document.createElement("span");
        cross.className = "meld-chip-x";
        cross.setAttribute("aria-hidden", "true");
        cross.textContent = "×";
        chip.appendChild(tiles);
        chip.appendChild(text);
        chip.appendChild(cross);
        chip.addEventListener("click", function () {
          editing = scope = prefix;
          removeMeld(r.n);
          changed();
        });
        meldList.appendChild(chip);
      });
    }

    function drawTrayMelds() {
      var trayMelds = tray.querySelector("[data-tray-melds]");
      trayMelds.innerHTML = "";
      melds().forEach(function (r) {
        var group = document.createElement("span");
        group.className = "tray-meld";
        facesOf(r.tiles.value).forEach(function (face) { group.appendChild(mini(face)); });
        if (r.from.value) {
          var who = document.createElement("span");
          who.className = "tray-from";
          who.textContent = r.from.options[r.from.selectedIndex].text.split(" ")[0];
          group.appendChild(who);
        }
        trayMelds.appendChild(group);
      });
    }

    function drawTray() {
      var who = tray.querySelector("[data-tray-who]");
      if (who) {
        var label = editing ? scopeEl().querySelector("legend") : null;
        who.textContent = label ? label.textContent.trim() : "";
        who.hidden = !editing;
      }
      PARTS.forEach(function (name) {
        var part = tray.querySelector("[data-tray-field='" + name + "']");
        var box = part.querySelector(".tray-tiles");
        box.innerHTML = "";
        faces(name).forEach(function (face, i, all) {
          var extra = name === "hand" && face === last && i === all.lastIndexOf(last) ? "tile-last" : "";
          box.appendChild(mini(face, extra));
        });
        if (name === "indicator" && wild()) {
          var arrow = document.createElement("span");
          arrow.className = "tray-arrow";
          arrow.textContent = "→";
          box.appendChild(arrow);
          box.appendChild(mini(wild(), "tile-wild"));
        }
        part.classList.toggle("active", active === name);
        part.setAttribute("aria-pressed", active === name ? "true" : "false");
        var count = part.querySelector(".tray-count");
        if (count) {
          var have = faces("hand").length, max = handMax();
          count.textContent = have + "/" + max;
          count.classList.toggle("over", have > max);
        }
      });
    }

    function chowOptions(face) {
      var rank = +face[0], suit = face[1], options = [];
      for (var start = rank - 2; start <= rank; start++) {
        if (start < 1 || start + 2 > 9) continue;
        options.push([start + suit, start + 1 + suit, start + 2 + suit]);
      }
      return options;
    }

    // Room for the meld's tiles once the tapped tile leaves the hand for it.
    function fits(tiles) {
      var need = {};
      tiles.forEach(function (f) { need[f] = (need[f] || 0) + 1; });
      return Object.keys(need).every(function (f) {
        return copies(f) - (f === last ? 1 : 0) + need[f] <= 4;
      });
    }

    function drawMeldBar() {
      var who = winner();
      var room = Boolean(freeRow());
      var face = last && faces("hand").indexOf(last) >= 0 ? last : null;
      var isWild = face && face === wild();
      var daque = ruleset() === "anqing-daque";
      chowRow.innerHTML = "";
      var hint = meldHint.dataset;
      meldHint.textContent = !who ? hint.noWinner : !face ? hint.tapTile : !room ? hint.full
        : isWild ? hint.wild : hint.ready;
      // HZ3.1: no chow may be claimed in 紅中.
      if (face && who && room && !isWild && face[1] !== "z" && !daque && !scoped) {
        var feeder = prev[who];
        chowOptions(face).forEach(function (tiles) {
          var option = document.createElement("button");
          option.type = "button";
          option.className = "chow";
          option.dataset.chow = compact(tiles);
          option.setAttribute("aria-label", chowRow.dataset.label + " " + tiles.map(function (f) {
            return keyFor(f).getAttribute("aria-label");
          }).join(" "));
          tiles.forEach(function (f) { option.appendChild(mini(f)); });
          // R4.2 / R5.4: a chow holds natural tiles only.
          option.disabled = tiles.indexOf(wild()) >= 0 || !fits(tiles);
          option.addEventListener("click", function () { makeMeld("chi", tiles, feeder); });
          chowRow.appendChild(option);
        });
      }
      chowRow.hidden = !chowRow.children.length;
      kindButton.dataset.setKind = setKind;
      kindButton.textContent = kindButton.getAttribute("data-label-" + setKind) || setKind;
      var setTiles = face ? Array(SIZE[setKind]).fill(face) : [];
      feederButtons.forEach(function (button) {
        var seat = button.dataset.feeder;
        button.hidden = seat === who; // a player never feeds themselves
        button.disabled = !face || !who || !room || isWild || !fits(setTiles);
      });
      kindButton.disabled = !face || !who || !room || isWild;
      // AJ4.3: in Anji a 財神 sits in no meld at all, concealed kongs included.
      // HZ4.2: a 紅中 sits in no meld either.
      concealedButton.disabled = !face || !who || !room || !fits(Array(4).fill(face)) ||
        (isWild && (game === "anji" || scoped));
    }

    function drawKeys() {
      var counted = active !== "indicator" && active !== "birds"; // birds come from the wall
      var have = counts();
      var flowers = PARTS.indexOf("flowers") >= 0 ? faces("flowers") : [];
      keys.forEach(function (key) {
        var face = key.dataset.tile;
        // Each flower exists once (AJ1.3): one the winner has is not offered again.
        if (isFlower(face)) key.disabled = counted && flowers.indexOf(face) >= 0;
        else key.disabled = counted && (have[face] || 0) >= 4 &&
          !(active === "win_tile" && faces("win_tile")[0] === face);
      });
    }

    // The dock is drawn at once; while it is open the fields on the page behind it are redrawn
    // after the preview has answered, so they never hold up the preview on a slow phone.
    var pageTimer = 0;
    function drawPage() {
      clearTimeout(pageTimer);
      pageTimer = 0;
      eachScope(function () {
        PARTS.forEach(drawStrip);
        drawMeldList();
      });
    }
    // Every winner's block (紅中), or the one form.
    function eachScope(draw) {
      if (!scoped) return draw();
      var was = scope;
      form.querySelectorAll("[data-scope]").forEach(function (block) {
        scope = block.dataset.scope;
        draw();
      });
      scope = was;
    }
    function draw() {
      drawTray();
      drawTrayMelds();
      drawMeldBar();
      drawKeys();
      if (!active) drawPage();
      else {
        clearTimeout(pageTimer);
        pageTimer = setTimeout(drawPage, 400);
      }
    }

    // -- changes ----------------------------------------------------------------------------
    function markStale() {
      [preview, document.getElementById("dock-summary")].forEach(function (el) {
        if (!el) return;
        el.classList.add("stale");
        el.setAttribute("aria-busy", "true");
      });
    }

    // The request leaves first (htmx sends it within the event), the drawing follows while the
    // server scores.
    function changed() {
      markStale();
      form.dispatchEvent(new Event("tiles-changed", { bubbles: true }));
      draw();
    }

    function firstOpen() {
      if (PARTS.indexOf("indicator") >= 0 && !faces("indicator").length) return "indicator";
      if (faces("hand").length < handMax()) return "hand";
      if (!faces("win_tile").length) return "win_tile";
      return "hand";
    }

    function activate(name) {
      active = name;
      dock.classList.remove("collapsed");
      document.documentElement.classList.add("dock-open");
      draw();
    }

    function collapse() {
      active = null;
      dock.classList.add("collapsed");
      document.documentElement.classList.remove("dock-open");
      draw();
    }

    function add(face) {
      if (scoped && !editing) return; // 紅中: choose a winner first
      if (!active) activate(firstOpen());
      if (active === "birds") {
        var birds = faces("birds");
        if (birds.length >= 12) return; // HZ8.2: at most bird_count + 4; the engine checks each
        birds.push(face);
        named("birds").value = compact(birds);
        changed();
        return;
      }
      if (isFlower(face) && active !== "indicator") {
        // A flower never stands in the hand: it goes to the winner's flowers, whatever part
        // is being filled (AJ1.3).
        var have = faces("flowers");
        if (have.indexOf(face) >= 0) return;
        have.push(face);
        have.sort();
        named("flowers").value = compact(have);
        changed();
        return;
      }
      if (active === "flowers") active = firstOpen();
      if (active === "indicator") {
        named("indicator").value = face;
        last = null;
        active = faces("hand").length < handMax() ? "hand" : "win_tile";
        changed();
        return;
      }
      if (copies(face) >= 4 && !(active === "win_tile" && faces("win_tile")[0] === face)) return;
      if (active === "hand") {
        var hand = faces("hand");
        if (hand.length >= handMax()) {
          active = "win_tile";
        } else {
          hand.push(face);
          named("hand").value = compact(hand);
          last = face;
          if (hand.length >= handMax() && !faces("win_tile").length) active = "win_tile";
          changed();
          return;
        }
      }
      named("win_tile").value = face;
      if (PARTS.indexOf("birds") >= 0) active = "birds"; // 紅中: the birds are turned next
      changed();
    }

    function makeMeld(kind, tiles, feeder) {
      var target = freeRow();
      var hand = faces("hand");
      var at = hand.lastIndexOf(last);
      if (!target || at < 0) return;
      hand.splice(at, 1);
      named("hand").value = compact(hand);
      target.kind.value = kind;
      target.tiles.value = compact(tiles);
      target.from.value = feeder || "";
      last = null;
      setKind = "pung";
      active = faces("hand").length < handMax() || faces("win_tile").length ? "hand" : "win_tile";
      changed();
    }

    // ⌫ takes back the latest entry, reading the hand backwards from the field being filled.
    function backspace() {
      var order = ["indicator", "melds", "hand", "win_tile"].concat(
        PARTS.indexOf("flowers") >= 0 ? ["flowers"] : []).concat(
        PARTS.indexOf("birds") >= 0 ? ["birds"] : []);
      if (PARTS.indexOf("indicator") < 0) order.shift();
      var from = order.indexOf(active || "win_tile");
      for (var i = from; i >= 0; i--) {
        var part = order[i];
        if (part === "melds") {
          var all = melds();
          if (all.length) {
            removeMeld(all[all.length - 1].n);
            active = "hand";
            changed();
            return;
          }
          continue;
        }
        var list = faces(part);
        if (list.length) {
          list.pop();
          named(part).value = compact(list);
          if (part === "hand") last = list.length ? list[list.length - 1] : null;
          active = part;
          changed();
          return;
        }
      }
    }

    // -- other seats' melds (for 反包, R10.3): the rare selects under "more" ------------------
    function constrainOthers() {
      var who = winner();
      var daque = ruleset() === "anqing-daque";
      form.querySelectorAll("[data-other-seat]").forEach(function (block) {
        var seat = block.dataset.otherSeat;
        var mine = seat === who;
        block.hidden = mine;
        block.querySelectorAll("select").forEach(function (s) { s.disabled = mine; });
        if (mine) return;
        block.querySelectorAll("select[name$='_kind']").forEach(function (kind) {
          Array.prototype.forEach.call(kind.options, function (o) {
            if (o.value === "chi") o.disabled = daque;
          });
          if (daque && kind.value === "chi") kind.value = "";
        });
        block.querySelectorAll("select[name$='_from']").forEach(function (from) {
          Array.prototype.forEach.call(from.options, function (o) {
            o.disabled = o.value === seat; // a player never feeds themselves
          });
          if (from.value === seat) from.value = "";
        });
      });
    }

    // ``changedInput``: the field just changed (null when the page is drawn first).
    function drawRound(changedInput) {
      var shape = roundShape(form);
      if (changedInput && changedInput.name === "winners" && changedInput.checked &&
          shape.outcome === "self_draw") {
        // 自摸 has one winner: choosing another seat moves the choice.
        form.querySelectorAll("input[name='winners']:checked").forEach(function (box) {
          if (box !== changedInput) box.checked = false;
        });
        shape = roundShape(form);
      }
      if (changedInput && changedInput.name === "outcome" && shape.outcome === "self_draw" &&
          shape.winners.length > 1) {
        form.querySelectorAll("input[name='winners']:checked").forEach(function (box, i) {
          if (i > 0) box.checked = false;
        });
        shape = roundShape(form);
      }
      form.querySelectorAll("[data-when]").forEach(function (el) {
        var when = el.dataset.when;
        el.hidden = when === "discard" ? shape.outcome !== "discard"
          : when === "win" ? shape.outcome === "draw" : false;
      });
      form.querySelectorAll("input[name='winners']").forEach(function (box) {
        // The discarder is not one of the winners (HZ9.2).
        var theirs = shape.outcome === "discard" && box.value === shape.discarder;
        box.disabled = theirs;
        if (theirs) box.checked = false;
      });
      shape = roundShape(form);
      var shown = shape.outcome === "draw" ? [] : shape.winners;
      form.querySelectorAll("[data-winner-block]").forEach(function (block) {
        block.hidden = shown.indexOf(block.dataset.winnerBlock) < 0;
      });
      var seat = editing ? editing.charAt(2) : "";
      if (shown.indexOf(seat) < 0) {
        var newest = changedInput && changedInput.name === "winners" && changedInput.checked
          ? changedInput.value : shown[0];
        editing = scope = newest ? "w_" + newest + "_" : "";
      } else if (changedInput && changedInput.name === "winners" && changedInput.checked) {
        editing = scope = "w_" + changedInput.value + "_";
      }
      scope = editing;
      if (!changedInput) return;
      if (editing && changedInput.name === "winners") activate(firstOpen());
      else if (!editing) collapse();
      else draw();
    }

    // -- wiring -----------------------------------------------------------------------------
    form.querySelectorAll("[data-tilefield]").forEach(function (el) {
      var input = el.querySelector("input.tiles-input");
      var strip = el.querySelector(".strip");
      var label = el.querySelector("label");
      if (!input || !strip) return;
      var counter = document.createElement("span");
      counter.className = "count";
      label.appendChild(counter);
      fields[input.name] = { el: el, strip: strip, counter: counter };
      var block = el.closest("[data-scope]");
      var prefix = block ? block.dataset.scope : "";
      var short = input.name.slice(prefix.length);
      function open() {
        editing = scope = prefix;
        activate(short);
      }
      input.tabIndex = -1;
      strip.hidden = false;
      strip.tabIndex = 0;
      strip.setAttribute("role", "button");
      strip.addEventListener("click", open);
      strip.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(); }
      });
    });
    if (!scoped && (!fields.indicator || !fields.hand || !fields.win_tile)) return;
    form.querySelectorAll("[data-meld-list]").forEach(function (list) { list.hidden = false; });
    form.classList.add("has-dock");

    keys.forEach(function (key) {
      key.addEventListener("click", function () { add(key.dataset.tile); });
    });
    // A tap on a tile in the tray takes that tile out; a tap elsewhere on a part fills it next.
    tray.querySelectorAll("[data-tray-field]").forEach(function (part) {
      part.addEventListener("click", function (event) {
        var name = part.dataset.trayField;
        var tile = event.target.closest(".tray-tiles [data-tile]:not(.tile-wild)");
        if (tile) {
          var now = faces(name);
          var at = Array.prototype.indexOf.call(part.querySelectorAll(".tray-tiles [data-tile]:not(.tile-wild)"), tile);
          if (at >= 0) {
            now.splice(at, 1);
            named(name).value = compact(now);
            if (name === "hand" && now.indexOf(last) < 0) last = null;
            active = name;
            changed();
            return;
          }
        }
        activate(name);
      });
    });
    dock.querySelector("[data-backspace]").addEventListener("click", backspace);
    dock.querySelector("[data-picker-close]").addEventListener("click", collapse);
    dock.querySelector("[data-picker-open]").addEventListener("click", function () {
      if (scoped && !editing) return;
      activate(firstOpen());
    });
    kindButton.addEventListener("click", function () {
      setKind = SET_KINDS[(SET_KINDS.indexOf(setKind) + 1) % SET_KINDS.length];
      drawMeldBar();
    });
    feederButtons.forEach(function (button) {
      button.addEventListener("click", function () {
        makeMeld(setKind, Array(SIZE[setKind]).fill(last), button.dataset.feeder);
      });
    });
    concealedButton.addEventListener("click", function () {
      makeMeld("concealed_kong", Array(4).fill(last), "");
    });
    form.addEventListener("change", function (event) {
      var t = event.target;
      markStale();
      if (scoped && (t.name === "outcome" || t.name === "winners" || t.name === "discarder")) {
        drawRound(t);
        return;
      }
      if (t.name === "winner" || t.name === "ruleset") {
        constrainOthers();
        if (t.name === "ruleset" && ruleset() === "anqing-daque") {
          // R3 打缺: no chows; a chow already entered is dropped.
          melds().slice().reverse().forEach(function (r) {
            if (r.kind.value === "chi") removeMeld(r.n);
          });
        }
        if (t.name === "winner") {
          // The feeders follow the new winner: a chow from the new 上家, no self-feeding.
          melds().forEach(function (r) {
            if (r.kind.value === "chi") r.from.value = prev[t.value];
            else if (r.from.value === t.value) r.from.value = "";
          });
        }
        draw();
      }
    });

    // The preview answered: it is the form as it now is (hx-sync replaces older requests).
    document.body.addEventListener("htmx:afterSwap", function (event) {
      if (event.detail.target !== preview) return;
      if (pageTimer) {
        clearTimeout(pageTimer);
        pageTimer = setTimeout(drawPage, 0);
      }
      [preview, document.getElementById("dock-summary")].forEach(function (el) {
        if (!el) return;
        el.classList.remove("stale");
        el.removeAttribute("aria-busy");
      });
    });
    ["htmx:sendError", "htmx:responseError"].forEach(function (name) {
      document.body.addEventListener(name, function (event) {
        if (event.detail.elt !== form) return;
        var summary = document.getElementById("dock-summary");
        if (summary) summary.textContent = dock.dataset.offline || "";
      });
    });

    // The page keeps room for the dock, so nothing hides behind it.
    if (window.ResizeObserver) {
      new ResizeObserver(function () {
        document.documentElement.style.setProperty("--dock-h", dock.offsetHeight + "px");
      }).observe(dock);
    }

    dock.hidden = false;
    document.documentElement.classList.add("with-dock");
    if (scoped) {
      drawRound(null);
      if (!editing || faces("win_tile").length) collapse();
      else activate(firstOpen());
      return;
    }
    constrainOthers();
    var filled = faces("indicator").length && faces("win_tile").length;
    if (filled) collapse();
    else activate(firstOpen());
  }

  // -- 紅中's round (HZ12): how it ended decides what is asked --------------------------------
  // A self-draw has one winner and no discarder; a discard one or more winners (一炮多響) and a
  // discarder who is not one of them; a draw neither. Each chosen winner's block is shown.
  function roundShape(form) {
    var outcome = form.querySelector("input[name='outcome']:checked");
    var discarder = form.querySelector("input[name='discarder']:checked");
    return {
      outcome: outcome ? outcome.value : "self_draw",
      discarder: discarder ? discarder.value : "",
      winners: Array.prototype.map.call(
        form.querySelectorAll("input[name='winners']:checked"), function (box) { return box.value; }),
    };
  }

  function start() {
    document.querySelectorAll("[data-hand-form]").forEach(init);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
