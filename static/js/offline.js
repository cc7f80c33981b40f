/* Pages without a connection (templates/sw.js is the worker; calculator/web/sw.py serves it).
 *
 * - Registers the service worker and tells it which account this page was drawn for
 *   (`<html data-user>`, "" when logged out): pages it kept for another account are deleted.
 * - A page the worker served from its kept copy carries `data-served-from-cache="<ISO time>"` on
 *   <html>: the banner at the top of <main> says so, with the time it was fetched.
 * - Logging out (the top bar's form): rounds not sent yet (`window.tableQueue`, once.js) are
 *   given up only after asking; every kept page is deleted, and the worker told, before the form
 *   is sent.
 *
 * The words come from the page (base.html's <template id="offline-words">), in its language.
 */
(function () {
  "use strict";

  var root = document.documentElement;
  var words = document.getElementById("offline-words");
  if (!words) return;
  var PAGES_PREFIX = "anqing-pages-"; // the worker's pages caches (templates/sw.js)
  var worker = "serviceWorker" in navigator ? navigator.serviceWorker : null;

  // -- the banner: a kept copy, as of the time it was fetched -----------------------------------
  function twoDigits(n) { return (n < 10 ? "0" : "") + n; }

  function drawBanner() {
    var at = root.getAttribute("data-served-from-cache");
    var banner = document.getElementById("offline-banner");
    if (at === null || !banner) return;
    var when = new Date(at);
    var time = isNaN(when.getTime()) ? "" : twoDigits(when.getHours()) + ":" + twoDigits(when.getMinutes());
    banner.textContent = (words.dataset.banner || "").replace("{time}", time);
    banner.hidden = false;
  }

  // -- the worker: registered, and told whose page this is ---------------------------------------
  function tell(message, timeout) {
    if (!worker) return Promise.resolve();
    return new Promise(function (resolve) {
      var done = false;
      function finish() { if (!done) { done = true; resolve(); } }
      window.setTimeout(finish, timeout);
      worker.ready.then(function (registration) {
        var to = worker.controller || registration.active;
        if (!to) return finish();
        var channel = new MessageChannel();
        channel.port1.onmessage = finish;
        to.postMessage(message, [channel.port2]);
      }, finish);
    });
  }

  function register() {
    if (!worker || !words.dataset.worker) return;
    worker.register(words.dataset.worker, { scope: "/" }).catch(function () {
      /* No worker (offline at the first visit, private mode): the pages work as before. */
    });
    tell({ type: "account", user: root.dataset.user || "" }, 10000);
  }

  // -- logging out ---------------------------------------------------------------------------------
  function forgetPages() {
    var deleted = window.caches
      ? caches.keys().then(function (names) {
          return Promise.all(names.filter(function (name) {
            return name.indexOf(PAGES_PREFIX) === 0;
          }).map(function (name) { return caches.delete(name); }));
        }).catch(function () {})
      : Promise.resolve();
    return Promise.all([deleted, tell({ type: "logout" }, 2000)]);
  }

  function unsentQuestion(n) {
    var text = n === 1 ? words.dataset.unsentOne : words.dataset.unsentMany;
    return (text || "").replace("{n}", String(n));
  }

  var leaving = false;
  function onSubmit(event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || form.getAttribute("action") !== words.dataset.logout) return;
    event.preventDefault();
    if (leaving) return;
    var queue = window.tableQueue;
    var unsent = [];
    try {
      if (queue && typeof queue.unsent === "function") unsent = queue.unsent() || [];
    } catch (e) { unsent = []; }
    if (unsent.length && !window.confirm(unsentQuestion(unsent.length))) return; // stay logged in
    // What the phone keeps for this account goes with it: rounds not sent (asked above) and
    // half-entered hands.
    var discarded = Promise.resolve();
    try {
      if (queue && typeof queue.discardAll === "function") discarded = Promise.resolve(queue.discardAll());
    } catch (e) { /* nothing kept */ }
    leaving = true;
    discarded.catch(function () {}).then(forgetPages).then(function () { form.submit(); });
  }

  drawBanner();
  register();
  document.addEventListener("submit", onSubmit);
  // Back to this page after logging out (the back-forward cache): its log-out works again.
  window.addEventListener("pageshow", function (event) { if (event.persisted) leaving = false; });
})();
