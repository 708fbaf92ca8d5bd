// The Zodiac (plate, 1914 p. 54): a ring of 24 around the Equator of eight, with the
// four ascending foundation spaces above the Equator and the four descending below.

import { has, label, numbered, evenRing, row, slot } from "./geometry.js";

const CX = 7.1;
const CY = 4.85;

export default function zodiac(payload) {
  const zodiac = numbered("zodiac", 1, 24);
  const equator = numbered("equator", 1, 8);
  const up = numbered("found", 1, 4);
  const down = numbered("found", 5, 8);
  if (!has(payload, [...zodiac, ...equator, ...up, ...down, "pack", "talon"])) return null;
  const slots = [
    ...evenRing(zodiac, CX, CY, 6.35, 4.1),
    ...row(equator, CX - 3.5 * 1.02, CY, {}, 1.02),
    ...row(up, CX - 1.5 * 1.2, CY - 1.6, {}, 1.2),
    ...row(down, CX - 1.5 * 1.2, CY + 1.6, {}, 1.2),
    slot("talon", CX + 8.6, CY - 1.2, { caption: "Talon" }),
    slot("pack", CX + 8.6, CY + 1.4, { caption: "Pack" }),
  ];
  const labels = [
    label("THE ZODIAC", CX, CY + 5.3, { cls: "title" }),
    label("Ace to king", CX - 3.55, CY - 1.6, { cls: "plate small" }),
    label("King to ace", CX - 3.55, CY + 1.6, { cls: "plate small" }),
  ];
  return { width: CX + 9.3, height: CY + 5.6, slots, labels };
}
