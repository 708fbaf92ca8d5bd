// Travellers (seed 004): three rows of four packets, the spare packet beside them,
// and the kings set aside. Each packet is numbered with the value it collects.

import { CARD_H, has, label, numbered, row, slot } from "./geometry.js";

const VALUES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"];
const PITCH_Y = CARD_H + 1.4;

export default function travellers(payload) {
  const packets = numbered("packet", 1, 12);
  if (!has(payload, [...packets, "spare", "kings"])) return null;
  const fan = { fan: "down", step: 0.22, max: 0.85 }; // five cards clear the next row's caption
  const slots = [slot("spare", 0.6, 1.1, { caption: "Spare packet" })];
  for (let r = 0; r < 3; r += 1) {
    const names = packets.slice(4 * r, 4 * r + 4);
    const y = 1.1 + r * PITCH_Y;
    row(names, 2.5, y, fan, 1.35).forEach((s, i) => {
      slots.push({ ...s, caption: VALUES[4 * r + i] });
    });
  }
  slots.push(slot("kings", 8.2, 1.1, { fan: "down", step: 0.3, max: 1.2, caption: "Kings" }));
  const labels = [label("Travellers", 5.5, 9.4, { size: 0.34, cls: "title" })];
  return { width: 8.8, height: 9.65, slots, labels };
}
