// The buttons: the game's own actions (from the legal moves that are not transfers),
// the full list of legal moves, and the tools: undo, redo, restart, new deal, hint,
// autoplay, "is this deal winnable?", records.

import { api, ApiError, notADeal } from "./api.js";
import { cardLabel, placeName } from "./cards.js";
import { $, capital, clear, el } from "./dom.js";
import { ctl, run, send, showHint } from "./game.js";
import { buttonMoves, pairedActions, spoken, topLabel } from "./moves.js";
import { complain, refuse, say, setBusy } from "./status.js";

// A card written in a move's text ("Qh", "kc" for a slip's king) as the table prints
// it ("Q\u2665", "K\u2663"), or null for a word that is no card.
const CARD = /^([a2-9tjqk])([cdhs])$/i;
const cardWord = (word) => (CARD.test(word) ? cardLabel(word[0].toUpperCase() + word[1].toLowerCase()) : null);
// A move's argument for the player: a pile by its name, a card by its label.
const argWords = (payload, a) => (a in payload.view.piles ? placeName(a) : cardWord(a) ?? a);
// An action's words with its piles named for the player: "turn packet 1", not "turn
// p1packet1"; "slip packet 5 K\u2663", not "slip packet5 kc".
const inWords = (payload, move) => [move.verb, ...move.args.map((a) => argWords(payload, a))].join(" ");
// A pile with its face-up top card, for the lists of paired actions: "4\u2660 european1";
// a card named in the move (Petits Paquets' take) by its label.
const named = (payload, pile) => (pile in payload.view.piles
  ? [topLabel(payload, pile), pile].filter(Boolean).join(" ") : cardWord(pile) ?? pile);
// Two piles are exchanged both ways; a named card goes one way, onto the pile.
const joiner = (payload, move) => (move.args[0] in payload.view.piles ? " \u2194 " : " \u2192 ");

// Which of the action controls has the focus: its move, its words and its place, so
// that the rebuilt box gives it back (a keyboard user keeps his place after a move).
function focusedAction(box) {
  const controls = [...box.querySelectorAll("button, select")];
  const index = controls.indexOf(document.activeElement);
  if (index < 0) return null;
  const node = controls[index];
  return { move: node.dataset.move, text: node.textContent, tag: node.tagName, index };
}

// Focus the rebuilt control of the same move, else of the same words, else the one in
// the same place (the next action), if any.
function refocus(box, was) {
  if (!was) return;
  const controls = [...box.querySelectorAll("button, select")];
  const same = controls.find((n) => was.move && n.dataset.move === was.move)
    || controls.find((n) => n.tagName === was.tag && n.textContent === was.text)
    || controls[Math.min(was.index, controls.length - 1)];
  same?.focus();
}

function actionButtons(payload) {
  const was = focusedAction($("#actions"));
  const box = clear($("#actions"));
  for (const move of buttonMoves(payload)) {
    box.append(el("button", {
      type: "button", class: "action", "data-move": move.text,
      onclick: () => send(move.text), text: capital(inWords(payload, move)),
    }));
  }
  for (const [verb, moves] of pairedActions(payload)) {
    const pick = el("select", { "aria-label": `${capital(verb)}: choose the piles`, class: "paired" },
      moves.map((m) => el("option", { value: m.text, text: m.args.map((a) => named(payload, a)).join(joiner(payload, m)) })));
    box.append(el("span", { class: "group" }, pick,
      el("button", { type: "button", class: "action", onclick: () => send(pick.value), text: capital(verb) })));
  }
  refocus(box, was);
}

function moveList(payload) {
  const list = clear($("#all-moves"));
  for (const move of payload.moves) {
    list.append(el("option", { value: move.text, text: spoken(payload, move.text) }));
  }
  $("#play-listed").disabled = !payload.moves.length;
  $("#moves-count").textContent = String(payload.moves.length);
}

// The options that differ from the book's, the phase (when not plain play) and the
// game's counters, as the command line's header shows them: re-deals left, the next
// count, the Race marriages made ... ("vars" of the player's view).
export function phaseText(payload) {
  const changed = payload.game.options
    .filter((o) => payload.options[o.name] !== o.default)
    .map((o) => `${o.name}=${payload.options[o.name]}`);
  const parts = changed.length ? [changed.join(", ")] : [];
  if (payload.phase !== "play" && !payload.over) parts.push(payload.phase);
  if (!payload.over) parts.push(...(payload.counters || [])); // in words (Game.counters)
  return parts.map((p) => ` \u00b7 ${p}`).join("");
}

export function update(payload) {
  actionButtons(payload);
  moveList(payload);
  $("#undo").disabled = !payload.can_undo;
  $("#redo").disabled = !payload.can_redo;
  // The solver answers for the player to move: in a room only he may ask it, and a
  // watcher never may (the server refuses them too).
  const idle = !payload.you.length || (payload.room && !payload.can_act);
  $("#hint").disabled = idle || payload.over; // nothing left to ask once it is over
  // It asks about the deal from its start, which a finished game still wants to know.
  $("#winnable").disabled = idle;
  $("#autoplay").disabled = payload.over;
  $("#save").href = api.recordUrl(payload.id);
  $("#save").setAttribute("download", `${payload.game.id}-${payload.deal_text}.txt`);
  $("#game-title").textContent = payload.game.name;
  const turn = payload.over ? " \u00b7 game over"
    : payload.game.players > 1 ? ` \u00b7 player ${payload.turn} to play` : "";
  $("#game-meta").textContent = `deal ${payload.deal_text}${turn}${phaseText(payload)}`;
  $("#deal-number").value = "";
}

export const tools = {
  undo: () => run(() => api.undo(ctl.payload.id), "Move taken back."),
  redo: () => run(() => api.redo(ctl.payload.id), "Move played again."),
  restart: () => run(() => api.restart(ctl.payload.id), "Back to the opening deal."),
  autoplay: async () => {
    const before = ctl.payload.steps;
    setBusy(true, "Autoplay\u2026");
    try {
      // A refusal (a watcher, a lost connection) has been said by ``run``: keep it.
      if (!(await run(() => api.autoplay(ctl.payload.id)))) return;
      const played = ctl.payload.steps - before;
      const moves = played === 1 ? "1 safe move" : `${played} safe moves`;
      say(played ? `Autoplay made ${moves}.` : "No safe move to make."); // beside the result too
    } finally {
      setBusy(false);
    }
  },
  hint: () => ask(api.hint, (answer) => {
    showHint(answer.move);
    say(answer.message, answer.move ? "hint" : "info");
  }, "Looking for a hint\u2026", true),
  winnable: () => ask((id) => api.solve(id, 10), (answer) => say(answer.message, "info"),
    "Solving this deal (up to 10 seconds)\u2026"),
  newDeal: (deal) => (ctl.payload.room
    ? refuse("a room keeps its deal: open a new room from the home page")
    : newGame(ctl.payload.game.id, deal ?? null, ctl.payload.options)),
};

// Ask the solver about the game on screen.  An answer about this very position
// (``here``: a hint) is dropped when the table has changed while it was sought (a
// move, an undo, another game), and any answer when the game is no longer on screen.
async function ask(call, show, text, here = false) {
  const { id } = ctl.payload;
  const version = ctl.version;
  setBusy(true, text);
  try {
    const answer = await call(id);
    if (ctl.payload?.id !== id || $("#play").hidden) return;
    if (here && ctl.version !== version) {
      say("The hint came for a position that has changed since: ask again.", "info");
      return;
    }
    show(answer);
  } catch (err) {
    if (err instanceof ApiError) {
      if (ctl.payload?.id === id) complain(err);
    } else throw err;
  } finally {
    setBusy(false);
  }
}

export async function newGame(gameId, deal, options, room = null) {
  try {
    const payload = room
      ? await api.room(gameId, deal, options, room === "computer")
      : await api.start(gameId, deal, options);
    location.hash = `#/game/${payload.id}`;
  } catch (err) {
    if (err instanceof ApiError) complain(err);
    else throw err;
  }
}

export function attachToolbar() {
  $("#undo").addEventListener("click", tools.undo);
  $("#redo").addEventListener("click", tools.redo);
  $("#restart").addEventListener("click", tools.restart);
  $("#autoplay").addEventListener("click", tools.autoplay);
  $("#hint").addEventListener("click", tools.hint);
  $("#winnable").addEventListener("click", tools.winnable);
  $("#new-deal").addEventListener("click", () => tools.newDeal(null));
  $("#deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const deal = $("#deal-number").value.trim();
    const problem = notADeal(deal);
    if (problem) say(problem, "error");
    else tools.newDeal(deal);
  });
  $("#play-listed").addEventListener("click", () => {
    const text = $("#all-moves").value;
    if (text) send(text);
  });
}
