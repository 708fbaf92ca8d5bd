"""The solver: a portfolio of an exhaustive search and probes, within one budget.

**The exhaustive search** is an iterative depth-first search with a transposition
table; it alone may answer ``unsolvable``.  Its only pruning is:

1. **Forced moves** (``Game.auto``): the rules play them, so there is nothing to choose.
2. **Only moves**: a position with a single legal move has a single continuation.
3. **Safe moves** (``Game.safe``): each game proves, in a comment beside its hook, that
   its safe move can never spoil a win and can never be undone (a card to a foundation,
   say), so that safe moves cannot lead round in a circle back to where they began; the
   solver trusts that proof and plays the move without trying the alternatives.
4. **Dead positions** (``Game.dead``): a position the game proves can no longer be
   won is dropped as lost.  Each game justifies every test its hook makes.
5. **The transposition table**: a position whose key is already in the table is not
   searched again.  Plain depth-first search with a global visited set reaches the goal
   whenever it is reachable: the first visit of a key either finds a win (and the
   search stops) or explores every continuation of that key.  A key met again on the
   current path is a cycle, and any win through it is also a win from its first visit.
   The default key is an exact encoding of the state (``solve.keys``); a game's own
   ``key`` may merge only *symmetric* positions: each move of one is matched by a move
   of the other, leading again to positions the key merges (twin cards, interchangeable
   piles, a pack named by its length).  Being equally winnable is not enough: when one
   of two merged positions leads to the other, the search takes the second for a cycle
   and never tries its own moves (a merge of Petits Paquets positions that differed in
   how a suit was split between its foundations proved winnable deals "unsolvable").
   A child is looked up twice: as soon as it is played, and again after its
   forced, safe and only moves.  Both keys go into the table, because the child and
   the position its settling reaches are equally winnable (settling only plays moves
   that keep a win, and what the settled position can reach the child can too), so
   whichever is met again later is already being explored.  The early look-up spares
   a repeated position its moves, safe move and outcome.
   **Grades** (``Game.grades``, ``Game.graded``): a game may keep part of its key out
   of the table as a grade, where a lower grade dominates (every line of moves from
   the position with the higher grade is legal from the same position with the lower,
   and reaches the same positions, grades aside).  The table keeps each table key's
   lowest grade; a position met again with a grade no lower is not searched again,
   since any win through it is a win from the entry, which was (or is being) searched;
   met with a lower grade it is searched again, and the entry keeps the lower grade.
   The grades of one key only fall, so each key is searched a bounded number of times.
   (The Hemispheres grade by the Race marriages in a row.)

**The probes** (:mod:`cadogan.solve.probe`) look for a win in other ways (a best-first
search guided by progress, seeded random dives and, in a ``layered`` game, the beam of
:mod:`cadogan.solve.beam`).  They can only ever answer
``solved``, with a line that is a sequence of legal moves ending in a won position, so
they add no risk to any verdict.  The searches take turns by node counts, not by time,
so a deal is searched the same way on every run until the clock stops it.

**Where a game has a fast form** (``Game.fast_play``, :mod:`cadogan.core.fast`), every
search, the exhaustive one included, plays on it rather than on ``State`` values: the
same rules on plain values, with the game's own move order, safe moves, ``dead`` test
and key.  The form is held to the game by its tests: hook by hook on random lines of
play, and this search run both ways from positions of such lines to the same verdicts
(``unsolvable`` included) with the same node counts and tables.  A form may stand in
for the game's opening choices by starting from each position they lead to (the Note's
remedy in Napoleon's Square); the search takes those roots one after another.

So ``unsolvable`` is a proof as sound as the games' ``safe`` and ``key`` hooks (and
their fast forms, where they have them), and ``solved`` comes with the moves, which
replay through ``Game.play`` to a win.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from time import perf_counter
from typing import Final

from cadogan.core import BadState, BadValue, Game, Move, Outcome, State
from cadogan.record import Record
from cadogan.solve.engine import (
    SOLO,
    Budget,
    Lane,
    OutOfMemory,
    OutOfTime,
    default_order,
    memoized,
    seed_of,
)
from cadogan.solve.exhaustive import STATUSES, Exhaustive, Status
from cadogan.solve.native_exhaustive import NativeExhaustive, native_exhaustive
from cadogan.solve.probe import Prober
from cadogan.solve.rules import rules_for

__all__ = [
    "MAX_STATES",
    "STATUSES",
    "Exhaustive",
    "Limits",
    "Run",
    "Solution",
    "Status",
    "default_order",
    "memoized",
    "solve",
    "solve_lane",
]

SLICE: Final = 1024  # nodes each search plays before the other takes its turn
# The default cap on the exhaustive search's table (a few hundred megabytes); a long
# solve that is to prove a hard deal lost needs more (benchmarks/README.md).
MAX_STATES: Final = 2_000_000


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's verdict on a position.

    ``moves`` is the winning line when ``status`` is ``solved`` (empty otherwise);
    ``nodes`` counts the positions generated (calls of ``Game.play``) by all the
    searches; ``peak_states`` is the size the exhaustive search's table reached.
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

    def record(self, game: Game, start: State) -> Record | None:
        """The winning line as a text record, the certificate ``cadogan solve --record``
        writes (None unless solved).  ``start`` is the position that was solved; it must
        be its deal's opening, since a record replays from the deal (BadState else)."""
        if self.status != "solved":
            return None
        if start != game.deal(start.deal):
            raise BadState(
                "a record replays from the deal, and this line starts later in the game: "
                "solve the deal's opening, game.deal(n), for a record"
            )
        moves = tuple(str(m) for m in self.moves)
        return Record(game.id, start.deal, dict(game.options), moves, "won")


def _play_out(budget: Budget, root: State) -> tuple[Status, tuple[Move, ...]]:
    """For games of several players: follow the first ordered move to the end."""
    state, line = root, []
    while True:
        state, forced, legal, result = budget.settle(state)
        line += forced
        if result is not Outcome.ONGOING:
            return ("solved", tuple(line)) if result is Outcome.WON else ("unsolvable", ())
        kept = budget.order(state, legal)
        if not kept:  # the game's prune kept no move: the position is lost
            return "unsolvable", ()
        move = kept[0]
        state = budget.play(state, move)
        line.append(move)


def _searches(budget: Budget, turn: int) -> bool:
    """Whether the exhaustive search takes this turn.

    It takes every turn (alongside the probes) for the game's first ``early_nodes``
    nodes, then one turn in its ``late_turns`` (each game that sets them says why).
    """
    game = budget.game
    late = game.late_turns
    if late <= 1 or budget.nodes < game.early_nodes:
        return True
    return turn % late == 0


def _probes(game: Game, lane: Lane, turn: int) -> bool:
    """Whether the probes take this turn beside the exhaustive search: in lane 0 one
    turn in the game's ``probe_turns`` (none for 0), elsewhere every turn."""
    every = game.probe_turns
    return lane.index != 0 or (every > 0 and turn % every == 0)


Progress = Callable[[int, float], None]  # told (nodes, seconds) before each turn
Verdict = tuple[Status, tuple[Move, ...]]


def _portfolio(budget: Budget, root: State, search: Exhaustive, run: Run) -> Verdict:
    """Settle the root, then let the exhaustive search and the probes take turns
    (only the searches of ``run.lane``, when a solve is split over processes)."""
    state, line, legal, result = budget.settle(root)
    if result is not Outcome.ONGOING:
        return ("solved", tuple(line)) if result is Outcome.WON else ("unsolvable", ())
    rules = rules_for(budget, state, legal)  # the game's fast form, when it has one
    search.begin(rules)
    run_states = max(1, search.max_states // 4)
    if budget.game.run_states is not None:
        run_states = min(run_states, budget.game.run_states)
    lane = run.lane
    prober = Prober(budget, state, legal, seed_of(root), run_states, lane, rules)
    # The kernel's search, where there is one, takes the Python search's turns.
    native = native_exhaustive(budget, rules, search) if lane.index == 0 else None
    exhaustive: Exhaustive | NativeExhaustive = search if native is None else native
    turn = 0
    while True:
        turn += 1
        if run.progress is not None:
            run.progress(budget.nodes, perf_counter() - budget.start)
        if run.stop is not None and run.stop():
            raise OutOfTime
        searches = lane.index == 0 and _searches(budget, turn)
        verdict = exhaustive.step(SLICE) if searches else None
        if verdict is None and (not searches or _probes(budget.game, lane, turn)):
            found = prober.step(SLICE)
            verdict = None if found is None else ("solved", found)
        if verdict is not None:
            status, moves = verdict
            return status, (tuple(line) + moves) if status == "solved" else ()


@dataclass(frozen=True)
class Run:
    """How one process runs a solve: its lane, and whom it tells of its progress.

    ``stop``, when given, is asked before each turn; once it answers True the solve
    ends as if its budget had run out (another process has the verdict).
    """

    lane: Lane = SOLO
    progress: Progress | None = None
    stop: Callable[[], bool] | None = None


def solve(
    game: Game,
    state: State,
    *,
    timeout: float = 10.0,
    max_states: int = MAX_STATES,
    max_nodes: int | None = None,
    progress: Progress | None = None,
    workers: int = 1,
) -> Solution:
    """Decide whether ``state`` can still be won, within ``timeout`` seconds.

    Returns ``solved`` with a winning line, ``unsolvable`` after an exhaustive search,
    ``timeout`` when the clock runs out, or the searches have generated ``max_nodes``
    positions, and ``memory`` when the table would exceed ``max_states`` positions.
    A node cap makes the answer reproducible: the same on every machine and under any
    load, as long as the clock does not run out first.  A game of several players
    (Sympathie) has no real choices, so it is played out and the result of the playout
    is the verdict.  ``progress``, if given, is told the nodes generated and the
    seconds spent so far before each turn of the searches (about every 2,048 nodes),
    so that a caller can show a progress bar; it must not raise.

    ``workers`` above 1 splits the searches over that many processes
    (:mod:`cadogan.solve.parallel`; one per core is the most that helps), each with
    the whole ``timeout`` and an equal share of ``max_nodes``.  The verdict is as
    sound, and under a node cap its status is as reproducible, but which winning line
    is found first, and the node count, may vary from run to run.
    """
    if workers < 1:
        raise BadValue(f"workers must be at least 1, not {workers}")
    if not timeout > 0:  # also refuses NaN, which no clock reading ever exceeds
        raise BadValue(f"timeout must be a positive number of seconds, not {timeout}")
    if max_states < 1 or (max_nodes is not None and max_nodes < 1):
        raise BadValue("max_states and max_nodes must be at least 1")
    game.check(state)
    limits = Limits(timeout, max_states, max_nodes)
    if workers > 1 and game.players == 1:
        # Imported here: it imports this module.
        from cadogan.solve.parallel import solve_parallel

        return solve_parallel(game, state, limits, workers, progress)
    return solve_lane(game, state, limits, Run(SOLO, progress))


@dataclass(frozen=True)
class Limits:
    """A solve's budget: seconds, table positions and (optionally) nodes generated."""

    timeout: float = 10.0
    max_states: int = MAX_STATES
    max_nodes: int | None = None


def solve_lane(game: Game, state: State, limits: Limits, run: Run) -> Solution:
    """:func:`solve` in this process, running the searches of ``run.lane``."""
    budget = Budget(game, limits.timeout, limits.max_nodes)
    search = Exhaustive(budget, limits.max_states)
    status: Status
    try:
        if game.players > 1:
            status, moves = _play_out(budget, state)
        else:
            status, moves = _portfolio(budget, state, search, run)
    except OutOfTime:
        status, moves = "timeout", ()
    except OutOfMemory:
        status, moves = "memory", ()
    seconds = perf_counter() - budget.start
    peak = max(len(search.seen), search.native_states)
    return Solution(status, moves, budget.nodes, seconds, peak)
