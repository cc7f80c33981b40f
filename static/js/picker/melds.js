/* Melds: the rows meld_1 … meld_4 (kind, tiles, from) of the winner being entered, the meld bar
 * that makes one from the tile just tapped (one tap on a chow, fed by the 上家, R5.2; on the seat
 * that fed a pung or kong; on 暗杠), the melds listed on the page, and the other seats' melds. */
import { MELD_ROWS, SET_KINDS, SIZE, chowOptions, compact, facesOf } from "./tiles.js";

export function row(ed, n) {
  return {
    n: n,
    kind: ed.named("meld_" + n + "_kind"),
    tiles: ed.named("meld_" + n + "_tiles"),
    from: ed.named("meld_" + n + "_from"),
  };
}

export function melds(ed) {
  const out = [];
  for (let n = 1; n <= MELD_ROWS; n++) {
    const r = row(ed, n);
    if (r.kind && (r.kind.value || r.tiles.value)) out.push(r); // no rows: no winner chosen
  }
  return out;
}

function freeRow(ed) {
  for (let n = 1; n <= MELD_ROWS; n++) {
    const r = row(ed, n);
    if (r.kind && !r.kind.value && !r.tiles.value) return r;
  }
  return null;
}

export function removeMeld(ed, n) {
  // Later rows move up, so the rows stay contiguous.
  for (let k = n; k < MELD_ROWS; k++) {
    const here = row(ed, k), below = row(ed, k + 1);
    here.kind.value = below.kind.value;
    here.tiles.value = below.tiles.value;
    here.from.value = below.from.value;
  }
  const end = row(ed, MELD_ROWS);
  end.kind.value = end.tiles.value = end.from.value = "";
}

// R5.5: standing tiles + the winning tile + 3 × melds = 14, so 13 − 3 × melds stand.
export function handMax(ed) { return Math.max(1, 13 - 3 * melds(ed).length); }

// No face beyond four copies among the winner's tiles (R11 E_TOO_MANY_COPIES); the indicator is
// turned up from the wall and is not part of the hand.
export function counts(ed) {
  const n = {};
  let all = ed.faces("hand").concat(ed.faces("win_tile"));
  melds(ed).forEach((r) => { all = all.concat(facesOf(r.tiles.value)); });
  all.forEach((x) => { n[x] = (n[x] || 0) + 1; });
  return n;
}

export function copies(ed, face) { return counts(ed)[face] || 0; }

// Room for the meld's tiles once the tapped tile leaves the hand for it.
function fits(ed, tiles) {
  const need = {};
  tiles.forEach((f) => { need[f] = (need[f] || 0) + 1; });
  return Object.keys(need).every((f) => copies(ed, f) - (f === ed.last ? 1 : 0) + need[f] <= 4);
}

function makeMeld(ed, kind, tiles, feeder) {
  const target = freeRow(ed);
  const hand = ed.faces("hand");
  const at = hand.lastIndexOf(ed.last);
  if (!target || at < 0) return;
  hand.splice(at, 1);
  ed.named("hand").value = compact(hand);
  target.kind.value = kind;
  target.tiles.value = compact(tiles);
  target.from.value = feeder || "";
  ed.last = null;
  ed.setKind = "pung";
  ed.active = ed.faces("hand").length < handMax(ed) || ed.faces("win_tile").length ? "hand" : "win_tile";
  ed.changed();
}

// -- standing sets in two taps: a tile, then 顺 or 刻 --------------------------------------
/** The two tiles that make a run up from ``face`` or a triplet of it; null where none can. */
function standingSet(face, kind) {
  if (!face) return null;
  if (kind === "triplet") return [face, face];
  const rank = +face[0], suit = face[1];
  if (suit === "z" || suit === "f" || rank > 7) return null;
  return [rank + 1 + suit, rank + 2 + suit];
}

// No face beyond four copies among the winner's tiles (R11 E_TOO_MANY_COPIES).
function fitsStanding(ed, tiles) {
  const need = {};
  tiles.forEach((f) => { need[f] = (need[f] || 0) + 1; });
  return Object.keys(need).every((f) => copies(ed, f) + need[f] <= 4);
}

function addStandingSet(ed, kind) {
  const hand = ed.faces("hand");
  const face = ed.last && hand.lastIndexOf(ed.last) >= 0 ? ed.last : null;
  const tiles = standingSet(face, kind);
  if (!tiles || hand.length + 2 > handMax(ed) || !fitsStanding(ed, tiles)) return;
  ed.named("hand").value = compact(hand.concat(tiles));
  ed.last = null;
  ed.active = ed.faces("hand").length < handMax(ed) || ed.faces("win_tile").length ? "hand" : "win_tile";
  ed.changed();
}

function meldLabel(r) {
  const kind = r.kind.options[r.kind.selectedIndex];
  const from = r.from.value ? r.from.options[r.from.selectedIndex].text : "";
  return (kind ? kind.text : "") + (from ? " ← " + from : "");
}

// -- the meld bar ----------------------------------------------------------------------------
export function wireMeldBar(ed) {
  const dock = ed.dock;
  const bar = ed.bar = {
    hint: dock.querySelector("[data-meld-hint]"),
    chows: dock.querySelector("[data-chows]"),
    kind: dock.querySelector("[data-set-kind]"),
    feeders: Array.from(dock.querySelectorAll("[data-feeder]")),
    concealed: dock.querySelector("[data-concealed-kong]"),
    tapped: dock.querySelector("[data-tapped]"),
    standingSets: Array.from(dock.querySelectorAll("[data-concealed-set]")),
  };
  bar.standingSets.forEach((button) => {
    button.addEventListener("click", () => addStandingSet(ed, button.dataset.concealedSet));
  });
  bar.kind.addEventListener("click", () => {
    ed.setKind = SET_KINDS[(SET_KINDS.indexOf(ed.setKind) + 1) % SET_KINDS.length];
    drawMeldBar(ed);
  });
  bar.feeders.forEach((button) => {
    button.addEventListener("click", () => {
      makeMeld(ed, ed.setKind, Array(SIZE[ed.setKind]).fill(ed.last), button.dataset.feeder);
    });
  });
  bar.concealed.addEventListener("click", () => {
    makeMeld(ed, "concealed_kong", Array(4).fill(ed.last), "");
  });
}

export function drawMeldBar(ed) {
  const bar = ed.bar;
  const who = ed.winner();
  const room = Boolean(freeRow(ed));
  const face = ed.last && ed.faces("hand").indexOf(ed.last) >= 0 ? ed.last : null;
  const wild = ed.wild();
  const isWild = Boolean(face) && face === wild;
  const daque = ed.ruleset() === "anqing-daque";
  bar.chows.innerHTML = "";
  const hint = bar.hint.dataset;
  bar.hint.textContent = !who ? hint.noWinner : !face ? hint.tapTile : !room ? hint.full
    : isWild ? hint.wild : hint.ready;
  // R3 打缺 has no chows; some games have none at all (HZ3.1).
  if (face && who && room && !isWild && face[1] !== "z" && !daque && ed.chows) {
    const feeder = ed.prev[who];
    chowOptions(face).forEach((tiles) => {
      const option = document.createElement("button");
      option.type = "button";
      option.className = "chow";
      option.dataset.chow = compact(tiles);
      option.setAttribute("aria-label", bar.chows.dataset.label + " " +
        tiles.map((f) => ed.keyFor(f).getAttribute("aria-label")).join(" "));
      tiles.forEach((f) => option.appendChild(ed.mini(f)));
      // R4.2 / R5.4: a chow holds natural tiles only.
      option.disabled = tiles.indexOf(wild) >= 0 || !fits(ed, tiles);
      option.addEventListener("click", () => makeMeld(ed, "chi", tiles, feeder));
      bar.chows.appendChild(option);
    });
  }
  // The row of what the tile just tapped can become: chows, or a run or triplet standing.
  bar.tapped.hidden = !face || !who;
  bar.standingSets.forEach((button) => {
    const tiles = standingSet(face, button.dataset.concealedSet);
    button.disabled = !tiles || ed.faces("hand").length + 2 > handMax(ed) || !fitsStanding(ed, tiles);
  });
  bar.kind.dataset.setKind = ed.setKind;
  bar.kind.textContent = bar.kind.getAttribute("data-label-" + ed.setKind) || ed.setKind;
  const setTiles = face ? Array(SIZE[ed.setKind]).fill(face) : [];
  bar.feeders.forEach((button) => {
    const seat = button.dataset.feeder;
    button.hidden = seat === who; // a player never feeds themselves
    button.disabled = !face || !who || !room || isWild || !fits(ed, setTiles);
  });
  bar.kind.disabled = !face || !who || !room || isWild;
  // A wild sits in a concealed kong only where the game allows it (R4.2 yes; AJ4.3, HZ4.2 no).
  bar.concealed.disabled = !face || !who || !room || !fits(ed, Array(4).fill(face)) ||
    (isWild && !ed.wildMayBe("concealed_kong"));
}

// -- the melds listed on the page (a tap takes one out) --------------------------------------
export function drawMeldList(ed) {
  const meldList = ed.scopeEl().querySelector("[data-meld-list]");
  if (!meldList) return;
  const prefix = ed.scope;
  meldList.innerHTML = "";
  melds(ed).forEach((r) => {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = "meld-chip";
    chip.dataset.meldChip = String(r.n);
    chip.setAttribute("aria-label", meldLabel(r) + " · " + meldList.dataset.removeLabel);
    const tiles = document.createElement("span");
    tiles.className = "tile-row";
    facesOf(r.tiles.value).forEach((face) => tiles.appendChild(ed.mini(face)));
    const text = document.createElement("span");
    text.className = "meld-chip-text";
    text.textContent = meldLabel(r);
    const cross = document.createElement("span");
    cross.className = "meld-chip-x";
    cross.setAttribute("aria-hidden", "true");
    cross.textContent = "×";
    chip.appendChild(tiles);
    chip.appendChild(text);
    chip.appendChild(cross);
    chip.addEventListener("click", () => {
      ed.editing = ed.scope = prefix;
      removeMeld(ed, r.n);
      ed.changed();
    });
    meldList.appendChild(chip);
  });
}

// -- a new winner or ruleset -----------------------------------------------------------------
export function followTable(ed, changedInput) {
  if (changedInput.name === "ruleset" && ed.ruleset() === "anqing-daque") {
    // R3 打缺: no chows; a chow already entered is dropped.
    melds(ed).slice().reverse().forEach((r) => {
      if (r.kind.value === "chi") removeMeld(ed, r.n);
    });
  }
  if (changedInput.name === "winner") {
    // The feeders follow the new winner: a chow from the new 上家, no self-feeding.
    melds(ed).forEach((r) => {
      if (r.kind.value === "chi") r.from.value = ed.prev[changedInput.value];
      else if (r.from.value === changedInput.value) r.from.value = "";
    });
  }
}

// -- other seats' melds (for 反包, R10.3): the rare selects under "more" ----------------------
export function constrainOthers(ed) {
  const who = ed.winner();
  const daque = ed.ruleset() === "anqing-daque";
  ed.form.querySelectorAll("[data-other-seat]").forEach((block) => {
    const seat = block.dataset.otherSeat;
    const mine = seat === who;
    block.hidden = mine;
    block.querySelectorAll("select").forEach((s) => { s.disabled = mine; });
    if (mine) return;
    block.querySelectorAll("select[name$='_kind']").forEach((kind) => {
      Array.prototype.forEach.call(kind.options, (o) => {
        if (o.value === "chi") o.disabled = daque;
      });
      if (daque && kind.value === "chi") kind.value = "";
    });
    block.querySelectorAll("select[name$='_from']").forEach((from) => {
      Array.prototype.forEach.call(from.options, (o) => {
        o.disabled = o.value === seat; // a player never feeds themselves
      });
      if (from.value === seat) from.value = "";
    });
  });
}
