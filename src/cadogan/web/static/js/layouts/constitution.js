// The Constitution (plate, 1914 p. 50): the Government (eight aces round the
// Sovereign, the kings outside them) above the four divisions: Privy Council, Lords,
// Commons and People, eight piles each. On a box taller than wide the divisions are
// named down their left side and the talon, pack and queens lie close to the Government.

import { CARD_H, has, label, numbered, ring, row, slot } from "./geometry.js";

const SMALL = 0.72;
// The aces, the foundations the player builds on, are drawn larger than the court
// cards round them, which only decorate: on a 390-px phone 36 px, where they were 30.
const ACE = 0.88;
// The aces' ring, and the kings' round it: far enough apart that no card of one
// covers a card of the other (a small card is SMALL wide and SMALL * CARD_H tall).
const RING = 1.4 * (ACE / 0.72);
const KINGS = 2.85;
const GY = KINGS + SMALL / 2 + 0.2;
const PITCH_X = 1.12;
const PITCH_Y = CARD_H + 0.06;
const DIVISIONS = [
  ["council", "Privy Council"],
  ["lords", "Lords"],
  ["commons", "Commons"],
  ["people", "People"],
];
const EIGHT = [0, 45, 90, 135, 180, 225, 270, 315];

// The four kings of a pile spread round the Government, each on its own point (a
// pile's points are measured in its own cards' widths, hence / SMALL).
function points(angles) {
  return angles.map((deg) => {
    const rad = (deg * Math.PI) / 180;
    const turn = deg % 180 === 0 ? 90 : deg % 90 === 0 ? 0 : deg;
    return [(KINGS / SMALL) * Math.sin(rad), -(KINGS / SMALL) * Math.cos(rad), turn];
  });
}

function government(CX, cy = GY) {
  const slots = ring(numbered("found", 1, 8), CX, cy, RING, RING, EIGHT, { scale: ACE });
  // The Sovereign and the kings are decoration: no card ever moves to or from them.
  const decor = { scale: SMALL, decor: true };
  slots.push(slot("sovereign", CX, cy, decor));
  slots.push(slot("bishops", CX, cy, { ...decor, fan: "points", points: points([315, 45, 135, 225]) }));
  slots.push(slot("judges", CX, cy, { ...decor, fan: "points", points: points([0, 90, 180, 270]) }));
  return slots;
}

// For a box much wider than tall (a phone held sideways, most desktop windows), where
// the plate's Government above the divisions would be drawn small in the middle of the
// box: the Government stands on the left and the divisions, in the plate's order from
// the Privy Council down, on its right, with the talon, the pack and the queens in a
// column beyond them. At 1366 x 768 the cards are drawn 76 px wide instead of 50, held
// sideways on a phone 46 instead of 27.
function wide(rows) {
  const R = KINGS + (SMALL * CARD_H) / 2 + 0.1; // the Government's radius, kings included
  const GX = R + 0.1;
  const top = R + 0.1 - 1.5 * PITCH_Y; // the divisions centred on the Government
  const X0 = GX + R + 1.0;
  const slots = government(GX, R + 0.1);
  const labels = [label("THE GOVERNMENT", GX, 2 * R + 0.45, { cls: "plate small" })];
  DIVISIONS.forEach(([name, title], i) => {
    const y = top + i * PITCH_Y;
    slots.push(...row(rows[i], X0, y, {}, PITCH_X));
    labels.push(label(title.split(" ").pop().toUpperCase(), X0 - 0.8, y, { cls: "plate small", rotate: -90 }));
  });
  const CX2 = X0 + 7 * PITCH_X + 1.3;
  slots.push(
    slot("talon", CX2, top + 0.15, { caption: "Talon" }),
    slot("pack", CX2, top + 1.35 * PITCH_Y + 0.15, { caption: "Pack" }),
    slot("aside", CX2, top + 2.7 * PITCH_Y, { fan: "down", step: 0.12, max: 0.6, scale: SMALL, decor: true, caption: "Queens aside" }),
  );
  labels.push(label("THE CONSTITUTION", X0 + 3.5 * PITCH_X, 2 * R + 0.45, { cls: "title" }));
  return { width: CX2 + 0.65, height: 2 * R + 0.75, slots, labels };
}

export default function constitution(payload, { portrait = false, wide: broad = false } = {}) {
  const rows = DIVISIONS.map(([name]) => numbered(name, 1, 8));
  if (!has(payload, [...rows.flat(), ...numbered("found", 1, 8), "talon", "pack"])) return null;
  if (broad) return wide(rows);
  const CX = portrait ? 0.55 + 0.5 + 3.5 * PITCH_X : 5.6;
  const SIDE = portrait ? 3.9 : 4.9; // from the Government's centre to the talon and pack
  const slots = government(CX);
  const labels = [label("THE GOVERNMENT", CX - 3.8, GY - 2.3, { cls: "plate small" })];
  const top = GY + KINGS + SMALL / 2 + 0.25 + CARD_H / 2;
  DIVISIONS.forEach(([name, title], i) => {
    const y = top + i * PITCH_Y;
    slots.push(...row(rows[i], CX - 3.5 * PITCH_X, y, {}, PITCH_X));
    labels.push(portrait
      ? label(title.split(" ").pop().toUpperCase(), 0.3, y, { cls: "plate small", rotate: -90 })
      : label(title.toUpperCase(), CX + 4.6 * PITCH_X, y, { cls: "plate small", align: "left" }));
  });
  slots.push(
    slot("talon", CX + SIDE, GY - 0.9, { caption: "Talon" }),
    slot("pack", CX + SIDE, GY + 1.2, { caption: "Pack" }),
    slot("aside", CX - SIDE, GY + 0.3, { fan: "down", step: 0.12, max: 0.8, scale: SMALL, decor: true, caption: "Queens aside" }),
  );
  labels.push(label("THE CONSTITUTION", CX, top + 3 * PITCH_Y + 1.05, { cls: "title" }));
  const width = portrait ? CX + SIDE + 0.6 : CX + 7.0;
  return { width, height: top + 3 * PITCH_Y + 1.3, slots, labels };
}
