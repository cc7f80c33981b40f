/* What the phone keeps for the account that is logged in (`<html data-user>`), in localStorage:
 * the rounds confirmed here that are not sent yet (the queue, oldest first) and the hands being
 * entered (drafts, one per sitting and round). once.js fills and sends them; offline.js asks
 * before logging out with rounds unsent (`unsent`) and then gives them up (`discardAll`).
 * Another account on the same phone never sees what this one keeps. */

export const user = document.documentElement.dataset.user || "";
export const QUEUE = "table:queue";
export const DRAFT = "table:draft:";

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
