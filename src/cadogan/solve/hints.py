"""Hints and autoplay for a game in progress (Session.hint and Session.autoplay use these).

A hint costs a solve, and a solve within a player's patience (two seconds) decides
only some positions of the hard games.  But a verdict is a proof about a position,
not about the way the player came to it: once a solve has found a winning line, every
position along that line is proved winnable, with its next move known.  So a game in
progress keeps what its solves proved (:class:`Proofs`): a player who follows the hints
gets each next one at once, and the same answer every time, instead of a fresh solve
that might run out of time where the last one had already found the way.  The same
holds when the player comes back to such a position by undo, or by another order of
moves.  Positions proved lost are kept too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from cadogan.core import Game, Move, Outcome, State
from cadogan.describe import describe
from cadogan.solve.greedy import greedy_move
from cadogan.solve.search import Solution, Status, solve

NO_LONGER: Final = "No line of play wins from here: this position is proved lost."
PROOFS_CAP: Final = 100_000  # positions remembered per game before the memory starts afresh


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move (None when there is none to give) and a sentence for the player."""

    move: Move | None
    message: str
    status: Status | None = None


class Proofs:
    """What the solves of one game in progress proved, by position.

    ``wins`` maps each position of a winning line found by a solve to that line's next
    move there and the position it leads to; ``lost`` holds the positions proved lost.
    A line learnt later never overwrites a position already known, so following the
    remembered moves from any position runs forward along one line or passes into an
    older one, and never goes round in a circle (:meth:`line`).
    """

    def __init__(self, cap: int = PROOFS_CAP) -> None:
        self.cap = cap
        self.wins: dict[State, tuple[Move, State]] = {}
        self.lost: set[State] = set()

    def learn(self, game: Game, state: State, found: Solution) -> None:
        """Remember what ``found``, a solve of ``state``, proved.

        A ``solved`` line is replayed through ``game.play`` from ``state``, as every
        win is checked, and each position it passes through is remembered with its
        next move; ``unsolvable`` marks ``state`` lost.  Other verdicts prove nothing.
        """
        if len(self.wins) + len(self.lost) + len(found.moves) > self.cap:
            self.wins.clear()
            self.lost.clear()
        if found.status == "unsolvable":
            self.lost.add(state)
        elif found.status == "solved":
            for move in found.moves:
                after = game.play(state, move)
                self.wins.setdefault(state, (move, after))
                state = after
            if game.outcome(state) is not Outcome.WON:
                raise ValueError(f"{game.id}: a solved line that does not end in a win")

    def verdict(self, state: State) -> Status | None:
        """``solved`` or ``unsolvable`` if a solve proved it of ``state``, else None."""
        if state in self.wins:
            return "solved"
        return "unsolvable" if state in self.lost else None

    def next_move(self, state: State) -> Move | None:
        """The remembered winning line's next move from ``state``, if there is one."""
        known = self.wins.get(state)
        return None if known is None else known[0]

    def line(self, state: State) -> tuple[Move, ...]:
        """The remembered moves from ``state`` to a win (empty if none is known)."""
        return tuple(self._walk(state))

    def _walk(self, state: State) -> Iterator[Move]:
        for _ in range(len(self.wins)):
            known = self.wins.get(state)
            if known is None:
                return
            move, state = known
            yield move


def hint(game: Game, state: State, *, timeout: float = 2.0, proofs: Proofs | None = None) -> Hint:
    """The solver's next move while the deal is winnable; else say so plainly.

    With ``proofs`` (what earlier solves of this game proved), a position already
    proved is answered from them at once, and a new verdict is added to them.  When
    the solver runs out of time or memory, fall back to the honest greedy player's move
    and say that it is only a rule of thumb.
    """
    if game.outcome(state).over:
        return Hint(None, "The game is over.")
    proofs = Proofs() if proofs is None else proofs
    if proofs.verdict(state) is None:
        found = solve(game, state, timeout=timeout)
        proofs.learn(game, state, found)
        if not found.decided:
            return _rule_of_thumb(game, state, found.status)
    first = proofs.next_move(state)
    if first is not None:
        return Hint(
            first, f"Play {describe(game, state, first)}: the deal can still be won.", "solved"
        )
    return Hint(None, NO_LONGER, "unsolvable")


def _rule_of_thumb(game: Game, state: State, status: Status) -> Hint:
    """The greedy player's move, said to be only that, when the solver could not decide."""
    move = greedy_move(game.id, game.view(state, state.turn), game.moves(state))
    budget = "time" if status == "timeout" else "memory"
    if move is None:
        return Hint(None, f"The solver ran out of {budget} and there is no move.", status)
    return Hint(
        move,
        f"The solver ran out of {budget} before deciding; a rule-of-thumb move is "
        f"{describe(game, state, move)}.",
        status,
    )
