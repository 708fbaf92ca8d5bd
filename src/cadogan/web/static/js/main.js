// The page's entry point: routes between the home page (#/) and a game
// (#/game/<id>), and wires the table, the toolbar, the keyboard and the panels.

import { api, ApiError } from "./api.js";
import { $ } from "./dom.js";
import { answered, ctl, onUpdate, redraw, run, setPayload } from "./game.js";
import { showHome } from "./home.js";
import { attach } from "./interact.js";
import { attachKeys } from "./keyboard.js";
import { Live } from "./live.js";
import { attachPanels, closeReplay, loadRecordFile, openReplay, replayKeys } from "./panels.js";
import { attachRoom, connection, eventText, roomNews, showRoom } from "./room.js";
import { attachStats, showStats } from "./stats.js";
import { noticeNext, refuse, say, showPending } from "./status.js";
import { attachToolbar, tools, update } from "./toolbar.js";

let view = null; // the view on screen: none before the first route

// Show one view; answers the view it replaces.
function showView(name) {
  const before = view;
  view = name;
  $("#home").hidden = name !== "home";
  $("#play").hidden = name !== "play";
  $("#stats").hidden = name !== "stats";
  if (name === "play") $("#notice").hidden = true;
  document.body.dataset.view = name;
  return before;
}

// Whether the focus has been lost: on the page's body, or on a control now hidden.
function focusLost() {
  const node = document.activeElement;
  return !node || node === document.body || Boolean(node.closest("[hidden]"));
}

function leaveRoom() {
  ctl.live?.close();
  ctl.live = null;
}

// The room's events that leave the cards where they are.
const NEWS = new Set(["join", "leave", "name"]);

function joinRoom(id) {
  ctl.live = new Live(id, {
    onState: (message) => {
      if (message.game.id !== ctl.payload?.id) return;
      const same = NEWS.has(message.event?.what); // someone came, went or was named
      const said = [eventText(message, message.game), roomNews(ctl.payload, message)];
      setPayload(message.game, said.filter(Boolean).join(" ") || null, same);
    },
    onError: (message) => {
      answered();
      refuse(message.error);
    },
    onStatus: (status) => {
      answered();
      connection(status);
    },
  });
}

async function openGame(id) {
  const from = showView("play");
  if (ctl.payload?.id === id) return redraw();
  if (ctl.frame) await closeReplay();
  leaveRoom();
  let payload;
  try {
    payload = await api.show(id);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (location.hash !== `#/game/${id}`) return null; // the player has gone elsewhere
    ctl.payload = null;
    const text = { 404: `No such game: ${err.message}.`, 422: "No such game: this is not a game's address." };
    noticeNext(text[err.status] || `The game cannot be opened: ${err.message}.`);
    location.hash = "#/";
    return null;
  }
  if (location.hash !== `#/game/${id}`) return null;
  await setPayload(payload);
  const watching = payload.can_act === false && payload.waiting === "you are watching this game";
  // (The result itself is in the banner beside this line: said here too, a long one
  // filled a narrow window twice over.)
  const how = payload.over ? "This game is over; its result stands beside this line."
    : watching ? "You are watching this game: only its players can move."
      : payload.room ? "Turn your packets in your turn." : firstWords(payload);
  say(`${payload.game.name}, deal ${payload.deal_text}. ${how}`);
  // Come from the home page (a game started, a room created or entered), the focus was
  // on a control now hidden: it goes to the game's heading, at the top of the new view.
  if (from && from !== "play" && focusLost()) $("#game-title").focus();
  if (payload.room) joinRoom(id);
  return null;
}

async function route() {
  showPending();
  const match = location.hash.match(/^#\/game\/([A-Za-z0-9_-]+)$/);
  if (match) return openGame(match[1]);
  leaveRoom();
  ctl.payload = null;
  if (location.hash === "#/stats") {
    showView("stats");
    document.title = "Your statistics \u00b7 cadogan";
    return showStats();
  }
  showView("home");
  document.title = "cadogan: games of patience";
  return showHome();
}

function wire() {
  attach($("#table-box"));
  attachToolbar();
  attachPanels();
  attachRoom(() => ctl.live);
  attachStats();
  onUpdate((payload) => {
    update(payload);
    showRoom(payload);
    $("#table-box").dataset.steps = String(payload.steps);
    // A player in another tab sees in its title that the room waits for him.
    const yours = payload.room && payload.can_act && payload.seats.some((s) => !s.you && !s.computer && !s.free);
    document.title = `${yours ? "Your turn \u00b7 " : ""}${payload.game.name}, deal ${payload.deal_text} \u00b7 cadogan`;
  });
  // A key does what its button does, and nothing while the button is hidden (a room
  // has no undo) or disabled (a hint out of one's turn).
  const onTable = (id, fn) => () => {
    const button = $(id);
    const usable = button.offsetParent !== null && !button.disabled;
    return !$("#play").hidden && ctl.payload && usable ? fn() : null;
  };
  attachKeys({
    u: onTable("#undo", tools.undo), r: onTable("#redo", tools.redo), h: onTable("#hint", tools.hint),
    a: onTable("#autoplay", tools.autoplay), n: onTable("#new-deal", () => tools.newDeal(null)),
  }, replayKeys);
  $("#load").addEventListener("click", () => $("#load-file").click());
  $(".more-body").addEventListener("click", (event) => {
    if (event.target.closest("button:not(#play-listed), a")) $("details.more").open = false;
  });
  $("#load-file").addEventListener("change", async (event) => {
    const payload = await loadRecordFile(event.target.files[0]);
    event.target.value = "";
    if (!payload) return;
    ctl.payload = payload;
    location.hash = `#/game/${payload.id}`;
    await run(async () => payload);
    await openReplay(0);
    const loaded = `Loaded a record of ${payload.game.name}, deal ${payload.deal_text} (${payload.steps === 1 ? "1 move" : `${payload.steps} moves`})`;
    // The replay may have been closed already, while its first frame was on its way.
    say($("#replay").hidden ? `${loaded}; back to the game.` : `${loaded}: step through it here, or close the replay to play on.`);
  });
  new ResizeObserver(() => {
    if (!$("#play").hidden) redraw();
  }).observe($("#table-box"));
  window.addEventListener("hashchange", route);
}

wire();
route();

// What to do first on a table just opened: pick up a card, or, where no card is moved
// by hand yet, what the position asks for.
function firstWords(payload) {
  if (payload.view.phase === "remedy") {
    return "The Note: both kings of a suit block lower cards of that suit, so one of them "
      + "is first slipped to the bottom of its packet: click that packet, or use a Slip button.";
  }
  if (!payload.moves.some((m) => m.transfer)) {
    return "Click the pile to play (the pack, a packet to turn), or use the button above.";
  }
  return "Click a card to pick it up.";
}

