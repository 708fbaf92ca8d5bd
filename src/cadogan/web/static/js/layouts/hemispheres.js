// The Hemispheres (plate, 1914 p. 46): twelve race positions on a circle, the four
// barriers at the compass points, and the cross of eight foundations inside, each arm
// holding a black king (next to the centre) and a red ace (outside it). On a box
// taller than wide the pack and talon lie under the circle instead of beside it.

import { CARD_H, has, label, numbered, ring, slot } from "./geometry.js";

const CX = 6.4;
const CY = 5.9;
const RX = 5.4;
const RY = 4.75;
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

function cross() {
  const slots = [];
  for (const [piles, dx, dy] of ARMS) {
    piles.forEach((pile, i) => {
      const across = dx !== 0;
      const d = (across ? 1.35 : 1.5) + i * (across ? 1.5 : 1.5);
      slots.push(slot(pile, CX + dx * d, CY + dy * d, { rotate: across ? 90 : 0 }));
    });
  }
  return slots;
}

function raceLabel(text, deg) {
  const rad = (deg * Math.PI) / 180;
  const x = CX + 3.05 * Math.sin(rad);
  const y = CY - 2.75 * Math.cos(rad);
  const turn = deg === 315 || deg === 135 ? -45 : 45;
  return label(text.toUpperCase(), x, y, { rotate: turn, cls: "plate" });
}

export default function hemispheres(payload, { portrait = false } = {}) {
  const races = RACES.flatMap(([race]) => numbered(race, 1, 3));
  if (!has(payload, [...races, "pack", "talon", ...numbered("found", 1, 8)])) return null;
  const slots = cross();
  const labels = [];
  for (const [race, angles, name, mid] of RACES) {
    slots.push(...ring(numbered(race, 1, 3), CX, CY, RX, RY, angles));
    labels.push(raceLabel(name, mid));
  }
  labels.push(
    label("NORTHERN", CX - 4.9, CY - 4.6, { rotate: -45, cls: "plate" }),
    label("HEMISPHERE", CX + 4.9, CY - 4.6, { rotate: 45, cls: "plate" }),
    label("SOUTHERN", CX - 4.9, CY + 4.6, { rotate: 45, cls: "plate" }),
    label("HEMISPHERE", CX + 4.9, CY + 4.6, { rotate: -45, cls: "plate" }),
  );
  if (portrait) {
    const by = CY + RY + 0.7 + 0.45 + CARD_H / 2;
    slots.push(
      slot("talon", CX - 0.7, by, { caption: "Talon" }),
      slot("pack", CX + 0.7, by, { caption: "Pack" }),
    );
    labels.push(label("THE HEMISPHERES", CX, by + 1.05, { cls: "title" }));
    return { width: 2 * CX, height: by + 1.3, slots, labels };
  }
  labels.push(label("THE HEMISPHERES", CX, CY + 6.05, { cls: "title" }));
  slots.push(
    slot("pack", CX + 8.0, CY + 3.9, { caption: "Pack" }),
    slot("talon", CX + 8.0, CY + 1.6, { caption: "Talon" }),
  );
  return { width: CX + 8.7, height: CY + 6.35, slots, labels };
}
