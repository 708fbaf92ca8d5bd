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


def winnable(game: Game, state: State, seconds: float) -> dict[str, Any]:
    """The solver's verdict on ``state`` within ``seconds``: solved, unsolvable, timeout."""
    solution = solve(game, state, timeout=seconds, max_states=MAX_STATES)
    return {
        "status": solution.status,
        "winnable": {"solved": True, "unsolvable": False}.get(solution.status),
        "message": VERDICTS[solution.status].format(seconds=seconds),
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 3),
        "length": len(solution.moves),
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
