/* The kongs of the players who did not win (紅中, HZ5.3), entered from the dock the way melds
 * are: the tray's 别家杠 part opens them; then the kong's tile, who made it (a seat button) and
 * what kind (明杠 with the seat that fed it, 补杠 or 暗杠). Each kong is written to the form's
 * rows kong_<n>_seat / _kind / _from / _tiles, which work without JS as selects and a text field.
 *
 * Present where the dock has [data-kong-bar]; a tap on a kong in the tray takes it out. */
import { compact, facesOf } from "./tiles.js";

const ROWS = 4; // HZ5.3: at most four kongs in a round

function field(ed, row, part) {
  return ed.form.querySelector("[name='kong_" + row + "_" + part + "']");
}

function rows(ed) {
  const out = [];
  for (let n = 1; n <= ROWS; n++) {
    const seat = field(ed, n, "seat");
    if (!seat) break;
    out.push({ n: n, seat: seat, kind: field(ed, n, "kind"), from: field(ed, n, "from"), tiles: field(ed, n, "tiles") });
  }
  return out;
}

function entered(ed) {
  return rows(ed).filter((r) => r.seat.value || r.kind.value);
}

function winners(ed) {
  return Array.from(ed.form.querySelectorAll("input[name='winners']:checked"), (box) => box.value);
}

/** True where this dock takes the others' kongs. */
export function hasKongs(ed) { return Boolean(ed.kongBar); }

export function wireKongs(ed) {
  const bar = ed.dock.querySelector("[data-kong-bar]");
  if (!bar) return;
  ed.kongBar = bar;
  ed.kong = { face: "", owner: "" };
  const part = ed.dock.querySelector("[data-tray-kongs]");
  ed.kongPart = part;
  part.addEventListener("click", (event) => {
    const tile = event.target.closest("[data-kong-row]");
    if (tile) {
      removeKong(ed, +tile.dataset.kongRow);
      ed.changed();
    }
    ed.activate("kongs");
  });
  bar.querySelectorAll("[data-kong-owner]").forEach((button) => {
    button.addEventListener("click", () => {
      if (!ed.kong.face) return;
      ed.kong.owner = button.dataset.kongOwner;
      ed.draw();
    });
  });
  bar.querySelectorAll("[data-kong-from]").forEach((button) => {
    button.addEventListener("click", () => writeKong(ed, "kong", button.dataset.kongFrom));
  });
  bar.querySelectorAll("[data-kong-kind]").forEach((button) => {
    button.addEventListener("click", () => writeKong(ed, button.dataset.kongKind, ""));
  });
}

/** A key tapped while the kongs are open: the kong's face. */
export function kongFace(ed, face) {
  if (face === ed.wild() || face[1] === "f") return; // HZ5.3: no wild (紅中) in a kong's tiles
  if (!rows(ed).some((r) => !r.seat.value && !r.kind.value)) return;
  ed.kong = { face: face, owner: "" };
  ed.draw();
}

/** ⌫ while the kongs are open: the kong being built first, then the last one entered. */
export function kongBack(ed) {
  if (ed.kong.owner) ed.kong.owner = "";
  else if (ed.kong.face) ed.kong.face = "";
  else {
    const all = entered(ed);
    if (!all.length) return;
    removeKong(ed, all[all.length - 1].n);
    ed.changed();
    return;
  }
  ed.draw();
}

function writeKong(ed, kind, feeder) {
  const { face, owner } = ed.kong;
  if (!face || !owner) return;
  const free = rows(ed).find((r) => !r.seat.value && !r.kind.value);
  if (!free) return;
  free.seat.value = owner;
  free.kind.value = kind;
  free.from.value = feeder;
  if (free.tiles) free.tiles.value = compact([face, face, face, face]);
  ed.kong = { face: "", owner: "" };
  ed.changed();
}

function removeKong(ed, n) {
  const all = rows(ed);
  // Later rows move up, so the rows stay contiguous.
  for (let k = n - 1; k < all.length - 1; k++) {
    ["seat", "kind", "from", "tiles"].forEach((part) => {
      if (all[k][part]) all[k][part].value = all[k + 1][part] ? all[k + 1][part].value : "";
    });
  }
  const end = all[all.length - 1];
  ["seat", "kind", "from", "tiles"].forEach((part) => { if (end[part]) end[part].value = ""; });
}

function seatWord(ed, seat) {
  const button = ed.kongBar.querySelector("[data-kong-owner='" + seat + "']");
  return button ? button.textContent.trim().split(" · ")[0] : seat;
}

export function drawKongs(ed) {
  if (!ed.kongBar) return;
  const open = ed.active === "kongs";
  ed.kongBar.hidden = !open;
  const meldbar = ed.dock.querySelector("[data-meldbar]");
  if (meldbar) meldbar.hidden = open;
  const part = ed.kongPart;
  part.classList.toggle("active", open);
  part.setAttribute("aria-pressed", open ? "true" : "false");
  const box = part.querySelector(".tray-tiles");
  box.innerHTML = "";
  entered(ed).forEach((r) => {
    const group = document.createElement("span");
    group.className = "tray-meld";
    group.dataset.kongRow = String(r.n);
    const face = r.tiles && facesOf(r.tiles.value)[0];
    if (face) group.appendChild(ed.mini(face));
    const who = document.createElement("span");
    who.className = "tray-from";
    const kind = r.kind.options[r.kind.selectedIndex];
    who.textContent = seatWord(ed, r.seat.value);
    group.setAttribute("role", "img");
    group.setAttribute("aria-label", seatWord(ed, r.seat.value) + " " + (kind ? kind.text : ""));
    group.appendChild(who);
    box.appendChild(group);
  });
  if (!open) return;
  const { face, owner } = ed.kong;
  const room = rows(ed).some((r) => !r.seat.value && !r.kind.value);
  const hint = ed.kongBar.querySelector("[data-kong-hint]");
  hint.textContent = !room ? hint.dataset.full : !face ? hint.dataset.tapTile
    : !owner ? hint.dataset.owner : hint.dataset.kind;
  if (face) {
    hint.appendChild(document.createTextNode(" "));
    hint.appendChild(ed.mini(face));
  }
  const won = winners(ed);
  ed.kongBar.querySelectorAll("[data-kong-owner]").forEach((button) => {
    const seat = button.dataset.kongOwner;
    // A winner's kongs are its melds (HZ5.3).
    button.disabled = !face || won.indexOf(seat) >= 0;
    button.setAttribute("aria-pressed", seat === owner ? "true" : "false");
  });
  ed.kongBar.querySelectorAll("[data-kong-from]").forEach((button) => {
    button.hidden = button.dataset.kongFrom === owner; // a player never feeds themselves
    button.disabled = !owner;
  });
  ed.kongBar.querySelectorAll("[data-kong-kind]").forEach((button) => {
    button.disabled = !owner;
  });
}
