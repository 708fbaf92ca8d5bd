"""Shared test helpers: golden move-count lines, a small win/loss search, positions.

Golden files live in tests/golden/<id>.json.  Set CADOGAN_REGEN_GOLDEN=1 to rewrite
them after an intended change of behaviour (and say why in the commit).
"""

from __future__ import annotations

import importlib
import json
import os
import random
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path
from typing import Any

import pytest

from cadogan import compiled
from cadogan.core import Game, Move, Outcome, State

GOLDEN = Path(__file__).parent / "golden"
# A clock budget for solves and hints that must come out decided although they take
# milliseconds: a loaded CI machine can pause a process for longer than a small
# budget (a 0.5-s hint of Travellers once timed out there).
ROOMY = 30.0
# For a test that patches a solver module's function or class, or that needs this
# process to run the plain modules: skipped when the suite runs on a compiled build
# (CADOGAN_PURE=0, README "Faster solving"), whose functions and classes cannot be
# patched.
plain_only = pytest.mark.skipif(
    any(compiled.loaded().values()),
    reason="needs the plain solver modules; this run uses a compiled build",
)


def perft_line(game: Game, deal: int, steps: int = 400, seed: int = 0) -> list[int]:
    """Legal-move counts along a fixed, seeded playout: a chess-perft-like fingerprint."""
    rng = random.Random(seed)
    state = game.deal(deal)
    counts = []
    for _ in range(steps):
        moves = game.moves(state)
        counts.append(len(moves))
        if not moves:
            break
        state = game.play(state, moves[rng.randrange(len(moves))])
    return counts


def check_golden(game: Game, deals: tuple[int, ...] = (1, 2), steps: int = 400) -> None:
    """Compare perft lines for ``deals`` with tests/golden/<id>.json (or rewrite it)."""
    path = GOLDEN / f"{game.id}.json"
    lines = {str(d): perft_line(game, d, steps) for d in deals}
    data = {"game": game.id, "options": dict(game.options), "steps": steps, "lines": lines}
    if os.environ.get("CADOGAN_REGEN_GOLDEN") or not path.exists():
        path.write_text(json.dumps(data, indent=1) + "\n")
    expected = json.loads(path.read_text())
    assert expected["lines"] == lines, f"{game.id}: move counts changed from the golden file"


def search(game: Game, state: State, want: Outcome, budget: int = 200_000) -> list[Move] | None:
    """Depth-first search for a line of moves reaching ``want`` (won or lost), or None."""
    seen: set[Hashable] = set()
    stack: list[tuple[State, list[Move]]] = [(state, [])]
    while stack and len(seen) < budget:
        current, line = stack.pop()
        result = game.outcome(current)
        if result is want:
            return line
        if result.over:
            continue
        key = game.key(current)
        if key in seen:
            continue
        seen.add(key)
        for move in reversed(game.order(current, game.moves(current))):
            stack.append((game.play(current, move), [*line, move]))
    return None


def find_deal(
    game: Game, want: Outcome, deals: range = range(1, 200), budget: int = 50_000
) -> tuple[int, list[Move]]:
    """The first deal in ``deals`` with a line to ``want``, and that line."""
    for deal in deals:
        line = search(game, game.deal(deal), want, budget)
        if line is not None:
            return deal, line
    raise AssertionError(f"no deal in {deals} reaches {want.value} within the budget")


def refused(game: Game, state: State, move: Move | str) -> str:
    """The sentence with which ``game.play`` refuses ``move`` (text is parsed first).

    Fails the test if the move is accepted.
    """
    import pytest

    from cadogan.core import IllegalMove

    with pytest.raises(IllegalMove) as err:
        parsed = game.parse_move(state, move) if isinstance(move, str) else move
        game.play(state, parsed)
    return err.value.reason


def replay_line(game: Game, deal: int, line: list[Move]) -> State:
    """Play ``line`` from the deal through the public API and return the last state."""
    state = game.deal(deal)
    for move in line:
        state = game.play(state, move)
    return state


def assert_fast_form_plays_as_the_game(
    game: Game,
    states: list[State],
    spot: Callable[[State], Any],
    shape: Callable[[Move], Hashable],
    spot_shape: Callable[[Any], Hashable],
) -> None:
    """The game's fast form (``Game.fast_play``) lists, from each of ``states`` (as
    ``spot`` makes them), the Game's moves in the Game's order (``shape`` and
    ``spot_shape`` give both kinds of move one form, a play home being one move), and
    each of its moves reaches the position the Game's does."""
    for state in states:
        form = game.fast_play(game.deal(state.deal))
        assert form is not None
        here = spot(state)
        legal = game.moves(state)
        wanted: list[Hashable] = []
        for move in game.order(state, legal):
            if shape(move) not in wanted:
                wanted.append(shape(move))
        ours = form.order(here, form.moves(here))
        assert [spot_shape(m) for m in ours] == wanted
        for ours_move in ours:
            game_move = next(m for m in legal if shape(m) == spot_shape(ours_move))
            assert spot(game.play(state, game_move)) == form.play(here, ours_move)


def lines_avoiding_the_deal(
    game: Game, deals: range, seed: int, odds: float, phase: str | None = None
) -> list[State]:
    """Positions from random lines of play that take a move other than the deal with
    probability ``odds`` whenever there is one (so that the layout and the talon fill
    up and the game reaches its end), with each line's last position; only those in
    ``phase`` when one is given."""
    rng = random.Random(seed)
    found: list[State] = []
    for deal in deals:
        state = game.deal(deal)
        while legal := game.moves(state):
            if phase is None or state.phase == phase:
                found.append(state)
            moves = [m for m in legal if m.verb != "deal"]
            pick = moves if moves and rng.random() < odds else legal
            state = game.play(state, rng.choice(pick))
        found.append(state)
    return found


def best_first_alone(game: Game, deal: int, nodes: int) -> tuple[int, int]:
    """The best-first probe alone (lane 0 of two, without its beam) from the deal,
    settled, under a node cap: the positions it generated and the size of its table."""
    from cadogan.solve.engine import Budget, Lane, OutOfTime
    from cadogan.solve.probe import Prober

    budget = Budget(game, 600.0, nodes)
    root, _, legal, _ = budget.settle(game.deal(deal))
    prober = Prober(budget, root, legal, seed=1, cap=1 << 30, lane=Lane(0, 2))
    prober.beam = None
    try:
        while prober.step(1024) is None:
            pass
    except OutOfTime:
        pass
    return budget.nodes, len(prober.seen)


def exhaustive_alone(
    game: Game, state: State, nodes: int
) -> tuple[str, int, int, tuple[Move, ...]]:
    """The exhaustive search alone from ``state``, settled, under a node cap: its
    verdict (``timeout`` at the cap), the positions it generated, its table's size
    and its winning line (the Game's moves from ``state``)."""
    from cadogan.solve.engine import Budget, OutOfTime
    from cadogan.solve.rules import rules_for
    from cadogan.solve.search import Exhaustive

    budget = Budget(game, 600.0, nodes)
    root, opening, legal, result = budget.settle(state)
    if result is not Outcome.ONGOING:
        return result.name, budget.nodes, 0, ()
    search = Exhaustive(budget, 1 << 30)
    search.begin(rules_for(budget, root, legal))
    status: str = "timeout"
    found: tuple[Move, ...] = ()
    try:
        while (verdict := search.step(1024)) is None:
            pass
        status, found = verdict
    except OutOfTime:
        pass
    line = (*opening, *found) if found else ()
    return status, budget.nodes, len(search.seen), line


def assert_exhaustive_search_proves_alike(
    game: Game,
    plain: Game,
    sample: list[State],
    want: tuple[str, ...],
    *,
    each: int = 3,
    stride: int = 1,
    nodes: int = 1_000,
) -> None:
    """The exhaustive search from positions of ``sample`` (every ``stride``-th), on
    ``game``'s fast form and through ``plain`` (the game without it), node for node:
    the same verdict, node count, table size and winning line, until ``each`` of every
    verdict in ``want`` has been compared (``timeout`` at ``nodes``)."""
    met: dict[str, int] = {}
    for state in sample[::stride]:
        ours = exhaustive_alone(game, state, nodes)
        if ours[0] not in want or met.get(ours[0], 0) >= each:
            continue
        assert ours == exhaustive_alone(plain, state, nodes), state
        met[ours[0]] = met.get(ours[0], 0) + 1
        if all(met.get(verdict, 0) >= each for verdict in want):
            return
    raise AssertionError(f"the sample gave too few verdicts to compare: {met}")


def loaded_kernel(name: str) -> Any:
    """Native kernel ``name``, which must build wherever there is a C compiler (the
    test is skipped where there is none)."""
    from cadogan import native
    from cadogan.native import kernel as kernels

    if native.compiler() is None:
        pytest.skip("no C compiler here: the solver runs without its native kernels")
    built = kernels.load(name)
    assert built is not None, native.error(name)
    return built


def assert_keys_merge_alike(pairs: Mapping[Any, set[Any]]) -> None:
    """Each of one kind of key (the dict's keys) met with exactly one of another kind
    (its set), and no key of the other kind with two of the first: the two kinds merge
    exactly the same positions."""
    assert all(len(others) == 1 for others in pairs.values())
    assert len({k for others in pairs.values() for k in others}) == len(pairs)


class Clock:
    """A clock that a fake kernel moves on by one second a chunk."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class NoRoots:
    """Rules that stand in for a deal's: no roots (none is searched here)."""

    def roots(self) -> list[Any]:
        return []


def roomy_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give every hint's solve at least ``ROOMY`` seconds, for tests of front ends (the
    command line's and the TUI's hints ask for 2 s) whose hints must be decided."""
    hints = importlib.import_module("cadogan.solve.hints")
    real = hints.solve

    def roomy(game: Game, state: State, **limits: Any) -> Any:
        limits["timeout"] = max(float(limits.get("timeout", 0.0)), ROOMY)
        return real(game, state, **limits)

    monkeypatch.setattr(hints, "solve", roomy)
