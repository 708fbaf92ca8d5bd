"""Compact transposition-table keys for positions of games that do not supply their own.

A State is hashable, but hashing one walks every pile and every Card each time, and a
table of two million States would hold millions of Python objects.  The solver keeps a
``bytes`` string per position instead: one byte per card (rank, suit and face-up
mark) with a separator between piles, behind a header naming the phase, the turn and
the counters.  The encoding is injective for the states of one solve (same game,
deal and options, same pile names), so two positions share a key only when they are
equal: merging them in the table is exactly as sound as using the States themselves.

Encoding a pile costs a few microseconds, and a move changes only one to three piles,
so :class:`Encoder` reuses the parent's bytes for every pile object the child shares
with its parent (piles are immutable, so identity means equality).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from cadogan.cards import Card, Rank, Suit
from cadogan.core import Pile, State

PILE_SEPARATOR: Final = b"\xff"  # never a card byte (those are below 0x80)
HEADER_END: Final = b"\xfe"  # never in the UTF-8 header, never a card byte
UP: Final = 64

_CODES: Final[dict[Card, int]] = {
    Card(rank, suit): (rank - 1) * 4 + int(suit) for suit in Suit for rank in Rank
}
_FACE_UP: Final[dict[Card, int]] = {card: code | UP for card, code in _CODES.items()}


def encode_pile(pile: Pile) -> bytes:
    """One byte per card, bottom first: ``(rank-1)*4 + suit``, plus 64 when face up."""
    if all(pile.up):
        return bytes(map(_FACE_UP.__getitem__, pile.cards))
    return bytes(
        (_FACE_UP if up else _CODES)[card] for card, up in zip(pile.cards, pile.up, strict=True)
    )


class Encoder:
    """Turns the States of one solve into compact ``bytes`` keys.

    The pile order is fixed by the first state seen.  A state whose pile names differ
    (a game that adds or removes piles) falls back to a key that spells the names out,
    which is still exact.
    """

    def __init__(self, root: State) -> None:
        self.names: tuple[str, ...] = tuple(root.piles)
        self._headers: dict[tuple[str, int, Hashable], bytes] = {}

    def header(self, state: State) -> bytes:
        """Phase, turn and counters as text (cached: there are few distinct ones)."""
        slot = (state.phase, state.turn, state.vars)
        found = self._headers.get(slot)
        if found is None:
            text = repr((state.phase, state.turn, sorted(state.vars.items())))
            found = self._headers[slot] = text.encode("utf-8") + HEADER_END
        return found

    def parts(
        self, state: State, parent: tuple[tuple[Pile, ...], list[bytes]] | None
    ) -> tuple[tuple[Pile, ...], list[bytes]] | None:
        """The state's piles in the fixed order and their encodings, or None on a mismatch.

        ``parent`` is the same pair for an earlier state; its encodings are reused for
        every pile object the two states share.
        """
        piles_map = state.piles
        if len(piles_map) != len(self.names):
            return None
        try:
            piles = tuple(piles_map[name] for name in self.names)
        except KeyError:
            return None
        if parent is None:
            return piles, [encode_pile(p) for p in piles]
        old_piles, old_parts = parent
        return piles, [
            old_parts[i] if pile is old_piles[i] else encode_pile(pile)
            for i, pile in enumerate(piles)
        ]

    def key(self, state: State, parts: list[bytes] | None) -> Hashable:
        """The key of ``state`` given its pile encodings (None: spell out the names)."""
        if parts is None:
            named = sorted((name, encode_pile(p)) for name, p in state.piles.items())
            return (self.header(state), tuple(named))
        return self.header(state) + PILE_SEPARATOR.join(parts)
