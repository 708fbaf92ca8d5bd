"""A pile on the terminal table: focusable, clickable, drawn in colour."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from cadogan.cards import Card

ROOM = 16  # a pile is 20 columns wide, less its border and padding: one line of cards


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
    text = Text(f"{name} {len(cards)}\n", style="dim")
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
        self.tooltip = name

    def show(self, cards: tuple[Card | None, ...]) -> None:
        """Redraw with these cards (as the player sees them)."""
        self.cards = cards
        self.update(pile_label(self.pile_name, cards))
        self.tooltip = pile_contents(self.pile_name, cards)

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.pile_name))

    def key_enter(self) -> None:
        self.post_message(self.Chosen(self.pile_name))
