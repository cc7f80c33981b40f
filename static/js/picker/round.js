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

/** ``changedInput``: the field just changed (null when the page is drawn first). */
export function drawRound(ed, changedInput) {
  const form = ed.form;
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
  ed.scope = ed.editing;
  if (!changedInput) return;
  if (ed.editing && changedInput.name === "winners") ed.activate(firstOpen(ed));
  else if (!ed.editing) ed.collapse();
  else ed.draw();
}
