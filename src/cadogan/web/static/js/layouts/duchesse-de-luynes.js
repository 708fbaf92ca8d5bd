// La Duchesse de Luynes (1874): the four packets dealt in rounds, the face-down
// Discard beside them, the ace foundations above and the king foundations below.

import { CARD_H, has, label, numbered, row, slot } from "./geometry.js";

const PITCH = 1.25;
const X0 = 2.4;
const GRID_STEP = 0.62; // between two columns of the open Discard

export default function duchesse(payload) {
  const packets = numbered("packet", 1, 4);
  if (!has(payload, [...packets, ...numbered("found", 1, 8), "discard", "pack"])) return null;
  const upY = 1.8; // room above the aces for their captions and, above those, the row's name
  const packY = upY + CARD_H + 0.75;
  const downY = packY + CARD_H + 1.6;
  const slots = [
    ...row(numbered("found", 1, 4), X0, upY, {}, PITCH),
    ...row(packets, X0, packY, { fan: "down", step: 0.25, max: 1.1, caption: true }, PITCH),
    ...row(numbered("found", 5, 8), X0, downY, {}, PITCH),
    slot("pack", 0.6, packY, { caption: "Pack" }),
    slot("discard", X0 + 4 * PITCH + 0.5, packY, {
      fan: "down", step: 0.05, max: 0.5, caption: "Discard",
      // Once the pack is out the Discard is turned up and every card in it is available:
      // up to 34 cards, laid out in columns of 12 so that each card's corner shows.
      spreadWhenUp: { fan: "grid", rows: 12, step: 0.25, colStep: GRID_STEP },
    }),
  ];
  slots.forEach((s, i) => {
    if (s.caption === true) s.caption = `Packet ${(i % 4) + 1}`;
  });
  // Each foundation keeps one suit (found1-4 the aces of clubs, diamonds, hearts and
  // spades; found5-8 the kings): an empty one says which card begins it.
  const SUITS = ["\u2663", "\u2666", "\u2665", "\u2660"];
  slots.forEach((s) => {
    const n = /^found(\d)$/.exec(s.pile);
    if (n) s.caption = `${Number(n[1]) <= 4 ? "A" : "K"}${SUITS[(Number(n[1]) - 1) % 4]}`;
  });
  const labels = [
    label("Aces, building up", X0 + 1.5 * PITCH, upY - 1.45, { cls: "plate small" }),
    label("Kings, building down", X0 + 1.5 * PITCH, downY + 0.85, { cls: "plate small" }),
    label("LA DUCHESSE DE LUYNES", X0 + 1.5 * PITCH, downY + 1.35, { cls: "title" }),
  ];
  return { width: X0 + 4 * PITCH + 1.2 + 2 * GRID_STEP, height: downY + 1.6, slots, labels };
}
