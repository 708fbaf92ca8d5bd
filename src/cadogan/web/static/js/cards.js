// Card faces and backs: the vendored CC0 SVGs (static/cards, see NOTICE.md), and the
// words a screen reader says for a card. A face-down card arrives as "??".

const RANKS = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
  8: "eight", 9: "nine", T: "ten", J: "knave", Q: "queen", K: "king",
};
const SUITS = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
const SIGNS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };

export const HIDDEN = "??";

export function isHidden(card) {
  return card === HIDDEN;
}

export function cardImage(card) {
  if (isHidden(card)) return "/static/cards/back.svg";
  return `/static/cards/${card[0].toUpperCase()}${card[1].toUpperCase()}.svg`;
}

export function cardName(card) {
  if (isHidden(card)) return "a face-down card";
  return `${RANKS[card[0]]} of ${SUITS[card[1]]}`;
}

export function cardLabel(card) {
  if (isHidden(card)) return "\u{1F0A0}";
  const rank = card[0] === "T" ? "10" : card[0];
  return `${rank}${SIGNS[card[1]]}`;
}

// A pile's id in words for the player: "found3" is a foundation (the eight are alike),
// "barrier_north" the north barrier, "p2packet9" packet 9 (the seat is the side of the
// table it lies on), "european2" european 2.
export function placeName(pile) {
  const match = /^(?:p\d)?([a-z_]+?)(\d*)$/.exec(pile);
  if (!match) return pile;
  const [, word, number] = match;
  if (word === "found") return "foundation";
  const barrier = /^barrier_(\w+)$/.exec(word);
  if (barrier) return `${barrier[1]} barrier`;
  return number ? `${word} ${number}` : word;
}
