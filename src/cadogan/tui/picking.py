"""Turning pile choices into moves: pick a pile up, drop it on another, or act on it.

Kept apart from the widgets so that the logic is plain and testable; the rules stay in
the game, which lists the legal moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from cadogan.core import TRANSFER, Move

# What "d" plays.  Not "redeal": a re-deal spends one of the few the rules allow, so it
# has its own key (R) and "d" only says it is there.
DEAL_VERBS = ("deal", "turn", "travel", "next")


def from_pile(moves: tuple[Move, ...], name: str) -> list[Move]:
    """The legal moves that start at pile ``name``."""
    return [m for m in moves if m.args and m.args[0] == name]


def targets(moves: tuple[Move, ...], name: str) -> set[str]:
    """Where a card picked up from ``name`` may go: the legal destinations to highlight."""
    return {m.args[-1] for m in from_pile(moves, name) if len(m.args) >= 2}


@dataclass(frozen=True, slots=True)
class Pick:
    """What a choice of pile means: play ``move``, ask among ``options``, or hold ``held``."""

    move: Move | None = None
    options: tuple[Move, ...] = ()
    held: str | None = None


def choose(moves: tuple[Move, ...], held: str | None, name: str) -> Pick:
    """The meaning of choosing pile ``name`` while holding ``held`` (or nothing)."""
    if held is None:
        own = from_pile(moves, name)
        if len(own) == 1 and len(own[0].args) == 1:
            return Pick(move=own[0])  # a pile's only action, e.g. "turn spare"
        return Pick(held=name)
    if held == name:
        return Pick()  # putting a card back down
    matching = tuple(m for m in moves if m.args[:1] == (held,) and m.args[-1:] == (name,))
    if len(matching) == 1:
        return Pick(move=matching[0])
    if matching:
        return Pick(options=matching)
    return Pick(move=Move(TRANSFER, (held, name)))  # illegal: play() will say why


def next_card(moves: tuple[Move, ...]) -> Move | None:
    """The deal / next-card action, when one is legal."""
    for verb in DEAL_VERBS:
        for move in moves:
            if move.verb == verb:
                return move
    return None
