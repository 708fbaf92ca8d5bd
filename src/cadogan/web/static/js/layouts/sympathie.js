// Sympathie: the two players' sides face each other across the table, the viewer's own
// side below, as at a card table (player 2 above and player 1 below, unless the viewer
// sits as player 2); each side holds seventeen packets of three (in two rows), the
// grace card and the pairs withdrawn beside them. The side whose turn it is is marked.
// On a box taller than wide each side's packets come in three rows of six, six and five.

import { CARD_H, has, label, numbered, row, slot } from "./geometry.js";

const PITCH = 1.15;
const FAN = { fan: "down", step: 0.15, max: 0.3 };
const ROW = CARD_H + 0.45;

const PAIRS = { fan: "down", step: 0.02, max: 0.3, caption: "Pairs" };

function wide(packets, player, y) {
  const x0 = 0.6;
  return [
    ...row(packets.slice(0, 9), x0, y, FAN, PITCH),
    ...row(packets.slice(9), x0 + PITCH / 2, y + ROW, FAN, PITCH),
    slot(`p${player}grace`, x0 + 9 * PITCH + 0.6, y, { caption: "Grace" }),
    slot(`p${player}pairs`, x0 + 10 * PITCH + 0.6, y, PAIRS),
  ];
}

function tall(packets, player, y) {
  const x0 = 0.6;
  return [
    ...row(packets.slice(0, 6), x0, y, FAN, PITCH),
    ...row(packets.slice(6, 12), x0, y + ROW, FAN, PITCH),
    ...row(packets.slice(12), x0 + PITCH / 2, y + 2 * ROW, FAN, PITCH),
    slot(`p${player}grace`, x0 + 6 * PITCH + 0.3, y, { caption: "Grace" }),
    slot(`p${player}pairs`, x0 + 6 * PITCH + 0.3, y + ROW, PAIRS),
  ];
}

function side(player, top, payload, portrait) {
  const packets = numbered(`p${player}packet`, 1, 17);
  const slots = (portrait ? tall : wide)(packets, player, top + 0.5 + CARD_H / 2);
  const turn = payload.turn === player && !payload.over ? " \u2014 to play" : "";
  const seat = (payload.seats || []).find((s) => s.seat === player);
  const name = seat && seat.name !== `player ${player}` ? seat.name : "";
  const parts = [seat?.free ? "free seat" : name, seat?.you ? "you" : ""].filter(Boolean);
  const who = payload.room && parts.length ? ` \u00b7 ${parts.join(", ")}` : "";
  const labels = [label(`Player ${player}${who}${turn}`, 0.1, top + 0.15, { align: "left", size: 0.3, cls: turn ? "plate turn" : "plate" })];
  return { slots, labels };
}

export default function sympathie(payload, { portrait = false } = {}) {
  const names = [1, 2].flatMap((p) => [...numbered(`p${p}packet`, 1, 17), `p${p}grace`, `p${p}pairs`]);
  if (!has(payload, names)) return null;
  const height = 0.5 + CARD_H + (portrait ? 2 : 1) * ROW + 0.3;
  const mine = (payload.seats || []).find((s) => s.you)?.seat;
  const [upper, lower] = mine === 2 ? [1, 2] : [2, 1];
  const above = side(upper, 0, payload, portrait);
  const below = side(lower, height + 0.35, payload, portrait);
  return {
    width: portrait ? 0.6 + 6 * PITCH + 0.9 : 0.6 + 10 * PITCH + 1.6,
    height: 2 * height + 0.5,
    slots: [...above.slots, ...below.slots],
    labels: [...above.labels, ...below.labels],
  };
}
