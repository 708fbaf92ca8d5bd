"""``cadogan tui``: the Textual terminal UI (needs the ``tui`` extra)."""

from __future__ import annotations

import click

from cadogan.cards import MAX_DEAL
from cadogan.cli_common import make_game
from cadogan.core import CadoganError


@click.command()
@click.argument("game", required=False)
@click.option(
    "--deal",
    "number",
    type=click.IntRange(1, MAX_DEAL),
    default=None,
    help="Deal number (default: random).",
)
@click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Set a game option (repeatable).",
)
def tui(game: str | None, number: int | None, options: tuple[str, ...]) -> None:
    """Play in a full-screen terminal UI: keyboard and mouse, undo, hints, records."""
    try:
        from cadogan.tui.app import CadoganApp
    except ImportError as err:
        raise CadoganError(
            "the terminal UI needs the tui extra: pip install 'cadogan[tui]'"
        ) from err
    chosen = make_game(game, options) if game else None
    CadoganApp(chosen, number).run()
