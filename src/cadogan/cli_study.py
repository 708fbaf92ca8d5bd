"""``cadogan study`` and ``cadogan report``: win-rate studies and their published report."""

from __future__ import annotations

import json
import math
import os
import sqlite3
import time
from pathlib import Path

import click
from click.core import ParameterSource
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Column
from rich.text import Text

from cadogan import registry
from cadogan.cli_common import Count, Seconds, digits_only, make_game, option_flag, plural
from cadogan.core import BadOption, CadoganError
from cadogan.core.options import parse_pairs
from cadogan.errors import quoted
from cadogan.study.report import write_report
from cadogan.study.runner import MAX_WORKERS, StudyTask, run_study, to_retry
from cadogan.study.stats import wilson
from cadogan.study.store import Row, Store, holds_results

DEFAULT_DB = "cadogan.sqlite"
PLAYERS = ("solver", "greedy", "random")
BAR_WIDTH = 12  # the progress bar's own columns
MAX_STUDY = 10_000_000
"""The most deals one study takes: its bookkeeping holds the range in memory, and at a
thousand deals a second this many already take hours (split a larger range)."""


def parse_deals(text: str) -> range:
    """Read ``A..B`` (inclusive) or a single number ``N``."""
    first, sep, last = text.partition("..")
    try:
        if not (digits_only(first) and digits_only(last if sep else first)):
            raise ValueError(text)
        low, high = int(first), int(last if sep else first)
    except ValueError:
        raise BadOption(f"cannot read deals {quoted(text)}; write A..B, e.g. 1..1000") from None
    if not 1 <= low <= high <= 2**63 - 1:
        raise BadOption(f"deals {quoted(text)} must satisfy 1 <= A <= B <= 2**63-1")
    if high - low >= MAX_STUDY:
        raise BadOption(f"deals {quoted(text)} are more than {MAX_STUDY:,} deals; split the range")
    return range(low, high + 1)


class Tally:
    """The running totals the progress bar shows."""

    def __init__(self) -> None:
        self.won = self.lost = self.timeout = 0  # stored results of the range included
        self.stored = 0  # deals of the range stored by an earlier run, not played again
        self.played = 0  # deals played by this run, for the speed
        self.start = time.monotonic()

    def add(self, row: Row, stored: bool = False) -> None:
        """Count one result: played now, or ``stored`` by an earlier run.  The rate
        covers both, as the totals printed at the end do; the speed only this run's."""
        setattr(self, row.status, getattr(self, row.status) + 1)
        if stored:
            self.stored += 1
        else:
            self.played += 1

    def text(self) -> str:
        """The running win rate with its interval (none before a deal is decided), the
        timeouts and the deals played a second, most telling first: a narrow terminal
        cuts the end."""
        n = self.won + self.lost
        low, high = wilson(self.won, n)
        won = f"won {100 * self.won / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]" if n else ""
        speed = self.played / max(time.monotonic() - self.start, 1e-9)
        before = f"{plural(self.stored, 'deal')} stored before" if self.stored else ""
        first = won or before or "no deal decided yet"
        return f"{first}  timeouts {self.timeout}  {speed:.1f} deals/s"


class TotalsColumn(ProgressColumn):
    """The running totals, drawn afresh at every refresh of the bar: deals a second
    keep falling while a long deal runs (a text field set when a row came stayed at
    its last value until the next one)."""

    def __init__(self, tally: Tally, width: int) -> None:
        super().__init__(table_column=Column(no_wrap=True, overflow="ellipsis", width=width))
        self.tally = tally

    def render(self, task: Task) -> Text:
        """The tally's line, cut to the column."""
        return Text(self.tally.text(), no_wrap=True, overflow="ellipsis")


def progress_columns(
    width: int, title: str, total: int, tally: Tally
) -> tuple[ProgressColumn, ...]:
    """The study's bar on a terminal ``width`` columns wide: how far it has got first
    (``title``, a bar, the deals done of ``total``, the time left), then the running
    totals, cut short to the room left.  (The totals used to take the width they
    needed, so at 80 columns Rich squeezed out the bar and the count instead.)"""
    count = len(f"{total}/{total}")
    room = max(8, width - len(title) - BAR_WIDTH - count - len("0:00:00") - 4)
    return (
        TextColumn("{task.description}", table_column=Column(no_wrap=True)),
        BarColumn(bar_width=BAR_WIDTH, table_column=Column(no_wrap=True)),
        MofNCompleteColumn(table_column=Column(no_wrap=True, min_width=count)),
        TimeRemainingColumn(table_column=Column(no_wrap=True)),
        TotalsColumn(tally, room),
    )


@click.command()
@click.argument("game")
@click.option(
    "--deals", "deals_text", required=True, metavar="A..B", help="Deal numbers: A..B, or one N."
)
@click.option(
    "--player",
    type=click.Choice(PLAYERS),
    default="solver",
    show_default=True,
    help="solver sees every card; greedy and random see what a person sees.",
)
@option_flag
@click.option(
    "--timeout",
    type=Seconds(0.01),
    default=10.0,
    show_default=True,
    help="Seconds per deal.",
)
@click.option(
    "--workers",
    type=Count(1, MAX_WORKERS),
    default=min(os.cpu_count() or 1, MAX_WORKERS),
    show_default=True,
    help=f"Processes, at most {MAX_WORKERS}; 1 runs in this process (not with --dask, "
    "whose cluster has its own workers).",
)
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    default=None,
    help="Run on an existing Dask cluster (e.g. tcp://127.0.0.1:8786).",
)
@click.option(
    "--db",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_DB,
    show_default=True,
    help="SQLite file for the results.",
)
@click.option(
    "--retry-timeouts",
    "retry",
    is_flag=True,
    help="Also play again the deals stored as timeouts under a smaller --timeout.",
)
@click.option(
    "--max-states",
    type=Count(1),
    default=None,
    help="Cap on the positions in the solver's table (default: the solver's, 2,000,000); "
    "a long --timeout meant to prove hard deals lost needs tens of millions. Only for "
    "--player solver.",
)
@click.option(
    "--max-nodes",
    type=Count(1),
    default=None,
    help="Positions the solver may generate per deal: with a --timeout that does not run "
    "out first, every deal's row is the same on any machine and any backend (the native "
    "searches, which only a clock budget runs, stay off). Only for --player solver.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the totals as JSON.")
def study(
    game: str,
    deals_text: str,
    player: str,
    options: tuple[str, ...],
    timeout: float,
    workers: int,
    dask_address: str | None,
    db: Path,
    retry: bool,
    max_states: int | None,
    max_nodes: int | None,
    as_json: bool,
) -> None:
    """Play a range of deals with a player and store one row per deal (resumable).

    With --retry-timeouts, deals that ran out of time under a smaller budget are played
    again with --timeout and their rows replaced, so a study can be given more time in
    later passes; a pass killed midway resumes like any other.
    """
    _refuse_idle_options(player, dask_address, max_states, max_nodes)
    deals = parse_deals(deals_text)
    make_game(game, options)  # refuse a bad game or option before the bar is drawn
    opts = tuple(sorted(parse_pairs(options).items()))
    task = StudyTask(
        registry.find(game).id, opts, player, deals, timeout, retry, max_states, max_nodes
    )
    store = _open_store(db, task)
    tally = Tally()
    stderr = Console(stderr=True)
    # Connecting may take up to 15 s: say what is awaited.
    if dask_address is not None and not as_json:
        stderr.print(f"Connecting to the Dask scheduler at {dask_address} …")
    quiet = as_json and not stderr.is_terminal  # the bar is on stderr: it spoils no JSON
    title = f"{task.game} {player}"
    columns = progress_columns(stderr.width, title, len(deals), tally)
    with Progress(*columns, console=stderr, disable=quiet) as progress:
        replayed = to_retry(store, task)
        shorter = len(replayed)
        if retry:
            if not shorter and not as_json:
                _say_nothing_to_retry(stderr, store, task)
        elif shorter and not as_json:
            stderr.print(
                f"{shorter} stored deal(s) timed out under a smaller budget (--timeout, "
                "--max-nodes); add --retry-timeouts to play them again with this one.",
                soft_wrap=True,
            )
        for row in store.rows(task.game, task.options_text, player, deals):
            if not (retry and row.deal in replayed):  # kept, not played again
                tally.add(row, stored=True)
        bar = progress.add_task(title, total=len(deals), completed=tally.stored)

        def advance(row: Row) -> None:
            tally.add(row)
            progress.update(bar, advance=1)

        try:
            run_study(task, store, workers=workers, dask=dask_address, progress=advance)
        except KeyboardInterrupt:
            stderr.print("Interrupted: every committed deal is kept; rerun to continue.")
            raise SystemExit(130) from None
    _print_totals(store, task, as_json)


def _refuse_idle_options(
    player: str, dask_address: str | None, max_states: int | None, max_nodes: int | None
) -> None:
    """An option that would change nothing is refused, not silently ignored."""
    if dask_address is not None and not dask_address.strip():
        raise click.BadParameter(
            "give a scheduler address (e.g. tcp://127.0.0.1:8786); it was empty",
            param_hint="'--dask'",
        )
    given = click.get_current_context().get_parameter_source("workers")
    if dask_address is not None and given is ParameterSource.COMMANDLINE:
        raise click.UsageError(
            "--workers does not apply with --dask: the cluster's workers play the deals"
        )
    if max_states is not None and player != "solver":
        raise click.UsageError(f"--max-states is the solver's table; {player} keeps none")
    if max_nodes is not None and player != "solver":
        raise click.UsageError(f"--max-nodes is the solver's search; {player} searches none")


def _open_store(db: Path, task: StudyTask) -> Store:
    """The study's database, to write into; or, when it cannot be written (read-only
    media, say) but already holds every deal asked for, read-only, for the totals.
    Otherwise the error says how many deals are stored and that the rest had nowhere
    to go, so nothing is played for nothing."""
    try:
        return Store(db)
    except CadoganError as err:
        if not db.exists():
            raise
        try:
            store = Store(db, read_only=True)
            stored = store.done(task.game, task.options_text, task.player, task.deals)
            again = to_retry(store, task) if task.retry else set()
        except (CadoganError, sqlite3.Error):  # not readable either: the first error says why
            raise err from None
        missing = len(task.deals) - len(stored) + len(again)
        if missing:
            raise CadoganError(
                f"{err}; it holds {plural(len(stored), 'deal')} of the range, and the "
                f"other {missing} could not be saved there, so none was played"
            ) from None
        return store


def _say_nothing_to_retry(stderr: Console, store: Store, task: StudyTask) -> None:
    """--retry-timeouts found no timeout of a smaller budget: say why, if timeouts are
    stored (a deal stopped by the table's cap is stored as a timeout of its budget, so
    a larger --max-states alone plays nothing again)."""
    stored = store.retryable(task.game, task.options_text, task.player, task.deals, math.inf)
    if stored:
        cap = "" if task.max_nodes is None else f" and a --max-nodes of {task.max_nodes:,} or more"
        stderr.print(
            f"Nothing to retry: {plural(len(stored), 'stored timeout')} ran with a --timeout "
            f"of {task.timeout:g} s or more{cap}; give a larger --timeout (or --max-nodes) "
            "to play them again (a larger --max-states alone does not).",
            soft_wrap=True,
        )


def _print_totals(store: Store, task: StudyTask, as_json: bool) -> None:
    rows = store.rows(task.game, task.options_text, task.player, task.deals)
    won = sum(r.status == "won" for r in rows)
    lost = sum(r.status == "lost" for r in rows)
    low, high = wilson(won, won + lost)
    rate = won / (won + lost) if won + lost else None  # no rate without a decided deal
    totals = {
        "game": task.game,
        "player": task.player,
        # every option, defaults included: an object, as solve and replay give it
        "options": dict(registry.game(task.game, **dict(task.options)).options),
        "deals": len(rows),
        "won": won,
        "lost": lost,
        "timeout": len(rows) - won - lost,
        "rate": rate,
        "low": low,
        "high": high,
    }
    if as_json:
        click.echo(json.dumps(totals, indent=2))
        return
    share = (
        f"= {100 * rate:.2f}% (95% interval {100 * low:.2f} to {100 * high:.2f}%)"
        if rate is not None
        else "(no win rate without a decided deal)"
    )
    click.echo(
        f"{task.game} ({task.options_text or 'default options'}), {task.player}: "
        f"{won} won of {plural(won + lost, 'decided deal')} {share}, "
        f"{totals['timeout']} timed out"
    )


@click.command()
@click.option(
    "--db",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=DEFAULT_DB,
    show_default=True,
    help="SQLite file of study results.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("docs"),
    show_default=True,
    help="Folder for results.md and the plots.",
)
def report(db: Path, out: Path) -> None:
    """Write results.md (a table of every study) and its plots into --out (docs).

    The drawn part ends with a "kept" line (an HTML comment): notes written below it
    stay as they are when the report is drawn again; everything above it is replaced.
    A page without that line is refused rather than overwritten."""
    if not holds_results(db):  # asked read-only: a file given by mistake stays as it was
        # An empty table drawn over a published page would lose it; say so instead.
        raise click.BadParameter(
            f"{str(db)!r} holds no study results, so nothing was written", param_hint="'--db'"
        )
    store = Store(db, read_only=True)
    for path in write_report(store, out):
        click.echo(f"wrote {path}")
