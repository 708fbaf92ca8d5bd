"""How the probes play and read positions: through the ``Game``, or its fast form.

The beam (:mod:`cadogan.solve.beam`) and the best-first probe
(:mod:`cadogan.solve.probe`) never touch a position themselves: they list, play,
settle, key, score and test it through a ``Rules`` object.  ``Rules`` goes through the
game and its ``State`` values, via the solve's ``Budget``; ``FastRules`` through the
game's plain-value form (``Game.fast_play``, :mod:`cadogan.core.fast`), when it offers
one for the root, replaying a winning line through ``Game.play`` before reporting it.
The exhaustive search (:mod:`cadogan.solve.search`) plays through the same object.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final

from cadogan.core import Move, Outcome, State
from cadogan.core.fast import FastPlay
from cadogan.solve.engine import DEAD_MEMO, Budget, Parts
from cadogan.solve.novelty import Novelty

PACK: Final = "pack"
TALON: Final = "talon"

Line = tuple[Any, ...]  # moves from the root, the Game's or its fast form's
Position = tuple[Any, Sequence[Any], Line]  # a position, its moves, the line to it
Grader = Callable[[Hashable], tuple[Hashable, int]]  # a key to its table key and grade
# A line kept as a chain: the parent's node (None at the root) and the moves from it, so
# that the positions a probe keeps share their lines' common part.  (``Any`` for the
# parent: mypyc, which compiles these modules for ``cadogan compile``, stops on a
# recursive alias.)
Node = tuple[Any, tuple[Any, ...]]


def moves_to(node: Node | None) -> tuple[Any, ...]:
    """The moves from the root to ``node``, in order."""
    parts: list[tuple[Any, ...]] = []
    while node is not None:
        node, moves = node
        parts.append(moves)
    line: list[Any] = []
    # An index loop: mypyc (``cadogan compile``) fails on a generator or on
    # ``reversed`` over these tuples of ``Any``.
    for at in range(len(parts) - 1, -1, -1):
        line.extend(parts[at])
    return tuple(line)


def meet(seen: dict[Hashable, int], key: Hashable, grader: Grader | None) -> bool:
    """Record ``key`` as met (in the exhaustive search's table, a beam's layer or a
    best-first run); False when it was met before (in a game with grades,
    ``Game.graded``: its table key with a grade no higher, so that every line from it
    is a line from the one met before, and the search may skip it)."""
    grade = 0
    if grader is not None:
        key, grade = grader(key)
    known = seen.get(key)
    if known is not None and known <= grade:
        return False
    seen[key] = grade
    return True


def dealt(state: State) -> int:
    """How far the pack has gone: the cards left in it, negated (the layer's index)."""
    pile = state.piles.get(PACK)
    return -len(pile.cards) if pile is not None else 0


class Rules:
    """How the searches play and read positions: through the ``Game`` and its ``State``
    values, all counted and timed by the solve's ``Budget``.  ``FastRules`` plays a
    game's plain-value form instead, when the game offers one."""

    def __init__(self, budget: Budget, root: State, legal: tuple[Move, ...]) -> None:
        self.budget = budget
        self.root: Position = (root, legal, ())

    def roots(self) -> list[Position]:
        """The positions every run starts from."""
        return [self.root]

    def play(self, position: Any, move: Any) -> Any:
        """The position after ``move``, counted as a node."""
        return self.budget.play(position, move)

    def key(self, position: Any) -> Hashable:
        """The position's table key."""
        return self.budget.key(position)[0]

    def grader(self) -> Grader | None:
        """How the searches split a key into its table key and grade
        (``Game.graded``, for ``meet``), or None when the whole key decides (a game without grades,
        or one without its own key)."""
        game = self.budget.game
        return game.graded if game.grades and self.budget.own_key else None

    def parts(self, position: Any) -> Parts | None:
        """The default key's pile encodings of ``position`` (None with a game's own
        key), for ``key_parts`` of its children."""
        return None if self.budget.own_key else self.budget.key(position)[1]

    def key_parts(self, position: Any, parent: Parts | None) -> tuple[Hashable, Parts | None]:
        """``Budget.key``: the key, and the encodings ``parent``'s helped make."""
        return self.budget.key(position, parent)

    def settle(
        self, position: Any, key: Hashable | None = None, *, judge: bool = False
    ) -> tuple[Any, list[Any], Sequence[Any], Outcome]:
        """Play forced and safe moves (``Budget.settle``); the ``dead`` test only with
        ``judge`` (the beam asks it later, through ``doomed``)."""
        return self.budget.settle(position, key, judge=judge)

    def doomed(self, position: Any, key: Hashable | None = None) -> bool:
        """Whether the game's ``dead`` test proves the position lost."""
        return self.budget.doomed(position, key)

    def glance(self, position: Any, key: Hashable | None = None) -> bool:
        """The game's cheaper part of its ``dead`` test (``Game.glance``), for the
        positions the beam gathers from."""
        return self.budget.glance(position, key)

    def order(self, position: Any, legal: Sequence[Any]) -> Sequence[Any]:
        """The moves to try, most promising first."""
        return self.budget.order(position, tuple(legal))

    def score(self, position: Any) -> float:
        """The game's score."""
        return self.budget.score(position)

    def dealt(self, position: Any) -> int:
        """The position's layer (:func:`dealt`)."""
        return dealt(position)

    def talon(self, position: Any) -> Sequence[Hashable]:
        """The talon's cards (none in a game without a talon)."""
        talon = position.piles.get(TALON)
        return talon.cards if talon is not None else ()

    def novelty(self) -> Novelty:
        """A fresh record of the facts met, for one layer."""
        return Novelty(self.budget.game.facts)

    def line(self, moves: Sequence[Any]) -> tuple[Move, ...]:
        """The Game's moves of a winning line (they are already)."""
        return tuple(moves)


class FastRules(Rules):
    """The searches' rules on a game's plain-value form (``Game.fast_play``): each play
    counted and timed by the budget as ``Budget.play`` does, ``dead`` verdicts
    remembered by key as ``Budget.dead`` does, and a winning line replayed through
    ``Game.play`` (``FastPlay.line``) before it is reported."""

    def __init__(
        self, budget: Budget, root: State, legal: tuple[Move, ...], fast: FastPlay
    ) -> None:
        super().__init__(budget, root, legal)
        self.fast = fast
        self.verdicts: dict[Hashable, bool] = {}
        self.starts: list[Position] | None = None

    def roots(self) -> list[Position]:
        if self.starts is None:
            self.starts = [(spot, legal, line) for spot, legal, line in self.fast.roots()]
        return self.starts

    def play(self, position: Any, move: Any) -> Any:
        self.budget.tick()
        return self.fast.play(position, move)

    def key(self, position: Any) -> Hashable:
        return self.fast.key(position)

    def grader(self) -> Grader | None:
        return self.fast.graded if self.budget.game.grades else None

    def parts(self, position: Any) -> Parts | None:
        return None

    def key_parts(self, position: Any, parent: Parts | None) -> tuple[Hashable, Parts | None]:
        return self.fast.key(position), None

    def settle(
        self, position: Any, key: Hashable | None = None, *, judge: bool = False
    ) -> tuple[Any, list[Any], Sequence[Any], Outcome]:
        fast = self.fast
        line: list[Any] = []
        while True:
            legal = fast.moves(position)
            result = fast.outcome(position, legal)
            if result.over:
                return position, line, (), result
            if judge and self.doomed(position, key):
                return position, line, (), Outcome.LOST
            key = None
            move = fast.safe(position, legal)
            if move is None:
                if len(legal) != 1:
                    return position, line, legal, result
                move = legal[0]
            position = self.play(position, move)
            line.append(move)

    def doomed(self, position: Any, key: Hashable | None = None) -> bool:
        if key is None:
            key = self.fast.key(position)
        verdict = self.verdicts.get(key)
        if verdict is None:
            verdict = self.fast.dead(position)
            if len(self.verdicts) >= DEAD_MEMO:
                self.verdicts.clear()
            self.verdicts[key] = verdict
        return verdict

    def glance(self, position: Any, key: Hashable | None = None) -> bool:
        if key is None:
            key = self.fast.key(position)
        verdict = self.verdicts.get(key)
        return self.fast.glance(position) if verdict is None else verdict

    def order(self, position: Any, legal: Sequence[Any]) -> Sequence[Any]:
        return self.fast.order(position, legal)

    def score(self, position: Any) -> float:
        return self.fast.score(position)

    def dealt(self, position: Any) -> int:
        return self.fast.dealt(position)

    def talon(self, position: Any) -> Sequence[Hashable]:
        return self.fast.talon(position)

    def novelty(self) -> Novelty:
        fast = self.fast
        return Novelty(lambda position, since: fast.facts(position), fast.home)

    def line(self, moves: Sequence[Any]) -> tuple[Move, ...]:
        return self.fast.line(moves)


def rules_for(budget: Budget, root: State, legal: tuple[Move, ...]) -> Rules:
    """The game's fast form when it offers one for ``root``, else the Game itself."""
    fast = budget.game.fast_play(root)
    return Rules(budget, root, legal) if fast is None else FastRules(budget, root, legal, fast)
