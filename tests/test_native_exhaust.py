"""The native exhaustive search (``native/exhaust.h``, ``solve/native_exhaustive.py``):
its parts held to the game's fast form, its verdicts to the Python search's, and its
place in a solve.

An ``unsolvable`` from it is a proof only if it searches what the Python search
searches: the same moves, safe moves and proofs of loss (the moves, safe moves and
kings' test are compared in tests/test_native.py; the talon's test here), and a table
that merges two positions only when the game's key does (here: its key is the fast
form's key, written out in full).  Then the two searches must agree on every
position either decides, which is checked on positions of random lines of play.
"""

from __future__ import annotations

import gc
from typing import Any

import pytest

from cadogan import native
from cadogan.core import Outcome, State
from cadogan.games._napoleons_square_fast import Spots, spot
from cadogan.games._napoleons_square_space import space_dead_codes
from cadogan.games.napoleons_square import NapoleonsSquare
from cadogan.native import kernel as kernels
from cadogan.native import napoleons_square as kernel_ns
from cadogan.native.exhaust import KernelExhaust, Progress, has_exhaust, key_bytes, late_dead
from cadogan.solve import solve
from cadogan.solve.engine import Budget
from cadogan.solve.exhaustive import Exhaustive
from cadogan.solve.native_beam import winning_line
from cadogan.solve.native_exhaustive import NativeExhaustive, native_exhaustive
from cadogan.solve.rules import FastRules, rules_for
from tests.helpers import lines_avoiding_the_deal

G = NapoleonsSquare()
SINGLE = NapoleonsSquare(deal="single")
LATE = 12  # the talon's test runs once the pack holds at most this many cards


@pytest.fixture(scope="module")
def lib() -> Any:
    """Napoleon's Square's kernel, which must build wherever there is a C compiler."""
    if native.compiler() is None:
        pytest.skip("no C compiler here: the solver runs without its native kernels")
    built = kernels.load(kernel_ns.NAME)
    assert built is not None, native.error(kernel_ns.NAME)
    assert has_exhaust(built)
    return built


def positions(game: NapoleonsSquare, deals: range, seed: int) -> list[State]:
    """Play-phase positions of random lines of play."""
    return lines_avoiding_the_deal(game, deals, seed=seed, odds=0.85, phase="play")


def test_the_hemispheres_kernel_has_no_exhaustive_search_yet() -> None:
    """Only Napoleon's Square's kernel has the search so far; the Hemispheres' solve
    keeps the Python search (the kernel would need its key in full first)."""
    if native.compiler() is None:
        pytest.skip("no C compiler here")
    built = kernels.load("hemispheres")
    assert built is not None
    assert not has_exhaust(built)


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


@pytest.mark.parametrize("game", [G, SINGLE], ids=["square", "single"])
def test_the_talon_test_answers_as_the_pythons(lib: Any, game: NapoleonsSquare) -> None:
    """The kernel's talon's test (the proof of loss that counts spaces) gives the
    Python test's answer on every position, and runs only once at most 12 cards are
    left in the pack, as the game's ``dead`` runs it."""
    answers = {True: 0, False: 0}
    for state in positions(game, range(1, 13), seed=5):
        form = Spots(game, game.deal(state.deal))
        packets, heights, talon, left = position = spot(state)
        coming = form.pack[len(form.pack) - left :]  # the pack, the next card first
        expected = left <= LATE and space_dead_codes(
            [list(p) for p in packets], list(talon), list(coming), list(heights)
        )
        found = late_dead(lib, kernel_ns.args(position), form.pack)
        assert found == expected, (state.deal, position)
        answers[found] += 1
    assert answers[True] > 20 and answers[False] > 200  # both answers are tried


def kernel_verdict(lib: Any, state: State, cap: int) -> tuple[Progress, FastRules, Any]:
    """The kernel's search from ``state`` (settled), run for at most ``cap``
    positions: where it stands, the rules and the search."""
    budget = Budget(G, 600.0, None)
    root, _, legal, result = budget.settle(state)
    assert result is Outcome.ONGOING
    rules = rules_for(budget, root, legal)
    assert isinstance(rules, FastRules)
    roots = [kernel_ns.args(position) for position, _, _ in rules.roots()]
    search = KernelExhaust(lib, rules.fast.pack, roots, 2_000_000)  # type: ignore[attr-defined]
    progress = Progress.RUNNING
    while progress is Progress.RUNNING and search.positions() < cap:
        progress = search.step(50_000)
    return progress, rules, search


def test_the_verdicts_are_the_python_searches_on_lost_positions(lib: Any) -> None:
    """On positions of random lines of play late in the game (most of them lost),
    the kernel's search and the Python search (a solve under a node cap, which never
    uses a kernel) never disagree: a position one proves lost the other does not win,
    and the other way round."""
    decided = 0
    states = [s for s in positions(G, range(1, 25), seed=9) if len(s.piles["pack"].cards) <= 20]
    for state in states[::25]:
        if Budget(G, 60.0, None).settle(state)[3] is not Outcome.ONGOING:
            continue
        python = solve(G, state, timeout=600.0, max_nodes=10_000).status
        progress, _, search = kernel_verdict(lib, state, 300_000)
        search.close()
        if progress is Progress.WON:
            assert python != "unsolvable", state
        elif progress is Progress.LOST:
            assert python != "solved", state
        decided += python == "unsolvable" and progress is Progress.LOST
        if decided == 15:
            break
    assert decided == 15


def test_the_verdicts_are_the_python_searches_on_a_winning_line(lib: Any) -> None:
    """Along a winning line (the kernel's own, from deal 8, replayed through
    ``Game.play``) every position is won: the kernel's search wins each again, and
    the Python search never proves one lost (and wins those it decides)."""
    progress, rules, search = kernel_verdict(lib, G.deal(8), 3_000_000)
    assert progress is Progress.WON
    found = search.line()
    assert found is not None
    search.close()
    root, moves = found
    line = winning_line(rules, (*rules.roots()[root][2], *moves))
    state, along = rules.root[0], []
    for move in line:
        state = G.play(state, move)
        along.append(state)
    assert G.outcome(state) is Outcome.WON
    checked = 0
    for state in along[: -20 : len(along) // 6]:
        if Budget(G, 60.0, None).settle(state)[3] is not Outcome.ONGOING:
            continue
        again, _, search = kernel_verdict(lib, state, 3_000_000)
        search.close()
        assert again is Progress.WON
        assert solve(G, state, timeout=600.0, max_nodes=10_000).status in ("solved", "timeout")
        checked += 1
    assert checked >= 4


def test_it_proves_lost_what_the_python_search_could_not_in_the_time(lib: Any) -> None:
    """A position from a random line of deal 34 (28 cards left in the pack) that the
    Python search cannot decide in 20,000 nodes, which the kernel's search proves lost
    in a few thousand positions; a solve under the clock then answers ``unsolvable``."""
    state = positions(G, range(1, 35), seed=21)[17780]
    assert state.deal == 34 and len(state.piles["pack"].cards) == 28
    assert solve(G, state, timeout=600.0, max_nodes=20_000).status == "timeout"
    progress, _, search = kernel_verdict(lib, state, 1_000_000)
    search.close()
    assert progress is Progress.LOST
    result = solve(G, state, timeout=60.0)
    assert result.status == "unsolvable"
    assert result.peak_states > 0


def _native(state: State, max_nodes: int | None, max_states: int) -> NativeExhaustive | None:
    """The native search for a solve of ``state``, as a solve would make it."""
    budget = Budget(G, 60.0, max_nodes)
    root, _, legal, _ = budget.settle(state)
    rules = rules_for(budget, root, legal)
    search = Exhaustive(budget, max_states)
    search.begin(rules)
    return native_exhaustive(budget, rules, search)


def test_it_runs_under_the_clock_alone(lib: Any) -> None:
    """Under a node cap a solve keeps the Python search, so that its answer is the
    same on every machine, compiler or not."""
    state = G.deal(7)
    assert isinstance(_native(state, None, 1000), NativeExhaustive)
    assert _native(state, 100_000, 1000) is None


def test_a_full_table_hands_the_turns_back_to_the_python_search(lib: Any) -> None:
    """When the kernel's table is full its search stops, says why, frees its memory
    and reports nothing; the Python search then takes its turns from the start."""
    budget = Budget(G, 60.0, None)
    root, _, legal, _ = budget.settle(G.deal(7))
    rules = rules_for(budget, root, legal)
    assert isinstance(rules, FastRules)
    search = Exhaustive(budget, 2_000_000)
    search.begin(rules)
    roots = [kernel_ns.args(position) for position, _, _ in rules.roots()]
    kernel = KernelExhaust(lib, rules.fast.pack, roots, 50)  # type: ignore[attr-defined]
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
    searcher = _native(G.deal(8), None, 2_000_000)
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
