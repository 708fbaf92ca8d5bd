// The Hemispheres (plate, 1914 p. 46): twelve race positions on a circle, the four
// barriers at the compass points, and the cross of eight foundations inside, each arm
// holding a black king (next to the centre) and a red ace (outside it). As on the plate,
// the barrier closing each arm lies the other way from the arm's foundations: upright at
// East and West, crosswise at North and South. On a box taller than wide (a phone held
// up) the circle stands up into an upright ellipse, narrower and taller, so that the
// cards can be drawn larger, and the pack and talon lie under it instead of beside it.

import { CARD_H, GAP, has, label, numbered, ring, slot } from "./geometry.js";

const CX = 6.4;
const CY = 5.9;
const WIDE = { rx: 5.4, ry: 4.75 };
const TALL = { rx: 4.25, ry: 5.75 };
const RACES = [
  ["european", [295, 315, 335], "European", 315],
  ["asiatic", [25, 45, 65], "Asiatic", 45],
  ["australian", [115, 135, 155], "Australian", 135],
  ["african", [205, 225, 245], "African", 225],
];
// Each arm: [king foundation, ace foundation, barrier], from the centre outwards.
const ARMS = [
  [["found5", "found1", "barrier_north"], 0, -1],
  [["found6", "found2", "barrier_east"], 1, 0],
  [["found7", "found3", "barrier_south"], 0, 1],
  [["found8", "found4", "barrier_west"], -1, 0],
];

// The cross round (cx, cy): on each arm the king, then the ace, then the barrier, each
// a GAP beyond the last; a card's half-length along the arm is CARD_H / 2 when it lies
// along it and 1 / 2 when it lies across it.
function cross(cx, cy) {
  const slots = [];
  for (const [piles, dx, dy] of ARMS) {
    let reach = dx !== 0 ? 0.65 : 0.8; // from the centre to the king's inner edge
    piles.forEach((pile, i) => {
      // Crosswise: the foundations of the horizontal arms, the barriers of the vertical.
      const turned = (dx !== 0) !== (i === 2);
      const half = (dx !== 0) === turned ? CARD_H / 2 : 1 / 2;
      const d = reach + half;
      reach = d + half + GAP;
      slots.push(slot(pile, cx + dx * d, cy + dy * d, { rotate: turned ? 90 : 0 }));
    });
  }
  return slots;
}

function raceLabel(text, deg, cx, cy, shape) {
  const rad = (deg * Math.PI) / 180;
  const x = cx + (shape.rx - 2.35) * Math.sin(rad);
  const y = cy - (shape.ry - 2.0) * Math.cos(rad);
  const turn = deg === 315 || deg === 135 ? -45 : 45;
  return label(text.toUpperCase(), x, y, { rotate: turn, cls: "plate" });
}

export default function hemispheres(payload, { portrait = false } = {}) {
  const races = RACES.flatMap(([race]) => numbered(race, 1, 3));
  if (!has(payload, [...races, "pack", "talon", ...numbered("found", 1, 8)])) return null;
  const shape = portrait ? TALL : WIDE;
  const cx = portrait ? shape.rx + 0.95 : CX;
  const cy = portrait ? shape.ry + 1.1 : CY;
  const slots = cross(cx, cy);
  const labels = [];
  for (const [race, angles, name, mid] of RACES) {
    slots.push(...ring(numbered(race, 1, 3), cx, cy, shape.rx, shape.ry, angles));
    labels.push(raceLabel(name, mid, cx, cy, shape));
  }
  const lx = shape.rx - 0.5;
  const ly = shape.ry - 0.15;
  labels.push(
    label("NORTHERN", cx - lx, cy - ly, { rotate: -45, cls: "plate" }),
    label("HEMISPHERE", cx + lx, cy - ly, { rotate: 45, cls: "plate" }),
    label("SOUTHERN", cx - lx, cy + ly, { rotate: 45, cls: "plate" }),
    label("HEMISPHERE", cx + lx, cy + ly, { rotate: -45, cls: "plate" }),
  );
  if (portrait) {
    const by = cy + shape.ry + 0.7 + 0.45 + CARD_H / 2;
    slots.push(
      slot("talon", cx - 0.7, by, { caption: "Talon" }),
      slot("pack", cx + 0.7, by, { caption: "Pack" }),
    );
    labels.push(label("THE HEMISPHERES", cx, by + 1.05, { cls: "title" }));
    return { width: 2 * cx, height: by + 1.3, slots, labels };
  }
  labels.push(label("THE HEMISPHERES", CX, CY + 6.05, { cls: "title" }));
  slots.push(
    slot("pack", CX + 8.0, CY + 3.9, { caption: "Pack" }),
    slot("talon", CX + 8.0, CY + 1.6, { caption: "Talon" }),
  );
  return { width: CX + 8.7, height: CY + 6.35, slots, labels };
}
