// The message line (read out by screen readers) and the result banner.

import { $ } from "./dom.js";

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
}

export function refuse(reason) {
  say(`Not allowed: ${reason}`, "error");
}

export function showResult(payload) {
  const banner = $("#result");
  if (payload && payload.over) {
    banner.textContent = payload.result;
    banner.dataset.outcome = payload.outcome;
    banner.hidden = false;
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
