"""What the ``cadogan`` subcommands share: the deal-number type and the option flag."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from cadogan import registry
from cadogan.cards import MAX_DEAL
from cadogan.core import Game
from cadogan.core.options import parse_pairs

DEAL = click.IntRange(1, MAX_DEAL)


def option_flag(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The shared ``--option key=value`` flag (repeatable)."""
    return click.option(
        "--option",
        "-o",
        "options",
        multiple=True,
        metavar="KEY=VALUE",
        help="Set a game option (repeatable); see `cadogan games`.",
    )(fn)


def make_game(name: str, options: tuple[str, ...]) -> Game:
    """The named game with ``--option key=value`` settings applied."""
    return registry.game(name, **parse_pairs(options))
