"""The exhaustive depth-first search, a slice of nodes at a time.

Its pruning and why it is sound are set out in :mod:`cadogan.solve.search`, which runs
it in turns with the probes.  It lives apart so that the beam (:mod:`cadogan.solve.beam`)
can run a small one from a late layer's position without importing the whole solver.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Final, Literal

from cadogan.core import Move, Outcome
from cadogan.solve.engine import Budget, OutOfMemory, Parts
from cadogan.solve.rules import Grader, Line, Position, Rules, meet

Status = Literal["solved", "unsolvable", "timeout", "memory"]
STATUSES: Final[tuple[Status, ...]] = ("solved", "unsolvable", "timeout", "memory")


class _Frame:
    """One position on the search path and the moves still to try from it."""

    __slots__ = ("line", "moves", "next", "parts", "state")

    def __init__(
        self, state: Any, moves: Sequence[Any], line: list[Any], parts: Parts | None
    ) -> None:
        self.state = state
        self.moves = moves
        self.next = 0
        self.line = line  # the moves from the parent's position to this one
        self.parts = parts  # the piles and their encodings, for the child's key


class Exhaustive:
    """The depth-first search, run a slice of nodes at a time by :meth:`step`.

    It plays through a ``Rules`` object (:mod:`cadogan.solve.rules`): the game itself,
    or the game's fast form, which answers every hook as the game does (each form's
    tests run this search both ways, node for node, to the same verdicts).  A form
    may start from several roots (the Note's remedy in Napoleon's Square); the search
    takes them one after another, sharing its table, and a win from any is a win."""

    def __init__(self, budget: Budget, max_states: int) -> None:
        self.budget = budget
        self.max_states = max_states
        # Each table key met, with the lowest grade it was met with (0 for every key
        # of a game without grades, ``Game.graded``).
        self.seen: dict[Hashable, int] = {}
        self.grader: Grader | None = None
        self.frames: list[_Frame] = []
        self.rules: Rules | None = None
        self.pending: list[Position] = []
        # The most positions the table of a native search that took this search's
        # turns held (cadogan.solve.native_exhaustive), for the solve's peak_states.
        self.native_states = 0

    def begin(self, rules: Rules, roots: list[Position] | None = None) -> None:
        """Search from ``rules``' roots (the root settled and ongoing, or the positions
        the form starts from in its place), or from ``roots``, each with the line that
        reaches it from the solve's root (a probe's search from a later position)."""
        self.rules = rules
        self.grader = rules.grader()
        self.pending = list(reversed(rules.roots() if roots is None else roots))

    def remember(self, key: Hashable) -> bool:
        """Add ``key`` to the table; False when it was there already (in a game with
        grades: its table key, with a grade no higher than this one's)."""
        if not meet(self.seen, key, self.grader):
            return False
        # A key met again with a lower grade does not grow the table.  A new key that
        # would take the table past its cap is taken out again (a dict pops its last
        # insertion first), so the table never holds more than ``max_states``.
        if len(self.seen) > self.max_states:
            self.seen.popitem()
            raise OutOfMemory
        return True

    def step(self, quota: int) -> tuple[Status, tuple[Move, ...]] | None:
        """Search until ``quota`` more nodes are played; a verdict, or None to go on."""
        budget, frames = self.budget, self.frames
        stop = budget.nodes + quota
        while frames or self.pending:
            if budget.nodes >= stop:
                return None
            if not frames:
                found = self.start(*self.pending.pop())
            else:
                frame = frames[-1]
                if frame.next >= len(frame.moves):
                    frames.pop()
                    continue
                move = frame.moves[frame.next]
                frame.next += 1
                found = self.child(frame, move)
            if found is not None:
                return "solved", found
        return "unsolvable", ()

    def start(self, position: Any, legal: Sequence[Any], line: Line) -> tuple[Move, ...] | None:
        """Push a root (settled first: a form's roots after the remedy are not yet)."""
        rules = self.rules
        assert rules is not None
        key, parts = rules.key_parts(position, None)
        if not self.remember(key):
            return None
        return self.push(position, key, parts, list(line))

    def child(self, frame: _Frame, move: Any) -> tuple[Move, ...] | None:
        """Play ``move`` from ``frame``; the winning line if it wins, else push it."""
        rules = self.rules
        assert rules is not None
        child = rules.play(frame.state, move)
        key, parts = rules.key_parts(child, frame.parts)
        if not self.remember(key):
            return None
        return self.push(child, key, parts, [move])

    def push(
        self, position: Any, key: Hashable, parts: Parts | None, line: list[Any]
    ) -> tuple[Move, ...] | None:
        """Settle a new position reached by ``line``; the winning line if it wins,
        else search on from it (unless it is lost or its settled key was met)."""
        rules = self.rules
        assert rules is not None
        settled, forced, legal, result = rules.settle(position, key, judge=True)
        line += forced
        if result is Outcome.WON:
            return rules.line(tuple(m for f in self.frames for m in f.line) + tuple(line))
        if result is not Outcome.ONGOING:
            return None
        if settled is not position:
            key, parts = rules.key_parts(settled, parts)
            if not self.remember(key):
                return None
        self.frames.append(_Frame(settled, rules.order(settled, legal), line, parts))
        return None
