"""Solving on several cores: one solve's searches split between processes.

``solve(..., workers=n)`` forks ``n`` processes, each running one *lane* of the
portfolio (:class:`cadogan.solve.engine.Lane`): lane 0 the exhaustive search with the
best-first probe, and in the games dealt card by card the next lane the beam alone, so
that each search has a core of its own instead of taking turns on one.  Where a game
names a ``helper_beam`` (the Hemispheres, Napoleon's Square), lane 0 also runs a
second beam steered apart from the first, which wins other deals than lane 1's.  The first
lane to decide wins: the others are told to stop (each looks before its next turn,
about every thousand positions), and their counts are added in.

Why processes, and why it is sound:

- The searches are pure Python, so threads would take turns on one core.  A forked
  process starts with the game and the position already in memory; only the verdict
  comes back, through a pipe.
- Each lane answers only what it can prove: ``solved`` with a line of legal moves,
  ``unsolvable`` only from lane 0's exhaustive search.  So the combined verdict is as
  sound as a single process's.  Under a node cap (each lane gets an equal share) the
  status is reproducible: a deal is solved exactly when some lane wins within its
  share, whatever the timing; which line comes back first may vary.

Forking needs the ``fork`` start method (Linux and the other Unixes).  Where it is
missing, the solve runs in this process as with one worker.  A forked process must not
inherit busy threads, so a threaded server solves with one worker.
"""

from __future__ import annotations

import logging
import multiprocessing
import traceback
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from multiprocessing.sharedctypes import Synchronized
from multiprocessing.synchronize import Event
from time import perf_counter
from typing import Any, cast

from cadogan.core import Game, State
from cadogan.solve.engine import SOLO, Lane
from cadogan.solve.search import Limits, Progress, Run, Solution, Status, solve_lane

LOG = logging.getLogger(__name__)
GRACE = 5.0  # seconds past the timeout before a silent lane is killed
POLL = 0.1  # seconds between looks at the lanes (and calls of ``progress``)


def solve_parallel(
    game: Game, state: State, limits: Limits, workers: int, progress: Progress | None = None
) -> Solution:
    """Solve ``state`` with the searches split over ``workers`` processes."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return solve_lane(game, state, limits, Run(SOLO, progress))
    context = multiprocessing.get_context("fork")
    stop = context.Event()
    counts: list[Synchronized[int]] = [context.Value("q", 0) for _ in range(workers)]
    lanes: list[tuple[BaseProcess, Connection]] = []
    start = perf_counter()
    try:
        for index in range(workers):
            receiver, sender = context.Pipe(duplex=False)
            share = _share(limits, index, workers)
            process = context.Process(
                target=_lane,
                args=(game, state, share, Lane(index, workers), sender, counts[index], stop),
                daemon=True,
            )
            process.start()
            sender.close()
            lanes.append((process, receiver))
        results = _gather(lanes, counts, stop, progress, (start, limits.timeout + GRACE))
    finally:
        stop.set()
        for running, receiver in lanes:
            running.join(GRACE)
            if running.is_alive():
                running.kill()
                running.join()
            receiver.close()
    return _combine(results, counts, perf_counter() - start)


def _share(limits: Limits, index: int, workers: int) -> Limits:
    """One lane's budget: the whole time and table, an equal share of the nodes (lane 0
    takes what does not divide)."""
    if limits.max_nodes is None:
        return limits
    share, left = divmod(limits.max_nodes, workers)
    return Limits(limits.timeout, limits.max_states, max(1, share + (left if index == 0 else 0)))


def _lane(
    game: Game,
    state: State,
    limits: Limits,
    lane: Lane,
    sender: Connection,
    count: Synchronized[int],
    stop: Event,
) -> None:
    """A forked process: run one lane, keep ``count`` up to date, send the Solution."""

    def note(nodes: int, seconds: float) -> None:
        count.value = nodes

    try:
        solution = solve_lane(game, state, limits, Run(lane, note, stop.is_set))
        # Sent as a tuple: a compiled Solution, frozen with slots, does not unpickle.
        sender.send(("done", _fields(solution)))
    except KeyboardInterrupt:
        pass  # the parent was interrupted too, and stops every lane
    except BaseException:  # any failure goes back to the parent
        sender.send(("error", traceback.format_exc()))
    finally:
        sender.close()


def _fields(solution: Solution) -> tuple[Any, ...]:
    """The Solution's fields, in order, for ``Solution(*fields)`` at the other end."""
    s = solution
    return (s.status, s.moves, s.nodes, s.seconds, s.peak_states)


def _gather(
    lanes: list[tuple[BaseProcess, Connection]],
    counts: list[Synchronized[int]],
    stop: Event,
    progress: Progress | None,
    clock: tuple[float, float],
) -> dict[int, Solution]:
    """Wait for every lane's Solution; stop the others once one has decided.

    ``clock`` is the start and the seconds to wait at most (the timeout and ``GRACE``).
    A lane that fails raises RuntimeError here with its traceback; one that dies
    without a word, or is still running when the wait ends, counts as out of time.
    """
    start, patience = clock
    waiting = {receiver: index for index, (_, receiver) in enumerate(lanes)}
    results: dict[int, Solution] = {}
    while waiting:
        for ready in wait(list(waiting), POLL):
            receiver = cast(Connection, ready)
            index = waiting.pop(receiver)
            try:
                kind, payload = receiver.recv()
            except EOFError:  # the process died without a word: say so, count it out of time
                lanes[index][0].join(1.0)
                LOG.warning(dead_lane(index, lanes[index][0].exitcode))
                continue
            if kind == "error":
                raise RuntimeError(f"solver lane {index} failed:\n{payload}")
            results[index] = payload = Solution(*payload)
            if payload.decided:
                stop.set()
        if progress is not None:
            progress(sum(c.value for c in counts), perf_counter() - start)
        if perf_counter() - start > patience:
            break
    return results


def dead_lane(index: int, code: int | None) -> str:
    """What is said of a lane that ended without an answer (its exit ``code``): most
    often the system's out-of-memory killer, so the user knows the verdict lost one of
    its searches, and why a smaller --max-states may help."""
    how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit code {code}"
    return (
        f"search process {index} ended without an answer ({how}; was it out of memory?); "
        "the verdict comes from the others"
    )


def _combine(
    results: dict[int, Solution], counts: list[Synchronized[int]], seconds: float
) -> Solution:
    """One Solution from the lanes': the decided verdict of the lowest-numbered lane
    that has one (sound lanes never disagree, so only the line can differ), else
    ``memory`` if lane 0 ran out of table, else ``timeout``.  Nodes are summed (a lane
    that sent nothing counts what it last reported); the table is lane 0's."""
    decided = [results[i] for i in sorted(results) if results[i].decided]
    nodes = sum(results[i].nodes if i in results else c.value for i, c in enumerate(counts))
    peak = results[0].peak_states if 0 in results else 0
    if decided:
        first = decided[0]
        return Solution(first.status, first.moves, nodes, seconds, peak)
    status: Status = "memory" if 0 in results and results[0].status == "memory" else "timeout"
    return Solution(status, (), nodes, seconds, peak)
