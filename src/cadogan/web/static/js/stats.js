// The statistics page (#/stats): for each game this browser's player has finished,
// played, won, win percentage, current and best streaks, and a chart of the results
// over time drawn as inline SVG (the running win percentage, and a mark per game).
// Also the name shown in rooms, and a reset that asks for confirmation first.

import { api, ApiError } from "./api.js";
import { $, clear, el } from "./dom.js";
import { complain, say } from "./status.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 300;
const H = 70;
const LEFT = 34; // room for the percentage scale
const PAD = 6;

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

const day = (seconds) => new Date(seconds * 1000).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

const CHART_KEY = "In each chart the line is your win percentage so far, from the first game " +
  "on the left to the latest on the right; each game is a dot along the bottom, filled if won " +
  "and hollow if lost. Point at a dot for its deal and date.";

// The chart: x is the games in the order they ended; the line is the win percentage
// so far (top 100 %, bottom 0 %); each game is a dot on the baseline, filled if won.
export function chart(game) {
  const results = game.results;
  const n = results.length;
  const x = (i) => (n === 1 ? (LEFT + W - PAD) / 2 : LEFT + (i * (W - LEFT - PAD)) / (n - 1));
  const y = (rate) => PAD + (1 - rate) * (H - 4 * PAD);
  let won = 0;
  const points = results.map((r, i) => {
    if (r.outcome === "won") won += 1;
    return `${x(i).toFixed(1)},${y(won / (i + 1)).toFixed(1)}`;
  });
  const lost = n - won;
  const span = n ? `, from ${day(results[0].finished)} to ${day(results[n - 1].finished)}` : "";
  const label = `${game.name}: ${won} won and ${lost} lost${span}; the line is the win percentage so far`;
  const root = svg("svg", {
    class: "chart", width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label,
  });
  root.append(svg("title", {}, label));
  for (const [rate, text] of [[1, "100%"], [0.5, "50%"], [0, "0%"]]) {
    root.append(svg("line", { x1: LEFT, x2: W - PAD, y1: y(rate), y2: y(rate), class: "grid" }));
    root.append(svg("text", { x: LEFT - 4, y: y(rate) + 3, class: "scale", "text-anchor": "end" }, text));
  }
  root.append(svg("polyline", { points: points.join(" "), class: "rate" }));
  if (n === 1) { // a one-point line draws nothing: mark the rate itself, as a short dash
    // rather than a dot, so that it never reads as one of the games' marks (at 0 % a
    // filled dot sat just above the hollow mark of the lost game and looked like a win)
    const [cx, cy] = points[0].split(",").map(Number);
    root.append(svg("line", { x1: cx - 8, x2: cx + 8, y1: cy, y2: cy, class: "rate-point" }));
  }
  results.forEach((r, i) => {
    const dot = svg("circle", { cx: x(i).toFixed(1), cy: H - PAD - 2, r: 3, class: r.outcome === "won" ? "won" : "lost" });
    dot.append(svg("title", {}, `Deal ${r.deal}: ${r.outcome}, ${day(r.finished)}`)); // shown on hover
    root.append(dot);
  });
  return root;
}

function row(game) {
  return el("tr", { "data-game": game.game },
    el("th", { scope: "row", text: game.name }),
    el("td", { class: "played", text: String(game.played) }),
    el("td", { class: "won", text: String(game.won) }),
    el("td", { class: "percent", text: `${game.win_percent.toFixed(1)} %` }),
    el("td", { class: "current", text: String(game.current_streak) }),
    el("td", { class: "best", text: String(game.best_streak) }),
    el("td", { class: "graph" }, chart(game)));
}

function draw(data) {
  const body = clear($("#stats-body"));
  $("#player-name").value = data.name || "";
  if (!data.games.length) {
    body.append(el("p", { class: "empty", text: "No finished games yet: play one to the end and it is counted here." }));
    return;
  }
  const head = ["Game", "Played", "Won", "Win %", "Current streak", "Best streak", "Results over time"];
  // The table scrolls sideways in its own box on a narrow screen: the page keeps its width.
  body.append(el("div", { class: "stats-scroll" }, el("table", { class: "stats-table" },
    el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, data.games.map(row)))));
  body.append(el("p", { class: "chart-key", text: CHART_KEY }));
}

async function guarded(call) {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError) complain(err);
    else throw err;
    return null;
  }
}

export async function showStats() {
  $("#stats-confirm").hidden = true;
  const data = await guarded(api.stats);
  if (data) draw(data);
}

export function attachStats() {
  $("#name-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await guarded(() => api.rename($("#player-name").value));
    if (answer) $("#name-saved").textContent = answer.name ? `Saved: \u201c${answer.name}\u201d` : "Name removed.";
  });
  $("#stats-reset").addEventListener("click", () => {
    $("#stats-confirm").hidden = false;
    $("#stats-reset-no").focus();
  });
  const cancel = () => {
    $("#stats-confirm").hidden = true;
    $("#stats-reset").focus();
  };
  $("#stats-reset-no").addEventListener("click", cancel);
  $("#stats-confirm").addEventListener("keydown", (event) => {
    if (event.key === "Escape") cancel();
  });
  // The buttons pressed go away with the confirmation: the focus goes back to Reset,
  // and the page says what was erased.
  $("#stats-reset-yes").addEventListener("click", async () => {
    const data = await guarded(api.resetStats);
    $("#stats-confirm").hidden = true;
    $("#stats-reset").focus();
    if (!data) return;
    draw(data);
    const results = data.erased === 1 ? "1 result" : `${data.erased} results`;
    say(data.erased ? `Statistics reset: ${results} erased.` : "There were no results to erase.");
  });
}
