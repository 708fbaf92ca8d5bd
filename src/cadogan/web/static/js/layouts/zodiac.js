// The Zodiac (plate, 1914 p. 54): a ring of 24 around the Equator of eight, with the
// four ascending foundation spaces above the Equator and the four descending below.
// On a box taller than wide the ring stands upright, the Equator in two rows of four,
// and the talon and pack lie inside the ring, above and below.

import { CARD_H, has, label, numbered, evenRing, row, slot } from "./geometry.js";

const CX = 7.1;
const CY = 4.85;

// The upright arrangement: a ring 4 wide and 6.2 high round four rows of four.
function upright(zodiac, equator, up, down) {
  const [cx, cy, pitch] = [4.85, 7.0, CARD_H + 0.15];
  const slots = [
    ...evenRing(zodiac, cx, cy, 4.0, 6.2),
    ...row(up, cx - 1.5 * 1.2, cy - 1.5 * pitch, {}, 1.2),
    ...row(equator.slice(0, 4), cx - 1.5 * 1.02, cy - 0.5 * pitch, {}, 1.02),
    ...row(equator.slice(4), cx - 1.5 * 1.02, cy + 0.5 * pitch, {}, 1.02),
    ...row(down, cx - 1.5 * 1.2, cy + 1.5 * pitch, {}, 1.2),
    slot("talon", cx, cy - 4.35, { caption: "Talon" }),
    slot("pack", cx, cy + 4.65, { caption: "Pack" }),
  ];
  const labels = [
    label("THE ZODIAC", cx, cy + 7.3, { cls: "title" }),
    label("Ace to king", cx, cy - 1.5 * pitch - 0.9, { cls: "plate small" }),
    label("King to ace", cx, cy + 1.5 * pitch + 0.875, { cls: "plate small" }),
  ];
  return { width: 2 * cx, height: cy + 7.6, slots, labels };
}

export default function zodiac(payload, { portrait = false } = {}) {
  const zodiac = numbered("zodiac", 1, 24);
  const equator = numbered("equator", 1, 8);
  const up = numbered("found", 1, 4);
  const down = numbered("found", 5, 8);
  if (!has(payload, [...zodiac, ...equator, ...up, ...down, "pack", "talon"])) return null;
  if (portrait) return upright(zodiac, equator, up, down);
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
