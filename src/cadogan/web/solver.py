"""Hint, autoplay and "is this deal winnable?" for the web page (cadogan.solve).

Only move texts and a verdict go back to the page, never a card the player cannot
see.  The solver's table is capped lower than on the command line, because a server
may run several searches at once.
"""

from __future__ import annotations

from typing import Any

from cadogan.core import Game, State
from cadogan.session import Session
from cadogan.solve import solve
from cadogan.solve.hints import Proofs

MAX_STATES = 500_000
MAX_AUTOPLAY = 5_000

VERDICTS = {
    "solved": "Yes: this deal can be won.",
    "unsolvable": "No: this deal cannot be won, whatever is played.",
    "timeout": "The solver could not decide within {seconds:g} seconds.",
    "memory": "The solver ran out of room before deciding.",
}


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


def hint(session: Session, seconds: float) -> dict[str, Any]:
    """A move to play now, or the news that the position can no longer be won."""
    found = session.hint(timeout=seconds)
    return {
        "move": None if found.move is None else str(found.move),
        "status": found.status,
        "message": found.message,
    }


def autoplay(session: Session) -> int:
    """Play the game's safe moves until none is left; the number of moves played."""
    return session.autoplay(limit=MAX_AUTOPLAY)
