"""Players' statistics: one result per finished game, and the figures drawn from them.

The web server records a result for every human player seated at a game when the game
first ends (undoing and finishing again does not count twice); ``cadogan stats`` and
the statistics page read the same figures through :func:`player_stats`.

For each game: played (finished games), won, the win percentage, the current streak
(wins in a row up to the latest result; 0 after a loss) and the best streak (the
longest run of wins), with the results in order for the chart.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from cadogan import registry
from cadogan.core import UnknownGame

CHART_RESULTS = 500  # the most recent results kept for a chart


@dataclass(frozen=True)
class Result:
    """One finished game: when, how it ended, which deal."""

    finished: float
    outcome: str
    deal: str


@dataclass(frozen=True)
class GameStats:
    """A player's figures for one game."""

    game: str
    name: str
    played: int
    won: int
    current_streak: int
    best_streak: int
    results: tuple[Result, ...]

    @property
    def win_percent(self) -> float:
        """Games won out of games played, in percent (0 when none was played)."""
        return round(100.0 * self.won / self.played, 1) if self.played else 0.0

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON (the web API and ``cadogan stats --json``)."""
        return {
            "game": self.game,
            "name": self.name,
            "played": self.played,
            "won": self.won,
            "win_percent": self.win_percent,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "results": [
                {"finished": r.finished, "outcome": r.outcome, "deal": _deal_number(r.deal)}
                for r in self.results
            ],
        }


def _deal_number(deal: str) -> int | str:
    """A deal as the integer every other JSON output gives (the table keeps it as text)."""
    return int(deal) if deal.isdecimal() and len(deal) <= 19 else deal


def record_result(
    conn: sqlite3.Connection,
    session: str,
    player: str,
    game: str,
    outcome: str,
    deal: str,
    finished: float,
) -> bool:
    """Note a finished game for ``player``; False when it was already noted."""
    cursor = conn.execute(
        "INSERT OR IGNORE INTO play_results (session, player, game, outcome, deal, finished) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (session, player, game, outcome, deal, finished),
    )
    return cursor.rowcount == 1


def streaks(outcomes: list[str]) -> tuple[int, int]:
    """The current and the best run of wins in a sequence of outcomes, oldest first."""
    current = best = 0
    for outcome in outcomes:
        current = current + 1 if outcome == "won" else 0
        best = max(best, current)
    return current, best


def _game_name(game_id: str) -> str:
    try:
        return registry.find(game_id).name
    except UnknownGame:
        return game_id


def player_stats(conn: sqlite3.Connection, player: str) -> list[GameStats]:
    """The player's figures for every game he has finished, in the book's order."""
    rows = conn.execute(
        "SELECT game, outcome, deal, finished FROM play_results WHERE player = ? "
        "ORDER BY finished, rowid",
        (player,),
    ).fetchall()
    by_game: dict[str, list[Result]] = {}
    for game, outcome, deal, finished in rows:
        by_game.setdefault(game, []).append(Result(finished, outcome, deal))
    order = {gid: n for n, gid in enumerate(registry.ids())}
    figures = []
    for game in sorted(by_game, key=lambda g: (order.get(g, len(order)), g)):
        results = by_game[game]
        current, best = streaks([r.outcome for r in results])
        figures.append(
            GameStats(
                game=game,
                name=_game_name(game),
                played=len(results),
                won=sum(r.outcome == "won" for r in results),
                current_streak=current,
                best_streak=best,
                results=tuple(results[-CHART_RESULTS:]),
            )
        )
    return figures


def reset(conn: sqlite3.Connection, player: str) -> int:
    """Erase the player's results; the number erased."""
    with conn:
        return conn.execute("DELETE FROM play_results WHERE player = ?", (player,)).rowcount


def player_name(conn: sqlite3.Connection, player: str) -> str | None:
    """The player's display name, or None when he has not given one."""
    row = conn.execute("SELECT name FROM players WHERE id = ?", (player,)).fetchone()
    return None if row is None else row[0]


def set_name(conn: sqlite3.Connection, player: str, name: str | None, now: float) -> None:
    """Give the player a display name (None removes it)."""
    conn.execute(
        "INSERT INTO players (id, name, created) VALUES (?, ?, ?) "
        "ON CONFLICT (id) DO UPDATE SET name = excluded.name",
        (player, name, now),
    )


def players(conn: sqlite3.Connection) -> list[tuple[str, str | None]]:
    """Every player with at least one result: (token, display name), by first result."""
    rows = conn.execute(
        "SELECT r.player, p.name, MIN(r.finished) AS first FROM play_results r "
        "LEFT JOIN players p ON p.id = r.player GROUP BY r.player ORDER BY first"
    ).fetchall()
    return [(player, name) for player, name, _ in rows]
