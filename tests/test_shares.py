"""How a solve under a clock budget shares its time between the kernels' searches
(``solve.shares``): as before for short budgets, towards proofs for long ones."""

from __future__ import annotations

import pytest

from cadogan import registry
from cadogan.core import Game
from cadogan.solve.shares import BEAM, EXHAUSTIVE, KERNELS, LONG, Share, shares


@pytest.mark.parametrize("elapsed", [0.0, 1.0, 10.0, LONG])
def test_a_short_solve_is_shared_as_before(elapsed: float) -> None:
    """Up to LONG seconds (every benchmark, hint and 10-s study) the beam is owed 85%
    of the time and the exhaustive search 10%."""
    assert BEAM.due(elapsed) == pytest.approx(0.85 * elapsed)
    assert EXHAUSTIVE.due(elapsed) == pytest.approx(0.10 * elapsed)


def test_a_long_solve_gives_the_exhaustive_search_half_of_the_later_time() -> None:
    later = 1000.0
    assert EXHAUSTIVE.due(LONG + later) == pytest.approx(0.10 * LONG + 0.5 * later)
    assert BEAM.due(LONG + later) == pytest.approx(0.85 * LONG + 0.45 * later)
    # So Napoleon's Square's deal 7, which the exhaustive search alone proves lost in
    # 752 s, is proved within about 1,530 s of a solve.
    assert EXHAUSTIVE.due(1530.0) >= 752.0 > EXHAUSTIVE.due(1500.0)


@pytest.mark.parametrize("elapsed", [0.5, 5.0, LONG, 45.0, 600.0, 5000.0])
def test_the_kernels_are_never_owed_more_than_the_time_there_is(elapsed: float) -> None:
    """Together the two kernels leave some time to the Python searches (the best-first
    probe) at every moment, and each is owed more the longer the solve runs."""
    assert BEAM.due(elapsed) + EXHAUSTIVE.due(elapsed) < elapsed
    for share in (BEAM, EXHAUSTIVE):
        assert share.due(elapsed * 1.01) > share.due(elapsed)


def test_a_share_is_a_value() -> None:
    assert Share(0.1, 0.5) == EXHAUSTIVE
    with pytest.raises(AttributeError):
        EXHAUSTIVE.late = 0.9  # type: ignore[misc]


@pytest.mark.parametrize("late_proof", [0.2, 0.5, 0.8])
def test_a_games_late_proof_moves_the_later_time_between_the_kernels(late_proof: float) -> None:
    """A game's ``late_proof`` is the exhaustive search's part of the time after LONG
    seconds; the beams have the rest of the kernels' 95%, and the first LONG seconds
    are shared as always."""
    beam, proof = shares(late_proof)
    assert (beam.early, proof.early) == (BEAM.early, EXHAUSTIVE.early)
    assert proof.late == late_proof
    assert beam.late + proof.late == pytest.approx(KERNELS)
    assert beam.due(LONG) == BEAM.due(LONG) and proof.due(LONG) == EXHAUSTIVE.due(LONG)


@pytest.mark.parametrize("late_proof", [0.0, -0.1, KERNELS, 1.0])
def test_a_late_proof_that_leaves_a_kernel_nothing_is_refused(late_proof: float) -> None:
    with pytest.raises(ValueError, match="late_proof"):
        shares(late_proof)


@pytest.mark.parametrize("game", registry.all_games(), ids=lambda g: g.id)
def test_every_games_late_proof_makes_shares(game: Game) -> None:
    """Every game's ``late_proof`` is one ``shares`` accepts; only Napoleon's Square,
    whose beam rarely wins after LONG seconds, gives its proofs more than half."""
    proof = shares(game.late_proof)[1]
    assert proof.late == (0.8 if game.id == "napoleons-square" else 0.5)
    # So its deal 7, which its exhaustive search alone proves lost in 334 s (thorough
    # from LONG seconds), is proved within about 450 s of a solve.
    if game.id == "napoleons-square":
        assert proof.due(450.0) >= 334.0 > proof.due(400.0)
