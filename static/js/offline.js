/* Pages without a connection (templates/sw.js is the worker; calculator/web/sw.py serves it).
 *
 * - Registers the service worker and tells it which account this page was drawn for
 *   (`<html data-user>`, "" when logged out): pages it kept for another account are deleted.
 * - A page the worker served from its kept copy carries `data-served-from-cache="<ISO time>"` on
 *   <html>: the banner at the top of <main> says so, with the time it was fetched.
 * - Logging out (the top bar's form): rounds not sent yet (queue.js) are given up only after
 *   asking; every kept page is deleted, and the worker told, before the form is sent.
 *
 * The words come from the page (base.html's <template id="offline-words">), in its language.
 */
import { clockOf } from "./clock.js";
import { discardAll, unsent } from "./queue.js";

const root = document.documentElement;
const words = document.getElementById("offline-words");
const PAGES_PREFIX = "anqing-pages-"; // the worker's pages caches (templates/sw.js)
const worker = "serviceWorker" in navigator ? navigator.serviceWorker : null;

// -- the banner: a kept copy, as of the time it was fetched -----------------------------------
function drawBanner() {
  const at = root.getAttribute("data-served-from-cache");
  const banner = document.getElementById("offline-banner");
  if (at === null || !banner) return;
  banner.textContent = (words.dataset.banner || "").replace("{time}", clockOf(at));
  banner.hidden = false;
}

// -- the worker: registered, and told whose page this is ---------------------------------------
function tell(message, timeout) {
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    window.setTimeout(finish, timeout);
    worker.ready.then((registration) => {
      const to = worker.controller || registration.active;
      if (!to) return finish();
      const channel = new MessageChannel();
      channel.port1.onmessage = finish;
      to.postMessage(message, [channel.port2]);
    }, finish);
  });
}

function register() {
  if (!worker || !words.dataset.worker) return;
  worker.register(words.dataset.worker, { scope: "/" }).catch(() => {
    /* No worker (offline at the first visit, private mode): the pages work as before. */
  });
  tell({ type: "account", user: root.dataset.user || "" }, 10000);
}

// -- logging out ---------------------------------------------------------------------------------
function forgetPages() {
  const kept = (names) => names.filter((name) => name.startsWith(PAGES_PREFIX));
  const deleted = window.caches
    ? caches
        .keys()
        .then((names) => Promise.all(kept(names).map((name) => caches.delete(name))))
        .catch(() => {})
    : Promise.resolve();
  return Promise.all([deleted, tell({ type: "logout" }, 2000)]);
}

function unsentQuestion(n) {
  const text = n === 1 ? words.dataset.unsentOne : words.dataset.unsentMany;
  return (text || "").replace("{n}", String(n));
}

let leaving = false;
function onSubmit(event) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.getAttribute("action") !== words.dataset.logout) return;
  event.preventDefault();
  if (leaving) return;
  const count = unsent().length;
  if (count && !window.confirm(unsentQuestion(count))) return; // stay logged in
  // What the phone keeps for this account goes with it: rounds not sent (asked above) and
  // half-entered hands.
  discardAll();
  leaving = true;
  forgetPages().then(() => form.submit());
}

if (words) {
  drawBanner();
  register();
  document.addEventListener("submit", onSubmit);
  // Back to this page after logging out (the back-forward cache): its log-out works again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) leaving = false;
  });
}
