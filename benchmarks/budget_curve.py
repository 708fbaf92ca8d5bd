"""How the share of deals decided grows with the solver's time budget.

Usage (from the repository root)::

    .venv/bin/python benchmarks/budget_curve.py --games hemispheres constitution \\
        --deals 30 --timeout 60 --json budget.jsonl --plot benchmarks/budget-curve.png

One run at the largest budget T answers every smaller budget too: the searches take
turns by node counts, never by the clock (``cadogan.solve.search``), and the deadline
only stops them, so a deal decided after t seconds of a T-second run is decided by a
t-second run as well (up to the machine's noise).  For each game the script solves
deals 1..N once at T, keeps each deal's verdict and seconds, and reports the share
decided within each budget of ``--marks``, then draws the whole curve.

Each deal's figures are appended to ``--json`` as soon as it is solved (one JSON object
per line), and a rerun skips the deals already there, so a long run can be stopped and
resumed.  Not a timed test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from cadogan import registry
from cadogan.solve import solve


@dataclass(frozen=True)
class Point:
    """One deal's verdict and the seconds it took."""

    game: str
    deal: int
    status: str
    seconds: float
    nodes: int

    @property
    def decided(self) -> bool:
        return self.status in ("solved", "unsolvable")


def load(path: Path) -> list[Point]:
    """The points already measured (none when the file is missing)."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [Point(**json.loads(line)) for line in lines if line.strip()]


def measure(game_id: str, deals: int, timeout: float, path: Path) -> list[Point]:
    """Solve deals 1..deals of ``game_id`` at ``timeout``, skipping those in ``path``."""
    done = {p.deal for p in load(path) if p.game == game_id}
    game = registry.game(game_id)
    for deal in range(1, deals + 1):
        if deal in done:
            continue
        found = solve(game, game.deal(deal), timeout=timeout, max_states=20_000_000)
        point = Point(game_id, deal, found.status, round(found.seconds, 3), found.nodes)
        with path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(asdict(point)) + "\n")
        print(f"{game_id} {deal}: {found.status} in {found.seconds:.1f} s", file=sys.stderr)
    return [p for p in load(path) if p.game == game_id and p.deal <= deals]


def share_within(points: list[Point], budget: float) -> float:
    """The share of ``points`` decided within ``budget`` seconds."""
    hits = sum(p.decided and p.seconds <= budget for p in points)
    return hits / len(points) if points else 0.0


def table(curves: dict[str, list[Point]], marks: list[float]) -> str:
    """A Markdown table: per game, the share decided within each budget of ``marks``."""
    head = "| game | deals | " + " | ".join(f"≤ {m:g} s" for m in marks) + " |"
    rule = "|---|---:|" + "---:|" * len(marks)
    rows = [head, rule]
    for game, points in curves.items():
        shares = " | ".join(f"{share_within(points, m):.0%}" for m in marks)
        rows.append(f"| {game} | {len(points)} | {shares} |")
    return "\n".join(rows)


def plot(curves: dict[str, list[Point]], timeout: float, path: Path) -> None:
    """Draw the share decided against the budget, one line per game."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for game, points in curves.items():
        times = sorted(p.seconds for p in points if p.decided)
        xs = [0.01, *times, timeout]
        ys = [0.0, *[(i + 1) / len(points) for i in range(len(times))], len(times) / len(points)]
        ax.step(xs, ys, where="post", label=f"{game} ({len(points)} deals)")
    ax.axvline(10, color="grey", linestyle=":", label="10 s (the benchmark's budget)")
    ax.axhline(0.95, color="grey", linestyle="--", label="95% (the first target)")
    ax.set_xscale("log")
    ax.set_xlim(0.01, timeout)
    ax.set_ylim(0, 1)
    ax.set_xlabel("time budget per deal (s, log scale)")
    ax.set_ylabel("share of deals decided")
    ax.set_title("Deals decided (solved or proved lost) within a budget")
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", nargs="+", required=True, choices=registry.ids(), help="game ids"
    )
    parser.add_argument("--deals", type=int, default=30, help="solve deals 1..N (30)")
    parser.add_argument("--timeout", type=float, default=60.0, help="largest budget, s (60)")
    parser.add_argument("--json", dest="json_path", required=True, help="points file (JSONL)")
    parser.add_argument("--plot", help="also draw the curves to this PNG")
    parser.add_argument(
        "--marks", type=float, nargs="*", default=[1, 10, 30, 60], help="budgets for the table"
    )
    args = parser.parse_args(argv)
    path = Path(args.json_path)
    curves = {g: measure(g, args.deals, args.timeout, path) for g in args.games}
    print(table(curves, [m for m in args.marks if m <= args.timeout]))
    if args.plot:
        plot(curves, args.timeout, Path(args.plot))


if __name__ == "__main__":
    main()
