"""The native kernels (``cadogan.native``) and the native beam (``solve.native_beam``).

Napoleon's Square's kernel must play the rules exactly as the game's fast form does
(moves, their order, the safe move, the score, the kings' test, the end), which the
tests check on positions of random lines of play; its beam's wins must replay through
``Game.play``; a line the kernel gets wrong must be refused, never reported; and the
kernel must stay out of solves under a node cap, whose answers must not depend on
whether a machine has a C compiler.
"""

from __future__ import annotations

import gc
import os
from collections import Counter
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any, cast

import pytest

from cadogan import native
from cadogan.core import Game, Move, Outcome
from cadogan.core.fast import FastPlay
from cadogan.games import _hemispheres_fast as hemispheres_fast
from cadogan.games._napoleons_square_fast import Spot, Spots, kings_dead, spot
from cadogan.games._napoleons_square_moves import DEAL
from cadogan.games.hemispheres import Hemispheres
from cadogan.games.napoleons_square import NapoleonsSquare
from cadogan.native import hemispheres as kernel_hs
from cadogan.native import kernel as kernels
from cadogan.native import napoleons_square as kernel_ns
from cadogan.native.kernel import Converter
from cadogan.solve import probe as probe_module
from cadogan.solve import solve
from cadogan.solve.beam import Beam
from cadogan.solve.engine import SOLO, Budget, Lane
from cadogan.solve.native_beam import NativeBeam, native_beam
from cadogan.solve.probe import Prober
from cadogan.solve.rules import FastRules, rules_for
from cadogan.solve.shares import BEAM, Share, shares
from tests.helpers import Clock, NoRoots, lines_avoiding_the_deal, loaded_kernel

G = NapoleonsSquare()
SINGLE = NapoleonsSquare(deal="single")


@pytest.fixture(scope="module")
def lib() -> Any:
    """Napoleon's Square's kernel."""
    return loaded_kernel(kernel_ns.NAME)


@pytest.fixture(scope="module")
def hemispheres_lib() -> Any:
    """The Hemispheres' kernel."""
    return loaded_kernel(kernel_hs.NAME)


def spots(game: NapoleonsSquare, deals: range, seed: int) -> Iterator[tuple[Spots, Spot]]:
    """Positions of random lines of play as spots, with the form of their deal."""
    for state in lines_avoiding_the_deal(game, deals, seed=seed, odds=0.85, phase="play"):
        yield Spots(game, game.deal(state.deal)), spot(state)


@pytest.mark.parametrize("game", [G, SINGLE], ids=["square", "single"])
def test_the_kernel_answers_as_the_fast_form(lib: Any, game: NapoleonsSquare) -> None:
    """Every answer of the kernel is the fast form's: the moves in the listed order
    and in the search's order, the safe move, the score, the novelty's facts, the
    kings' test and the win.
    Once the pack is out the form lists no move when no line of square moves leads
    anywhere (the game's end); the kernel keeps listing such moves (its searches give
    up on them by their table), so there only a position with moves is compared."""
    compared = late = 0
    for form, position in spots(game, range(1, 7), seed=11):
        legal = form.moves(position)
        seen = kernels.examine(lib, kernel_ns.args(position), form.pack)
        packets, heights, talon, left = position
        won = not left and not talon and not any(packets)
        assert seen.won == won
        assert seen.dead == kings_dead(packets, heights)
        assert seen.score == form.score(position)
        found = kernels.facts(lib, kernel_ns.args(position))
        assert Counter(found) == Counter(form.facts(position))
        if not left and not legal:
            continue
        assert seen.moves == tuple(legal)
        assert seen.ordered == tuple(form.order(position, legal))
        assert seen.safe == form.safe(position, legal)
        compared += 1
        late += not left
    assert compared > 500 and late > 10  # the sample reaches the end of the pack


def test_the_hemispheres_kernel_answers_as_the_fast_form(hemispheres_lib: Any) -> None:
    """The Hemispheres' kernel gives the fast form's answers on every position of
    random lines of play, to the end: the moves in both orders, the safe move, the
    score, the novelty's facts, the win, and as its cheap proof of loss the form's
    ``glance`` (the first two of the game's proofs, which the Python beam asks of the
    positions it gathers from)."""
    game = Hemispheres()
    compared = late = lost = 0
    for state in lines_avoiding_the_deal(game, range(1, 7), seed=3, odds=0.85):
        form = hemispheres_fast.Spots(game, game.deal(state.deal))
        position = hemispheres_fast.spot(state)
        legal = form.moves(position)
        seen = kernels.examine(hemispheres_lib, kernel_hs.args(position), form.pack)
        assert seen.moves == tuple(legal)
        assert seen.ordered == tuple(form.order(position, legal))
        assert seen.safe == form.safe(position, legal)
        assert seen.score == form.score(position)
        assert seen.won == (form.outcome(position, legal) is Outcome.WON)
        assert seen.dead == form.glance(position)
        found = kernels.facts(hemispheres_lib, kernel_hs.args(position))
        assert Counter(found) == Counter(form.facts(position))
        compared += 1
        late += not position[3]
        lost += seen.dead
    assert compared > 500 and late > 10 and lost > 20


def test_the_hemispheres_kernel_key_sorts_each_race_only(hemispheres_lib: Any) -> None:
    """The key treats a Race's three positions in another order as one position, as
    the game's does, but not two Races swapped."""
    game = Hemispheres()
    form = hemispheres_fast.Spots(game, game.deal(5))
    circle, *rest = form.roots()[0][0]

    def key_of(positions: tuple[bytes, ...]) -> int:
        return kernels.key(hemispheres_lib, kernel_hs.args((positions, *rest)))

    within = (circle[2], circle[0], circle[1], *circle[3:])
    across = (*circle[3:6], *circle[0:3], *circle[6:])
    assert key_of(within) == key_of(circle)
    assert key_of(across) != key_of(circle)


def assert_the_kernel_beam_wins(
    game: Game,
    lib: Any,
    form: FastPlay,
    convert: Converter,
    deal: int,
    blame: float,
    novelty: float = 0.0,
) -> None:
    """The kernel's beam, from the form's roots, steered by ``blame`` and ``novelty``,
    wins ``deal`` within 2,000,000 positions, and its line replays through
    ``Game.play`` to a won game."""
    roots = form.roots()
    starts = [convert(root[0]) for root in roots]
    pack = getattr(form, "pack")  # noqa: B009 (every kernel's fast form has one)
    beam = kernels.KernelBeam(
        lib, pack, starts, blame=blame, novelty=novelty, seed=deal, first_width=8, max_width=256
    )
    spent = 0
    while (found := beam.line()) is None and spent < 2_000_000:
        spent += beam.step(50_000)
    assert found is not None, f"no win within {spent} positions"
    root, moves = found
    state = game.deal(deal)
    for move in form.line((*roots[root][2], *moves)):
        state = game.play(state, move)
    assert game.outcome(state) is Outcome.WON


@pytest.mark.parametrize("steer", ["plain", "own", "helper"])
@pytest.mark.parametrize("deal", [1, 4, 7, 9])
def test_the_hemispheres_kernel_beam_finds_wins_that_replay(
    hemispheres_lib: Any, deal: int, steer: str
) -> None:
    """The Hemispheres' kernel beam wins these deals quickly, on the score alone, with
    the game's own steering (novelty) and with its helper's (blame and novelty), and
    each line replays through ``Game.play`` to a won game."""
    game = Hemispheres()
    assert game.helper_beam is not None
    blame, novelty = {
        "plain": (0.0, 0.0),
        "own": (game.beam_blame, game.beam_novelty),
        "helper": game.helper_beam,
    }[steer]
    assert steer == "plain" or novelty > 0
    form = hemispheres_fast.Spots(game, game.deal(deal))
    assert_the_kernel_beam_wins(game, hemispheres_lib, form, kernel_hs.args, deal, blame, novelty)


def test_the_kernel_key_ignores_the_packets_places_only(lib: Any) -> None:
    """The key, like the game's, treats packets in another order as one position, and
    tells apart positions that differ in a card."""
    form = Spots(G, G.deal(3))
    packets, heights, talon, left = form.roots()[0][0]
    turned = (packets[::-1], heights, talon, left)

    def key_of(position: Spot) -> int:
        return kernels.key(lib, kernel_ns.args(position))

    assert kernels.key(lib, kernel_ns.args(turned)) == key_of((packets, heights, talon, left))
    dealt = form.play((packets, heights, talon, left), 32 * 31)
    assert kernels.key(lib, kernel_ns.args(dealt)) != key_of((packets, heights, talon, left))


@pytest.mark.parametrize("deal", [1, 4, 9, 23])
def test_the_kernel_beam_finds_wins_that_replay(lib: Any, deal: int) -> None:
    """The kernel's beam wins these deals within a few hundred thousand positions,
    and each winning line replays through ``Game.play`` to a won game."""
    form = Spots(G, G.deal(deal))
    assert_the_kernel_beam_wins(G, lib, form, kernel_ns.args, deal, 1.0)


def test_the_kernel_refuses_a_position_it_has_no_room_for(lib: Any) -> None:
    """A packet longer than the kernel's room is refused with ValueError, never
    passed to the kernel to be read past its end."""
    form = Spots(G, G.deal(3))
    packets, heights, talon, left = form.roots()[0][0]
    long = (bytes(range(1, 18)), *packets[1:])
    with pytest.raises(ValueError):
        kernel_ns.args((long, heights, talon, left))


def _budget(max_nodes: int | None) -> tuple[Budget, FastRules, int]:
    budget = Budget(G, 60.0, max_nodes)
    root, _, legal, _ = budget.settle(G.deal(16))
    rules = rules_for(budget, root, legal)
    assert isinstance(rules, FastRules)
    return budget, rules, 16


def test_the_native_beam_runs_under_the_clock_alone(lib: Any) -> None:
    """Under a clock budget the probes' beam is the kernel's; under a node cap it is
    the Python beam, so that the answer stays the same on every machine."""
    budget, rules, seed = _budget(None)
    assert isinstance(native_beam(budget, rules, seed), NativeBeam)
    capped, capped_rules, _ = _budget(100_000)
    assert native_beam(capped, capped_rules, seed) is None
    root, _, legal, _ = capped.settle(G.deal(16))
    assert isinstance(Prober(capped, root, legal, seed, 1000).beam, Beam)


def test_one_process_runs_the_games_beam_and_its_helper_taking_turns(
    hemispheres_lib: Any,
) -> None:
    """In one process a game that names a helper beam gets two kernels, its own
    steering and the helper's, taking turns; split over two processes, lane 1 runs the
    game's own and lane 0 the helper's."""
    game = Hemispheres()
    budget = Budget(game, 60.0)
    root, _, legal, _ = budget.settle(game.deal(3))
    own = (game.beam_blame, game.beam_novelty)
    assert game.helper_beam is not None
    steers = {}
    for lane in (SOLO, Lane(0, 2), Lane(1, 2)):
        beam = Prober(budget, root, legal, 3, 1000, lane).beam
        assert isinstance(beam, NativeBeam)
        steers[lane] = [kernel.steer for kernel in beam.kernels]
    assert steers[SOLO] == [own, game.helper_beam]
    assert steers[Lane(0, 2)] == [game.helper_beam]
    assert steers[Lane(1, 2)] == [own]


def test_a_solve_under_the_clock_wins_with_the_kernel(
    lib: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A solve with a timeout only takes the kernel's beam and reports its win (deal
    16: the Python beam needs seconds, the kernel a fraction of one)."""
    made: list[NativeBeam | None] = []

    def spy(*args: Any) -> NativeBeam | None:
        made.append(native_beam(*args))
        return made[-1]

    monkeypatch.setattr(probe_module, "native_beam", spy)
    found = solve(G, G.deal(16), timeout=120)
    assert found.status == "solved"
    assert made and isinstance(made[0], NativeBeam)
    state = G.deal(16)
    for move in found.moves:
        state = G.play(state, move)
    assert G.outcome(state) is Outcome.WON


def test_a_solve_leaves_no_kernel_behind(lib: Any) -> None:
    """A solve's kernels are freed as soon as it returns, with no help from the cycle
    collector: a reference cycle through them would keep a wide beam's memory (some
    hundred megabytes) alive from one deal of a study to the next."""
    gc.collect()
    gc.disable()
    try:
        solve(G, G.deal(7), timeout=1.5)
        alive = [o for o in gc.get_objects() if isinstance(o, kernels.KernelBeam)]
    finally:
        gc.enable()
    assert alive == []


class _Faulty:
    """A kernel stand-in whose 'win' is the given moves, or that fails as told."""

    def __init__(self, moves: list[int], failure: Exception | None = None) -> None:
        self.moves = moves
        self.failure = failure

    def step(self, quota: int) -> int:
        if self.failure is not None:
            raise self.failure
        return quota

    def line(self) -> tuple[int, list[int]]:
        return 0, self.moves


@pytest.mark.parametrize("moves", [[32 * 12 + 16] * 3, [32 * 31]], ids=["illegal", "no-win"])
def test_a_wrong_line_from_the_kernel_is_never_reported(moves: list[int]) -> None:
    """A line that ``Game.play`` refuses, or one that is legal but does not win, is
    not reported: the native beam stops for the rest of the solve and says why."""
    budget, rules, _ = _budget(None)
    beam = NativeBeam(budget, rules, [_Faulty(moves)])  # type: ignore[list-item]
    assert beam.step(1024) is None
    assert beam.fault is not None
    assert beam.step(1024) is None


@pytest.mark.parametrize("failure", [MemoryError("full"), ValueError("too long")])
def test_a_kernel_that_fails_is_stopped_not_raised(failure: Exception) -> None:
    """A kernel out of memory (or with a line it cannot hand over) stops for the rest
    of the solve, which goes on with its other searches."""
    budget, rules, _ = _budget(None)
    beam = NativeBeam(budget, rules, [_Faulty([], failure)])  # type: ignore[list-item]
    assert beam.step(1024) is None
    assert beam.fault is not None and str(failure) in beam.fault


def test_a_stopped_kernel_hands_its_turns_to_the_python_beam() -> None:
    """Once the kernels stop, the beam's turns go to the Python beam it was given."""
    budget, rules, _ = _budget(None)
    beam = NativeBeam(budget, rules, [_Faulty([], MemoryError("full"))])  # type: ignore[list-item]
    won = (DEAL,)

    class Stand:
        def step(self, quota: int) -> tuple[Move, ...] | None:
            return won

    beam.fallback = Stand
    assert beam.step(1024) is won  # the turn that finds the kernel failing
    assert beam.step(1024) is won and beam.fault is not None


def test_a_kernel_with_nowhere_to_go_says_so_instead_of_spinning(lib: Any) -> None:
    """A beam whose roots lead nowhere (none given, or one with no move) cannot search:
    its step says so at once instead of looping for ever inside the kernel."""
    form = Spots(G, G.deal(3))
    kings = tuple(bytes((16 * (i % 4) + 13,)) for i in range(12))
    stuck = (kings, bytes(8), b"", 0)  # kings on empty foundations, the pack out: no move
    for roots in ([], [kernel_ns.args(stuck)]):
        beam = kernels.KernelBeam(
            lib, form.pack, roots, blame=0.0, seed=1, first_width=8, max_width=64
        )
        with pytest.raises(ValueError, match="nothing left"):
            beam.step(10_000)


def test_the_kernels_refuse_what_is_not_a_position(lib: Any, hemispheres_lib: Any) -> None:
    """Codes that are no card, heights past a king, a pack with such codes, widths out
    of range and more roots than the kernel keeps are refused, never searched."""
    form = Spots(G, G.deal(3))
    packets, heights, talon, left = form.roots()[0][0]
    bad_card = ((b"\x00" + packets[0][1:], *packets[1:]), heights, talon, left)
    bad_height = (packets, b"\x0e" + heights[1:], talon, left)
    for wrong in (bad_card, bad_height):
        with pytest.raises(ValueError):
            kernels.KernelBeam(
                lib,
                form.pack,
                [kernel_ns.args(wrong)],
                blame=0.0,
                seed=1,
                first_width=8,
                max_width=8,
            )
    with pytest.raises(ValueError):
        kernels.examine(lib, kernel_ns.args((packets, heights, talon, left)), b"\x3f" * left)
    for first, widest in ((0, 8), (16, 8), (8, 1 << 25)):
        with pytest.raises(ValueError):
            kernels.KernelBeam(
                lib, form.pack, [], blame=0.0, seed=1, first_width=first, max_width=widest
            )
    root = kernel_ns.args((packets, heights, talon, left))
    with pytest.raises(ValueError, match="root"):
        kernels.KernelBeam(
            lib, form.pack, [root] * 17, blame=0.0, seed=1, first_width=8, max_width=8
        )


def test_more_roots_than_the_first_width_fit_the_first_layer(lib: Any) -> None:
    """Napoleon's Square's deal 157 opens with five positions the Note's remedy can
    lead to; a beam one position wide still takes them all as its first layer."""
    form = Spots(G, G.deal(157))
    roots = form.roots()
    assert len(roots) == 5
    beam = kernels.KernelBeam(
        lib,
        form.pack,
        [kernel_ns.args(r[0]) for r in roots],
        blame=0.0,
        seed=1,
        first_width=1,
        max_width=4,
    )
    assert beam.step(200_000) > 0


def test_the_hemispheres_key_keeps_its_fields_apart(hemispheres_lib: Any) -> None:
    """Cards left, foundations and the count of Race marriages are separate parts of
    the key: two positions that differ only in how those add up differ in key."""
    game = Hemispheres()
    form = hemispheres_fast.Spots(game, game.deal(5))
    circle, heights, talon, left, barriers, count = form.roots()[0][0]
    one = bytes((2,)) + heights[1:]
    two = bytes((3,)) + heights[1:]
    first = (circle, one, talon, left, barriers, count)
    second = (circle, two, talon, left - 1, barriers, count)
    assert kernels.key(hemispheres_lib, kernel_hs.args(first)) != kernels.key(
        hemispheres_lib, kernel_hs.args(second)
    )


def test_kernels_are_off_with_the_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """``CADOGAN_NATIVE=0`` turns every kernel off, so the Python probes run."""
    monkeypatch.setenv(native.ENV_SWITCH, "0")
    assert native.library(kernel_ns.NAME) is None
    budget, rules, seed = _budget(None)
    assert native_beam(budget, rules, seed) is None


def test_a_build_is_made_once_and_named_by_its_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kernel is built into the cache directory under a name made from its source
    and the compiler, with no half-written file left beside it, and is not built
    again while that name stands."""
    if native.compiler() is None:
        pytest.skip("no C compiler here")
    monkeypatch.setenv(native.ENV_DIR, str(tmp_path))
    built = native.build(kernel_ns.NAME)
    assert built.parent == tmp_path and built.is_file()
    assert [p.name for p in tmp_path.iterdir()] == [built.name]
    stamp = os.stat(built).st_mtime_ns
    assert native.build(kernel_ns.NAME) == built
    assert os.stat(built).st_mtime_ns == stamp


def test_the_cache_keeps_only_the_newest_builds_of_a_kernel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each change of a kernel's sources makes a new build; only the newest few of a
    kernel stay, and another kernel's builds are left alone."""
    monkeypatch.setenv(native.ENV_DIR, str(tmp_path))
    for age, name in enumerate(["a-1", "a-2", "a-3", "a-4", "b-1"]):
        path = tmp_path / f"{name}.so"
        path.write_bytes(b"")
        os.utime(path, (1000 + age, 1000 + age))
    gone = native.prune("a", keep=2)
    assert sorted(p.name for p in gone) == ["a-1.so", "a-2.so"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-3.so", "a-4.so", "b-1.so"]


class _SlowBeam:
    """A kernel beam that never wins, each chunk taking one second of ``clock``."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def step(self, quota: int) -> int:
        self.clock.now += 1.0
        return quota

    def line(self) -> None:
        return None


@pytest.mark.parametrize(
    ("game", "elapsed", "owed"),
    [
        (Hemispheres(), 10.0, 0.85),
        (Hemispheres(), 1000.0, 0.45),
        (G, 10.0, 0.85),
        (G, 1000.0, 0.15),
    ],
)
def test_a_beam_turn_runs_until_the_kernels_have_had_their_share(
    monkeypatch: pytest.MonkeyPatch, game: Game, elapsed: float, owed: float
) -> None:
    """The kernels' beams are owed 85% of a short solve's time and, after the first
    LONG seconds, 45% in the Hemispheres (shares.BEAM), leaving half to the exhaustive
    search; in Napoleon's Square, whose proofs have four fifths then
    (``late_proof``), 15%."""
    clock = Clock(elapsed)
    # (By module: the name ``cadogan.solve`` is also the solve function.)
    monkeypatch.setattr(import_module("cadogan.solve.native_beam"), "perf_counter", clock)
    budget = Budget(game, 60.0, None)
    budget.start, budget.deadline = 0.0, 1e9
    searcher = NativeBeam(budget, cast(FastRules, NoRoots()), [cast(Any, _SlowBeam(clock))])
    searcher.ready = 0.0  # as if made when the solve began, with its kernel built before
    share = shares(game.late_proof)[0]
    assert share == (BEAM if isinstance(game, Hemispheres) else Share(0.85, 0.15))
    searcher.spent = share.due(elapsed) - 2.0  # two seconds behind its due
    assert searcher.step(1024) is None
    assert share.due(clock.now) <= searcher.spent < share.due(clock.now) + 1.0
    chunks = clock.now - elapsed
    assert chunks == pytest.approx(2.0 / (1.0 - owed), abs=1.0)


def test_the_first_solve_after_building_the_kernel_still_searches_its_table(
    lib: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel is built on first use, inside the first solve's clock: those seconds
    counted towards the beams' due, so the first turn of the beam ran a short solve to
    its end and the exhaustive search never had a turn (0 table positions, on a fresh
    machine only).  Here the build is made to take a second of a 2-s solve."""
    import time

    real_load = import_module("cadogan.solve.native_beam").load
    built: list[str] = []

    def slow_build(name: str) -> Any:
        if not built:  # the first call builds; the next ones find it made
            time.sleep(1.0)
            built.append(name)
        return real_load(name)

    monkeypatch.setattr(import_module("cadogan.solve.native_beam"), "load", slow_build)
    game = NapoleonsSquare()
    found = solve(game, game.deal(7), timeout=2.0)  # deal 7 is lost, and hard to prove
    assert found.status == "timeout" and found.peak_states > 0
