"""Players' statistics: the figures, the web endpoints, the reset, and ``cadogan stats``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cadogan import stats, storage
from cadogan.cli import cli

ALICE, BOB = "a" * 24, "b" * 24


def seeded(path: Path) -> Path:
    """A database with results: Alice W W L W W W at Travellers, L at Zodiac; Bob W."""
    conn = storage.connect(path)
    with conn:
        for n, outcome in enumerate("WWLWWW"):
            won = "won" if outcome == "W" else "lost"
            stats.record_result(conn, f"t{n}", ALICE, "travellers", won, str(n + 1), 100.0 + n)
        stats.record_result(conn, "z", ALICE, "zodiac", "lost", "9", 50.0)
        stats.record_result(conn, "t0", BOB, "travellers", "won", "1", 200.0)
        stats.set_name(conn, ALICE, "Alice", 1.0)
    conn.close()
    return path


def test_streaks_count_runs_of_wins() -> None:
    assert stats.streaks([]) == (0, 0)
    assert stats.streaks(["won", "won", "lost", "won"]) == (1, 2)
    assert stats.streaks(["lost", "won", "won", "won"]) == (3, 3)
    assert stats.streaks(["won", "lost"]) == (0, 1)


def test_the_figures_per_game_in_the_books_order(tmp_path: Path) -> None:
    conn = storage.connect(seeded(tmp_path / "s.sqlite"))
    zodiac, travellers = stats.player_stats(conn, ALICE)
    assert (zodiac.game, zodiac.played, zodiac.won, zodiac.win_percent) == ("zodiac", 1, 0, 0.0)
    assert (travellers.name, travellers.played, travellers.won) == ("Travellers", 6, 5)
    assert travellers.win_percent == 83.3
    assert (travellers.current_streak, travellers.best_streak) == (3, 3)
    assert [r.deal for r in travellers.results] == ["1", "2", "3", "4", "5", "6"]
    assert stats.players(conn) == [(ALICE, "Alice"), (BOB, None)]
    assert not stats.record_result(conn, "t0", BOB, "travellers", "lost", "1", 300.0)
    assert stats.reset(conn, ALICE) == 7 and stats.player_stats(conn, ALICE) == []
    assert len(stats.player_stats(conn, BOB)) == 1


def test_cadogan_stats_prints_the_same_figures(tmp_path: Path) -> None:
    db = seeded(tmp_path / "s.sqlite")
    result = CliRunner().invoke(cli, ["stats", "--db", str(db), "--json"])
    assert result.exit_code == 0, result.output
    players = json.loads(result.output)["players"]
    assert [p["player"] for p in players] == ["Alice", f"player {BOB[:8]}"]
    conn = storage.connect(db)
    assert players[0]["games"] == [g.to_json() for g in stats.player_stats(conn, ALICE)]
    conn.close()
    deals = {g["game"]: [r["deal"] for r in g["results"]] for g in players[0]["games"]}
    assert deals == {"travellers": [1, 2, 3, 4, 5, 6], "zodiac": [9]}  # numbers, as elsewhere
    text = CliRunner().invoke(cli, ["stats", "--db", str(db), "--player", "Alice"])
    assert text.exit_code == 0 and "Travellers" in text.output and "83.3" in text.output
    assert "WW.WWW" in text.output and "player bbbb" not in text.output


def test_cadogan_stats_without_a_database(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["stats", "--db", str(tmp_path / "none.sqlite")])
    assert result.exit_code == 2 and "no database" in result.output  # bad input: exit 2
    empty = tmp_path / "empty.sqlite"
    storage.connect(empty).close()
    assert "No finished games" in CliRunner().invoke(cli, ["stats", "--db", str(empty)]).output


def test_cadogan_stats_does_not_need_the_web_extra(tmp_path: Path) -> None:
    db = seeded(tmp_path / "s.sqlite")
    code = (
        "import sys; from cadogan.cli import main\n"
        "try:\n    main(['stats', '--db', sys.argv[1], '--json'])\n"
        "finally:\n    assert 'fastapi' not in sys.modules and 'starlette' not in sys.modules\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(db)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][0]["player"] == "Alice"


# The web side


def test_the_statistics_endpoints_and_the_reset(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from cadogan.web import create_app

    db = tmp_path / "w.sqlite"
    client = TestClient(create_app(str(db)))
    assert client.get("/api/me").json() == {"name": None}
    cookie = client.cookies["cadogan_player"]
    assert len(cookie) >= 22
    assert cookie not in client.get("/api/me").text
    for deal in (3, 4):
        gid = client.post("/api/sessions", json={"game": "travellers", "deal": deal}).json()["id"]
        assert client.post(f"/api/sessions/{gid}/autoplay").json()["over"]
        client.post(f"/api/sessions/{gid}/undo")
        client.post(f"/api/sessions/{gid}/autoplay")  # finished twice, counted once
    figures = client.get("/api/me/stats").json()
    (travellers,) = figures["games"]
    assert travellers["played"] == 2 and len(travellers["results"]) == 2
    assert 0 <= travellers["win_percent"] <= 100
    out = CliRunner().invoke(cli, ["stats", "--db", str(db), "--json"]).output
    assert json.loads(out)["players"][0]["games"] == figures["games"]
    refused = client.post("/api/me/stats/reset", json={})
    assert refused.status_code == 422 and refused.json()["kind"] == "not_confirmed"
    assert client.get("/api/me/stats").json()["games"]
    done = client.post("/api/me/stats/reset", json={"confirm": True}).json()
    assert done["erased"] == 2 and done["games"] == []


def _row(deal: int) -> Any:
    from cadogan.study.store import Row

    return Row("travellers", "", "greedy", deal, "won", 10, 10, 0.1, 1.0, "test")


def test_the_study_and_the_players_results_share_one_file(tmp_path: Path) -> None:
    """`cadogan study` and `cadogan serve`/`stats` default to the same file; each keeps
    its own table, in either order, and neither breaks the other."""
    from cadogan.study import Store

    for first in ("study", "web"):
        path = tmp_path / f"{first}.sqlite"
        if first == "study":
            Store(path).add([_row(1)])
        seeded(path)
        store = Store(path)
        store.add([_row(2)])
        stored = {1, 2} if first == "study" else {2}
        assert store.done("travellers", "", "greedy", range(1, 3)) == stored
        conn = storage.connect(path)
        assert stats.player_stats(conn, BOB)[0].played == 1
        conn.close()


SCHEMA_ONE = (
    "CREATE TABLE results (session TEXT NOT NULL, player TEXT NOT NULL, game TEXT NOT NULL,"
    " outcome TEXT NOT NULL, deal TEXT NOT NULL, finished REAL NOT NULL,"
    " PRIMARY KEY (session, player));"
    "CREATE INDEX results_by_player ON results (player, game, finished);"
)


def test_a_schema_one_file_keeps_its_players_results(tmp_path: Path) -> None:
    """A file written when the web's table was called `results` is moved on, rows and
    all, and the study can then use the file too."""
    import sqlite3

    from cadogan.study import Store

    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript(
        SCHEMA_ONE + f"INSERT INTO results VALUES ('s', '{ALICE}', 'zodiac', 'won', '4', 1.0);"
    )
    old.commit()
    old.close()
    Store(path).add([_row(1)])
    conn = storage.connect(path)
    (zodiac,) = stats.player_stats(conn, ALICE)
    assert (zodiac.game, zodiac.won, zodiac.results[0].deal) == ("zodiac", 1, "4")
    assert conn.execute("PRAGMA user_version").fetchone() == (storage.SCHEMA_VERSION,)


def test_two_processes_moving_an_old_file_on_at_once_both_succeed(tmp_path: Path) -> None:
    """One opener holds the write lock and renames the table while another opens the
    file: the second waits for the lock, reads the schema again, and finds it done
    (it used to fail on the table the first had just renamed)."""
    import sqlite3
    import threading
    import time

    path = tmp_path / "old.sqlite"
    first = sqlite3.connect(path, isolation_level=None)
    first.execute("PRAGMA journal_mode = WAL")
    first.executescript(SCHEMA_ONE)
    first.execute("BEGIN IMMEDIATE")
    failures: list[BaseException] = []

    def second() -> None:
        try:
            storage.connect(path).close()
        except BaseException as error:  # handed over to the test's own thread
            failures.append(error)

    thread = threading.Thread(target=second)
    thread.start()
    time.sleep(0.5)  # the second opener has read the old schema and waits for the lock
    first.execute("ALTER TABLE results RENAME TO play_results")
    first.execute("COMMIT")
    thread.join(30)
    first.close()
    assert not thread.is_alive() and failures == []
    conn = storage.connect(path)
    assert storage._columns(conn, "play_results") and not storage._columns(conn, "results")
    conn.close()


def _played(client: Any) -> int:
    games = client.get("/api/me/stats").json()["games"]
    return sum(int(g["played"]) for g in games)


def test_a_loaded_record_that_is_over_never_counts(tmp_path: Path) -> None:
    """Loading a won record is not winning it: not once, not when posted again, not
    after undo and redo, not after a restart of the server."""
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from cadogan.web import create_app

    db = str(tmp_path / "w.sqlite")
    author = TestClient(create_app(db))
    gid = author.post("/api/sessions", json={"game": "travellers", "deal": 1}).json()["id"]
    assert author.post(f"/api/sessions/{gid}/autoplay").json()["outcome"] == "won"
    record = author.get(f"/api/sessions/{gid}/record").text
    assert _played(author) == 1

    client = TestClient(create_app(db))
    ids = []
    for _ in range(3):
        loaded = client.post("/api/sessions/records", json={"record": record})
        assert loaded.status_code == 201 and loaded.json()["outcome"] == "won"
        ids.append(loaded.json()["id"])
    assert _played(client) == 0
    assert client.post(f"/api/sessions/{ids[0]}/undo").json()["over"] is False
    assert client.post(f"/api/sessions/{ids[0]}/redo").json()["outcome"] == "won"
    assert _played(client) == 0
    again = TestClient(create_app(db), cookies={"cadogan_player": client.cookies["cadogan_player"]})
    assert again.post(f"/api/sessions/{ids[1]}/undo").json()["over"] is False
    assert again.post(f"/api/sessions/{ids[1]}/autoplay").json()["outcome"] == "won"
    assert _played(again) == 0
    assert _played(author) == 1


def test_a_loaded_record_played_to_its_end_counts_once(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from cadogan.web import create_app

    client = TestClient(create_app(str(tmp_path / "w.sqlite")))
    gid = client.post("/api/sessions", json={"game": "travellers", "deal": 1}).json()["id"]
    assert client.post(f"/api/sessions/{gid}/moves", json={"move": "turn spare"}).is_success
    record = client.get(f"/api/sessions/{gid}/record").text
    loaded = client.post("/api/sessions/records", json={"record": record}).json()
    assert not loaded["over"]
    assert client.post(f"/api/sessions/{loaded['id']}/autoplay").json()["outcome"] == "won"
    client.post(f"/api/sessions/{loaded['id']}/undo")
    client.post(f"/api/sessions/{loaded['id']}/redo")
    (travellers,) = client.get("/api/me/stats").json()["games"]
    assert (travellers["played"], travellers["won"]) == (1, 1)


def test_a_schema_two_file_gives_its_games_the_scored_column(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "two.sqlite"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, record TEXT NOT NULL,"
        " redo TEXT NOT NULL, seats TEXT NOT NULL, room INTEGER NOT NULL,"
        " over INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL);"
        "INSERT INTO games VALUES ('g', 'zodiac', '', '[]', '{}', 0, 0, 1.0, 1.0);"
    )
    old.commit()
    old.close()
    conn = storage.connect(path)
    assert conn.execute("SELECT id, scored FROM games").fetchall() == [("g", 1)]
    assert conn.execute("PRAGMA user_version").fetchone() == (storage.SCHEMA_VERSION,)
    conn.close()
