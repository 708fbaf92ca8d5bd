"""The beam probe in native code, for the games that have a kernel (``cadogan.native``).

It takes the Python beam's place (:mod:`cadogan.solve.beam`) in the probes' turns, with
the same interface: ``step(quota)`` searches and answers a winning line or None.  Its
turns are measured by the clock, not by positions (a kernel position costs a twentieth
of a compiled Python one, and far less than a plain one): each turn runs until the
kernel has had its share of the solve's time (``shares.BEAM``: most of it at first,
under half after ``shares.LONG`` seconds, less in a game whose ``late_proof`` is more),
leaving the rest to the exhaustive search (the only source of ``unsolvable``) and the
best-first probe.  Every position
the kernel plays counts in the solve's ``nodes``.

It runs only under a clock budget.  Under a node cap (``max_nodes``) a solve promises
the same answer on every machine, and whether a machine has a C compiler must not
change that; there the Python beam runs, as before.  So the kernel changes how soon a
win is found, never what a verdict means: like every probe it can only report a win,
and its line is replayed through ``Game.play`` (``Rules.line``) before it is.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Final, Protocol

from cadogan.core import IllegalMove, Move, Outcome
from cadogan.native import hemispheres, napoleons_square
from cadogan.native.kernel import Args, Converter, KernelBeam, load
from cadogan.solve.engine import NO_CAP, Budget, OutOfTime
from cadogan.solve.rules import FastRules, Rules
from cadogan.solve.shares import shares

# The games with a kernel: its name and how the game's fast-form positions map onto it.
KERNELS: Final[dict[str, tuple[str, Converter]]] = {
    "napoleons-square": (napoleons_square.NAME, napoleons_square.args),
    "hemispheres": (hemispheres.NAME, hemispheres.args),
}

CHUNK: Final = 20_000  # kernel positions between two looks at the clock (~10 ms)
FIRST_WIDTH: Final = 8  # the first run's width, doubled on each restart
MAX_WIDTH: Final = 65_536  # the widest run; from there on each run adds noise


Steer = tuple[float, float]  # a beam's blame and novelty weights


class Stepper(Protocol):
    """What the native beam falls back on: anything that steps like a beam."""

    def step(self, quota: int) -> tuple[Move, ...] | None:
        """Search for ``quota`` positions; a winning line, or None."""


class NativeBeam:
    """Kernel beams taking the probes' beam turns: one, or several steered apart that
    take turns chunk by chunk."""

    def __init__(self, budget: Budget, rules: FastRules, kernels: Sequence[KernelBeam]):
        self.budget = budget
        self.rules = rules
        self.kernels = list(kernels)
        self.roots = rules.roots()
        self.spent = 0.0  # the seconds of the kernels' turns so far
        self.share = shares(budget.game.late_proof)[0]
        # The solve's seconds before the kernels were ready (building one on first use
        # takes about half a second) are nobody's turn: counted in the beams' due, they
        # let the first turn run the whole of a short solve, and the exhaustive search
        # never had one (the first solve on a fresh machine searched no table).
        self.ready = perf_counter() - budget.start
        self.turn = 0  # chunks played, which says whose turn is next
        self.fault: str | None = None  # why the kernels were stopped, if they were
        # The Python beam to run instead once the kernels have stopped (None: none).
        self.fallback: Callable[[], Stepper] | None = None
        self.instead: Stepper | None = None

    @property
    def kernel(self) -> KernelBeam:
        """The kernel whose turn is next."""
        return self.kernels[self.turn % len(self.kernels)]

    def step(self, quota: int) -> tuple[Move, ...] | None:
        """Search until the kernels have had their share of the solve's time (one chunk
        at least); a winning line, or None.  (``quota`` is the Python searches'
        measure, positions; the kernels' turns are measured by the clock instead.)"""
        budget = self.budget
        if self.fault is not None:
            return self._instead(quota)
        while self.fault is None:
            kernel = self.kernel
            self.turn += 1
            began = perf_counter()
            try:
                budget.nodes += kernel.step(CHUNK)
                found = kernel.line()
            except (MemoryError, ValueError) as problem:
                self.fault = f"the native beam stopped: {problem}"
                return self._instead(quota)
            now = perf_counter()
            self.spent += now - began
            if found is not None:
                return self.checked(*found)
            if now > budget.deadline:
                raise OutOfTime
            if self.spent >= self.share.due(now - budget.start - self.ready):
                return None
        return None

    def _instead(self, quota: int) -> tuple[Move, ...] | None:
        """A turn once the kernels have stopped: the Python beam's, when there is one
        to fall back on; else nothing, up to the deadline (a lane that runs only this
        beam must still end when its time is up)."""
        if self.instead is None and self.fallback is not None:
            self.instead = self.fallback()
        if self.instead is not None:
            return self.instead.step(quota)
        if perf_counter() > self.budget.deadline:
            raise OutOfTime
        return None

    def checked(self, root: int, moves: list[int]) -> tuple[Move, ...] | None:
        """The kernel's line from root ``root``, replayed through ``Game.play``, if it
        is legal and wins.  Otherwise the kernel has a fault: it is stopped for the
        rest of the solve (``fault`` says why) and nothing is reported."""
        try:
            return winning_line(self.rules, (*self.roots[root][2], *moves))
        except ValueError as problem:
            self.fault = f"the native beam's {problem}"
            return None


def winning_line(rules: FastRules, moves: Sequence[int]) -> tuple[Move, ...]:
    """A kernel's line of fast-form moves from the solve's root, as the game's moves,
    after replaying it through ``Game.play`` to a win; ValueError when it is refused
    or does not win."""
    try:
        line = rules.line(tuple(moves))
    except (IllegalMove, ValueError, IndexError) as problem:
        raise ValueError(f"line was refused: {problem}") from problem
    game = rules.budget.game
    state = rules.root[0]
    for move in line:
        state = game.play(state, move)
    if game.outcome(state) is not Outcome.WON:
        raise ValueError("line does not win")
    return line


@dataclass(frozen=True)
class KernelStart:
    """What a solve's kernel searches start from: the game's kernel, the deal's pack
    (next card first) and the solve's roots as the kernel's arguments."""

    rules: FastRules
    lib: ctypes.CDLL
    pack: bytes
    roots: list[Args]


def kernel_start(budget: Budget, rules: Rules) -> KernelStart | None:
    """The start of this solve's kernel searches; or None: under a node cap (a capped
    solve must answer alike on every machine, compiler or not), for a game without a
    kernel or fast form, where the kernel cannot be built, or for a root it has no
    room for."""
    if budget.max_nodes != NO_CAP or not isinstance(rules, FastRules):
        return None
    found = KERNELS.get(budget.game.id)
    if found is None:
        return None
    name, convert = found
    lib = load(name)
    pack = getattr(rules.fast, "pack", None)
    if lib is None or not isinstance(pack, bytes):
        return None
    try:
        roots = [convert(position) for position, _, _ in rules.roots()]
    except ValueError:
        return None
    return KernelStart(rules, lib, pack, roots)


def native_beam(
    budget: Budget, rules: Rules, seed: int, steers: Sequence[Steer | None] = (None,)
) -> NativeBeam | None:
    """The native beams for this solve, one for each of ``steers`` (a blame and a
    novelty weight; None for the game's ``beam_blame`` and ``beam_novelty``), seeded
    ``seed``, ``seed + 1`` ...; or None where ``kernel_start`` gives none, or the
    kernel refuses the position."""
    start = kernel_start(budget, rules)
    if start is None:
        return None
    game = budget.game
    kernels = []
    try:
        for i, steer in enumerate(steers):
            blame, novelty = (game.beam_blame, game.beam_novelty) if steer is None else steer
            kernels.append(
                KernelBeam(
                    start.lib,
                    start.pack,
                    start.roots,
                    blame=blame,
                    novelty=novelty,
                    seed=seed + i,
                    first_width=FIRST_WIDTH,
                    max_width=MAX_WIDTH,
                )
            )
    except (ValueError, MemoryError):
        return None
    return NativeBeam(budget, start.rules, kernels)
