"""Hints along a proved line: what a player who follows the hints waits for.

Run: .venv/bin/python benchmarks/hint_bench.py --game hemispheres --deals 12

For each deal a game is started and its first hint asked (``Session.hint``, the
2-second solve behind the page's hint, ``cadogan play``'s ``hint`` and the terminal
UI's h).  When that solve wins, the player follows the hints to the end: each later
hint comes from the proof the first one found (``Session.proofs``), and every
``--every``-th position of the way is also given a fresh solve of the same budget,
as each hint had before the proofs were kept, to count how often that would have
failed to decide a position already proved winnable.  This is a measurement, not a
test: it never fails on a slow machine.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field

from cadogan import compiled, registry
from cadogan.core import Game, Outcome
from cadogan.errors import UnknownGame
from cadogan.session import Session
from cadogan.solve import solve


@dataclass
class Followed:
    """One deal: its first hint's verdict and time, then the way to the end."""

    deal: int
    first: str
    first_seconds: float
    hints: int = 0
    hint_seconds: float = 0.0
    won: bool = False
    fresh: Counter[str] = field(default_factory=Counter)


def follow(game: Game, deal: int, timeout: float, every: int) -> Followed:
    """Ask the first hint; if it was proved, follow the hints to the end of the deal."""
    session = Session(game, deal)
    start = time.perf_counter()
    hint = session.hint(timeout=timeout)
    run = Followed(deal, str(hint.status), time.perf_counter() - start)
    if hint.status != "solved":
        return run
    while not session.outcome().over:
        start = time.perf_counter()
        hint = session.hint(timeout=timeout)
        run.hint_seconds += time.perf_counter() - start
        if hint.move is None or hint.status != "solved":
            raise AssertionError(f"deal {deal}: a proved line gave no move")
        if run.hints % every == 0:
            run.fresh[solve(game, session.state, timeout=timeout).status] += 1
        session.play(hint.move)
        run.hints += 1
    run.won = session.outcome() is Outcome.WON
    return run


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print a line per deal and a summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="hemispheres", help="a game id")
    parser.add_argument("--deals", type=int, default=12, help="follow deals 1..N")
    parser.add_argument("--timeout", type=float, default=2.0, help="seconds a hint's solve")
    parser.add_argument("--every", type=int, default=10, help="a fresh solve every N hints")
    args = parser.parse_args(argv)
    try:
        game = registry.game(args.game)
    except UnknownGame as error:
        parser.error(str(error))
    if args.every < 1:
        parser.error("--every must be at least 1")
    kind = "compiled" if all(compiled.loaded().values()) else "plain Python"
    print(f"{args.game}, hints of {args.timeout:g} s, {kind}", flush=True)
    runs = [follow(game, deal, args.timeout, args.every) for deal in range(1, args.deals + 1)]
    fresh: Counter[str] = Counter()
    for run in runs:
        fresh.update(run.fresh)
        print(
            f"  deal {run.deal}: first hint {run.first} in {run.first_seconds:.2f} s; "
            f"{run.hints} hints after it in {run.hint_seconds:.3f} s, "
            f"{'won' if run.won else 'not followed'}",
            flush=True,
        )
    followed = [r for r in runs if r.hints]
    hints = sum(r.hints for r in followed)
    seconds = sum(r.hint_seconds for r in followed)
    print(
        f"{len(followed)} of {len(runs)} deals followed to a win: {hints} hints in "
        f"{seconds:.3f} s; fresh solves of proved positions: {dict(sorted(fresh.items()))}"
    )


if __name__ == "__main__":
    main()
