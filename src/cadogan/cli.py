"""The ``cadogan`` command: list, deal, play and replay games (more commands per issue).

Bad input never shows a traceback: it gets one line on stderr and exit code 2.
"""

from __future__ import annotations

import json
import sqlite3
import sys
import textwrap
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from cadogan import registry
from cadogan.cli_common import DEAL, make_game, option_flag, plural
from cadogan.core import CadoganError
from cadogan.core.jsonform import state_to_json
from cadogan.record import MAX_RECORD_BYTES, Record, ReplayError, replay
from cadogan.render import layout, options_label
from cadogan.session import Session

console = Console()


def fail(message: str, code: int = 2) -> None:
    """Print one line on stderr and exit."""
    click.echo(f"cadogan: {message}", err=True)
    sys.exit(code)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cadogan")
def cli() -> None:
    """Lady Cadogan's games of patience, and Travellers: play, solve and study them."""


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def games(as_json: bool) -> None:
    """List the games with their ids, aliases, players, packs and options."""
    rows: list[dict[str, Any]] = [
        {
            "id": g.id,
            "name": g.name,
            "aliases": list(g.aliases),
            "players": g.players,
            "packs": g.packs,
            "description": g.description,
            "options": {
                o.name: {"default": o.default, "choices": list(o.choices), "help": o.help}
                for o in g.option_specs
            },
        }
        for g in registry.classes()
    ]
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    for row in rows:
        opts = ", ".join(
            f"{k}={v['default']} ({'|'.join(v['choices'])})" for k, v in row["options"].items()
        )
        aliases = f" (also: {', '.join(row['aliases'])})" if row["aliases"] else ""
        console.print(f"[bold]{row['id']}[/bold]: {row['name']}{aliases}")
        sizes = f"{plural(row['packs'], 'pack')}, {plural(row['players'], 'player')}"
        details = f"{sizes}. {row['description']}" + (f"\noptions: {opts}" if opts else "")
        for paragraph in details.split("\n"):  # wrapped lines keep the indent, no trailing spaces
            click.echo(
                textwrap.fill(
                    paragraph, console.width, initial_indent=" " * 4, subsequent_indent=" " * 4
                )
            )


@cli.command()
@click.argument("game")
@click.option("--deal", "number", type=DEAL, default=1, show_default=True, help="Deal number.")
@option_flag
@click.option("--json", "as_json", is_flag=True, help="Print the full-view JSON state.")
def deal(game: str, number: int, options: tuple[str, ...], as_json: bool) -> None:
    """Print the opening layout of a deal."""
    g = make_game(game, options)
    state = Session(g, number).state
    if as_json:
        click.echo(json.dumps(state_to_json(state), indent=2))
    else:
        console.print(layout(g, state))


@cli.command("replay")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON: result, moves (and states).")
@click.option("--states", is_flag=True, help="With --json, list the state after every move.")
def replay_cmd(file: Path, as_json: bool, states: bool) -> None:
    """Replay a record (FILE, or - for standard input) through the rules; exit 2 at the
    first illegal move.

    When the record states a result ([Result "won"], as a solver's certificate does)
    and its moves end otherwise, the replay says so and exits 1, so that a script
    checking certificates by exit status refuses a cut or altered one."""
    if states and not as_json:
        raise click.UsageError("--states lists the states in the JSON: add --json")
    record = _read_record(file)
    result = replay(record)
    if as_json:
        data: dict[str, Any] = {
            "game": result.game.id,
            "deal": record.deal,
            "options": dict(result.game.options),
            "result": result.outcome.value,
            "moves": [str(m) for m in result.moves],
        }
        if states:
            data["states"] = [state_to_json(s) for s in result.states]
        click.echo(json.dumps(data, indent=2))
    else:
        click.echo(
            f"{result.game.name}{options_label(result.game)}, deal {record.deal}: "
            f"{plural(len(result.moves), 'move')}, {result.outcome.value}"
        )
    if record.result and record.result != result.outcome.value:
        fail(f"the record says {record.result}, but its moves end {result.outcome.value}", code=1)


def _read_record(file: Path) -> Record:
    """The record in ``file``, or on standard input for ``-`` (so that ``cadogan solve
    --record -`` can be piped straight into ``cadogan replay -``)."""
    if str(file) == "-":
        return Record.from_bytes(sys.stdin.buffer.read(MAX_RECORD_BYTES + 1), "standard input")
    return Record.load(file)


# Extra commands live in their own modules (cli_<name>.py); register each with one line.
# extra commands
cli.add_command(__import__("cadogan.cli_stats", fromlist=["stats_cmd"]).stats_cmd)
cli.add_command(__import__("cadogan.cli_serve", fromlist=["serve"]).serve)
cli.add_command(__import__("cadogan.cli_play", fromlist=["play"]).play)
from cadogan.cli_solve import solve as _solve  # noqa: E402

cli.add_command(_solve)
from cadogan.cli_study import report as _report  # noqa: E402
from cadogan.cli_study import study as _study  # noqa: E402

cli.add_command(_study)
cli.add_command(_report)
from cadogan.cli_tui import tui as _tui  # noqa: E402

cli.add_command(_tui)
from cadogan.cli_compile import compile_cmd as _compile  # noqa: E402

cli.add_command(_compile)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the command, turning every bad input into one stderr line."""
    try:
        cli.main(args=argv, prog_name="cadogan", standalone_mode=False)
    except ReplayError as err:
        fail(str(err))
    except CadoganError as err:
        fail(str(err))
    except click.UsageError as err:
        if type(err).__name__ == "NoArgsIsHelpError" and err.ctx is not None:
            click.echo(err.ctx.get_help())
            sys.exit(0)
        fail(err.format_message())
    except click.ClickException as err:
        fail(err.format_message(), err.exit_code or 1)
    except click.Abort:
        fail("aborted", 130)
    except sqlite3.Error as err:
        fail(f"database error: {err}")
    except BrokenPipeError:  # before OSError, of which it is one
        sys.exit(1)
    except OSError as err:
        fail(os_error(err))


def os_error(err: OSError) -> str:
    """A file error as one plain line, ``PATH: reason`` (as the shell's tools say it),
    rather than Python's ``[Errno 13] Permission denied: 'PATH'``."""
    if err.strerror and err.filename is not None:
        return f"{err.filename}: {err.strerror}"
    return err.strerror or str(err)


if __name__ == "__main__":
    main()
