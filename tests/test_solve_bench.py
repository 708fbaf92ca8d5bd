"""The solver benchmark's figures (benchmarks/solve_bench.py), on a few quick deals."""

from __future__ import annotations

from benchmarks.solve_bench import bench_game, percentile, table


def test_a_games_row_counts_every_deal_and_says_how_it_was_solved() -> None:
    """Every deal gets one verdict; the row says how many processes each solve used."""
    for workers in (1, 2):
        row = bench_game("napoleons-square", 3, 30.0, 100_000, 20_000, workers)
        assert sum(row.counts.values()) == row.deals == len(row.statuses) == 3
        assert row.statuses[0] == "solved"  # deal 1 comes out within 9,000 positions
        assert row.workers == workers and row.nodes_per_second > 0 and row.peak_mib > 0
        assert "| napoleons-square | 3 |" in table([row])


def test_percentile_is_nearest_rank() -> None:
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.5) == 2.0
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.99) == 4.0
