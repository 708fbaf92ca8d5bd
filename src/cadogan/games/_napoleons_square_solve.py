"""Napoleon's Square: the solver's hooks (safe moves, the table key, the move order).

Each safe move comes with its proof; the key merges only positions that are equally
winnable.  Rules: docs/rules/napoleons-square.md.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from cadogan.cards import Card
from cadogan.core import TRANSFER, Move, State
from cadogan.core.facts import pile_facts
from cadogan.games._napoleons_square_moves import DEAL
from cadogan.games._napoleons_square_rules import (
    ACES,
    CODE,
    FOUND,
    PACK,
    PACKETS,
    TALON,
    UP,
    encode,
    run_length,
)

# Every pile whose cards the beam's novelty looks at, each its own place.
PLACES: Final = tuple((name, name) for name in (*PACKETS, TALON))
DOWN: Final[dict[Card, Card]] = {up: card for card, up in UP.items() if up is not None}
SEPARATOR: Final = b"\xff"  # never a card code (those are below 64)


def key(state: State) -> bytes:
    """The position with the packets sorted and the foundations reduced to sorted tops.

    No rule looks at a packet's place in the square (the remedy names a packet, but the
    choices it offers are the same wherever the packet lies), so packets holding the
    same cards are interchangeable.  A foundation holds the ace up to its top card, and
    same-suit foundations take the same cards, so the multiset of tops says everything.
    The pack only ever loses its top card, so within one search its size names it.
    """
    piles = state.piles
    tops = bytes(sorted(CODE[c[-1]] if (c := piles[f].cards) else 0 for f in FOUND))
    packets = sorted([_encoded(piles[p].cards) for p in PACKETS])
    head = bytes((len(piles[PACK].cards), state.phase == "remedy")) + tops
    return SEPARATOR.join((head, _encoded(piles[TALON].cards), *packets))


_PILES: Final[dict[tuple[Card, ...], tuple[bytes, int]]] = {}
PILES_CAP: Final = 200_000  # pile contents remembered (a move changes two piles)


def _pile(cards: tuple[Card, ...]) -> tuple[bytes, int]:
    """A pile's codes for the key and its count of locks for the score, remembered by
    the pile's cards: most piles are shared with the previous position, so the key
    and the score meet the same packets again and again."""
    found = _PILES.get(cards)
    if found is None:
        if len(_PILES) >= PILES_CAP:
            _PILES.clear()
        found = _PILES[cards] = (encode(cards), _count_locks(cards))
    return found


def _encoded(cards: tuple[Card, ...]) -> bytes:
    """``encode(cards)``, remembered."""
    return _pile(cards)[0]


def safe(state: State, legal: tuple[Move, ...]) -> Move | None:
    """A move that can never spoil a win (each kind proved below), or None."""
    piles = state.piles
    tops = [cards[-1] for f in FOUND if (cards := piles[f].cards)]
    for move in legal:
        if move.verb != TRANSFER or move.args[-1] not in FOUND:
            break  # the foundation plays come first in the legal moves
        card = piles[move.args[0]].cards[-1]
        # An ace, or a card whose two cards one lower in suit are both on foundations,
        # can never again take a marriage (only the card one lower marries onto it).
        # Playing it to a foundation only uncovers what lies beneath, and any line that
        # keeps it can be followed without it: its twin, if still out, finds the other
        # foundation of the suit waiting at the same card or has already been played.
        if card in ACES or _on_foundations(tops, DOWN[card]) == 2:
            return move
    if legal and legal[-1] is DEAL and _talon_idle(state):
        return DEAL
    return None


def _on_foundations(tops: list[Card], card: Card) -> int:
    """How many copies of ``card`` lie on the foundations, given their top cards."""
    return sum(1 for t in tops if t.suit == card.suit and t.rank >= card.rank)


def _talon_idle(state: State) -> bool:
    """True when the talon's top cannot be used before the next deal, so dealing is safe.

    Proof: a winning line must deal again.  If the talon's top is never used before
    that deal, the moves before it touch only packets and foundations (the talon's other
    cards lie under its top), and they are just as legal after the deal, which changes
    neither; so the deal can be played first, reaching the same positions.  The top is
    surely idle when it is no card (an empty talon), or when, using only the cards now
    in the square (the only cards that can move before the next deal, and they never
    return to the square once gone), it can be neither played to a foundation nor
    married, and no packet can be emptied to make a space for it.
    """
    talon = state.piles[TALON].cards
    if not talon:
        return True
    top = talon[-1]
    if top in ACES:
        return False  # an empty foundation always waits for an ace
    piles = state.piles
    square: set[Card] = set()  # the cards in the square (a set: only presence counts)
    for name in PACKETS:
        square.update(piles[name].cards)
    tops = {cards[-1] for f in FOUND if (cards := piles[f].cards)}
    if _may_leave(top, square, tops):
        return False
    return all((cards := piles[p].cards) and _pinned(cards[0], square, tops) for p in PACKETS)


def _may_leave(card: Card, square: set[Card], tops: set[Card]) -> bool:
    """Whether ``card`` might be played or married using only the cards in the square.

    It could be played only if some foundation's top is the card one lower, or that card
    is in the square; married only if the card one higher is in the square.
    """
    lower, higher = DOWN[card], UP[card]
    return lower in tops or lower in square or (higher is not None and higher in square)


def _pinned(bottom: Card, square: set[Card], tops: set[Card]) -> bool:
    """True if a packet's bottom card can never leave before the next deal (no space)."""
    return bottom not in ACES and not _may_leave(bottom, square, tops)


def order(state: State, legal: tuple[Move, ...]) -> tuple[Move, ...]:
    """The most promising moves first, for the depth-first search and the probes' dives.

    Plays to foundations; marriages that empty a packet (a space for the talon);
    marriages of the talon's top (the talon only shrinks by using its top); marriages
    that uncover a packet's next card; the talon's top into a space; modern runs into
    a space; the deal; and last the moves that only shift cards from one partner to its
    twin (or, under modern rules, off their partner into a space), which uncover
    nothing new in the packet they leave.  The sort is stable.
    """
    piles = state.piles

    def rank(move: Move) -> int:
        if move.verb != TRANSFER:
            return 6
        src, dst = move.args[0], move.args[-1]
        if dst in FOUND:
            return 0
        target = piles[dst].cards
        if src == TALON:
            return 2 if target else 4
        cards = piles[src].cards
        count = _count(move, cards, target)
        if count == len(cards):
            return 1
        if UP[cards[-count]] is cards[-count - 1]:
            return 7
        return 3 if target else 5

    return tuple(sorted(legal, key=rank))


def _count(move: Move, cards: tuple[Card, ...], target: tuple[Card, ...]) -> int:
    """How many cards a legal square-to-square move carries."""
    if len(move.args) == 3:
        return int(move.args[1])
    if target:
        return target[-1].rank - cards[-1].rank
    return run_length(cards)


# Score weights (measured on deals 1..30, 10 s each).
LOCK: Final = 3
SPACE: Final = 3
BURIED: Final = 1


def score(state: State) -> int:
    """Closeness to a win, for the probes only (no verdict depends on it).

    Four points per card on a foundation, less two per card in the talon: the pack is
    turned once and the talon gives up only its top card, so every card left on it buries
    the ones beneath.  Less ``LOCK`` per talon card lying above a lower card of its suit
    (a lock: the lower card cannot reach its foundation until the upper one has gone some
    other way); plus ``SPACE`` per empty packet while the pack lasts (a space takes any
    talon card); less ``BURIED`` per packet card above a lower card of its suit.
    Measured: more deals solved than with foundations and talon alone.
    """
    piles = state.piles
    founded = sum(len(piles[f].cards) for f in FOUND)
    talon = piles[TALON].cards
    spaces = buried = 0
    for p in PACKETS:
        if cards := piles[p].cards:
            buried += _locks(cards)
        else:
            spaces += 1
    if not piles[PACK].cards:
        spaces = 0  # no card is left to come, so a space only waits for the talon's top
    return 4 * founded - 2 * len(talon) - LOCK * _locks(talon) + SPACE * spaces - BURIED * buried


def _locks(cards: tuple[Card, ...]) -> int:
    """How many cards of a pile lie above a lower card of their own suit, remembered."""
    return _pile(cards)[1]


def _count_locks(cards: tuple[Card, ...]) -> int:
    """``_locks`` worked out afresh."""
    lowest: dict[int, int] = {}
    count = 0
    for card in cards:
        low = lowest.get(card.suit, 99)
        if card.rank > low:
            count += 1
        elif card.rank < low:
            lowest[card.suit] = card.rank
    return count


def facts(state: State) -> list[Hashable]:
    """Where each card of the square and the talon lies: its pile and the card under it
    (None at the bottom).

    For the beam's novelty (``cadogan.solve.beam``; steering only): a position that
    puts a card into a new packet, or onto a card it never lay on, differs from the
    ones kept before it in a way the score cannot see.  Twins count as one card.
    """
    return pile_facts(state, PLACES)
