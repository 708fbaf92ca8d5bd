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
layer.  When a layer dies out, it starts again from the root with twice the width, from
8 up to 4,096; at the widest it starts again with a little seeded noise on the scores,
so that each run goes a different way.  (A run at 4,096 costs a few million positions,
a minute or so of one core: within 10 s the beam never gets there, but given minutes
the wider runs win deals the narrower ones keep missing.)

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

The endgame try: once a layer has at most ``ENDGAME_LEFT`` cards left in the pack, a
small exhaustive search (:mod:`cadogan.solve.exhaustive`) runs from its best position,
for up to ``ENDGAME_NODES`` positions per unit of width.  Layers that late often still
hold positions such a search wins, which the next layers, chosen by score, then lose:
in a run of width 256 on the Hemispheres' deal 5 that died 56 layers in, 20 of 96 kept
positions sampled from layers 40-47 were won by the exhaustive search within 3,000
positions, and none of those kept from layer 48 on (benchmarks/README.md, "Cheaper
proofs of loss, and the endgame try").

Like the other probes it can only report a win, with the line of legal moves (each
played through ``Game.play``) that reaches it, so no verdict depends on its guesses.
It works in steps (a generator that yields after each position it generates), so it can
take turns with the exhaustive search a slice of nodes at a time.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Sequence
from typing import Any, Final

from cadogan.core import Move, Outcome, State
from cadogan.solve.engine import Budget
from cadogan.solve.exhaustive import Exhaustive
from cadogan.solve.rules import PACK, Node, Rules, meet, moves_to, rules_for

FIRST_WIDTH: Final = 8  # positions kept per layer on the first run; doubled on each restart
MAX_WIDTH: Final = 4096  # the widest run; from there on each run adds noise
NOISE: Final = 3.0  # the random spread added to scores on the runs at MAX_WIDTH
SPREAD: Final = 64  # positions gathered from one layer position before the pack is turned
TALONS_CAP: Final = 100_000  # talons whose blame is remembered
DECAY: Final = 0.5  # the share of its blame a card keeps each time another run dies
ENDGAME_LEFT: Final = 24  # a layer with at most this many cards left in the pack gets a try
ENDGAME_NODES: Final = 12  # the endgame try's positions at most, per unit of the run's width
SLICE: Final = 64  # positions the endgame try plays between two yields

# A position of a layer: its state, its moves, and its ``Node`` (its line as a chain
# shared with its parent's), where the ``Rules`` hand out ``Position``s with whole lines.
Placed = tuple[Any, Sequence[Any], Node]
Candidate = tuple[float, int, Any, Sequence[Any], Node]  # -score, order, ...
Ranked = list[tuple[Hashable, Candidate]]  # candidates for a layer, best first


def applies(state: State) -> bool:
    """True for games the beam suits: those with a pile named ``pack``."""
    return PACK in state.piles


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
        layer: list[Placed] = [
            (state, legal, (None, tuple(line))) for state, legal, line in self.rules.roots()
        ]
        last = layer
        while layer and not self.done():
            ahead: dict[Hashable, Candidate] = {}
            seen: dict[Hashable, int] = {}
            for position in layer:
                yield from self._spread(position, seen, ahead)
                if self.done():
                    return
            last, layer = layer, self._best(ahead)
            if layer and -self.rules.dealt(layer[0][0]) <= ENDGAME_LEFT:
                yield from self._finish(layer[0])
        if self.blame_weight:
            self.learn(last)
        yield  # a dead layer: let the caller count a step

    def _finish(self, position: Placed) -> Iterator[None]:
        """The endgame try: the exhaustive search from a late layer's best position,
        for at most ``ENDGAME_NODES`` positions per unit of the run's width; a win it
        finds is the beam's (its line from the root, replayed through ``Game.play``
        like every win).  Its proofs of loss are not used."""
        state, legal, node = position
        search = Exhaustive(self.budget, 1 << 30)  # bounded by its positions instead
        search.begin(self.rules, [(state, legal, moves_to(node))])
        stop = self.budget.nodes + ENDGAME_NODES * self.width
        while self.budget.nodes < stop:
            verdict = search.step(SLICE)
            yield
            if verdict is not None:
                if verdict[0] == "solved":
                    self.found = verdict[1]
                return

    def done(self) -> bool:
        """Whether a win was found.  (A method, not a test of ``self.found`` in place:
        after a loop test narrows ``self.found`` to None, a compiled ``_run`` would
        trust that narrowing across the ``yield`` and fail once a win is found.)"""
        return self.found is not None

    def learn(self, last: Sequence[Placed]) -> None:
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

    def _best(self, ahead: dict[Hashable, Candidate]) -> list[Placed]:
        """The next layer: the ``width`` best positions of ``ahead`` by score that the
        game's ``dead`` test does not cut (tested only until the layer is full); in a
        game that sets ``beam_novelty``, part of the layer goes to novel positions."""
        ranked = sorted(ahead.items(), key=lambda item: item[1][:2])
        if self.novel_share:
            return self._diverse(ranked)
        return self._take(ranked, [])

    def _take(self, ranked: Ranked, layer: list[Placed]) -> list[Placed]:
        """Fill ``layer`` up to the width with the positions of ``ranked``, in order,
        that the ``dead`` test does not cut."""
        for key, (_, _, state, legal, line) in ranked:
            if len(layer) >= self.width:
                break
            if not self.rules.doomed(state, key):
                layer.append((state, legal, line))
        return layer

    def _diverse(self, ranked: Ranked) -> list[Placed]:
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
        layer: list[Placed] = []
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
        position: Placed,
        seen: dict[Hashable, int],
        ahead: dict[Hashable, Candidate],
    ) -> Iterator[None]:
        """Reach up to SPREAD positions from ``position`` without turning the pack, and
        put every position reached by a turn of the pack into ``ahead``.

        A child whose key was met before in this layer is skipped before it is settled;
        the settled position is checked again only when settling changed it.  Children
        are settled without the game's ``dead`` test, the costliest part of a node: it
        is asked only of the positions kept (``_best``), and its cheaper part
        (``Game.glance``) of those gathered from (here)."""
        rules = self.rules
        grader = rules.grader()
        level = rules.dealt(position[0])
        stack: list[tuple[Placed, Hashable]] = [(position, None)]  # with their keys
        gathered = 0
        while stack and gathered < SPREAD:
            (state, legal, node), known = stack.pop()
            if gathered and rules.glance(state, known):
                continue
            gathered += 1
            for move in reversed(rules.order(state, legal)):
                child = rules.play(state, move)
                early = rules.key(child)
                if not meet(seen, early, grader):
                    yield
                    continue
                settled, forced, moves, result = rules.settle(child, early)
                yield
                if result is Outcome.WON:
                    self.found = rules.line((*moves_to(node), move, *forced))
                    return
                if result is not Outcome.ONGOING:
                    continue
                key = early if settled is child else rules.key(settled)
                if key != early and not meet(seen, key, grader):
                    continue
                entry = (settled, moves, (node, (move, *forced)))
                if rules.dealt(settled) > level:
                    score = rules.score(settled) + self.noise * self.rng.random()
                    score -= self.penalty(settled)
                    ahead[key] = (-score, len(ahead), *entry)
                else:
                    stack.append((entry, key))
