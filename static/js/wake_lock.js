/* Keeps the screen awake while a page needs it: the board on a tablet in the middle of the table,
 * and the round form while a hand is being tapped in (a phone that dims and locks mid-hand loses
 * the thread of the table).
 *
 * The Screen Wake Lock API: the lock is asked for once the page is shown, and the browser lets it
 * go whenever the page is hidden (another tab, the phone locked), so it is asked for again each
 * time the page comes back (visibilitychange). Where the API is missing or refuses (an old
 * browser, plain HTTP on a phone, a battery saver) nothing happens and nothing is said: the
 * screen then dims as it always did.
 *
 * A page asks for it by holding an element with data-keep-awake and loading this module.
 */

let held = null; // the WakeLockSentinel while the lock is held
let wanted = false;

async function request() {
  if (!wanted || held || document.visibilityState !== "visible") return;
  if (!("wakeLock" in navigator) || !navigator.wakeLock) return;
  try {
    const sentinel = await navigator.wakeLock.request("screen");
    held = sentinel;
    sentinel.addEventListener("release", () => {
      if (held === sentinel) held = null;
    });
  } catch {
    held = null; // refused: the page stays as it is
  }
}

/** Keep the screen awake from now on, asking again whenever the page is shown again. */
export function keepScreenAwake() {
  if (wanted) return;
  wanted = true;
  document.addEventListener("visibilitychange", request);
  request();
}

if (document.querySelector("[data-keep-awake]")) keepScreenAwake();
