"""Compact byte encodings of card sequences, for the games' solver keys.

A key made of bytes hashes and compares far faster than one made of piles.  Piles are
shared between successive states, so the same sequences come back again and again;
their encodings are remembered (the memo is emptied when it grows big).
"""

from __future__ import annotations

from typing import Final

from cadogan.cards import Card, pack

CODE: Final = {c: i for i, c in enumerate(pack(1))}
_ENCODINGS: Final[dict[tuple[Card, ...], bytes]] = {}
_GROUPS: Final[dict[tuple[tuple[Card, ...], ...], bytes]] = {}
MEMO_LIMIT: Final = 100_000
# Groups hold on to their piles' cards, so fewer are remembered: a Constitution solve
# meets about 6,000 distinct divisions in 20,000 positions.
GROUP_LIMIT: Final = 20_000


def encoded(cards: tuple[Card, ...]) -> bytes:
    """The cards as bytes, led by their count, so that sequences join unambiguously."""
    found = _ENCODINGS.get(cards)
    if found is None:
        if len(_ENCODINGS) >= MEMO_LIMIT:
            _ENCODINGS.clear()
        found = _ENCODINGS[cards] = bytes((len(cards), *map(CODE.__getitem__, cards)))
    return found


def encoded_group(piles: tuple[tuple[Card, ...], ...]) -> bytes:
    """Interchangeable piles as bytes: their encodings sorted and joined, so that the
    same cards in the piles give the same bytes whichever pile holds which.

    Remembered as a whole, for a key's groups of piles mostly come back unchanged
    (a move changes at most two of them).
    """
    found = _GROUPS.get(piles)
    if found is None:
        if len(_GROUPS) >= GROUP_LIMIT:
            _GROUPS.clear()
        found = _GROUPS[piles] = b"".join(sorted(map(encoded, piles)))
    return found
