// One layout module per game, keyed by game id; the generic layout draws any game
// (or any pile) that a special layout does not know, so nothing is ever hidden.

import generic from "./generic.js";
import { CARD_H, GAP, missing, row } from "./geometry.js";

const SPECIAL = {
  hemispheres: () => import("./hemispheres.js"),
  "petits-paquets": () => import("./petits-paquets.js"),
  "napoleons-square": () => import("./napoleons-square.js"),
  "duchesse-de-luynes": () => import("./duchesse-de-luynes.js"),
  constitution: () => import("./constitution.js"),
  zodiac: () => import("./zodiac.js"),
  sympathie: () => import("./sympathie.js"),
  travellers: () => import("./travellers.js"),
};

const loaded = new Map();

async function special(gameId) {
  if (!(gameId in SPECIAL)) return null;
  if (!loaded.has(gameId)) {
    loaded.set(gameId, SPECIAL[gameId]().then((m) => m.default).catch(() => null));
  }
  return loaded.get(gameId);
}

// Drop slots for piles the view lacks, and add a row for piles the layout forgot.
function complete(layout, payload) {
  const piles = payload.view.piles;
  const slots = layout.slots.filter((s) => s.pile in piles);
  const rest = missing(payload, slots);
  let { width, height } = layout;
  if (rest.length) {
    const y = height + GAP * 2 + CARD_H / 2;
    slots.push(...row(rest, 0.5, y));
    height = y + CARD_H / 2;
    width = Math.max(width, rest.length * (1 + GAP));
  }
  return { ...layout, slots, width, height };
}

// The layout of ``payload``'s table for a box of the given size: a game's layout may
// offer a taller, narrower arrangement for a box taller than wide (a phone held up),
// and a flatter one (``wide``) for a box wider than tall, which is taken when it draws
// the cards larger than the usual one does.
export async function layoutFor(payload, box = null) {
  const draw = await special(payload.game.id);
  const portrait = Boolean(box && box.width < box.height);
  let layout = null;
  if (draw) {
    try {
      layout = draw(payload, { portrait });
      const flat = box && !portrait ? draw(payload, { wide: true }) : null;
      if (flat && layout && scale(flat, box) > scale(layout, box)) layout = flat;
    } catch (err) {
      console.warn("layout failed, using the generic one", err);
    }
  }
  return complete(layout || generic(payload), payload);
}

// How wide a card is drawn when ``layout`` fills ``box``.
function scale(layout, box) {
  return Math.min(box.width / layout.width, box.height / layout.height);
}
