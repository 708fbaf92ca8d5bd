"""Probes: incomplete searches that look for a win sooner than depth-first search does.

Depth-first search is exhaustive, but it spends its whole budget below its first few
choices: a wrong early choice is never revisited in time.  The probes spread the
effort instead, taking turns with it (see :mod:`cadogan.solve.search`):

- **best-first**: a greedy best-first search, always expanding the open position with
  the most progress (the game's ``score`` hook if it has one, else
  :func:`cadogan.solve.engine.progress`), ties going to the deeper position.  Its open
  list and table are capped; past the cap it keeps the better half of the open list,
  and when its table is full (or its list runs dry after such a cut) it starts again
  with a little random noise on the scores, so each run goes a different way.  A
  game's ``run_states`` caps a run's table: in the Constitution many short runs find
  more wins than one long one (its deals 1-60 at 150,000 nodes: 27 won with one run,
  45 with runs of 5,000 positions; benchmarks/README.md).  A game's ``run_patience``
  also ends a run once that many positions have come into its table since its best
  score (without the noise) last rose: a run that climbs goes on, one that has
  stalled starts again (the Constitution: 1,000).  A game that sets
  ``lazy_dead`` (the Constitution) has it settle children without the ``dead`` test
  and ask the test only of the position it pops, since it expands few of them.  A
  game that sets ``novelty`` (the Constitution) has every other run take those points
  off a position that shows no new fact (:mod:`cadogan.solve.novelty`), so that the
  run spreads over the plateaus where the score cannot choose;
- **dives**: random playouts from the root that mostly follow the game's move
  ordering and sometimes take another move; they take every other probe turn, unless
  the game's ``dives`` is False (the three hard games: their dives won no deal
  that the other probes did not, and their turns won more as best-first runs);
- **the beam** (:mod:`cadogan.solve.beam`), for games marked ``layered``: positions
  advanced together one turn of the pack at a time.  It takes all turns but one in
  the game's ``beam_turns`` (every other turn unless the game says otherwise).  When
  a solve is split over processes, lane 1 runs the game's beam alone and lane 0 runs
  none, unless the game names a ``helper_beam``: then lane 0's beam is steered by that
  blame and novelty instead of the game's, so that the two beams go different ways.

Both can only ever report a win, and only with a line of legal moves (each played
through ``Game.play``) that ends in a won position; they never report a loss.  Their
random choices come from a generator seeded by the position (``engine.seed_of``), so
they are the same on every run.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Hashable, Sequence
from functools import partial
from typing import Any, Final

from cadogan.core import Move, Outcome, State
from cadogan.solve.beam import NOISE as BEAM_NOISE
from cadogan.solve.beam import Beam, applies
from cadogan.solve.engine import SOLO, Budget, Lane, Parts
from cadogan.solve.native_beam import NativeBeam, native_beam
from cadogan.solve.novelty import Novelty
from cadogan.solve.rules import Node, Rules, meet, moves_to, rules_for

Entry = tuple[float, int, int, Any, Sequence[Any], Node]  # positions: see Rules
MAX_DIVE: Final = 4_000  # moves in one dive; a guard for games that can cycle
OPEN_CAP: Final = 20_000  # open positions kept by the best-first search before a cut
NOISE: Final = 3.0  # the random spread added to scores after the first best-first run


def python_beam(
    budget: Budget,
    rules: Rules,
    root: State,
    legal: tuple[Move, ...],
    seed: int,
    lane: Lane,
    helper: tuple[float, float] | None,
) -> Beam:
    """The Python beam of ``lane``: noisy past lane 1, steered by ``helper`` if given."""
    beam = Beam(budget, root, legal, seed + lane.index, rules)
    if lane.index > 1:
        beam.noise = BEAM_NOISE  # a second beam lane must go its own way
    if helper is not None:  # lane 1 runs the game's own beam: steer this one apart
        beam.blame_weight, beam.novel_share = helper
    return beam


class Prober:
    """The best-first search and the dives, taking turns a slice of nodes at a time."""

    def __init__(
        self,
        budget: Budget,
        root: State,
        legal: tuple[Move, ...],
        seed: int,
        cap: int,
        lane: Lane = SOLO,
        rules: Rules | None = None,
    ) -> None:
        self.budget = budget
        # The game's fast form when it has one (``Game.fast_play``), shared with the
        # beam (and, from ``solve``, the exhaustive search).
        self.rules: Rules = rules_for(budget, root, legal) if rules is None else rules
        self.roots = self.rules.roots()
        self.grader = self.rules.grader()
        self.rng = random.Random(seed + lane.index)
        self.cap = max(cap, 1)
        self.turn = 0
        self.noise = 0.0
        self.exhausted = False  # the best-first search ran dry without a cut
        self.runs = 0
        self.novelty = budget.game.novelty
        self.patience = budget.game.run_patience
        layered = budget.game.layered and applies(root)
        self.beam_only = lane.beam_only(layered)
        if lane.index > 0:
            # A helper lane (its own seed, above): its runs are noisy from the first
            # (the plain first run is lane 0's), with novelty on other runs than lane 0's.
            self.noise = NOISE
            self.runs = lane.index
        self.restart()
        self.dive: tuple[Any, Sequence[Any], list[Any]] | None = None
        self.greed = 0.7
        self.beam: Beam | NativeBeam | None = None
        helper = budget.game.helper_beam if lane.count > 1 and lane.index == 0 else None
        if layered and (lane.count == 1 or self.beam_only or helper is not None):
            # The game's kernel when it has one and the budget is the clock's alone:
            # in lane 0 of a split solve steered by the helper's blame and novelty; in
            # one process the game's own beam and the helper's, taking turns.
            native = None
            if lane.index <= 1:
                own = budget.game.helper_beam if lane.count == 1 else None
                steers = (helper,) if helper is not None else (None, *((own,) if own else ()))
                native = native_beam(budget, self.rules, seed + lane.index, steers)
            if native is not None:  # should the kernels stop, the Python beam goes on
                # (A partial, not a lambda over self: the prober holds the beam, and a
                # cycle would keep the kernels' memory until the next collection.)
                native.fallback = partial(
                    python_beam, budget, self.rules, root, legal, seed, lane, helper
                )
            self.beam = native or python_beam(budget, self.rules, root, legal, seed, lane, helper)
        self.beam_turns = max(budget.game.beam_turns, 1)
        self.dives = budget.game.dives
        self.lazy = budget.game.lazy_dead

    def restart(self) -> None:
        """A fresh best-first run from the root."""
        self.seen: dict[Hashable, int] = {}
        for position, _, _ in self.roots:
            self.fresh(self.rules.key(position))
        self.cut = False
        self.count = 0
        self.best = float("-inf")  # the run's best score, without noise or novelty
        self.rose = 0  # the size of the run's table when its best score last rose
        self.runs += 1
        novel = self.novelty > 0 and self.runs % 2 == 0
        self.news: Novelty | None = self.rules.novelty() if novel else None
        self.open: list[Entry] = [
            (0.0, 0, i, position, legal, (None, line))
            for i, (position, legal, line) in enumerate(self.roots)
        ]
        self.count = len(self.open) - 1

    def step(self, quota: int) -> tuple[Move, ...] | None:
        """Probe for ``quota`` nodes; a winning line from the root, or None."""
        self.turn += 1
        if self.beam is not None and (self.beam_only or self.turn % self.beam_turns):
            return self.beam.step(quota)
        stop = self.budget.nodes + quota
        turn = self.turn if self.beam is None else self.turn // self.beam_turns
        best_first = (turn % 2 == 1 or not self.dives) and not self.exhausted
        while self.budget.nodes < stop:
            found = self.expand() if best_first else self.walk()
            if found is not None:
                return found
        return None

    def expand(self) -> tuple[Move, ...] | None:
        """Expand the best open position."""
        if not self.open:
            if not self.cut and self.noise == 0.0:
                self.exhausted = True
            self.noise = NOISE
            self.restart()
            return None
        _, rise, _, state, legal, node = heapq.heappop(self.open)
        if self.lazy and self.rules.doomed(state):
            return None  # settled without the test (``consider``): a loss, dropped now
        # The default key's pile encodings, worked out once and reused for every child.
        parts = self.rules.parts(state)
        for move in self.rules.order(state, legal):
            found = self.consider(state, parts, move, (1 - rise, node))
            if found is not None:
                return found
        if len(self.open) > OPEN_CAP:
            self.open = heapq.nsmallest(OPEN_CAP // 2, self.open)
            self.cut = True
        stuck = self.patience > 0 and len(self.seen) - self.rose > self.patience
        if len(self.seen) > self.cap or stuck:
            self.noise = NOISE
            self.restart()
        return None

    def consider(
        self, state: Any, parts: Parts | None, move: Any, at: tuple[int, Node]
    ) -> tuple[Move, ...] | None:
        """Play ``move`` and queue the settled child unless it was seen.

        ``parts`` are the pile encodings of ``state``; ``at`` is the child's depth and
        the node of ``state``.
        """
        rules, (depth, node) = self.rules, at
        child = rules.play(state, move)
        key, parts = rules.key_parts(child, parts)
        if not self.fresh(key):
            return None
        settled, line, legal, result = rules.settle(child, key, judge=not self.lazy)
        line.insert(0, move)
        if result is Outcome.WON:
            return rules.line(moves_to(node) + tuple(line))
        if result is not Outcome.ONGOING:
            return None
        if settled is not child and not self.fresh(rules.key_parts(settled, parts)[0]):
            return None
        root = any(state is position for position, _, _ in self.roots)
        score = self.rank(settled, None if root else state)
        self.count += 1
        entry = (-score, -depth, self.count, settled, legal, (node, tuple(line)))
        heapq.heappush(self.open, entry)
        return None

    def rank(self, state: Any, parent: Any = None) -> float:
        """The score the best-first probe ranks ``state`` by: the game's, with the
        run's noise, less the game's ``novelty`` when this run weighs novelty and
        ``state`` shows no new fact.  ``parent``, the position ``state`` was reached
        from, must have been ranked in this run (the root is not): only the piles
        that differ from it can show a new fact.  It also notes the run's best plain
        score and the table's size when it last rose, which ``run_patience`` reads."""
        plain = self.rules.score(state)
        if plain > self.best:
            self.best, self.rose = float(plain), len(self.seen)
        score = plain + self.noise * self.rng.random()
        if self.news is not None and not self.news.news(state, parent):
            score -= self.novelty
        return score

    def fresh(self, key: Hashable) -> bool:
        """Add ``key`` to the best-first table; False when it was there already (in a
        game with grades, with a grade no higher: ``meet``)."""
        return meet(self.seen, key, self.grader)

    def walk(self) -> tuple[Move, ...] | None:
        """One move of the current dive (starting a new dive when none is going)."""
        if self.dive is None:
            state, legal, start = self.roots[0]
            self.dive = (state, legal, list(start))
            self.greed = self.rng.uniform(0.5, 0.9)
        state, legal, line = self.dive
        ordered = self.rules.order(state, legal)
        if not ordered:  # the game's prune kept no move: the position is lost
            self.dive = None
            return None
        move = ordered[0] if self.rng.random() < self.greed else self.rng.choice(ordered)
        child, forced, legal, result = self.rules.settle(self.rules.play(state, move), judge=True)
        line.append(move)
        line.extend(forced)
        if result is Outcome.WON:
            return self.rules.line(line)
        ongoing = result is Outcome.ONGOING and len(line) < MAX_DIVE
        self.dive = (child, legal, line) if ongoing else None
        return None
