"""La Duchesse de Luynes: the piles, the foundations' order and the card plays, on
``State`` values (the game itself is ``duchesse_de_luynes.DuchesseDeLuynes``; the
solver's bounds are in ``_duchesse_solve``).  Rules: docs/rules/duchesse-de-luynes.md.
"""

from __future__ import annotations

from typing import Final

from cadogan.cards import Card, Rank, Suit, twins_apart
from cadogan.core import TRANSFER, Move, State, action, transfer

PACKETS: Final = ("packet1", "packet2", "packet3", "packet4")
DISCARD: Final = "discard"
PACK: Final = "pack"
ACES: Final = ("found1", "found2", "found3", "found4")  # ace foundations, building up: c d h s
KINGS: Final = ("found5", "found6", "found7", "found8")  # king foundations, building down: c d h s
FOUNDATIONS: Final = ACES + KINGS
REDEALS: Final = 3
TOTAL: Final = 104


def _successors() -> tuple[tuple[Card | None, ...], ...]:
    """For each foundation, the card it takes next, indexed by its top rank (0 = empty)."""
    table = []
    for index in range(len(FOUNDATIONS)):
        suit, step = Suit(index % 4), (1 if index < 4 else -1)
        first = Card.parse(("A" if step == 1 else "K") + suit.letter)
        row: list[Card | None] = [first]
        for rank in range(1, 14):
            nxt = rank + step
            row.append(Card.parse(Rank(nxt).letter + suit.letter) if 1 <= nxt <= 13 else None)
        table.append(tuple(row))
    return tuple(table)


SUCCESSORS: Final = _successors()
_NEXT: Final = dict(zip(FOUNDATIONS, SUCCESSORS, strict=True))
# Each foundation's partner: the other foundation of its suit.
OTHER: Final = dict(zip(FOUNDATIONS, KINGS + ACES, strict=True))
# Every play as a ready-made Move (Moves are immutable values).
PLAYS: Final = {(a, b): transfer(a, b) for a in (*PACKETS, DISCARD) for b in FOUNDATIONS}
DEAL: Final = action("deal")
REDEAL: Final = action("redeal")
# When both twins of the card a foundation needs lie in the Discard, ``discard foundN``
# plays the one dealt later (nearer the top) and ``discard lower foundN`` the other.
LOWER: Final = "lower"
LOWER_PLAYS: Final = {f: Move(TRANSFER, (DISCARD, LOWER, f)) for f in FOUNDATIONS}


def wants(state: State, foundation: str) -> Card | None:
    """The one card ``foundation`` takes next (its suit is fixed), or None when complete."""
    cards = state.piles[foundation].cards
    return _NEXT[foundation][cards[-1].rank if cards else 0]


def discard_open(state: State) -> bool:
    """Rule I: the Discard may be used only once the pack is exhausted."""
    return state.piles[PACK].empty


def transfers(state: State) -> tuple[Move, ...]:
    """Every card play: packet tops, then the Discard (any of its cards) once it is open.

    For each source the foundations are tried in order found1..found8, so a card that
    fits both of its suit's foundations lists the ace foundation first.
    """
    piles = state.piles
    needs: list[tuple[str, Card]] = []  # each foundation not complete, with its card
    takers: dict[Card, list[str]] = {}
    for f in FOUNDATIONS:
        top = piles[f].cards
        card = _NEXT[f][top[-1].rank if top else 0]
        if card is not None:
            needs.append((f, card))
            takers.setdefault(card, []).append(f)
    result: list[Move] = []
    for source in PACKETS:
        cards = piles[source].cards
        if cards and cards[-1] in takers:
            result += [PLAYS[source, f] for f in takers[cards[-1]]]
    if not piles[PACK].cards:  # discard_open()
        discard = piles[DISCARD].cards
        held = set(discard)
        # Only a re-deal reads the Discard's order: with none left, which twin goes
        # changes nothing, and one choice is offered.
        ordered = state.num("redeals") > 0
        for f, card in needs:
            if card in held:
                result.append(PLAYS[DISCARD, f])
                if ordered and twins_apart(discard, card):
                    result.append(LOWER_PLAYS[f])
    return tuple(result)


def twin_home(state: State, card: Card) -> bool:
    """Whether a copy of ``card`` lies on a foundation.  Each foundation of its suit
    holds one copy of every rank it has passed: the ace one from the ace up to its top,
    the king one from the king down to its top."""
    up = state.piles[ACES[card.suit]].cards
    down = state.piles[KINGS[card.suit]].cards
    return (bool(up) and up[-1].rank >= card.rank) or (bool(down) and down[-1].rank <= card.rank)


def on_foundations(state: State) -> int:
    """How many cards have been played."""
    piles = state.piles
    return sum([len(piles[f].cards) for f in FOUNDATIONS])


def all_home(state: State) -> bool:
    """Whether every card has been played: the pack, the Discard and the packets are
    empty (cheaper than counting the foundations, as the search asks at every node)."""
    piles = state.piles
    return (
        not piles[PACK].cards
        and not piles[DISCARD].cards
        and all(not piles[p].cards for p in PACKETS)
    )
