// Draws the table: each slot of the layout becomes a pile element holding its cards,
// stacked, fanned, or spread on points. The table is scaled to fit its box.

import { cardImage, cardLabel, cardName, isHidden, placeName } from "./cards.js";
import { el } from "./dom.js";
import { CARD_H } from "./layouts/geometry.js";

const MAX_CARD = 150;
const MIN_CARD = 20;
const STACK_SHOWN = 2;

export function cardWidth(box, layout) {
  const fit = Math.min(box.width / layout.width, box.height / layout.height);
  return Math.max(MIN_CARD, Math.min(MAX_CARD, Math.floor(fit)));
}

// Fanned piles whose size matters to the player, and whose fan squeezes many cards
// into little room: they show their count as a stacked pile does (a phone shows no
// tooltip).
const COUNTED = /^(p\d)?(talon|exiles|discard|pairs)$/;

function offsets(slotDef, count) {
  const fan = slotDef.fan || "stack";
  if (fan === "stack" || count < 2) return null;
  if (fan === "points") return (slotDef.points || []).map(([x, y, r]) => ({ x, y, r }));
  if (fan === "grid") {
    // Columns of ``rows`` cards, each card's corner showing: a long pile every card of
    // which is available (the Duchesse's open Discard) stays readable.
    const rows = slotDef.rows || 12;
    const across = slotDef.colStep ?? 0.6;
    const down = slotDef.step ?? 0.25;
    return Array.from({ length: count }, (_, i) => ({
      x: Math.floor(i / rows) * across, y: (i % rows) * down, r: 0,
    }));
  }
  const step = Math.min(slotDef.step ?? 0.25, (slotDef.max ?? 1.2) / (count - 1));
  const dir = { down: [0, 1], up: [0, -1], right: [1, 0], left: [-1, 0] }[fan] || [0, 0];
  return Array.from({ length: count }, (_, i) => ({ x: dir[0] * step * i, y: dir[1] * step * i, r: 0 }));
}

export function pileName(name, slotDef) {
  if (typeof slotDef.caption === "string") return `${slotDef.caption} (${name})`;
  return name;
}

export function describePile(name, cards, slotDef) {
  const title = pileName(name, slotDef);
  if (!cards.length) return `${title}: empty`;
  const top = cards[cards.length - 1];
  const up = cards.filter((c) => !isHidden(c));
  const count = cards.length === 1 ? "1 card" : `${cards.length} cards`;
  const shown = up.length > 1 ? `; face up, bottom first: ${up.map(cardLabel).join(" ")}` : "";
  return `${title}: ${count}, top card ${cardName(top)}${shown}`;
}

function cardNode(card, index, cw, pos) {
  const img = el("img", {
    class: isHidden(card) ? "card back" : "card",
    src: cardImage(card),
    alt: cardName(card),
    role: "img",
    "aria-label": cardName(card),
    draggable: "false",
    "data-card": isHidden(card) ? null : card,
    "data-index": index,
  });
  if (pos) {
    img.style.left = `${pos.x * cw}px`;
    img.style.top = `${pos.y * cw}px`;
    if (pos.r) img.style.transform = `rotate(${pos.r}deg)`;
  }
  return img;
}

// A slot may spread its pile once every card in it lies face up (a Discard that opens).
function effective(slotDef, cards) {
  const open = slotDef.spreadWhenUp && cards.length > 1 && cards.every((c) => !isHidden(c));
  return open ? { ...slotDef, ...slotDef.spreadWhenUp } : slotDef;
}

function pileNode(given, cards, cw) {
  const slotDef = effective(given, cards);
  const scale = slotDef.scale || 1;
  const w = cw * scale;
  const node = el("div", {
    class: slotDef.decor ? "pile decor" : "pile",
    role: slotDef.decor ? "group" : "button",
    tabindex: slotDef.decor ? null : "-1",
    "data-pile": slotDef.pile,
    "aria-label": describePile(slotDef.pile, cards, slotDef),
    title: describePile(slotDef.pile, cards, slotDef),
  });
  node.style.width = `${w}px`;
  node.style.height = `${w * CARD_H}px`;
  node.style.left = `${slotDef.x * cw - w / 2}px`;
  node.style.top = `${slotDef.y * cw - (w * CARD_H) / 2}px`;
  if (slotDef.rotate) node.style.transform = `rotate(${slotDef.rotate}deg)`;
  const places = offsets(slotDef, cards.length);
  const first = places ? 0 : Math.max(0, cards.length - STACK_SHOWN);
  for (let i = first; i < cards.length; i += 1) {
    node.append(cardNode(cards[i], i, w, places ? places[i] || places[places.length - 1] : null));
  }
  const turn = slotDef.rotate || 0;
  if (!cards.length) {
    const words = el("span", { class: "placeholder", text: slotDef.caption && slotDef.caption !== true ? slotDef.caption : placeName(slotDef.pile) });
    if (upsideDown(turn)) words.style.transform = "rotate(180deg)"; // read from the table's edge
    node.append(words);
  }
  // (A grid shows every card: a count would only cover some of them.)
  if (cards.length > 1 && slotDef.fan !== "grid" && (!places || COUNTED.test(slotDef.pile))) {
    if (!places) node.classList.add("stacked");
    const badge = el("span", { class: "count", "aria-hidden": "true", text: String(cards.length) });
    if (turn) badge.style.transform = `rotate(${-turn}deg)`; // the count stands upright
    node.append(badge);
  }
  return node;
}

// Whether a pile turned by ``deg`` would show its words upside down.
function upsideDown(deg) {
  const turn = ((deg % 360) + 360) % 360;
  return turn > 90 && turn < 270;
}

function labelNode(def, cw) {
  const node = el("div", { class: `label ${def.cls || ""}`, "aria-hidden": "true", text: def.text });
  node.style.left = `${def.x * cw}px`;
  node.style.top = `${def.y * cw}px`;
  node.style.fontSize = `${(def.size || 0.26) * cw}px`;
  const shift = def.align === "left" ? "0" : "-50%";
  node.style.transform = `translate(${shift}, -50%) rotate(${def.rotate || 0}deg)`;
  return node;
}

function captionNode(slotDef, cw) {
  const w = cw * (slotDef.scale || 1);
  const node = el("div", { class: "caption", "aria-hidden": "true", text: slotDef.caption });
  node.style.left = `${slotDef.x * cw}px`;
  node.style.top = `${slotDef.y * cw - (w * CARD_H) / 2 - 0.2 * cw}px`;
  node.style.fontSize = `${0.22 * cw}px`;
  return node;
}

// The table is one Tab stop (a roving tabindex): ``pile`` alone is reached by Tab, the
// arrows move between the piles (keyboard.js) and take the stop with them.
export function rove(table, pile) {
  for (const node of table.querySelectorAll(".pile[tabindex='0']")) node.tabIndex = -1;
  pile.tabIndex = 0;
}

// Build the table element for ``payload`` inside a box of the given size; the Tab stop
// is the pile named ``stop``, or the first pile when there is no such pile.
export function drawTable(payload, layout, box, name, stop = null) {
  const cw = cardWidth(box, layout);
  const table = el("div", { class: "table", role: "group", "aria-label": name });
  table.style.width = `${layout.width * cw}px`;
  table.style.height = `${layout.height * cw}px`;
  table.style.setProperty("--cw", `${cw}px`);
  for (const def of layout.labels || []) table.append(labelNode(def, cw));
  for (const def of layout.slots) {
    if (typeof def.caption === "string" && !def.rotate) table.append(captionNode(def, cw));
    table.append(pileNode(def, payload.view.piles[def.pile] || [], cw));
  }
  const piles = [...table.querySelectorAll(".pile:not(.decor)")];
  const held = piles.find((node) => node.dataset.pile === stop) || piles[0];
  if (held) rove(table, held);
  return table;
}
