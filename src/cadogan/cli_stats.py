"""``cadogan stats``: the players' statistics from the server's database, in the terminal.

It reads the same SQLite file as ``cadogan serve --db`` (WAL mode, so it can run while
the server does) through :mod:`cadogan.stats`, without the web extra.  A player is
shown by display name, or by the first characters of his cookie token.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cadogan import stats, storage
from cadogan.errors import quoted

SPARK = 40  # results shown in the text chart, most recent last


def _label(token: str, name: str | None) -> str:
    return name or f"player {token[:8]}"


def _chart(figures: stats.GameStats) -> str:
    """The most recent results as a strip: W for a win, . for a loss."""
    return "".join("W" if r.outcome == "won" else "." for r in figures.results[-SPARK:])


def _collect(db: Path, who: str | None) -> list[tuple[str, str, list[stats.GameStats]]]:
    """(label, token prefix, figures) for every player with results, or for the one
    asked for; a name or token that matches nobody is refused, naming the players."""
    if who is not None and not who.strip():
        raise click.BadParameter(
            "give a player's name or the start of a token", param_hint="--player"
        )
    conn = storage.read_only(db)
    try:
        everyone = stats.players(conn)
        found = []
        for token, name in everyone:
            if who is not None and who != name and not token.startswith(who):
                continue
            found.append((_label(token, name), token[:8], stats.player_stats(conn, token)))
    finally:
        conn.close()
    if who is not None and not found:
        names = ", ".join(name or token[:8] for token, name in everyone[:10])
        names += ", …" if len(everyone) > 10 else ""
        known = f"players: {names}" if everyone else "no player has finished a game yet"
        raise click.BadParameter(f"no player {quoted(who)} ({known})", param_hint="--player")
    return found


@click.command("stats")
@click.option(
    "--db",
    "db",
    default="cadogan.sqlite",
    show_default=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The server's SQLite file (cadogan serve --db).",
)
@click.option("--player", "who", default=None, help="Only this player (name or token prefix).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
def stats_cmd(db: Path, who: str | None, as_json: bool) -> None:
    """Each player's statistics per game: played, won, win %, streaks, results over time."""
    if not db.exists():
        raise click.BadParameter(f"no database at {db} (see cadogan serve --db)", param_hint="--db")
    found = _collect(db, who)
    if as_json:
        data: dict[str, Any] = {
            "players": [
                {"player": label, "id": short, "games": [g.to_json() for g in games]}
                for label, short, games in found
            ]
        }
        click.echo(json.dumps(data, indent=2))
        return
    console = Console()
    if not found:
        console.print("No finished games yet.")
    for label, short, games in found:
        console.print(_table(label if label.endswith(short) else f"{label} ({short})", games))
        console.print(_strips(games))


def _table(title: str, games: list[stats.GameStats]) -> Table:
    """One player's figures per game."""
    table = Table(title=title, title_justify="left")
    for head in ("game", "played", "won", "win %", "current streak", "best streak"):
        table.add_column(head, justify="left" if head == "game" else "right")
    for g in games:
        figures = (g.played, g.won, f"{g.win_percent:.1f}", g.current_streak, g.best_streak)
        table.add_row(g.name, *(str(f) for f in figures))
    return table


def _strips(games: list[stats.GameStats]) -> Text:
    """The chart: each game's latest results as a strip under the table, where it keeps
    its whole width (as the table's last column, an 80-column terminal cut it to ten)."""
    width = max(len(g.name) for g in games)
    lines = [f"Last {SPARK} results, oldest first (W won, . lost):"]
    lines += [f"  {g.name:<{width}}  {_chart(g)}" for g in games]
    return Text("\n".join(lines) + "\n", no_wrap=True, overflow="ignore")
