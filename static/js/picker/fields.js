/* The form's own tile fields on the page (a text input in compact notation each, which works
 * without JS): each gets a strip of drawn tiles that opens the keyboard on it; a tap on a drawn
 * tile takes it out. */
import { handMax } from "./melds.js";
import { compact } from "./tiles.js";

export function wireFields(ed) {
  ed.form.querySelectorAll("[data-tilefield]").forEach((el) => {
    const input = el.querySelector("input.tiles-input");
    const strip = el.querySelector(".strip");
    const label = el.querySelector("label");
    if (!input || !strip) return;
    const counter = document.createElement("span");
    counter.className = "count";
    label.appendChild(counter);
    ed.fields[input.name] = { el: el, strip: strip, counter: counter };
    const block = el.closest("[data-scope]");
    const prefix = block ? block.dataset.scope : "";
    const short = input.name.slice(prefix.length);
    function open() {
      ed.editing = ed.scope = prefix;
      ed.activate(short);
    }
    input.tabIndex = -1;
    strip.hidden = false;
    // A tap anywhere on the strip opens the keyboard on this field. The strip stays a group named
    // by the field: its tiles are buttons (a tap takes one out), and a button may not hold
    // buttons. Without a finger, the 键盘 button and the tray's parts open each field.
    strip.addEventListener("click", open);
  });
}

export function drawStrip(ed, name) {
  const field = ed.fields[ed.scope + name];
  if (!field) return;
  const list = ed.faces(name);
  const prefix = ed.scope;
  field.strip.innerHTML = "";
  list.forEach((face, index) => {
    const key = ed.keyFor(face);
    if (!key) return;
    const tile = key.cloneNode(true);
    tile.disabled = false;
    tile.addEventListener("click", (event) => {
      event.stopPropagation();
      ed.editing = ed.scope = prefix;
      const now = ed.faces(name);
      now.splice(index, 1);
      ed.named(name).value = compact(now);
      if (name === "hand") ed.last = null;
      ed.activate(name);
      ed.changed();
    });
    field.strip.appendChild(tile);
  });
  if (!list.length) {
    const hint = document.createElement("span");
    hint.className = "placeholder";
    hint.textContent = field.strip.dataset.empty || "";
    field.strip.appendChild(hint);
  }
  field.counter.textContent = name === "hand" ? " " + list.length + "/" + handMax(ed) : "";
  field.el.classList.toggle("active", ed.active === name && ed.scope === ed.editing);
}
