"""Games in SQLite: written at each move, back after a restart with their undo and redo
history, and asleep in storage when they leave memory (caps and idle expiry).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi import FastAPI
from fastapi.testclient import TestClient

from cadogan import registry
from cadogan.record import Record
from cadogan.session import Session
from cadogan.web import create_app
from cadogan.web.actions import soon
from cadogan.web.persist import GameDB, redo_groups, restore
from cadogan.web.store import GameStore


def browser(app: FastAPI, cookies: Any = None) -> TestClient:
    client = TestClient(app)
    if cookies is not None:
        client.cookies = cookies  # the same browser, coming back
    client.get("/api/me")
    return client


def play(client: TestClient, gid: str, count: int) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/sessions/{gid}").json()
    for _ in range(count):
        move = data["moves"][0]["text"]
        data = client.post(f"/api/sessions/{gid}/moves", json={"move": move}).json()
    return data


def rows(db: Path, sql: str, *args: object) -> list[Any]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql, args).fetchall()


def test_every_move_is_written_as_it_is_made(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    a = browser(create_app(str(db)))
    gid = a.post("/api/sessions", json={"game": "travellers", "deal": 5}).json()["id"]
    for n in range(1, 4):
        play(a, gid, 1)
        (record,) = rows(db, "SELECT record FROM games WHERE id = ?", gid)[0]
        assert len(Record.parse(record).moves) == n
    a.post(f"/api/sessions/{gid}/undo")
    (redo,) = rows(db, "SELECT redo FROM games WHERE id = ?", gid)[0]
    assert len(json.loads(redo)) == 1
    assert rows(db, "PRAGMA journal_mode")[0][0] == "wal"


def test_a_restart_resumes_a_game_at_the_same_move_with_undo_and_redo(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    first = create_app(db)
    a = browser(first)
    gid = a.post("/api/sessions", json={"game": "constitution", "deal": 1}).json()["id"]
    play(a, gid, 8)
    a.post(f"/api/sessions/{gid}/undo")
    before = a.post(f"/api/sessions/{gid}/undo").json()
    first.state.db.close()
    again = browser(create_app(db), a.cookies)  # the server restarted; same browser
    after = again.get(f"/api/sessions/{gid}").json()
    for key in ("view", "steps", "chosen", "can_undo", "can_redo", "moves", "last", "you"):
        assert after[key] == before[key], key
    assert again.post(f"/api/sessions/{gid}/redo").json()["steps"] > after["steps"]
    assert again.post(f"/api/sessions/{gid}/redo").json()["can_redo"] is False
    assert again.post(f"/api/sessions/{gid}/undo").json()["can_redo"]


def test_a_room_survives_a_restart_and_its_players_keep_their_seats(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    first = create_app(db)
    a, b = browser(first), browser(first)
    gid = a.post("/api/rooms", json={"game": "sympathie", "deal": 3}).json()["id"]
    with b.websocket_connect(f"/ws/games/{gid}") as wb:
        wb.receive_json()
    play(a, gid, 2)
    first.state.db.close()
    second = create_app(db)
    a2, b2, c2 = browser(second, a.cookies), browser(second, b.cookies), browser(second)
    assert a2.get(f"/api/sessions/{gid}").json()["you"] == [1]
    table = b2.get(f"/api/sessions/{gid}").json()
    assert table["you"] == [2] and table["steps"] == 2 and table["room"]
    assert c2.get(f"/api/sessions/{gid}").json()["you"] == []


def test_idle_games_go_to_storage_and_come_back_on_their_next_request(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "g.sqlite"))
    now = [0.0]
    store = GameStore(idle_seconds=60, clock=lambda: now[0], db=app.state.db)
    app.state.store = store
    a = browser(app)
    gid = a.post("/api/sessions", json={"game": "travellers", "deal": 2}).json()["id"]
    play(a, gid, 3)
    now[0] = 1000.0
    assert len(store) == 0  # expired from memory ...
    data = a.get(f"/api/sessions/{gid}").json()  # ... and back on the next request
    assert data["steps"] == 3 and len(store) == 1 and data["can_undo"]


def test_without_a_database_an_expired_game_is_gone(tmp_path: Path) -> None:
    app = create_app(None, capacity=1)
    a = browser(app)
    gid = a.post("/api/sessions", json={"game": "travellers"}).json()["id"]
    a.post("/api/sessions", json={"game": "travellers"})
    assert a.get(f"/api/sessions/{gid}").status_code == 404


def test_live_games_are_capped_and_the_oldest_sleeps_in_storage(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "g.sqlite"), capacity=2)
    a = browser(app)
    ids = [
        a.post("/api/sessions", json={"game": "travellers", "deal": n}).json()["id"]
        for n in (1, 2, 3)
    ]
    store = app.state.store
    assert len(store) == 2 and store._slots.keys() == set(ids[1:])
    assert a.get(f"/api/sessions/{ids[0]}").json()["deal"] == 1
    assert len(store) == 2 and ids[1] not in store._slots


def test_rooms_are_capped_and_a_full_server_says_so(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "g.sqlite"), room_capacity=1)
    a = browser(app)
    new = {"game": "sympathie", "deal": 1}
    first = a.post("/api/rooms", json=new).json()["id"]
    with a.websocket_connect(f"/ws/games/{first}") as ws:
        ws.receive_json()
        answer = a.post("/api/rooms", json=new)  # the only room is in use
        assert answer.status_code == 503 and answer.json()["kind"] == "server_full"
        assert a.post("/api/sessions", json={"game": "travellers"}).status_code == 201
    second = a.post("/api/rooms", json=new)  # now the first may sleep in storage
    assert second.status_code == 201 and app.state.store.rooms() == 1
    assert a.get(f"/api/sessions/{first}").json()["room"]


def test_restore_rebuilds_forced_moves_and_the_redo_stack() -> None:
    game = registry.game("constitution")
    session = Session(game, 4)
    for _ in range(30):
        if session.outcome().over:
            break
        session.play(session.moves()[0])
    for _ in range(4):
        session.undo()
    groups = redo_groups(session)
    assert any(f for _, f in groups[0] + groups[1]) and any(e.forced for e in session.history)
    again = restore(session.record().text(), groups)
    assert [e.state for e in again.history] == [e.state for e in session.history]
    assert [e.forced for e in again.history] == [e.forced for e in session.history]
    assert redo_groups(again) == groups
    while session.redo():
        assert again.redo() and again.state == session.state
    assert not again.can_redo


def test_results_are_written_once_per_game_and_player(tmp_path: Path) -> None:
    db = GameDB(tmp_path / "g.sqlite")
    session = Session(registry.game("travellers"), 3)
    session.autoplay(limit=5000)
    assert session.outcome().over
    seats: dict[int, str | None] = {1: "p" * 24}
    db.save("game-token-1", session, seats, False)
    db.save("game-token-1", session, seats, False)
    assert [(g.played, g.game) for g in db.stats("p" * 24)] == [(1, "travellers")]
    db.close()


def hold(path: Path) -> sqlite3.Connection:
    """Another program writing to the database: it holds SQLite's write lock."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_busy_database_answers_503_and_leaves_the_game_as_stored(tmp_path: Path) -> None:
    """A move that cannot be saved is taken back (memory never runs ahead of storage)
    and answered 503 ``storage_unavailable``; it was a 500, with the move kept in
    memory but not on disk."""
    path = tmp_path / "g.sqlite"
    app = create_app(str(path))
    app.state.db.execute("PRAGMA busy_timeout = 50")  # not the server's 10 s
    a = browser(app)
    table = a.post("/api/sessions", json={"game": "travellers", "deal": 5}).json()
    gid, first = table["id"], table["moves"][0]["text"]
    games = len(app.state.store)
    other = hold(path)
    try:
        answer = a.post(f"/api/sessions/{gid}/moves", json={"move": first})
        assert answer.status_code == 503, answer.text
        assert answer.json()["kind"] == "storage_unavailable"
        assert a.get(f"/api/sessions/{gid}").json()["steps"] == table["steps"]
        started = a.post("/api/sessions", json={"game": "travellers", "deal": 6})
        assert started.status_code == 503 and len(app.state.store) == games
        with a.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.receive_json()
            ws.send_json({"type": "move", "move": first})
            assert ws.receive_json()["kind"] == "storage_unavailable"
    finally:
        other.execute("ROLLBACK")
        other.close()
    moved = a.post(f"/api/sessions/{gid}/moves", json={"move": first}).json()
    (record,) = rows(path, "SELECT record FROM games WHERE id = ?", gid)[0]
    assert len(Record.parse(record).moves) == 1 and moved["chosen"] == 1


def test_with_a_database_on_disk_no_work_waits_on_the_event_loop(tmp_path: Path) -> None:
    """A write may wait seconds for SQLite's lock: on disk, every action runs in a
    worker thread (in memory, the quick ones run on the loop)."""

    async def where(app: FastAPI) -> tuple[int, int]:
        ran = await soon(app.state.store, "an-id-not-in-memory", threading.get_ident)
        return ran, threading.get_ident()

    ran, loop = asyncio.run(where(create_app(str(tmp_path / "g.sqlite"))))
    assert ran != loop
    ran, loop = asyncio.run(where(create_app(None)))
    assert ran == loop


def test_the_checkpoint_thread_logs_a_failure_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The thread ended for good at its first error, leaving the WAL to grow."""
    db = GameDB(tmp_path / "g.sqlite", checkpoint_seconds=0.01)
    calls: list[str] = []

    def flaky(path: str) -> None:
        calls.append(path)
        if len(calls) == 1:
            raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(db, "checkpoint", flaky)
    deadline = time.monotonic() + 10
    while len(calls) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    db.close()
    assert len(calls) >= 3
    assert "database is locked" in caplog.text
