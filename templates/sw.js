/* The site's service worker, served at /sw.js by calculator/web/sw.py (its scope is the site).
 *
 * - Static files: the ones every page needs are precached at install, by the URLs {% templatetag openblock %} static {% templatetag closeblock %}
 *   gives them, and answered from that cache first.
 * - Page navigations (GET): the network first. Two kinds of pages are kept, the newest answer
 *   of each, for a logged-in account only: a sitting's page (/sessions/<pk>/) and the round form
 *   of an open sitting (/sessions/<pk>/rounds/new/); only 200 HTML answers, and a kept page the
 *   server no longer answers with 200 is forgotten. Without a connection a kept page is served
 *   with data-served-from-cache="<ISO time it was fetched>" on its <html> tag (offline.js draws
 *   the banner from it, once.js knows from it that the page is not fresh); any other page gets
 *   the offline page.
 * - Kept pages belong to one account: the one named by <html data-user> of the pages the server
 *   sends and of the page that talks to the worker (offline.js). The owner is kept in the pages
 *   cache itself (a worker's memory does not last): when another account, or nobody, shows up,
 *   every kept page is deleted before anything new is kept, and a kept page is served only if it
 *   was drawn for the owner.
 * - POST requests and htmx requests (HX-Request) are never touched: they go to the network and
 *   fail as usual without one (once.js queues rounds).
 *
 * No library, no build step, no eval.
 */
"use strict";

const CONFIG = {{ config|safe }};

const STATIC_CACHE = "anqing-static-" + CONFIG.version;
const PAGES_PREFIX = "anqing-pages-"; // offline.js deletes these at log-out
const PAGES_CACHE = PAGES_PREFIX + CONFIG.version;
const OWNER_KEY = new URL("/sw.js?owner", self.location.origin).href;
const FETCHED_AT = "X-Fetched-At";
const KEPT = CONFIG.pages.map((pattern) => new RegExp(pattern));
const PRECACHED = new Set(CONFIG.precache.map((url) => new URL(url, self.location.origin).href));
const OFFLINE_URL = new URL(CONFIG.offline, self.location.origin).href;
const ACCOUNT = /<html\b[^>]*?\sdata-user="([^"]*)"/i;
const MATCH = { ignoreVary: true };

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      // "no-cache": an unhashed name (no manifest) may sit in the HTTP cache with older contents.
      .then((cache) => cache.addAll([...PRECACHED, OFFLINE_URL].map((url) => new Request(url, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("anqing-") && name !== STATIC_CACHE && name !== PAGES_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("HX-Request")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event, url));
  } else if (PRECACHED.has(url.href)) {
    event.respondWith(precached(request));
  }
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const reply = () => event.ports[0] && event.ports[0].postMessage("done");
  if (data.type === "account") {
    event.waitUntil(serially(() => bindTo(String(data.user || ""))).then(reply, reply));
  } else if (data.type === "logout") {
    event.waitUntil(serially(() => forgetPages("")).then(reply, reply));
  }
});

// -- static files: cache first -------------------------------------------------------------------

async function precached(request) {
  const cache = await caches.open(STATIC_CACHE);
  const hit = await cache.match(request, MATCH);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone()).catch(() => {});
  return response;
}

// -- pages: the network first --------------------------------------------------------------------

function keepable(url) {
  return !url.search && KEPT.some((pattern) => pattern.test(url.pathname));
}

function pageKey(url) {
  return url.origin + url.pathname;
}

async function navigate(event, url) {
  let response;
  try {
    response = await fetch(event.request);
  } catch (offline) {
    return (await keptCopy(url).catch(() => null)) || (await offlinePage());
  }
  event.waitUntil(serially(() => remember(url, response.clone())).catch(() => {}));
  return response;
}

/** Learn the account from a page the server sent, and keep it if it is one of the two kinds. */
async function remember(url, response) {
  const html = response.status === 200 && (response.headers.get("Content-Type") || "").startsWith("text/html");
  if (!html) {
    if (keepable(url)) await (await caches.open(PAGES_CACHE)).delete(pageKey(url));
    return;
  }
  const text = await response.text();
  const found = ACCOUNT.exec(text);
  if (!found) return; // not one of this site's pages (base.html): says nothing of the account
  const user = found[1];
  await bindTo(user);
  if (!user || !keepable(url)) return;
  const headers = new Headers(response.headers);
  // The body is stored decoded, so what described its transfer no longer applies.
  ["Content-Encoding", "Content-Length", "Vary"].forEach((name) => headers.delete(name));
  headers.set(FETCHED_AT, new Date().toISOString());
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(pageKey(url), new Response(text, { status: 200, headers }));
}

/** A kept page for the owner, marked with the time it was fetched; null if there is none. */
async function keptCopy(url) {
  if (!keepable(url)) return null;
  return serially(async () => {
    const owner = await ownerOf();
    if (!owner) return null;
    const cache = await caches.open(PAGES_CACHE);
    const kept = await cache.match(pageKey(url), MATCH);
    if (!kept) return null;
    const text = await kept.text();
    const found = ACCOUNT.exec(text);
    if (!found || found[1] !== owner) return null;
    const at = (kept.headers.get(FETCHED_AT) || "").replace(/[^0-9A-Za-z:.+-]/g, "");
    const marked = text.replace(/<html(?=[\s>])/i, '<html data-served-from-cache="' + at + '"');
    return new Response(marked, { status: 200, headers: kept.headers });
  });
}

/** The precached offline page, with links to the pages kept for the owner. */
async function offlinePage() {
  const page = await (await caches.open(STATIC_CACHE)).match(OFFLINE_URL, MATCH);
  if (!page) {
    return new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const links = await serially(keptLinks).catch(() => "");
  const text = (await page.text()).replace("<!-- kept pages -->", links);
  return new Response(text, { status: 200, headers: page.headers });
}

async function keptLinks() {
  const owner = await ownerOf();
  if (!owner) return "";
  const cache = await caches.open(PAGES_CACHE);
  const titles = new Map();
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (!keepable(url)) continue;
    const text = await (await cache.match(request, MATCH)).text();
    const found = ACCOUNT.exec(text);
    if (!found || found[1] !== owner) continue;
    // The page's own title, already escaped by the server, without the site's name after " · ".
    const title = (/<title>([^<]*)<\/title>/i.exec(text) || ["", url.pathname])[1];
    titles.set(url.pathname, title.replace(/\s+·[^·]*$/, "").trim() || url.pathname);
  }
  const paths = [...titles.keys()].sort();
  return paths
    .map((path) => {
      // A round form is named after its sitting when that page is kept too.
      const sitting = titles.get(path.replace(/rounds\/new\/$/, ""));
      const title = sitting && sitting !== titles.get(path) ? sitting + " · " + titles.get(path) : titles.get(path);
      return '<li><a href="' + path + '">' + title + "</a></li>";
    })
    .join("");
}

// -- whose pages ---------------------------------------------------------------------------------

// One change to the kept pages at a time: a log-out never races a page being kept.
let queue = Promise.resolve();
function serially(task) {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
}

/** The account the kept pages belong to ("" for nobody), or null if none was recorded. */
async function ownerOf() {
  const cache = await caches.open(PAGES_CACHE);
  const entry = await cache.match(OWNER_KEY, MATCH);
  return entry ? entry.text() : null;
}

/** The pages are now this account's: if they were someone else's, they are deleted first. */
async function bindTo(user) {
  if ((await ownerOf()) !== user) await forgetPages(user);
}

/** Delete every kept page (of this version and older ones), and record the new owner. */
async function forgetPages(user) {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PAGES_PREFIX)).map((name) => caches.delete(name)));
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(OWNER_KEY, new Response(user, { headers: { "Content-Type": "text/plain" } }));
}
