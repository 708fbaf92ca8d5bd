"""SQLite storage of study results: one row per (game, options, player, deal).

Every write is a transaction, the database runs in WAL mode so concurrent writers do
not corrupt it, and the primary key makes reruns idempotent: a deal is never stored
twice, so a killed study loses nothing committed and a rerun continues where it stopped.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from cadogan.errors import CadoganError
from cadogan.storage import STUDY_COLUMNS, migrate, open_read_only

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    player TEXT NOT NULL,
    deal INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('won', 'lost', 'timeout')),
    moves INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    timeout REAL NOT NULL,
    version TEXT NOT NULL,
    max_nodes INTEGER,
    PRIMARY KEY (game, options, player, deal)
)
"""
# ``max_nodes`` came after the first studies were published: a file without it gains it
# on opening (``storage.migrate``), its rows reading NULL, as they were played (by the
# clock alone).  A ``results`` table with these columns is a study's (the web's old one
# had a ``session``).
COLUMNS = STUDY_COLUMNS


def larger(old: str, new: str, old_nodes: str = "") -> str:
    """SQL true when the budget of row ``new`` is larger than that of row ``old``: no
    smaller in seconds nor in positions (no cap counting as the largest), and larger in
    one.  ``old_nodes`` is the old row's cap (default: its column; ``NULL`` reads a file
    from before the column, read only)."""
    cap, new_cap = old_nodes or f"{old}.max_nodes", f"{new}.max_nodes"
    return (
        f"(({new}.timeout > {old}.timeout OR ({cap} IS NOT NULL AND ({new_cap} IS NULL "
        f"OR {new_cap} > {cap}))) AND {new}.timeout >= {old}.timeout AND ({new_cap} IS NULL "
        f"OR ({cap} IS NOT NULL AND {new_cap} >= {cap})))"
    )


UPSERT = f"""
INSERT INTO results (game, options, player, deal, status, moves, nodes, seconds, timeout,
    version, max_nodes) VALUES (?,?,?,?,?,?,?,?,?,?,?)
ON CONFLICT (game, options, player, deal) DO UPDATE SET
    status=excluded.status, moves=excluded.moves, nodes=excluded.nodes,
    seconds=excluded.seconds, timeout=excluded.timeout, version=excluded.version,
    max_nodes=excluded.max_nodes
WHERE results.status='timeout' AND {larger("results", "excluded")}
"""


@dataclass(frozen=True, slots=True)
class Row:
    """One deal's result."""

    game: str
    options: str
    player: str
    deal: int
    status: str
    moves: int
    nodes: int
    seconds: float
    timeout: float
    version: str
    max_nodes: int | None = None  # the solver's cap in positions; None: the clock alone


@dataclass(frozen=True, slots=True)
class Summary:
    """The totals of one (game, options, player) group."""

    game: str
    options: str
    player: str
    deals: int
    won: int
    lost: int
    timeout: int
    budget_low: float = 0.0  # the smallest and largest time budget of its rows, seconds
    budget_high: float = 0.0
    timeout_budget: float | None = None  # the smallest budget of its timeouts, if any
    nodes_low: int | None = None  # the smallest and largest cap in positions of its rows
    nodes_high: int | None = None  # (None: no row had one)
    uncapped: bool = True  # whether some row was played without a cap in positions


def holds_results(path: str | Path) -> bool:
    """Whether the existing file ``path`` holds study results, read without writing
    anything into it (``cadogan report`` asks before it opens a ``Store``, which would
    add its table to any file it is given)."""
    db, tables = open_read_only(path)
    try:
        columns = {row[1] for row in db.execute("PRAGMA table_info(results)")}
        if "results" not in tables or not columns >= COLUMNS:  # another's, or the web's old one
            return False
        return db.execute("SELECT 1 FROM results LIMIT 1").fetchone() is not None
    finally:
        db.close()


class Store:
    """A study database file (default ``cadogan.sqlite``).

    ``read_only`` (``cadogan report``) opens an existing file only to read it: nothing
    is written into it, not even the study's table or WAL mode, so it also reads a file
    on read-only media; the file must already hold study results (``holds_results``)."""

    def __init__(self, path: str | Path, *, read_only: bool = False) -> None:
        self.path = Path(path)
        self.read_only = read_only
        if read_only:
            return
        try:
            with self._connect() as db:
                db.execute("PRAGMA journal_mode=WAL")
                migrate(db)  # an older schema's file: the web's old table, no max_nodes
                db.execute(SCHEMA)
                found = {row[1] for row in db.execute("PRAGMA table_info(results)")}
        except sqlite3.Error as err:
            raise CadoganError(f"cannot use the database {self.path}: {err}") from None
        if not found >= COLUMNS:  # a table of that name that some other program made
            raise CadoganError(
                f"cannot use the database {self.path}: its table 'results' is not a study's"
            )

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = (
            open_read_only(self.path)[0]
            if self.read_only
            else sqlite3.connect(self.path, timeout=60)
        )
        try:
            with db:  # one transaction: committed on success, rolled back on error
                yield db
        finally:
            db.close()

    def add(self, rows: Iterable[Row]) -> int:
        """Store rows in one transaction; returns how many were written.

        A deal already stored is kept as it is, except a timeout stored with a smaller
        time budget, which a row with a larger budget replaces (a retried timeout). So
        a rerun never double-counts a deal, and a result only ever improves its budget.
        """
        values = [
            (
                r.game,
                r.options,
                r.player,
                r.deal,
                r.status,
                r.moves,
                r.nodes,
                r.seconds,
                r.timeout,
                r.version,
                r.max_nodes,
            )
            for r in rows
        ]
        with self._connect() as db:
            before = db.total_changes
            db.executemany(UPSERT, values)
            return db.total_changes - before

    def done(self, game: str, options: str, player: str, deals: range) -> set[int]:
        """The deals of ``deals`` already stored for this group."""
        with self._connect() as db:
            found = db.execute(
                "SELECT deal FROM results WHERE game=? AND options=? AND player=? "
                "AND deal BETWEEN ? AND ?",
                (game, options, player, deals.start, deals.stop - 1),
            )
            return {deal for (deal,) in found}

    def retryable(
        self,
        game: str,
        options: str,
        player: str,
        deals: range,
        budget: float,
        max_nodes: int | None = None,
    ) -> set[int]:
        """The deals of ``deals`` stored as timeouts with a budget smaller than
        ``budget`` seconds with ``max_nodes`` positions at most (None: no cap)."""
        with self._connect() as db:
            bigger = larger("results", "new", _cap_column(db))
            found = db.execute(
                f"SELECT deal FROM results, (SELECT ? AS timeout, ? AS max_nodes) AS new "
                f"WHERE game=? AND options=? AND player=? AND deal BETWEEN ? AND ? "
                f"AND status='timeout' AND {bigger}",
                (budget, max_nodes, game, options, player, deals.start, deals.stop - 1),
            )
            return {deal for (deal,) in found}

    def rows(self, game: str, options: str, player: str, deals: range | None = None) -> list[Row]:
        """Stored rows of one group, by deal."""
        low, high = (deals.start, deals.stop - 1) if deals else (1, 2**63 - 1)
        with self._connect() as db:
            found = db.execute(
                "SELECT * FROM results WHERE game=? AND options=? AND player=? "
                "AND deal BETWEEN ? AND ? ORDER BY deal",
                (game, options, player, low, high),
            )
            return [Row(*values) for values in found]

    def summaries(self) -> list[Summary]:
        """Totals for every group studied, ordered by game, options and player."""
        with self._connect() as db:
            nodes = _cap_column(db)
            found = db.execute(
                "SELECT game, options, player, COUNT(*), "
                "SUM(status='won'), SUM(status='lost'), SUM(status='timeout'), "
                "MIN(timeout), MAX(timeout), MIN(CASE WHEN status='timeout' THEN timeout END), "
                f"MIN({nodes}), MAX({nodes}), SUM({nodes} IS NULL) > 0 "
                "FROM results GROUP BY game, options, player ORDER BY game, options, player"
            )
            return [replace(Summary(*values[:-1]), uncapped=bool(values[-1])) for values in found]

    def seconds(self, game: str, options: str, player: str) -> list[float]:
        """The time per deal of one group (for the solve-time plot)."""
        with self._connect() as db:
            found = db.execute(
                "SELECT seconds FROM results WHERE game=? AND options=? AND player=?",
                (game, options, player),
            )
            return [s for (s,) in found]


def _cap_column(db: sqlite3.Connection) -> str:
    """``results.max_nodes``, or ``NULL`` in a file from before that column (read only:
    a writable one gains it on opening)."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(results)")}
    return "results.max_nodes" if "max_nodes" in columns else "NULL"
