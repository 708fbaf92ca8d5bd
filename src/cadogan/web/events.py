"""What a move did, in the words a room tells its players: the cards it turned up and
the pairs it took.

A room's players see each other's moves only as a changed table; against the computer
a whole run of its moves arrives with the player's own.  Each move is told as a
:class:`Played`, built from the positions before and after it.  A card is named only
when every seat sees it face up afterwards, so the account never shows a card that
any of its readers (players or watchers) could not see on the table.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from cadogan.core import Game, State
from cadogan.session import Session

# Where a game lays aside the cards it withdraws in pairs (Sympathie's ``p1pairs`` and
# ``p2pairs``): one card of each pair to each side.
PAIRS_SUFFIX = "pairs"


@dataclass(frozen=True)
class Played:
    """One move as a room tells it: its text, the seat that made it, the cards it
    turned face up, and how many pairs it withdrew."""

    move: str
    seat: int
    shown: tuple[str, ...]
    pairs: int

    def to_json(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "seat": self.seat,
            "shown": list(self.shown),
            "pairs": self.pairs,
        }


def _seen(game: Game, state: State, seat: int) -> Counter[str]:
    """How many copies of each card ``seat`` sees face up."""
    counts: Counter[str] = Counter()
    for cards in game.view(state, seat).piles.values():
        counts.update(str(c) for c in cards if c is not None)
    return counts


def shown(game: Game, before: State, after: State) -> tuple[str, ...]:
    """The cards a move turned face up for every seat (a card that was already face up
    and moved is not new)."""
    common: Counter[str] | None = None
    for seat in range(1, game.players + 1):
        new = _seen(game, after, seat) - _seen(game, before, seat)
        common = new if common is None else common & new
    return tuple(sorted((common or Counter()).elements()))


def withdrawn(state: State) -> int:
    """The cards laid aside in pairs so far."""
    return sum(len(pile) for name, pile in state.piles.items() if name.endswith(PAIRS_SUFFIX))


def played(session: Session, first: int) -> list[Played]:
    """The moves of ``session``'s history from index ``first`` on, as a room tells them."""
    history = session.history
    before = history[first - 1].state if first else session.start
    told = []
    for entry in history[first:]:
        after = entry.state
        pairs = (withdrawn(after) - withdrawn(before)) // 2
        told.append(Played(str(entry.move), before.turn, shown(session.game, before, after), pairs))
        before = after
    return told
