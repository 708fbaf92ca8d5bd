// The message line (read out by screen readers) and the result banner.

import { $, capital, el } from "./dom.js";

let pending = null; // a notice for the next page shown (set before the route changes)

// The notice line above the home and statistics pages: what the play view's message
// line says, for a page that has none (a refused start, a game that is not there).
export function notice(text, kind = "info") {
  const line = $("#notice");
  line.textContent = text;
  line.dataset.kind = kind;
  line.hidden = !text;
}

// Keep ``text`` for the page the route shows next, or show what was kept (and forget it).
export function noticeNext(text, kind = "error") {
  pending = { text, kind };
}

export function showPending() {
  const kept = pending;
  pending = null;
  notice(kept?.text || "", kept?.kind);
}

export function say(text, kind = "info") {
  if (document.body.dataset.view !== "play") return notice(text, kind);
  const line = $("#message");
  line.textContent = text;
  line.dataset.kind = kind;
  delete line.dataset.offline;
}

// A move that could not be sent, the room's connection being down: said as a
// connection problem (not a rule's refusal), and taken back once it is up again.
export function offline() {
  say("The room is not connected, so nothing was sent: reconnecting\u2026", "error");
  $("#message").dataset.offline = "yes";
}

export function online() {
  if ($("#message").dataset.offline) say("Connected again: play on.");
}

export function refuse(reason) {
  say(`Not allowed: ${reason}`, "error");
}

// An error the server answered (or could not answer) in words a player reads: only a
// refusal by the rules or the seats says "Not allowed"; a lost connection, a failing
// server and a file that is not a record each say what they are.
export function complain(err) {
  if (err.kind === "network") {
    say("Cannot reach the server: check that cadogan serve is still running, then try again.", "error");
  } else if (err.status >= 500) {
    say(`The server failed (${err.status}): ${err.message}. The game is kept; try again.`, "error");
  } else if (err.kind === "bad_record") {
    say(`That file is not a game record this app can read: ${err.message}.`, "error");
  } else if (err.kind === "invalid" || err.kind === "bad_json") {
    say(`The app sent a request the server could not read: ${err.message}.`, "error");
  } else if ([403, 409, 429].includes(err.status)) {
    refuse(err.message);
  } else {
    say(`${capital(err.message)}.`, "error");
  }
}

export function showResult(payload) {
  const banner = $("#result");
  if (payload && payload.over) {
    banner.textContent = payload.result;
    banner.dataset.outcome = payload.outcome;
    banner.hidden = false;
    // A room offers no new deal of its own: say where the next game begins.
    if (payload.room) {
      banner.append(" ", el("a", { href: "#/", class: "again", text: "Start another from the games." }));
    }
  } else {
    banner.hidden = true;
    banner.textContent = "";
  }
}

export function setBusy(on, text = "Thinking\u2026") {
  const spinner = $("#spinner");
  spinner.hidden = !on;
  $("#spinner-text").textContent = on ? text : "";
  document.body.classList.toggle("busy", on);
}
