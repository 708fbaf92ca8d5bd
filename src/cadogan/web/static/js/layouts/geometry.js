// Helpers the layouts share. Units: a card is 1 wide and CARD_H high; a slot's x and
// y are the centre of its bottom card.

export const CARD_H = 1.4;
export const GAP = 0.15;

export function slot(pile, x, y, extra = {}) {
  return { pile, x, y, fan: "stack", ...extra };
}

// Piles in a row, left to right, starting with the centre of the first at (x, y).
export function row(piles, x, y, extra = {}, pitch = 1 + GAP) {
  return piles.map((pile, i) => slot(pile, x + i * pitch, y, extra));
}

// Piles in a column, top to bottom.
export function column(piles, x, y, extra = {}, pitch = CARD_H + GAP) {
  return piles.map((pile, i) => slot(pile, x, y + i * pitch, extra));
}

// A point of the ellipse around (cx, cy) at angle t (degrees, clockwise from twelve
// o'clock), and the turn that points a card outwards there, as the plates draw it.
function onEllipse(cx, cy, rx, ry, t) {
  const rad = (t * Math.PI) / 180;
  const dx = rx * Math.sin(rad);
  const dy = -ry * Math.cos(rad);
  const turn = (Math.atan2(dx / (rx * rx), -dy / (ry * ry)) * 180) / Math.PI;
  return { x: cx + dx, y: cy + dy, turn };
}

// Piles on an ellipse at the given angles.
export function ring(piles, cx, cy, rx, ry, angles, extra = {}) {
  return piles.map((pile, i) => {
    const p = onEllipse(cx, cy, rx, ry, angles[i]);
    return slot(pile, p.x, p.y, { rotate: p.turn, ...extra });
  });
}

// Piles spaced evenly along the whole ellipse, the first at angle ``start``.
export function evenRing(piles, cx, cy, rx, ry, start = 0, extra = {}) {
  const samples = 1440;
  const lengths = [0];
  let prev = onEllipse(cx, cy, rx, ry, start);
  for (let i = 1; i <= samples; i += 1) {
    const p = onEllipse(cx, cy, rx, ry, start + (360 * i) / samples);
    lengths.push(lengths[i - 1] + Math.hypot(p.x - prev.x, p.y - prev.y));
    prev = p;
  }
  const total = lengths[samples];
  const angles = piles.map((_, k) => {
    const want = (total * k) / piles.length;
    const i = lengths.findIndex((len) => len >= want);
    return start + (360 * Math.max(i, 0)) / samples;
  });
  return ring(piles, cx, cy, rx, ry, angles, extra);
}

export function label(text, x, y, extra = {}) {
  return { text, x, y, ...extra };
}

export function numbered(prefix, from, to) {
  const names = [];
  for (let n = from; n <= to; n += 1) names.push(`${prefix}${n}`);
  return names;
}

// Which piles of the view a layout has not placed (they still get drawn, in a row).
export function missing(payload, slots) {
  const placed = new Set(slots.map((s) => s.pile));
  return Object.keys(payload.view.piles).filter((name) => !placed.has(name));
}

export function has(payload, names) {
  return names.every((name) => name in payload.view.piles);
}
