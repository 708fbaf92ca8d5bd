"""Pinned solver verdicts (tests/fixtures/<id>.json, written by tests/fixtures/make.py).

Each fixture holds, for a game with choices, deals pinned as solved or unsolvable and
positions needing a non-obvious move: the position can be won, but a tempting move
(often the honest greedy player's) loses for certain.  The solver must reproduce
every verdict, and every solution must replay to a win.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cadogan import registry
from cadogan.core import Game, Outcome, State
from cadogan.core.jsonform import state_from_json
from cadogan.solve import solve

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.json"))
REGISTERED = set(registry.ids())
SLACK = 20.0  # budget multiplier over the fixture's: verdicts are deterministic


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    if data["game"] not in REGISTERED:
        pytest.skip(f"{data['game']} is not registered")
    return data


def game_for(data: dict[str, Any], entry: dict[str, Any]) -> Game:
    return registry.game(data["game"], **entry["options"])


def check(game: Game, state: State, status: str, budget: float) -> None:
    found = solve(game, state, timeout=budget * SLACK)
    assert found.status == status, f"{game.id}: expected {status}, got {found.status}"
    if status == "solved":
        for move in found.moves:
            state = game.play(state, move)
        assert game.outcome(state) is Outcome.WON


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_pinned_deals(path: Path) -> None:
    data = load(path)
    if not data["deals"]:
        pytest.skip(f"no deal of {data['game']} was decided within the fixture budget")
    for entry in data["deals"]:
        game = game_for(data, entry)
        check(game, game.deal(entry["deal"]), entry["status"], data["budget"])


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_pinned_positions(path: Path) -> None:
    """Late positions pinned as solvable or unsolvable, and non-obvious ones: the
    position can be won, the winning move keeps it winnable, the tempting move loses."""
    data = load(path)
    if not data["positions"]:
        pytest.skip(f"no position pinned for {data['game']}")
    for entry in data["positions"]:
        game = game_for(data, entry)
        state = state_from_json(entry["state"])
        check(game, state, entry["status"], data["budget"])
        if entry["kind"] != "non-obvious":
            continue
        best, trap = game.parse_move(state, entry["best"]), game.parse_move(state, entry["trap"])
        assert best in game.moves(state) and trap in game.moves(state) and best != trap
        check(game, game.play(state, best), "solved", data["budget"])
        check(game, game.play(state, trap), entry["trap_status"], data["budget"])


def test_every_game_with_choices_has_fixtures() -> None:
    """A fixture file exists for each registered game that has choices."""
    have = {p.stem for p in FIXTURES}
    without_choices = {"travellers", "sympathie"}
    missing = REGISTERED - without_choices - have
    assert not missing, f"no solver fixtures for {sorted(missing)}"


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_each_fixture_pins_a_won_and_a_lost_deal(path: Path) -> None:
    """Issue #5 asks for a solvable deal, an unsolvable deal and a non-obvious position
    of every game with choices; each fixture file must hold all three kinds."""
    data = load(path)
    statuses = {entry["status"] for entry in data["deals"]}
    assert statuses == {"solved", "unsolvable"}, f"{data['game']} pins only {statuses}"
    kinds = {entry["kind"] for entry in data["positions"]}
    assert "non-obvious" in kinds, f"{data['game']} pins no non-obvious position"
