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
  const slots = [];
  // Left side, bottom to top; top side, left to right; right side, top to bottom.
  packets.slice(0, 4).forEach((p, i) => {
    slots.push(slot(p, LEFT, TOP + (3 - i) * PITCH_Y, { fan: "right", step: 0.3, max: FAN }));
  });
  slots.push(...row(packets.slice(4, 8), MID - 1.5 * 1.25, TOP, { fan: "down", step: 0.3, max: FAN }, 1.25));
  packets.slice(8, 12).forEach((p, i) => {
    slots.push(slot(p, right - FAN, TOP + i * PITCH_Y, { fan: "right", step: 0.3, max: FAN }));
  });
  const fy = TOP + CARD_H + FAN + 0.55;
  slots.push(...row(numbered("found", 1, 4), MID - 1.5 * 1.15, fy, {}, 1.15));
  slots.push(...row(numbered("found", 5, 8), MID - 1.5 * 1.15, fy + PITCH_Y, {}, 1.15));
  const by = TOP + 4 * PITCH_Y + 0.6;
  slots.push(
    slot("pack", MID - 0.65, by, { caption: "Pack" }),
    slot("talon", MID + 0.65, by, { fan: "right", step: 0.18, max: 0.6, caption: "Talon" }),
  );
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
  const slots = [];
  packets.slice(0, 4).forEach((p, i) => slots.push(slot(p, LEFT + 0.1, TOP + (3 - i) * pitchY, fan)));
  slots.push(...row(packets.slice(4, 8), mid - 1.5 * 1.15, TOP, fan, 1.15));
  packets.slice(8, 12).forEach((p, i) => slots.push(slot(p, right - 0.1, TOP + i * pitchY, fan)));
  const fy = TOP + CARD_H + FAN + 0.5;
  slots.push(...row(numbered("found", 1, 4), mid - 1.5 * 1.15, fy, {}, 1.15));
  slots.push(...row(numbered("found", 5, 8), mid - 1.5 * 1.15, fy + PITCH_Y, {}, 1.15));
  const by = fy + 2 * PITCH_Y + 0.5;
  slots.push(
    slot("pack", mid - 0.65, by, { caption: "Pack" }),
    slot("talon", mid + 0.65, by, { fan: "down", step: 0.18, max: 0.6, caption: "Talon" }),
  );
  const labels = [label("NAPOLEON'S SQUARE", mid, by + CARD_H + 0.45, { cls: "title" })];
  const bottom = TOP + 3 * pitchY + CARD_H / 2 + FAN + 0.3;
  return { width: right + LEFT + 0.1, height: Math.max(bottom, by + CARD_H + 0.7), slots, labels };
}
