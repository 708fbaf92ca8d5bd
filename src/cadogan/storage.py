"""The SQLite file behind ``cadogan serve --db`` and ``cadogan stats``: schema and connection.

One file holds the games in progress (the web server writes each as its moves are
made), the players (a cookie's token and an optional display name) and the results
the statistics are computed from.  ``cadogan study`` may share the file: its table is
``results`` and the players' results here are ``play_results`` (files written before the
two were told apart are moved on by :func:`migrate`, losing nothing).  Only the
standard library's ``sqlite3`` is used, so the command line can read the statistics
without the web extra.  The file runs in WAL
mode: readers (``cadogan stats``) never block the server's writes.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cadogan.errors import CadoganError

SCHEMA_VERSION = 3

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,   -- the unguessable token in the game's URL
    game    TEXT NOT NULL,      -- the game's id, e.g. 'sympathie'
    record  TEXT NOT NULL,      -- the record of the moves played (cadogan.record)
    redo    TEXT NOT NULL,      -- the redo stack, JSON: [[[move, forced], ...], ...]
    seats   TEXT NOT NULL,      -- JSON: {"1": player token or "computer" or null, ...}
    room    INTEGER NOT NULL,   -- 1 for a shared room, 0 for a game played alone
    over    INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    scored  INTEGER NOT NULL DEFAULT 1  -- 0: its end never counts (a record loaded over)
);
CREATE TABLE IF NOT EXISTS players (
    id      TEXT PRIMARY KEY,   -- the token in the player's cookie
    name    TEXT,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS play_results (
    session  TEXT NOT NULL,     -- the game's token: one result per game and player
    player   TEXT NOT NULL,
    game     TEXT NOT NULL,
    outcome  TEXT NOT NULL,     -- 'won' or 'lost'
    deal     TEXT NOT NULL,
    finished REAL NOT NULL,     -- seconds since the epoch
    PRIMARY KEY (session, player)
);
CREATE INDEX IF NOT EXISTS play_results_by_player ON play_results (player, game, finished);
"""


def connect(path: str | Path, *, threads: bool = False) -> sqlite3.Connection:
    """Open (creating if needed) the database at ``path`` with the schema in place.

    ``threads`` allows the connection to be used from several threads; the caller
    must then serialise its use (the web server holds a lock around it).  ``:memory:``
    gives a private database that lasts as long as the connection.
    """
    try:
        conn = sqlite3.connect(str(path), check_same_thread=not threads, timeout=10.0)
    except sqlite3.Error as err:
        raise CadoganError(f"cannot open the database {path}: {err}") from None
    try:
        conn.execute("PRAGMA busy_timeout = 10000")
        if str(path) != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")  # durable at each checkpoint; WAL-safe
        with conn:
            migrate(conn)
            conn.executescript(SCHEMA)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except sqlite3.Error as err:
        conn.close()
        raise CadoganError(f"cannot use the database {path}: {err}") from None
    return conn


def read_only(path: str | Path) -> sqlite3.Connection:
    """Open ``path``, an existing file, only to read it (``cadogan stats``): a file
    given by mistake is left exactly as it was, where :func:`connect` would add the
    schema and switch it to WAL mode.  An older file of ours is brought up to date
    first, as the server would on opening it; a file that holds no players' results
    at all raises ``CadoganError``."""
    conn, tables = open_read_only(path)
    try:
        results = _columns(conn, "play_results")
        if "players" in tables and results >= RESULTS_COLUMNS and not _unscored(conn):
            return conn
        older = "players" in tables and (_renames(conn) or _unscored(conn))
    except BaseException:
        conn.close()
        raise
    conn.close()
    if older:
        return connect(path)
    raise CadoganError(f"{path} holds no games played with cadogan serve")


def open_read_only(path: str | Path) -> tuple[sqlite3.Connection, set[str]]:
    """A connection that only reads the existing file ``path``, and the names in its
    schema (``cadogan stats`` and ``cadogan report`` read what they are given without
    writing into it)."""
    conn = sqlite3.connect(readonly_uri(path), uri=True, timeout=10.0)
    try:
        return conn, {name for (name,) in conn.execute("SELECT name FROM sqlite_master")}
    except sqlite3.OperationalError as err:
        conn.close()
        if not ("readonly" in str(err) or "unable to open" in str(err)) or not Path(path).is_file():
            raise
    # A WAL file whose server has stopped, in a folder we may not write (or on read-only
    # media): SQLite cannot make the shared-memory file a reader needs ("readonly", or
    # "unable to open" on some file systems), so the file is read as it stands (the
    # server checkpointed it on stopping).
    conn = sqlite3.connect(readonly_uri(path, immutable=True), uri=True)
    try:
        return conn, {name for (name,) in conn.execute("SELECT name FROM sqlite_master")}
    except BaseException:
        conn.close()
        raise


def readonly_uri(path: str | Path, immutable: bool = False) -> str:
    """The SQLite URI that opens ``path`` read-only (the name quoted as a URI needs);
    ``immutable`` also tells SQLite that no one writes the file, so it makes no
    side files to read it."""
    return f"{Path(path).resolve().as_uri()}?mode=ro{'&immutable=1' if immutable else ''}"


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


def migrate(conn: sqlite3.Connection) -> None:
    """Move a schema-1 file's players' results from ``results`` to ``play_results``,
    give a schema-2 file's games their ``scored`` column (1: they all count), and a
    study's results from before the node cap their ``max_nodes`` column (NULL: played
    by the clock alone, as they were).

    Schema 1 called the web's results table ``results``, the name ``cadogan study`` uses
    for its own, different table; sharing the default file then broke whichever command
    came second.  The web's table (the one with a ``session`` column) is renamed, rows
    and all, so nothing is lost and the study's name is free.  Harmless when run again.

    Two processes may open an old file at once (a server and a study).  So when a
    change looks due, the write lock is taken (``BEGIN IMMEDIATE``) and the schema
    read again under it: the second to get the lock finds the work done, where it
    once failed on a table the first had just renamed.  The caller commits.
    """
    if not (_renames(conn) or _unscored(conn) or _uncapped(conn)):
        return  # the usual case: no write lock taken just for opening a file
    if not conn.in_transaction:
        conn.execute("BEGIN IMMEDIATE")
    if _renames(conn):
        conn.execute("DROP INDEX IF EXISTS results_by_player")
        conn.execute("ALTER TABLE results RENAME TO play_results")
    if _unscored(conn):
        conn.execute("ALTER TABLE games ADD COLUMN scored INTEGER NOT NULL DEFAULT 1")
    if _uncapped(conn):
        conn.execute("ALTER TABLE results ADD COLUMN max_nodes INTEGER")


# The columns that make a table ours, in every schema: a file with tables of these
# names but other columns is somebody else's, and is never changed.
GAMES_COLUMNS = frozenset(("id", "game", "record", "redo", "seats", "room", "over"))
# The players' results table, as ``play_results`` and before its renaming as ``results``.
RESULTS_COLUMNS = frozenset(("session", "player", "game", "outcome", "deal", "finished"))
# A study's results table (``cadogan study``), in every schema.
STUDY_COLUMNS = frozenset(
    ("game", "options", "player", "deal", "status", "moves", "nodes", "seconds", "timeout")
)


def _renames(conn: sqlite3.Connection) -> bool:
    """Schema 1: the web's results table is still called ``results``."""
    return _columns(conn, "results") >= RESULTS_COLUMNS and not _columns(conn, "play_results")


def _unscored(conn: sqlite3.Connection) -> bool:
    """Schema 2: the games table has no ``scored`` column yet."""
    games = _columns(conn, "games")
    return games >= GAMES_COLUMNS and "scored" not in games


def _uncapped(conn: sqlite3.Connection) -> bool:
    """A study's results from before the node cap: no ``max_nodes`` column yet."""
    results = _columns(conn, "results")
    return results >= STUDY_COLUMNS and "max_nodes" not in results
