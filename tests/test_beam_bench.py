"""The beam benchmark (benchmarks/beam_bench.py), on two quick deals."""

from __future__ import annotations

import pytest
from benchmarks.beam_bench import beam_alone, deal_range, main, native_alone, summary

from cadogan import native, registry


def test_a_beam_alone_wins_under_its_cap_and_stops_at_it() -> None:
    """Napoleon's Square's deal 1 comes out to the beam within 20,000 positions (its
    line replayed through the Game); a cap of 50 positions stops deal 2 undecided,
    at the cap."""
    game = registry.game("napoleons-square")
    won = beam_alone(game, 1, 20_000)
    assert won.won and 0 < won.nodes <= 20_000
    capped = beam_alone(game, 2, 50)
    assert not capped.won and capped.nodes == 50
    line = summary("napoleons-square", [won, capped])
    assert line.startswith("napoleons-square: 1 of 2 won [1];")


def test_deal_ranges_read_as_inclusive() -> None:
    assert deal_range("1-30") == range(1, 31)
    assert deal_range("7") == range(7, 8)


def test_a_game_without_a_beam_or_an_unknown_one_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name, says in (("zodiac", "runs no beam for zodiac"), ("nosuch", "unknown game")):
        with pytest.raises(SystemExit) as stop:
            main(["--game", name, "--deals", "1"])
        assert stop.value.code == 2
        assert says in capsys.readouterr().err


def test_the_native_beam_alone_wins_and_stops_at_its_cap() -> None:
    """With ``--native`` the kernel's beam runs alone: the Hemispheres' deal 4 comes
    out within 100,000 of its positions (the line replayed through the Game), and a
    cap of 1,000 stops deal 3 near the cap (the kernel stops between two spreads)."""
    if native.compiler() is None:
        pytest.skip("no C compiler here: no native kernel")
    game = registry.game("hemispheres")
    won = native_alone(game, 4, 100_000)
    assert won.won and 0 < won.nodes <= 100_000
    capped = native_alone(game, 3, 1_000)
    assert not capped.won and 1_000 <= capped.nodes < 20_000


def test_native_without_a_kernel_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the kernels off (or no compiler) ``--native`` says so and exits 2."""
    monkeypatch.setenv(native.ENV_SWITCH, "0")
    with pytest.raises(SystemExit) as stop:
        main(["--native", "--game", "hemispheres", "--deals", "1"])
    assert stop.value.code == 2
    assert "no native kernel" in capsys.readouterr().err
