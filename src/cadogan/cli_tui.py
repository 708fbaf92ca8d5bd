"""``cadogan tui``: the Textual terminal UI (needs the ``tui`` extra)."""

from __future__ import annotations

import click

from cadogan.cli_common import DEAL, make_game, option_flag
from cadogan.core import CadoganError


@click.command()
@click.argument("game", required=False)
@click.option(
    "--deal",
    "number",
    type=DEAL,
    default=None,
    help="Deal number (default: random).",
)
@option_flag
def tui(game: str | None, number: int | None, options: tuple[str, ...]) -> None:
    """Play in a full-screen terminal UI: keyboard and mouse, undo, hints, records.

    Without GAME it opens on the list of games; options then need a GAME to apply to.
    """
    if options and not game:
        raise click.UsageError(
            "--option needs a GAME to apply to, e.g. cadogan tui napoleons-square -o rules=modern"
        )
    try:
        from cadogan.tui.app import CadoganApp
    except ImportError as err:
        raise CadoganError(
            "the terminal UI needs the tui extra: pip install 'cadogan[tui]'"
        ) from err
    chosen = make_game(game, options) if game else None
    CadoganApp(chosen, number).run()
