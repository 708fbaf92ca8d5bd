"""benchmarks/budget_curve.py: resumable measurement and the share decided per budget."""

from __future__ import annotations

from pathlib import Path

from benchmarks.budget_curve import Point, load, measure, share_within, table

from tests.helpers import ROOMY


def test_measure_appends_each_deal_once_and_resumes(tmp_path: Path) -> None:
    """Each deal is written as it is solved; a rerun skips the deals already there."""
    path = tmp_path / "curve.jsonl"
    first = measure("travellers", 3, ROOMY, path)
    assert [p.deal for p in first] == [1, 2, 3]
    again = measure("travellers", 5, ROOMY, path)
    assert sorted(p.deal for p in again) == [1, 2, 3, 4, 5]
    assert len(load(path)) == 5  # deals 1-3 were not solved twice
    assert all(p.decided for p in again)  # a game without choices is always decided


def test_share_within_counts_only_deals_decided_in_time() -> None:
    """The share decided within a budget: timeouts never count, slow deals count later."""
    points = [
        Point("g", 1, "solved", 0.5, 10),
        Point("g", 2, "unsolvable", 5.0, 10),
        Point("g", 3, "timeout", 60.0, 10),
        Point("g", 4, "solved", 30.0, 10),
    ]
    assert share_within(points, 1) == 0.25
    assert share_within(points, 10) == 0.5
    assert share_within(points, 60) == 0.75
    assert "| g | 4 | 25% | 50% | 75% |" in table({"g": points}, [1, 10, 60])
