"""A pile on the terminal table: focusable, clickable, drawn in colour."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from cadogan.cards import Card

SHOWN = 5


def pile_label(name: str, cards: tuple[Card | None, ...]) -> Text:
    """The pile's name and count over its last few cards; face-down cards are backs."""
    text = Text(f"{name} {len(cards)}\n", style="dim")
    if not cards:
        text.append("  ·  ", style="dim")
        return text
    for i, card in enumerate(cards[-SHOWN:]):
        if i:
            text.append(" ")
        if card is None:
            text.append("▒▒", style="blue")
        else:
            text.append(card.label, style="bold red" if card.red else "bold")
    return text


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
        self.tooltip = name

    def show(self, cards: tuple[Card | None, ...]) -> None:
        """Redraw with these cards (as the player sees them)."""
        self.update(pile_label(self.pile_name, cards))

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.pile_name))

    def key_enter(self) -> None:
        self.post_message(self.Chosen(self.pile_name))
