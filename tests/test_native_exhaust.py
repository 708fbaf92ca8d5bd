"""The native exhaustive search (``native/exhaust.h``, ``solve/native_exhaustive.py``):
its parts held to the game's fast form, its verdicts to the Python search's, and its
place in a solve.

An ``unsolvable`` from it is a proof only if it searches what the Python search
searches: the same moves and safe moves, proofs of loss among the Python search's (the
moves, safe moves and cheap proofs are compared in tests/test_native.py; Napoleon's
Square's talon's test here; the Hemispheres' kernel has the first two of the game's
three proofs, and a proof left out costs time, never soundness), and a table that
merges two positions only when the game's key does (here: its key is the fast form's
key, written out in full).  Then the two searches must agree on every position either
decides, which is checked on positions of random lines of play of both games.
"""

from __future__ import annotations

import gc
import random
from importlib import import_module
from typing import Any, cast

import pytest

from cadogan.core import Game, Outcome, State
from cadogan.games import _hemispheres_fast as hemispheres_fast
from cadogan.games._hemispheres_rules import RACE_MOVE_LIMIT
from cadogan.games._hemispheres_worlds import late_dead_spot
from cadogan.games._napoleons_square_fast import Spots, spot
from cadogan.games._napoleons_square_space import space_dead_codes
from cadogan.games.hemispheres import Hemispheres
from cadogan.games.napoleons_square import NapoleonsSquare
from cadogan.native import hemispheres as kernel_hs
from cadogan.native import napoleons_square as kernel_ns
from cadogan.native.exhaust import (
    KernelExhaust,
    Progress,
    grade,
    has_exhaust,
    key_bytes,
    late_dead,
)
from cadogan.record import Record, replay
from cadogan.solve import solve
from cadogan.solve.engine import Budget
from cadogan.solve.exhaustive import Exhaustive
from cadogan.solve.native_beam import winning_line
from cadogan.solve.native_exhaustive import NativeExhaustive, native_exhaustive
from cadogan.solve.rules import FastRules, rules_for
from cadogan.solve.shares import EXHAUSTIVE, LONG, Share, shares
from tests.games.test_hemispheres_solver import (
    DEAL_13_CIRCLE,
    DEAL_13_PACK,
    DEAL_13_TALON,
    SPADES_AT_8,
)
from tests.games.test_hemispheres_solver import full as full_hemispheres
from tests.games.test_napoleons_square_solver import DEAL_7_PACKETS, DEAL_7_TALON, complete
from tests.helpers import (
    GOLDEN,
    Clock,
    NoRoots,
    assert_keys_merge_alike,
    lines_avoiding_the_deal,
    loaded_kernel,
)

G = NapoleonsSquare()
SINGLE = NapoleonsSquare(deal="single")
H = Hemispheres()
LATE = 12  # the talon's test runs once the pack holds at most this many cards
KERNELS: dict[str, Any] = {G.id: kernel_ns, H.id: kernel_hs}  # each game's mapping
BOTH = pytest.mark.parametrize("game", [G, H], ids=["napoleons-square", "hemispheres"])


def built(name: str) -> Any:
    """A kernel with its exhaustive search, which must build wherever there is a C
    compiler."""
    found = loaded_kernel(name)
    assert has_exhaust(found)
    return found


@pytest.fixture(scope="module")
def lib() -> Any:
    """Napoleon's Square's kernel."""
    return built(kernel_ns.NAME)


@pytest.fixture(scope="module")
def hemispheres_lib() -> Any:
    """The Hemispheres' kernel."""
    return built(kernel_hs.NAME)


def lib_for(game: Game) -> Any:
    """The game's kernel (loaded once: ``kernels.load`` keeps it)."""
    return built(KERNELS[game.id].NAME)


def positions(game: Game, deals: range, seed: int) -> list[State]:
    """Play-phase positions of random lines of play."""
    return lines_avoiding_the_deal(game, deals, seed=seed, odds=0.85, phase="play")


@pytest.mark.parametrize("game", [G, SINGLE], ids=["square", "single"])
def test_the_key_is_the_fast_forms_key_in_full(lib: Any, game: NapoleonsSquare) -> None:
    """The table's key holds exactly what the fast form's key holds: the cards left,
    the heights, the talon and the packets sorted, each closed by a 0 (no card's code
    is 0), so two positions share an entry only when the game's key is the same."""
    checked = 0
    for state in positions(game, range(1, 5), seed=3):
        packets, heights, talon, left = position = spot(state)
        expected = bytes((left,)) + heights + talon + b"\0"
        expected += b"".join(p + b"\0" for p in sorted(packets))
        assert key_bytes(lib, kernel_ns.args(position)) == expected
        checked += 1
    assert checked > 200


def test_the_hemispheres_key_is_the_fast_forms_key_in_full_but_the_count(
    hemispheres_lib: Any,
) -> None:
    """The Hemispheres' table key holds what the fast form's key holds but the Race
    marriages in a row, which are its grade: the cards left, the barriers, the
    heights, the talon, and each Race's three positions sorted (the Races in their
    places), each closed by a 0; two positions share it exactly when they share the
    fast form's key but for the count, and the grade is the count (capped, as the
    key caps it)."""
    checked, keys, counts = 0, dict[bytes, set[bytes]](), set()
    for state in positions(H, range(1, 5), seed=3):
        circle, heights, talon, left, barriers, count = position = hemispheres_fast.spot(state)
        expected = bytes((left, barriers)) + heights + talon + b"\0"
        for r in range(0, 12, 3):
            expected += b"".join(p + b"\0" for p in sorted(circle[r : r + 3]))
        args = kernel_hs.args(position)
        found = key_bytes(hemispheres_lib, args)
        assert found == expected
        assert grade(hemispheres_lib, args) == min(count, RACE_MOVE_LIMIT)
        form = hemispheres_fast.Spots(H, H.deal(state.deal))
        keys.setdefault(found, set()).add(form.key((*position[:5], 0)))
        counts.add(count)
        checked += 1
    assert checked > 200 and len(counts) > 3
    assert_keys_merge_alike(keys)


def test_a_hemispheres_position_with_fewer_race_marriages_in_a_row_dominates() -> None:
    """The premise of the Hemispheres' grade, on the fast form: the same position with
    a lower count has every move the higher has, and each such move leads to the same
    position, its count still no higher; so every line from the higher is a line from
    the lower (by induction along it), and the table may skip the higher once the
    lower was searched."""
    compared = barred = 0
    for state in positions(H, range(1, 4), seed=11)[::5]:
        form = hemispheres_fast.Spots(H, H.deal(state.deal))
        position = hemispheres_fast.spot(state)
        for low in range(RACE_MOVE_LIMIT + 1):
            for high in range(low + 1, RACE_MOVE_LIMIT + 1):
                lower, higher = (*position[:5], low), (*position[:5], high)
                lower_moves = form.moves(lower)
                higher_moves = form.moves(higher)
                assert set(higher_moves) <= set(lower_moves)
                barred += len(lower_moves) > len(higher_moves)
                for move in higher_moves:
                    a, b = form.play(lower, move), form.play(higher, move)
                    assert a[:5] == b[:5] and a[5] <= b[5]
                    compared += 1
    assert compared > 1000 and barred > 10


def test_napoleons_square_has_no_grades(lib: Any) -> None:
    """A game without grades keys its positions by the key alone: grade 0 for all."""
    for state in positions(G, range(1, 3), seed=3)[::50]:
        assert grade(lib, kernel_ns.args(spot(state))) == 0


@pytest.mark.parametrize("thorough", [False, True], ids=["plain", "thorough"])
@pytest.mark.parametrize("game", [G, SINGLE], ids=["square", "single"])
def test_the_talon_test_answers_as_the_pythons(
    lib: Any, game: NapoleonsSquare, thorough: bool
) -> None:
    """The kernel's talon's test (the proof of loss that counts spaces; when thorough,
    with the count of supports too) gives the Python test's answer on every position,
    and runs only once at most 12 cards are left in the pack, as the game's ``dead``
    runs it."""
    answers = {True: 0, False: 0}
    for state in positions(game, range(1, 13), seed=5):
        form = Spots(game, game.deal(state.deal))
        packets, heights, talon, left = position = spot(state)
        coming = form.pack[len(form.pack) - left :]  # the pack, the next card first
        expected = left <= LATE and space_dead_codes(
            [list(p) for p in packets],
            list(talon),
            list(coming),
            list(heights),
            supports=thorough,
        )
        found = late_dead(lib, kernel_ns.args(position), form.pack, thorough=thorough)
        assert found == expected, (state.deal, position)
        answers[found] += 1
    assert answers[True] > 20 and answers[False] > 200  # both answers are tried


def test_the_count_of_supports_answers_as_the_pythons_with_the_pack_out(lib: Any) -> None:
    """Dead rule 5, the count of supports, asked only by a thorough search: with the
    pack out the kernel's count answers as the Python one, on a deal-7 endgame that
    only the count proves lost and on positions a few random moves from it, and on the
    positions of a winning line of deal 24 with the pack out and a few random moves
    from them; a plain search's test leaves the deal-7 endgame open."""
    start = complete(DEAL_7_PACKETS, DEAL_7_TALON)
    assert late_dead(lib, kernel_ns.args(spot(start)), b"", thorough=True)
    assert not late_dead(lib, kernel_ns.args(spot(start)), b"")
    won = solve(G, G.deal(24), timeout=30.0)  # any winning line will do
    assert won.status == "solved"
    state, starts = G.deal(24), [start]
    for move in won.moves:
        state = G.play(state, move)
        if state.phase == "play" and not state.piles["pack"].cards:
            starts.append(state)
    rng = random.Random(7)
    answers = {True: 0, False: 0}
    for begin in starts:
        for _ in range(4):
            state = begin
            for _ in range(rng.randint(0, 4)):
                if not (legal := G.moves(state)):
                    break
                state = G.play(state, rng.choice(legal))
            packets, heights, talon, left = position = spot(state)
            assert left == 0
            expected = space_dead_codes(
                [list(p) for p in packets], list(talon), [], list(heights), supports=True
            )
            assert late_dead(lib, kernel_ns.args(position), b"", thorough=True) == expected
            answers[expected] += 1
    assert answers[True] >= 4 and answers[False] > 20


class _Recording(Exhaustive):
    """The Python exhaustive search, keeping each position it enters (settled)."""

    entered: list[Any]

    def push(self, position: Any, key: Any, parts: Any, line: list[Any]) -> Any:
        depth = len(self.frames)
        found = super().push(position, key, parts, line)
        if len(self.frames) > depth:
            self.entered.append(self.frames[-1].state)
        return found


def entered(deal: int, nodes: int) -> tuple[FastRules, list[Any]]:
    """A deal of Napoleon's Square's rules (its fast form) and the positions its
    Python exhaustive search enters in its first ``nodes`` positions."""
    budget = Budget(G, 600.0, None)
    root, _, legal, _ = budget.settle(G.deal(deal))
    rules = rules_for(budget, root, legal)
    assert isinstance(rules, FastRules)
    search = _Recording(budget, 5_000_000)
    search.entered = []
    search.begin(rules)
    assert search.step(nodes) is None
    return rules, search.entered


def test_the_count_of_supports_answers_as_the_pythons_with_cards_in_the_pack(
    lib: Any,
) -> None:
    """With cards still in the pack, the count of supports (dead rule 5) works in the
    world where every pack card may move, and the kernel's answers as the Python one
    on positions the exhaustive search enters from deal 8 with 1 to 12 cards in the
    pack; there it proves lost many positions that the plain test leaves open, and
    the Python search (which does not ask the count) wins none of them."""
    rules, found = entered(8, 20_000)
    pack = rules.fast.pack  # type: ignore[attr-defined]
    answers: dict[tuple[bool, bool], int] = {}
    only_the_count = []
    for position in found[::5]:
        packets, heights, talon, left = position
        if not 0 < left <= LATE:
            continue
        coming = list(pack[len(pack) - left :])
        args = ([list(p) for p in packets], list(talon), coming, list(heights))
        expected = space_dead_codes(*args, supports=True)
        assert late_dead(lib, kernel_ns.args(position), pack, thorough=True) == expected
        plain = space_dead_codes(*args)
        answers[plain, expected] = answers.get((plain, expected), 0) + 1
        if expected and not plain:
            only_the_count.append(position)
    assert answers.get((True, False), 0) == 0  # the count only adds to the test
    assert len(only_the_count) > 50 and answers.get((False, False), 0) > 50
    budget = Budget(G, 600.0, None)
    for position in only_the_count[:: len(only_the_count) // 5][:5]:
        search = Exhaustive(budget, 2_000_000)
        search.begin(rules, [(position, rules.fast.moves(position), ())])
        assert search.step(100_000) == ("unsolvable", ())


def test_a_thorough_search_proves_the_endgame_lost_on_entry(lib: Any) -> None:
    """``KernelExhaust.thorough`` reaches the search: the deal-7 endgame that only the
    count of supports proves lost is lost at once for a thorough search, and only
    after a search of its lines for a plain one (the same verdict, as it must be)."""
    start = complete(DEAL_7_PACKETS, DEAL_7_TALON)
    plain, _, plain_search = kernel_verdict(G, start, 300_000)
    thorough, _, thorough_search = kernel_verdict(G, start, 300_000, thorough=True)
    assert plain is Progress.LOST and thorough is Progress.LOST
    assert thorough_search.positions() < plain_search.positions()
    assert thorough_search.states() == 0 < plain_search.states()


@pytest.mark.parametrize("thorough", [False, True], ids=["plain", "thorough"])
def test_the_hemispheres_walk_answers_as_the_pythons(hemispheres_lib: Any, thorough: bool) -> None:
    """The Hemispheres' walk through the talon's worlds (their dead rule 4), asked only
    by a thorough search: the kernel's answer is the Python walk's on every position
    with a talon and at most 12 cards in the pack, of random lines (nearly all lost by
    then), of a winning line and a few moves off it, and of the walk's rule tests; and
    never lost while the search is not thorough."""
    won = replay(Record.load(GOLDEN / "hemispheres-won-4.record")).states
    rng, off = random.Random(2), []
    for state in won[-80:]:
        for _ in range(2):
            if legal := H.moves(state):
                state = H.play(state, rng.choice(legal))
        off.append(state)
    states = [
        *lines_avoiding_the_deal(H, range(1, 41), seed=7, odds=0.9, phase="play"),
        *won,
        *off,
        full_hemispheres({"african1": "5s 6s"}, SPADES_AT_8, "7s 7s 5s 6s"),
        full_hemispheres(DEAL_13_CIRCLE, "2h 4h 3d Jd Qc 8c Ks 4s", DEAL_13_TALON, DEAL_13_PACK),
    ]
    answers = {True: 0, False: 0}
    for state in states:
        position = hemispheres_fast.spot(state)
        if not position[2] or position[3] > LATE:
            continue
        pack = hemispheres_fast.Spots(H, state).pack[:]  # this position's pack, whole
        expected = thorough and late_dead_spot(pack, position)
        found = late_dead(hemispheres_lib, kernel_hs.args(position), pack, thorough=thorough)
        assert found == expected, (state.deal, position)
        answers[found] += 1
    assert answers[False] > 40
    assert answers[True] > 500 if thorough else answers[True] == 0


def test_a_thorough_hemispheres_search_proves_a_buried_copy_lost_on_entry(
    hemispheres_lib: Any,
) -> None:
    """The walk's rule test of a buried copy (tests/games/test_hemispheres_solver.py)
    is lost on entry for a thorough search, with an empty table, and only after a
    search of its lines for a plain one."""
    state = full_hemispheres({"african1": "5s 6s"}, SPADES_AT_8, "7s 7s 5s 6s")
    plain, _, plain_search = kernel_verdict(H, state, 300_000)
    thorough, _, thorough_search = kernel_verdict(H, state, 300_000, thorough=True)
    assert plain is Progress.LOST and thorough is Progress.LOST
    assert thorough_search.positions() < plain_search.positions()
    assert thorough_search.states() == 0 < plain_search.states()


def kernel_verdict(
    game: Game, state: State, cap: int, *, thorough: bool = False
) -> tuple[Progress, FastRules, Any]:
    """The kernel's search from ``state`` (settled; ``thorough`` or not), run for at
    most ``cap`` positions: where it stands, the rules and the search."""
    budget = Budget(game, 600.0, None)
    root, _, legal, result = budget.settle(state)
    assert result is Outcome.ONGOING
    rules = rules_for(budget, root, legal)
    assert isinstance(rules, FastRules)
    mapping = KERNELS[game.id]
    roots = [mapping.args(position) for position, _, _ in rules.roots()]
    pack = rules.fast.pack  # type: ignore[attr-defined]
    search = KernelExhaust(lib_for(game), pack, roots, 2_000_000)
    if thorough:
        search.thorough()
    progress = Progress.RUNNING
    while progress is Progress.RUNNING and search.positions() < cap:
        progress = search.step(50_000)
    return progress, rules, search


@pytest.mark.parametrize(
    ("game", "left", "every", "thorough"),
    [(G, range(21), 25, False), (G, range(21), 25, True), (H, range(20, 60), 10, False)],
    ids=["napoleons-square", "napoleons-square-thorough", "hemispheres"],
)
def test_the_verdicts_are_the_python_searches_on_lost_positions(
    game: Game, left: range, every: int, thorough: bool
) -> None:
    """On positions of random lines of play late in the game (most of them lost:
    ``left`` cards in the pack, every ``every``-th position; the Hemispheres' random
    lines are mostly over by 20 cards left), the kernel's search (thorough or not) and
    the Python search (a solve under a node cap, which never uses a kernel) never
    disagree: a position one proves lost the other does not win, and the other way
    round."""
    decided = 0
    states = positions(game, range(1, 25), seed=9)
    states = [s for s in states if len(s.piles["pack"].cards) in left]
    for state in states[::every]:
        if Budget(game, 60.0, None).settle(state)[3] is not Outcome.ONGOING:
            continue
        python = solve(game, state, timeout=600.0, max_nodes=10_000).status
        progress, _, search = kernel_verdict(game, state, 300_000, thorough=thorough)
        search.close()
        if progress is Progress.WON:
            assert python != "unsolvable", state
        elif progress is Progress.LOST:
            assert python != "solved", state
        decided += python == "unsolvable" and progress is Progress.LOST
        if decided == 15:
            break
    assert decided == 15


@pytest.mark.parametrize(
    ("game", "deal", "thorough"),
    [(G, 8, False), (G, 24, True), (H, 1, False), (H, 1, True)],
    ids=["napoleons-square", "napoleons-square-thorough", "hemispheres", "hemispheres-thorough"],
)
def test_the_verdicts_are_the_python_searches_on_a_winning_line(
    game: Game, deal: int, thorough: bool
) -> None:
    """Along a winning line (the kernel's own from the deal, thorough or not, replayed
    through ``Game.play``) every position is won: the kernel's search wins each
    again, and the Python search never proves one lost (and wins those it decides)."""
    progress, rules, search = kernel_verdict(game, game.deal(deal), 3_000_000, thorough=thorough)
    assert progress is Progress.WON
    found = search.line()
    assert found is not None
    search.close()
    root, moves = found
    line = winning_line(rules, (*rules.roots()[root][2], *moves))
    state, along = rules.root[0], []
    for move in line:
        state = game.play(state, move)
        along.append(state)
    assert game.outcome(state) is Outcome.WON
    checked = 0
    for state in along[: -20 : len(along) // 6]:
        if Budget(game, 60.0, None).settle(state)[3] is not Outcome.ONGOING:
            continue
        again, _, search = kernel_verdict(game, state, 3_000_000, thorough=thorough)
        search.close()
        assert again is Progress.WON
        assert solve(game, state, timeout=600.0, max_nodes=10_000).status in ("solved", "timeout")
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize(
    ("game", "deals", "seed", "at", "left"),
    [(G, range(1, 35), 21, 17780, 28), (H, range(1, 6), 9, 994, 38)],
    ids=["napoleons-square", "hemispheres"],
)
def test_it_proves_lost_what_the_python_search_could_not_in_the_time(
    game: Game, deals: range, seed: int, at: int, left: int
) -> None:
    """A position from a random line (Napoleon's Square's deal 34, 28 cards left in
    the pack; the Hemispheres' deal 5, 38 left) that the Python search cannot decide
    in 20,000 nodes, which the kernel's search proves lost in fewer positions; a solve
    under the clock then answers ``unsolvable``."""
    state = positions(game, deals, seed=seed)[at]
    assert state.deal == deals[-1] and len(state.piles["pack"].cards) == left
    assert solve(game, state, timeout=600.0, max_nodes=20_000).status == "timeout"
    progress, _, search = kernel_verdict(game, state, 1_000_000)
    search.close()
    assert progress is Progress.LOST
    result = solve(game, state, timeout=60.0)
    assert result.status == "unsolvable"
    assert result.peak_states > 0


def _native(
    game: Game, state: State, max_nodes: int | None, max_states: int
) -> NativeExhaustive | None:
    """The native search for a solve of ``state``, as a solve would make it."""
    budget = Budget(game, 60.0, max_nodes)
    root, _, legal, _ = budget.settle(state)
    rules = rules_for(budget, root, legal)
    search = Exhaustive(budget, max_states)
    search.begin(rules)
    return native_exhaustive(budget, rules, search)


@BOTH
def test_it_runs_under_the_clock_alone(game: Game) -> None:
    """Under a node cap a solve keeps the Python search, so that its answer is the
    same on every machine, compiler or not."""
    lib_for(game)
    state = game.deal(7)
    assert isinstance(_native(game, state, None, 1000), NativeExhaustive)
    assert _native(game, state, 100_000, 1000) is None


@BOTH
def test_a_full_table_hands_the_turns_back_to_the_python_search(game: Game) -> None:
    """When the kernel's table is full its search stops, says why, frees its memory
    and reports nothing; the Python search then takes its turns from the start."""
    budget = Budget(game, 60.0, None)
    root, _, legal, _ = budget.settle(game.deal(2))
    rules = rules_for(budget, root, legal)
    assert isinstance(rules, FastRules)
    search = Exhaustive(budget, 2_000_000)
    search.begin(rules)
    roots = [KERNELS[game.id].args(position) for position, _, _ in rules.roots()]
    pack = rules.fast.pack  # type: ignore[attr-defined]
    kernel = KernelExhaust(lib_for(game), pack, roots, 50)
    searcher = NativeExhaustive(budget, rules, kernel, search)
    while searcher.fault is None:
        assert searcher.step(1024) is None
    assert "table" in searcher.fault
    assert kernel.handle is None
    assert search.native_states == 50
    nodes = budget.nodes
    searcher.step(1024)  # the Python search's turn now
    assert budget.nodes > nodes
    assert len(search.seen) > 0


def test_a_wrong_line_is_never_reported(lib: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A win whose line does not replay to a win stops the kernel's search instead of
    being reported."""
    searcher = _native(G, G.deal(8), None, 2_000_000)
    assert searcher is not None
    monkeypatch.setattr(searcher.kernel, "step", lambda quota: Progress.WON)
    monkeypatch.setattr(searcher.kernel, "line", lambda: (0, [32 * 31]))
    assert searcher.step(1024) is None
    assert searcher.fault is not None and "line" in searcher.fault


def test_a_solve_leaves_no_search_behind(lib: Any) -> None:
    """With the collector off, a solve's kernel search is freed when the solve ends."""
    gc.collect()
    gc.disable()
    try:
        solve(G, G.deal(7), timeout=2.0)
        alive = [o for o in gc.get_objects() if isinstance(o, KernelExhaust)]
    finally:
        gc.enable()
    assert all(o.handle is None for o in alive)


class _SlowKernel:
    """A kernel search that never ends, each chunk taking one second of ``clock``."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.count = 0
        self.thorough_from: float | None = None  # when the search was made thorough

    def thorough(self) -> None:
        self.thorough_from = self.clock.now

    def step(self, quota: int) -> Progress:
        self.clock.now += 1.0
        self.count += quota
        return Progress.RUNNING

    def positions(self) -> int:
        return self.count

    def states(self) -> int:
        return 0


@pytest.mark.parametrize(
    ("game", "elapsed", "owed"),
    [
        (Hemispheres(), 20.0, 0.10),
        (Hemispheres(), 1000.0, 0.50),
        (G, 20.0, 0.10),
        (G, 1000.0, 0.80),
    ],
)
def test_a_turn_runs_until_the_search_has_had_its_share(
    monkeypatch: pytest.MonkeyPatch, game: Game, elapsed: float, owed: float
) -> None:
    """A turn of the kernel's search lasts until it has had its due (shares.EXHAUSTIVE):
    a tenth of a short solve's time; in a long solve half of the time after the first
    LONG seconds, so that it can prove lost a deal that takes it minutes, and four
    fifths in Napoleon's Square (its ``late_proof``)."""
    clock = Clock(elapsed)
    # (By module: the name ``cadogan.solve`` is also the solve function.)
    monkeypatch.setattr(import_module("cadogan.solve.native_exhaustive"), "perf_counter", clock)
    budget = Budget(game, 60.0, None)
    budget.start, budget.deadline = 0.0, 1e9
    search = Exhaustive(budget, 10)  # the Python search, which takes no turn here
    kernel = _SlowKernel(clock)
    searcher = NativeExhaustive(
        budget, cast(FastRules, NoRoots()), cast(KernelExhaust, kernel), search
    )
    searcher.ready = 0.0  # as if made when the solve began, with its kernel built before
    share = shares(game.late_proof)[1]
    assert share == (EXHAUSTIVE if isinstance(game, Hemispheres) else Share(0.10, 0.80))
    searcher.spent = share.due(elapsed) - 5.0  # five seconds behind its due
    assert searcher.step(1024) is None
    assert share.due(clock.now) <= searcher.spent < share.due(clock.now) + 1.0
    # Catching up five seconds at the full rate while owing `owed` of each new one.
    assert kernel.count // 20_000 == pytest.approx(5.0 / (1.0 - owed), abs=1.0)
    assert budget.nodes == kernel.count
    # The costlier proofs of loss: asked from the first chunk after LONG seconds.
    assert searcher.thorough is (clock.now >= LONG)
    assert kernel.thorough_from == (elapsed + 1.0 if elapsed >= LONG else None)
