// Reading the server's legal-move list in terms of piles: which moves leave a pile
// (or a card of a spread pile), where they go, and which actions a pile offers.
// The page never decides legality; it only finds the listed move a click means.

import { cardLabel, isHidden } from "./cards.js";

// Whether a move may take from ``pile``: its first argument names that pile, or a
// face-up card lying in it (as in "take Qc found5"; a twin may lie face up elsewhere).
function takesFrom(move, pile, piles) {
  if (move.args.length < 2) return false;
  const first = move.args[0];
  if (first in piles) return first === pile;
  return (piles[pile] || []).some((c) => !isHidden(c) && c === first);
}

function cardOf(move, piles) {
  return move.args[0] in piles ? null : move.args[0];
}

// The card a move carries, when the page can tell: named in the move ("take Qc found5"),
// or given by the server (La Duchesse de Luynes' "discard found1" carries some card of
// the open Discard, not its top).
function carried(move, piles) {
  return cardOf(move, piles) || move.card || null;
}

// Whether a press on ``pile`` means the card pressed and not the pile's top: some listed
// move takes a card out of it that is not its top (an open Discard, packet 13).
export function spreadPile(payload, pile) {
  const piles = payload.view.piles;
  const cards = piles[pile] || [];
  const top = cards[cards.length - 1];
  return payload.moves.some((m) => {
    if (!targetOf(m, piles) || !takesFrom(m, pile, piles)) return false;
    const card = carried(m, piles);
    return card !== null && card !== top;
  });
}

export function targetOf(move, piles) {
  const last = move.args[move.args.length - 1];
  return move.args.length >= 2 && last in piles ? last : null;
}

// Moves that take from the selection ({pile, card}) to some pile.
export function movesFrom(payload, selection) {
  const piles = payload.view.piles;
  return payload.moves.filter((m) => {
    if (!targetOf(m, piles) || !takesFrom(m, selection.pile, piles)) return false;
    const card = carried(m, piles);
    return !selection.card || !card || card === selection.card;
  });
}

export function targetsFrom(payload, selection) {
  return new Set(movesFrom(payload, selection).map((m) => targetOf(m, payload.view.piles)));
}

// Actions naming only this pile ("turn spare", "travel packet3").
export function actionsOn(payload, pile) {
  return payload.moves.filter((m) => !m.transfer && m.args.length === 1 && m.args[0] === pile);
}

// Buttons: actions with no pile pair (deal, redeal, exile, grace, turn spare ...).
export function buttonMoves(payload) {
  return payload.moves.filter((m) => !m.transfer && !targetOf(m, payload.view.piles));
}

// Two-pile actions such as "exchange a b", offered in a list per verb.
export function pairedActions(payload) {
  const groups = new Map();
  for (const m of payload.moves) {
    if (m.transfer || !targetOf(m, payload.view.piles)) continue;
    if (!groups.has(m.verb)) groups.set(m.verb, []);
    groups.get(m.verb).push(m);
  }
  return groups;
}

export function isFoundation(name) {
  return /^found/.test(name);
}

// Of the listed moves onto one pile, the one the press meant.  Where two play twins of
// one card from a spread pile (La Duchesse de Luynes' "discard found2" and "discard lower
// found2", Les Petits Paquets' "take 5h found3" and "take 5h upper found3"), the copy
// pressed decides: "lower" takes the copy nearest the bottom, "upper" the one nearest
// the top, and the move without either word the other one.  Otherwise the first.
export function pressedMove(moves, selection, piles) {
  const pressed = selection.pressed;
  if (moves.length < 2 || !pressed || selection.index == null) return moves[0];
  const cards = piles[selection.pile] || [];
  const copies = cards.flatMap((c, i) => (c === pressed ? [i] : []));
  if (copies.length < 2) return moves[0];
  const same = moves.filter((m) => carried(m, piles) === pressed);
  const worded = (word) => same.find((m) => m.args.includes(word));
  const plain = same.find((m) => !m.args.includes("lower") && !m.args.includes("upper"));
  let chosen = null;
  if (selection.index === copies[0]) chosen = worded("lower") || (worded("upper") && plain);
  else if (selection.index === copies[copies.length - 1]) {
    chosen = worded("upper") || (worded("lower") && plain);
  }
  return chosen || moves[0];
}

// The text to send when the player drops on a pile that no listed move reaches, so
// that the server can say which rule refuses it.
export function attemptText(payload, selection, target) {
  const verbs = new Set(payload.moves.filter((m) => takesFrom(m, selection.pile, payload.view.piles))
    .map((m) => m.verb));
  const [verb] = verbs.size === 1 ? [...verbs] : ["move"];
  const named = payload.moves.some((m) => takesFrom(m, selection.pile, payload.view.piles)
    && cardOf(m, payload.view.piles));
  const from = (named && selection.card) || selection.pile;
  return verb === "move" ? `${from} ${target}` : `${verb} ${from} ${target}`;
}

// The face-up top card of a pile in words ("2\u2666"), or null.
export function topLabel(payload, pile) {
  const cards = payload.view.piles[pile] || [];
  const top = cards[cards.length - 1];
  return top && !isHidden(top) ? cardLabel(top) : null;
}

// A listed move's text with the cards it carries, as the server's hints name them:
// "asiatic3 found3 (2\u2666)", "exchange european1 australian2 (4\u2660, 2\u2665)".
export function spoken(payload, text) {
  const move = payload.moves.find((m) => m.text === text);
  if (!move) return text;
  const piles = payload.view.piles;
  const paired = move.args.length >= 2 && move.args.every((a) => a in piles);
  // A transfer names the card the server says it carries (a Duchesse Discard play takes
  // a card from anywhere in the Discard, not its top).
  if (move.transfer) return move.card ? `${text} (${cardLabel(move.card)})` : text;
  const named = paired ? move.args : [];
  const labels = named.map((pile) => topLabel(payload, pile));
  return labels.length && labels.every(Boolean) ? `${text} (${labels.join(", ")})` : text;
}
