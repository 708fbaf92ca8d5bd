// Napoleon's Square (plate, 1914 p. 48, turned upright): three sides of four packets
// round the eight foundations, the fourth side left open for the pack and talon.
// The packets are fanned towards the middle, so the whole square can be read. On a box
// taller than wide (a phone held up) the side packets are fanned downwards instead, so
// that the square is narrower and taller and its cards can be drawn larger.

import { CARD_H, has, label, numbered, row, slot } from "./geometry.js";

const FAN = 1.3;
const PITCH_Y = CARD_H + 0.2;
const LEFT = 0.5;
const TOP = 0.75;
const MID = 5.95;

export default function napoleonsSquare(payload, { portrait = false } = {}) {
  const packets = numbered("packet", 1, 12);
  if (!has(payload, [...packets, ...numbered("found", 1, 8), "pack", "talon"])) return null;
  if (portrait) return upright(packets);
  const right = 2 * MID - LEFT; // centre of the outermost card on the right side
  const slots = sides(packets, LEFT, right - FAN, PITCH_Y, { fan: "right", step: 0.3, max: FAN });
  slots.push(...row(packets.slice(4, 8), MID - 1.5 * 1.25, TOP, { fan: "down", step: 0.3, max: FAN }, 1.25));
  const by = TOP + 4 * PITCH_Y + 0.6;
  slots.push(...middle(MID, TOP + CARD_H + FAN + 0.55, by, "right"));
  const labels = [label("NAPOLEON'S SQUARE", MID, by + 1.05, { cls: "title" })];
  return { width: right + 0.5, height: by + 1.3, slots, labels };
}

// The upright square: the side packets fanned downwards, one above another; the top
// side, the foundations, then the pack and talon down the middle.
function upright(packets) {
  const fan = { fan: "down", step: 0.3, max: FAN };
  const pitchY = CARD_H + FAN + 0.25;
  const mid = 3.65;
  const right = 2 * mid - LEFT;
  const slots = sides(packets, LEFT + 0.1, right - 0.1, pitchY, fan);
  slots.push(...row(packets.slice(4, 8), mid - 1.5 * 1.15, TOP, fan, 1.15));
  const fy = TOP + CARD_H + FAN + 0.5;
  const by = fy + 2 * PITCH_Y + 0.5;
  slots.push(...middle(mid, fy, by, "down"));
  const labels = [label("NAPOLEON'S SQUARE", mid, by + CARD_H + 0.45, { cls: "title" })];
  const bottom = TOP + 3 * pitchY + CARD_H / 2 + FAN + 0.3;
  return { width: right + LEFT + 0.1, height: Math.max(bottom, by + CARD_H + 0.7), slots, labels };
}

// The left side, bottom to top, at x = left, and the right side, top to bottom, at x =
// right, a packet every `pitch` down from the top.
function sides(packets, left, right, pitch, fan) {
  return [
    ...packets.slice(0, 4).map((p, i) => slot(p, left, TOP + (3 - i) * pitch, fan)),
    ...packets.slice(8, 12).map((p, i) => slot(p, right, TOP + i * pitch, fan)),
  ];
}

// The two rows of foundations from y = fy, and the pack and talon at y = by, round x = mid.
function middle(mid, fy, by, talonFan) {
  return [
    ...row(numbered("found", 1, 4), mid - 1.5 * 1.15, fy, {}, 1.15),
    ...row(numbered("found", 5, 8), mid - 1.5 * 1.15, fy + PITCH_Y, {}, 1.15),
    slot("pack", mid - 0.65, by, { caption: "Pack" }),
    slot("talon", mid + 0.65, by, { fan: talonFan, step: 0.18, max: 0.6, caption: "Talon" }),
  ];
}
