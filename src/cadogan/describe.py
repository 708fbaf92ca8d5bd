"""A move in words for the player: its text, with the card it carries when face up.

Kept apart from :mod:`cadogan.render` (which needs Rich) so that the hints, which the
solver's services give, can name the card too.
"""

from __future__ import annotations

from cadogan.core import TRANSFER, Game, Move, State


def describe(game: Game, state: State, move: Move) -> str:
    """A move's text with the cards it moves, when face up: ``talon found3 (Q♥)``, and
    for an action between two piles (an exchange) both: ``exchange european1
    australian2 (4♠, 2♥)``.  Other actions (a deal, a turn) carry no card to name."""
    text = str(move)
    if move.verb == TRANSFER:
        card = game.carried(state, move)  # not always the top: the Duchesse's Discard
        return f"{text} ({card.label})" if card is not None else text
    if len(move.args) >= 2 and all(arg in state.piles for arg in move.args):
        labels = [_top(state, name) for name in move.args]
        if None not in labels:
            return f"{text} ({', '.join(label for label in labels if label)})"
    return text


def _top(state: State, name: str) -> str | None:
    """The face-up top card of pile ``name``, or None."""
    pile = state.piles.get(name)
    if pile is None or pile.top is None or not pile.top_up:
        return None
    return pile.top.label
