/* The score beside the confirm button and under the form (the form's htmx preview). Every change
 * to the fields gives the form one `tiles-changed` event, which the preview listens to; the
 * preview is marked stale at the moment of the change, so an earlier hand's score is never shown
 * as this one's. */

function shown() {
  return [document.getElementById("preview"), document.getElementById("dock-summary")];
}

export function markStale() {
  shown().forEach((el) => {
    if (!el) return;
    el.classList.add("stale");
    el.setAttribute("aria-busy", "true");
  });
}

/** The request leaves at once (htmx sends it within the event); the caller draws after it. */
export function announce(ed) {
  markStale();
  ed.form.dispatchEvent(new Event("tiles-changed", { bubbles: true }));
}

export function listenToPreview(ed) {
  // The preview answered: it is the form as it now is (hx-sync replaces older requests).
  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target !== ed.preview) return;
    if (ed.pageTimer) {
      clearTimeout(ed.pageTimer);
      ed.pageTimer = setTimeout(ed.drawPage, 0);
    }
    shown().forEach((el) => {
      if (!el) return;
      el.classList.remove("stale");
      el.removeAttribute("aria-busy");
    });
  });
  ["htmx:sendError", "htmx:responseError"].forEach((name) => {
    document.body.addEventListener(name, (event) => {
      if (event.detail.elt !== ed.form) return;
      const summary = document.getElementById("dock-summary");
      if (summary) summary.textContent = ed.dock.dataset.offline || "";
    });
  });
}
