"""The Zodiac's dead-position test: each suit is a small puzzle of its own.

Two facts make the Zodiac tractable (docs/rules/zodiac.md, "The solver's pruning"):

1. **The reserve is free.**  With unlimited re-deals the pack and talon form one fixed
   circular order with a cursor that dealing moves on; any reserve card can be brought
   to the talon top at any moment without changing anything else.  An Equator card can
   marry at any moment too.  So in phase one every card outside the ring is *free*: it
   may be married onto any packet top it fits, in any order, and the cards never married
   stay in the Equator, which holds at most eight.
2. **Suits never meet.**  A packet holds only the suit of its first card (marriages
   follow suit), each suit has one ascending and one descending foundation, and a
   phase-two marriage of an Equator card only covers a card (a winning line never needs
   one: leave the card in the Equator and play it from there when the line plays it from
   the packet).  So phase two splits into one independent game per suit.

Hence a phase-one position can be won only if, for every suit, its packets can be
extended by marriages from that suit's free cards so that phase two clears the suit, and
the cards left over (in the Equator) number at most eight over all suits.  The least
leftover of one suit is found by playing phase two *backwards* (:func:`least_leftover`):
the ascending foundation gives its cards back from K down to A, the descending one from
A up to K, and each card returned goes onto a packet (first each packet's present cards
from the bottom up, in order, then any card one rank from its top, as marriages build
it) or into the Equator at a cost of one.  Every winning line gives such a backward
play (its own phase two, reversed), so if none costs at most the room left the position
is lost.  In phase two the suits are checked forwards (:func:`clearable`).
"""

from __future__ import annotations

from cadogan.cards import Suit
from cadogan.core import State
from cadogan.games._zodiac_rules import ASCENDING, DESCENDING, EQUATOR, ZODIAC

# A packet, seen backwards: the ranks still to come back onto it (bottom first), or,
# once they are all back, (0, top): a packet that takes any card one rank from ``top``.
Packet = tuple[int, ...]
Packets = tuple[Packet, ...]
ROOM = len(EQUATOR)  # the cards left over at the end of phase one lie in the Equator
MEMO_LIMIT = 400_000

# Backward positions (next card of the ascending foundation, of the descending one,
# sorted packets) known to need more than the stored number of leftovers.  The search
# does not depend on the suit or the deal, so the table is shared by every position.
_FAILS: dict[tuple[int, int, Packets], int] = {}
_LEAST: dict[Packets, int] = {}  # each suit's packets: their least leftover
_AT_LEAST: dict[Packets, int] = {}  # or a lower bound on it, when that is all we know
_CLEAR: dict[tuple[int, int, Packets, tuple[int, ...]], bool] = {}


def _live(packets: list[Packet], up: int, down: int) -> Packets:
    """The packets sorted, dropping finished ones that can never take a card again.

    The ascending foundation still returns the ranks up to ``up`` and the descending one
    the ranks from ``down``; a finished packet topped by ``t`` takes only ranks t-1 and
    t+1, so with up + 1 < t < down - 1 it takes nothing more and cannot matter.
    """
    return tuple(sorted(p for p in packets if p[0] or not up + 1 < p[1] < down - 1))


def _enough(up: int, down: int, packets: Packets) -> bool:
    """True if the cards still to come back include every card the packets still need.

    Rank r still comes back once from the ascending foundation if r <= up and once from
    the descending one if r >= down; each card a packet needs must be one of those.
    """
    needed: dict[int, int] = {}
    for packet in packets:
        if packet[0]:
            for rank in packet:
                needed[rank] = needed.get(rank, 0) + 1
    return all(n <= (r <= up) + (r >= down) for r, n in needed.items())


def _fits(up: int, down: int, packets: Packets, spare: int) -> bool:
    """True if the backward play from here can finish with at most ``spare`` leftovers.

    ``up`` is the next rank the ascending foundation gives back (13 down to 1, 0 when
    it is empty), ``down`` the descending one's (1 up to 13, 14 when empty).
    """
    if up == 0 and down == 14:
        return all(p[0] == 0 for p in packets)
    key = (up, down, packets)
    if _FAILS.get(key, -1) >= spare or not _enough(up, down, packets):
        return False
    for rank, nup, ndown in ((up, up - 1, down), (down, up, down + 1)):
        if not 1 <= rank <= 13:
            continue
        tried: set[Packet] = set()
        for i, packet in enumerate(packets):
            if packet in tried:
                continue
            tried.add(packet)
            if packet[0] == 0:
                if abs(packet[1] - rank) != 1:
                    continue
                after: Packet = (0, rank)
            elif packet[0] == rank:
                after = packet[1:] if len(packet) > 1 else (0, rank)
            else:
                continue
            rest = [*packets[:i], after, *packets[i + 1 :]]
            if _fits(nup, ndown, _live(rest, nup, ndown), spare):
                return True
        if spare and _fits(nup, ndown, _live(list(packets), nup, ndown), spare - 1):
            return True
    if len(_FAILS) >= MEMO_LIMIT:
        _FAILS.clear()
    _FAILS[key] = spare
    return False


def least_leftover(packets: Packets, cap: int = ROOM + 1) -> int:
    """The fewest cards of one suit left over (in the Equator) at the end of phase one,
    if its packets (ranks bottom to top) are to be cleared in phase two; ``cap`` when it
    is ``cap`` or more.  The suit's other cards are all free (module docstring, fact 1).
    """
    start = tuple(sorted(packets))
    known = _LEAST.get(start)
    if known is not None:
        return min(known, cap)
    for spare in range(max(_AT_LEAST.get(start, 0), _lower_bound(start)), cap):
        if _fits(13, 1, start, spare):
            if len(_LEAST) >= MEMO_LIMIT:
                _LEAST.clear()
            _LEAST[start] = spare
            return spare
    if len(_AT_LEAST) >= MEMO_LIMIT:
        _AT_LEAST.clear()
    _AT_LEAST[start] = max(cap, _AT_LEAST.get(start, 0))
    return cap


def _lower_bound(packets: Packets) -> int:
    """A lower bound from positions one marriage earlier, when they were worked out.

    Taking a married card off a packet (and freeing it) only widens the choices, so
    the packets with one top card fewer never need more leftovers than these.  This
    needs each packet's top to be one rank from the card beneath it, as it always is
    in play (packets start as single cards and grow only by marriages); a hand-built
    packet such as (5, 9) would break it.
    """
    low = 0
    for i, packet in enumerate(packets):
        if len(packet) > 1:
            fewer = tuple(sorted((*packets[:i], packet[:-1], *packets[i + 1 :])))
            low = max(low, _LEAST.get(fewer, 0), _AT_LEAST.get(fewer, 0))
    return low


def clearable(up: int, down: int, packets: Packets, equator: tuple[int, ...]) -> bool:
    """True if one suit can be cleared in phase two (played forwards, no marriages).

    ``up`` is the top rank of its ascending foundation (0 before the ace), ``down`` of
    its descending one (14 before the king); ``packets`` its ring packets (ranks bottom
    to top), ``equator`` the ranks of its Equator cards.
    """
    if up == 13 and down == 1:
        return True
    key = (up, down, packets, equator)
    known = _CLEAR.get(key)
    if known is not None:
        return known
    answer = False
    for target, nup, ndown in ((up + 1, up + 1, down), (down - 1, up, down - 1)):
        if not 1 <= target <= 13:
            continue
        if target in equator:
            i = equator.index(target)
            if clearable(nup, ndown, packets, equator[:i] + equator[i + 1 :]):
                answer = True
                break
        for i, packet in enumerate(packets):
            if packet[-1] == target:
                rest = (*packets[:i], packet[:-1], *packets[i + 1 :])
                rest = tuple(sorted(p for p in rest if p))
                if clearable(nup, ndown, rest, equator):
                    answer = True
                    break
        if answer:
            break
    if len(_CLEAR) >= MEMO_LIMIT:
        _CLEAR.clear()
    _CLEAR[key] = answer
    return answer


def suit_packets(state: State) -> dict[Suit, list[Packet]]:
    """Each suit's ring packets as ranks, bottom to top (a packet keeps one suit)."""
    found: dict[Suit, list[Packet]] = {s: [] for s in Suit}
    for name in ZODIAC:
        cards = state.piles[name].cards
        if cards:
            found[cards[0].suit].append(tuple(int(c.rank) for c in cards))
    return found


def marrying_dead(state: State) -> bool:
    """Phase one: no way to extend every suit's packets with at most eight leftovers."""
    if any(state.piles[name].cards for name in (*ASCENDING, *DESCENDING)):
        return False  # not a position of the game: nothing is built in phase one
    room = ROOM
    for packets in suit_packets(state).values():
        room -= least_leftover(tuple(sorted(packets)), room + 1)
        if room < 0:
            return True
    return False


def building_dead(state: State) -> bool:
    """Phase two: some suit cannot be cleared from its packets and Equator cards."""
    piles = state.piles
    packets = suit_packets(state)
    spare: dict[Suit, list[int]] = {s: [] for s in Suit}
    for name in EQUATOR:
        for card in piles[name].cards:
            spare[card.suit].append(int(card.rank))
    up = dict.fromkeys(Suit, 0)
    down = dict.fromkeys(Suit, 14)
    for row, levels in ((ASCENDING, up), (DESCENDING, down)):
        for name in row:
            cards = piles[name].cards
            if cards:
                levels[cards[0].suit] = int(cards[-1].rank)
    return not all(
        clearable(up[s], down[s], tuple(sorted(packets[s])), tuple(sorted(spare[s]))) for s in Suit
    )
