"""What changes a game, whether it comes over HTTP or a WebSocket, in one place.

Each action runs under the game's lock: check that the person may do it, do it, let
the computer answer if its turn has come, write the game to storage, and send the new
table to everyone connected to the game (each from his own seat).  The person who
acted gets the same table as the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from anyio import to_thread

from cadogan.core import CadoganError
from cadogan.errors import quoted
from cadogan.session import Session
from cadogan.web import seats, solver
from cadogan.web.errors import ApiError
from cadogan.web.events import played
from cadogan.web.store import GameStore, Slot

T = TypeVar("T")
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
        raise ApiError(409, "illegal_move", f"cannot read the move {quoted(text)}") from err


def told(session: Session, start: int, mine: int) -> dict[str, Any]:
    """What a move event adds to its text: the cards the mover's move turned up
    (``shown``) and the pairs it took, and the computer's answer, move by move
    (``computer``: history ``start`` to ``mine`` is the mover's, the rest the computer's)."""
    moves = played(session, start)
    own, answer = moves[: mine - start], moves[mine - start :]
    return {
        "shown": [card for p in own for card in p.shown],
        "pairs": sum(p.pairs for p in own),
        "computer": [p.to_json() for p in answer],
    }


def publish(
    token: str,
    slot: Slot,
    names: seats.Names,
    event: dict[str, Any],
    tables: dict[str | None, dict[str, Any]] | None = None,
) -> None:
    """Send the table to every connection on the game, each from its player's seat
    (``tables`` holds the tables already built, by player)."""
    tables = dict(tables or {})
    for conn in list(slot.conns):
        # Everyone who holds no seat sees the same table: build it once for them all.
        key = conn.player if seats.own_seats(slot, conn.player) else "\0watcher"
        if key not in tables:
            tables[key] = seats.game_json(token, slot, conn.player, names)
        conn.push({"type": "state", "event": event, "game": tables[key]})


def perform(
    store: GameStore, token: str, player: str | None, verb: str, text: str = ""
) -> dict[str, Any]:
    """Do ``verb`` ("move" with its text, "undo", "redo", "restart", "autoplay", or
    "leave": the computer takes the player's seats in a room) at the game ``token`` for
    ``player``; the new table as he sees it."""
    names = names_of(store)
    with store.hold(token) as slot:
        seat = slot.session.state.turn
        start = len(slot.session.history)
        left: str | None = None  # the name of a player who leaves his seat
        with store.changing(token, slot):  # saved, or taken back whole
            if verb == "move":
                seats.require_turn(slot, player, names)
                play_text(slot.session, text)
            elif verb == "leave":
                seat = seats.hand_over(slot, player)[0]
                left = names(player) if player is not None else None
            elif verb in ALONE:
                seats.require_seat(slot, player)
                seats.require_alone(slot, verb)
                if ALONE[verb](slot.session) is False:  # undo or redo with none to do
                    raise ApiError(409, f"nothing_to_{verb}", f"Nothing to {verb}.")
            else:
                raise ApiError(422, "bad_message", f"unknown action {quoted(verb)}")
            mine = len(slot.session.history)
            seats.computer_moves(slot)
        event: dict[str, Any] = {"what": verb, "move": text or None, "seat": seat}
        if verb == "move":
            event.update(told(slot.session, start, mine))
        if verb == "leave":
            event["name"] = left or f"player {seat}"  # the seat is the computer's now
        table = seats.game_json(token, slot, player, names)
        publish(token, slot, names, event, {player: table})
        return table


async def soon(store: GameStore, token: str, work: Callable[[], T], slow: bool = False) -> T:
    """Run ``work`` (which takes the game's lock) from the event loop, which must never
    wait.  With a database on disk every piece of work goes to a worker thread: a
    write, or the load of a game asleep in storage, waits for SQLite's lock while
    another connection holds it (up to the busy timeout, seconds), and the whole
    server would wait with it.  Without one (games in memory, statistics in a private
    in-memory database no other program can lock), showing a game, a move, undo, redo
    or restart takes well under a millisecond, so it runs right there, cheaper than a
    hop to a thread; ``slow`` work, or work on a game whose lock is busy, still goes
    to a thread."""
    db = store.db
    if slow or (db is not None and db.durable):
        return await to_thread.run_sync(work)
    slot = store.get(token)
    if slot is not None and slot.lock.locked():
        return await to_thread.run_sync(work)
    return work()


async def act(
    store: GameStore, token: str, player: str | None, verb: str, text: str = ""
) -> dict[str, Any]:
    """:func:`perform` from the event loop (see :func:`soon`)."""
    work = partial(perform, store, token, player, verb, text)
    return await soon(store, token, work, slow=verb == "autoplay")
