/* Tiles as the form's fields hold them, in compact notation ("234m55z"), and the shapes a meld
 * takes. Nothing here knows the page or the game. */

export const SIZE = { chi: 3, pung: 3, kong: 4, added_kong: 4, concealed_kong: 4 };
export const SET_KINDS = ["pung", "kong", "added_kong"];
export const MELD_ROWS = 4; // R11 E_CONTEXT: no player has more than four melds

/** "234m55z" → ["2m", "3m", "4m", "5z", "5z"]. */
export function facesOf(text) {
  const faces = [];
  let ranks = [];
  (text || "").replace(/\s+/g, "").toLowerCase().split("").forEach((ch) => {
    if (ch >= "1" && ch <= "9") ranks.push(ch);
    else if ("mpszf".indexOf(ch) >= 0) {
      ranks.forEach((r) => faces.push(r + ch));
      ranks = [];
    }
  });
  return faces;
}

/** ["2m", "3m", "5z"] → "23m5z". */
export function compact(faces) {
  let out = "", suit = "";
  faces.forEach((face) => {
    if (suit && face[1] !== suit) out += suit;
    out += face[0];
    suit = face[1];
  });
  return out + suit;
}

export function isFlower(face) { return Boolean(face) && face[1] === "f"; }

/** The chows a suited face can be part of, lowest first. */
export function chowOptions(face) {
  const rank = +face[0], suit = face[1], options = [];
  for (let start = rank - 2; start <= rank; start++) {
    if (start < 1 || start + 2 > 9) continue;
    options.push([start + suit, start + 1 + suit, start + 2 + suit]);
  }
  return options;
}

/** Each seat's 上家 at the table in play, seats in order of play ("ESWN": E's is N, R2.1;
 * AJ2.1: "ESW": E's is W; at two each is the other's). */
export function previousSeats(seats) {
  const prev = {};
  seats.split("").forEach((seat, i) => {
    prev[seat] = seats[(i + seats.length - 1) % seats.length];
  });
  return prev;
}
