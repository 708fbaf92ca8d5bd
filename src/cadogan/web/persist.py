"""Games in SQLite: each game is written as its moves are made, and rebuilt on demand.

A game's row holds its record (the moves played, forced ones included), its redo
stack (the groups of moves undone, as texts) and its seats.  Rebuilding replays the
record through the rules (:meth:`Session.from_record`) and then the redo groups from
the position reached, so a game resumes at the same move with its undo *and* redo
history.  Every write is one transaction; when the game is over, the result of each
human player seated at it is written in the same transaction (:mod:`cadogan.stats`).

Without a file (``db_path`` None) the database lives in memory: statistics and names
work for the server's lifetime, but games are not kept (``durable`` is False).
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from cadogan import stats, storage
from cadogan.record import Record
from cadogan.session import Entry, Session

log = logging.getLogger("cadogan.web")
COMPUTER = "computer"
Seats = dict[int, str | None]
RedoGroups = list[list[tuple[str, bool]]]


def redo_groups(session: Session) -> RedoGroups:
    """The session's redo stack as move texts (the stack's top last)."""
    return [[(str(e.move), e.forced) for e in group] for group in session.redo_stack]


def restore(record_text: str, groups: RedoGroups) -> Session:
    """Rebuild a session from its record, then its redo stack from where it stands."""
    session = Session.from_record(Record.parse(record_text))
    game, state = session.game, session.state
    rebuilt: list[list[Entry]] = []
    for group in reversed(groups):  # the top of the stack is the next move to redo
        entries = []
        for text, forced in group:
            move = game.parse_move(state, text)
            state = game.play(state, move)
            entries.append(Entry(move, state, forced))
        rebuilt.append(entries)
    session.restore_redo_stack(rebuilt[::-1])
    return session


DEAL_LINE = re.compile(r'^\[Deal "(\d+)"\]$', re.MULTILINE)
MAX_LISTED = 20


@dataclass(frozen=True)
class Unfinished:
    """A game a player holds a seat at and has not finished: for "Your unfinished
    games" on the home page."""

    id: str
    game: str
    deal: str
    updated: float
    room: bool
    others: tuple[str, ...]  # how the other seats are named: "the computer", "Bob", ...

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "game": self.game,
            "deal": self.deal,
            "updated": self.updated,
            "room": self.room,
            "others": list(self.others),
        }


def humans(seats: Seats) -> set[str]:
    """The people seated at a game (not the computer, not a free seat)."""
    return {p for p in seats.values() if p and p != COMPUTER}


class GameDB:
    """The server's connection to its SQLite file, serialised by a lock."""

    def __init__(self, path: str | Path | None, checkpoint_seconds: float = 2.0) -> None:
        self.path = path
        self.durable = path is not None
        self._conn = storage.connect(path if path is not None else ":memory:", threads=True)
        self._lock = threading.Lock()
        self._names: dict[str, str | None] = {}
        self._stop = threading.Event()
        if path is not None:
            # Move the WAL into the database from a thread of its own, not from the
            # request that happens to fill the WAL (a checkpoint syncs the disk).
            self._conn.execute("PRAGMA wal_autocheckpoint = 0")
            threading.Thread(
                target=self._checkpoints, args=(str(path), checkpoint_seconds), daemon=True
            ).start()

    def _checkpoints(self, path: str, seconds: float) -> None:
        """Checkpoint every ``seconds`` until closed.  A failure (the database busy or
        locked by another program, the disk full, the file gone for a while) is logged
        once and tried again next time: returning on the first one left the WAL to
        grow for the server's lifetime."""
        failing = False
        while not self._stop.wait(seconds):
            try:
                self.checkpoint(path)
            except (OSError, sqlite3.Error) as err:
                if not failing:
                    log.warning(
                        "cannot checkpoint %s (%s); trying again every %g s", path, err, seconds
                    )
                failing = True
            else:
                if failing:
                    log.info("checkpoints of %s work again", path)
                failing = False

    @staticmethod
    def checkpoint(path: str) -> None:
        """Move the WAL's pages into the database, if there are any (PASSIVE: it waits
        for no reader and no writer)."""
        wal = Path(path + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            conn = sqlite3.connect(path, timeout=10.0)
            try:
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
            finally:
                conn.close()

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            self._conn.close()

    def save(
        self, token: str, session: Session, seats: Seats, room: bool, scored: bool = True
    ) -> None:
        """Write the game (if durable) and, once it is over, its players' results;
        none for a game that is not ``scored`` (a record that was loaded already over)."""
        outcome = session.outcome()
        now = time.time()
        with self._lock, self._conn:
            if self.durable:
                self._conn.execute(
                    "INSERT INTO games (id, game, record, redo, seats, room, over, created, "
                    "updated, scored) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (id) DO UPDATE SET "
                    "record = excluded.record, redo = excluded.redo, seats = excluded.seats, "
                    "over = excluded.over, updated = excluded.updated",
                    (
                        token,
                        session.game.id,
                        session.record().text(),
                        json.dumps(redo_groups(session)),
                        json.dumps({str(k): v for k, v in seats.items()}),
                        int(room),
                        int(outcome.over),
                        now,
                        now,
                        int(scored),
                    ),
                )
            if outcome.over and scored:
                for player in humans(seats):
                    stats.record_result(
                        self._conn, token, player, session.game.id, outcome.value,
                        str(session.deal), now,
                    )  # fmt: skip

    def load(self, token: str) -> tuple[Session, Seats, bool, bool] | None:
        """The stored game ``token`` rebuilt, with its seats, room flag and whether its
        end counts in the statistics; None if absent."""
        with self._lock:
            row = self._conn.execute(
                "SELECT record, redo, seats, room, scored FROM games WHERE id = ?", (token,)
            ).fetchone()
        if row is None:
            return None
        record, redo, seats, room, scored = row
        groups = [[(str(t), bool(f)) for t, f in group] for group in json.loads(redo)]
        session = restore(record, groups)
        players = {int(k): v for k, v in json.loads(seats).items()}
        return session, players, bool(room), bool(scored)

    def name(self, player: str) -> str | None:
        """A player's display name (cached)."""
        if player not in self._names:
            if len(self._names) > 10_000:
                self._names.clear()
            with self._lock:
                self._names[player] = stats.player_name(self._conn, player)
        return self._names[player]

    def set_name(self, player: str, name: str | None) -> None:
        with self._lock, self._conn:
            stats.set_name(self._conn, player, name, time.time())
            self._names[player] = name

    def stats(self, player: str) -> list[stats.GameStats]:
        with self._lock:
            return stats.player_stats(self._conn, player)

    def reset(self, player: str) -> int:
        with self._lock:
            return stats.reset(self._conn, player)

    def unfinished(self, player: str, limit: int = MAX_LISTED) -> list[Unfinished]:
        """The games ``player`` holds a seat at that are not over, the latest played
        first (none without a file: such a server keeps no game)."""
        if not self.durable:
            return []
        with self._lock:
            rows = self._conn.execute(
                "SELECT id, game, record, seats, room, updated FROM games "
                "WHERE over = 0 AND instr(seats, ?) > 0 ORDER BY updated DESC LIMIT ?",
                (json.dumps(player), limit),
            ).fetchall()
        found = []
        for gid, game, record, seats, room, updated in rows:
            held = json.loads(seats)
            if player not in held.values() or not (room or _has_moves(record)):
                continue  # a deal opened alone and never played is not worth listing
            deal = DEAL_LINE.search(record)
            others = tuple(self._seat_name(p) for p in held.values() if p != player)
            found.append(
                Unfinished(gid, game, deal.group(1) if deal else "?", updated, bool(room), others)
            )
        return found

    def _seat_name(self, holder: str | None) -> str:
        """How another seat is named in the list: the computer, a name, or a free seat."""
        if holder == COMPUTER:
            return "the computer"
        if holder is None:
            return "a free seat"
        return self.name(holder) or "another player"

    def execute(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """Run one query (for tests and tools); the rows it returns."""
        with self._lock, self._conn:
            rows: list[tuple[object, ...]] = self._conn.execute(sql, args).fetchall()
            return rows


def _has_moves(record: str) -> bool:
    """Whether a record holds a move (a line that is not a header or a comment)."""
    return any(
        line.strip() and not line.lstrip().startswith(("[", "#", ";"))
        for line in record.splitlines()
    )
