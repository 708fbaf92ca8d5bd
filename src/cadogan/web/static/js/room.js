// The room bar: who sits where (and who is connected), how many watch, the link to
// give the other player, and the name shown for you. It also says what a move by the
// other side was, when the server's table arrives over the WebSocket.

import { api, ApiError } from "./api.js";
import { cardLabel } from "./cards.js";
import { $, clear, el } from "./dom.js";
import { complain, say } from "./status.js";

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
  const seats = clear($("#room-seats"));
  for (const seat of payload.seats) {
    const mark = seat.connected ? "online" : "offline";
    seats.append(el("span", {
      class: `seat ${mark}${seat.you ? " mine" : ""}`, "data-seat": seat.seat,
      text: seatText(seat, payload.turn, payload.over),
    }));
  }
  const watching = payload.you.length ? "" : "You are watching. ";
  const others = payload.watchers ? `${payload.watchers} watching.` : "";
  $("#room-watchers").textContent = `${watching}${others}`;
  $("#room-link").value = `${location.origin}/#/game/${payload.id}`;
  // Against the computer no seat is left to give away: the link is for watchers only.
  const full = payload.seats.every((seat) => !seat.free);
  for (const id of ["#room-link", "#room-copy", "label[for=room-link]"]) {
    document.querySelector(id).hidden = full && payload.seats.some((seat) => seat.computer);
  }
  $("#room-name-form").hidden = !payload.you.length;
}

export function connection(status) {
  const line = $("#room-conn");
  line.dataset.status = status;
  line.textContent = { connecting: "connecting\u2026", connected: "live", disconnected: "reconnecting\u2026" }[status] || status;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const labels = (cards) => cards.map(cardLabel).join(", ");

// A move with the cards it turned up and the pairs it took, as the server told it:
// "turn p2packet7 (7\u2660) and took a pair".
function moveWords(move, shown = [], pairs = 0) {
  const cards = shown.length ? ` (${labels(shown)})` : "";
  return `${move}${cards}${pairs ? ` and took ${pairs === 1 ? "a pair" : plural(pairs, "pair")}` : ""}`;
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
  if (event.what !== "move" || !event.move) return null;
  const move = moveWords(event.move, event.shown, event.pairs);
  return (seat?.you ? `Played ${move}.` : `${who} played ${move}.`) + computerText(event.computer);
}

export function attachRoom(live) {
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
