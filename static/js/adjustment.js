/* The adjustment form (templates/web/adjustment_form.html): who is paid follows who pays and
 * what kind it is. The payer's own seat cannot be the one paid; "each other player" is only a
 * penalty's (a side payment or a chip correction is between two players). The server checks all
 * of it anyway (services.adjustment_parse); this only spares a refused tap.
 */

function follow(form) {
  const checked = (name) => {
    const input = form.querySelector("input[name=" + name + "]:checked");
    return input ? input.value : "";
  };
  const payer = checked("from");
  const penalty = checked("kind") === "penalty";
  const each = form.querySelector("[data-each] input");
  form.querySelectorAll("[data-payee] input").forEach((input) => {
    const off = input === each ? !penalty : input.value === payer;
    input.disabled = off;
    if (off && input.checked) input.checked = false;
  });
  if (penalty && !checked("to") && each) each.checked = true;
}

const form = document.querySelector("[data-adjustment-form]");
if (form) {
  form.addEventListener("change", () => follow(form));
  follow(form);
}
