// Les Petits Paquets (1874): the eight kings' foundations in two rows (ace to queen
// above, queen to ace below), the twelve packets in two rows beneath them, each
// marked with the value it counts for, the thirteenth packet spread apart, and the
// face-down Exiles beside the pack. On a box taller than wide the thirteenth packet
// is spread on a row of its own, under the others.

import { CARD_H, has, label, numbered, row, slot } from "./geometry.js";

const PITCH = 1.15;
const ROW = CARD_H + 0.2;
const PACKET_ROW = CARD_H + 0.5;
const VALUES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"];

export default function petitsPaquets(payload, { portrait = false } = {}) {
  const packets = numbered("packet", 1, 13);
  if (!has(payload, [...packets, ...numbered("found", 1, 8), "exiles", "pack"])) return null;
  const x0 = 0.6;
  const fx = x0 + PITCH;
  const y1 = 1.05;
  const y3 = y1 + 2 * ROW + 0.55;
  const marked = (names, first) =>
    row(names, x0, 0, {}, PITCH).map((s, i) => ({ ...s, caption: VALUES[first + i] }));
  const slots = [
    ...row(numbered("found", 1, 4), fx, y1, {}, PITCH),
    ...row(numbered("found", 5, 8), fx, y1 + ROW, {}, PITCH),
    ...marked(packets.slice(0, 6), 0).map((s) => ({ ...s, y: y3 })),
    ...marked(packets.slice(6, 12), 6).map((s) => ({ ...s, y: y3 + PACKET_ROW })),
    portrait
      ? slot("packet13", x0 + 0.6, y3 + 2 * PACKET_ROW + 0.1, {
        fan: "right", step: 0.45, max: 5.6, caption: "Packet 13 (spread)",
      })
      : slot("packet13", x0 + 6 * PITCH + 0.45, y3 + PACKET_ROW / 2, {
        fan: "right", step: 0.45, max: 5.2, caption: "Packet 13 (spread)",
      }),
    slot("pack", fx + (portrait ? 4.3 : 5) * PITCH, y1 + ROW / 2, { caption: "Pack" }),
    slot("exiles", fx + (portrait ? 5.5 : 6.3) * PITCH, y1 + ROW / 2, { fan: "right", step: 0.04, max: 0.5, caption: "Exiles" }),
  ];
  const bottom = portrait ? y3 + 2 * PACKET_ROW + 0.1 : y3 + PACKET_ROW;
  const labels = [
    label("Ace to queen", fx + 1.5 * PITCH, y1 - 0.88, { cls: "plate small" }),
    label("Queen to ace", fx - 1.1, y1 + ROW, { cls: "plate small", rotate: -90 }),
    label("LES PETITS PAQUETS", portrait ? x0 + 2.5 * PITCH : x0 + 5.2 * PITCH, bottom + 1.05, { cls: "title" }),
  ];
  const width = portrait ? fx + 5.5 * PITCH + 1.1 : x0 + 6 * PITCH + 6.3;
  return { width, height: bottom + 1.3, slots, labels };
}
