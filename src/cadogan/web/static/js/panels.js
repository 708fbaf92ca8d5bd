// The side panels: the rules (rendered from the game's Markdown by the server) and
// the replay viewer, which steps through a game's moves forward and back.

import { api, ApiError } from "./api.js";
import { $ } from "./dom.js";
import { ctl, redraw } from "./game.js";
import { complain, refuse, say, showResult } from "./status.js";

const replay = { step: 0, steps: 0 };

export async function openRules() {
  const panel = $("#rules");
  const body = $("#rules-body");
  // Beside the table, under the toolbar, so that hint and the other tools stay in reach
  // while the rules are read; a phone's narrow screen gives the rules all of it.
  panel.style.top = innerWidth > 640 ? `${document.querySelector("#play .bar").offsetHeight}px` : "0";
  panel.hidden = false;
  body.textContent = "Loading the rules\u2026";
  try {
    const rules = await api.rules(ctl.payload.game.id);
    body.innerHTML = rules.html; // Markdown rendered on the server with raw HTML escaped
  } catch (err) {
    body.textContent = err instanceof ApiError ? err.message : "The rules cannot be shown.";
  }
  $("#rules-close").focus();
}

export function closeRules() {
  $("#rules").hidden = true;
  $("#rules-button").focus();
}

async function show(step) {
  try {
    const frame = await api.step(ctl.payload.id, step);
    // Closed while the frame was on its way: the live table stays (a late frame drew
    // the opening deal over it, with no replay left to step or close).
    if ($("#replay").hidden) return;
    replay.step = frame.step;
    replay.steps = frame.steps;
    // The frame is drawn from the viewer's seat, as the live table is (Sympathie puts
    // his own side below): the seats come from the live game.
    const { game, seats, room } = ctl.payload;
    ctl.frame = { ...frame, game, seats, room };
    ctl.selection = null;
    await redraw();
    const what = frame.move ? `after move ${frame.step}: ${frame.move}${frame.forced ? " (forced)" : ""}` : "the opening deal";
    $("#replay-where").textContent = `Step ${frame.step} of ${frame.steps}: ${what}`;
    $("#replay-prev").disabled = frame.step === 0;
    $("#replay-first").disabled = frame.step === 0;
    $("#replay-next").disabled = frame.step >= frame.steps;
    $("#replay-last").disabled = frame.step >= frame.steps;
    // The banner tells the frame's outcome: the result shows at the end of the replay only.
    showResult({ over: Boolean(frame.result), result: frame.result, outcome: frame.outcome });
    if (frame.result) say(frame.result);
  } catch (err) {
    if (err instanceof ApiError) complain(err);
    else throw err;
  }
}

export async function openReplay(step = 0) {
  $("#replay").hidden = false;
  document.body.classList.add("replaying");
  await show(step);
  $("#replay-next").focus();
}

export async function closeReplay() {
  $("#replay").hidden = true;
  document.body.classList.remove("replaying");
  ctl.frame = null;
  await redraw();
  showResult(ctl.payload);
  say("Back to the game.");
}

export function attachPanels() {
  $("#rules-button").addEventListener("click", openRules);
  $("#rules-close").addEventListener("click", closeRules);
  $("#replay-button").addEventListener("click", () => openReplay(0));
  $("#replay-close").addEventListener("click", closeReplay);
  $("#replay-first").addEventListener("click", () => show(0));
  $("#replay-prev").addEventListener("click", () => show(Math.max(0, replay.step - 1)));
  $("#replay-next").addEventListener("click", () => show(Math.min(replay.steps, replay.step + 1)));
  $("#replay-last").addEventListener("click", () => show(replay.steps));
  $("#rules").addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeRules();
  });
  // Escape, wherever the focus is, closes the More menu first, then the rules; a click
  // elsewhere closes the menu too (open, it covers the top of the table on a phone).
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.target.closest?.("#rules")) return;
    const more = document.querySelector("details.more[open]");
    if (more) {
      more.open = false;
      more.querySelector("summary")?.focus();
    } else if (!$("#rules").hidden) {
      closeRules();
    }
  });
  document.addEventListener("click", (event) => {
    const more = document.querySelector("details.more[open]");
    if (more && !more.contains(event.target)) more.open = false;
  });
}

// The replay's keys (keyboard.js calls them wherever the focus is while it is open).
export const replayKeys = {
  prev: () => (replay.step > 0 ? show(replay.step - 1) : null),
  next: () => (replay.step < replay.steps ? show(replay.step + 1) : null),
  close: () => closeReplay(),
};

export async function loadRecordFile(file) {
  if (!file) return null;
  if (file.size > 1_000_000) {
    refuse("that file is too large to be a record");
    return null;
  }
  const text = await file.text();
  try {
    return await api.load(text);
  } catch (err) {
    if (err instanceof ApiError) complain(err);
    else throw err;
    return null;
  }
}
