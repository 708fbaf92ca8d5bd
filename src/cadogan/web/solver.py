"""Hint, autoplay and "is this deal winnable?" for the web page (cadogan.solve).

Only move texts and a verdict go back to the page, never a card the player cannot
see.  The solver's table is capped lower than on the command line, because a server
may run several searches at once.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cadogan.core import Game, State
from cadogan.session import Session
from cadogan.solve import hints, solve
from cadogan.solve.hints import Proofs
from cadogan.web.errors import ApiError

MAX_STATES = 500_000
MAX_AUTOPLAY = 5_000

VERDICTS = {
    "solved": "Yes: this deal can be won.",
    "unsolvable": "No: this deal cannot be won, whatever is played.",
    "timeout": "The solver could not decide within {seconds:g} seconds.",
    "memory": "The solver ran out of room before deciding.",
}


# How long a question waits for a free solver before it is answered 503 ``busy``.
WAIT_SECONDS = 2.0
BUSY = "`busy`: the solver is answering as many questions as it may at once; try again"


class Solvers:
    """A bound on the solver runs at once (hints and verdicts).

    Each run takes a core and up to ``MAX_STATES`` positions of memory; unbounded,
    forty questions at once took every core and two gigabytes.  A question beyond the
    bound waits ``wait`` seconds for a run to end, then is answered 503 ``busy``
    rather than queued for longer than a player would wait."""

    def __init__(self, runs: int | None = None, wait: float = WAIT_SECONDS) -> None:
        self.runs = runs if runs is not None else os.cpu_count() or 1
        self.wait = wait
        self._free = threading.BoundedSemaphore(self.runs)

    @contextmanager
    def run(self) -> Iterator[None]:
        """Hold one of the runs for the ``with`` block (from a worker thread: it may wait)."""
        if not self._free.acquire(timeout=self.wait):
            raise ApiError(
                503, "busy", "the solver is busy with other questions; try again in a moment"
            )
        try:
            yield
        finally:
            self._free.release()


def solver_available() -> bool:
    """True: the solver ships with the package (kept for the page's feature test)."""
    return True


def winnable(
    game: Game, state: State, seconds: float, proofs: Proofs | None = None
) -> dict[str, Any]:
    """The solver's verdict on ``state`` within ``seconds``: solved, unsolvable, timeout.

    With ``proofs`` (the game's earlier verdicts, ``Session.proofs``), a position
    already proved is answered at once (no nodes, no seconds), and a new verdict is
    remembered for the hints and questions that follow.
    """
    proofs = Proofs() if proofs is None else proofs
    known = proofs.verdict(state)
    if known is not None:
        return _verdict(known, seconds, 0, 0.0, len(proofs.line(state)))
    solution = solve(game, state, timeout=seconds, max_states=MAX_STATES)
    proofs.learn(game, state, solution)
    status, moves = solution.status, len(solution.moves)
    return _verdict(status, seconds, solution.nodes, solution.seconds, moves)


def _verdict(status: str, seconds: float, nodes: int, spent: float, length: int) -> dict[str, Any]:
    """The page's form of a verdict: the status, yes/no/unknown, a sentence, the numbers."""
    return {
        "status": status,
        "winnable": {"solved": True, "unsolvable": False}.get(status),
        "message": VERDICTS[status].format(seconds=seconds),
        "nodes": nodes,
        "seconds": round(spent, 3),
        "length": length,
    }


def hint(session: Session, seconds: float, state: State | None = None) -> dict[str, Any]:
    """A move to play at ``state`` (by default the session's position now), or the news
    that it can no longer be won; the status of a game already over, which the solver
    leaves unset, is ``over``."""
    at = session.state if state is None else state
    found = hints.hint(session.game, at, timeout=seconds, proofs=session.proofs)
    return {
        "move": None if found.move is None else str(found.move),
        "status": found.status or "over",
        "message": found.message,
    }


def autoplay(session: Session) -> int:
    """Play the game's safe moves until none is left; the number of moves played."""
    return session.autoplay(limit=MAX_AUTOPLAY)
