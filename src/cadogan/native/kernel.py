"""One native kernel's functions (``beam.h``), declared for ``ctypes``, and a beam in it.

Every kernel exports the same functions over its own positions: a beam search
(``beam_new``, ``beam_root``, ``beam_step``, ``beam_line`` ...) and, for the tests that
hold a kernel to its game's Python form, ``kernel_examine`` and ``kernel_key``.  A
position crosses over as seven arguments (``Args``): the piles' lengths and cards (a
fixed room per pile), the foundations' heights, the talon and its length, the cards
left in the pack and one number more that some games need; each game's module says
how its positions map onto them.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cadogan.native import library

MAXMOVES: Final = 192  # room for one position's moves (every kernel lists fewer)
PACK_MAX: Final = 128  # room for a deal's pack (beam.h)
FACTS_ROOM: Final = 1024  # room for one position's facts (every kernel lists fewer)
LINE_CAP: Final = 4096  # moves of a winning line, at most
U8: Final = ctypes.POINTER(ctypes.c_uint8)
Args = tuple[Any, ...]  # a position as the kernel's seven arguments
_DECLARED: set[int] = set()  # the ids of the libraries whose functions are declared


def load(name: str) -> ctypes.CDLL | None:
    """Kernel ``name`` built and loaded, its functions declared; None without one."""
    lib = library(name)
    if lib is None or id(lib) in _DECLARED:
        return lib
    spot: list[Any] = [U8, U8, U8, U8, ctypes.c_int, ctypes.c_int, ctypes.c_int]
    ints = ctypes.POINTER(ctypes.c_int)
    handle = ctypes.c_void_p
    signatures: dict[str, tuple[Any, list[Any]]] = {
        "beam_new": (
            handle,
            [
                U8,
                ctypes.c_int,
                ctypes.c_double,
                ctypes.c_double,
                ctypes.c_uint64,
                ctypes.c_int,
                ctypes.c_int,
            ],
        ),
        "beam_root": (ctypes.c_int, [handle, *spot]),
        "beam_step": (ctypes.c_longlong, [handle, ctypes.c_longlong]),
        "beam_found": (ctypes.c_int, [handle]),
        "beam_width": (ctypes.c_int, [handle]),
        "beam_line": (
            ctypes.c_int,
            [handle, ints, ctypes.POINTER(ctypes.c_uint16), ctypes.c_int],
        ),
        "beam_free": (None, [handle]),
        "kernel_examine": (ctypes.c_int, [*spot, U8, ctypes.c_int, ints, ints, ints]),
        "kernel_key": (ctypes.c_uint64, spot),
        "kernel_facts": (ctypes.c_int, [*spot, ctypes.POINTER(ctypes.c_uint32), ctypes.c_int]),
    }
    if hasattr(lib, "exhaust_new"):  # the kernels with an exhaustive search (exhaust.h)
        signatures.update(
            {
                "exhaust_new": (handle, [U8, ctypes.c_int, ctypes.c_longlong]),
                "exhaust_root": (ctypes.c_int, [handle, *spot]),
                "exhaust_step": (ctypes.c_int, [handle, ctypes.c_longlong]),
                "exhaust_positions": (ctypes.c_longlong, [handle]),
                "exhaust_states": (ctypes.c_longlong, [handle]),
                "exhaust_line": (
                    ctypes.c_int,
                    [handle, ints, ctypes.POINTER(ctypes.c_uint16), ctypes.c_int],
                ),
                "exhaust_thorough": (None, [handle]),
                "exhaust_free": (None, [handle]),
                "kernel_key_bytes": (ctypes.c_int, [*spot, U8]),
                "kernel_grade": (ctypes.c_int, spot),
                "kernel_late_dead": (ctypes.c_int, [*spot, U8, ctypes.c_int, ctypes.c_int]),
            }
        )
    for function, (result, arguments) in signatures.items():
        declared = getattr(lib, function)
        declared.restype = result
        declared.argtypes = arguments
    _DECLARED.add(id(lib))
    return lib


def u8(data: bytes, size: int) -> Any:
    """``data`` as a C array of ``size`` bytes (zero-padded)."""
    return (ctypes.c_uint8 * size).from_buffer_copy(data.ljust(size, b"\0"))


def piles(cards: Sequence[bytes], room: int) -> tuple[Any, Any]:
    """Piles as the kernel's lengths and cards (``room`` bytes a pile); ValueError
    when one does not fit."""
    if any(len(p) > room for p in cards):
        raise ValueError("a pile does not fit the native kernel")
    lengths = bytes(len(p) for p in cards)
    packed = b"".join(p.ljust(room, b"\0") for p in cards)
    return u8(lengths, len(cards)), u8(packed, len(packed))


@dataclass(frozen=True)
class Examined:
    """A kernel's answers for one position (for the tests): its moves, in listed and
    in searched order, its safe move (None), score, cheap proof of loss and win."""

    moves: tuple[int, ...]
    ordered: tuple[int, ...]
    safe: int | None
    score: int
    dead: bool
    won: bool


def examine(lib: ctypes.CDLL, args: Args, pack: bytes) -> Examined:
    """The kernel's answers for a position given as its arguments, in a deal whose
    pack is ``pack`` (next first, as for ``KernelBeam``)."""
    moves = (ctypes.c_int * MAXMOVES)()
    ordered = (ctypes.c_int * MAXMOVES)()
    facts = (ctypes.c_int * 4)()
    count = lib.kernel_examine(*args, u8(pack, PACK_MAX), len(pack), moves, ordered, facts)
    if count < 0:
        raise ValueError("the native kernel refused the position")
    return Examined(
        tuple(moves[:count]),
        tuple(ordered[:count]),
        None if facts[0] < 0 else facts[0],
        facts[1],
        bool(facts[2]),
        bool(facts[3]),
    )


def facts(lib: ctypes.CDLL, args: Args) -> list[int]:
    """The novelty's facts of a position given as its arguments (for the tests);
    ValueError when the kernel refuses it, or lists a fact its record has no room for."""
    out = (ctypes.c_uint32 * FACTS_ROOM)()
    count = lib.kernel_facts(*args, out, FACTS_ROOM)
    if count == -2:
        raise ValueError("a fact lies beyond the kernel's record of facts (FACT_WORDS)")
    if count < 0:
        raise ValueError("the native kernel refused the position")
    return list(out[:count])


def key(lib: ctypes.CDLL, args: Args) -> int:
    """The hash of the kernel's key of a position given as its arguments."""
    return int(lib.kernel_key(*args))


class KernelHandle:
    """A search living in a kernel's memory: its handle, and ``close`` (also run when
    the object is collected), which frees it with the kernel's ``FREE`` function."""

    FREE = "beam_free"
    lib: ctypes.CDLL
    handle: int | None = None

    def _open(self) -> int:
        if self.handle is None:
            raise ValueError("the native search is closed")
        return self.handle

    def close(self) -> None:
        """Free the kernel's memory (also done when the object is collected)."""
        if self.handle is not None:
            getattr(self.lib, self.FREE)(self.handle)
            self.handle = None

    def __del__(self) -> None:
        if getattr(self, "handle", None) is not None:
            self.close()

    def _adopt(self, handle: int | None, add_root: str, roots: Sequence[Args], what: str) -> None:
        """Take a new search's ``handle`` and give it the roots through the kernel's
        ``add_root`` function; ValueError (the search freed) when the kernel refused
        the search or a root."""
        if not handle:
            raise ValueError(f"the native {what} refused its pack or settings (or had no memory)")
        self.handle = handle
        for args in roots:
            if getattr(self.lib, add_root)(handle, *args) < 0:
                self.close()
                raise ValueError(f"the native {what} refused a root")


class KernelBeam(KernelHandle):
    """One beam search in a kernel, over the roots given (``Args`` each), for one
    deal's ``pack`` (the codes of the deal's pack, next first: a position with ``left``
    cards left turns ``pack[len(pack) - left]``)."""

    def __init__(
        self,
        lib: ctypes.CDLL,
        pack: bytes,
        roots: Sequence[Args],
        *,
        blame: float,
        novelty: float = 0.0,
        seed: int,
        first_width: int,
        max_width: int,
    ) -> None:
        self.lib = lib
        self.steer = (blame, novelty)  # how it is steered, for the record
        self.handle = None
        mask = (1 << 64) - 1
        handle = lib.beam_new(
            u8(pack, PACK_MAX), len(pack), blame, novelty, seed & mask, first_width, max_width
        )
        self._adopt(handle, "beam_root", roots, "beam")

    def step(self, quota: int) -> int:
        """Search for about ``quota`` positions; the positions generated.  MemoryError
        when the kernel runs out of memory; ValueError when no root leads anywhere, so
        that it has nothing left to search."""
        done = int(self.lib.beam_step(self._open(), quota))
        if done == -1:
            raise MemoryError("the native beam ran out of memory")
        if done < 0:
            raise ValueError("the native beam has nothing left to search")
        return done

    def width(self) -> int:
        """The width of the current run."""
        return int(self.lib.beam_width(self._open()))

    def line(self) -> tuple[int, list[int]] | None:
        """The win found, as the index of its root and its moves; None before one.
        ValueError for a line too long to fetch (a game has far fewer moves)."""
        handle = self._open()
        if not self.lib.beam_found(handle):
            return None
        root = ctypes.c_int()
        moves = (ctypes.c_uint16 * LINE_CAP)()
        count = self.lib.beam_line(handle, ctypes.byref(root), moves, LINE_CAP)
        if count < 0:
            raise ValueError(f"the native beam's line is longer than {LINE_CAP} moves")
        return root.value, list(moves[:count])


Converter = Callable[[Any], Args]  # a game's positions to a kernel's arguments
