"""``cadogan solve``: the solver's verdict on a deal, with its numbers and solution.

The solution is also written as a text record (``--record FILE``, or the ``record``
key of ``--json``), which ``cadogan replay`` replays through the rules to a win.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from cadogan import registry
from cadogan.cli_common import DEAL, SECONDS, Count, option_flag, plural
from cadogan.core import Game, State
from cadogan.core.options import parse_pairs
from cadogan.record import Record
from cadogan.render import changed_options, options_label
from cadogan.solve import Solution
from cadogan.solve import solve as run_solver
from cadogan.solve.search import MAX_STATES, Limits

STDOUT = Path("-")  # --record -: the record on standard output

VERDICTS = {
    "solved": "solved: the deal can be won",
    "unsolvable": "unsolvable: no line of play wins (exhaustive search)",
    "timeout": "timeout: undecided, the solver ran out of its budget (time, or --max-nodes)",
    "memory": "memory: undecided, the solver's table reached its cap",
}


@click.command()
@click.argument("game")
@click.option("--deal", "number", type=DEAL, required=True, help="Deal number.")
@option_flag
@click.option(
    "--timeout",
    type=SECONDS,
    default=10.0,
    show_default=True,
    help="Seconds the solver may spend.",
)
@click.option(
    "--max-states",
    type=Count(1),
    default=MAX_STATES,
    show_default=True,
    help="Cap on the positions kept in the solver's table (about 150 bytes each in "
    "the native search; a long solve proving a hard deal lost may need tens of millions).",
)
@click.option(
    "--max-nodes",
    type=Count(1),
    default=None,
    help="Stop after generating this many positions: the same answer on any machine.",
)
@click.option(
    "--workers",
    type=Count(1, 64),
    default=1,
    show_default=True,
    help="Processes to split the search over; up to one per core helps.",
)
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the solution as a record file; '-' prints the record on standard output "
    "(and the verdict on standard error).",
)
@click.option(
    "--force", is_flag=True, help="Let --record replace a file that exists (else refused)."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def solve(
    game: str,
    number: int,
    options: tuple[str, ...],
    timeout: float,
    max_states: int,
    max_nodes: int | None,
    workers: int,
    record_path: Path | None,
    force: bool,
    as_json: bool,
) -> None:
    """Decide whether a deal can be won, seeing every card, and print the winning line.

    The budget is --timeout seconds and, with --max-nodes, a number of positions;
    whichever runs out first ends the search undecided.  A node budget (with a
    timeout that does not run out first) gives the same verdict on every machine.
    Under a timeout alone, the Hemispheres and Napoleon's Square also run their native
    beam (C, built on first use; CADOGAN_NATIVE=0 turns it off), which finds wins ten
    to twenty times as fast, and their native exhaustive search, which proves
    positions lost ten to thirty times as fast; neither runs under
    --max-nodes.
    `cadogan compile` makes the solver two to four times as fast, with the same verdicts.
    --workers N runs the searches side by side in N processes (each has the whole
    timeout and a share of --max-nodes): as sound, faster on a machine with N cores,
    but the winning line found may differ from run to run.
    """
    g = registry.game(game, **parse_pairs(options))
    to_stdout = record_path == STDOUT
    if to_stdout and as_json:
        raise click.BadParameter(
            "'-' and --json would both print on standard output; the JSON holds the "
            "record (its 'record' key)",
            param_hint="'--record'",
        )
    if record_path is not None and not to_stdout:
        _check_writable(record_path, force)  # before the search, not after it is won
    limits = Limits(timeout, max_states, max_nodes)
    try:
        solution = _solve_showing_progress(g, g.deal(number), limits, workers, quiet=as_json)
    except KeyboardInterrupt:
        click.echo("Interrupted: no verdict.", err=True)
        raise SystemExit(130) from None
    record = solution.record(g, g.deal(number))
    if to_stdout:
        _print_solution(g, number, solution, limits, err=True)
        if record is not None:
            click.echo(record.text(), nl=False)
        else:
            click.echo("No record printed: the deal is not solved.", err=True)
        return
    failure = _save(record, record_path)  # first: a closed pipe below must not lose it
    if as_json:
        click.echo(json.dumps(_as_json(g, number, solution, record), indent=2))
    else:
        _print_solution(g, number, solution, limits)
    if record_path is not None and record is None:
        click.echo(f"No record written to {record_path}: the deal is not solved.", err=True)
    if failure is not None:  # after the verdict, which is printed even if the disk fails
        raise failure


def _save(record: Record | None, path: Path | None) -> OSError | None:
    """Write the solution's record, if there is one and a path; the error, if it failed.

    Saved before anything is printed: ``cadogan solve ... --record F | head`` closes
    the pipe early, and the certificate of a long solve must not be lost with it."""
    if record is None or path is None:
        return None
    try:
        record.save(path)
    except OSError as err:
        return err
    return None


def _check_writable(path: Path, force: bool = False) -> None:
    """Refuse a --record path that cannot be written, before solving rather than after
    a long search: a missing folder, a folder given as the file, a file that cannot be
    opened for writing (tried, and a file made for the try is removed again), or,
    without ``force``, a file that exists (a saved game is a record too, and was lost
    to a solve's record without a word, where ``play``'s save asks first)."""
    folder = path.parent
    if path.is_file() and not force:
        raise click.BadParameter(
            f"{path} exists; add --force to replace it", param_hint="'--record'"
        )
    if path.exists() and not path.is_file() and not path.is_dir():
        if not os.access(path, os.W_OK):  # a pipe or a device: opening one to try it
            raise click.BadParameter(  # would block, or end a reader's input at once
                f"{path} cannot be written: Permission denied", param_hint="'--record'"
            )
        return
    if path.is_dir() or not path.name:
        raise click.BadParameter(f"{str(path)!r} is a folder, not a file", param_hint="'--record'")
    if not folder.is_dir():
        raise click.BadParameter(f"no folder {folder}", param_hint="'--record'")
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as err:
        raise click.BadParameter(
            f"{path} cannot be written: {err.strerror}", param_hint="'--record'"
        ) from None
    if not existed:
        path.unlink(missing_ok=True)


def _figures(solution: Solution) -> str:
    """The search's figures in a sentence.  The table counts the position searched
    from as well as those generated (so it can hold one more), and is left out when
    the exhaustive search kept none (a deal played out, or proved lost at once)."""
    figures = f"{plural(solution.nodes, 'position')} generated"
    if solution.peak_states:
        held = plural(solution.peak_states, "position")
        figures += f"; the exhaustive search's table held {held} at most, the start included"
    return f"{figures}; {solution.seconds:.2f} s."


def _print_solution(
    g: Game, number: int, solution: Solution, limits: Limits, err: bool = False
) -> None:
    """The verdict, the figures and the winning line, on stdout (stderr with ``err``)."""
    click.echo(f"{g.name}{options_label(g)}, deal {number}: {VERDICTS[solution.status]}.", err=err)
    click.echo(_figures(solution), err=err)
    if solution.status == "solved":
        click.echo(f"Solution ({plural(len(solution.moves), 'move')}):", err=err)
        for index, move in enumerate(solution.moves, 1):
            click.echo(f"  {index:>4}. {move}", err=err)
    elif solution.status in ("timeout", "memory"):
        click.echo(_longer_try(g, number, solution, limits), err=err)


LONG_TIMEOUT = 600  # seconds: the longer try suggested after an undecided solve
LONG_STATES = 40_000_000  # table positions for it (about 150 bytes each, 5.6 GiB)


def _longer_try(g: Game, number: int, solution: Solution, limits: Limits) -> str:
    """What to run next after an undecided verdict, as a command to copy, with the
    game's options: more of the limit that ran out.  The node budget ten times over;
    the table four times over; else a longer solve with room to prove a loss (past
    30 s the exhaustive search gets most of the time; README, "Long solves")."""
    command = f"cadogan solve {g.id} --deal {number}" + "".join(
        f" -o {pair}" for pair in changed_options(g)
    )
    if limits.max_nodes is not None and solution.nodes >= limits.max_nodes:
        return f"A longer try, with more positions: {command} --max-nodes {10 * limits.max_nodes}"
    if solution.status == "memory":
        states = _within_memory(4 * limits.max_states)
        if states <= limits.max_states:
            return "The table already fills half of this machine's memory: no larger try fits."
        return (
            f"A try with a larger table ({_table_size(states)} at most): "
            f"{command} --timeout {max(limits.timeout, solution.seconds):g} --max-states {states}"
        )
    timeout = max(LONG_TIMEOUT, 10 * round(solution.seconds))
    states = _within_memory(max(LONG_STATES, 4 * solution.peak_states))
    return (
        f"A longer try, with room to prove a loss ({_table_size(states)} of "
        f"table at most): {command} --timeout {timeout} --max-states {states}"
    )


STATE_BYTES = 150  # a table position's memory, about


def _within_memory(states: int) -> int:
    """``states``, or fewer: as many as fit in half of this machine's memory, so that
    the try suggested never pushes a small machine into swap (40 million positions
    take about 5.6 GiB).  Unchanged where the system does not say its memory."""
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return states
    if memory <= 0:
        return states
    return max(1, min(states, memory // 2 // STATE_BYTES))


def _table_size(states: int) -> str:
    """The memory a table of ``states`` positions may take, in words."""
    size = states * STATE_BYTES
    if size >= 2**30:
        return f"about {size / 2**30:.1f} GiB"
    return f"about {size / 2**20:.0f} MiB" if size >= 2**20 else "under 1 MiB"


def _solve_showing_progress(
    game: Game, state: State, limits: Limits, workers: int, quiet: bool
) -> Solution:
    """Solve, with a progress bar on a terminal's stderr (never with --json or in a pipe).

    The bar runs over the node budget when there is one (a node budget is what ends
    such a search), else over the time budget; it shows the positions generated so
    far, and disappears when the verdict is in.
    """
    stderr = Console(stderr=True)
    by_nodes = limits.max_nodes is not None
    total = float(limits.max_nodes) if limits.max_nodes is not None else limits.timeout
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.fields[nodes]:,} positions"),
        TimeElapsedColumn(),
    )
    title = f"Solving {game.name}, deal {state.deal}"
    with Progress(
        *columns, console=stderr, transient=True, disable=quiet or not stderr.is_terminal
    ) as bar:
        task = bar.add_task(title, total=total, nodes=0)

        def show(nodes: int, seconds: float) -> None:
            bar.update(task, completed=nodes if by_nodes else seconds, nodes=nodes)

        return run_solver(
            game,
            state,
            timeout=limits.timeout,
            max_states=limits.max_states,
            max_nodes=limits.max_nodes,
            progress=show,
            workers=workers,
        )


def _as_json(game: Game, deal: int, solution: Solution, record: Record | None) -> dict[str, Any]:
    return {
        "game": game.id,
        "deal": deal,
        "options": dict(game.options),
        "status": solution.status,
        "moves": [str(m) for m in solution.moves],
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 4),
        "peak_states": solution.peak_states,
        "record": record.text() if record is not None else None,
    }
