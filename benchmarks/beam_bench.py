"""The beam probe alone: which deals it wins under a node cap, and how fast it runs.

Run: .venv/bin/python benchmarks/beam_bench.py --game hemispheres --deals 1-30 \\
         --max-nodes 400000
     .venv/bin/python benchmarks/beam_bench.py --native --game hemispheres \\
         --deals 1-30 --max-nodes 20000000

Each deal gets one beam (``cadogan.solve.beam``, nothing else of the portfolio) from
its opening, seeded as a solve seeds its first beam, until it finds a win or has
generated ``--max-nodes`` positions.  Under a node cap the deals won and the positions
spent do not depend on the machine, so two versions of the code can be compared on
the same search (the same wins at the same node counts means the same search), and
their speeds side by side.  Many entries of benchmarks/README.md ("What did not
help") were measured so.  With ``--native`` the beam is the game's native kernel
(``cadogan.solve.native_beam``), seeded as a solve seeds it, and the cap counts the
kernel's positions.  This is a measurement, not a test: it never fails on a slow
machine.
"""

from __future__ import annotations

import argparse
import resource
import time
from dataclasses import dataclass

from cadogan import compiled, registry
from cadogan.core import Game, Outcome
from cadogan.errors import UnknownGame
from cadogan.solve.beam import Beam, applies
from cadogan.solve.engine import Budget, OutOfTime
from cadogan.solve.native_beam import CHUNK, native_beam
from cadogan.solve.players import replays_to_win
from cadogan.solve.rules import rules_for

SLICE = 1024  # positions a beam step generates before the budget is looked at


@dataclass(frozen=True)
class DealRun:
    """One deal's beam: whether it won, the positions it generated and its time."""

    deal: int
    won: bool
    nodes: int
    seconds: float


def beam_alone(game: Game, deal: int, max_nodes: int) -> DealRun:
    """One beam on ``deal`` until it wins or ``max_nodes`` positions are generated.

    A win's line is played through ``Game.play`` and must reach a won position."""
    budget = Budget(game, 1e9, max_nodes)
    start = time.perf_counter()
    root, line, legal, result = budget.settle(game.deal(deal))
    if result.over or not applies(root):
        return DealRun(deal, result is Outcome.WON, budget.nodes, time.perf_counter() - start)
    beam = Beam(budget, root, legal, 0, rules_for(budget, root, legal))
    found = None
    try:
        while (found := beam.step(SLICE)) is None:
            pass
    except OutOfTime:
        found = None
    seconds = time.perf_counter() - start
    if found is not None and not replays_to_win(game, game.deal(deal), (*line, *found)):
        raise AssertionError(f"deal {deal}: the beam's line does not win")
    return DealRun(deal, found is not None, budget.nodes, seconds)


def native_alone(game: Game, deal: int, max_nodes: int) -> DealRun:
    """The game's native beam on ``deal`` until it wins or has played ``max_nodes``
    positions.  A win's line is checked as a solve checks it (replayed through
    ``Game.play`` to a won position).  ValueError when the game has no kernel here."""
    budget = Budget(game, 1e9)  # no node cap: the kernel runs under the clock alone
    start = time.perf_counter()
    root, line, legal, result = budget.settle(game.deal(deal))
    if result.over:
        return DealRun(deal, result is Outcome.WON, 0, time.perf_counter() - start)
    beam = native_beam(budget, rules_for(budget, root, legal), 0)
    if beam is None:
        raise ValueError(f"{game.id} has no native kernel here (no C compiler?)")
    spent, found = 0, None
    while found is None and spent < max_nodes:
        spent += beam.kernel.step(min(CHUNK, max_nodes - spent))
        win = beam.kernel.line()
        if win is not None:
            found = beam.checked(*win)
            if found is None:
                raise AssertionError(f"deal {deal}: {beam.fault}")
    seconds = time.perf_counter() - start
    if found is not None and not replays_to_win(game, game.deal(deal), (*line, *found)):
        raise AssertionError(f"deal {deal}: the native beam's line does not win")
    return DealRun(deal, found is not None, spent, seconds)


def deal_range(text: str) -> range:
    """``"1-30"`` as deals 1 to 30; ``"7"`` as deal 7 alone."""
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def summary(game_id: str, runs: list[DealRun]) -> str:
    """One line: the deals won, the positions and seconds spent, positions a second."""
    won = [r.deal for r in runs if r.won]
    nodes = sum(r.nodes for r in runs)
    seconds = sum(r.seconds for r in runs)
    rate = nodes / seconds if seconds else 0.0
    return (
        f"{game_id}: {len(won)} of {len(runs)} won {won}; {nodes:,} positions in "
        f"{seconds:.1f} s, {rate:,.0f} a second"
    )


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark; a game the solver runs no beam for is refused."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="hemispheres", help="a game id with a pack")
    parser.add_argument("--deals", type=deal_range, default=deal_range("1-30"), help="e.g. 1-30")
    parser.add_argument("--max-nodes", type=int, default=400_000, help="positions a deal")
    parser.add_argument("--native", action="store_true", help="the game's native beam")
    args = parser.parse_args(argv)
    try:
        game = registry.game(args.game)
    except UnknownGame as error:
        parser.error(str(error))
    if not game.layered:
        parser.error(f"the solver runs no beam for {args.game} (it is not layered)")
    kind = "compiled" if all(compiled.loaded().values()) else "plain Python"
    if args.native:
        kind = "the native kernel"
    print(f"one beam a deal, {args.max_nodes:,} positions at most, {kind}", flush=True)
    alone = native_alone if args.native else beam_alone
    runs = []
    for deal in args.deals:
        try:
            run = alone(game, deal, args.max_nodes)
        except ValueError as error:
            parser.error(str(error))
        verdict = "won" if run.won else "not won"
        print(f"  deal {deal}: {verdict}, {run.nodes:,} positions, {run.seconds:.1f} s", flush=True)
        runs.append(run)
    print(summary(args.game, runs))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MiB")


if __name__ == "__main__":
    main()
