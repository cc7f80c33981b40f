/**
 * Live regions: parts of a page that follow a sitting as other phones change it.
 *
 * A page opts in with one wrapper around the regions (outside what they swap, so it stays):
 *
 *   <div hx-ext="sse" sse-connect="/share/<token>/events/?v=<version>" data-live data-live-poll="3">
 *     <div id="live" hx-get="…?v=<version>" hx-trigger="sse:changed, live-poll"
 *          hx-swap="outerHTML" data-live-region> … </div>
 *   </div>
 *
 * htmx's server-sent-events extension holds the stream: each "changed" event makes the regions
 * ask for their fragment (the server answers 204 when the version they show is still the newest).
 * This module keeps a poll beside it, for when the stream cannot be had (the events process
 * down, a proxy that strips it): every data-live-poll seconds (default 3) while the stream is
 * not open, every data-live-idle seconds (default 60) while it is, and at once when the phone
 * comes back online or to the foreground.
 */

const started = new WeakSet();

function seconds(element, name, fallback) {
  const value = Number(element.dataset[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function follow(connection) {
  if (started.has(connection)) return;
  started.add(connection);
  const poll = seconds(connection, "livePoll", 3);
  const idle = seconds(connection, "liveIdle", 60);
  let open = false;
  let timer = null;

  const ask = () => {
    if (!connection.isConnected) return;
    for (const region of connection.querySelectorAll("[data-live-region]")) {
      window.htmx.trigger(region, "live-poll");
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    if (!connection.isConnected) return;
    timer = setTimeout(() => {
      ask();
      schedule();
    }, (open ? idle : poll) * 1000);
  };
  const opened = (isOpen) => () => {
    connection.dataset.liveStream = isOpen ? "open" : "closed";
    if (open !== isOpen) {
      open = isOpen;
      schedule();
    }
  };

  connection.addEventListener("htmx:sseOpen", opened(true));
  connection.addEventListener("htmx:sseError", opened(false));
  connection.addEventListener("htmx:sseClose", opened(false));
  const catchUp = () => {
    if (document.visibilityState === "visible") {
      ask();
      schedule();
    }
  };
  window.addEventListener("online", catchUp);
  document.addEventListener("visibilitychange", catchUp);
  connection.dataset.liveStream = "closed";
  schedule();
}

function start(root) {
  const within = root.querySelectorAll ? root.querySelectorAll("[data-live]") : [];
  const all = root.matches && root.matches("[data-live]") ? [root, ...within] : within;
  for (const connection of all) follow(connection);
}

if (window.htmx) {
  window.htmx.onLoad(start);
} else {
  start(document);
}
