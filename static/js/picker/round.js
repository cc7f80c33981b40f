/* The round shape of a game with several winners (紅中, HZ12): how the round ended decides what
 * is asked. A self-draw has one winner and no discarder; a discard one or more winners (一炮多響)
 * and a discarder who is not one of them; a draw neither. Each chosen winner's block of fields
 * is shown, and the keyboard fills one of them at a time. */
import { firstOpen } from "./keyboard.js";

export const ROUND_FIELDS = ["outcome", "winners", "discarder"];

export function roundShape(form) {
  const outcome = form.querySelector("input[name='outcome']:checked");
  const discarder = form.querySelector("input[name='discarder']:checked");
  return {
    outcome: outcome ? outcome.value : "self_draw",
    discarder: discarder ? discarder.value : "",
    winners: Array.from(form.querySelectorAll("input[name='winners']:checked"), (box) => box.value),
  };
}

function check(form, name, value) {
  const input = form.querySelector("input[name='" + name + "'][value='" + value + "']");
  if (input) input.checked = true;
}

/** A winner just added on a discard starts with what the others share: the discarded tile
 * (HZ12.2: every winner of one discard won on it) and the birds when the table turned them once
 * for everyone (HZ8.1) — both drawn in the tray and changed with a tap like any other tile. */
function shareWithNewWinner(ed, seat, shape) {
  if (shape.outcome !== "discard") return;
  const others = shape.winners.filter((s) => s !== seat);
  ["win_tile", "birds"].forEach((part) => {
    const mine = ed.form.querySelector("[name='w_" + seat + "_" + part + "']");
    if (!mine || mine.value) return;
    const from = others
      .map((s) => ed.form.querySelector("[name='w_" + s + "_" + part + "']"))
      .find((input) => input && input.value);
    if (!from) return;
    mine.value = from.value;
    // Provisional: the first tile tapped into this part starts it anew (keyboard.js).
    ed.shared[mine.name] = true;
  });
}

/** The dock's winner chips: who is being entered, who else won, who cannot (the discarder). */
export function drawWinnerChips(ed) {
  if (!ed.scoped) {
    // One winner, the form's own radio buttons (Anqing, Anji).
    const who = ed.winner();
    ed.dock.querySelectorAll("[data-dock-winner]").forEach((chip) => {
      chip.setAttribute("aria-pressed", chip.dataset.dockWinner === who ? "true" : "false");
      chip.classList.toggle("editing", chip.dataset.dockWinner === who);
    });
    // Who discarded, where the form asks: chosen, and never the winner.
    const from = discarder(ed.form);
    ed.dock.querySelectorAll("[data-dock-discarder]").forEach((chip) => {
      const seat = chip.dataset.dockDiscarder;
      chip.setAttribute("aria-pressed", seat === from ? "true" : "false");
      chip.classList.toggle("editing", seat === from);
      chip.disabled = seat === who;
    });
    return;
  }
  const shape = roundShape(ed.form);
  const editing = ed.editing ? ed.editing.charAt(2) : "";
  ed.dock.querySelectorAll("[data-dock-winner]").forEach((chip) => {
    const seat = chip.dataset.dockWinner;
    const won = shape.outcome !== "draw" && shape.winners.indexOf(seat) >= 0;
    chip.setAttribute("aria-pressed", won ? "true" : "false");
    chip.classList.toggle("editing", seat === editing);
    chip.disabled = shape.outcome === "discard" && seat === shape.discarder;
  });
}

/** The discarder the form holds (its radio buttons or its select), "" for none. */
function discarder(form) {
  const field = form.querySelector("[name='discarder']");
  if (!field) return "";
  if (field.tagName === "SELECT") return field.value;
  const checked = form.querySelector("input[name='discarder']:checked");
  return checked ? checked.value : "";
}

/** A tap on a discarder chip: that seat discarded the winning tile; a second tap, nobody did
 * (a self-draw). Written to the form's own field, radio buttons or a select. */
function wireDiscarderChips(ed) {
  ed.dock.querySelectorAll("[data-dock-discarder]").forEach((chip) => {
    chip.addEventListener("click", () => {
      const seat = chip.dataset.dockDiscarder;
      const form = ed.form;
      const chosen = discarder(form) === seat ? "" : seat;
      const field = form.querySelector("[name='discarder']");
      if (!field) return;
      if (field.tagName === "SELECT") {
        field.value = chosen;
        field.dispatchEvent(new Event("change", { bubbles: true }));
        return;
      }
      form.querySelectorAll("input[name='discarder']").forEach((radio) => {
        radio.checked = radio.value === chosen;
      });
      const changed = form.querySelector("input[name='discarder'][value='" + seat + "']");
      changed.dispatchEvent(new Event("change", { bubbles: true }));
    });
  });
}

/** A tap on a winner chip: that seat's hand is filled next, made a winner if it was not. */
export function wireWinnerChips(ed) {
  if (!ed.scoped) wireDiscarderChips(ed);
  ed.dock.querySelectorAll("[data-dock-winner]").forEach((chip) => {
    chip.addEventListener("click", () => {
      const seat = chip.dataset.dockWinner;
      const form = ed.form;
      if (!ed.scoped) {
        const radio = form.querySelector("input[name='winner'][value='" + seat + "']");
        if (!radio || radio.checked) return;
        radio.checked = true;
        radio.dispatchEvent(new Event("change", { bubbles: true }));
        return;
      }
      const box = form.querySelector("input[name='winners'][value='" + seat + "']");
      if (!box || box.disabled) return;
      if (roundShape(form).outcome === "draw") {
        check(form, "outcome", "self_draw");
        drawRound(ed, form.querySelector("input[name='outcome']:checked"));
      }
      if (!box.checked) {
        box.checked = true;
        box.dispatchEvent(new Event("change", { bubbles: true }));
        return;
      }
      ed.editing = ed.scope = "w_" + seat + "_";
      ed.activate(firstOpen(ed));
    });
  });
}

/** ``changedInput``: the field just changed (null when the page is drawn first). */
export function drawRound(ed, changedInput) {
  const form = ed.form;
  if (changedInput && changedInput.name === "discarder" && changedInput.checked) {
    // Choosing who discarded says the round was won on a discard: one tap for both.
    check(form, "outcome", "discard");
  }
  if (changedInput && changedInput.name === "outcome" && changedInput.value !== "discard") {
    form.querySelectorAll("input[name='discarder']:checked").forEach((box) => { box.checked = false; });
  }
  let shape = roundShape(form);
  // A winner just chosen (asked anew: the box may be unchecked on the way).
  const chosen = () => Boolean(changedInput) && changedInput.name === "winners" && changedInput.checked;
  if (chosen() && shape.outcome === "self_draw") {
    // 自摸 has one winner: choosing another seat moves the choice.
    form.querySelectorAll("input[name='winners']:checked").forEach((box) => {
      if (box !== changedInput) box.checked = false;
    });
    shape = roundShape(form);
  }
  if (changedInput && changedInput.name === "outcome" && shape.outcome === "self_draw" &&
      shape.winners.length > 1) {
    form.querySelectorAll("input[name='winners']:checked").forEach((box, i) => {
      if (i > 0) box.checked = false;
    });
    shape = roundShape(form);
  }
  form.querySelectorAll("[data-when]").forEach((el) => {
    const when = el.dataset.when;
    el.hidden = when === "discard" ? shape.outcome !== "discard"
      : when === "win" ? shape.outcome === "draw" : false;
  });
  form.querySelectorAll("input[name='winners']").forEach((box) => {
    // The discarder is not one of the winners (HZ9.2).
    const theirs = shape.outcome === "discard" && box.value === shape.discarder;
    box.disabled = theirs;
    if (theirs) box.checked = false;
  });
  shape = roundShape(form);
  const shown = shape.outcome === "draw" ? [] : shape.winners;
  form.querySelectorAll("[data-winner-block]").forEach((block) => {
    block.hidden = shown.indexOf(block.dataset.winnerBlock) < 0;
  });
  const seat = ed.editing ? ed.editing.charAt(2) : "";
  if (shown.indexOf(seat) < 0) {
    const newest = chosen() ? changedInput.value : shown[0];
    ed.editing = ed.scope = newest ? "w_" + newest + "_" : "";
  } else if (chosen()) {
    ed.editing = ed.scope = "w_" + changedInput.value + "_";
  }
  if (chosen()) shareWithNewWinner(ed, changedInput.value, shape);
  ed.scope = ed.editing;
  if (!changedInput) return;
  if (ed.editing && changedInput.name === "winners") ed.activate(firstOpen(ed));
  else if (!ed.editing) ed.collapse();
  else ed.draw();
}
