"""The Zodiac's move lists, loss test and key, written for speed.

The solver asks these millions of times, so each position is read once: one index of
which cards marry the Zodiac tops and one of which cards the foundations take; card
neighbours are looked up in tables made at import, and every Move is made once.  The
rules are those of ``_zodiac_rules`` (docs/rules/zodiac.md), listed in the same order.
"""

from __future__ import annotations

from cadogan.cards import Card, Rank, Suit, pack
from cadogan.core import Move, State, action, transfer
from cadogan.core.encode import encoded
from cadogan.games._zodiac_rules import (
    ASCENDING,
    DESCENDING,
    EQUATOR,
    PACK,
    TABLEAU,
    TALON,
    ZODIAC,
)

ALL_CARDS = pack(1)
# Rule I: a card marries the cards one rank above and below it in its suit.
NEIGHBOURS = {
    c: tuple(Card(Rank(r), c.suit) for r in (c.rank - 1, c.rank + 1) if 1 <= r <= 13)
    for c in ALL_CARDS
}
# Rule II: the next card on an ascending and on a descending foundation.
NEXT_UP = {c: Card(Rank(c.rank + 1), c.suit) if c.rank < 13 else None for c in ALL_CARDS}
NEXT_DOWN = {c: Card(Rank(c.rank - 1), c.suit) if c.rank > 1 else None for c in ALL_CARDS}
FIRST_UP = {s: Card(Rank.ACE, s) for s in Suit}
FIRST_DOWN = {s: Card(Rank.KING, s) for s in Suit}

DEAL = action("deal")
REDEAL = action("redeal")
_SOURCES = (TALON, *TABLEAU)
MOVES = {
    (a, b): transfer(a, b)
    for a in _SOURCES
    for b in (*ZODIAC, *EQUATOR, *ASCENDING, *DESCENDING)
    if a != b
}

Index = dict[Card, list[str]]


def zodiac_index(state: State) -> Index:
    """For each card, the Zodiac packets (in ring order) whose top it marries (Rule I)."""
    index: Index = {}
    piles = state.piles
    for name in ZODIAC:
        cards = piles[name].cards
        if cards:
            for card in NEIGHBOURS[cards[-1]]:
                index.setdefault(card, []).append(name)
    return index


def foundation_index(state: State) -> Index:
    """For each card, the foundations (in order) it may be played on now (Rule II).

    An empty upper space takes an ace, an empty lower space a king, of a suit not yet
    begun in its row; a begun foundation takes the next card of its suit and direction.
    """
    index: Index = {}
    piles = state.piles
    takes: tuple[Card, ...]
    for row, first, follows in (
        (ASCENDING, FIRST_UP, NEXT_UP),
        (DESCENDING, FIRST_DOWN, NEXT_DOWN),
    ):
        tops = [piles[name].cards for name in row]
        started = {cards[0].suit for cards in tops if cards}
        for name, cards in zip(row, tops, strict=True):
            if cards:
                wanted = follows[cards[-1]]
                takes = (wanted,) if wanted is not None else ()
            else:
                takes = tuple(first[s] for s in Suit if s not in started)
            for card in takes:
                index.setdefault(card, []).append(name)
    return index


def hopeless(state: State, marry: Index) -> bool:
    """The phase-one loss test on the position (DESIGN.md section 3, The Zodiac).

    Lost when every Equator space is filled, no Equator card marries a Zodiac top, and
    no card left in the pack or the talon marries one.  Then no pass through the talon
    can ever place another card: the Zodiac tops cannot change, so neither can the
    answer.  It does not depend on what the player passed over during a pass.
    """
    piles = state.piles
    reserve = [piles[name].cards for name in EQUATOR]
    if not all(reserve) or any(cards[-1] in marry for cards in reserve):
        return False
    wanted = marry.keys()
    return wanted.isdisjoint(piles[PACK].cards) and wanted.isdisjoint(piles[TALON].cards)


def _equator_marriages(state: State, marry: Index) -> list[Move]:
    """Rule I: an Equator card may marry onto a Zodiac top (never the reverse)."""
    result: list[Move] = []
    piles = state.piles
    for source in EQUATOR:
        card = piles[source].top
        if card is not None and card in marry:
            result += [MOVES[source, z] for z in marry[card]]
    return result


def marrying_moves(state: State, marry: Index) -> tuple[Move, ...]:
    """Phase one: marriages onto the ring, Equator refills, then deal or redeal."""
    piles = state.piles
    result: list[Move] = []
    talon = piles[TALON].top
    if talon is not None and talon in marry:
        result += [MOVES[TALON, z] for z in marry[talon]]
    result += _equator_marriages(state, marry)
    if talon is not None:
        # Rule I and the Play: an Equator space may be refilled from the talon (a
        # card just dealt from the pack lies on the talon, so this covers both).
        result += [MOVES[TALON, e] for e in EQUATOR if not piles[e].cards]
    result.append(DEAL if piles[PACK].cards else REDEAL)
    return tuple(result)


def building_moves(state: State, marry: Index) -> tuple[Move, ...]:
    """Phase two: plays from Zodiac tops and Equator cards, then Equator marriages."""
    piles = state.piles
    plays = foundation_index(state)
    result: list[Move] = []
    for source in TABLEAU:
        card = piles[source].top
        if card is not None and card in plays:
            result += [MOVES[source, f] for f in plays[card]]
    result += _equator_marriages(state, marry)
    return tuple(result)


def key_bytes(state: State) -> bytes:
    """Pack and talon in order, then each row of interchangeable piles sorted."""
    piles = state.piles
    parts = [encoded(piles[PACK].cards), encoded(piles[TALON].cards)]
    for row in (EQUATOR, ZODIAC, ASCENDING, DESCENDING):
        parts += sorted(encoded(piles[name].cards) for name in row)
    return b"".join(parts)
