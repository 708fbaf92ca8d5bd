"""``cadogan report``: the table of every study in docs/results.md, and its plots."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cadogan.errors import CadoganError
from cadogan.files import write_atomic
from cadogan.study.stats import wilson
from cadogan.study.store import Store, Summary

if TYPE_CHECKING:
    from matplotlib.figure import Figure

# Win probabilities that mathematics gives exactly, keyed by (game, options); they hold
# for every player, since these games have no choices.
KNOWN = {
    ("travellers", "complete=travelled"): (
        1 / 13,
        "Clock patience: the last card turned must be a king",
    ),
}


@dataclass(frozen=True, slots=True)
class Line:
    """One row of the report: a group's totals with its rate and interval."""

    summary: Summary
    rate: float
    low: float
    high: float

    @property
    def decided(self) -> int:
        """Deals won or lost; timeouts are reported apart and not counted."""
        return self.summary.won + self.summary.lost


def lines(store: Store) -> list[Line]:
    """Every group's rate over its decided deals, with the 95% Wilson interval."""
    result = []
    for s in store.summaries():
        n = s.won + s.lost
        low, high = wilson(s.won, n)
        result.append(Line(s, s.won / n if n else 0.0, low, high))
    return result


def known_note(line: Line) -> str:
    """Whether the rate agrees with a known exact probability, if one is known."""
    known = KNOWN.get((line.summary.game, line.summary.options))
    if known is None:
        return ""
    p, why = known
    verdict = "agrees" if line.low <= p <= line.high else "DISAGREES"
    return f"exact {100 * p:.2f}% ({why}): {verdict}"


def rate_cells(line: Line) -> str:
    """Rate, interval and half-width; "n/a" when no deal was decided."""
    if not line.decided:
        return "n/a | n/a | n/a"
    return (
        f"{100 * line.rate:.2f}% | {100 * line.low:.2f} to {100 * line.high:.2f}% "
        f"| {50 * (line.high - line.low):.2f}"
    )


def budget_cell(summary: Summary) -> str:
    """The time budget per deal in seconds, as a range when the group's deals were
    played with different budgets; when some of its timeouts ran out of a budget
    smaller than the largest (they were not all retried), from which one."""
    low, high = summary.budget_low, summary.budget_high
    cell = f"{low:g}" if low == high else f"{low:g} to {high:g}"
    worst = summary.timeout_budget
    if worst is not None and worst < high:
        cell += f" (timeouts from {worst:g})"
    return cell + _positions(summary)


def _positions(summary: Summary) -> str:
    """The solver's cap in positions per deal, where the group's rows had one: the
    rows so played are the same on every machine."""
    low, high = summary.nodes_low, summary.nodes_high
    if low is None or high is None:
        return ""
    caps = f"{low:,}" if low == high else f"{low:,} to {high:,}"
    return f", ≤ {caps} positions" + (" (some rows by the clock alone)" if summary.uncapped else "")


def all_deal_bounds(line: Line) -> tuple[float, float] | None:
    """When many deals timed out (more than 5%), the bounds on the won share of all
    deals that hold whatever the timed-out deals would have been: at least the won
    share and at most the share not proved lost (both 95% Wilson bounds); else None."""
    s = line.summary
    if not s.deals or s.timeout / s.deals <= 0.05:
        return None
    floor, _ = wilson(s.won, s.deals)
    _, ceiling = wilson(s.won + s.timeout, s.deals)
    return floor, ceiling


def timeout_note(line: Line) -> str:
    """A warning when many deals timed out, with :func:`all_deal_bounds`."""
    bounds = all_deal_bounds(line)
    if bounds is None:
        return ""
    s = line.summary
    share = s.timeout / s.deals
    return (
        f"{100 * share:.0f}% timed out; of all deals, {100 * bounds[0]:.1f} to "
        f"{100 * bounds[1]:.1f}% won"
    )


def markdown(rows: list[Line], plots: list[str]) -> str:
    """The text of docs/results.md."""
    out = [
        "# Results",
        "",
        "Win rates measured by `cadogan study`, drawn by `cadogan report`. The rate is over",
        "the decided deals (won + lost); deals that ran out of time are counted apart and",
        "never as wins. The interval is the 95% Wilson score interval. It is not centred",
        "on the rate (near 0% or 100% it reaches further towards the middle), so it is not",
        "the rate ± a margin; the half-width column gives half its width, in percentage",
        "points, as one figure for how precise the rate is.",
        "",
        "A note marks a group where more than 5% of the deals ran out of time: its rate",
        "is over the deals the player could decide, which may not be typical of all deals.",
        "The note then also bounds the share of all deals won, whatever the timed-out",
        "deals would have been: from the lower 95% bound with every timeout lost to the",
        "upper 95% bound with every timeout won (for the solver: deals that can be won).",
        "",
        "The budget is the time per deal in seconds (the solver's search, or at most that",
        "long for greedy and random). A range means the group's deals were played with",
        "different budgets: a later pass with a larger `--timeout`, or",
        "`cadogan study --retry-timeouts`, which plays again with the larger budget the",
        "deals that ran out of time at a smaller one. When not every timeout ran out of",
        "the largest budget, the cell says from which budget the timeouts counted start.",
        "A group studied with `--max-nodes` also gives the solver's cap in positions per",
        "deal; its rows are the same on every machine.",
        "",
        "| game | options | player | budget | deals | won | lost | timeout | rate "
        "| 95% interval | half-width | note |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---|",
    ]
    for line in rows:
        s = line.summary
        notes = [n for n in (known_note(line), timeout_note(line)) if n]
        out.append(
            f"| {s.game} | {s.options or '-'} | {s.player} | {budget_cell(s)} | {s.deals} "
            f"| {s.won} | {s.lost} "
            f"| {s.timeout} | {rate_cells(line)} | {'; '.join(notes)} |"
        )
    out += ["", *[f"![{Path(p).stem}]({Path(p).name})" for p in plots], ""]
    return "\n".join(out)


# The line that ends the drawn part of results.md.  What follows it is the authors' own
# (findings of long solves, comments on the table) and a new report keeps it, so that
# drawing the page again never throws written work away.  It is found by its start
# (``KEPT_START``), so that a later rewording of the rest still finds older pages' line.
KEPT = "<!-- Drawn by cadogan report above this line; what follows is kept as written. -->"
KEPT_START = "<!-- Drawn by cadogan report"


class NoKeptLine(CadoganError):
    """An existing results page without the kept line: drawing over it could lose notes."""


def kept_notes(page: Path) -> str:
    """The part of an existing ``page`` after its kept line ('' for no page or an empty
    one); ``NoKeptLine`` for a page with text but no kept line, which is not ours to
    overwrite."""
    if not page.exists():
        return ""
    text = page.read_text(encoding="utf-8")
    at = text.find(KEPT_START)
    if at < 0:
        if text.strip():
            raise NoKeptLine(
                f"{page} has no line starting {KEPT_START!r}, so drawing the report over "
                f"it could lose what it says; add the line {KEPT!r} above the notes to "
                "keep, or move the page aside"
            )
        return ""
    end = text.find("\n", at)
    return "" if end < 0 else text[end + 1 :].lstrip("\n")


def write_report(store: Store, out: Path) -> list[Path]:
    """Write results.md and the plots into ``out``; returns the files written.  The
    drawn part ends with the ``KEPT`` line, and the notes below the kept line of the
    page there before stay below it (a page with no such line is refused before
    anything is written: ``NoKeptLine``).

    Everything is drawn before anything is written, and each file is replaced whole
    (:func:`cadogan.files.write_atomic`): a full disk leaves the old page, notes and
    all.  ``out`` itself is made if missing, but not its parents, so a mistyped path
    is refused rather than built."""
    page = out / "results.md"
    notes = kept_notes(page)
    rows = lines(store)
    plots = draw_plots(store, rows) if rows else {}
    drawn = markdown(rows, [str(out / name) for name in plots])
    _make_folder(out)
    for name, image in plots.items():
        write_atomic(out / name, image)
    write_atomic(page, f"{drawn}\n{KEPT}\n\n{notes}")
    return [page, *(out / name for name in plots)]


def _make_folder(out: Path) -> None:
    if out.is_dir():
        return
    if out.exists():
        raise CadoganError(f"--out {out} is a file, not a folder")
    if not out.absolute().parent.is_dir():
        raise CadoganError(f"--out {out}: the folder {out.absolute().parent} does not exist")
    out.mkdir()


def draw_plots(store: Store, rows: list[Line]) -> dict[str, bytes]:
    """Win rate with intervals per group, and the time per deal per group: each PNG's
    file name and bytes.  A group with no decided deal has no rate, so it gets no
    point, only its label.
    Raises ``CadoganError`` without matplotlib (the ``plots`` extra), before anything
    is written."""
    try:
        import matplotlib
    except ImportError:
        raise CadoganError(
            "cadogan report draws its plots with matplotlib: pip install 'cadogan[plots]'"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{r.summary.game}\n{r.summary.player} {r.summary.options}".strip() for r in rows]
    fig, ax = plt.subplots(figsize=(10, 0.5 * len(rows) + 1.5))
    shown = [i for i, r in enumerate(rows) if r.decided]
    rates = [100 * rows[i].rate for i in shown]
    # Rounding can put an end of the interval a hair past the rate; bars are never negative.
    errors = [
        [max(0.0, 100 * (rows[i].rate - rows[i].low)) for i in shown],
        [max(0.0, 100 * (rows[i].high - rows[i].rate)) for i in shown],
    ]
    ax.errorbar(rates, shown, xerr=errors, fmt="o", capsize=4, label="over the deals decided")
    # Where many deals timed out, the rate over the decided ones is not the game's: draw
    # the bounds on the share of all deals won beneath it, so no one reads it as such.
    wide = [(i, b) for i, b in enumerate(map(all_deal_bounds, rows)) if b is not None]
    if wide:
        ax.hlines(
            [i + 0.25 for i, _ in wide],
            [100 * b[0] for _, b in wide],
            [100 * b[1] for _, b in wide],
            colors="tab:orange",
            linewidth=4,
            label="share of all deals won, whatever the timed-out deals are",
        )
        # Above the rows, not over them: in a corner it hid a point near 100% or 0%.
        ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, fontsize=7, frameon=False)
    ax.set_yticks(range(len(rows)), labels, fontsize=7)
    ax.set_xlabel("win rate, % (95% Wilson interval)")
    ax.set_title("How often each game comes out", pad=22 if wide else 6)
    ax.set_ylim(-0.5, len(rows) - 0.5)  # each group a row, with or without a point
    ax.invert_yaxis()
    fig.tight_layout()
    rates_png = _png(fig)
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(10, 0.5 * len(rows) + 1.5))
    times = [store.seconds(r.summary.game, r.summary.options, r.summary.player) for r in rows]
    ax.boxplot(times, orientation="horizontal", tick_labels=labels)
    ax.set_xscale("log")
    ax.set_xlabel("seconds per deal (log scale)")
    ax.set_title("Time per deal")
    ax.tick_params(axis="y", labelsize=7)
    ax.invert_yaxis()
    fig.tight_layout()
    times_png = _png(fig)
    plt.close(fig)
    return {"results-win-rates.png": rates_png, "results-time-per-deal.png": times_png}


def _png(fig: Figure) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110)
    return buffer.getvalue()
