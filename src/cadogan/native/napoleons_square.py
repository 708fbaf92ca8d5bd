"""Napoleon's Square's native kernel (``napoleons_square.c``): its positions' mapping.

The kernel plays the book's rules on the same plain values as the game's fast form
(``games/_napoleons_square_fast.py``, a *spot*: packets, heights, talon, cards left).
A spot crosses over as the packets (room for 16 cards each: four dealt and a run of
twelve married onto them at most), the eight heights, the talon (room for 96) and the
cards left.
"""

from __future__ import annotations

from typing import Final

from cadogan.native.kernel import Args, piles, u8

NAME: Final = "napoleons_square"
PACKETS: Final = 12
PKMAX: Final = 16
TMAX: Final = 96

Spot = tuple[tuple[bytes, ...], bytes, bytes, int]  # packets, heights, talon, left


def args(spot: Spot) -> Args:
    """A spot as the kernel's arguments; ValueError when it does not fit."""
    packets, heights, talon, left = spot
    if len(packets) != PACKETS or len(talon) > TMAX:
        raise ValueError("the position does not fit the native kernel")
    lengths, cards = piles(packets, PKMAX)
    return lengths, cards, u8(heights, 8), u8(talon, TMAX), len(talon), left, 0
