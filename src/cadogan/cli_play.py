"""``cadogan play``: a game at the terminal's prompt, with undo, redo, hints and save.

The table is drawn again only when the position changed, and every reply (an illegal
move's reason, a hint, "Undone.") is printed after it, just above the next prompt,
so that it is still on the screen when the player reads it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import click
from rich.console import Console
from rich.text import Text

from cadogan.cards import random_deal
from cadogan.cli_common import DEAL, make_game, option_flag
from cadogan.core import CadoganError, IllegalMove, Outcome
from cadogan.errors import quoted
from cadogan.render import describe, layout
from cadogan.session import Session

console = Console()

OVER_HELP = "The game is over: undo, save FILE or quit."
PLAY_HELP = (
    "Type a move's number, its text or its line as listed (a card a move names, as slip "
    "and take do, as Qh or Q♥); also: undo [N] (u), redo [N] "
    "(r), R (re-deal, in a game that has one), hint (h), auto (a: the moves that can never "
    "spoil a win), save FILE, load FILE, help (?), quit (q)."
)
SHORT = {
    "u": "undo",
    "r": "redo",
    "h": "hint",
    "a": "auto",
    "q": "quit",
    "exit": "quit",
    "?": "help",
}
"""One-key forms of the commands, the keys of the TUI and the web page (either case,
but for ``R``, the re-deal as in the TUI: ``RESHORT``)."""
RESHORT = {"R": "redeal"}  # one-key moves, read before the case is folded
COMMANDS = frozenset({"undo", "redo", "hint", "auto", "save", "load", "help", "quit"})
LONGEST_NUMBER = 6
"""Digits read as a move's number; a longer number is out of range without reading it
(``int`` refuses strings of over 4,300 digits)."""


@dataclass(frozen=True)
class Reply:
    """What one line typed at the prompt did: a message, and whether the table changed."""

    text: str = ""
    changed: bool = False
    session: Session | None = None  # a session loaded from a file replaces the current one
    quit: bool = False
    kind: str = ""  # "illegal" or "error": said in red before the text

    def say(self) -> None:
        """Print the text as it is: it may hold what the player typed, which Rich must
        not read as markup (``x[/b]`` raised an error)."""
        label = {"illegal": "Illegal: ", "error": "Error: "}.get(self.kind, "")
        console.print(Text.assemble((label, "red"), self.text))


@click.command()
@click.argument("game")
@click.option("--deal", "number", type=DEAL, default=None, help="Deal number (default: random).")
@option_flag
@click.option(
    "--auto",
    is_flag=True,
    help="The greedy player plays every move, for every player (it may stop unfinished).",
)
def play(game: str, number: int | None, options: tuple[str, ...], auto: bool) -> None:
    """Play a game in the terminal, with undo, redo, hints, save and load.

    Two-player games (Sympathie) are played hot-seat: the prompt names the player to move.
    """
    session = Session(make_game(game, options), number if number is not None else random_deal())
    if auto:
        _autoplay_all(session)
        _announce(session)
    else:
        console.print(PLAY_HELP, style="dim")
        session = _prompt_loop(session)
    if not session.outcome().over:
        console.print(f"Stopped; the game is {session.outcome().value}.")


def _announce(session: Session) -> None:
    if session.outcome().over:
        won = session.outcome() is Outcome.WON
        console.print(f"[bold]The game is {'won' if won else 'lost'}.[/bold]")
        note = session.game.ending(session.state)
        if note:
            console.print(note, markup=False)


def _prompt_loop(session: Session) -> Session:
    """Ask for moves until the player quits; the session played last.

    When the game ends the result is announced, and the prompt stays for ``undo``,
    ``save FILE`` or ``quit``, so a finished game can still be saved or taken back.
    """
    legal = _show(session)
    _announce_end(session)
    while True:
        two_players = session.game.players > 1 and not session.outcome().over
        who = f"player {session.state.turn} " if two_players else ""
        try:
            line = click.prompt(f"{who}move", prompt_suffix="> ", show_default=False).strip()
        except (EOFError, click.Abort):
            line = "quit"
        reply = _command(session, line, legal)
        if reply.quit:
            return session
        session = reply.session or session
        if reply.changed:
            legal = _show(session)
        if reply.text:
            reply.say()
        if reply.changed:
            _announce_end(session)


def _announce_end(session: Session) -> None:
    """Once the game is over, say how it ended and what can still be done."""
    if session.outcome().over:
        _announce(session)
        console.print(OVER_HELP, style="dim")


def _autoplay_all(session: Session) -> None:
    """Let the honest greedy player make every move, printing each one.

    It is the player of ``cadogan study --player greedy``: it remembers what it has
    played, so it never loops, and it stops when it has nothing new to try.
    """
    from cadogan.solve.greedy import Memory
    from cadogan.solve.players import MAX_STEPS, honest_move

    memory, rng = Memory(), random.Random(0)
    for _ in range(MAX_STEPS):
        state = session.state
        if session.outcome().over:
            break
        move = honest_move(session.game, state, "greedy", rng, memory)
        if move is None:
            console.print("The greedy player has no move it has not tried; it stops here.")
            break
        who = f"player {state.turn}: " if session.game.players > 1 else ""
        console.print(f"{who}{describe(session.game, state, move)}")
        session.play(move)
    console.print(layout(session.game, session.state, session.state.turn))


def _show(session: Session) -> list[str]:
    """Draw the table and number the legal moves (none once the game is over)."""
    state = session.state
    console.print(layout(session.game, state, state.turn))
    if session.outcome().over:
        return []
    legal = [str(m) for m in session.moves()]
    for i, move in enumerate(session.moves(), 1):
        console.print(f"  {i:>3}. {describe(session.game, state, move)}")
    return legal


def _command(session: Session, line: str, legal: list[str]) -> Reply:
    """Carry out one line typed at the prompt."""
    word, _, rest = line.partition(" ")
    if word in RESHORT and not rest.strip():
        if RESHORT[word] not in session.game.verbs:
            return Reply(f"{session.game.name} has no re-deal.", kind="illegal")
        line = word = RESHORT[word]
    name, rest = SHORT.get(word.lower(), word.lower()), rest.strip()
    try:
        if name in COMMANDS:
            return _run(session, name, rest)
        if not line:
            return Reply()
        if session.outcome().over:
            return Reply(OVER_HELP)
        return _move(session, line, legal)
    except IllegalMove as err:
        return Reply(err.reason, kind="illegal")
    except CadoganError as err:
        return Reply(str(err), kind="error")


def _run(session: Session, name: str, rest: str) -> Reply:
    """A command: undo, redo, hint, auto, save, load, help or quit."""
    if name in ("undo", "redo"):
        return _steps(session, name, rest)
    if name in ("save", "load"):
        return _file(session, name, rest)
    if rest:
        return Reply(f"{name} takes nothing after it; type help.", kind="illegal")
    if name == "quit":
        return Reply(quit=True)
    if name == "help":
        return Reply(PLAY_HELP)
    if session.outcome().over:
        return Reply(OVER_HELP)
    if name == "hint":
        return Reply(_hint(session))
    played = session.autoplay()
    if not played:
        return Reply("No safe move to play.")
    return Reply(f"Played {played} safe move{'s' if played > 1 else ''}.", changed=True)


def _steps(session: Session, name: str, rest: str) -> Reply:
    """``undo [N]`` or ``redo [N]``: take back or play again up to N moves (1 by default)."""
    if rest and not (rest.isdecimal() and len(rest) <= LONGEST_NUMBER and int(rest) > 0):
        return Reply(f"write {name} or {name} N, N a number of moves.", kind="illegal")
    wanted = int(rest) if rest else 1
    step = session.undo if name == "undo" else session.redo
    done = 0
    while done < wanted and step():
        done += 1
    past = "Undone" if name == "undo" else "Redone"
    if not done:
        return Reply(f"Nothing to {name}.")
    count = "" if wanted == 1 else f" {done} move{'s' if done > 1 else ''}"
    return Reply(f"{past}{count}.", changed=True)


def _file(session: Session, name: str, rest: str) -> Reply:
    """``save FILE`` writes the game's record; ``load FILE`` continues a saved game."""
    if not rest:
        return Reply(f"write {name} FILE.", kind="illegal")
    path = Path(rest).expanduser()
    if name == "save" and path.is_dir():
        return Reply(f"{path} is a folder: write save FILE.", kind="illegal")
    if name == "save" and path.exists() and not _replace(path):
        return Reply(f"Not saved: {path} is kept as it was.")
    try:
        if name == "save":
            session.save(path)
            return Reply(f"Saved to {path}.")
        loaded = Session.load(path)
    except OSError as err:
        return Reply(f"cannot {name} {path}: {err.strerror or err}.", kind="error")
    return Reply(f"Loaded {path}: {loaded.game.name}, deal {loaded.deal}.", True, loaded)


def _replace(path: Path) -> bool:
    """Ask before a save overwrites a file (as the TUI does); no answer is no."""
    try:
        return click.confirm(f"{path} exists. Replace it?", default=False)
    except click.Abort:
        return False


def _move(session: Session, line: str, legal: list[str]) -> Reply:
    """A move, by its number in the list or by its text."""
    if line.isdecimal():
        if len(line) > LONGEST_NUMBER or not 1 <= int(line) <= len(legal):
            raise IllegalMove(f"choose a number from 1 to {len(legal)}")
        session.play(legal[int(line) - 1])
        return Reply(changed=True)
    listed = _as_listed(session, line)
    if listed is not None:
        session.play(listed)
        return Reply(changed=True)
    words = line.lower().split()
    known = session.game.verbs | set(session.state.piles)
    if len(words) == 1 and words[0] not in known:
        raise IllegalMove(f"{quoted(line)} is neither a command nor a move; type help")
    session.play(line)
    return Reply(changed=True)


def _as_listed(session: Session, line: str) -> str | None:
    """The legal move whose line in the list reads ``line`` (case and spacing aside),
    e.g. ``equator2 zodiac1 (Q♠)``; None if none does.  Why: a player copies a line of
    the list, card and all, and the move's text alone would refuse the card."""
    wanted = " ".join(line.lower().split())
    state = session.state
    for move in session.moves():
        if " ".join(describe(session.game, state, move).lower().split()) == wanted:
            return str(move)
    return None


def _hint(session: Session) -> str:
    """The solver's hint; Ctrl-C while it thinks cancels the hint, not the game."""
    try:
        return session.hint().message
    except KeyboardInterrupt:
        return "Hint cancelled; the game goes on."
