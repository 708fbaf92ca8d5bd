"""The SQLite file behind ``cadogan serve --db`` and ``cadogan stats``: schema and connection.

One file holds the games in progress (the web server writes each as its moves are
made), the players (a cookie's token and an optional display name) and the results
the statistics are computed from.  Only the standard library's ``sqlite3`` is used, so
the command line can read the statistics without the web extra.  The file runs in WAL
mode: readers (``cadogan stats``) never block the server's writes.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

SCHEMA_VERSION = 1

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
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS players (
    id      TEXT PRIMARY KEY,   -- the token in the player's cookie
    name    TEXT,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    session  TEXT NOT NULL,     -- the game's token: one result per game and player
    player   TEXT NOT NULL,
    game     TEXT NOT NULL,
    outcome  TEXT NOT NULL,     -- 'won' or 'lost'
    deal     TEXT NOT NULL,
    finished REAL NOT NULL,     -- seconds since the epoch
    PRIMARY KEY (session, player)
);
CREATE INDEX IF NOT EXISTS results_by_player ON results (player, game, finished);
"""


def connect(path: str | Path, *, threads: bool = False) -> sqlite3.Connection:
    """Open (creating if needed) the database at ``path`` with the schema in place.

    ``threads`` allows the connection to be used from several threads; the caller
    must then serialise its use (the web server holds a lock around it).  ``:memory:``
    gives a private database that lasts as long as the connection.
    """
    conn = sqlite3.connect(str(path), check_same_thread=not threads, timeout=10.0)
    conn.execute("PRAGMA busy_timeout = 10000")
    if str(path) != ":memory:":
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")  # durable at each checkpoint; WAL-safe
    with conn:
        conn.executescript(SCHEMA)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return conn
