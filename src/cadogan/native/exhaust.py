"""A kernel's exhaustive search (``exhaust.h``), for the kernels that have one.

The search plays every legal move, prunes only by the game's safe moves and proofs of
loss, and keeps the exact keys of the positions it has met, so that it can answer
"lost" as soundly as the Python search (:mod:`cadogan.solve.exhaustive`): the tests
hold its moves, safe moves, proofs of loss and keys to the game's fast form, and its
verdicts to the Python search's.  ``key_bytes``, ``grade`` and ``late_dead`` expose
three of those parts for the tests.
"""

from __future__ import annotations

import ctypes
from enum import IntEnum
from typing import Final

from cadogan.native.kernel import LINE_CAP, PACK_MAX, Args, KernelHandle, u8

KEY_MAX: Final = 255  # the longest key a kernel writes (exhaust.h)


class Progress(IntEnum):
    """Where a search stands (``exhaust_step``'s answer)."""

    RUNNING = 0
    WON = 1
    LOST = 2  # every root searched to the end: no line wins
    UNFINISHED = 3  # the table, the path or a settling outgrew its room: no verdict


def has_exhaust(lib: ctypes.CDLL) -> bool:
    """Whether kernel ``lib`` has the exhaustive search."""
    return hasattr(lib, "exhaust_new")


def key_bytes(lib: ctypes.CDLL, args: Args) -> bytes:
    """The search's table key of a position given as its arguments, in full."""
    out = (ctypes.c_uint8 * (KEY_MAX + 1))()
    size = int(lib.kernel_key_bytes(*args, out))
    if size < 0:
        raise ValueError("the native kernel refused the position")
    return bytes(out[:size])


def grade(lib: ctypes.CDLL, args: Args) -> int:
    """The search's grade of a position given as its arguments (lower dominates; 0
    for every position of a game without grades)."""
    found = int(lib.kernel_grade(*args))
    if found < 0:
        raise ValueError("the native kernel refused the position")
    return found


def late_dead(lib: ctypes.CDLL, args: Args, pack: bytes, *, thorough: bool = False) -> bool:
    """Whether the proofs of loss the search adds to the beam's find a position lost
    (with their costlier ones when ``thorough``, as after ``KernelExhaust.thorough``)."""
    found = int(lib.kernel_late_dead(*args, u8(pack, PACK_MAX), len(pack), int(thorough)))
    if found < 0:
        raise ValueError("the native kernel refused the position")
    return bool(found)


class KernelExhaust(KernelHandle):
    """One exhaustive search in a kernel, over the roots given (``Args`` each, searched
    one after another with one table), for one deal's ``pack`` (as for ``KernelBeam``),
    keeping at most ``max_states`` positions in its table."""

    FREE = "exhaust_free"

    def __init__(self, lib: ctypes.CDLL, pack: bytes, roots: list[Args], max_states: int):
        self.lib = lib
        self.handle = None
        handle = lib.exhaust_new(u8(pack, PACK_MAX), len(pack), max_states)
        self._adopt(handle, "exhaust_root", roots, "search")

    def step(self, quota: int) -> Progress:
        """Search for about ``quota`` more positions; where the search then stands."""
        return Progress(self.lib.exhaust_step(self._open(), quota))

    def thorough(self) -> None:
        """From now on, also ask the game's costlier proofs of loss (Napoleon's
        Square's count of supports): they cut many endgames that the search would
        otherwise walk, but they cost more than they save in a search that wins
        within seconds, so only a long solve asks them."""
        self.lib.exhaust_thorough(self._open())

    def positions(self) -> int:
        """The positions generated so far."""
        return int(self.lib.exhaust_positions(self._open()))

    def states(self) -> int:
        """The positions in the table."""
        return int(self.lib.exhaust_states(self._open()))

    def line(self) -> tuple[int, list[int]] | None:
        """The win found, as the index of its root and its moves; None before one."""
        root = ctypes.c_int()
        moves = (ctypes.c_uint16 * LINE_CAP)()
        count = int(self.lib.exhaust_line(self._open(), ctypes.byref(root), moves, LINE_CAP))
        if count < 0:
            return None
        return root.value, list(moves[:count])
