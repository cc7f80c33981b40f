/* The seat-change form (templates/web/seat_change_form.html). Choosing someone for a seat moves
 * that seat's person to the seat the chosen one leaves, so a swap of two is one tap; the preview
 * below shows the new seating and who deals next (the deal stays with the seat). The server
 * checks the seating anyway (a person twice or missing is refused by name); this only spares a
 * refused tap.
 */

function chosen(form, seat) {
  const input = form.querySelector('input[name="seat-' + seat + '"]:checked');
  return input ? input.value : "";
}

function choose(form, seat, value) {
  const input = form.querySelector('input[name="seat-' + seat + '"][value="' + value + '"]');
  if (input) input.checked = true;
}

function preview(form) {
  form.querySelectorAll("[data-seat-row]").forEach((row) => {
    const seat = row.dataset.seatRow;
    const value = chosen(form, seat);
    const input = row.querySelector('input[value="' + value + '"]');
    const item = form.querySelector('[data-preview-seat="' + seat + '"]');
    if (!item) return;
    item.querySelector("[data-preview-name]").textContent = input ? input.dataset.name : "";
    const moved = item.querySelector("[data-preview-moved]");
    if (moved) moved.hidden = value === seat;
  });
  const dealer = form.querySelector("[data-preview-dealer]");
  if (dealer) {
    const seat = dealer.dataset.previewDealer;
    const input = form.querySelector('input[name="seat-' + seat + '"]:checked');
    dealer.querySelector("[data-dealer-name]").textContent = input ? input.dataset.name : "";
  }
}

const form = document.querySelector("[data-seat-form]");
if (form) {
  const before = {};
  form.querySelectorAll("[data-seat-row]").forEach((row) => {
    before[row.dataset.seatRow] = chosen(form, row.dataset.seatRow);
  });
  form.addEventListener("change", (event) => {
    const input = event.target;
    const seat = input.name.replace("seat-", "");
    const left = before[seat];
    // Whoever had the person just chosen gets the one this seat had: a swap in one tap.
    Object.keys(before).forEach((other) => {
      if (other !== seat && before[other] === input.value) choose(form, other, left);
    });
    Object.keys(before).forEach((other) => {
      before[other] = chosen(form, other);
    });
    preview(form);
  });
  preview(form);
}
