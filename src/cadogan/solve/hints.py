"""Hints and autoplay for a game in progress (Session.hint and Session.autoplay use these)."""

from __future__ import annotations

from dataclasses import dataclass

from cadogan.core import Game, Move, State
from cadogan.solve.greedy import greedy_move
from cadogan.solve.search import Status, solve

NO_LONGER = "This deal can no longer be won."


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move (None when there is none to give) and a sentence for the player."""

    move: Move | None
    message: str
    status: Status | None = None


def hint(game: Game, state: State, *, timeout: float = 2.0) -> Hint:
    """The solver's next move while the deal is winnable; else say so plainly.

    When the solver runs out of time or memory, fall back to the honest greedy
    player's move and say that it is only a rule of thumb.
    """
    if game.outcome(state).over:
        return Hint(None, "The game is over.")
    found = solve(game, state, timeout=timeout)
    if found.status == "solved":
        if not found.moves:
            return Hint(None, "The game is already won.", found.status)
        first = found.moves[0]
        return Hint(first, f"Play {first}: the deal can still be won.", found.status)
    if found.status == "unsolvable":
        return Hint(None, NO_LONGER, found.status)
    move = greedy_move(game.id, game.view(state, state.turn), game.moves(state))
    budget = "time" if found.status == "timeout" else "memory"
    if move is None:
        return Hint(None, f"The solver ran out of {budget} and there is no move.", found.status)
    return Hint(
        move,
        f"The solver ran out of {budget} before deciding; a rule-of-thumb move is {move}.",
        found.status,
    )
