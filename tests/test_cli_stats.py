"""``cadogan stats`` as a reader: it changes no file, names who it cannot find, and
keeps the chart of results whole in an 80-column terminal."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from cadogan import stats, storage
from cadogan.cli import cli
from cadogan.errors import CadoganError

ALICE, BOB = "a" * 32, "b" * 32


def seeded(path: Path) -> Path:
    """A server's database: Alice has won, lost and won 20 times over at Travellers."""
    conn = storage.connect(path)
    with conn:
        for n in range(60):
            outcome = "lost" if n % 3 == 1 else "won"
            stats.record_result(conn, f"t{n}", ALICE, "travellers", outcome, str(n + 1), 100.0 + n)
        stats.record_result(conn, "b", BOB, "zodiac", "lost", "9", 50.0)
        stats.set_name(conn, ALICE, "Alice", 1.0)
    conn.close()
    return path


def schema_of(path: Path) -> tuple[str, list[tuple[str, str]], int]:
    with sqlite3.connect(path) as db:
        mode = db.execute("PRAGMA journal_mode").fetchone()[0]
        names = db.execute("SELECT type, name FROM sqlite_master ORDER BY name").fetchall()
        version = db.execute("PRAGMA user_version").fetchone()[0]
    return mode, names, version


def test_stats_leaves_a_file_that_is_not_the_servers_as_it_was(tmp_path: Path) -> None:
    """Pointed at the wrong file, ``stats`` used to add the server's tables to it and
    switch it to WAL mode; it now reads without writing and says what is wrong."""
    foreign = tmp_path / "mine.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE mydata (x)")
    before = schema_of(foreign)
    result = CliRunner().invoke(cli, ["stats", "--db", str(foreign)])
    assert result.exit_code != 0 and "holds no games played with cadogan serve" in str(
        result.exception
    )
    assert schema_of(foreign) == before == ("delete", [("table", "mydata")], 0)


def test_stats_reads_the_servers_file_without_changing_it(tmp_path: Path) -> None:
    db = seeded(tmp_path / "s.sqlite")
    before = db.read_bytes()
    result = CliRunner().invoke(cli, ["stats", "--db", str(db), "--player", "Alice"])
    assert result.exit_code == 0, result.output
    assert db.read_bytes() == before


def test_a_player_who_is_not_there_is_refused_with_the_names_there_are(tmp_path: Path) -> None:
    db = seeded(tmp_path / "s.sqlite")
    result = CliRunner().invoke(cli, ["stats", "--db", str(db), "--player", "nobody"])
    assert result.exit_code == 2
    assert "no player 'nobody'" in result.output and "Alice" in result.output
    assert BOB[:8] in result.output
    empty = CliRunner().invoke(cli, ["stats", "--db", str(db), "--player", " "])
    assert empty.exit_code == 2 and "give a player's name" in empty.output


def test_a_player_asked_for_in_a_file_with_no_results_yet_is_refused_too(
    tmp_path: Path,
) -> None:
    """It said "No finished games yet." and exit 0, as if the player had none."""
    path = tmp_path / "new.sqlite"
    storage.connect(path).close()  # a server's file, before anyone has finished a game
    result = CliRunner().invoke(cli, ["stats", "--db", str(path), "--player", "nobody"])
    assert result.exit_code == 2
    assert "no player 'nobody' (no player has finished a game yet)" in result.output
    everyone = CliRunner().invoke(cli, ["stats", "--db", str(path)])
    assert everyone.exit_code == 0 and "No finished games yet." in everyone.output


def test_the_last_forty_results_stay_whole_at_80_columns(tmp_path: Path) -> None:
    """As the table's last column, the chart was cut to about ten results at 80 columns."""
    db = seeded(tmp_path / "s.sqlite")
    result = CliRunner().invoke(
        cli, ["stats", "--db", str(db), "--player", "Alice"], env={"COLUMNS": "80"}
    )
    assert result.exit_code == 0, result.output
    strip = "".join("." if n % 3 == 1 else "W" for n in range(20, 60))
    assert strip in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80


def test_an_unnamed_player_is_not_named_twice(tmp_path: Path) -> None:
    db = seeded(tmp_path / "s.sqlite")
    result = CliRunner().invoke(cli, ["stats", "--db", str(db), "--player", BOB[:4]])
    assert result.exit_code == 0, result.output
    assert f"player {BOB[:8]}" in result.output and f"({BOB[:8]})" not in result.output


class _NoSideFiles:
    """A connection as SQLite gives it to a reader who may not write the folder of a
    WAL file: every read fails, since it cannot make the shared-memory file.  SQLite
    says so in one of two ways, by file system (``message``)."""

    def __init__(self, message: str = "attempt to write a readonly database") -> None:
        self.message = message

    def execute(self, *args: object) -> object:
        raise sqlite3.OperationalError(self.message)

    def close(self) -> None:
        pass


@pytest.mark.parametrize(
    "message", ["attempt to write a readonly database", "unable to open database file"]
)
def test_stats_reads_a_stopped_servers_file_in_a_folder_it_cannot_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, message: str
) -> None:
    """Such a reader was told "database error: attempt to write a readonly database"
    (or, on read-only media and immutable folders, "unable to open database file");
    the file is now read as it stands, without side files."""
    db = seeded(tmp_path / "s.sqlite")
    real = sqlite3.connect
    opened: list[str] = []

    def connect(target: str, uri: bool = False, timeout: float = 5.0) -> object:
        opened.append(target)
        if "immutable=1" in target:
            return real(target, uri=uri, timeout=timeout)
        return _NoSideFiles(message)

    monkeypatch.setattr(sqlite3, "connect", connect)
    result = CliRunner().invoke(cli, ["stats", "--db", str(db), "--player", "Alice"])
    assert result.exit_code == 0, result.output
    assert "Travellers" in result.output and len(opened) == 2


def test_a_missing_file_is_not_read_as_immutable(tmp_path: Path) -> None:
    """The fallback is for a file that is there: a missing one is an error, as before."""
    with pytest.raises(sqlite3.OperationalError, match="unable to open"):
        storage.open_read_only(tmp_path / "missing.sqlite")


def test_stats_leaves_a_foreign_file_with_a_games_table_as_it_was(tmp_path: Path) -> None:
    """A foreign file whose table happens to be called ``games`` used to be taken for an
    older file of the server's and "brought up to date": a column, two tables and WAL
    mode added.  It is recognised by its columns now, and left alone."""
    foreign = tmp_path / "work.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE games (x)")
        db.execute("INSERT INTO games VALUES (1)")
    before = foreign.read_bytes()
    result = CliRunner().invoke(cli, ["stats", "--db", str(foreign)])
    assert result.exit_code != 0 and "holds no games played with cadogan serve" in str(
        result.exception
    )
    assert foreign.read_bytes() == before


def test_tables_named_like_ours_with_other_columns_are_not_read_as_ours(tmp_path: Path) -> None:
    foreign = tmp_path / "other.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE players (x)")
        db.execute("CREATE TABLE play_results (y)")
    before = foreign.read_bytes()
    with pytest.raises(CadoganError, match="holds no games played with cadogan serve"):
        storage.read_only(foreign)
    assert foreign.read_bytes() == before
