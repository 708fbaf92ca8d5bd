"""Studies: storage, resumption after a kill, identical results on every backend, report."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cadogan.core import CadoganError
from cadogan.study import Store, StudyTask, run_study, wilson
from cadogan.study.report import (
    KEPT,
    KEPT_START,
    Line,
    NoKeptLine,
    all_deal_bounds,
    budget_cell,
    timeout_note,
    write_report,
)
from cadogan.study.store import Row, Summary

TASK = StudyTask("travellers", (("complete", "travelled"),), "greedy", range(1, 121), 5.0)


def cadogan(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run the ``cadogan`` command in a fresh process."""
    command = [sys.executable, "-c", "from cadogan.cli import main; main()", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout)


def outcomes(store: Store, task: StudyTask = TASK) -> list[tuple[int, str, int, int]]:
    """Everything about each deal's result except the time it took."""
    rows = store.rows(task.game, task.options_text, task.player, task.deals)
    return [(r.deal, r.status, r.moves, r.nodes) for r in rows]


def test_wilson_interval_known_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0 < high < 0.2


def test_rows_are_stored_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    row = Row("travellers", "", "greedy", 1, "won", 40, 40, 0.1, 5.0, "0.1.0")
    assert store.add([row]) == 1
    assert store.add([row, row]) == 0
    assert store.done("travellers", "", "greedy", range(1, 10)) == {1}
    assert store.summaries()[0].won == 1


def test_in_process_and_pool_give_identical_results(tmp_path: Path) -> None:
    one, two = Store(tmp_path / "a.sqlite"), Store(tmp_path / "b.sqlite")
    assert run_study(TASK, one, workers=1) == 120
    assert run_study(TASK, two, workers=2) == 120
    assert outcomes(one) == outcomes(two) and len(outcomes(one)) == 120
    assert run_study(TASK, one, workers=1) == 0  # a rerun finds nothing left to do


def test_dask_cluster_gives_identical_results(tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    task = StudyTask("travellers", (), "random", range(1, 41), timeout=5.0)
    local, remote = Store(tmp_path / "a.sqlite"), Store(tmp_path / "b.sqlite")
    run_study(task, local, workers=1)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        run_study(task, remote, dask=cluster.scheduler_address)
    assert outcomes(local, task) == outcomes(remote, task) and len(outcomes(local, task)) == 40


def test_a_killed_study_loses_nothing_committed_and_resumes(tmp_path: Path) -> None:
    db = tmp_path / "kill.sqlite"
    command = [
        sys.executable,
        "-c",
        "from cadogan.cli import main; main()",
        "study",
        "travellers",
        "--deals",
        "1..20000",
        "--player",
        "random",
        "--workers",
        "1",
        "--db",
        str(db),
        "--json",
    ]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        stored = 0
        while stored < 40 and time.monotonic() < deadline:
            time.sleep(0.1)
            try:
                with sqlite3.connect(db, timeout=30) as con:
                    stored = con.execute("SELECT COUNT(*) FROM results").fetchone()[0]
            except sqlite3.OperationalError:
                continue  # the child has not created the table yet
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    store = Store(db)
    task = StudyTask("travellers", (), "random", range(1, 20001), timeout=10.0)
    kept = outcomes(store, task)
    assert 40 <= len(kept) < 20000, "the study should have been killed midway"
    resumed = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    totals = json.loads(resumed.stdout)
    assert totals["deals"] == 20000 and totals["won"] + totals["lost"] == 20000
    after = outcomes(store, task)
    assert len(after) == 20000 and len({deal for deal, *_ in after}) == 20000
    assert [r for r in after if r[0] <= kept[-1][0]][: len(kept)] == kept


def test_study_json_has_the_documented_keys(tmp_path: Path) -> None:
    result = cadogan(
        "study",
        "clock",
        "--deals",
        "1..30",
        "--player",
        "greedy",
        "--workers",
        "1",
        "--db",
        str(tmp_path / "j.sqlite"),
        "--json",
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    keys = {"game", "player", "options", "deals", "won", "lost", "timeout", "rate", "low", "high"}
    assert keys <= set(data) and data["deals"] == 30 and data["game"] == "travellers"
    assert data["low"] <= data["rate"] <= data["high"]
    # No option given: every option is still named, with its default, as solve gives them
    # (it was an empty object, while the text line said complete=held).
    assert data["options"] == {"complete": "held"}


@pytest.mark.parametrize("deals", ["0..5", "5..1", "x", "1..y", "1..9223372036854775807"])
def test_bad_deal_ranges_are_refused(tmp_path: Path, deals: str) -> None:
    result = cadogan(
        "study", "travellers", "--deals", deals, "--db", str(tmp_path / "x.sqlite"), timeout=120
    )
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_report_writes_the_table_and_plots(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite")
    run_study(TASK, store, workers=1)
    written = write_report(store, tmp_path / "out")
    page = (tmp_path / "out" / "results.md").read_text()
    row = next(line for line in page.splitlines() if line.startswith("| travellers |"))
    assert "| complete=travelled | greedy | 5 | 120 |" in row and "agrees" in row
    # The last figure of the rate's cells is half the interval's width, said as such (it
    # was headed "±", which read as a margin around a rate the interval is not centred on).
    rate, interval, half = (cell.strip() for cell in row.split("|")[9:12])
    low, high = (float(x.rstrip("%")) for x in interval.split(" to "))
    assert low <= float(rate.rstrip("%")) <= high
    assert float(half) == pytest.approx((high - low) / 2, abs=0.01)
    assert "| 95% interval | half-width | note |" in page and "the rate ± a margin" in page
    pngs = [p for p in written if p.suffix == ".png"]
    assert len(pngs) == 2 and all(p.read_bytes()[:4] == b"\x89PNG" for p in pngs)


@pytest.fixture
def studied(tmp_path: Path) -> Store:
    """A study database holding ``TASK``'s results, for the report's tests."""
    store = Store(tmp_path / "r.sqlite")
    run_study(TASK, store, workers=1)
    return store


def test_a_new_report_keeps_the_notes_after_the_kept_line(tmp_path: Path, studied: Store) -> None:
    """Drawing the page again replaces the table but keeps the authors' notes."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "results.md").write_text(
        f"# Old\n| stale |\n{KEPT}\n\n## Long solves\nDeal 7 is lost.\n"
    )
    write_report(studied, out)
    page = (out / "results.md").read_text()
    assert "| stale |" not in page and "| travellers |" in page
    assert page.count(KEPT) == 1 and page.endswith(f"{KEPT}\n\n## Long solves\nDeal 7 is lost.\n")
    write_report(studied, out)  # and again: the notes neither vanish nor double
    assert (out / "results.md").read_text() == page


def test_a_first_report_ends_with_the_kept_line_to_write_under(
    tmp_path: Path, studied: Store
) -> None:
    write_report(studied, tmp_path / "out")
    assert (tmp_path / "out" / "results.md").read_text().endswith(f"\n{KEPT}\n\n")


def test_a_page_without_the_kept_line_is_refused_and_left_alone(
    tmp_path: Path, studied: Store
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "results.md").write_text("# Results\nDeal 7 is lost, proved in 752 s.\n")
    with pytest.raises(NoKeptLine, match="has no line starting"):
        write_report(studied, out)
    assert (out / "results.md").read_text() == "# Results\nDeal 7 is lost, proved in 752 s.\n"
    assert not list(out.glob("*.png"))


def test_the_kept_line_is_found_by_its_start_and_trailing_text_is_not_kept(
    tmp_path: Path, studied: Store
) -> None:
    """An older page's kept line, reworded after ``KEPT_START``, still keeps its notes;
    whatever follows the marker on its own line is not carried into the notes."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "results.md").write_text(f"| old |\n{KEPT_START}, older words -->  \n\nNotes.\n")
    write_report(studied, out)
    page = (out / "results.md").read_text()
    assert page.endswith(f"\n{KEPT}\n\nNotes.\n") and "older words" not in page


def test_a_report_from_a_database_without_studies_writes_nothing(tmp_path: Path) -> None:
    """An empty database (as ``cadogan serve`` leaves one) must not blank the page."""
    Store(tmp_path / "empty.sqlite")
    (tmp_path / "results.md").write_text("| the published table |\n")
    result = cadogan("report", "--db", str(tmp_path / "empty.sqlite"), "--out", str(tmp_path))
    assert result.returncode == 2 and "holds no study results" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert (tmp_path / "results.md").read_text() == "| the published table |\n"
    assert not list(tmp_path.glob("*.png"))


def test_an_unwritable_database_is_one_clear_line(tmp_path: Path) -> None:
    result = cadogan(
        "study",
        "travellers",
        "--deals",
        "1..3",
        "--db",
        str(tmp_path / "missing" / "dir" / "x.sqlite"),
        timeout=120,
    )
    assert result.returncode == 2
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("cadogan: cannot use the database") and "x.sqlite" in last


def test_a_group_with_many_timeouts_is_bounded_over_all_deals() -> None:
    """Many timeouts: the note bounds the won share of all deals, whatever they were."""
    lots = Summary("constitution", "", "solver", 60, 27, 0, 33)
    line = Line(lots, 1.0, *wilson(27, 27))
    note = timeout_note(line)
    floor, _ = wilson(27, 60)
    _, ceiling = wilson(60, 60)
    assert note.startswith("55% timed out")
    assert f"{100 * floor:.1f} to {100 * ceiling:.1f}% won" in note
    assert 30 < 100 * floor < 45  # 27 of 60 won, at the 95% lower bound
    few = Summary("zodiac", "", "solver", 100, 90, 8, 2)
    assert timeout_note(Line(few, 90 / 98, *wilson(90, 98))) == ""


def test_the_all_deal_bounds_that_the_plot_draws_cover_only_groups_with_many_timeouts() -> None:
    """The win-rate plot draws, beneath a group with many timeouts, a bar from the won
    share of all deals to the share not proved lost (these bounds), so the rate over
    decided deals is not read as the game's; a group with few timeouts gets none."""
    lots = Summary("hemispheres", "", "solver", 200, 44, 1, 155)
    line = Line(lots, 44 / 45, *wilson(44, 45))
    bounds = all_deal_bounds(line)
    assert bounds is not None
    assert bounds[0] < 44 / 200 < bounds[1] and bounds[1] < 1.0
    assert bounds == (wilson(44, 200)[0], wilson(199, 200)[1])
    few = Summary("zodiac", "", "solver", 100, 90, 8, 2)
    assert all_deal_bounds(Line(few, 90 / 98, *wilson(90, 98))) is None


def fake(deal: int, status: str, budget: float) -> Row:
    """A stored row of TASK's group that no real run made (to be told apart)."""
    return Row(TASK.game, TASK.options_text, TASK.player, deal, status, 0, 0, 0.0, budget, "x")


def test_a_timeout_is_replaced_only_by_a_row_with_a_larger_budget(tmp_path: Path) -> None:
    store = Store(tmp_path / "u.sqlite")
    store.add([fake(1, "timeout", 5.0), fake(2, "lost", 5.0)])
    assert store.add([fake(1, "timeout", 5.0), fake(1, "won", 1.0), fake(2, "won", 60.0)]) == 0
    assert store.add([fake(1, "won", 30.0)]) == 1
    rows = store.rows(TASK.game, TASK.options_text, TASK.player)
    assert [(r.deal, r.status, r.timeout) for r in rows] == [(1, "won", 30.0), (2, "lost", 5.0)]


def test_retry_timeouts_replays_the_timeouts_of_a_smaller_budget(tmp_path: Path) -> None:
    """--retry-timeouts plays again the deals stored as timeouts under a smaller budget,
    and those only (besides the missing deals); a rerun then has nothing left to do."""
    db = tmp_path / "t.sqlite"
    store = Store(db)
    store.add([fake(d, "timeout", 0.5) for d in (1, 2, 3)])
    store.add([fake(4, "timeout", 9.0), fake(5, "won", 0.5)])
    retry = StudyTask(TASK.game, TASK.options, TASK.player, range(1, 8), 5.0, retry=True)
    assert store.retryable(TASK.game, TASK.options_text, TASK.player, retry.deals, 5.0) == {
        1,
        2,
        3,
    }
    assert run_study(retry, store, workers=1) == 5  # deals 1-3 again, and 6-7 new
    fresh = Store(tmp_path / "fresh.sqlite")
    run_study(StudyTask(TASK.game, TASK.options, TASK.player, retry.deals, 5.0), fresh, workers=1)
    got = {r.deal: r for r in store.rows(TASK.game, TASK.options_text, TASK.player)}
    want = {r.deal: r for r in fresh.rows(TASK.game, TASK.options_text, TASK.player)}
    for deal in (1, 2, 3, 6, 7):
        assert (got[deal].status, got[deal].moves, got[deal].timeout) == (
            want[deal].status,
            want[deal].moves,
            5.0,
        )
    assert (got[4].version, got[5].version) == ("x", "x")  # budget not smaller; not a timeout
    assert run_study(retry, store, workers=1) == 0
    result = cadogan(
        "study", TASK.game, "-o", "complete=travelled", "--player", "greedy", "--deals", "1..7",
        "--timeout", "20", "--retry-timeouts", "--json", "--db", str(db), timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["deals"] == 7
    after = store.rows(TASK.game, TASK.options_text, TASK.player)
    assert [r.timeout for r in after] == [5.0, 5.0, 5.0, 20.0, 0.5, 5.0, 5.0]


def test_a_rerun_with_a_larger_budget_says_how_to_retry_its_timeouts(tmp_path: Path) -> None:
    """Run again with a larger --timeout, a study once played nothing and said nothing."""
    db = tmp_path / "t.sqlite"
    Store(db).add([fake(d, "timeout", 0.5) for d in (1, 2)])
    args = ["study", TASK.game, "-o", "complete=travelled", "--player", "greedy"]
    result = cadogan(*args, "--deals", "1..2", "--timeout", "5", "--db", str(db), timeout=120)
    assert result.returncode == 0, result.stderr
    assert "2 stored deal(s) timed out under a smaller budget (--timeout" in result.stderr
    assert "add --retry-timeouts" in result.stderr


def test_the_budget_column_shows_a_range_and_where_the_timeouts_start() -> None:
    assert budget_cell(Summary("zodiac", "", "solver", 10, 9, 1, 0, 10.0, 10.0)) == "10"
    full = Summary("zodiac", "", "solver", 10, 9, 0, 1, 10.0, 45.0, 45.0)
    assert budget_cell(full) == "10 to 45"
    part = Summary("zodiac", "", "solver", 10, 8, 0, 2, 10.0, 45.0, 10.0)
    assert budget_cell(part) == "10 to 45 (timeouts from 10)"
    assert budget_cell(Summary("zodiac", "", "greedy", 10, 1, 8, 1, 3.0, 3.0, 3.0)) == "3"


def test_summaries_give_the_smallest_budget_of_the_timeouts(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    store.add([fake(1, "timeout", 5.0), fake(2, "timeout", 60.0), fake(3, "won", 1.0)])
    (s,) = store.summaries()
    assert (s.budget_low, s.budget_high, s.timeout_budget) == (1.0, 60.0, 5.0)
    store.add([fake(1, "timeout", 60.0)])
    assert store.summaries()[0].timeout_budget == 60.0


class _StandInClient:
    """What a study asks of a Dask client but its submissions, without a cluster:
    connecting, closing, and the cluster's worker threads (``cores`` of them)."""

    cores = 1

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def __enter__(self) -> _StandInClient:
        return self

    def __exit__(self, *args: object) -> None:
        pass

    def nthreads(self) -> dict[str, int]:
        return {f"tcp://127.0.0.1:{n}": 1 for n in range(self.cores)}


def submitted_to_dask(monkeypatch: pytest.MonkeyPatch, tasks: list[StudyTask]) -> list[Any]:
    """What a study of each task (deal 7 alone) submits to a stand-in Dask client: each
    submission's arguments with its key last."""
    distributed = pytest.importorskip("dask.distributed")
    found: list[Any] = []

    class FakeClient(_StandInClient):
        def submit(self, *args: object, key: str, **kwargs: object) -> None:
            found.append((*args, key))

    monkeypatch.setattr(distributed, "Client", FakeClient)
    monkeypatch.setattr(distributed, "as_completed", lambda futures: iter(()))
    from cadogan.study.runner import _dask

    for task in tasks:
        list(_dask(task, [7], "tcp://nowhere"))
    return found


class _Done:
    """A stand-in Dask future that has finished: ``result`` gives its row, or raises."""

    def __init__(self, outcome: Row | BaseException) -> None:
        self.outcome = outcome

    def result(self) -> Row:
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        return self.outcome


def _stand_in_cluster(
    monkeypatch: pytest.MonkeyPatch, failing: set[int], threads: int = 1
) -> list[int]:
    """Replace Dask's client with one that plays each deal at once (a ``_row``), or for
    a deal of ``failing`` reports the cluster lost; returns the list into which it
    notes, at each submission, how many rows the study had taken back by then."""
    distributed = pytest.importorskip("dask.distributed")
    from distributed.client import FutureCancelledError

    taken: list[int] = [0]
    seen: list[int] = []

    class Client(_StandInClient):
        cores = threads

        def submit(self, fn: object, game: str, opts: object, player: str, deal: int,
                   *rest: object, **kwargs: object) -> _Done:  # fmt: skip
            seen.append(taken[0])
            if deal in failing:
                return _Done(FutureCancelledError("k", "scheduler-connection-lost"))
            return _Done(_row(deal))

    class AsCompleted:
        def __init__(self, futures: list[_Done]) -> None:
            self.queue = list(futures)

        def add(self, future: _Done) -> None:
            self.queue.append(future)

        def __iter__(self) -> AsCompleted:
            return self

        def __next__(self) -> _Done:
            if not self.queue:
                raise StopIteration
            taken[0] += 1
            return self.queue.pop(0)

    monkeypatch.setattr(distributed, "Client", Client)
    monkeypatch.setattr(distributed, "as_completed", AsCompleted)
    return seen


def test_a_dask_study_keeps_only_a_few_deals_per_thread_on_the_cluster(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Deals go to the cluster two per worker thread at a time, the next as each comes
    back, so rows arrive from the start (every deal used to be sent before the first
    row was taken: 2,000 deals took four times as long, with no row stored meanwhile)."""
    seen = _stand_in_cluster(monkeypatch, set(), threads=3)
    task = StudyTask("travellers", (), "greedy", range(1, 41))
    store = Store(tmp_path / "d.sqlite")
    assert run_study(task, store, dask="tcp://127.0.0.1:1") == 40
    assert len(seen) == 40 and seen[:6] == [0] * 6
    assert all(sent - back <= 6 for sent, back in enumerate(seen, 1))
    assert outcomes(store, task) == [(d, "won", 1, 1) for d in range(1, 41)]


def test_a_dask_cluster_lost_midway_is_one_clear_error_and_keeps_the_rows(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A scheduler stopped during a study cancels its tasks; that was a traceback. It
    is now one error saying the finished deals are kept, and they are."""
    _stand_in_cluster(monkeypatch, {9})
    task = StudyTask("travellers", (), "greedy", range(1, 21))
    store = Store(tmp_path / "d.sqlite")
    with pytest.raises(CadoganError, match=r"stopped the study .*every finished deal is kept"):
        run_study(task, store, dask="tcp://127.0.0.1:1")
    assert store.done(task.game, task.options_text, "greedy", task.deals) == set(range(1, 9))


def test_a_finished_dask_study_needs_no_cluster_for_its_totals(tmp_path: Path) -> None:
    """With every deal stored, nothing is sent, so the scheduler is never asked for
    (the totals of a finished study used to wait 15 s for one and then fail)."""
    task = StudyTask("travellers", (), "greedy", range(1, 6))
    store = Store(tmp_path / "d.sqlite")
    run_study(task, store)
    started = time.perf_counter()
    assert run_study(task, store, dask="tcp://127.0.0.1:1") == 0
    assert time.perf_counter() - started < 5


def test_an_empty_dask_address_is_refused_not_run_here(tmp_path: Path) -> None:
    """``--dask ""`` (an unset variable, say) ran the study on this machine unasked."""
    result = cadogan("study", "travellers", "--deals", "1..2", "--dask", "",
                     "--db", str(tmp_path / "x.sqlite"))  # fmt: skip
    assert result.returncode == 2 and "'--dask': give a scheduler address" in result.stderr
    assert not (tmp_path / "x.sqlite").exists()
    task = StudyTask("travellers", (), "greedy", range(1, 3))
    with pytest.raises(CadoganError, match="--dask needs a scheduler address"):
        run_study(task, Store(tmp_path / "y.sqlite"), dask=" ")


@pytest.mark.parametrize("kind", ["text", "foreign"])
def test_a_file_that_is_not_a_study_database_is_named_in_one_clear_error(
    kind: str, tmp_path: Path
) -> None:
    """A text file, or an SQLite file whose ``results`` table is some other program's,
    gave a bare SQLite message ("file is not a database", "no such column: deal")."""
    db = tmp_path / "not-a-study.sqlite"
    if kind == "text":
        db.write_text("a saved game, not a database\n")
    else:
        with sqlite3.connect(db) as other:
            other.execute("CREATE TABLE results (x INTEGER)")
        other.close()
    result = cadogan("study", "travellers", "--deals", "1..2", "--db", str(db))
    assert result.returncode == 2
    assert result.stderr.startswith(f"cadogan: cannot use the database {db}: ")
    assert "Traceback" not in result.stderr


def test_dask_task_keys_include_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A retry at a larger budget must not share a key (and so a cached result) with
    the same deal played at a smaller budget on the same cluster."""
    tasks = [
        StudyTask(TASK.game, TASK.options, TASK.player, range(7, 8), budget)
        for budget in (10.0, 60.0)
    ]
    submitted = submitted_to_dask(monkeypatch, tasks)
    assert len({args[-1] for args in submitted}) == 2


def test_the_dask_task_keys_include_the_table_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A study with a larger table cap must not reuse a cached result of a smaller one,
    and each submission hands play_one its cap."""
    caps = (None, 50_000_000)
    tasks = [
        StudyTask(TASK.game, TASK.options, "solver", range(7, 8), 10.0, False, cap) for cap in caps
    ]
    submitted = submitted_to_dask(monkeypatch, tasks)
    assert len({args[-1] for args in submitted}) == 2
    assert [args[-3] for args in submitted] == list(caps)


def test_the_dask_task_keys_include_the_node_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A study with another cap in positions must not reuse a cached result, and each
    submission hands play_one its cap."""
    caps = (None, 5_000, 50_000)
    tasks = [
        StudyTask(TASK.game, TASK.options, "solver", range(7, 8), 10.0, max_nodes=cap)
        for cap in caps
    ]
    submitted = submitted_to_dask(monkeypatch, tasks)
    assert len({args[-1] for args in submitted}) == 3
    assert [args[-2] for args in submitted] == list(caps)


def test_study_max_states_caps_the_solvers_table(tmp_path: Path) -> None:
    """--max-states reaches the solver: a deal it wins with the default table runs out
    of room (stored as a timeout, never as a loss) with a table of one position."""
    rows = {}
    for name, extra in (("default", ()), ("tiny", ("--max-states", "1"))):
        db = tmp_path / f"{name}.sqlite"
        result = cadogan(
            "study", "petits-paquets", "--deals", "1..3", "--workers", "1", "--db", str(db), *extra
        )
        assert result.returncode == 0, result.stderr
        store = Store(db)
        task = StudyTask("petits-paquets", (), "solver", range(1, 4))
        rows[name] = [
            r.status for r in store.rows(task.game, task.options_text, "solver", task.deals)
        ]
    assert rows["default"] == ["won", "won", "won"]
    assert rows["tiny"] == ["timeout", "timeout", "timeout"]


def test_study_refuses_a_table_cap_below_one(tmp_path: Path) -> None:
    result = cadogan(
        "study",
        "petits-paquets",
        "--deals",
        "1..2",
        "--max-states",
        "0",
        "--db",
        str(tmp_path / "x.sqlite"),
    )
    assert result.returncode == 2 and "--max-states" in result.stderr


def test_an_unreachable_dask_scheduler_is_named_then_one_clear_error(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed")
    db = str(tmp_path / "x.sqlite")
    result = cadogan("study", "travellers", "--deals", "1..2", "--dask", "tcp://127.0.0.1:1",
                     "--db", db, timeout=120)  # fmt: skip
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2
    assert lines[0] == "Connecting to the Dask scheduler at tcp://127.0.0.1:1 …"
    assert lines[-1].startswith("cadogan: cannot reach the Dask scheduler at tcp://127.0.0.1:1")


def _row(deal: int, status: str = "won") -> Row:
    """A row as ``play_one`` would return it for Travellers with its default options."""
    options = StudyTask("travellers", (), "greedy", range(1, 2)).options_text
    return Row("travellers", options, "greedy", deal, status, 1, 1, 0.0, 5.0, "test")


def _slow_second_deal(game: str, options: Any, player: str, deal: int, *rest: Any) -> Row:
    """A stand-in for ``play_one``: deal 1 at once, deal 2 only once told to finish."""
    if deal == 2:
        assert RELEASE.wait(30), "deal 2 was never released"
    return _row(deal)


RELEASE = __import__("threading").Event()


def test_a_finished_deal_is_committed_while_the_next_one_still_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished deal is on disk within about a second, even while the next deal takes
    its whole budget: a study killed then must not lose it (it used to wait in memory
    until the next row arrived)."""
    import threading

    from cadogan.study import runner

    monkeypatch.setattr(runner, "play_one", _slow_second_deal)
    RELEASE.clear()
    store = Store(tmp_path / "s.sqlite")
    task = StudyTask("travellers", (), "greedy", range(1, 3), 5.0)
    worker = threading.Thread(target=run_study, args=(task, store))
    worker.start()
    try:
        deadline = time.monotonic() + 10
        while not store.done("travellers", task.options_text, "greedy", range(1, 3)):
            assert time.monotonic() < deadline, "deal 1 was not committed while deal 2 ran"
            time.sleep(0.1)
        assert store.done("travellers", task.options_text, "greedy", range(1, 3)) == {1}
    finally:
        RELEASE.set()
        worker.join()
    assert store.done("travellers", task.options_text, "greedy", range(1, 3)) == {1, 2}


def _interrupted_at_deal_3(game: str, options: Any, player: str, deal: int, *rest: Any) -> Row:
    if deal == 3:
        raise KeyboardInterrupt
    return _row(deal)


def test_ctrl_c_keeps_every_finished_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the middle of a deal: the deals finished before it are all stored."""
    from cadogan.study import runner

    monkeypatch.setattr(runner, "play_one", _interrupted_at_deal_3)
    store = Store(tmp_path / "s.sqlite")
    task = StudyTask("travellers", (), "greedy", range(1, 6), 5.0)
    with pytest.raises(KeyboardInterrupt):
        run_study(task, store)
    assert store.done("travellers", task.options_text, "greedy", range(1, 6)) == {1, 2}


def _worker_dies_at_deal_4(game: str, options: Any, player: str, deal: int, *rest: Any) -> Row:
    import os

    if deal == 4:
        time.sleep(1.0)  # the deals before it are done by then
        os._exit(9)  # as a worker killed for memory would
    return _row(deal)


def test_a_dead_pool_worker_ends_the_study_in_one_clear_error_keeping_its_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cadogan.core import CadoganError
    from cadogan.study import runner

    monkeypatch.setattr(runner, "play_one", _worker_dies_at_deal_4)
    store = Store(tmp_path / "s.sqlite")
    task = StudyTask("travellers", (), "greedy", range(1, 9), 5.0)
    with pytest.raises(CadoganError, match=r"worker process died.*rerun to continue"):
        run_study(task, store, workers=2)
    kept = store.done("travellers", task.options_text, "greedy", range(1, 9))
    assert {1, 2, 3} <= kept and 4 not in kept  # every deal that finished is stored


def _slow_after_deal_2(game: str, options: Any, player: str, deal: int, *rest: Any) -> Row:
    if deal > 2:
        time.sleep(30)  # a long budget, still running when Ctrl-C comes
    return _row(deal)


def test_ctrl_c_in_a_pool_study_keeps_finished_deals_and_does_not_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in a pool study waited for every deal in flight (each up to its budget)
    and then threw their rows away; now it stops the workers at once, keeping the
    deals that finished."""
    from cadogan.study import runner

    monkeypatch.setattr(runner, "play_one", _slow_after_deal_2)
    store = Store(tmp_path / "s.sqlite")
    task = StudyTask("travellers", (), "greedy", range(1, 9), 5.0)
    seen: list[int] = []

    def interrupt_after_two(row: Row) -> None:
        seen.append(row.deal)
        if len(seen) == 2:
            raise KeyboardInterrupt

    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        run_study(task, store, workers=2, progress=interrupt_after_two)
    assert time.monotonic() - start < 15  # not the 30 s of a deal in flight
    assert store.done("travellers", task.options_text, "greedy", range(1, 9)) == {1, 2}
    assert not multiprocessing.active_children()  # the workers are stopped, not left running


def test_study_refuses_more_workers_than_it_may_start(tmp_path: Path) -> None:
    result = cadogan(
        "study",
        "travellers",
        "--deals",
        "1..2",
        "--workers",
        "100000",
        "--db",
        str(tmp_path / "w.sqlite"),
    )
    assert result.returncode == 2
    assert "--workers" in result.stderr and "100000" in result.stderr
    assert not (tmp_path / "w.sqlite").exists() or not outcomes(Store(tmp_path / "w.sqlite"))


def test_a_study_on_a_read_only_database_gives_its_totals_or_says_why_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On read-only media a study failed with "unable to open database file", even
    when every deal asked for was stored; it reads the totals now, and when deals are
    missing it says how many are stored and that the rest could not be saved."""
    from click.testing import CliRunner

    from cadogan.cli import cli
    from cadogan.core import CadoganError

    db = tmp_path / "ro.sqlite"
    Store(db).add([fake(d, "won" if d % 2 else "lost", 5.0) for d in (1, 2, 3, 4)])
    opened = Store.__init__

    def read_only_media(self: Store, path: Path, *, read_only: bool = False) -> None:
        if not read_only:
            raise CadoganError(f"cannot use the database {path}: unable to open database file")
        opened(self, path, read_only=True)

    monkeypatch.setattr(Store, "__init__", read_only_media)
    args = ["study", TASK.game, "-o", "complete=travelled", "--player", "greedy", "--db", str(db)]
    whole = CliRunner().invoke(cli, [*args, "--deals", "1..4"])
    assert whole.exit_code == 0 and "2 won of 2 decided deals" not in whole.stdout
    assert "2 won of 4 decided deals" in whole.stdout
    more = CliRunner().invoke(cli, [*args, "--deals", "1..6"])
    said = str(more.exception)  # main() prints it as one line
    assert isinstance(more.exception, CadoganError) and "unable to open database file" in said
    assert "it holds 4 deals of the range, and the other 2 could not be saved" in said


def test_a_study_with_no_decided_deal_has_no_win_rate(tmp_path: Path) -> None:
    """Only timeouts: the rate was printed as 0% (and 0.0 in the JSON), as if every
    deal had been lost."""
    db = tmp_path / "n.sqlite"
    Store(db).add([fake(d, "timeout", 5.0) for d in (1, 2)])
    args = ["study", TASK.game, "-o", "complete=travelled", "--player", "greedy", "--deals"]
    data = json.loads(cadogan(*args, "1..2", "--db", str(db), "--json", timeout=120).stdout)
    assert data["rate"] is None and data["timeout"] == 2
    assert data["options"] == {"complete": "travelled"}  # an object, as solve gives it
    text = cadogan(*args, "1..2", "--db", str(db), timeout=120).stdout
    assert "no win rate without a decided deal" in text and "0.00%" not in text


def test_retrying_with_nothing_to_retry_says_why(tmp_path: Path) -> None:
    """A larger --max-states under the same --timeout used to retry nothing, silently."""
    db = tmp_path / "r.sqlite"
    Store(db).add([replace(fake(d, "timeout", 5.0), player="solver") for d in (1, 2)])
    args = ["study", TASK.game, "-o", "complete=travelled", "--player", "solver"]
    args += ["--deals", "1..2", "--timeout", "5", "--retry-timeouts", "--max-states", "9"]
    result = cadogan(*args, "--db", str(db), timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Nothing to retry: 2 stored timeouts ran with a --timeout of 5 s" in result.stderr
    assert "give a larger --timeout" in result.stderr


def test_report_without_matplotlib_is_one_line_and_writes_nothing(
    tmp_path: Path, studied: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cadogan.core import CadoganError

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the extra were missing
    with pytest.raises(CadoganError, match=r"pip install 'cadogan\[plots\]'"):
        write_report(studied, tmp_path / "out")
    assert not (tmp_path / "out" / "results.md").exists()


def test_report_leaves_a_file_without_studies_as_it_was(tmp_path: Path) -> None:
    """``report`` on the wrong file used to give it the study's table and WAL mode."""
    foreign = tmp_path / "mine.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE mydata (x)")
    before = foreign.read_bytes()
    result = cadogan("report", "--db", str(foreign), "--out", str(tmp_path / "out"))
    assert result.returncode == 2 and "holds no study results" in result.stderr
    assert foreign.read_bytes() == before and not (tmp_path / "out").exists()


def test_report_leaves_a_foreign_results_table_as_it_was(tmp_path: Path) -> None:
    """A foreign file with a ``results`` table of its own (with rows) was taken for a
    study: switched to WAL mode before the query failed, and ``--out`` made."""
    foreign = tmp_path / "mine.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE results (a, b)")
        db.execute("INSERT INTO results VALUES (1, 2)")
    before = foreign.read_bytes()
    result = cadogan("report", "--db", str(foreign), "--out", str(tmp_path / "out"))
    assert result.returncode == 2 and "holds no study results" in result.stderr
    assert foreign.read_bytes() == before and not (tmp_path / "out").exists()


def test_report_reads_the_study_without_writing_into_it(tmp_path: Path, studied: Store) -> None:
    """The report opens the file read-only (so it also reads one on read-only media)."""
    db = studied.path
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = db.read_bytes()
    result = cadogan("report", "--db", str(db), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert db.read_bytes() == before and (tmp_path / "out" / "results.md").is_file()
    reader = Store(db, read_only=True)
    with pytest.raises(sqlite3.OperationalError, match="readonly"), reader._connect() as conn:
        conn.execute("DELETE FROM results")


def test_a_report_that_fails_to_write_keeps_the_old_page_whole(
    tmp_path: Path, studied: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a full disk the page was cut short, notes and all; now each file is written
    beside the old one and renamed over it, so the old page stays whole."""
    import os

    out = tmp_path / "out"
    out.mkdir()
    old = f"| the published table |\n{KEPT}\n\nNotes that must survive.\n"
    (out / "results.md").write_text(old)

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        write_report(studied, out)
    assert (out / "results.md").read_text() == old
    assert sorted(p.name for p in out.iterdir()) == ["results.md"]  # no part-files left


def test_report_makes_its_folder_but_not_a_mistyped_path(tmp_path: Path, studied: Store) -> None:
    result = cadogan("report", "--db", str(studied.path), "--out", str(tmp_path / "no/such/dir"))
    assert result.returncode == 2 and "does not exist" in result.stderr
    assert not (tmp_path / "no").exists()
    (tmp_path / "a-file").write_text("")
    result = cadogan("report", "--db", str(studied.path), "--out", str(tmp_path / "a-file/sub"))
    assert result.returncode == 2 and "does not exist" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    result = cadogan("report", "--db", str(studied.path), "--out", str(tmp_path / "new"))
    assert result.returncode == 0 and (tmp_path / "new" / "results.md").is_file()


def test_the_bar_and_the_count_keep_their_place_at_80_columns() -> None:
    """At 80 columns the running totals took the line and Rich dropped the bar, the
    count of deals done and the time left; the totals are now what is cut short."""
    import io

    from rich.console import Console
    from rich.progress import Progress

    from cadogan.cli_study import Tally, progress_columns

    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system=None)
    title = "napoleons-square solver"
    tally = Tally()
    for deal in range(10):
        tally.add(_row(deal, "won" if deal else "lost"))
    progress = Progress(*progress_columns(80, title, 2000, tally), console=console)
    task = progress.add_task(title, total=2000)
    progress.update(task, advance=37)
    console.print(progress.make_tasks_table(progress.tasks))
    line = out.getvalue().rstrip("\n")
    assert "\n" not in line and len(line) <= 80
    assert line.startswith(title) and "37/2000" in line and "won 90.0%" in line


def test_a_resumed_study_says_its_deals_were_stored_before() -> None:
    """Resumed with every deal already stored, the bar said "no deal decided yet"."""
    from cadogan.cli_study import Tally

    tally = Tally()
    assert tally.text().startswith("no deal decided yet")
    for deal in (1, 2, 3):
        tally.add(_row(deal, "timeout"), stored=True)
    assert tally.text().startswith("3 deals stored before") and "0.0 deals/s" in tally.text()
    tally.add(_row(4, "won"))
    assert tally.text().startswith("won 100.0%")


def test_a_resumed_study_s_rate_counts_the_deals_stored_before() -> None:
    """The bar's win rate covered only the deals played this run (8 of 8 won, 100%)
    while the totals just after counted every stored deal too; both count all now."""
    from cadogan.cli_study import Tally

    tally = Tally()
    tally.add(_row(1, "lost"), stored=True)
    tally.add(_row(2, "won"))
    assert tally.text().startswith("won 50.0%") and tally.stored == 1 and tally.played == 1


def _quick(game: str, options: Any, player: str, deal: int, *rest: Any) -> Row:
    time.sleep(0.05)
    return _row(deal)


def test_a_study_plays_on_while_another_writer_holds_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commit thread held its lock while SQLite waited for another writer, so the
    study could not queue its next row and stopped playing (for up to a minute)."""
    import threading

    from cadogan.study import runner

    monkeypatch.setattr(runner, "play_one", _quick)
    db = tmp_path / "busy.sqlite"
    store = Store(db)
    blocker = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    blocker.execute("BEGIN IMMEDIATE")  # another writer, for the next three seconds
    threading.Timer(3.0, lambda: blocker.execute("COMMIT")).start()
    arrivals: list[float] = []
    task = StudyTask("travellers", (), "greedy", range(1, 41), 5.0)
    run_study(task, store, progress=lambda row: arrivals.append(time.monotonic()))
    blocker.close()
    gaps = [b - a for a, b in itertools.pairwise(arrivals)]
    assert max(gaps) < 1.0, f"the study stood still for {max(gaps):.1f} s"
    assert len(store.done("travellers", task.options_text, "greedy", task.deals)) == 40


def test_the_bar_s_speed_falls_while_a_long_deal_runs() -> None:
    """The totals were a text set when a row came, so deals a second stood still at
    their last value through a long deal; the column now works them out at each draw."""
    from cadogan.cli_study import Tally, TotalsColumn

    tally = Tally()
    for deal in range(10):
        tally.add(_row(deal, "timeout"))
    column = TotalsColumn(tally, 60)
    tally.start = time.monotonic() - 10
    assert "1.0 deals/s" in column.render(None).plain  # type: ignore[arg-type]
    tally.start = time.monotonic() - 20  # ten seconds on, and no row has come
    assert "0.5 deals/s" in column.render(None).plain  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--player", "greedy", "--max-states", "5"], "--max-states is the solver's table"),
        (["--dask", "tcp://127.0.0.1:1", "--workers", "2"], "--workers does not apply with"),
    ],
)
def test_an_option_that_would_change_nothing_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], said: str
) -> None:
    """--max-states with greedy or random, and --workers with --dask, were silently
    ignored; they are refused before anything is played or opened."""
    from cadogan.cli import main

    db = tmp_path / "never.sqlite"
    with pytest.raises(SystemExit) as ended:
        main(["study", "travellers", "--deals", "1..3", "--db", str(db), *extra])
    assert ended.value.code == 2 and said in capsys.readouterr().err and not db.exists()


# --- A cap in positions (--max-nodes): the same rows on every machine and backend ------

CAPPED = StudyTask("hemispheres", (), "solver", range(1, 7), timeout=600.0, max_nodes=30_000)


def test_a_node_capped_solver_study_gives_the_same_rows_on_every_backend(
    tmp_path: Path,
) -> None:
    """DESIGN §4: every backend stores the same rows, deal by deal. Under a clock budget
    a solve near its end may be decided on an idle machine and time out on a busy one;
    under a cap in positions (a clock that never runs out first) the solver's rows are
    the same, moves and positions included, in this process, on a pool and on Dask."""
    distributed = pytest.importorskip("dask.distributed")
    here, pool, dask = (Store(tmp_path / f"{n}.sqlite") for n in ("here", "pool", "dask"))
    run_study(CAPPED, here, workers=1)
    run_study(CAPPED, pool, workers=2)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        run_study(CAPPED, dask, dask=cluster.scheduler_address)
    rows = outcomes(here, CAPPED)
    assert rows == outcomes(pool, CAPPED) == outcomes(dask, CAPPED)
    assert {status for _, status, _, _ in rows} == {"won", "timeout"}
    assert all(nodes == 30_000 for _, status, _, nodes in rows if status == "timeout")
    stored = here.rows(CAPPED.game, CAPPED.options_text, "solver", CAPPED.deals)
    assert {r.max_nodes for r in stored} == {30_000}


def _capped(deal: int, status: str, seconds: float, cap: int | None) -> Row:
    """A stored row of CAPPED's group with a budget of ``seconds`` and ``cap``."""
    return Row("hemispheres", CAPPED.options_text, "solver", deal, status, 0, 0, 0.0,
               seconds, "x", cap)  # fmt: skip


def test_a_timeout_is_retried_and_replaced_only_under_a_larger_budget_of_both_kinds(
    tmp_path: Path,
) -> None:
    """A budget is larger when it is no smaller in seconds nor in positions (no cap is
    the largest) and larger in one; only then is a stored timeout played again, and
    only such a row replaces it."""
    store = Store(tmp_path / "b.sqlite")
    store.add([_capped(1, "timeout", 10.0, 1_000), _capped(2, "timeout", 10.0, None)])

    def retried(seconds: float, cap: int | None) -> set[int]:
        return store.retryable("hemispheres", CAPPED.options_text, "solver", range(1, 3),
                               seconds, cap)  # fmt: skip

    assert retried(10.0, 2_000) == {1}  # more positions
    assert retried(10.0, None) == {1}  # no cap at all
    assert retried(10.0, 500) == retried(10.0, 1_000) == set()  # no more of either
    assert retried(20.0, None) == {1, 2}
    assert retried(20.0, 500) == set()  # more time, but fewer positions
    assert retried(5.0, None) == set()
    assert store.add([_capped(1, "won", 10.0, 500), _capped(2, "lost", 10.0, 5_000)]) == 0
    assert store.add([_capped(1, "won", 10.0, 2_000)]) == 1
    after = store.rows("hemispheres", CAPPED.options_text, "solver")
    assert [(r.status, r.max_nodes) for r in after] == [("won", 2_000), ("timeout", None)]


def test_a_study_file_from_before_the_node_cap_gains_it_and_keeps_its_rows(
    tmp_path: Path,
) -> None:
    """Files written before the cap existed have no max_nodes column: opened for a
    study they gain it, their rows reading no cap; read only (``report``) they are
    read as they are."""
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as old:
        old.execute(
            "CREATE TABLE results (game TEXT NOT NULL, options TEXT NOT NULL, player TEXT "
            "NOT NULL, deal INTEGER NOT NULL, status TEXT NOT NULL, moves INTEGER NOT NULL, "
            "nodes INTEGER NOT NULL, seconds REAL NOT NULL, timeout REAL NOT NULL, version "
            "TEXT NOT NULL, PRIMARY KEY (game, options, player, deal))"
        )
        old.execute("INSERT INTO results VALUES ('zodiac','','solver',1,'won',9,9,0.5,10.0,'x')")
        old.execute(
            "INSERT INTO results VALUES ('zodiac','','solver',2,'timeout',0,9,10.0,10.0,'x')"
        )
    old.close()
    (summary,) = Store(db, read_only=True).summaries()
    assert (summary.won, summary.nodes_low, summary.uncapped) == (1, None, True)
    assert Store(db, read_only=True).retryable("zodiac", "", "solver", range(1, 3), 20.0) == {2}
    store = Store(db)
    (row, _) = store.rows("zodiac", "", "solver")
    assert row.status == "won" and row.max_nodes is None
    store.add([Row("zodiac", "", "solver", 3, "won", 1, 1, 0.1, 10.0, "x", 5_000)])
    (summary,) = store.summaries()
    assert (summary.deals, summary.nodes_low, summary.nodes_high, summary.uncapped) == (
        3, 5_000, 5_000, True
    )  # fmt: skip


def test_the_report_gives_the_cap_in_positions() -> None:
    """The budget cell names the cap, and says when some rows were played without."""
    capped = Summary("zodiac", "", "solver", 10, 9, 1, 0, 600.0, 600.0, None, 30_000, 30_000,
                     False)  # fmt: skip
    assert budget_cell(capped) == "600, ≤ 30,000 positions"
    mixed = replace(capped, nodes_low=5_000, uncapped=True)
    assert budget_cell(mixed) == "600, ≤ 5,000 to 30,000 positions (some rows by the clock alone)"
    assert budget_cell(Summary("zodiac", "", "solver", 10, 9, 1, 0, 10.0, 10.0)) == "10"


def test_study_max_nodes_is_the_solvers_alone_and_reaches_it(tmp_path: Path) -> None:
    """--max-nodes is refused for a player that does not search, and for the solver
    each row stores it, a timeout having used exactly that many positions."""
    db = str(tmp_path / "n.sqlite")
    greedy = cadogan("study", "hemispheres", "--deals", "1..2", "--player", "greedy",
                     "--max-nodes", "100", "--db", db)  # fmt: skip
    assert greedy.returncode == 2 and "--max-nodes is the solver's search" in greedy.stderr
    solver = cadogan("study", "hemispheres", "--deals", "3..3", "--max-nodes", "3000",
                     "--timeout", "600", "--workers", "1", "--db", db, "--json")  # fmt: skip
    assert solver.returncode == 0, solver.stderr
    assert json.loads(solver.stdout)["timeout"] == 1
    (row,) = Store(db).rows("hemispheres", CAPPED.options_text, "solver")
    assert (row.status, row.nodes, row.max_nodes) == ("timeout", 3_000, 3_000)


def test_dasks_own_logging_is_held_back_while_a_study_runs_on_it() -> None:
    """A lost scheduler made Dask's client log a traceback before the study's one line;
    its loggers, those with levels of their own too, are kept to critical messages
    meanwhile, and given their levels back afterwards."""
    import logging

    from cadogan.study.runner import _quiet

    client = logging.getLogger("distributed.client")
    client.setLevel(logging.INFO)
    with _quiet("distributed"):
        assert client.level == logging.CRITICAL
        assert logging.getLogger("distributed").level == logging.CRITICAL
    assert client.level == logging.INFO
