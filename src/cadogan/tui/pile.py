"""A pile on the terminal table: focusable, clickable, drawn in colour."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from cadogan.cards import Card

WIDEST, NARROWEST = 20, 9  # a pile's width in columns, as the screen allows
FRAME = 4  # its border and padding
SLIM = 12  # narrower than this, a pile drops its padding (its border stays)
ROOM = WIDEST - FRAME  # the columns for one line of cards


def card_text(card: Card | None) -> Text:
    """One card as the player sees it: its label in its colour, or a back."""
    if card is None:
        return Text("▒▒", style="blue")
    return Text(card.label, style="bold red" if card.red else "bold")


def pile_label(name: str, cards: tuple[Card | None, ...], room: int = ROOM) -> Text:
    """The pile's name and count over as many of its last cards as fit on one line
    (``…`` when there are more); face-down cards are backs.

    The cards must stay on one line: a line that wrapped would push the top card, the
    one that can be played, out of the pile's box.
    """
    count = f" {len(cards)}"
    if len(name) + len(count) > room and "_" in name:  # barrier_west: the section says
        name = name.split("_", 1)[1]  # "West barrier", so "west" is enough
    if len(name) + len(count) > room:  # a narrow pile: the name gives way in its middle,
        digits = name[len(name.rstrip("0123456789")) :]  # keeping the number a move names
        name = name[: max(1, room - len(count) - len(digits) - 1)] + "…" + digits
    text = Text(f"{name}{count}\n", style="dim")
    if not cards:
        text.append("  ·  ", style="dim")
        return text
    shown: list[Text] = []
    width = -1
    for card in reversed(cards):
        piece = card_text(card)
        more = len(shown) + 1 < len(cards)
        if width + 1 + piece.cell_len + (2 if more else 0) > room and shown:
            break
        shown.insert(0, piece)
        width += 1 + piece.cell_len
    if len(shown) < len(cards):
        text.append("… ", style="dim")
    return text + Text(" ").join(shown)


def pile_contents(name: str, cards: tuple[Card | None, ...]) -> Text:
    """Every card of the pile, bottom to top, for the ``i`` key and the tooltip."""
    if not cards:
        return Text(f"{name} is empty.")
    return Text(f"{name}, bottom to top: ") + Text(" ").join(card_text(c) for c in cards)


class PileWidget(Static, can_focus=True):
    """One pile; Enter or a click picks it up or drops onto it."""

    class Chosen(Message):
        """The player chose this pile (Enter or click)."""

        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

    def __init__(self, name: str) -> None:
        super().__init__(id=f"pile-{name}", classes="pile")
        self.pile_name = name
        self.cards: tuple[Card | None, ...] = ()
        self.room = ROOM
        self.tooltip = name

    def fit(self, width: int) -> None:
        """Take ``width`` columns (a screen too narrow for the widest piles)."""
        self.styles.width = width
        slim = width < SLIM  # an 80-column terminal: eight piles of 9 columns a line
        self.styles.padding = (0, 0) if slim else (0, 1)
        self.room = width - (FRAME - 2 if slim else FRAME)
        self.show(self.cards)

    def show(self, cards: tuple[Card | None, ...]) -> None:
        """Redraw with these cards (as the player sees them)."""
        self.cards = cards
        self.update(pile_label(self.pile_name, cards, self.room))
        self.tooltip = pile_contents(self.pile_name, cards)

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.pile_name))

    def key_enter(self, event: events.Key) -> None:
        # Stopped here: a choice of moves opens a dialog at once, and the same Enter,
        # left to go on, chose that dialog's first line before the player saw it.
        event.stop()
        event.prevent_default()
        self.post_message(self.Chosen(self.pile_name))
