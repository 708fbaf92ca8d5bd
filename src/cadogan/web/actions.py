"""What changes a game, whether it comes over HTTP or a WebSocket, in one place.

Each action runs under the game's lock: check that the person may do it, do it, let
the computer answer if its turn has come, write the game to storage, and send the new
table to everyone connected to the game (each from his own seat).  The person who
acted gets the same table as the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cadogan.core import CadoganError
from cadogan.session import Session
from cadogan.web import seats, solver
from cadogan.web.errors import ApiError
from cadogan.web.store import GameStore, Slot

ALONE: dict[str, Callable[[Session], object]] = {
    "undo": Session.undo,
    "redo": Session.redo,
    "restart": Session.restart,
    "autoplay": solver.autoplay,
}


def names_of(store: GameStore) -> seats.Names:
    """The display-name lookup of the store's database (no names without one)."""
    db = store.db
    if db is None:
        return lambda player: None
    lookup: seats.Names = db.name
    return lookup


def play_text(session: Session, text: str) -> None:
    """Play a move written as text; an unreadable text is an illegal move (409)."""
    try:
        session.play(text)
    except CadoganError:
        raise
    except (ValueError, IndexError, KeyError) as err:
        raise ApiError(409, "illegal_move", f"cannot read the move {text!r}") from err


def publish(token: str, slot: Slot, names: seats.Names, event: dict[str, Any]) -> None:
    """Send the table to every connection on the game, each from its player's seat."""
    tables: dict[str | None, dict[str, Any]] = {}
    for conn in list(slot.conns):
        if conn.player not in tables:
            tables[conn.player] = seats.game_json(token, slot, conn.player, names)
        conn.push({"type": "state", "event": event, "game": tables[conn.player]})


def perform(
    store: GameStore, token: str, player: str | None, verb: str, text: str = ""
) -> dict[str, Any]:
    """Do ``verb`` ("move" with its text, "undo", "redo", "restart", "autoplay") at the
    game ``token`` for ``player``; the new table as he sees it."""
    names = names_of(store)
    with store.hold(token) as slot:
        seat = slot.session.state.turn
        if verb == "move":
            seats.require_turn(slot, player, names)
            play_text(slot.session, text)
        elif verb in ALONE:
            seats.require_seat(slot, player)
            seats.require_alone(slot, verb)
            ALONE[verb](slot.session)
        else:
            raise ApiError(422, "bad_message", f"unknown action {verb!r}")
        seats.computer_moves(slot)
        store.save(token, slot)
        event = {"what": verb, "move": text or None, "seat": seat}
        publish(token, slot, names, event)
        return seats.game_json(token, slot, player, names)
