"""The WebSocket ``/ws/games/{id}``: a game live, for its players and its watchers.

On connecting, a person who holds no seat at a room takes its first free seat (the
second player joining by the link; a player coming back is known by his cookie and
finds his seat again); everyone else watches.  Every connection then receives
``{"type": "state", "game": ..., "event": ...}`` with the table from its own seat
each time anything changes.  The event says what changed: ``{"what": "join", "seat":
n}`` (None for a watcher), ``leave``, ``name``, ``state``, or a move,
``{"what": "move", "move": text, "seat": n, "shown": [cards it turned up], "pairs": n,
"computer": [...]}``, where ``computer`` lists the moves the computer answered with,
each ``{"move", "seat", "shown", "pairs"}`` (:mod:`cadogan.web.events`).  It may
send (JSON text, at most ``max_message`` characters, at most ``rate`` a second with
bursts of ``burst``):

- ``{"type": "move", "move": "turn p1packet1"}`` (also ``undo``, ``redo``,
  ``restart``, ``autoplay`` at a game played alone);
- ``{"type": "name", "name": "Lady C."}``: the name shown for you in the room;
- ``{"type": "state"}``: the table again; ``{"type": "ping"}``: answered ``pong``.

Anything refused (a wrong turn, a move of someone else's game, an illegal move, bad
JSON, an unknown type, too large, too fast) is answered with
``{"type": "error", "kind": word, "error": sentence}``; the connection stays open.
Only a sender who keeps breaking the rate limit is disconnected (code 1008).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
import threading
import time
from collections.abc import MutableMapping
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from anyio import to_thread
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cadogan.core import CadoganError
from cadogan.errors import quoted
from cadogan.web.actions import ALONE, act, names_of, publish
from cadogan.web.errors import ApiError, StorageUnavailable, from_cadogan
from cadogan.web.players import clean_name, player_of
from cadogan.web.seats import game_json, join
from cadogan.web.store import GameStore, Slot

router = APIRouter()
log = logging.getLogger("cadogan.web")
ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
OUTBOX = 64


@dataclass
class Limits:
    """The bounds on WebSockets: message size and rate, connections per game and in all."""

    max_message: int = 2048
    rate: float = 20.0
    burst: float = 40.0
    strikes: int = 200  # messages refused for speed before the connection is closed
    per_game: int = 16
    total: int = 2000
    open: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.last = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Conn:
    """One connection: whose it is, and its outbox (filled from any thread)."""

    def __init__(self, websocket: WebSocket, player: str | None) -> None:
        self.websocket, self.player = websocket, player
        self.loop = asyncio.get_running_loop()
        self.outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue(OUTBOX)
        self.closing: asyncio.Task[None] | None = None  # set once the reader is let go

    def push(self, message: dict[str, Any]) -> None:
        """Queue a message for this connection (thread-safe)."""
        with suppress(RuntimeError):  # its event loop has ended: the connection is gone
            self.loop.call_soon_threadsafe(self._offer, message)

    def _offer(self, message: dict[str, Any]) -> None:
        if self.closing is not None:
            return  # being let go: nothing more is sent
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:  # a reader too slow to keep up is let go, once
            self.closing = self.loop.create_task(self._close(1013, "too many messages waiting"))

    async def _close(self, code: int, reason: str) -> None:
        """Close the socket; one already closed (the client went first) is no error.
        Every message past a full outbox made a closing task of its own, each failing
        unretrieved: hundreds of tracebacks in the log."""
        try:
            await self.websocket.close(code, reason)
        except Exception as err:  # closing a dead socket may fail in any way
            log.debug("closing a WebSocket: %s", err)

    async def send_all(self) -> None:
        while True:
            message = await self.outbox.get()
            await self.websocket.send_text(json.dumps(message))


def error(kind: str, sentence: str) -> dict[str, Any]:
    return {"type": "error", "kind": kind, "error": sentence}


def _enter(store: GameStore, gid: str, conn: Conn, limits: Limits) -> Slot:
    """Register ``conn`` at the game (seating its player at a free seat of a room)."""
    with store.hold(gid) as slot:
        if len(slot.conns) >= limits.per_game:
            raise ApiError(503, "game_full", "too many people are connected to this game")
        with store.changing(gid, slot):  # saved if a seat was taken
            seat = join(slot, conn.player)
        slot.conns.add(conn)
        publish(gid, slot, names_of(store), {"what": "join", "seat": seat})
        return slot


def _leave(store: GameStore, gid: str, slot: Slot, conn: Conn) -> None:
    with slot.lock:
        slot.conns.discard(conn)
        publish(gid, slot, names_of(store), {"what": "leave"})


def _rename(store: GameStore, gid: str, player: str | None, text: object) -> None:
    if player is None or store.db is None or not isinstance(text, str) or len(text) > 64:
        raise ApiError(422, "bad_name", "a name is a text of at most 32 characters")
    try:
        store.db.set_name(player, clean_name(text))
    except ValueError as err:
        raise ApiError(422, "bad_name", str(err)) from None
    with store.hold(gid) as slot:
        publish(gid, slot, names_of(store), {"what": "name"})


def _state(store: GameStore, gid: str, conn: Conn) -> None:
    with store.hold(gid) as slot:
        table = game_json(gid, slot, conn.player, names_of(store))
    conn.push({"type": "state", "event": {"what": "state"}, "game": table})


async def _handle(store: GameStore, gid: str, conn: Conn, data: dict[str, Any]) -> None:
    """Carry out one well-formed message."""
    kind = data.get("type")
    if kind == "ping":
        conn.push({"type": "pong"})
    elif kind == "move":
        text = data.get("move")
        if not isinstance(text, str) or not 0 < len(text) <= 200:
            raise ApiError(422, "bad_message", "a move is a text of 1 to 200 characters")
        await act(store, gid, conn.player, "move", text)
    elif kind in ALONE:
        await act(store, gid, conn.player, kind)
    elif kind == "name":
        await to_thread.run_sync(_rename, store, gid, conn.player, data.get("name"))
    elif kind == "state":
        await to_thread.run_sync(_state, store, gid, conn)
    else:
        raise ApiError(422, "bad_message", f"unknown message type {quoted(kind)}")


def _parse(message: MutableMapping[str, Any], limits: Limits) -> dict[str, Any]:
    """The JSON object a WebSocket message carries, or an ApiError saying what is wrong."""
    text = message.get("text")
    if text is None:
        raise ApiError(422, "bad_message", "send JSON text messages, not binary ones")
    if len(text) > limits.max_message:
        raise ApiError(413, "too_large", f"a message has at most {limits.max_message} characters")
    try:
        data = json.loads(text)
    except ValueError:
        raise ApiError(422, "bad_json", "the message is not valid JSON") from None
    except RecursionError:  # nested deeper than Python's recursion limit
        raise ApiError(422, "bad_json", "the message's JSON is nested too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ApiError(422, "bad_message", 'a message is a JSON object with a "type"')
    return data


async def _serve(websocket: WebSocket, store: GameStore, gid: str, conn: Conn) -> None:
    """Read messages until the client goes, answering refusals with error messages."""
    limits: Limits = websocket.app.state.ws_limits
    bucket = Bucket(limits.rate, limits.burst)
    strikes = 0
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        try:
            if not bucket.take():
                strikes += 1
                if strikes > limits.strikes:
                    await websocket.close(1008, "too many messages")
                    return
                raise ApiError(429, "rate_limited", "too many messages: slow down")
            await _handle(store, gid, conn, _parse(message, limits))
        except ApiError as err:
            conn.push(error(err.kind, err.message))
        except CadoganError as err:
            mapped = from_cadogan(err)
            conn.push(error(mapped.kind, mapped.message))
        except sqlite3.Error as err:  # a name's write (a game's is StorageUnavailable)
            busy = StorageUnavailable(err)
            conn.push(error(busy.kind, busy.message))
        except Exception:  # never let one message take the connection down
            log.exception("WebSocket message failed")
            conn.push(error("server_error", "the server could not handle that message"))


DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def same_origin(origin: str, host: str | None) -> bool:
    """Whether a handshake's ``Origin`` names the server it is sent to (its ``Host``),
    host and port alike (a port left out is the scheme's own)."""
    try:
        sent = urlsplit(origin)
        asked = urlsplit(f"{sent.scheme}://{host or ''}")
        default = DEFAULT_PORTS.get(sent.scheme)
        return bool(sent.hostname) and (sent.hostname, sent.port or default) == (
            asked.hostname,
            asked.port or default,
        )
    except ValueError:  # a port that is not a number
        return False


@router.websocket("/ws/games/{gid}")
async def game_socket(websocket: WebSocket, gid: str) -> None:
    """A game, live: see the module's documentation for the messages.

    A browser names the page that opens a socket (``Origin``): a socket opened by
    another site's page, which would act with the player's cookie, is refused before
    the handshake (code 1008, an HTTP 403).  Programs that send no ``Origin`` may
    connect."""
    store: GameStore = websocket.app.state.store
    limits: Limits = websocket.app.state.ws_limits
    origin = websocket.headers.get("origin")
    if origin is not None and not same_origin(origin, websocket.headers.get("host")):
        await websocket.close(1008, "another site's page may not open this game")
        return
    await websocket.accept()
    conn = Conn(websocket, player_of(websocket))
    with limits.lock:
        crowded = limits.open >= limits.total
        limits.open += 0 if crowded else 1
    if crowded:
        await websocket.send_text(json.dumps(error("server_full", "too many connections")))
        await websocket.close(1013)
        return
    sender: asyncio.Task[None] | None = None
    slot: Slot | None = None
    try:
        if not ID.match(gid):
            raise ApiError(404, "unknown_id", "no game has this id")
        slot = await to_thread.run_sync(_enter, store, gid, conn, limits)
        sender = asyncio.create_task(conn.send_all())
        await _serve(websocket, store, gid, conn)
    except ApiError as err:
        await websocket.send_text(json.dumps(error(err.kind, err.message)))
        await websocket.close(4404 if err.status == 404 else 1013)
    except (WebSocketDisconnect, RuntimeError):
        pass  # the client went away (or the socket was closed under it)
    finally:
        with limits.lock:
            limits.open -= 1
        if sender is not None:
            sender.cancel()
        if slot is not None:
            await to_thread.run_sync(_leave, store, gid, slot, conn)
