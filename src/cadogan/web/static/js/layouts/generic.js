// The fallback layout, built from the game's own sections: each section is a titled
// block of piles, and blocks flow left to right in lines, like words in a paragraph.

import { CARD_H, GAP, label, row } from "./geometry.js";

const MAX_WIDTH = 17;
const TITLE = 0.45;
const FAN = 0.7;
const STACKED = /^(pack|talon|stock|discard|found|exiles|kings|spare|aside)/;

function block(section, payload) {
  const fanned = section.piles.some((p) => !STACKED.test(p) && payload.view.piles[p]);
  const width = section.piles.length * (1 + GAP) - GAP;
  const height = TITLE + CARD_H + (fanned ? FAN : 0);
  return { section, width, height, fanned };
}

export function flow(sections, payload, top = 0) {
  const slots = [];
  const labels = [];
  let x = 0;
  let y = top;
  let lineHeight = 0;
  let widest = 0;
  for (const b of sections.map((s) => block(s, payload))) {
    if (x > 0 && x + b.width > MAX_WIDTH) {
      x = 0;
      y += lineHeight + GAP * 2;
      lineHeight = 0;
    }
    labels.push(label(b.section.title, x, y + TITLE / 2, { align: "left", size: 0.26 }));
    const extra = b.fanned ? { fan: "down", max: FAN } : {};
    const piles = b.section.piles.filter((p) => p in payload.view.piles);
    slots.push(...row(piles, x + 0.5, y + TITLE + CARD_H / 2, extra));
    x += b.width + GAP * 4;
    widest = Math.max(widest, x);
    lineHeight = Math.max(lineHeight, b.height);
  }
  return { width: Math.max(widest - GAP * 4, 1), height: y + lineHeight, slots, labels };
}

export default function generic(payload) {
  return flow(payload.sections, payload);
}
