/* The new-sitting page: "同名的另一个人" is asked only where it can mean something — beside a
 * seat whose typed name is already on the roster (the page's datalist of names), or where it is
 * ticked. Without JS every seat shows it. */
(function () {
  "use strict";

  var list = document.querySelector("datalist[id]");
  var known = {};
  if (list) {
    Array.prototype.forEach.call(list.options, function (option) {
      known[option.value.trim().toLowerCase()] = true;
    });
  }

  function follow(seat) {
    var name = seat.querySelector("input[type=text]");
    var choice = seat.querySelector(".new-person");
    if (!name || !choice) return;
    if (seat.dataset.followed) return;
    seat.dataset.followed = "1";
    var box = choice.querySelector("input[type=checkbox]");
    var draw = function () {
      choice.hidden = !(box && box.checked) && !known[name.value.trim().toLowerCase()];
    };
    name.addEventListener("input", draw);
    if (box) box.addEventListener("change", draw);
    draw();
  }

  function start() {
    document.querySelectorAll("[data-seat-field]").forEach(follow);
  }
  // The game switch redraws the seats (htmx): follow the new ones too.
  document.addEventListener("htmx:load", start);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
