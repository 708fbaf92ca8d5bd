"""Engine speed: moves per second and playouts per second, per game, through the public API.

Run: .venv/bin/python benchmarks/engine_bench.py [--seconds S] [--game ID ...]
This is a measurement, not a test: it never fails on a slow machine.
"""

from __future__ import annotations

import argparse
import random
import resource
import time

from cadogan import registry
from cadogan.core import Game


def playouts(game: Game, seconds: float) -> tuple[int, int, float]:
    """Random playouts from deals 1, 2, 3 ... for ``seconds``: (playouts, moves, elapsed)."""
    rng = random.Random(0)
    start = time.perf_counter()
    done = moves = 0
    deal = 1
    while time.perf_counter() - start < seconds:
        state = game.deal(deal)
        while True:
            legal = game.moves(state)
            if not legal:
                break
            state = game.play(state, rng.choice(legal))
            moves += 1
        done += 1
        deal += 1
    return done, moves, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game")
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    args = parser.parse_args()
    names = args.game or list(registry.ids())
    print(f"{'game':<20} {'playouts/s':>11} {'moves/s':>10} {'moves/playout':>14}")
    for name in names:
        game = registry.game(name)
        done, moves, elapsed = playouts(game, args.seconds)
        print(
            f"{name:<20} {done / elapsed:>11.1f} {moves / elapsed:>10.0f} "
            f"{moves / max(done, 1):>14.1f}"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MiB")


if __name__ == "__main__":
    main()
