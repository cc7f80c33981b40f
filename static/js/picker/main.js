/* The hand editor's docked tile keyboard: progressive enhancement of plain form fields.
 *
 * Without JS every tile field is a text input in compact notation ("234m55z") and each meld a row
 * of selects. With JS a keyboard of all faces is docked at the bottom of the screen, with the
 * hand being built drawn right above it and the score (or what is missing) beside the confirm
 * button. The form's inputs stay the single source of truth: every change is written to them.
 *
 * One module per concern: editor.js (the form and what the page says of the game), keyboard.js,
 * tray.js, fields.js (the page's own tile fields), melds.js, kongs.js (the others' kongs of a
 * round), preview.js, round.js (a round with several winners), tiles.js (notation). This one wires them and decides when to draw.
 */
import { Editor } from "./editor.js";
import { wireFields, drawStrip } from "./fields.js";
import { drawKeys, firstOpen, wireKeys } from "./keyboard.js";
import { constrainOthers, drawMeldBar, drawMeldList, followTable, wireMeldBar } from "./melds.js";
import { announce, listenToPreview, markStale } from "./preview.js";
import { drawKongs, wireKongs } from "./kongs.js";
import { ROUND_FIELDS, drawRound, drawWinnerChips, wireWinnerChips } from "./round.js";
import { drawTray, drawTrayMelds, wireTray } from "./tray.js";

document.documentElement.classList.add("js");

// Every winner's block, or the one form.
function eachScope(ed, draw) {
  if (!ed.scoped) return draw();
  const was = ed.scope;
  ed.form.querySelectorAll("[data-scope]").forEach((block) => {
    ed.scope = block.dataset.scope;
    draw();
  });
  ed.scope = was;
}

function init(form) {
  const dock = form.querySelector("[data-picker]");
  if (!dock) return;
  const ed = new Editor(form, dock);

  // The dock is drawn at once; while it is open the fields on the page behind it are redrawn
  // after the preview has answered, so they never hold up the preview on a slow phone.
  ed.drawPage = () => {
    clearTimeout(ed.pageTimer);
    ed.pageTimer = 0;
    eachScope(ed, () => {
      ed.parts.forEach((name) => drawStrip(ed, name));
      drawMeldList(ed);
    });
  };
  ed.draw = () => {
    drawTray(ed);
    drawTrayMelds(ed);
    drawMeldBar(ed);
    drawKeys(ed);
    drawKongs(ed);
    drawWinnerChips(ed);
    if (!ed.active) ed.drawPage();
    else {
      clearTimeout(ed.pageTimer);
      ed.pageTimer = setTimeout(ed.drawPage, 400);
    }
  };
  // The request leaves first, the drawing follows while the server scores.
  ed.changed = () => {
    announce(ed);
    ed.draw();
  };
  ed.activate = (name) => {
    ed.active = name;
    dock.classList.remove("collapsed");
    document.documentElement.classList.add("dock-open");
    ed.draw();
  };
  ed.collapse = () => {
    ed.active = null;
    dock.classList.add("collapsed");
    document.documentElement.classList.remove("dock-open");
    ed.draw();
  };

  const waitsForWinner = form.hasAttribute("data-keyboard-after-winner");
  wireSteppers(form);
  wireFields(ed);
  if (!ed.scoped) {
    // The tray's parts are the form's tile fields, whichever the game declares (an indicator
    // or none, flowers or none): a part without its field is left out, not the keyboard.
    ed.parts = ed.parts.filter((name) => ed.fields[name]);
    ed.tray.querySelectorAll("[data-tray-field]").forEach((part) => {
      if (!ed.has(part.dataset.trayField)) part.hidden = true;
    });
    if (!ed.parts.length) return;
  }
  form.querySelectorAll("[data-meld-list]").forEach((list) => { list.hidden = false; });
  form.classList.add("has-dock");

  wireKeys(ed);
  wireTray(ed);
  wireMeldBar(ed);
  wireKongs(ed);
  wireWinnerChips(ed);
  form.addEventListener("change", (event) => {
    const t = event.target;
    markStale();
    if (ed.scoped && ROUND_FIELDS.indexOf(t.name) >= 0) {
      drawRound(ed, t);
      return;
    }
    if (t.name === "discarder") {
      ed.draw();
      return;
    }
    if (t.name === "winner" || t.name === "ruleset") {
      constrainOthers(ed);
      followTable(ed, t);
      // The calculator opens the keyboard once the winner is chosen (the table's settings
      // above it stay within reach until then).
      if (t.name === "winner" && waitsForWinner && !ed.active) ed.activate(firstOpen(ed));
      else ed.draw();
    }
  });
  listenToPreview(ed);
  // A control of the page taken up next (a select, a number, a check box): the keyboard folds
  // away so nothing it would cover is hidden. The tile fields' own inputs never take focus.
  form.addEventListener("focusin", (event) => {
    const t = event.target;
    if (!ed.active || dock.contains(t) || !t.matches("select, input, textarea")) return;
    if (t.matches("input[type=radio], input[type=hidden], input[name=winners], .tiles-input")) return;
    ed.collapse();
  });

  // 更多 opened while the keyboard is open: its options come up above the keyboard (to the top
  // of the screen), so they are reached without folding it. Only a tap scrolls: a correction's
  // 更多 drawn open does not move the page.
  form.querySelectorAll("details.more").forEach((more) => {
    const summary = more.querySelector("summary");
    if (!summary) return;
    summary.addEventListener("click", () => {
      more.addEventListener("toggle", () => {
        if (more.open && !dock.classList.contains("collapsed")) more.scrollIntoView({ block: "start" });
      }, { once: true });
    });
  });

  // The page keeps room for the dock, so nothing hides behind it.
  if (window.ResizeObserver) {
    new ResizeObserver(() => {
      document.documentElement.style.setProperty("--dock-h", dock.offsetHeight + "px");
    }).observe(dock);
  }

  dock.hidden = false;
  document.documentElement.classList.add("with-dock");
  if (ed.scoped) {
    drawRound(ed, null);
    if (!ed.editing || ed.faces("win_tile").length) ed.collapse();
    else ed.activate(firstOpen(ed));
    return;
  }
  constrainOthers(ed);
  const filled = (!ed.has("indicator") || ed.faces("indicator").length) && ed.faces("win_tile").length;
  if (filled || (waitsForWinner && !ed.winner())) ed.collapse();
  else ed.activate(firstOpen(ed));
}

/** − and + beside a number field (the calculator's 连庄): one tap a step, within its bounds. */
function wireSteppers(form) {
  form.querySelectorAll("[data-step]").forEach((button) => {
    const input = document.getElementById(button.dataset.stepFor);
    if (!input) return;
    button.addEventListener("click", () => {
      const low = input.min === "" ? -Infinity : +input.min;
      const high = input.max === "" ? Infinity : +input.max;
      const now = parseInt(input.value, 10) || 0;
      const next = Math.min(high, Math.max(low, now + (+button.dataset.step)));
      if (next === now && input.value !== "") return;
      input.value = String(next);
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
  });
}

// A module runs once the page is parsed (and after once.js, which comes first in base.html).
document.querySelectorAll("[data-hand-form]").forEach(init);
