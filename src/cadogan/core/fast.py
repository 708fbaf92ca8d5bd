"""A game's play on plain values, for the solver's beam (``Game.fast_play``).

The beam probe (``cadogan.solve.beam``) lists, plays, settles, keys and scores far
more positions than it keeps.  Through ``Game`` each of those builds ``State`` values
and checks every move's legality; a game may instead offer its play phase on plain
values (tuples of bytes, int moves), many times cheaper.  Such a form must answer
exactly as the game does (each game's tests check it on random lines of play), and it
only steers: a win it finds is replayed through ``Game.play`` (``line``) before
anything is reported.

Positions and moves are whatever the game chooses, so they are typed ``Any`` here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from typing import Any

from cadogan.core.move import Move
from cadogan.core.outcome import Outcome

Root = tuple[Any, list[Any], tuple[Any, ...]]  # a position, its moves, the line to it


class FastPlay(ABC):
    """One deal's play phase on plain values; every method mirrors a ``Game`` hook."""

    @abstractmethod
    def roots(self) -> list[Root]:
        """The positions the beam starts from: the root itself, or, when the root
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

    @abstractmethod
    def score(self, position: Any) -> float:
        """``Game.score``."""

    @abstractmethod
    def dead(self, position: Any) -> bool:
        """``Game.dead``: True only for a position that is lost."""

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
    def line(self, moves: Sequence[Any]) -> tuple[Move, ...]:
        """The ``Game``'s moves for a line from the root (a root's own line first),
        each played through ``Game.play``, which refuses an illegal one."""
