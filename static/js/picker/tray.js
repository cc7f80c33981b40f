/* The tray right above the keys: the hand being built, part by part (the indicator and the wild it
 * makes, the melds, the standing tiles with their count, the winning tile, …; where a round has
 * several winners, round.js draws whose hand it is). A tap on a tile in
 * the tray takes that tile out; a tap elsewhere on a part fills it next. */
import { handMax, melds } from "./melds.js";
import { compact, facesOf } from "./tiles.js";

export function drawTray(ed) {
  const tray = ed.tray;
  const wild = ed.wild();
  ed.parts.forEach((name) => {
    const part = tray.querySelector("[data-tray-field='" + name + "']");
    const box = part.querySelector(".tray-tiles");
    box.innerHTML = "";
    ed.faces(name).forEach((face, i, all) => {
      const extra = name === "hand" && face === ed.last && i === all.lastIndexOf(ed.last) ? "tile-last" : "";
      box.appendChild(ed.mini(face, extra));
    });
    if (name === "indicator" && wild) {
      const arrow = document.createElement("span");
      arrow.className = "tray-arrow";
      arrow.textContent = "→";
      box.appendChild(arrow);
      box.appendChild(ed.mini(wild, "tile-wild"));
    }
    part.hidden = Boolean(ed.scoped) && !ed.editing; // no winner's hand to fill (a draw)
    part.classList.toggle("active", ed.active === name);
    part.setAttribute("aria-pressed", ed.active === name ? "true" : "false");
    const count = part.querySelector(".tray-count");
    if (count) {
      const have = ed.faces("hand").length, max = handMax(ed);
      count.textContent = have + "/" + max;
      count.classList.toggle("over", have > max);
    }
  });
}

export function drawTrayMelds(ed) {
  const trayMelds = ed.tray.querySelector("[data-tray-melds]");
  trayMelds.innerHTML = "";
  melds(ed).forEach((r) => {
    const group = document.createElement("span");
    group.className = "tray-meld";
    facesOf(r.tiles.value).forEach((face) => group.appendChild(ed.mini(face)));
    if (r.from.value) {
      const who = document.createElement("span");
      who.className = "tray-from";
      who.textContent = r.from.options[r.from.selectedIndex].text.split(" ")[0];
      group.appendChild(who);
    }
    trayMelds.appendChild(group);
  });
}

export function wireTray(ed) {
  ed.tray.querySelectorAll("[data-tray-field]").forEach((part) => {
    part.addEventListener("click", (event) => {
      const name = part.dataset.trayField;
      const tile = event.target.closest(".tray-tiles [data-tile]:not(.tile-wild)");
      if (tile) {
        const now = ed.faces(name);
        const at = Array.prototype.indexOf.call(
          part.querySelectorAll(".tray-tiles [data-tile]:not(.tile-wild)"), tile);
        if (at >= 0) {
          now.splice(at, 1);
          ed.named(name).value = compact(now);
          // The tile just tapped taken out: the meld bar's offer and hint for it go too.
          if (name === "hand" && tile.dataset.tile === ed.last) ed.last = null;
          ed.active = name;
          ed.changed();
          return;
        }
      }
      ed.activate(name);
    });
  });
  ed.dock.querySelector("[data-picker-close]").addEventListener("click", () => ed.collapse());
}
