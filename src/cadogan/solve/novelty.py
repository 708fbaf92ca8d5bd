"""Novelty: whether a position makes true some fact that no position like it made before.

An idea from width-based planning (best-first width search, Lipovetzky and Geffner,
2017): on a plateau, where the score cannot tell positions apart, prefer the ones that
show something new.  A game lists a position's *facts* (``Game.facts``: in the
Constitution, each card with its division and the card it lies on); a position is
*novel* when one of its facts was not met before among the positions with as many
cards home, the partition that keeps a position that plays a card always novel.

It only steers the probes: the best-first probe (:mod:`cadogan.solve.probe`), which
takes ``Game.novelty`` points off a position that is not novel in every other run, and
the beam (:mod:`cadogan.solve.beam`), which keeps ``Game.beam_novelty`` of each layer
for novel positions; no verdict rests on it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from cadogan.core import State

Facts = Callable[[Any, Any], Iterable[Hashable]]  # a position's facts (since a parent)


def foundations(state: State) -> tuple[str, ...]:
    """The names of ``state``'s foundations (piles named ``found...``)."""
    return tuple(name for name in state.piles if name.startswith("found"))


class Novelty:
    """The facts met so far, one set for each count of cards home."""

    def __init__(self, facts: Facts, home: Callable[[Any], int] | None = None) -> None:
        self.facts = facts
        self.met: dict[int, set[Hashable]] = {}
        self.homes: tuple[str, ...] | None = None  # the foundations, from the first state
        self.count = home  # the cards home, for positions that are not States

    def home(self, state: Any) -> int:
        """The cards on ``state``'s foundations, the novelty's partition."""
        if self.count is not None:
            return self.count(state)
        if self.homes is None:
            self.homes = foundations(state)
        piles = state.piles
        return sum([len(piles[name].cards) for name in self.homes])

    def news(self, state: Any, since: Any = None) -> bool:
        """Record ``state``'s facts; True when one of them was not met before.

        ``since``, when given, is a position recorded before (the parent, say): the
        game may then list only the facts of the piles that changed, which is the
        same answer when both have as many cards home (the other facts are in the
        same set already), so ``since`` is dropped when they have not.
        """
        home = self.home(state)
        if since is not None and self.home(since) != home:
            since = None
        met = self.met.setdefault(home, set())
        before = len(met)
        met.update(self.facts(state, since))
        return len(met) > before
