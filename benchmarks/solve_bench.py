"""Solver benchmark: for every game, solve deals 1..N and report what was decided.

Usage (from the repository root)::

    .venv/bin/python benchmarks/solve_bench.py                  # 200 deals, 10 s each
    .venv/bin/python benchmarks/solve_bench.py --deals 20 --timeout 2 --jobs 2
    .venv/bin/python benchmarks/solve_bench.py --games hemispheres --max-nodes 150000 \
        --timeout 600                                          # a node budget

With ``--max-nodes`` (and a timeout that never runs out first) each deal gets the same
work on any machine under any load, so the decided share is reproducible and two
versions of the solver can be compared fairly on a busy machine; the times and nodes
per second still depend on the machine.

For each game it reports the share of deals decided (solved or proved unsolvable),
the median and 99th-percentile seconds per deal, nodes (positions generated) per
second, the largest transposition table and the peak resident memory of the process
that solved the game (each game runs in a fresh worker process; with ``--workers``
the largest of it and the solve's own processes), and whether the solver modules ran
compiled (``cadogan compile``) or as plain Python.  ``--workers N`` splits each solve
over N processes (``solve(..., workers=N)``); nodes per second then counts them all.  Not a timed
test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from resource import RUSAGE_CHILDREN, RUSAGE_SELF

from cadogan import compiled, registry
from cadogan.solve import STATUSES, solve


@dataclass
class GameRow:
    """One game's figures."""

    game: str
    deals: int
    counts: dict[str, int]
    median: float
    p99: float
    nodes_per_second: float
    peak_states: int
    peak_mib: float
    statuses: list[str]  # each deal's verdict, deal 1 first (in the JSON only)
    compiled: bool  # whether the worker ran the compiled solver modules (cadogan compile)
    workers: int = 1  # processes each solve was split over (``solve(..., workers=n)``)

    @property
    def decided(self) -> float:
        return (self.counts["solved"] + self.counts["unsolvable"]) / self.deals


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def bench_game(
    game_id: str,
    deals: int,
    timeout: float,
    max_states: int,
    max_nodes: int | None = None,
    workers: int = 1,
) -> GameRow:
    """Solve deals 1..deals of one game (run in a fresh worker process)."""
    game = registry.game(game_id)
    counts: Counter[str] = Counter({s: 0 for s in STATUSES})
    times: list[float] = []
    nodes, peak = 0, 0
    statuses: list[str] = []
    for deal in range(1, deals + 1):
        found = solve(
            game,
            game.deal(deal),
            timeout=timeout,
            max_states=max_states,
            max_nodes=max_nodes,
            workers=workers,
        )
        counts[found.status] += 1
        statuses.append(found.status)
        times.append(found.seconds)
        nodes += found.nodes
        peak = max(peak, found.peak_states)
    # KiB on Linux; with several workers the solve's own processes are children.
    rss_kib = max(resource.getrusage(who).ru_maxrss for who in (RUSAGE_SELF, RUSAGE_CHILDREN))
    return GameRow(
        game_id,
        deals,
        dict(counts),
        statistics.median(times),
        percentile(times, 0.99),
        nodes / max(sum(times), 1e-9),
        peak,
        rss_kib / 1024,
        statuses,
        all(compiled.loaded().values()),
        workers,
    )


def table(rows: list[GameRow]) -> str:
    """The Markdown table of the figures."""
    lines = [
        "| game | deals | solved | unsolvable | timeout | memory | decided | median s "
        "| p99 s | nodes/s | peak table | peak MiB |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        c = r.counts
        lines.append(
            f"| {r.game} | {r.deals} | {c['solved']} | {c['unsolvable']} | {c['timeout']} "
            f"| {c['memory']} | {r.decided:.0%} | {r.median:.2f} | {r.p99:.2f} "
            f"| {r.nodes_per_second:,.0f} | {r.peak_states:,} | {r.peak_mib:,.0f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="solve deals 1..N (200)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per deal (10)")
    parser.add_argument("--max-states", type=int, default=2_000_000, help="table cap")
    parser.add_argument("--max-nodes", type=int, help="positions per deal (no cap)")
    parser.add_argument("--games", nargs="*", default=list(registry.ids()), help="game ids")
    parser.add_argument("--jobs", type=int, default=1, help="games solved in parallel (1)")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes each solve is split over (1)"
    )
    parser.add_argument("--json", dest="json_path", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(max_workers=args.jobs, max_tasks_per_child=1) as pool:
        futures = [
            pool.submit(
                bench_game,
                g,
                args.deals,
                args.timeout,
                args.max_states,
                args.max_nodes,
                args.workers,
            )
            for g in args.games
        ]
        rows = []
        for future in futures:
            rows.append(future.result())
            print(f"done: {rows[-1].game}", file=sys.stderr, flush=True)
    kinds = {"compiled (cadogan compile)" if r.compiled else "plain Python" for r in rows}
    print(f"solver modules: {', '.join(sorted(kinds))}; {args.workers} worker(s) a solve")
    print(table(rows))
    if args.json_path:
        with open(args.json_path, "w", encoding="utf-8") as out:
            json.dump([asdict(r) | {"decided": r.decided} for r in rows], out, indent=1)


if __name__ == "__main__":
    main()
