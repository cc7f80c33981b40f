/* What the phone keeps for the account that is logged in (`<html data-user>`), in localStorage:
 * the rounds confirmed here that are not sent yet (the queue, oldest first) and the hands being
 * entered (drafts, one per sitting and round). once.js fills and sends them; offline.js asks
 * before logging out with rounds unsent (`unsent`) and then gives them up (`discardAll`).
 * Another account on the same phone never sees what this one keeps.
 *
 * Two more things are the phone's, not an account's: whether the browser was asked to keep this
 * site's storage for good (`askToKeep`, once, when the first round is queued), and which open
 * tab sends the queue (`asSender`: one at a time, by a Web Lock). */

export const user = document.documentElement.dataset.user || "";
export const QUEUE = "table:queue";
export const DRAFT = "table:draft:";
// The phone's, not an account's (so not under "table:", which logging out empties).
export const ASKED_TO_KEEP = "storage:persist";
const SENDER = "table:queue:sender";

// -- storage: nothing here throws (storage off or full is "nothing kept") ------------------------

export function read(name, fallback) {
  try {
    const text = window.localStorage.getItem(name);
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

/** Keep `value` under `name` (`null` forgets it); false when the phone would not keep it. */
export function write(name, value) {
  try {
    if (value === null) window.localStorage.removeItem(name);
    else window.localStorage.setItem(name, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

// -- the queue of rounds not sent yet ------------------------------------------------------------

/** Every queued round on this phone, whoever's. */
export function queue() {
  return read(QUEUE, []).filter((item) => item && item.key);
}

export function saveQueue(items) {
  write(QUEUE, items.length ? items : null);
  document.dispatchEvent(new CustomEvent("table-queue-changed"));
}

/** The rounds this account confirmed on this phone that are not sent yet. */
export function unsent() {
  return queue().filter((item) => user && item.user === user);
}

export function update(key, changes) {
  saveQueue(queue().map((item) => (item.key === key ? { ...item, ...changes } : item)));
}

export function drop(key) {
  saveQueue(queue().filter((item) => item.key !== key));
}

// -- drafts: the hands being entered --------------------------------------------------------------

export function draftNames() {
  const names = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i);
      if (name && name.startsWith(DRAFT)) names.push(name);
    }
  } catch {
    /* storage off: nothing kept */
  }
  return names;
}

/** Forget everything this account keeps here: its unsent rounds and its half-entered hands. */
export function discardAll() {
  saveQueue(queue().filter((item) => item.user !== user));
  draftNames().forEach((name) => {
    if (name.startsWith(DRAFT + user + ":")) write(name, null);
  });
}

// -- keeping the queue for good -------------------------------------------------------------------

/** Ask the browser once to keep this site's storage for good (`navigator.storage.persist()`;
 * Safari otherwise deletes it after 7 days without a visit, any browser when the phone is short
 * of space): called when a round is queued, it asks only the first time, and remembers when it
 * asked and what the browser answered. Silent where the browser has no such thing. */
export function askToKeep() {
  const storage = navigator.storage;
  if (read(ASKED_TO_KEEP, null) || !storage || typeof storage.persist !== "function") return;
  const at = Date.now();
  write(ASKED_TO_KEEP, { at, kept: null });
  storage.persist().then(
    (kept) => write(ASKED_TO_KEEP, { at, kept: Boolean(kept) }),
    () => {},
  );
}

/** False when the browser was asked to keep the storage and it is not kept (refused, or not yet
 * granted), true when it is kept, null when it was never asked or cannot say. What it says now
 * is remembered too: an app installed since may have been granted it. */
export function keptForGood() {
  const asked = read(ASKED_TO_KEEP, null);
  const storage = navigator.storage;
  if (!asked || !storage || typeof storage.persisted !== "function") return Promise.resolve(null);
  return storage.persisted().then(
    (kept) => {
      write(ASKED_TO_KEEP, { ...asked, kept: Boolean(kept) });
      return Boolean(kept);
    },
    () => null,
  );
}

// -- one sender across the phone's open tabs ------------------------------------------------------

/** Run `work(alone)` as the phone's one sender of the queue: only while this tab holds the Web
 * Lock, which the browser gives one tab at a time and takes back when `work`'s promise settles or
 * the tab closes. A tab that cannot have it now does nothing: the tab holding it sends what is
 * queued, one round after another until none is left. Without Web Locks (older browsers), `work`
 * runs with `alone` false, as every tab did before: the one-time key still records a round once.
 * Resolves when `work` is done, or at once when another tab is the sender. */
export function asSender(work) {
  const locks = navigator.locks;
  if (!locks || typeof locks.request !== "function") return Promise.resolve().then(() => work(false));
  // No locks for this document after all (an opaque origin): as without them.
  const unlocked = (error) => (error && error.name === "SecurityError" ? work(false) : null);
  try {
    return locks.request(SENDER, { ifAvailable: true }, (lock) => (lock ? work(true) : null)).catch(unlocked);
  } catch (error) {
    return Promise.resolve(error).then(unlocked);
  }
}
