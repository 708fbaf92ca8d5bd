"""The honest rule-of-thumb player: it sees what a person sees and nothing more.

``greedy_move`` is given only a player's :class:`View` (face-down cards hidden) and the
list of legal moves, never the State, so it cannot peek.  Its rule of thumb, in order:

1. play a card to a foundation, preferring one that uncovers a hidden card or empties
   a pile;
2. a transfer that uncovers a hidden card or empties a pile;
3. a transfer of a card from the stock (``pack``, ``talon``, ``waste``);
4. any other transfer (a marriage);
5. a special action such as dealing or turning the next card;
6. last of all, actions that start the cards again (``redeal``) or give something up.

Ties go to the move the game lists first.  A person remembers what they have done:
the player never repeats a move in a position it has already played that move in, so
it cannot go round in circles; when every legal move has been tried it gives up.
Nor does a person shuffle cards between piles for ever: after ``SHUFFLE_LIMIT`` moves
in a row from pile to pile that bring no new card into play (a marriage, or emptying a
pile; see :func:`shuffles`), such moves are set aside until some other kind of move
has been played.  (Without this, in games that let whole
sequences move, such as Napoleon's Square under modern rules, the player moved the
same cards back and forth tens of thousands of times.)
Per-game tweaks are keyed by game id in ``TWEAKS`` (Hemispheres: exchange a card out
of the wrong hemisphere before dealing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cadogan.core import TRANSFER, Move, View

STOCK = ("pack", "talon", "waste", "stock")
SHUFFLE_LIMIT = 12  # moves in a row from pile to pile before the player stops shuffling
LAST_VERBS = frozenset({"redeal", "grace", "exile", "resign"})


def _is_stock(name: str) -> bool:
    """True for the stock's piles.  Exact names: a ``packet`` is not the ``pack``."""
    return name in STOCK


def _reveals(view: View, source: str | None) -> bool:
    """True when moving the top of ``source`` turns up a hidden card."""
    cards = view.piles.get(source or "", ())
    return len(cards) >= 2 and cards[-2] is None and not _is_stock(source or "")


def _uncovers(view: View, source: str | None) -> bool:
    """True when moving the top of ``source`` reveals a hidden card or leaves a space."""
    if source is None or _is_stock(source):
        return False
    return len(view.piles.get(source, ())) == 1 or _reveals(view, source)


def shuffles(view: View, move: Move) -> bool:
    """A move from pile to pile that brings no card into play: a marriage, or the
    last card of a pile moved onto another.  These alone can go on for ever."""
    if move.verb != TRANSFER or move.source is None or _is_stock(move.source):
        return False
    return not (move.target or "").startswith("found") and not _reveals(view, move.source)


def score(view: View, move: Move) -> int:
    """The generic rule of thumb: lower is better (see the module docstring)."""
    if move.verb != TRANSFER:
        return 60 if move.verb in LAST_VERBS else 50
    target, source = move.target or "", move.source
    uncovers = _uncovers(view, source)
    if target.startswith("found"):
        return 0 if uncovers else 10
    if uncovers:
        return 20
    if source is not None and _is_stock(source):
        return 30
    return 40


Tweak = Callable[[View, Move, int], int]


def _hemispheres(view: View, move: Move, value: int) -> int:
    """Exchange a card out of the wrong hemisphere before turning the next card:
    a wrong-coloured card can be neither played nor married onto until it is."""
    return 45 if move.verb == "exchange" else value


# Per-game adjustments of the generic score, keyed by game id.
TWEAKS: dict[str, Tweak] = {"hemispheres": _hemispheres}


@dataclass
class Memory:
    """What the player remembers: the (position, move) pairs it has already played,
    and how many moves from pile to pile (:func:`shuffles`) it has just played in a row."""

    played: set[tuple[View, Move]] = field(default_factory=set)
    shuffles: int = 0

    def note(self, view: View, move: Move) -> None:
        """Remember that ``move`` was played in ``view``."""
        self.played.add((view, move))
        self.shuffles = self.shuffles + 1 if shuffles(view, move) else 0


def greedy_move(
    game_id: str, view: View, legal: tuple[Move, ...], memory: Memory | None = None
) -> Move | None:
    """The rule-of-thumb choice among ``legal`` seen from ``view``; None to give up."""
    tweak = TWEAKS.get(game_id)
    best: tuple[int, int] | None = None
    choice = None
    for index, move in enumerate(legal):
        if memory is not None and (view, move) in memory.played:
            continue
        if memory is not None and memory.shuffles >= SHUFFLE_LIMIT and shuffles(view, move):
            continue
        value = score(view, move)
        if tweak is not None:
            value = tweak(view, move, value)
        if best is None or (value, index) < best:
            best, choice = (value, index), move
    return choice
