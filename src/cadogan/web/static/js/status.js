// The message line (read out by screen readers) and the result banner.

import { $ } from "./dom.js";

export function say(text, kind = "info") {
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
