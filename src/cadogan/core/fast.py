"""A game's play on plain values, for the solver's searches (``Game.fast_play``).

The searches (the exhaustive one, the beam and the best-first probe, through
``cadogan.solve.rules``) list, play, settle, key and score far more positions than
they keep.  Through ``Game`` each of those builds ``State`` values and checks every
move's legality; a game may instead offer its play phase on plain values (tuples of
bytes, int moves), many times cheaper.  Such a form must answer exactly as the game
does: each game's tests check it hook by hook on random lines of play, and run the
searches both ways node for node, since the exhaustive search's ``unsolvable`` then
rests on it as on the game's own hooks.  A win it finds is replayed through
``Game.play`` (``line``) before anything is reported.

Positions and moves are whatever the game chooses, so they are typed ``Any`` here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from typing import Any

from cadogan.core.game import Game
from cadogan.core.move import Move
from cadogan.core.outcome import Outcome
from cadogan.core.state import State

Root = tuple[Any, list[Any], tuple[Any, ...]]  # a position, its moves, the line to it


class FastPlay(ABC):
    """One deal's play phase on plain values; every method mirrors a ``Game`` hook.

    ``game`` and ``root`` (the position the searches start from) are set by the
    subclass; ``line`` replays through them."""

    game: Game
    root: State

    @abstractmethod
    def roots(self) -> list[Root]:
        """The positions the probes start from: the root itself, or, when the root
        still waits for a choice outside the play phase, each position after it (the
        line to it in the ``Game``'s own moves)."""

    @abstractmethod
    def moves(self, position: Any) -> list[Any]:
        """``Game.moves``."""

    @abstractmethod
    def play(self, position: Any, move: Any) -> Any:
        """``Game.play`` of a listed move (unchecked)."""

    @abstractmethod
    def outcome(self, position: Any, legal: Sequence[Any]) -> Outcome:
        """``Game.outcome``, given the position's moves."""

    @abstractmethod
    def safe(self, position: Any, legal: Sequence[Any]) -> Any | None:
        """``Game.safe``, given the position's moves."""

    @abstractmethod
    def order(self, position: Any, legal: Sequence[Any]) -> Sequence[Any]:
        """``Game.order``."""

    @abstractmethod
    def key(self, position: Any) -> Hashable:
        """``Game.key``: equal only for positions that are equally winnable."""

    def graded(self, key: Hashable) -> tuple[Hashable, int]:
        """``Game.graded`` of this form's ``key`` (asked only when the game sets
        ``grades``): the table key and the grade, split as the game splits its own,
        so that the search keeps the same table either way."""
        return key, 0

    @abstractmethod
    def score(self, position: Any) -> float:
        """``Game.score``."""

    @abstractmethod
    def dead(self, position: Any) -> bool:
        """``Game.dead``: True only for a position that is lost."""

    def glance(self, position: Any) -> bool:
        """``Game.glance``: by default the full ``dead`` test."""
        return self.dead(position)

    @abstractmethod
    def facts(self, position: Any) -> list[Hashable]:
        """``Game.facts``."""

    @abstractmethod
    def home(self, position: Any) -> int:
        """The cards on the foundations (the novelty's partition)."""

    @abstractmethod
    def talon(self, position: Any) -> Sequence[Hashable]:
        """The talon's cards (what the beam's blame is learnt on)."""

    @abstractmethod
    def dealt(self, position: Any) -> int:
        """The cards left in the pack, negated (the beam's layer)."""

    @abstractmethod
    def as_move(self, move: Any, legal: Sequence[Move]) -> Move:
        """The ``Game``'s move for one of this form's moves, from a position whose
        ``Game`` moves are ``legal``."""

    def line(self, moves: Sequence[Any]) -> tuple[Move, ...]:
        """The ``Game``'s moves for a line from the root (a root's own line, already
        the ``Game``'s moves, first), each played through ``Game.play``, which refuses
        an illegal one."""
        game, state = self.game, self.root
        line: list[Move] = []
        for move in moves:
            chosen = move if isinstance(move, Move) else self.as_move(move, game.moves(state))
            state = game.play(state, chosen)
            line.append(chosen)
        return tuple(line)


class TalonSpots(FastPlay):
    """A fast form whose positions are tuples that begin with the layout's piles,
    the foundations' heights (bytes), the talon's codes (bytes) and the cards left in
    the pack: the accessors the probes need, shared."""

    def home(self, position: Any) -> int:
        """The cards on the foundations: the sum of their heights."""
        return sum(position[1])

    def talon(self, position: Any) -> bytes:
        """The talon's codes."""
        return bytes(position[2])

    def dealt(self, position: Any) -> int:
        """The cards left in the pack, negated."""
        return -int(position[3])


def home_move(source: str, legal: Sequence[Move], foundations: frozenset[str]) -> Move:
    """The first of ``legal`` that plays ``source``'s top card to a foundation (the
    fast forms play home as one move; the places it may go to are alike)."""
    for candidate in legal:
        if candidate.args[0] == source and candidate.args[-1] in foundations:
            return candidate
    raise ValueError(f"no foundation takes the top of {source}")


def raised(heights: bytes, suit: int, index: int) -> bytes:
    """Foundation heights (each suit's two, the lower first) after a card of building
    index ``index`` goes onto the lower of its suit's foundations that it fits."""
    lo, hi = heights[2 * suit], heights[2 * suit + 1]
    pair = (index, hi) if lo == index - 1 else (lo, index)
    if pair[0] > pair[1]:
        pair = (pair[1], pair[0])
    return heights[: 2 * suit] + bytes(pair) + heights[2 * suit + 2 :]


def replaced(piles: tuple[bytes, ...], index: int, cards: bytes) -> tuple[bytes, ...]:
    """``piles`` with the one at ``index`` replaced by ``cards``."""
    return (*piles[:index], cards, *piles[index + 1 :])
