"""Napoleon's Square helpers: pile names, card tables, runs, the Note's remedy, the end.

Pure functions over card tuples and states, kept apart so that the game module stays
small.  Rules: docs/rules/napoleons-square.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Final

from cadogan.cards import Card, Rank, Suit
from cadogan.core import Pile, State

PACKETS: Final = tuple(f"packet{n}" for n in range(1, 13))
FOUND: Final = tuple(f"found{n}" for n in range(1, 9))
TALON: Final = "talon"
PACK: Final = "pack"
ALL_CARDS: Final = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
ACES: Final = frozenset(c for c in ALL_CARDS if c.rank == Rank.ACE)

# Each card's code is 16 x suit + rank, so the card one higher in suit is code + 1, and
# code + 1 of a king (rank 14) is no card at all: a marriage test is one comparison.
CODE: Final[dict[Card, int]] = {c: 16 * c.suit + c.rank for c in ALL_CARDS}
UP: Final[dict[Card, Card | None]] = {
    c: Card(c.rank + 1, c.suit) if c.rank < Rank.KING else None for c in ALL_CARDS
}

Packets = tuple[bytes, ...]  # the square for the end test: each packet as card codes


def encode(cards: tuple[Card, ...]) -> bytes:
    """Card codes of a pile, bottom first."""
    return bytes(map(CODE.__getitem__, cards))


def run_length(cards: tuple[Card, ...]) -> int:
    """How many top cards form a run descending in suit (moved as a unit by modern rules)."""
    if not cards:
        return 0
    n = 1
    while n < len(cards) and UP[cards[-n]] is cards[-n - 1]:
        n += 1
    return n


def fitting(cards: tuple[Card, ...], onto: Card) -> int:
    """How many top cards of a run must move so that the lowest marries ``onto`` (0: none)."""
    k = onto.rank - cards[-1].rank
    return k if onto.suit == cards[-1].suit and 1 <= k <= run_length(cards) else 0


# The Note's king remedy ------------------------------------------------------------


def _blocking(cards: tuple[Card, ...], index: int) -> bool:
    """True if the king at ``index`` lies above a lower card of its own suit."""
    king = cards[index]
    return any(c.suit == king.suit and c.rank < Rank.KING for c in cards[:index])


def blocking_kings(packets: Mapping[str, Pile], suit: Suit) -> list[tuple[str, int]]:
    """Every (packet, index) of a king of ``suit`` lying above a lower card of that suit."""
    return [
        (name, i)
        for name in PACKETS
        for i, c in enumerate(packets[name].cards)
        if c.rank == Rank.KING and c.suit == suit and _blocking(packets[name].cards, i)
    ]


def pending_suits(state: State) -> tuple[Suit, ...]:
    """Suits whose two kings both block a lower card of their suit (the Note applies)."""
    return tuple(suit for suit in Suit if len(blocking_kings(state.piles, suit)) == 2)


def king_text(suit: Suit) -> str:
    """The lower-case text of a king, as a move argument: ``kh``."""
    return "k" + suit.letter


Slip = tuple[str, Suit, bool]  # (packet, suit of the king, True for the lower of two)


def slip_targets(state: State) -> list[Slip]:
    """The remedy's choices: each blocking king of each suit the Note applies to.

    When both kings lie in one packet either may be slipped, and the two choices differ
    whenever cards lie between them: slipping the upper one uncovers those cards, but
    slipping the lower one leaves a king on top, where a queen of its suit can still be
    married onto it.  Neither is always the better, so both are offered; if the kings
    lie next to each other both give the same packet, and only one choice is offered.
    """
    targets: list[Slip] = []
    for suit in pending_suits(state):
        (low_name, low), (high_name, high) = blocking_kings(state.piles, suit)
        if low_name != high_name:
            targets += [(low_name, suit, False), (high_name, suit, False)]
            continue
        targets.append((low_name, suit, False))
        if high - low > 1:
            targets.append((low_name, suit, True))
    return targets


def slip_words(target: Slip) -> tuple[str, ...]:
    """The arguments of a slip move: ``packet4 kh``, or ``packet4 kh lower``."""
    name, suit, lower = target
    return (name, king_text(suit), "lower") if lower else (name, king_text(suit))


def slip_king(pile: Pile, suit: Suit, lower: bool = False) -> Pile:
    """The packet with its uppermost (or lowest) king of ``suit`` moved to the bottom."""
    kings = [i for i, c in enumerate(pile.cards) if c.rank == Rank.KING and c.suit == suit]
    king, rest = pile.remove_at(kings[0] if lower else kings[-1])
    return rest.slip_under(king)


# The end ---------------------------------------------------------------------------


def wanted(state: State) -> frozenset[int]:
    """Codes of the cards some foundation would take now: its next card, or any ace."""
    result: set[int] = set()
    for name in FOUND:
        top = state[name].top
        if top is None:
            result.update(CODE[a] for a in ACES)
        elif top.rank < Rank.KING:
            result.add(CODE[top] + 1)
    return frozenset(result)


def can_progress(state: State, modern: bool) -> bool:
    """True unless the pack is out and no play to a foundation or talon move can come again.

    Only moves within the square can cycle; every other move gains ground for good.  So
    the game is stuck exactly when no line of square-only moves reaches a position with
    a play to a foundation, a move of the talon's top or a deal.  The search below is
    exhaustive (the square's positions are finitely many), so the answer is exact.
    """
    if state[PACK].cards:
        return True
    top = state[TALON].top
    talon = CODE[top] if top is not None else None
    packets = tuple(encode(state[p].cards) for p in PACKETS)
    return _reachable(packets, wanted(state), talon, modern)


@lru_cache(maxsize=4096)
def _reachable(start: Packets, want: frozenset[int], talon: int | None, modern: bool) -> bool:
    """Depth-first search of square-only lines for a position where progress is possible.

    Packets in another order are the same position for this question (no rule looks at
    a packet's place), so positions are remembered with their packets sorted.
    """
    seen = {tuple(sorted(start))}
    stack = [start]
    while stack:
        packets = stack.pop()
        if _progress_here(packets, want, talon):
            return True
        for nxt in _square_moves(packets, modern):
            key = tuple(sorted(nxt))
            if key not in seen:
                seen.add(key)
                stack.append(nxt)
    return False


def _progress_here(packets: Packets, want: frozenset[int], talon: int | None) -> bool:
    """A top card plays to a foundation, or the talon's top can go into the square."""
    for cards in packets:
        if cards:
            if cards[-1] in want or (talon is not None and cards[-1] == talon + 1):
                return True
        elif talon is not None:
            return True
    return False


def _square_moves(packets: Packets, modern: bool) -> Iterator[Packets]:
    """Every position one square-to-square move away."""
    for a, src in enumerate(packets):
        if not src:
            continue
        for b, dst in enumerate(packets):
            if a == b:
                continue
            for k in _counts(src, dst, modern):
                moved = list(packets)
                moved[a], moved[b] = src[:-k], dst + src[-k:]
                yield tuple(moved)


def _run(cards: bytes) -> int:
    """How many top codes form a run descending in suit."""
    n = 1
    while n < len(cards) and cards[-n - 1] == cards[-n] + 1:
        n += 1
    return n


def _counts(src: bytes, dst: bytes, modern: bool) -> range:
    """How many cards may go from ``src`` to ``dst`` (empty range: none)."""
    if dst:
        k = dst[-1] - src[-1]
        if k == 1 or (modern and 1 < k <= _run(src)):
            return range(k, k + 1)
        return range(0)
    if not modern:
        return range(0)  # Rule II: a space is never filled from the square
    return range(1, min(_run(src), len(src) - 1) + 1)
