"""Text pictures of a position, for the terminal (Rich markup) and for plain logs."""

from __future__ import annotations

import io

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from cadogan.cards import Card
from cadogan.core import Game, State, View
from cadogan.describe import describe

__all__ = ["describe", "layout", "plain"]

SHOW_LAST = 12
BACK = "##"


def card_text(card: Card | None) -> Text:
    """One card in colour; a hidden card is a back."""
    if card is None:
        return Text(BACK, style="blue")
    return Text(card.label, style="bold red" if card.red else "bold")


def pile_text(cards: tuple[Card | None, ...]) -> Text:
    """A pile bottom first; long piles show only their last cards and a count."""
    text = Text()
    if not cards:
        return Text("(empty)", style="dim")
    shown = cards[-SHOW_LAST:]
    if len(cards) > len(shown):
        text.append(f"({len(cards) - len(shown)} more) ", style="dim")
    for i, card in enumerate(shown):
        if i:
            text.append(" ")
        text.append_text(card_text(card))
    return text


def layout(game: Game, state: State, player: int = 1) -> Group:
    """The table as ``player`` sees it: one titled block per section of the game."""
    view: View = game.view(state, player)
    blocks: list[Table | Text] = [
        Text(
            f"{game.name}{options_label(game)} - deal {state.deal} - {describe_phase(game, state)}",
            style="bold underline",
        )
    ]
    for section in game.sections(state):
        blocks.append(Text(section.title, style="italic"))  # a title never wraps with the table
        table = Table(show_header=False, box=None)
        table.add_column("pile", style="cyan", no_wrap=True)
        table.add_column("n", justify="right", style="dim")
        table.add_column("cards")
        for name in section.piles:
            cards = view.piles[name]
            table.add_row(name, str(len(cards)), pile_text(cards))
        blocks.append(table)
    return Group(*blocks)


def changed_options(game: Game) -> list[str]:
    """The options that differ from the game's defaults, as ``name=value``."""
    return game.changed_options()


def options_label(game: Game) -> str:
    """The options that differ from the game's defaults, as `` (deal=single)``, so the
    table says which variant is played; empty for the book's own game."""
    changed = changed_options(game)
    return f" ({', '.join(changed)})" if changed else ""


def describe_phase(game: Game, state: State) -> str:
    """The phase, counters and (in a game of several players) whose turn it is."""
    parts = [state.phase]
    if game.players > 1:
        parts.append(f"player {state.turn} to play")
    parts += game.counters(state)  # as the web page writes them (Game.counters)
    return ", ".join(parts)


def plain(renderable: Group) -> str:
    """A Rich renderable as plain text, for logs and tests."""
    buffer = io.StringIO()
    Console(file=buffer, width=120, color_system=None).print(renderable)
    return buffer.getvalue()
