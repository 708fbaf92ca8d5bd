"""The exhaustive search in native code, for the games whose kernel has one
(``cadogan.native.exhaust``: Napoleon's Square and the Hemispheres).

It takes the Python exhaustive search's turns (:mod:`cadogan.solve.exhaustive`) in
lane 0, measured by the clock: each turn runs until the kernel's search has had its
share of the solve's time (``shares.EXHAUSTIVE``: a tenth at first, the game's
``late_proof`` after ``shares.LONG`` seconds, half by default, when a deal the beam has
not won is often lost).  From then
on it also asks the game's costlier proofs of loss (``KernelExhaust.thorough``), which
pay in a search of minutes and not in one that wins within seconds.  It
searches the same positions by the same rules (the tests hold its moves, safe moves,
proofs of loss and keys to the game's fast form, and its verdicts to the Python
search's), ten to thirty times as fast, so it decides many positions of the middle
game that the Python search could not in the time.

Like the native beam it runs only under a clock budget, never under a node cap, so a
capped solve gives the same answer on every machine.  A win it finds is replayed
through ``Game.play`` before it is reported.  When it cannot go on (its table full, a
refused line), it stops for the rest of the solve and the Python search takes its
turns from the start: nothing is reported from a search that did not finish.
"""

from __future__ import annotations

from time import perf_counter
from typing import Final

from cadogan.core import Move
from cadogan.native.exhaust import KernelExhaust, Progress, has_exhaust
from cadogan.solve.engine import Budget, OutOfTime
from cadogan.solve.exhaustive import Exhaustive, Status
from cadogan.solve.native_beam import kernel_start, winning_line
from cadogan.solve.rules import FastRules, Rules
from cadogan.solve.shares import LONG, shares

CHUNK: Final = 20_000  # kernel positions between two looks at the clock
Verdict = tuple[Status, tuple[Move, ...]]


class NativeExhaustive:
    """The kernel's exhaustive search taking the Python search's turns; ``search``,
    the Python search, takes them back once the kernel's has stopped."""

    def __init__(
        self, budget: Budget, rules: FastRules, kernel: KernelExhaust, search: Exhaustive
    ) -> None:
        self.budget = budget
        self.rules = rules
        self.kernel = kernel
        self.search = search
        self.roots = rules.roots()
        self.spent = 0.0
        self.share = shares(budget.game.late_proof)[1]
        self.ready = perf_counter() - budget.start  # as the native beam's (its comment)
        self.fault: str | None = None  # why the kernel's search stopped, if it did
        self.thorough = False  # whether the kernel asks its costlier proofs of loss

    def step(self, quota: int) -> Verdict | None:
        """A turn: the kernel's until it has had its share of the solve's time (one
        chunk at least), then a verdict or None; the Python search's ``quota`` nodes
        once the kernel's has stopped."""
        if self.fault is not None:
            return self.search.step(quota)
        budget, kernel = self.budget, self.kernel
        while True:
            began = perf_counter()
            before = kernel.positions()
            progress = kernel.step(CHUNK)
            budget.nodes += kernel.positions() - before
            self.search.native_states = max(self.search.native_states, kernel.states())
            now = perf_counter()
            self.spent += now - began
            if progress is Progress.LOST:
                return "unsolvable", ()
            if progress is Progress.WON:
                return self._won()
            if progress is Progress.UNFINISHED:
                return self._stop("the native search outgrew its table")
            if now > budget.deadline:
                raise OutOfTime
            if not self.thorough and now - budget.start >= LONG:
                self.thorough = True
                kernel.thorough()
            if self.spent >= self.share.due(now - budget.start - self.ready):
                return None

    def _won(self) -> Verdict | None:
        found = self.kernel.line()
        if found is None:
            return self._stop("the native search lost its line")
        root, moves = found
        try:
            return "solved", winning_line(self.rules, (*self.roots[root][2], *moves))
        except ValueError as problem:
            return self._stop(f"the native search's {problem}")

    def _stop(self, why: str) -> Verdict | None:
        """Stop the kernel's search for the rest of the solve (its memory freed); no
        verdict this turn."""
        self.fault = why
        self.kernel.close()
        return None


def native_exhaustive(budget: Budget, rules: Rules, search: Exhaustive) -> NativeExhaustive | None:
    """The kernel's exhaustive search for this solve, with the Python ``search``'s
    table cap; or None where ``kernel_start`` gives none, the game's kernel has no
    exhaustive search, or it refuses the position."""
    start = kernel_start(budget, rules)
    if start is None or not has_exhaust(start.lib):
        return None
    try:
        kernel = KernelExhaust(start.lib, start.pack, start.roots, search.max_states)
    except (ValueError, MemoryError):
        return None
    return NativeExhaustive(budget, start.rules, kernel, search)
