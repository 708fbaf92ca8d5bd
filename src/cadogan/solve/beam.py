"""The beam probe: a search for a win that advances the whole game one pack card at a time.

In games dealt card by card from a pack (the Hemispheres, Napoleon's Square) the
choices that matter are made between two turns of the pack: what to play, marry or move
before the next card comes.  (The Constitution is dealt so too, but its layers cost too
much to gather at its speed: the beam won none of its deals 1-30, so it is not used
there.)  Depth-first search spends its budget on the last of those choices; the
best-first probe wanders between early and late ones.
The beam probe instead keeps a *layer* of positions with the same number of cards left
in the pack.  From each it gathers the positions its moves can reach without turning
the pack (a bounded search per position), turns the pack from every one of them, and
keeps the best ``width`` of the new positions, by the game's ``score``, as the next
layer.  When a layer dies out, it starts again from the root with twice the width; at
the widest it starts again with a little seeded noise on the scores, so that each run
goes a different way.

A run that dies can teach the next one, in a game that sets ``beam_blame``: the cards
left on the talons of its last layer are the ones it could not get off again, so each
earns blame (``learn``), and the later runs mark down a position by ``beam_blame``
points for each unit of blame on a card of its talon (``penalty``).  They then prefer
positions that keep those cards off the talon (in a space, married or played) when
they come from the pack.  The blame is learnt afresh for each solve, from its own runs.

A game that sets ``beam_novelty`` keeps that share of each layer for novelty
(``_diverse``): the best by score fill the rest first, then come the positions that
show a fact (``Game.facts``) that none taken before them showed, so that a layer is
not all near twins that die of the same buried card.

Like the other probes it can only report a win, with the line of legal moves (each
played through ``Game.play``) that reaches it, so no verdict depends on its guesses.
It works in steps (a generator that yields after each position it generates), so it can
take turns with the exhaustive search a slice of nodes at a time.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from cadogan.core import Move, Outcome, State
from cadogan.core.fast import FastPlay
from cadogan.solve.engine import DEAD_MEMO, Budget, Parts
from cadogan.solve.novelty import Novelty

PACK = "pack"
FIRST_WIDTH = 8  # positions kept per layer on the first run; doubled on each restart
MAX_WIDTH = 1024
NOISE = 3.0  # the random spread added to scores on the runs at MAX_WIDTH
SPREAD = 64  # positions gathered from one layer position before the pack is turned
TALON = "talon"
TALONS_CAP = 100_000  # talons whose blame is remembered
DECAY = 0.5  # the share of its blame a card keeps each time another run dies

Line = tuple[Any, ...]  # moves from the root, the Game's or its fast form's
Candidate = tuple[float, int, Any, Sequence[Any], Line]  # -score, order, ...
Position = tuple[Any, Sequence[Any], Line]  # a position, its moves, the line to it
Ranked = list[tuple[Hashable, Candidate]]  # candidates for a layer, best first


def dealt(state: State) -> int:
    """How far the pack has gone: the cards left in it, negated (the layer's index)."""
    pile = state.piles.get(PACK)
    return -len(pile.cards) if pile is not None else 0


def applies(state: State) -> bool:
    """True for games the beam suits: those with a pile named ``pack``."""
    return PACK in state.piles


class Rules:
    """How the beam plays and reads positions: through the ``Game`` and its ``State``
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
    """The beam's rules on a game's plain-value form (``Game.fast_play``): each play
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


class Beam:
    """The beam probe, run a slice of nodes at a time through :meth:`step`."""

    def __init__(
        self,
        budget: Budget,
        root: State,
        legal: tuple[Move, ...],
        seed: int = 0,
        rules: Rules | None = None,
    ) -> None:
        self.budget = budget
        self.rules = rules_for(budget, root, legal) if rules is None else rules
        self.width = FIRST_WIDTH
        self.noise = 0.0
        self.rng = random.Random(seed)
        self.found: tuple[Move, ...] | None = None
        self.blame_weight = budget.game.beam_blame
        self.blame: dict[Hashable, float] = {}
        self.talons: dict[Sequence[Hashable], float] = {}  # a talon -> its blame
        self.novel_share = budget.game.beam_novelty
        self.steps = self._search()

    def step(self, quota: int) -> tuple[Move, ...] | None:
        """Search for ``quota`` nodes; a winning line from the root, or None."""
        stop = self.budget.nodes + quota
        while self.budget.nodes < stop and self.found is None:
            next(self.steps)
        return self.found

    def _search(self) -> Iterator[None]:
        while True:
            yield from self._run()
            if self.width >= MAX_WIDTH:
                self.noise = NOISE
            self.width = min(self.width * 2, MAX_WIDTH)

    def _run(self) -> Iterator[None]:
        """One beam search from the root at the current width."""
        layer = self.rules.roots()
        last = layer
        while layer and not self.done():
            ahead: dict[Hashable, Candidate] = {}
            seen: set[Hashable] = set()
            for position in layer:
                yield from self._spread(position, seen, ahead)
                if self.done():
                    return
            last, layer = layer, self._best(ahead)
        if self.blame_weight:
            self.learn(last)
        yield  # a dead layer: let the caller count a step

    def done(self) -> bool:
        """Whether a win was found.  (A method, not a test of ``self.found`` in place:
        after a loop test narrows ``self.found`` to None, a compiled ``_run`` would
        trust that narrowing across the ``yield`` and fail once a win is found.)"""
        return self.found is not None

    def learn(self, last: Sequence[Position]) -> None:
        """Blame the cards on the talons of a dead run's ``last`` layer.

        Each position of the layer hands a share of one unit (one over the layer's
        size) to every card on its talon: a card on the talon of every position earns
        a whole unit.  Twins are one card here (two copies on a talon earn two shares,
        and either copy on a later talon pays for both).  Older blame keeps ``DECAY``
        of its weight, so the latest deaths count most.
        """
        blame = {card: weight * DECAY for card, weight in self.blame.items()}
        share = 1.0 / len(last)
        for position, _, _ in last:
            for card in self.rules.talon(position):
                blame[card] = blame.get(card, 0.0) + share
        self.blame = blame
        self.talons.clear()

    def penalty(self, position: Any) -> float:
        """The points ``position`` loses for the blame on the cards of its talon.

        The blame of a talon is remembered until the blame changes (``learn``): most
        positions of a layer share their talon with their siblings."""
        if not self.blame:
            return 0.0
        talon = self.rules.talon(position)
        found = self.talons.get(talon)
        if found is None:
            blame = self.blame.get
            found = sum(blame(card, 0.0) for card in talon)
            if len(self.talons) >= TALONS_CAP:
                self.talons.clear()
            self.talons[talon] = found
        return self.blame_weight * found

    def _best(self, ahead: dict[Hashable, Candidate]) -> list[Position]:
        """The next layer: the ``width`` best positions of ``ahead`` by score that the
        game's ``dead`` test does not cut (tested only until the layer is full); in a
        game that sets ``beam_novelty``, part of the layer goes to novel positions."""
        ranked = sorted(ahead.items(), key=lambda item: item[1][:2])
        if self.novel_share:
            return self._diverse(ranked)
        return self._take(ranked, [])

    def _take(self, ranked: Ranked, layer: list[Position]) -> list[Position]:
        """Fill ``layer`` up to the width with the positions of ``ranked``, in order,
        that the ``dead`` test does not cut."""
        for key, (_, _, state, legal, line) in ranked:
            if len(layer) >= self.width:
                break
            if not self.rules.doomed(state, key):
                layer.append((state, legal, line))
        return layer

    def _diverse(self, ranked: Ranked) -> list[Position]:
        """A layer kept partly for novelty: the best by score fill all but the
        ``beam_novelty`` share of the width; then come, best first, the positions that
        show a fact (``Game.facts``) no position taken before them showed; then, if
        room is left, the rest by score.

        The best positions keep the runs that the score alone would win; the novel
        ones spread the rest of the layer over different talons and packets, where
        a layer of near twins would all die of the same card.
        """
        news = self.rules.novelty()
        top = self.width - int(self.width * self.novel_share)
        layer: list[Position] = []
        later: Ranked = []
        for item in ranked:
            if len(layer) >= self.width:
                break
            key, (_, _, state, legal, line) = item
            if len(layer) >= top and not news.news(state):
                later.append(item)
                continue
            if not self.rules.doomed(state, key):
                if len(layer) < top:
                    news.news(state)
                layer.append((state, legal, line))
        return self._take(later, layer)

    def _spread(
        self,
        position: Position,
        seen: set[Hashable],
        ahead: dict[Hashable, Candidate],
    ) -> Iterator[None]:
        """Reach up to SPREAD positions from ``position`` without turning the pack, and
        put every position reached by a turn of the pack into ``ahead``.

        A child whose key was met before in this layer is skipped before it is settled;
        the settled position is checked again only when settling changed it.  Children
        are settled without the game's ``dead`` test, the costliest part of a node: it
        is asked only of the positions gathered from (here) and kept (``_best``)."""
        rules = self.rules
        level = rules.dealt(position[0])
        stack = [position]
        gathered = 0
        while stack and gathered < SPREAD:
            state, legal, line = stack.pop()
            if gathered and rules.doomed(state):
                continue
            gathered += 1
            for move in reversed(rules.order(state, legal)):
                child = rules.play(state, move)
                early = rules.key(child)
                if early in seen:
                    yield
                    continue
                seen.add(early)
                settled, forced, moves, result = rules.settle(child, early)
                yield
                if result is Outcome.WON:
                    self.found = rules.line((*line, move, *forced))
                    return
                if result is not Outcome.ONGOING:
                    continue
                key = early if settled is child else rules.key(settled)
                if key != early and key in seen:
                    continue
                seen.add(key)
                entry = (settled, moves, (*line, move, *forced))
                if rules.dealt(settled) > level:
                    score = rules.score(settled) + self.noise * self.rng.random()
                    score -= self.penalty(settled)
                    ahead[key] = (-score, len(ahead), *entry)
                else:
                    stack.append(entry)
