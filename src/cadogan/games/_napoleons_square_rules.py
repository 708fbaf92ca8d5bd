"""Napoleon's Square helpers: pile names, runs, the Note's king remedy and the stuck test.

Pure functions over card tuples and states, kept apart so that the game module stays
small.  Rules: docs/rules/napoleons-square.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache

from cadogan.cards import Card, Rank, Suit
from cadogan.core import Pile, State, marries, plays_on

PACKETS = tuple(f"packet{n}" for n in range(1, 13))
FOUND = tuple(f"found{n}" for n in range(1, 9))
TALON, PACK = "talon", "pack"
SEARCH_CAP = 20_000  # square configurations the stuck test may visit before giving up

Packets = tuple[tuple[Card, ...], ...]


def run_length(cards: tuple[Card, ...]) -> int:
    """How many top cards form a run descending in suit (moved as a unit by modern rules)."""
    if not cards:
        return 0
    n = 1
    while n < len(cards) and marries(cards[-n], cards[-n - 1], "down"):
        n += 1
    return n


def fitting(cards: tuple[Card, ...], onto: Card) -> int:
    """How many top cards of a run must move so that the lowest marries ``onto`` (0: none)."""
    k = onto.rank - cards[-1].rank
    return k if onto.suit == cards[-1].suit and 1 <= k <= run_length(cards) else 0


def wanted(state: State) -> frozenset[Card]:
    """The cards some foundation would take now: its next card, or any ace if it is empty."""
    result: set[Card] = set()
    for name in FOUND:
        top = state[name].top
        if top is None:
            result.update(Card(Rank.ACE, suit) for suit in Suit)
        elif top.rank < Rank.KING:
            result.add(Card(Rank(top.rank + 1), top.suit))
    return frozenset(result)


def foundations_for(state: State, card: Card) -> list[str]:
    """The foundations ``card`` may be played to, leaving out any alike to an earlier one.

    Foundations holding the same cards are interchangeable (an ace may begin any empty
    one), so only the first of them is offered: an ace goes to the first empty place.
    """
    result: dict[Pile, str] = {}
    for name in FOUND:
        if plays_on(card, state[name].top, 1, 1):
            result.setdefault(state[name], name)
    return list(result.values())


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


def slip_targets(state: State) -> list[tuple[str, Suit]]:
    """The (packet, suit) choices of the remedy, one per packet holding a blocking king.

    When both kings lie in one packet only the upper one is offered: slipping it frees
    every card the lower one would free and more, since the two kings are twins.
    """
    targets: list[tuple[str, Suit]] = []
    for suit in pending_suits(state):
        for name in dict.fromkeys(name for name, _ in blocking_kings(state.piles, suit)):
            targets.append((name, suit))
    return targets


def slip_king(pile: Pile, suit: Suit) -> Pile:
    """The packet with its uppermost king of ``suit`` moved to the bottom."""
    index = max(i for i, c in enumerate(pile.cards) if c.rank == Rank.KING and c.suit == suit)
    king, rest = pile.remove_at(index)
    return rest.slip_under(king)


# The stuck test -------------------------------------------------------------------


def can_progress(state: State, modern: bool) -> bool:
    """True unless the pack is out and no play, talon move or deal can ever come again.

    Only moves within the square can cycle; every other move gains ground for good.  So
    the game is stuck exactly when no square-only line reaches a foundation play, a
    talon move or a deal.  Beyond SEARCH_CAP configurations we assume it is not stuck.
    """
    if not state[PACK].empty:
        return True
    talon = state[TALON].top
    want = wanted(state)
    if talon is not None and talon in want:
        return True
    packets = tuple(state[p].cards for p in PACKETS)
    return _reachable(packets, want, talon, modern)


@lru_cache(maxsize=4096)
def _reachable(start: Packets, want: frozenset[Card], talon: Card | None, modern: bool) -> bool:
    """Depth-first search of square-only lines for a position where progress is possible."""
    seen = {tuple(sorted(start))}
    stack = [start]
    while stack:
        packets = stack.pop()
        if _progress_here(packets, want, talon):
            return True
        for nxt in _square_moves(packets, modern):
            key = tuple(sorted(nxt))
            if key not in seen:
                if len(seen) >= SEARCH_CAP:
                    return True
                seen.add(key)
                stack.append(nxt)
    return False


def _progress_here(packets: Packets, want: frozenset[Card], talon: Card | None) -> bool:
    """A top card plays to a foundation, or the talon's top can go into the square."""
    for cards in packets:
        if cards and cards[-1] in want:
            return True
        if talon is not None and (not cards or marries(talon, cards[-1], "down")):
            return True
    return False


def _square_moves(packets: Packets, modern: bool) -> Iterator[Packets]:
    """Every configuration one square-to-square move away."""
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


def _counts(src: tuple[Card, ...], dst: tuple[Card, ...], modern: bool) -> range:
    """How many cards may go from ``src`` to ``dst`` (empty range: none)."""
    if dst:
        k = fitting(src, dst[-1]) if modern else int(marries(src[-1], dst[-1], "down"))
        return range(k, k + 1) if k else range(0)
    if not modern:
        return range(0)  # Rule II: a space is never filled from the square
    whole = run_length(src)
    return range(1, min(whole, len(src) - 1) + 1)
