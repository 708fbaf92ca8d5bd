"""The one mutable object: a game in progress with its history, undo and redo."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cadogan.core import BadRecord, Game, Move, Outcome, State
from cadogan.record import Record, replay

if TYPE_CHECKING:
    from cadogan.solve.hints import Hint, Proofs

MAX_FORCED = 10_000


@dataclass(frozen=True, slots=True)
class Entry:
    """One step of history: the move, the position after it, and whether it was forced."""

    move: Move
    state: State
    forced: bool


class Session:
    """A game being played: current state, history, undo/redo, save and load.

    After each move of the player, the game's forced moves (``Game.auto``) are applied
    and recorded as forced.  Undo takes back the player's last move together with the
    forced moves that followed it.
    """

    def __init__(self, game: Game, deal: int) -> None:
        """A new game of ``deal``.  It always starts from the deal, so that its record
        (the deal and the moves) replays to the same position; a game part-played is
        continued from its record (:meth:`from_record`)."""
        self.game = game
        self.deal = deal
        self.start = game.deal(deal)
        self.history: list[Entry] = []
        self._redo: list[list[Entry]] = []
        self._proofs: Proofs | None = None
        self._force()

    @property
    def state(self) -> State:
        """The current position."""
        return self.history[-1].state if self.history else self.start

    def moves(self) -> tuple[Move, ...]:
        """The legal moves now."""
        return self.game.moves(self.state)

    def outcome(self) -> Outcome:
        """Won, lost or still going."""
        return self.game.outcome(self.state)

    def play(self, move: Move | str) -> State:
        """Play a move (or its text), then any forced moves; clears the redo stack."""
        if isinstance(move, str):
            move = self.game.parse_move(self.state, move)
        state = self.game.play(self.state, move)
        self.history.append(Entry(move, state, forced=False))
        self._force()
        self._redo.clear()
        return self.state

    def _force(self) -> None:
        for _ in range(MAX_FORCED):
            forced = self.game.auto(self.state)
            if forced is None:
                return
            self.history.append(Entry(forced, self.game.play(self.state, forced), forced=True))
        raise RuntimeError(f"{self.game.id}: more than {MAX_FORCED} forced moves in a row")

    @property
    def can_undo(self) -> bool:
        """True when a move of the player's can be taken back."""
        return any(not e.forced for e in self.history)

    @property
    def can_redo(self) -> bool:
        """True when an undone move can be played again."""
        return bool(self._redo)

    @property
    def redo_stack(self) -> tuple[tuple[Entry, ...], ...]:
        """The undone moves, in groups (a chosen move and the forced moves after it);
        the last group is the next to redo.  For saving a game with its redo history."""
        return tuple(tuple(group) for group in self._redo)

    def restore_redo_stack(self, groups: Sequence[Sequence[Entry]]) -> None:
        """Put back a redo stack saved with :attr:`redo_stack` (the caller checks it)."""
        self._redo = [list(group) for group in groups]

    def undo(self) -> bool:
        """Take back the player's last move and the forced moves after it."""
        if not self.can_undo:
            return False
        group: list[Entry] = []
        while True:
            entry = self.history.pop()
            group.append(entry)
            if not entry.forced:
                break
        self._redo.append(group[::-1])
        return True

    def redo(self) -> bool:
        """Play again the last move that was undone."""
        if not self._redo:
            return False
        self.history.extend(self._redo.pop())
        return True

    def restart(self) -> None:
        """Back to the opening position (undo of everything, kept for redo)."""
        while self.undo():
            pass

    @property
    def proofs(self) -> Proofs:
        """What this game's solves have proved so far, by position (made on first use,
        so that a session that never asks for a hint never imports the solver)."""
        if self._proofs is None:
            from cadogan.solve.hints import Proofs

            self._proofs = Proofs()
        return self._proofs

    def hint(self, timeout: float = 2.0) -> Hint:
        """The solver's next move, or a plain word that the deal is lost (cadogan.solve).

        A position an earlier hint's solve already proved (one on the winning line it
        found, say, while the player follows the hints) is answered from that proof at
        once, without solving again.
        """
        from cadogan.solve.hints import hint

        return hint(self.game, self.state, timeout=timeout, proofs=self.proofs)

    def autoplay(self, limit: int = 1_000) -> int:
        """Play safe moves (Game.safe: they can never spoil a win) until none; how many."""
        count = 0
        while count < limit and not self.outcome().over:
            move = self.game.safe(self.state)
            if move is None:
                break
            self.play(move)
            count += 1
        return count

    def record(self) -> Record:
        """The game so far as a Record; forced moves are included, so replay is plain."""
        outcome = self.outcome()
        return Record(
            game=self.game.id,
            deal=self.deal,
            options=dict(self.game.options),
            moves=tuple(str(e.move) for e in self.history),
            result=outcome.value,
        )

    def save(self, path: str | Path) -> None:
        """Write the game so far as a record file."""
        self.record().save(path)

    @classmethod
    def from_record(cls, record: Record) -> Session:
        """Rebuild a session from a record, telling forced moves from chosen ones.

        Forced moves the record stops short of (a record of the header alone, say) are
        then made, as after any move of a live session, so the two never differ.

        A record whose ``[Result]`` its moves do not reach is refused (``BadRecord``),
        as ``cadogan replay`` refuses it: a session saves the true result, so such a
        record was cut short or altered, and loading it would show a claim the rules
        deny (the web page once announced "won" for a record saying "lost").
        """
        result = replay(record)
        if record.result is not None and record.result != result.outcome.value:
            raise BadRecord(
                f"the record says {record.result}, but its moves end {result.outcome.value}"
            )
        session = cls.__new__(cls)
        session.game, session.deal = result.game, record.deal
        session.start, session._redo, session._proofs = result.states[0], [], None
        session.history = [
            Entry(move, after, forced=result.game.auto(before) == move)
            for move, before, after in zip(
                result.moves, result.states[:-1], result.states[1:], strict=True
            )
        ]
        session._force()
        return session

    @classmethod
    def load(cls, path: str | Path) -> Session:
        """Read a record file and replay it into a session."""
        return cls.from_record(Record.load(path))
