// Mouse and touch on the table: click to pick up and drop, double-click to play to a
// foundation, and drag and drop (pointer events, so it works with any pointer).

import { cancel, clickPile, dblclickPile, dropOn, startDrag } from "./game.js";
import { el } from "./dom.js";

const THRESHOLD = 6;

function hit(target) {
  const pile = target?.closest?.(".pile");
  if (!pile) return null;
  const node = target.closest(".card");
  const card = node?.dataset.card || null;
  const index = node && node.dataset.index !== undefined ? Number(node.dataset.index) : null;
  return { pile: pile.dataset.pile, card, index };
}

export function attach(box) {
  let press = null;
  let ghost = null;
  let suppress = false;

  box.addEventListener("click", (event) => {
    if (suppress) {
      suppress = false;
      return;
    }
    const where = hit(event.target);
    if (where) clickPile(where.pile, where.card, where.index);
    else cancel();
  });

  box.addEventListener("dblclick", (event) => {
    const where = hit(event.target);
    if (where) dblclickPile(where.pile, where.card);
  });

  box.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const where = hit(event.target);
    press = where ? { ...where, x: event.clientX, y: event.clientY, img: event.target.closest(".card") } : null;
  });

  window.addEventListener("pointermove", (event) => {
    if (!press) return;
    if (!ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < THRESHOLD) return;
      if (!press.img || !startDrag(press.pile, press.card, press.index)) {
        press = null;
        return;
      }
      const rect = press.img.getBoundingClientRect();
      ghost = el("img", { class: "card ghost", src: press.img.src, alt: "" });
      ghost.style.width = `${rect.width}px`;
      document.body.append(ghost);
    }
    ghost.style.left = `${event.clientX - ghost.offsetWidth / 2}px`;
    ghost.style.top = `${event.clientY - ghost.offsetHeight / 3}px`;
  });

  // The browser may take the pointer back (a scroll it decided on): drop the drag,
  // so no card image is left floating and no card stays picked up.
  window.addEventListener("pointercancel", () => {
    if (!press) return;
    const dragging = Boolean(ghost);
    ghost?.remove();
    ghost = null;
    press = null;
    if (dragging) cancel();
  });

  window.addEventListener("pointerup", (event) => {
    if (!press) return;
    const dragging = Boolean(ghost);
    ghost?.remove();
    ghost = null;
    press = null;
    if (!dragging) return;
    suppress = true;
    setTimeout(() => { suppress = false; }, 0);
    const where = hit(document.elementFromPoint(event.clientX, event.clientY));
    if (where) dropOn(where.pile);
    else cancel();
  });
}
