"""The server's live games in memory: unguessable ids, caps, idle expiry, and storage.

A game id is a ``secrets.token_urlsafe`` token, so one browser cannot reach another's
game by guessing.  At most ``capacity`` games (and at most ``room_capacity`` rooms
among them) are live in memory.  When the store is full, the least recently used game
with nobody connected goes; so does any game left alone for ``idle_seconds``.  With a
database (:class:`cadogan.web.persist.GameDB`, durable) every change is written as it
is made, so a game that leaves memory is only asleep: its next request brings it back
from storage, at the same move and with its undo history.  Without one it is gone.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from cadogan.session import Entry, Session
from cadogan.web.errors import ApiError, StorageUnavailable

TOKEN_BYTES = 18


@dataclass(eq=False)
class Slot:
    """One live game: its session, seats, lock, live connections, and when last used.

    ``seats`` maps each player number to the cookie token of the person holding that
    seat, ``"computer"``, or None while the seat is free.  ``gone`` is set when the
    slot leaves memory, so a request holding a stale slot fetches the game again.
    ``scored`` is False for a game whose end must never count in its players'
    statistics: a record that was loaded already over.
    """

    session: Session
    used: float
    seats: dict[int, str | None] = field(default_factory=dict)
    room: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)
    conns: set[Any] = field(default_factory=set)
    gone: bool = False
    scored: bool = True


@dataclass(frozen=True)
class Snapshot:
    """What a change may alter in a live game: its moves, its redo stack and its seats.

    Taken before a change, so that a change that fails, or that could not be saved, is
    taken back whole (:meth:`GameStore.changing`): the game in memory never runs ahead
    of the game in storage.  The entries are values, so keeping them copies no card."""

    history: tuple[Entry, ...]
    redo: tuple[tuple[Entry, ...], ...]
    seats: tuple[tuple[int, str | None], ...]

    @classmethod
    def of(cls, slot: Slot) -> Snapshot:
        session = slot.session
        return cls(tuple(session.history), session.redo_stack, tuple(slot.seats.items()))

    def restore(self, slot: Slot) -> None:
        """Put ``slot`` back as it was when the snapshot was taken."""
        slot.session.history[:] = self.history
        slot.session.restore_redo_stack(self.redo)
        slot.seats.clear()
        slot.seats.update(self.seats)


class StoreFull(ApiError):
    """Every place is taken by a game with someone connected to it."""

    def __init__(self, what: str) -> None:
        super().__init__(503, "server_full", f"the server holds all the {what} it can; try later")


class GameStore:
    """A bounded, thread-safe map from game id to Slot, backed by storage if given."""

    def __init__(
        self,
        capacity: int = 1000,
        idle_seconds: float = 6 * 3600,
        clock: Callable[[], float] = time.monotonic,
        db: Any = None,
        room_capacity: int = 200,
    ) -> None:
        self.capacity = capacity
        self.room_capacity = room_capacity
        self.idle_seconds = idle_seconds
        self.db = db  # a cadogan.web.persist.GameDB, or None
        self._clock = clock
        self._slots: OrderedDict[str, Slot] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            self._expire()
            return len(self._slots)

    def rooms(self) -> int:
        """How many rooms are live in memory."""
        with self._lock:
            return sum(s.room for s in self._slots.values())

    def add(
        self,
        session: Session,
        seats: dict[int, str | None] | None = None,
        room: bool = False,
        scored: bool = True,
    ) -> str:
        """Store ``session`` under a new unguessable id, save it, and return the id
        (``scored`` False: its end never counts in the statistics)."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        slot = Slot(session, self._clock(), dict(seats or {}), room, scored=scored)
        with self._lock:
            self._expire()
            self._make_room(room)
            self._slots[token] = slot
        try:
            self.save(token, slot)
        except BaseException:  # a game that could not be stored is not started
            with self._lock:
                slot.gone = True
                self._slots.pop(token, None)
            raise
        return token

    def get(self, token: str) -> Slot | None:
        """The slot for ``token``, marking it used; from storage if it left memory.

        None when no game has this id (or, without storage, when it expired).
        """
        with self._lock:
            self._expire()
            slot = self._slots.get(token)
            if slot is not None:
                slot.used = self._clock()
                self._slots.move_to_end(token)
                return slot
            if self.db is None or not self.db.durable:
                return None
            try:
                loaded = self.db.load(token)  # under the store's lock: never loaded twice
            except sqlite3.Error as err:
                raise StorageUnavailable(err) from None
            if loaded is None:
                return None
            session, seats, room, scored = loaded
            self._make_room(room)
            slot = Slot(session, self._clock(), seats, room, scored=scored)
            self._slots[token] = slot
            return slot

    @contextmanager
    def hold(self, token: str) -> Iterator[Slot]:
        """The live slot for ``token`` with its lock held (404 when there is none)."""
        for _ in range(5):
            slot = self.get(token)
            if slot is None:
                break
            with slot.lock:
                if not slot.gone:
                    yield slot
                    return
        raise ApiError(404, "unknown_id", "no game has this id (it may have expired)")

    def save(self, token: str, slot: Slot) -> None:
        """Write the game to storage (called with the slot's lock held, after a change);
        raises StorageUnavailable when the database is busy or failing."""
        if self.db is not None:
            try:
                self.db.save(token, slot.session, slot.seats, slot.room, slot.scored)
            except sqlite3.Error as err:
                raise StorageUnavailable(err) from None

    @contextmanager
    def changing(self, token: str, slot: Slot) -> Iterator[None]:
        """Change the game (its lock held) in the ``with`` block, then save it if it
        changed.  Any failure, of the change or of the save (503 storage_unavailable),
        takes the change back whole, so that no one is shown a move that storage has
        not kept, and a player is not left with half an action."""
        before = Snapshot.of(slot)
        try:
            yield
            if Snapshot.of(slot) != before:
                self.save(token, slot)
        except BaseException:
            before.restore(slot)
            raise

    def _make_room(self, room: bool) -> None:
        """Evict the least recently used idle games until a new one fits."""
        while len(self._slots) >= self.capacity:
            if not self._evict(lambda s: True):
                raise StoreFull("games")
        while room and sum(s.room for s in self._slots.values()) >= self.room_capacity:
            if not self._evict(lambda s: s.room):
                raise StoreFull("rooms")

    def _evict(self, which: Callable[[Slot], bool]) -> bool:
        """Drop the oldest game matching ``which`` that nobody uses now; False if none."""
        candidates = [(t, s) for t, s in self._slots.items() if which(s)]
        return any(self._drop(token, slot) for token, slot in candidates)

    def _drop(self, token: str, slot: Slot) -> bool:
        """Drop ``slot`` unless someone is connected or a request holds it."""
        if slot.conns or not slot.lock.acquire(blocking=False):
            return False
        try:
            slot.gone = True
            del self._slots[token]
        finally:
            slot.lock.release()
        return True

    def _expire(self) -> None:
        """Drop games idle for too long; the oldest are first in the ordered map."""
        limit = self._clock() - self.idle_seconds
        for token, slot in list(self._slots.items()):
            if slot.used >= limit:
                return
            if not self._drop(token, slot):
                slot.used = self._clock()  # in use: keep it, and look at it again later
                self._slots.move_to_end(token)
