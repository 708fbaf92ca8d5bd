"""The middle-game benchmark (benchmarks/midgame_bench.py), on two quick deals."""

from __future__ import annotations

import pytest
from benchmarks.midgame_bench import main, waypoints

from cadogan import registry


def test_the_waypoints_are_where_the_pack_first_holds_each_count() -> None:
    """Each waypoint of the greedy line has the pack at the count asked for, in the
    order of play, and a count the line never reaches is skipped."""
    game = registry.game("napoleons-square")
    found = list(waypoints(game, 1, [40, 20, 999]))
    assert [left for left, _ in found] == [40, 20]
    for left, state in found:
        assert len(state.piles["pack"].cards) == left


def test_the_table_counts_every_position(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--deals", "2", "--timeout", "0.2", "--at", "30", "10"])
    rows = [
        r
        for r in capsys.readouterr().out.splitlines()
        if r.startswith("| 30 ") or r.startswith("| 10 ")
    ]
    assert len(rows) == 2
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        positions, solved, unsolvable, undecided = map(int, cells[1:5])
        assert positions == 2 and solved + unsolvable + undecided == positions


def test_bad_arguments_are_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for args, says in ((["--game", "nosuch"], "unknown game"), (["--deals", "0"], "at least 1")):
        with pytest.raises(SystemExit) as stop:
            main(args)
        assert stop.value.code == 2
        assert says in capsys.readouterr().err
