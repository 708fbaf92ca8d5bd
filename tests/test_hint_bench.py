"""The hint benchmark (benchmarks/hint_bench.py), on one quick deal."""

from __future__ import annotations

import pytest
from benchmarks.hint_bench import follow, main

from cadogan import registry


def test_following_the_hints_of_a_proved_deal_reaches_the_win() -> None:
    """Napoleon's Square's deal 1 comes out to the first hint's solve; the hints after
    it lead to the win, and every 40th position of the way gets a fresh solve."""
    run = follow(registry.game("napoleons-square"), 1, timeout=10.0, every=40)
    assert run.first == "solved" and run.won and run.hints > 100
    assert sum(run.fresh.values()) == -(-run.hints // 40)
    assert set(run.fresh) <= {"solved", "timeout", "memory"}  # proved winnable: never lost


def test_bad_arguments_are_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for args, says in ((["--game", "nosuch"], "unknown game"), (["--every", "0"], "at least 1")):
        with pytest.raises(SystemExit) as stop:
            main([*args, "--deals", "1"])
        assert stop.value.code == 2
        assert says in capsys.readouterr().err
