"""What the ``cadogan`` subcommands share: the deal-number type and the option flag."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import click

from cadogan import registry
from cadogan.cards import MAX_DEAL
from cadogan.core import Game
from cadogan.core.options import parse_pairs
from cadogan.errors import quoted

DIGITS = re.compile(r"-?[0-9]+")


def digits_only(text: str) -> bool:
    """Whether ``text`` is a whole number in the digits 0-9 (a minus allowed, so that
    the range check names it): Python's ``int`` also takes ``1_000`` and other
    scripts' digits, which a record file refuses, so the command line refuses them too
    and a number means one thing everywhere."""
    return DIGITS.fullmatch(text.strip()) is not None


class Digits(click.IntRange):
    """An ``IntRange`` that reads only the digits 0-9 (:func:`digits_only`)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not digits_only(value):
            self.fail(f"{quoted(value)} is not a whole number in the digits 0-9", param, ctx)
        return super().convert(value, param, ctx)


class DealNumber(Digits):
    """A deal number, 1 to 2**63-1; named so that a bad one reads "not a valid deal
    number" rather than "not a valid integer range"."""

    name = "deal number"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str | None:
        """``--deal N`` in the help, not the name's two words."""
        return "N"


DEAL = DealNumber(1, MAX_DEAL)


class Count(Digits):
    """A whole number within bounds (processes, positions): ``N`` in the help rather
    than ``INTEGER RANGE``, like ``--deal N``."""

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str | None:
        """``--workers N`` in the help."""
        return "N"


class Port(Digits):
    """A TCP port, 0 to 65535: "not a valid port" rather than "integer range"."""

    name = "port"

    def __init__(self) -> None:
        super().__init__(0, 65535)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str | None:
        """``--port PORT`` in the help."""
        return "PORT"


def plural(count: int, noun: str) -> str:
    """``1 move``, ``2 moves``, ``1,024 positions``."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


class Seconds(click.FloatRange):
    """A positive, finite number of seconds: ``nan`` and ``inf`` pass a plain
    ``FloatRange`` (no comparison with nan is true), and a solve would never stop."""

    name = "number of seconds"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str | None:
        """``--timeout SECONDS`` in the help, not the name's three words."""
        return "SECONDS"

    def __init__(self, low: float = 0.0) -> None:
        super().__init__(low, min_open=low == 0.0)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        seconds = super().convert(value, param, ctx)
        if not math.isfinite(seconds):
            self.fail(f"{quoted(value)} is not a finite number of seconds", param, ctx)
        return seconds


SECONDS = Seconds()


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
