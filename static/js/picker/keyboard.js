/* The keys: all faces nine to a row (and the flowers where the game has them), ⌫, and the button
 * that opens the keyboard. Taps fill the parts in the order a finished hand is read at the
 * table: indicator → melds → standing tiles → winning tile (→ birds). */
import { kongBack, kongFace } from "./kongs.js";
import { copies, counts, handMax, melds, removeMeld } from "./melds.js";
import { compact, isFlower } from "./tiles.js";

/** The part to fill first: the first one not yet full. */
export function firstOpen(ed) {
  if (ed.has("indicator") && !ed.faces("indicator").length) return "indicator";
  if (ed.faces("hand").length < handMax(ed)) return "hand";
  if (!ed.faces("win_tile").length) return "win_tile";
  return "hand";
}

export function drawKeys(ed) {
  // From the wall, or another player's kong (HZ5.3: never counted with the winner's tiles).
  const counted = ed.active !== "indicator" && ed.active !== "birds" && ed.active !== "kongs";
  const have = counts(ed);
  const flowers = ed.has("flowers") ? ed.faces("flowers") : [];
  ed.keys.forEach((key) => {
    const face = key.dataset.tile;
    // Each flower exists once (AJ1.3): one the winner has is not offered again.
    if (isFlower(face)) key.disabled = counted && flowers.indexOf(face) >= 0;
    else key.disabled = counted && (have[face] || 0) >= 4 &&
      !(ed.active === "win_tile" && ed.faces("win_tile")[0] === face);
  });
}

function add(ed, face) {
  if (ed.active === "kongs") return kongFace(ed, face);
  if (ed.scoped && !ed.editing) return; // choose a winner first
  if (!ed.active) ed.activate(firstOpen(ed));
  if (ed.active === "birds") {
    const shared = ed.shared[ed.scope + "birds"];
    delete ed.shared[ed.scope + "birds"];
    const birds = shared ? [] : ed.faces("birds");
    if (birds.length >= 12) return; // HZ8.2: at most bird_count + 4; the engine checks each
    birds.push(face);
    ed.last = null; // the meld bar acts on a tile just tapped into the hand, and this one is not
    ed.named("birds").value = compact(birds);
    ed.changed();
    return;
  }
  if (isFlower(face) && ed.active !== "indicator") {
    // A flower never stands in the hand: it goes to the winner's flowers, whatever part is
    // being filled (AJ1.3).
    const have = ed.faces("flowers");
    if (have.indexOf(face) >= 0) return;
    have.push(face);
    have.sort();
    ed.named("flowers").value = compact(have);
    ed.last = null;
    ed.changed();
    return;
  }
  if (ed.active === "flowers") ed.active = firstOpen(ed);
  if (ed.active === "indicator") {
    ed.named("indicator").value = face;
    ed.last = null;
    ed.active = ed.faces("hand").length < handMax(ed) ? "hand" : "win_tile";
    ed.changed();
    return;
  }
  if (copies(ed, face) >= 4 && !(ed.active === "win_tile" && ed.faces("win_tile")[0] === face)) return;
  if (ed.active === "hand") {
    const hand = ed.faces("hand");
    if (hand.length >= handMax(ed)) {
      ed.active = "win_tile";
    } else {
      hand.push(face);
      ed.named("hand").value = compact(hand);
      ed.last = face;
      if (hand.length >= handMax(ed) && !ed.faces("win_tile").length) ed.active = "win_tile";
      ed.changed();
      return;
    }
  }
  ed.named("win_tile").value = face;
  // The winning tile is never melded: the meld bar offers nothing, and a hint about the tile
  // tapped before it goes with it.
  ed.last = null;
  if (ed.has("birds")) ed.active = "birds"; // the birds are turned next
  ed.changed();
}

// ⌫ takes back the latest entry, reading the hand backwards from the part being filled.
function backspace(ed) {
  if (ed.active === "kongs") return kongBack(ed);
  if (ed.scoped && !ed.editing) return;
  const order = ed.parts.slice();
  order.splice(order.indexOf("hand"), 0, "melds"); // melds are entered before the standing tiles
  const from = order.indexOf(ed.active || "win_tile");
  for (let i = from; i >= 0; i--) {
    const part = order[i];
    if (part === "melds") {
      const all = melds(ed);
      if (all.length) {
        removeMeld(ed, all[all.length - 1].n);
        ed.active = "hand";
        ed.changed();
        return;
      }
      continue;
    }
    const list = ed.faces(part);
    delete ed.shared[ed.scope + part];
    if (list.length) {
      list.pop();
      ed.named(part).value = compact(list);
      if (part === "hand") ed.last = list.length ? list[list.length - 1] : null;
      ed.active = part;
      ed.changed();
      return;
    }
  }
}

export function wireKeys(ed) {
  ed.keys.forEach((key) => {
    key.addEventListener("click", () => add(ed, key.dataset.tile));
  });
  ed.dock.querySelector("[data-backspace]").addEventListener("click", () => backspace(ed));
  ed.dock.querySelector("[data-picker-open]").addEventListener("click", () => {
    if (ed.scoped && !ed.editing) {
      // No winner's hand to fill (a draw): the keyboard is for the others' kongs, if any.
      if (ed.kongBar) ed.activate("kongs");
      return;
    }
    ed.activate(firstOpen(ed));
  });
}
