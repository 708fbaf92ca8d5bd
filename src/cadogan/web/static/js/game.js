// The controller of the game on screen: it keeps the server's latest answer, the
// picked-up pile, and turns clicks into the move texts the server listed.

import { api, ApiError } from "./api.js";
import { $ } from "./dom.js";
import { layoutFor } from "./layouts/index.js";
import {
  actionsOn, attemptText, isFoundation, movesFrom, pressedMove, spoken, spreadPile, targetOf,
  targetsFrom,
  topLabel,
} from "./moves.js";
import { cardLabel, isHidden, placeName } from "./cards.js";
import { drawTable } from "./render.js";
import { complain, offline, refuse, say, showResult } from "./status.js";

export const ctl = {
  payload: null, // the live game, as the server last described it
  frame: null, // a replay frame when the replay viewer is open
  live: null, // the room's WebSocket (live.js), when the game is a room
  layout: null,
  selection: null, // {pile, card}
  hint: null,
  tabStop: null, // the pile that holds the table's Tab stop: the one last focused
  version: 0, // counts the tables received: an answer asked of an older one is stale
  sending: null, // the version a move was sent from while its answer is awaited
  left: null, // the id of the room this page's player has just left (its news is his)
  listeners: [],
};

export function onUpdate(fn) {
  ctl.listeners.push(fn);
}

function shown() {
  return ctl.frame || ctl.payload;
}

export async function redraw() {
  const payload = shown();
  const box = $("#table-box");
  if (!payload) return;
  const focused = document.activeElement?.dataset?.pile;
  const rect = box.getBoundingClientRect();
  ctl.layout = await layoutFor(payload, rect);
  const name = `${payload.game?.name || ctl.payload?.game.name} table`;
  const table = drawTable(payload, ctl.layout, { width: rect.width, height: rect.height }, name, ctl.tabStop);
  box.replaceChildren(table);
  markSelection();
  // The pile in focus is drawn anew: the focus goes to the new one of its name (or, gone,
  // to the table's Tab stop), not to the page's body.
  if (focused) {
    const same = box.querySelector(`[data-pile="${CSS.escape(focused)}"]`);
    (same || box.querySelector(".pile[tabindex='0']"))?.focus();
  }
}

function markSelection() {
  const box = $("#table-box");
  const targets = ctl.selection && !ctl.frame ? targetsFrom(ctl.payload, ctl.selection) : new Set();
  for (const node of box.querySelectorAll(".pile")) {
    const name = node.dataset.pile;
    const picked = ctl.selection?.pile === name;
    node.classList.toggle("selected", picked);
    node.classList.toggle("target", targets.has(name));
    node.classList.toggle("hinted", ctl.hint?.includes(name) ?? false);
    node.setAttribute("aria-pressed", picked ? "true" : "false");
    const base = node.getAttribute("title");
    const extra = picked ? ", picked up" : targets.has(name) ? ", a legal destination" : "";
    node.setAttribute("aria-label", base + extra);
  }
  for (const img of box.querySelectorAll(".card.picked")) img.classList.remove("picked");
  if (ctl.selection?.card) {
    const pile = box.querySelector(`[data-pile="${CSS.escape(ctl.selection.pile)}"]`);
    pile?.querySelector(`[data-card="${CSS.escape(ctl.selection.card)}"]`)?.classList.add("picked");
  }
}

// Show a table the server sent.  ``same``: it is the position already on screen (a
// room's join, leave or name news), so a card in hand, a hint shown and a hint still
// being sought all stand; any other table is a new position and drops them.
export async function setPayload(payload, message, same = false) {
  ctl.payload = payload;
  if (!same) {
    ctl.version += 1;
    ctl.selection = null;
    ctl.hint = null;
  }
  await redraw();
  for (const fn of ctl.listeners) fn(payload);
  showResult(payload);
  if (message) say(message);
}

// Run a server call that answers with the game; show its refusal if it refuses.
export async function run(call, message) {
  try {
    const payload = await call();
    await setPayload(payload, message);
    return true;
  } catch (err) {
    if (err instanceof ApiError) complain(err);
    else throw err;
    return false;
  }
}

// Send a move: over the room's WebSocket (the table comes back to everyone), or by HTTP.
// One move at a time: a second click before the first move's table arrives (a
// double-click on Deal) is ignored, since it would play the move again.
export function send(text) {
  if (ctl.sending === ctl.version) return Promise.resolve(false);
  if (ctl.live) {
    ctl.selection = null;
    if (!ctl.live.send({ type: "move", move: text })) offline();
    else ctl.sending = ctl.version; // a new table, a refusal or a reconnection ends it
    return Promise.resolve(true);
  }
  ctl.sending = ctl.version;
  return run(() => api.move(ctl.payload.id, text), `Played ${spoken(ctl.payload, text)}.`)
    .finally(() => { ctl.sending = null; });
}

// The move sent has been answered without a new table (refused, or the room's
// connection dropped and came back): the next click is a move again.
export function answered() {
  ctl.sending = null;
}

// In a room, or at someone else's game: say why this person cannot move now.
function notYours(payload) {
  if (payload.can_act !== false || payload.over || !payload.waiting) return false;
  refuse(payload.waiting);
  return true;
}

function select(selection) {
  ctl.selection = selection;
  markSelection();
  if (!selection) return;
  const count = targetsFrom(ctl.payload, selection).size;
  const card = selection.card ? cardLabel(selection.card) : topLabel(ctl.payload, selection.pile);
  const what = card ? `${card} (${selection.pile})` : selection.pile;
  say(count ? `Picked up ${what}: ${count} legal destination${count > 1 ? "s" : ""} highlighted.`
    : `Picked up ${what}; no legal destination is listed for it.`);
}

// Play the card in hand onto ``target``.  A refused move leaves it in hand, as it still
// looks (its destinations lit), with the rule that refused it on the message line.
async function drop(target) {
  const sel = ctl.selection;
  ctl.selection = null;
  const piles = ctl.payload.view.piles;
  const moves = movesFrom(ctl.payload, sel).filter((m) => targetOf(m, piles) === target);
  const version = ctl.version;
  const played = await send(moves.length ? pressedMove(moves, sel, piles).text : attemptText(ctl.payload, sel, target));
  // Only onto the table it was refused on: an undo may have answered first.
  if (!played && !ctl.selection && !ctl.live && ctl.version === version) {
    ctl.selection = sel;
    markSelection();
  }
  return played;
}

// Piles a click turns or deals from, whose action names no pile.
const TURNED = /^(pack|stock|spare)$/;

// The pile an action that names none is made on: Les Petits Paquets' exile turns the
// top of the exiles, Sympathie's grace the grace of the player to move.
function ownPile(verb, payload) {
  if (verb === "exile") return "exiles";
  if (verb === "grace") return `p${payload.turn}grace`;
  return null;
}

// What a press on ``pile`` takes: the card pressed, when a listed move takes that very
// card out of a spread pile, else the pile's top.  The card pressed and its place in the
// pile are kept as well: of two twins in a spread pile they say which copy is meant.
function selectionAt(payload, pile, card, index = null) {
  const spread = card && (spreadPile(payload, pile)
    || movesFrom(payload, { pile, card }).some((m) => m.args[0] === card));
  return { pile, card: spread ? card : null, pressed: card, index };
}

// A click (or Enter) on a pile, or on one card of a spread pile.
export async function clickPile(pile, card = null, index = null) {
  const payload = ctl.payload;
  if (!payload || ctl.frame || notYours(payload)) return;
  if (ctl.selection) {
    // The card in hand clicked again (a whole pile is in hand when no card is named).
    if (ctl.selection.pile === pile && (!card || !ctl.selection.card || card === ctl.selection.card)) {
      select(null);
      return say("Put down.");
    }
    return drop(pile);
  }
  const cards = payload.view.piles[pile] || [];
  const selection = selectionAt(payload, pile, card, index);
  if (movesFrom(payload, selection).length) return select(selection);
  const actions = actionsOn(payload, pile);
  if (actions.length === 1) return send(actions[0].text);
  // An action made on this pile with words after it (Napoleon's Square's "slip packet5
  // kc"): a click on the pile makes it when it is the pile's only one.
  const worded = payload.moves.filter((m) => !m.transfer && m.args[0] === pile
    && !targetOf(m, payload.view.piles));
  if (worded.length === 1) return send(worded[0].text);
  const zero = payload.moves.filter((m) => !m.transfer && m.args.length === 0);
  if (TURNED.test(pile) && zero.length === 1) return send(zero[0].text);
  const own = zero.find((m) => ownPile(m.verb, payload) === pile);
  if (own) return send(own.text);
  // The pack with no deal allowed now: ask for it anyway, so that the server says which
  // rule holds it back (a card to play first, the pack dealt out ...).
  const dealing = ["deal", "turn"].find((v) => payload.game.verbs.includes(v));
  if (TURNED.test(pile) && !zero.length && dealing && !payload.over) return send(dealing);
  const single = payload.moves.find((m) => !m.transfer && m.args.length === 1);
  if (single && !payload.moves.some((m) => m.args.length >= 2)) return send(`${single.verb} ${pile}`);
  if (!cards.length) return say(`${pile} is empty.`);
  if (isHidden(cards[cards.length - 1])) {
    return say(`${placeName(pile)} lies face down: its cards cannot be picked up.`);
  }
  return select(selection);
}

export function dblclickPile(pile, card = null) {
  if (!ctl.payload || ctl.frame || notYours(ctl.payload)) return null;
  const sel = selectionAt(ctl.payload, pile, card);
  const home = movesFrom(ctl.payload, sel).find((m) => isFoundation(targetOf(m, ctl.payload.view.piles)));
  ctl.selection = null;
  if (home) return send(home.text);
  refuse(`no foundation takes ${sel.card ? cardLabel(sel.card) : `the top card of ${pile}`} now`);
  return markSelection();
}

export function cancel() {
  if (ctl.selection) {
    select(null);
    say("Put down.");
  }
}

export function startDrag(pile, card, index = null) {
  if (!ctl.payload || ctl.frame) return false;
  const selection = selectionAt(ctl.payload, pile, card, index);
  if (ctl.payload.can_act === false) return false; // a watcher, or not this player's turn
  if (!movesFrom(ctl.payload, selection).length) {
    // A face-up card with no listed move may be dragged, and its drop says the rule that
    // refuses it; a pile that acts when clicked (the pack, a packet to turn) keeps its
    // click, even when the finger slips a little.
    const cards = ctl.payload.view.piles[pile] || [];
    if (!cards.length || isHidden(cards[cards.length - 1]) || actionsOn(ctl.payload, pile).length) return false;
    if (TURNED.test(pile)) return false;
  }
  select(selection);
  return true;
}

export function dropOn(pile) {
  if (!ctl.selection) return null;
  if (ctl.selection.pile === pile) return select(null);
  return drop(pile);
}

export function showHint(move) {
  ctl.hint = move ? move.split(" ") : null;
  markSelection();
}
