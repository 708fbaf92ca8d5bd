// The room bar: who sits where (and who is connected), how many watch, the link to
// give the other player, and the name shown for you. It also says what a move by the
// other side was, when the server's table arrives over the WebSocket.

import { api, ApiError } from "./api.js";
import { cardLabel, placeName } from "./cards.js";
import { $, capital, clear, el } from "./dom.js";
import { ctl, run } from "./game.js";
import { complain, online, say } from "./status.js";

export const named = (seat) => !seat.free && seat.name !== `player ${seat.seat}`;

function seatText(seat, turn, over) {
  let who = seat.free ? ": waiting for someone to open the link" : named(seat) ? `: ${seat.name}` : "";
  if (seat.you) who += named(seat) ? " (you)" : ": you";
  const away = !seat.free && !seat.connected ? ", away" : "";
  const turnMark = !over && turn === seat.seat ? " \u2014 to play" : "";
  return `Player ${seat.seat}${who}${away}${turnMark}`;
}

export function showRoom(payload) {
  const bar = $("#room");
  bar.hidden = !payload.room;
  document.body.classList.toggle("in-room", Boolean(payload.room));
  if (!payload.room) return;
  // Updated in place, and read out by no one: what changes (a turn, a join, a leave)
  // is said once on the message line (roomNews).
  const seats = $("#room-seats");
  if (seats.children.length !== payload.seats.length) {
    clear(seats).append(...payload.seats.map((seat) => el("span", { "data-seat": seat.seat })));
  }
  payload.seats.forEach((seat, i) => {
    const node = seats.children[i];
    const mark = seat.connected ? "online" : "offline";
    node.className = `seat ${mark}${seat.you ? " mine" : ""}`;
    node.dataset.seat = seat.seat;
    const text = seatText(seat, payload.turn, payload.over);
    if (node.textContent !== text) node.textContent = text;
  });
  const watching = payload.you.length ? "" : "You are watching. ";
  const others = payload.watchers ? `${payload.watchers} watching.` : "";
  $("#room-watchers").textContent = `${watching}${others}`;
  $("#room-link").value = `${location.origin}/#/game/${payload.id}`;
  // Once every seat is taken (by a person or the computer), or the game is over, the
  // link would only make watchers: it is offered while a seat waits.
  const full = payload.seats.every((seat) => !seat.free);
  for (const id of ["#room-link", "#room-copy", "label[for=room-link]"]) {
    document.querySelector(id).hidden = full || payload.over;
  }
  $("#room-name-form").hidden = !payload.you.length;
  // A player may leave a game under way: the computer plays his seat to the end.
  const seated = payload.you.length > 0 && !payload.over && payload.seats.every((seat) => !seat.free);
  $("#room-leave").hidden = !seated || !$("#room-leave-ask").hidden;
  if (!seated) $("#room-leave-ask").hidden = true;
  // The name field starts with the name you go by (once a room, so nothing typed is lost).
  const field = $("#room-name");
  const mine = payload.seats.find((seat) => seat.you);
  if (field.dataset.room !== payload.id) {
    field.dataset.room = payload.id;
    field.value = mine && named(mine) ? mine.name : "";
  }
}

export function connection(status) {
  const line = $("#room-conn");
  line.dataset.status = status;
  line.textContent = { connecting: "connecting\u2026", connected: "live", disconnected: "reconnecting\u2026" }[status] || status;
  if (status === "connected") online();
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const labels = (cards) => cards.map(cardLabel).join(", ");

// A move with the cards it turned up and the pairs it took, as the server told it:
// "turn p2packet7 (7\u2660) and took a pair".
function moveWords(move, shown = [], pairs = 0) {
  const cards = shown.length ? `: ${labels(shown)}` : "";
  return `${moveVerb(move)}${cards}${pairs ? `, and took ${pairs === 1 ? "a pair" : plural(pairs, "pair")}` : ""}`;
}

// A room's move in words, as a person says it: "turned packet 12", "brought in the
// grace"; any other move as its text ("played packet3 found1").
function moveVerb(move) {
  const [verb, ...args] = move.split(" ");
  if (verb === "turn" && args.length === 1) return `turned ${placeName(args[0])}`;
  if (verb === "grace" && !args.length) return "brought in the grace";
  return `played ${move}`;
}

// The computer's answer to a move, all made before its table came: "The computer
// turned 21 cards and took 7 pairs." (the cards named when there are a few).
function computerText(moves = []) {
  if (!moves.length) return "";
  const cards = moves.flatMap((m) => m.shown);
  const pairs = moves.reduce((n, m) => n + m.pairs, 0);
  const what = cards.length === moves.length ? `turned ${plural(cards.length, "card")}` : `made ${plural(moves.length, "move")}`;
  const few = cards.length && cards.length <= 5 ? ` (${labels(cards)})` : "";
  return ` The computer ${what}${few}${pairs ? ` and took ${plural(pairs, "pair")}` : ""}.`;
}

// The sentence for a table that arrives from the server: what happened, and by whom.
export function eventText(message, payload) {
  const event = message.event || {};
  const seat = payload.seats.find((s) => s.seat === event.seat);
  const who = seat && named(seat) ? seat.name : `Player ${event.seat}`;
  if (event.what === "join" && seat) {
    return seat.you ? `You sit as player ${event.seat}.` : `${named(seat) ? seat.name : "Someone"} joined as player ${event.seat}.`;
  }
  if (event.what === "leave" && seat) {
    if (ctl.left?.id === payload.id && ctl.left.seats.includes(event.seat)) return LEFT; // his own
    return `${capital(event.name || `player ${event.seat}`)} left: the computer plays that seat to the end.`;
  }
  if (event.what !== "move" || !event.move) return null;
  const move = moveWords(event.move, event.shown, event.pairs);
  return (seat?.you ? `You ${move}.` : `${who} ${move}.`) + computerText(event.computer);
}

// What a new table changes for this person, beyond the move itself: the turn that
// comes to him ("Your turn."), and another player who leaves or comes back.
export function roomNews(before, message) {
  const after = message.game;
  if (!before || before.id !== after.id || !after.room) return null;
  const news = [];
  for (const seat of after.seats) {
    const was = before.seats.find((s) => s.seat === seat.seat);
    if (seat.you || seat.free || seat.computer || !was || was.free) continue;
    const who = named(seat) ? seat.name : `Player ${seat.seat}`;
    if (was.connected && !seat.connected) news.push(`${who} has left the room.`);
    if (!was.connected && seat.connected) news.push(`${who} is back.`);
  }
  const answered = (message.event?.computer || []).length > 0;
  if (after.can_act && (!before.can_act || answered)) news.push("Your turn.");
  return news.join(" ") || null;
}

const LEFT = "You left: the computer plays your seat to the end. You may stay and watch.";

// Leaving asks first, in the bar itself: the seat cannot be taken back.
function attachLeave() {
  const ask = $("#room-leave-ask");
  const toggle = (asking) => {
    ask.hidden = !asking;
    $("#room-leave").hidden = asking;
    (asking ? $("#room-leave-no") : $("#room-leave")).focus();
  };
  $("#room-leave").addEventListener("click", () => toggle(true));
  $("#room-leave-no").addEventListener("click", () => toggle(false));
  ask.addEventListener("keydown", (event) => {
    if (event.key === "Escape") toggle(false);
  });
  $("#room-leave-yes").addEventListener("click", async () => {
    const { id, you } = ctl.payload;
    if (await run(() => api.leave(id), LEFT)) {
      ctl.left = { id, seats: you }; // the news of this leave, coming back, is his own
      ask.hidden = true;
      $("#message").focus();
    } else {
      toggle(false); // refused (said on the message line): the bar offers Leave again
    }
  });
}

export function attachRoom(live) {
  attachLeave();
  $("#room-copy").addEventListener("click", async () => {
    const link = $("#room-link");
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
      say("The link is copied: send it to the other player.");
    } catch (err) {
      say("Select the link and copy it to send it to the other player.");
    }
  });
  $("#room-name-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("#room-name").value;
    if (live() && live().send({ type: "name", name })) return;
    try {
      await api.rename(name);
    } catch (err) {
      if (err instanceof ApiError) complain(err);
      else throw err;
    }
  });
}
