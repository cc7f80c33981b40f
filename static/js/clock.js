/* A moment as the phone's clock shows it ("21:07"): when a hand was kept (once.js), when a page
 * the phone kept was fetched (offline.js). */

const twoDigits = (n) => String(n).padStart(2, "0");

/** `time` (milliseconds or an ISO string) as hh:mm in the phone's time zone; "" if it is none. */
export function clockOf(time) {
  const when = new Date(time);
  if (Number.isNaN(when.getTime())) return "";
  return twoDigits(when.getHours()) + ":" + twoDigits(when.getMinutes());
}
