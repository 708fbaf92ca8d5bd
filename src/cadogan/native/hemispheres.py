"""The Hemispheres' native kernel (``hemispheres.c``): its positions' mapping.

The kernel plays the book's rules on the same plain values as the game's fast form
(``games/_hemispheres_fast.py``, a *spot*: circle, heights, talon, cards left,
barriers, Race marriages in a row).  A spot crosses over as the circle's positions
(room for 16 cards each), the eight heights, the talon (room for 96), the cards left,
and one number holding the barriers (bits 0-3) and the count (from bit 8).
"""

from __future__ import annotations

from typing import Final

from cadogan.native.kernel import Args, piles, u8

NAME: Final = "hemispheres"
POSITIONS: Final = 12
PMAX: Final = 16
TMAX: Final = 96

Spot = tuple[tuple[bytes, ...], bytes, bytes, int, int, int]


def args(spot: Spot) -> Args:
    """A spot as the kernel's arguments; ValueError when it does not fit."""
    circle, heights, talon, left, barriers, count = spot
    if len(circle) != POSITIONS or len(talon) > TMAX:
        raise ValueError("the position does not fit the native kernel")
    lengths, cards = piles(circle, PMAX)
    extra = barriers | count << 8
    return lengths, cards, u8(heights, 8), u8(talon, TMAX), len(talon), left, extra
