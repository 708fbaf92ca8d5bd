// The home page: every registered game with its name, packs, players and description,
// its options, and a deal number (random when left empty).

import { api, ApiError, notADeal } from "./api.js";
import { $, clear, el } from "./dom.js";
import { notice } from "./status.js";
import { newGame } from "./toolbar.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// An option: its name in words, its choices, and what they mean (a tap opens it, as a
// phone has no hover for a tooltip).
function optionField(gameId, option) {
  const id = `opt-${gameId}-${option.name}`;
  const field = el("label", { for: id, class: "option", title: option.help },
    `${option.name.replaceAll("_", " ")} `,
    el("select", { id, "data-option": option.name },
      option.choices.map((c) => el("option", { value: c, selected: c === option.default, text: c }))));
  if (!option.help) return field;
  return el("div", { class: "option-row" }, field,
    el("details", { class: "option-help" },
      el("summary", { text: "?", "aria-label": `What ${option.name.replaceAll("_", " ")} means` }),
      el("p", { text: option.help })));
}

function gameCard(game) {
  const dealId = `deal-${game.id}`;
  // novalidate: the page says what is wrong with a deal number, not the browser's bubble.
  const form = el("form", { class: "game-card", "data-game": game.id, "aria-labelledby": `title-${game.id}`, novalidate: "" },
    el("h2", { id: `title-${game.id}`, text: game.name }),
    el("p", { class: "facts", text: `${plural(game.packs, "pack")} \u00b7 ${plural(game.players, "player")}` }),
    el("p", { class: "description", text: game.description }),
    game.options.map((o) => optionField(game.id, o)),
    el("div", { class: "start" },
      el("label", { for: dealId, text: "Deal " }),
      el("input", { id: dealId, class: "deal-number", type: "text", pattern: "[1-9][0-9]{0,18}", placeholder: "random", inputmode: "numeric", "aria-label": `Deal number for ${game.name}` }),
      el("button", { type: "submit", class: "play", text: game.players > 1 ? "Play alone" : "Play" })),
    game.players > 1 ? el("div", { class: "start rooms" },
      el("button", { type: "submit", class: "room-friend", "data-room": "friend", text: "Create room", title: "Play with someone else: send them the room's link" }),
      el("button", { type: "submit", class: "room-computer", "data-room": "computer", text: "Against the computer" })) : null);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const options = {};
    for (const select of form.querySelectorAll("select[data-option]")) {
      options[select.dataset.option] = select.value;
    }
    const deal = form.querySelector(".deal-number").value.trim() || null;
    const problem = deal !== null && notADeal(deal);
    if (problem) return notice(problem, "error");
    newGame(game.id, deal, options, event.submitter?.dataset.room || null);
  });
  return form;
}

const when = (seconds) => new Date(seconds * 1000).toLocaleString(undefined, {
  day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
});

// One unfinished game: a link back to it, with its deal, who else sits there and when
// it was last played ("Sympathie, deal 3, room with Bob \u00b7 last played 3 Mar, 14:02").
function unfinishedItem(game, names) {
  const name = names.get(game.game) || game.game;
  const room = game.room ? `, room with ${game.others.join(" and ")}` : "";
  return el("li", {}, el("a", { href: `#/game/${game.id}`, text: `${name}, deal ${game.deal}${room}` }),
    ` \u00b7 last played ${when(game.updated)}`);
}

// The games this browser's player left unfinished: the way back to them (a game is
// kept on the server, but its link is easily lost).
async function showUnfinished(catalogue) {
  const section = $("#my-games");
  let mine = [];
  try {
    mine = (await api.myGames()).games;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
  }
  const names = new Map(catalogue.map((g) => [g.id, g.name]));
  clear($("#my-games-list")).append(...mine.map((g) => unfinishedItem(g, names)));
  section.hidden = !mine.length;
}

export async function showHome() {
  const list = clear($("#game-list"));
  list.append(el("p", { text: "Loading the games\u2026" }));
  const { games } = await api.games();
  clear(list).append(...games.map(gameCard));
  await showUnfinished(games);
}
