// The keyboard: the table is one Tab stop (the pile last focused), arrows move between
// piles, Enter or Space picks up and drops, F plays to a foundation, Escape puts down;
// u r h a n are undo, redo, hint, autoplay, new deal.
// While the replay is open, Left and Right step it back and forward and Escape closes
// it, wherever the focus is (but in a field).

import { cancel, clickPile, ctl, dblclickPile } from "./game.js";
import { rove } from "./render.js";

const DIRECTIONS = {
  ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
};

function centre(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

// The nearest pile in the arrow's direction, favouring piles straight ahead.
function neighbour(from, [dx, dy]) {
  const here = centre(from);
  let best = null;
  let score = Infinity;
  for (const node of document.querySelectorAll("#table-box .pile:not(.decor)")) {
    if (node === from) continue;
    const c = centre(node);
    const ahead = (c.x - here.x) * dx + (c.y - here.y) * dy;
    const aside = Math.abs((c.x - here.x) * dy) + Math.abs((c.y - here.y) * dx);
    if (ahead <= 2) continue;
    const s = ahead + 2.5 * aside;
    if (s < score) {
      score = s;
      best = node;
    }
  }
  return best;
}

const REPLAY_KEYS = { ArrowLeft: "prev", ArrowRight: "next", Escape: "close" };

export function attachKeys(shortcuts, replayKeys = {}) {
  // A pile focused (by an arrow, Tab or a click) takes the Tab stop, kept by its name
  // for the tables drawn after.
  document.addEventListener("focusin", (event) => {
    const pile = event.target.closest?.("#table-box .pile:not(.decor)");
    if (!pile) return;
    rove(pile.closest(".table"), pile);
    ctl.tabStop = pile.dataset.pile;
  });
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest?.("input, select, textarea, dialog")) return;
    const { body } = document;
    const replaying = body.classList.contains("replaying") && body.dataset.view === "play";
    if (replaying && !target.closest?.("#rules") && replayKeys[REPLAY_KEYS[event.key]]) {
      event.preventDefault();
      replayKeys[REPLAY_KEYS[event.key]]();
      return;
    }
    const pile = target.closest?.(".pile");
    if (event.key in DIRECTIONS) {
      const stop = document.querySelector("#table-box .pile[tabindex='0']");
      const next = pile ? neighbour(pile, DIRECTIONS[event.key]) : stop;
      if (next) {
        next.focus();
        event.preventDefault();
      }
      return;
    }
    if (pile && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      clickPile(pile.dataset.pile);
      return;
    }
    if (pile && event.key.toLowerCase() === "f") {
      dblclickPile(pile.dataset.pile);
      return;
    }
    if (event.key === "Escape") {
      cancel();
      return;
    }
    if (target.closest?.("button") && (event.key === "Enter" || event.key === " ")) return;
    if (document.body.classList.contains("replaying")) return; // the replay has its own keys
    const action = shortcuts[event.key.toLowerCase()];
    if (action) {
      event.preventDefault();
      action();
    }
  });
}
