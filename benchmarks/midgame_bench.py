"""Verdicts in the middle of a game: is this position still winnable?

Run: .venv/bin/python benchmarks/midgame_bench.py --game napoleons-square --deals 40

A player who asks for a hint part-way through a deal wants to hear either the next
move of a win or, plainly, that the deal can no longer come out; only the exhaustive
search can say the second.  For each deal the honest greedy player plays it through
(``play_deal``), and the positions of its line where the pack first holds ``--at``
cards (40, 30, 20 and 10 by default) are each solved for ``--timeout`` seconds, as a
hint solves them.  Printed: per pack size, how many positions were proved won, proved
lost or left undecided, and the median time.  A measurement, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence

from cadogan import registry
from cadogan.core import Game, State
from cadogan.errors import UnknownGame
from cadogan.solve import solve
from cadogan.solve.players import play_deal

PACK = "pack"


def waypoints(game: Game, deal: int, at: Sequence[int]) -> Iterator[tuple[int, State]]:
    """The positions of the greedy player's line of ``deal`` where the pack first
    holds each of ``at`` cards (those the line reaches), with that count."""
    state = game.deal(deal)
    wanted = sorted(set(at), reverse=True)
    for move in play_deal(game, deal, "greedy").moves:
        state = game.play(state, move)
        left = len(state.piles[PACK].cards) if PACK in state.piles else 0
        while wanted and left <= wanted[0]:
            if left == wanted[0]:
                yield left, state
            wanted.pop(0)


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print a row per pack size."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="napoleons-square", help="a game id")
    parser.add_argument("--deals", type=int, default=40, help="deals 1..N")
    parser.add_argument("--timeout", type=float, default=2.0, help="seconds a solve")
    parser.add_argument(
        "--at", type=int, nargs="+", default=[40, 30, 20, 10], help="cards left in the pack"
    )
    args = parser.parse_args(argv)
    try:
        game = registry.game(args.game)
    except UnknownGame as error:
        parser.error(str(error))
    if args.deals < 1 or args.timeout <= 0:
        parser.error("--deals must be at least 1 and --timeout above 0")
    counts: dict[int, Counter[str]] = defaultdict(Counter)
    times: dict[int, list[float]] = defaultdict(list)
    for deal in range(1, args.deals + 1):
        for left, state in waypoints(game, deal, args.at):
            start = time.perf_counter()
            counts[left][solve(game, state, timeout=args.timeout).status] += 1
            times[left].append(time.perf_counter() - start)
        print(f"  deal {deal} done", flush=True)
    print(f"{args.game}, deals 1-{args.deals}, {args.timeout:g} s a solve")
    print("| cards left | positions | solved | unsolvable | undecided | decided | median s |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for left in sorted(counts, reverse=True):
        c, n = counts[left], sum(counts[left].values())
        undecided = n - c["solved"] - c["unsolvable"]
        share = (c["solved"] + c["unsolvable"]) / n
        median = statistics.median(times[left])
        print(
            f"| {left} | {n} | {c['solved']} | {c['unsolvable']} | {undecided} | "
            f"{share:.0%} | {median:.2f} |"
        )


if __name__ == "__main__":
    main()
