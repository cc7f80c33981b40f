/* The new-sitting page: "同名的另一个人" is asked only where it can mean something — beside a
 * seat whose typed name is already on the roster (the page's datalist of names), or where it is
 * ticked. Without JS every seat shows it. */

const list = document.querySelector("datalist[id]");
const known = new Set(list ? Array.from(list.options, (option) => option.value.trim().toLowerCase()) : []);

function follow(seat) {
  const name = seat.querySelector("input[type=text]");
  const choice = seat.querySelector(".new-person");
  if (!name || !choice) return;
  if (seat.dataset.followed) return;
  seat.dataset.followed = "1";
  const box = choice.querySelector("input[type=checkbox]");
  const draw = () => {
    choice.hidden = !(box && box.checked) && !known.has(name.value.trim().toLowerCase());
  };
  name.addEventListener("input", draw);
  if (box) box.addEventListener("change", draw);
  draw();
}

function start() {
  document.querySelectorAll("[data-seat-field]").forEach(follow);
}
// The game switch redraws the seats (htmx): follow the new ones too. A module runs once the page
// is parsed, so the seats already drawn are followed at once.
document.addEventListener("htmx:load", start);
start();
