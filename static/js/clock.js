/* A moment as the phone's clock shows it ("21:07"): when a hand was kept (once.js), when a page
 * the phone kept was fetched (offline.js); and how long ago it was, in whole minutes, hours or
 * days (how long a queued round has waited, once.js). */

const twoDigits = (n) => String(n).padStart(2, "0");
const MINUTE = 60000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `time` (milliseconds or an ISO string) as hh:mm in the phone's time zone; "" if it is none. */
export function clockOf(time) {
  const when = new Date(time);
  if (Number.isNaN(when.getTime())) return "";
  return twoDigits(when.getHours()) + ":" + twoDigits(when.getMinutes());
}

/** How long ago `time` was, as `{unit, n}`: the largest unit ("day", "hour", "minute") of which
 * at least one whole has passed, and how many; `{unit: "now", n: 0}` under a minute (a clock set
 * back included); null if `time` is none. */
export function agoOf(time, now = Date.now()) {
  const when = new Date(time).getTime();
  if (Number.isNaN(when)) return null;
  const gone = now - when;
  if (gone >= DAY) return { unit: "day", n: Math.floor(gone / DAY) };
  if (gone >= HOUR) return { unit: "hour", n: Math.floor(gone / HOUR) };
  if (gone >= MINUTE) return { unit: "minute", n: Math.floor(gone / MINUTE) };
  return { unit: "now", n: 0 };
}
