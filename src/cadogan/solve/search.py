"""The solver: an exhaustive depth-first search with a transposition table.

The search sees every card (the "thoughtful" verdict).  It is iterative, so a long
game never meets Python's recursion limit.  Its only pruning is:

1. **Forced moves** (``Game.auto``): the rules play them, so there is nothing to choose.
2. **Only moves**: a position with a single legal move has a single continuation.
3. **Safe moves** (``Game.safe``): each game proves, in a comment beside its hook, that
   its safe move can never spoil a win; the solver trusts that proof and plays the move
   without trying the alternatives.
4. **The transposition table**: a position whose key is already in the table is not
   searched again.  Plain depth-first search with a global visited set reaches the goal
   whenever it is reachable: the first visit of a key either finds a win (and the
   search stops) or explores every continuation of that key.  A key met again on the
   current path is a cycle, and any win through it is also a win from its first visit.
   The default key is an exact encoding of the state (``solve.keys``); a game's own
   ``key`` must only merge positions that are equally winnable (twins, interchangeable
   piles).

So ``unsolvable`` is a proof as sound as the games' ``safe`` and ``key`` hooks, and
``solved`` comes with the moves, which replay through ``Game.play`` to a win.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from time import perf_counter
from typing import Literal, TypeVar

from cadogan.core import TRANSFER, Game, Move, Outcome, Pile, State
from cadogan.solve.keys import Encoder

Status = Literal["solved", "unsolvable", "timeout", "memory"]
STATUSES: tuple[Status, ...] = ("solved", "unsolvable", "timeout", "memory")
T = TypeVar("T")
MEMO_SIZE = 512  # positions whose moves and outcome the memoized game remembers


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's verdict on a position.

    ``moves`` is the winning line when ``status`` is ``solved`` (empty otherwise);
    ``nodes`` counts the positions generated (calls of ``Game.play``); ``peak_states``
    is the size the transposition table reached.
    """

    status: Status
    moves: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    peak_states: int = 0

    @property
    def decided(self) -> bool:
        """True for a proved verdict: solved or unsolvable."""
        return self.status in ("solved", "unsolvable")


def memoized(game: Game) -> Game:
    """A copy of ``game`` whose ``moves`` and ``outcome`` remember recent answers.

    Both are pure functions of an immutable State, and games call them from ``play``
    (``require``), ``safe`` and each other, so one position's moves would otherwise be
    worked out once per child tried from it.  The copy answers exactly as the game does.
    """
    twin = copy.copy(game)
    for name in ("moves", "outcome"):
        setattr(twin, name, _remember(getattr(twin, name)))
    return twin


def _remember(method: Callable[[State], T]) -> Callable[[State], T]:
    cache: dict[int, tuple[State, T]] = {}

    def recall(state: State) -> T:
        found = cache.get(id(state))
        if found is not None and found[0] is state:
            return found[1]
        answer = method(state)
        if len(cache) >= MEMO_SIZE:
            cache.clear()
        cache[id(state)] = (state, answer)
        return answer

    return recall


class _OutOfTime(Exception):
    """The wall-clock budget ran out."""


class _OutOfMemory(Exception):
    """The transposition table reached its cap."""


def default_order(moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """Ordering for games without their own: plays to a foundation, other transfers, actions."""

    def rank(move: Move) -> int:
        if move.verb != TRANSFER:
            return 2
        target = move.target or ""
        return 0 if target.startswith("found") else 1

    return tuple(sorted(moves, key=rank))


class _Frame:
    """One position on the search path and the moves still to try from it."""

    __slots__ = ("line", "moves", "next", "parts", "state")

    def __init__(
        self,
        state: State,
        moves: tuple[Move, ...],
        line: list[Move],
        parts: tuple[tuple[Pile, ...], list[bytes]] | None,
    ) -> None:
        self.state = state
        self.moves = moves
        self.next = 0
        self.line = line  # the moves from the parent's position to this one
        self.parts = parts  # the piles and their encodings, for the child's key


class _Search:
    """The state of one solve: budget, counters, table and path."""

    def __init__(self, game: Game, timeout: float, max_states: int) -> None:
        self.game = memoized(game)
        self.start = perf_counter()
        self.deadline = self.start + timeout
        self.max_states = max_states
        self.nodes = 0
        self.seen: set[Hashable] = set()
        self.frames: list[_Frame] = []
        self.own_key = type(game).key is not Game.key
        self.own_order = type(game).order is not Game.order
        self.encoder: Encoder | None = None

    def play(self, state: State, move: Move) -> State:
        self.nodes += 1
        if perf_counter() > self.deadline:
            raise _OutOfTime
        return self.game.play(state, move)

    def settle(self, state: State) -> tuple[State, list[Move], tuple[Move, ...], Outcome]:
        """Play forced, safe and only moves; return the position, the line and its moves."""
        game = self.game
        line: list[Move] = []
        while True:
            result = game.outcome(state)
            if result.over:
                return state, line, (), result
            move = game.auto(state)
            if move is None:
                move = game.safe(state)
            if move is None:
                legal = game.moves(state)
                if len(legal) != 1:
                    return state, line, legal, result
                move = legal[0]
            state = self.play(state, move)
            line.append(move)

    def order(self, state: State, legal: tuple[Move, ...]) -> tuple[Move, ...]:
        return self.game.order(state, legal) if self.own_order else default_order(legal)

    def enter(self, state: State, legal: tuple[Move, ...], line: list[Move]) -> None:
        """Push ``state`` unless its key is in the table already."""
        parts = None
        if self.own_key:
            key = self.game.key(state)
        else:
            if self.encoder is None:
                self.encoder = Encoder(state)
            parent = self.frames[-1].parts if self.frames else None
            parts = self.encoder.parts(state, parent)
            key = self.encoder.key(state, parts[1] if parts else None)
        if key in self.seen:
            return
        self.seen.add(key)
        if len(self.seen) > self.max_states:
            raise _OutOfMemory
        self.frames.append(_Frame(state, self.order(state, legal), line, parts))

    def won(self, line: list[Move]) -> tuple[Move, ...]:
        """The whole winning line: every frame's line, then the last step's."""
        return tuple(m for frame in self.frames for m in frame.line) + tuple(line)

    def run(self, root: State) -> tuple[Status, tuple[Move, ...]]:
        state, line, legal, result = self.settle(root)
        if result is not Outcome.ONGOING:
            return ("solved", tuple(line)) if result is Outcome.WON else ("unsolvable", ())
        self.enter(state, legal, line)
        frames = self.frames
        while frames:
            frame = frames[-1]
            if frame.next >= len(frame.moves):
                frames.pop()
                continue
            move = frame.moves[frame.next]
            frame.next += 1
            child, line, legal, result = self.settle(self.play(frame.state, move))
            line.insert(0, move)
            if result is Outcome.WON:
                return "solved", self.won(line)
            if result is Outcome.ONGOING:
                self.enter(child, legal, line)
        return "unsolvable", ()

    def play_out(self, root: State) -> tuple[Status, tuple[Move, ...]]:
        """For games of several players: follow the first ordered move to the end."""
        state, line = root, []
        while True:
            state, forced, legal, result = self.settle(state)
            line += forced
            if result is not Outcome.ONGOING:
                won = result is Outcome.WON
                return ("solved", tuple(line)) if won else ("unsolvable", ())
            move = self.order(state, legal)[0]
            state = self.play(state, move)
            line.append(move)

    def solution(self, status: Status, moves: tuple[Move, ...] = ()) -> Solution:
        seconds = perf_counter() - self.start
        return Solution(status, moves, self.nodes, seconds, len(self.seen))


def solve(
    game: Game, state: State, *, timeout: float = 10.0, max_states: int = 2_000_000
) -> Solution:
    """Decide whether ``state`` can still be won, within ``timeout`` seconds.

    Returns ``solved`` with a winning line, ``unsolvable`` after an exhaustive search,
    ``timeout`` when the clock runs out and ``memory`` when the table would exceed
    ``max_states`` positions.  A game of several players (Sympathie) has no real
    choices, so it is played out and the result of the playout is the verdict.
    """
    search = _Search(game, timeout, max_states)
    try:
        if game.players > 1:
            status, moves = search.play_out(state)
        else:
            status, moves = search.run(state)
    except _OutOfTime:
        return search.solution("timeout")
    except _OutOfMemory:
        return search.solution("memory")
    return search.solution(status, moves)
