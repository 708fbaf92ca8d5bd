"""A solve split over several processes (``solve(..., workers=n)``, solve.parallel)."""

from __future__ import annotations

import importlib
import json
import multiprocessing

import pytest
from click.testing import CliRunner

from cadogan import registry
from cadogan.cli import cli
from cadogan.core import Game, State
from cadogan.solve import solve
from cadogan.solve.beam import Beam
from cadogan.solve.engine import SOLO, Budget, Lane
from cadogan.solve.players import replays_to_win
from cadogan.solve.probe import NOISE, Prober
from cadogan.solve.search import Limits, Run, solve_lane
from tests.solve_toys import Ladder, PackLadder, reachable_win

WORKERS = 2


def settled_prober(game: Game, state: State, lane: Lane) -> Prober:
    """A Prober for ``lane`` from the settled ``state``, as the solver makes one."""
    budget = Budget(game, timeout=60.0)
    root, _, legal, _ = budget.settle(state)
    return Prober(budget, root, legal, seed=7, cap=1000, lane=lane)


def test_every_verdict_of_two_workers_is_right_on_the_layered_toy() -> None:
    """On the toy dealt from a pack (so the beam has a lane of its own), two workers
    win every winnable deal with a line that replays to a win, and prove every other
    deal lost (lane 0's exhaustive search): the verdicts of a single process."""
    game = PackLadder()
    verdicts = set()
    for deal in range(1, 31):
        state = game.deal(deal)
        found = solve(game, state, timeout=60, workers=WORKERS)
        expected = "solved" if reachable_win(game, state) else "unsolvable"
        assert found.status == expected, deal
        assert solve(game, state, timeout=60).status == expected
        if expected == "solved":
            assert replays_to_win(game, state, found.moves)
        verdicts.add(expected)
    assert verdicts == {"solved", "unsolvable"}
    assert not multiprocessing.active_children()


def test_two_workers_win_a_hard_games_deal_and_leave_no_process_behind() -> None:
    """Napoleon's Square deal 1 (won by a single process in under 10,000 positions):
    the line replays to a win, and every lane has ended when the solve returns."""
    game = registry.game("napoleons-square")
    state = game.deal(1)
    found = solve(game, state, timeout=120, max_nodes=400_000, workers=WORKERS)
    assert found.status == "solved"
    assert replays_to_win(game, state, found.moves)
    assert 0 < found.nodes <= 400_000
    assert not multiprocessing.active_children()


def test_the_node_cap_is_shared_between_the_lanes() -> None:
    """Under a node cap every lane gets an equal share, so the lanes together never
    generate more than the cap, and a deal not won within it stays undecided."""
    game = registry.game("hemispheres")
    found = solve(game, game.deal(3), timeout=120, max_nodes=3_001, workers=WORKERS)
    assert found.status == "timeout"
    assert found.nodes == 3_001  # each lane stops at its share: 1,501 and 1,500


def test_progress_is_told_the_nodes_of_all_lanes() -> None:
    """The caller's progress is told the nodes of every lane while they run."""
    game = registry.game("hemispheres")
    told: list[int] = []
    solve(
        game,
        game.deal(3),
        timeout=120,
        max_nodes=60_000,
        workers=WORKERS,
        progress=lambda nodes, seconds: told.append(nodes),
    )
    assert told and told == sorted(told)
    assert told[-1] > 30_000  # more than one lane's share


def test_lane_zero_runs_the_exhaustive_search_and_best_first_and_lane_one_the_beam() -> None:
    """In a layered game with two lanes the beam gets a process of its own."""
    game = PackLadder()
    state = game.deal(1)
    first = settled_prober(game, state, Lane(0, 2))
    second = settled_prober(game, state, Lane(1, 2))
    alone = settled_prober(game, state, SOLO)
    assert first.beam is None and not first.beam_only and first.noise == 0.0
    assert isinstance(second.beam, Beam) and second.beam_only and second.beam.noise == 0.0
    assert alone.beam is not None and not alone.beam_only
    third = settled_prober(game, state, Lane(3, 4))
    assert isinstance(third.beam, Beam) and third.beam.noise > 0  # not the same beam again


class SteeredPackLadder(PackLadder):
    """The layered toy with a second beam, steered apart, for lane 0 of a split solve."""

    beam_blame = 1.0
    helper_beam = (2.5, 0.5)


def test_lane_zero_runs_a_second_beam_steered_apart_where_the_game_names_one() -> None:
    """A game's ``helper_beam`` gives lane 0 a beam of its own, with that blame and
    novelty, taking its turns with the exhaustive search and best-first as a single
    process's beam does; lane 1 keeps the game's own beam, and a single process has
    one beam only, on the game's settings."""
    game = SteeredPackLadder()
    state = game.deal(1)
    first = settled_prober(game, state, Lane(0, 2))
    second = settled_prober(game, state, Lane(1, 2))
    alone = settled_prober(game, state, SOLO)
    assert isinstance(first.beam, Beam) and not first.beam_only
    assert (first.beam.blame_weight, first.beam.novel_share) == (2.5, 0.5)
    for prober in (second, alone):
        assert isinstance(prober.beam, Beam)  # the toy has no native kernel
        assert (prober.beam.blame_weight, prober.beam.novel_share) == (1.0, 0.0)
    assert second.beam_only and not alone.beam_only


def test_a_steered_lane_zero_keeps_every_verdict_right() -> None:
    """With a beam in lane 0 as well, two workers still win every winnable deal of the
    toy with a line that replays to a win and prove the others lost."""
    game = SteeredPackLadder()
    for deal in range(1, 21):
        state = game.deal(deal)
        found = solve(game, state, timeout=60, workers=WORKERS)
        assert found.status == ("solved" if reachable_win(game, state) else "unsolvable")
        if found.status == "solved":
            assert replays_to_win(game, state, found.moves)


def test_other_lanes_run_more_best_first_runs_with_their_own_noise() -> None:
    """In a game without the beam, and in the even lanes past 0 of a layered game,
    a lane runs best-first runs, noisy from the first (lane 0 makes the plain run)."""
    for game, lane in ((Ladder(), Lane(1, 2)), (PackLadder(), Lane(2, 3))):
        prober = settled_prober(game, game.deal(1), lane)
        assert prober.beam is None and not prober.beam_only
        assert prober.noise == NOISE


def test_a_lane_told_to_stop_ends_undecided() -> None:
    """``Run.stop`` is asked before each turn; once it says so the lane ends as if its
    budget had run out (another lane has the verdict)."""
    game = registry.game("hemispheres")
    found = solve_lane(game, game.deal(3), Limits(timeout=60), Run(SOLO, None, lambda: True))
    assert found.status == "timeout"


def test_a_failing_lane_raises_with_its_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: Game, state: State, limits: Limits, run: Run) -> None:
        raise ValueError("lane broke")

    # (By module: ``cadogan.solve`` as an attribute is the function, not the package.)
    monkeypatch.setattr(importlib.import_module("cadogan.solve.parallel"), "solve_lane", broken)
    game = registry.game("hemispheres")
    with pytest.raises(RuntimeError, match="lane broke"):
        solve(game, game.deal(1), timeout=5, workers=WORKERS)
    assert not multiprocessing.active_children()


def test_a_lane_that_dies_without_a_word_is_said_and_counts_out_of_time(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A lane killed (for memory, say) left a plain "timeout" with no word of it."""
    import os

    def killed(game: Game, state: State, limits: Limits, run: Run) -> None:
        os._exit(9)

    monkeypatch.setattr(importlib.import_module("cadogan.solve.parallel"), "solve_lane", killed)
    game = registry.game("hemispheres")
    with caplog.at_level("WARNING", logger="cadogan.solve.parallel"):
        answer = solve(game, game.deal(1), timeout=5, workers=WORKERS)
    assert answer.status == "timeout"
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == WORKERS and all("exit code 9" in s and "out of memory" in s for s in said)
    assert not multiprocessing.active_children()


def test_workers_must_be_at_least_one() -> None:
    game = registry.game("hemispheres")
    with pytest.raises(ValueError, match="at least 1"):
        solve(game, game.deal(1), workers=0)


def test_a_game_of_several_players_is_played_out_whatever_the_workers() -> None:
    """Sympathie has no choices: one playout, in this process, decides it."""
    game = registry.game("sympathie")
    one, two = (solve(game, game.deal(5), workers=n) for n in (1, WORKERS))
    assert one.decided and (two.status, two.moves) == (one.status, one.moves)


def test_the_solve_command_takes_workers() -> None:
    runner = CliRunner()
    out = runner.invoke(
        cli, ["solve", "napoleons-square", "--deal", "1", "--workers", "2", "--json"]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["status"] == "solved"
    bad = runner.invoke(cli, ["solve", "napoleons-square", "--deal", "1", "--workers", "0"])
    assert bad.exit_code == 2 and "--workers" in bad.output
