/* One hand form and its dock, as the other modules see them: the fields (the single source of
 * truth), where the keyboard is (which part, which winner's block), and what the game is as the
 * page says it. The game is never named here: the dock's data attributes carry what differs.
 *
 *   data-specials      JSON: indicator face → {wild, stand_ins, bar_tiles} for every face that
 *                      can be turned up; "" for a game whose wild is fixed (nothing turned up).
 *   data-no-chows      present where no chow may be claimed.
 *   data-winner-blocks present where the form has one block of fields per winner (their names
 *                      carry the block's prefix, "w_E_hand"); see round.js.
 *   data-seats         the seats in play, in order of play.
 * The meld hint's data-wild-melds, beside the words that say so: the meld kinds a wild may sit
 * in (space-separated; none: empty). The tray's parts (data-tray-field) name the parts of a hand
 * being entered, in order.
 */
import { facesOf, previousSeats } from "./tiles.js";

export class Editor {
  constructor(form, dock) {
    this.form = form;
    this.dock = dock;
    this.keys = Array.from(dock.querySelectorAll(".keys [data-tile]"));
    this.tray = dock.querySelector("[data-tray]");
    this.preview = document.getElementById("preview");

    this.specials = JSON.parse(dock.dataset.specials || "{}");
    const hint = dock.querySelector("[data-meld-hint]");
    this.wildMelds = ((hint && hint.dataset.wildMelds) || "").split(/\s+/).filter(Boolean);
    this.chows = !dock.hasAttribute("data-no-chows");
    this.scoped = dock.hasAttribute("data-winner-blocks");
    this.prev = previousSeats(dock.dataset.seats || "ESWN");
    // e.g. indicator, hand, win_tile (and the winner's flowers, AJ1.3); or hand, win_tile, birds.
    this.parts = Array.from(this.tray.querySelectorAll("[data-tray-field]"),
      (part) => part.dataset.trayField);

    // With winner blocks: ``editing`` is the prefix of the winner being entered, ``scope`` the
    // one being read or drawn (the same, except while every block is redrawn).
    this.editing = "";
    this.scope = "";
    this.fields = {};     // the page's tile fields by input name: {el, strip, counter}
    this.active = null;   // the part being filled: "indicator", "hand", "win_tile", …
    this.last = null;     // the face last tapped into the hand: what the meld bar acts on
    this.setKind = "pung";
    this.shared = {};     // fields filled from another winner's (round.js): replaced, not added to
    this.pageTimer = 0;
    this.inputs = {};
    this.minis = {};

    // Given by main.js.
    this.changed = () => {};
    this.draw = () => {};
    this.drawPage = () => {};
    this.activate = () => {};
    this.collapse = () => {};
  }

  has(part) { return this.parts.indexOf(part) >= 0; }

  scopeEl() {
    return this.scope ? this.form.querySelector("[data-scope='" + this.scope + "']") : this.form;
  }

  named(name) {
    const full = this.scope + name;
    return this.inputs[full] || (this.inputs[full] = this.form.querySelector("[name='" + full + "']"));
  }

  // A form of winner blocks before any winner is chosen (or on a draw) has no field being
  // entered: nothing is built yet, and the dock is drawn empty.
  faces(name) {
    const field = this.named(name);
    return field ? facesOf(field.value) : [];
  }

  keyFor(face) {
    return this.keys.find((key) => key.dataset.tile === face) || null;
  }

  /** A small drawn tile, copied from one made per face out of its key. */
  mini(face, extra) {
    if (!this.minis[face]) {
      const key = this.keyFor(face);
      const made = document.createElement("span");
      made.className = (key ? key.className : "tile") + " tile-mini";
      Array.prototype.forEach.call(key ? key.childNodes : [], (child) => {
        made.appendChild(child.cloneNode(true));
      });
      made.dataset.tile = face;
      made.setAttribute("role", "img");
      made.setAttribute("aria-label", key ? key.getAttribute("aria-label") : face);
      this.minis[face] = made;
    }
    const tile = this.minis[face].cloneNode(true);
    if (extra) tile.classList.add(extra);
    return tile;
  }

  // -- the table: who won, which ruleset, which tile is wild ---------------------------------
  winner() {
    if (this.scoped) return this.editing ? this.editing.charAt(2) : "";
    const checked = this.form.querySelector("input[name='winner']:checked");
    return checked ? checked.value : "";
  }

  ruleset() {
    const select = this.form.querySelector("select[data-ruleset]");
    return select ? select.value : this.form.dataset.ruleset || "anqing";
  }

  /** The wild face the page gives for the indicator turned up (or the game's fixed one), "" if
   * none. */
  wild() {
    const indicator = this.has("indicator") ? this.faces("indicator")[0] || "" : "";
    const found = this.specials[indicator];
    return (found && found.wild) || "";
  }

  wildMayBe(kind) { return this.wildMelds.indexOf(kind) >= 0; }
}
