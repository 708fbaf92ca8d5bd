"""Turning pile choices into moves: pick a pile up, drop it on another, or act on it.

Kept apart from the widgets so that the logic is plain and testable; the rules stay in
the game, which lists the legal moves and reads their text.  A pair of piles means
whatever the game reads ``HELD TARGET`` as (``Game.parse_move``), so the TUI's piles
and the command line's words agree: Petits Paquets reads ``packet13 found3`` as its
``take`` move, and the Hemispheres read an exchange's positions in either order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from cadogan.core import TRANSFER, Move

# What "d" plays.  Not "redeal": a re-deal spends one of the few the rules allow, so it
# has its own key (R) and "d" only says it is there.
DEAL_VERBS = ("deal", "turn", "travel", "next")

# The game's reading of a move's text, or None when it cannot read it.
Reader = Callable[[str], Move | None]


def _no_reader(text: str) -> Move | None:
    return None


def from_pile(moves: tuple[Move, ...], name: str) -> list[Move]:
    """The legal moves that start at pile ``name``."""
    return [m for m in moves if m.args and m.args[0] == name]


def between(moves: tuple[Move, ...], held: str, name: str, read: Reader = _no_reader) -> list[Move]:
    """The legal moves that take pile ``held`` to pile ``name``, without repeats: moves
    from one to the other, moves naming just the two piles in either order (the
    Hemispheres' exchange), and the game's own reading of ``held name``."""
    found = [m for m in moves if m.args[:1] == (held,) and m.args[-1:] == (name,)]
    found += [  # a verb's two piles in either order; never a card moved the other way
        m for m in moves if m.verb != TRANSFER and len(m.args) == 2 and set(m.args) == {held, name}
    ]
    read_as = read(f"{held} {name}")
    if read_as is not None and read_as in moves:
        found.append(read_as)
    return list(dict.fromkeys(found))


def targets(
    moves: tuple[Move, ...], name: str, piles: Iterable[str] = (), read: Reader = _no_reader
) -> set[str]:
    """Where a card picked up from ``name`` may go: the legal destinations to light up
    (the last pile of each move from it, and each of ``piles`` that some move pairs
    with it)."""
    found = {m.args[-1] for m in from_pile(moves, name) if len(m.args) >= 2}
    return found | {p for p in piles if p != name and between(moves, name, p, read)}


def own_action(moves: tuple[Move, ...], name: str) -> Move | None:
    """Pile ``name``'s only action, when it has one and nothing else starts there
    (``turn spare``, ``travel packet10``): choosing the pile plays it."""
    own = from_pile(moves, name)
    return own[0] if len(own) == 1 and len(own[0].args) == 1 else None


@dataclass(frozen=True, slots=True)
class Pick:
    """What a choice of pile means: play ``move``, ask among ``options``, or hold ``held``."""

    move: Move | None = None
    options: tuple[Move, ...] = ()
    held: str | None = None


def choose(moves: tuple[Move, ...], held: str | None, name: str, read: Reader = _no_reader) -> Pick:
    """The meaning of choosing pile ``name`` while holding ``held`` (or nothing);
    ``read`` is the game's reading of a move's text (:func:`between`)."""
    action = own_action(moves, name)
    if held is None:
        return Pick(held=name) if action is None else Pick(move=action)
    if held == name:
        return Pick()  # putting a card back down
    matching = between(moves, held, name, read)
    if len(matching) == 1:
        return Pick(move=matching[0])
    if matching:
        return Pick(options=tuple(matching))
    if action is not None:
        # Nothing joins the two, and the pile chosen has an action of its own ("travel
        # packet10"): the player changed his mind, as after a misclick; playing the
        # transfer only to refuse it cost him a second click.
        return Pick(move=action)
    return Pick(move=Move(TRANSFER, (held, name)))  # illegal: play() will say why


def nothing_from(moves: tuple[Move, ...], name: str) -> str:
    """Said on picking up a pile that no legal move takes a card from: dropping it
    anywhere will be refused (with the rule's reason), so say so at once, and what can
    be played (the moves onto it, when there are some: it said "no legal move uses
    zodiac2" and then listed one that did)."""
    if not moves:
        return f"No move uses {name}: none is left."
    onto = [m for m in moves if len(m.args) >= 2 and m.args[-1] == name]
    if onto:  # it only takes cards: the card to move is picked first
        listed = ", ".join(str(m) for m in onto[:3])
        return (
            f"Nothing leaves {name} now, but it can take a card: pick that card first ({listed})."
        )
    listed = ", ".join(str(m) for m in moves[:3])
    more = f" and {len(moves) - 3} more (m lists them)" if len(moves) > 3 else ""
    return f"No legal move uses {name} now; legal: {listed}{more}."


def next_card(moves: tuple[Move, ...]) -> Move | None:
    """The deal / next-card action, when one is legal."""
    for verb in DEAL_VERBS:
        for move in moves:
            if move.verb == verb:
                return move
    return None


Box = tuple[int, int, int, int]  # a pile's place on the screen: x, y, width, height
ROW_CELLS = 3  # a terminal row is about as tall as three columns are wide
STEPS = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}


def nearest(origin: Box, others: Sequence[tuple[str, Box]], direction: str) -> str | None:
    """The pile an arrow key moves to: of ``others`` (name and place), the nearest whose
    centre lies that way from ``origin``'s, a step across the line counting twice a
    step along it, so that the same row or column wins (the arrows used to mean "next"
    and "previous": Down from zodiac1 went to zodiac2, beside it).  None if none."""
    sx, sy = STEPS[direction]
    ox, oy = origin[0] * 2 + origin[2], (origin[1] * 2 + origin[3]) * ROW_CELLS
    best: tuple[float, str] | None = None
    for name, (x, y, width, height) in others:
        dx, dy = x * 2 + width - ox, (y * 2 + height) * ROW_CELLS - oy
        along, aside = dx * sx + dy * sy, abs(dx * sy) + abs(dy * sx)
        if along > 0 and (best is None or along + 2 * aside < best[0]):
            best = (along + 2 * aside, name)
    return best[1] if best else None
