"""``cadogan compile``: build, show or remove the optional compiled solver modules.

See ``cadogan.compiled`` for what is compiled, where it is kept and why a build can
never be stale.  Needs the ``compile`` extra (mypyc) and a C compiler.  It also builds
the native kernels (``cadogan.native``), which are otherwise built on first use, and
``--status`` reports them.
"""

from __future__ import annotations

import json
import subprocess

import click
from rich.console import Console

from cadogan import compiled, native

console = Console(stderr=True)


@click.command("compile")
@click.option("--status", "show", is_flag=True, help="Show the build state; compile nothing.")
@click.option(
    "--remove",
    is_flag=True,
    help="Delete every mypyc build (the native kernels stay: they have their own cache).",
)
@click.option("--json", "as_json", is_flag=True, help="With --status, print JSON.")
def compile_cmd(show: bool, remove: bool, as_json: bool) -> None:
    """Compile the solver's hot modules with mypyc (optional; about a minute).

    The solver then runs two to four times as fast, the same search move for move.  The
    build is kept in the user's cache (or $CADOGAN_COMPILED_DIR), named by a hash of
    the package's sources, and used only while those sources are unchanged.  It is
    checked against the plain modules on sample deals before it is used.  Set
    CADOGAN_PURE=1 to run without it.  It also builds the native beams of the
    Hemispheres and Napoleon's Square (C, otherwise built on first use; set
    CADOGAN_NATIVE=0 to run without them).
    """
    if show and remove:
        raise click.UsageError("--status and --remove do not go together")
    if as_json and not show:
        raise click.UsageError("--json goes with --status")
    if show:
        _show(as_json)
    elif remove:
        gone = compiled.remove()
        click.echo("removed every compiled build" if gone else "there was no compiled build")
    else:
        _build()


def _build() -> None:
    if native.enabled():
        for name in native.names():
            try:
                native.build(name)
            except (OSError, subprocess.CalledProcessError) as err:
                # Said, and the compiled modules still built: the kernels are optional.
                detail = getattr(err, "stderr", "") or str(err)
                console.print(f"native kernel {name} not built: {detail.strip()}")
    try:
        with console.status("compiling the solver modules") as spinner:
            where = compiled.build(say=lambda text: spinner.update(text))
    except compiled.CompileError as err:
        raise click.ClickException(str(err)) from None
    click.echo(f"compiled {len(compiled.MODULES)} modules into {where}")
    click.echo("checked: they solve the sample deals exactly as the plain modules do")
    click.echo("every later run of cadogan uses them while the sources stay unchanged")


def _show(as_json: bool) -> None:
    state = compiled.status() | {"native": native.status()}
    if as_json:
        click.echo(json.dumps(state, indent=2))
        return
    modules = state["modules"]
    running = sum(modules.values())
    built = "a good build" if state["built"] else "no build"
    click.echo(f"sources {state['digest']}: {built} in {state['cache']}")
    click.echo(f"this process runs {running} of {len(modules)} solver modules compiled")
    if state["pure"]:
        click.echo("CADOGAN_PURE is set: compiled modules are never loaded")
    elif not state["built"]:
        click.echo("run `cadogan compile` to build them (needs mypyc and a C compiler)")
    click.echo(_native_line(state["native"]))


def _native_line(kernels: dict[str, object]) -> str:
    """One line on the native kernels."""
    if not kernels["enabled"]:
        return "native kernels: off (CADOGAN_NATIVE=0)"
    if kernels["compiler"] is None:
        return "native kernels: none (no C compiler found)"
    built = kernels["kernels"]
    assert isinstance(built, dict)
    ready = [name for name, path in built.items() if path]
    waiting = [name for name, path in built.items() if not path]
    parts = []
    if ready:
        parts.append(f"built {', '.join(ready)} in {kernels['cache']}")
    if waiting:
        parts.append(f"{', '.join(waiting)} to be built on first use")
    return "native kernels: " + "; ".join(parts)
