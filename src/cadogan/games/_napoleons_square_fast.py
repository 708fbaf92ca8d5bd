"""Napoleon's Square's play phase on plain values, for the solver's searches (book rules).

The searches spend nearly all their time listing, playing, settling, keying and
scoring positions.  Through ``Game`` each of those builds and reads ``State`` values
(maps of ``Pile`` objects, ``Move`` objects, a legality check on every play).  Here a
position (a *spot*) is four plain values:

- ``packets``: the twelve packets, each the ``bytes`` of its card codes, bottom first
  (code = 16 x suit + rank, so the card one higher in suit is code + 1);
- ``heights``: eight bytes, each suit's two foundation heights, the lower first
  (0: no foundation yet).  Same-suit foundations take the same cards, and eight
  places take the eight aces, so which places they are never matters;
- ``talon``: the talon's codes, bottom first;
- ``left``: the cards left in the pack, whose order is fixed by the deal (``Spots``
  holds it).

A move is an int: ``32 x source + target``, the source a packet's index or
``TALON_AT``, the target a packet's index or ``HOME`` (a foundation of the card's
suit); ``DEAL_MOVE`` turns the pack.  The rules are those of ``NapoleonsSquare``
(``_napoleons_square_moves``, ``_napoleons_square_solve``), played the same way, with
one difference: a card that fits two foundations is one move here, not one per
place, which changes nothing (the key already treats the places as one).  The tests
check, on random lines of play, that every answer here is the ``Game``'s.  Nothing
rests on this module alone: a winning line found here is replayed through
``Game.play`` (``Spots.line``) before it is reported.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final

from cadogan.core import Game, Move, Outcome, State, transfer
from cadogan.core.facts import code_facts
from cadogan.core.fast import Root, TalonSpots, home_move, raised, replaced
from cadogan.games._napoleons_square_dead import LATE
from cadogan.games._napoleons_square_moves import DEAL
from cadogan.games._napoleons_square_rules import CODE, FOUND, PACK, PACKETS, TALON, _reachable
from cadogan.games._napoleons_square_solve import BURIED, LOCK, SPACE
from cadogan.games._napoleons_square_space import space_dead_codes, suit_heights

Spot = tuple[tuple[bytes, ...], bytes, bytes, int]  # packets, heights, talon, left
TALON_AT: Final = 12  # the talon's index as a move's source
HOME: Final = 16  # a move's target: a foundation of the card's suit
DEAL_MOVE: Final = 32 * 31  # turn the pack
KING: Final = 13
ACE: Final = 1
HOMES: Final = frozenset(FOUND)
SEPARATOR: Final = b"\xff"  # never a card code (those are below 64)
MEMO_CAP: Final = 200_000  # piles whose lock counts are remembered


def spot(state: State) -> Spot:
    """The play-phase ``state`` as a spot."""
    piles = state.piles
    packets = tuple(bytes(CODE[c] for c in piles[name].cards) for name in PACKETS)
    pairs = suit_heights(state)
    heights = bytes(h for s in range(4) for h in sorted(pairs[2 * s : 2 * s + 2]))
    talon = bytes(CODE[c] for c in piles[TALON].cards)
    return packets, heights, talon, len(piles[PACK].cards)


class Spots(TalonSpots):
    """The rules on spots, for one deal (the pack's order is the root's)."""

    def __init__(self, game: Game, root: State) -> None:
        self.game = game
        self.root = root
        self.pack = bytes(CODE[c] for c in reversed(root.piles[PACK].cards))  # next first
        self.locks: dict[bytes, int] = {}

    def roots(self) -> list[Root]:
        """The root as a spot; in the remedy phase, each position the Note's remedy
        can lead to (a king slipped for each suit it applies to), as a spot with the
        slips that reach it."""
        game = self.game
        found: dict[bytes, Root] = {}
        stack: list[tuple[State, tuple[Move, ...]]] = [(self.root, ())]
        while stack:
            state, line = stack.pop()
            if state.phase != "play":
                for move in reversed(game.moves(state)):
                    stack.append((game.play(state, move), (*line, move)))
                continue
            position = spot(state)
            key = self.key(position)  # two suits' slips, taken in either order
            if key not in found:
                found[key] = (position, self.moves(position), line)
        return list(found.values())

    # The moves ---------------------------------------------------------------------

    def moves(self, spot: Spot) -> list[int]:
        """The legal moves, in the ``Game``'s order (plays to foundations, source by
        source; marriages and fills of spaces, source by source; the deal), with the
        ``Game``'s test of the end once the pack is out."""
        packets, heights, talon, left = spot
        tops: list[int] = []  # each packet's top card, -1 for a space
        result: list[int] = []
        for i in range(12):
            cards = packets[i]
            if cards:
                code = cards[-1]
                tops.append(code)
                if _fits(heights, code):
                    result.append(32 * i + HOME)
            else:
                tops.append(-1)
        if talon and _fits(heights, talon[-1]):
            result.append(32 * TALON_AT + HOME)
        homes = len(result)
        for i in range(12):
            code = tops[i]
            if code >= 0:
                for j in range(12):
                    if tops[j] == code + 1:
                        result.append(32 * i + j)
        if talon:
            onto = talon[-1] + 1
            for j in range(12):
                top = tops[j]
                if top == onto or top < 0:
                    result.append(32 * TALON_AT + j)
        if left:
            result.append(DEAL_MOVE)
            return result
        if homes or (talon and len(result) > homes and result[-1] >> 5 == TALON_AT):
            return result
        return result if result and self._progress(spot) else []

    def _progress(self, spot: Spot) -> bool:
        """``can_progress`` of the rules module: some line of square moves reaches a
        play to a foundation or a move of the talon's top (the pack is out)."""
        packets, heights, talon, _ = spot
        want: set[int] = set()
        for suit in range(4):
            for h in heights[2 * suit : 2 * suit + 2]:
                if h < KING:
                    want.add(16 * suit + h + 1)
        top = talon[-1] if talon else None
        return _reachable(packets, frozenset(want), top, False)

    def play(self, spot: Spot, move: int) -> Spot:
        """The spot after a legal ``move``."""
        packets, heights, talon, left = spot
        if move == DEAL_MOVE:
            return (
                packets,
                heights,
                talon + self.pack[len(self.pack) - left : len(self.pack) - left + 1],
                left - 1,
            )
        src, dst = move >> 5, move & 31
        if src == TALON_AT:
            code, talon = talon[-1], talon[:-1]
        else:
            code = packets[src][-1]
            packets = replaced(packets, src, packets[src][:-1])
        if dst == HOME:
            return packets, raised(heights, code >> 4, code & 15), talon, left
        return replaced(packets, dst, packets[dst] + bytes((code,))), heights, talon, left

    def outcome(self, spot: Spot, legal: Sequence[int]) -> Outcome:
        """Won with every card home; lost when nothing can gain ground (``legal`` is
        the spot's moves)."""
        packets, _, talon, left = spot
        if left:
            return Outcome.ONGOING
        if not talon and not any(packets):
            return Outcome.WON
        return Outcome.ONGOING if legal else Outcome.LOST

    # The solver's hooks, as in _napoleons_square_solve --------------------------------

    def safe(self, spot: Spot, legal: Sequence[int]) -> int | None:
        """The ``Game``'s safe move (the proofs are in ``_napoleons_square_solve``): an
        ace or a card whose two cards one lower are home goes home; else the deal, when
        the talon's top is idle until the next one."""
        packets, heights, talon, _ = spot
        for move in legal:
            if move & 31 != HOME:
                break
            src = move >> 5
            code = talon[-1] if src == TALON_AT else packets[src][-1]
            suit, rank = code >> 4, code & 15
            if rank == ACE or min(heights[2 * suit], heights[2 * suit + 1]) >= rank - 1:
                return move
        if legal and legal[-1] == DEAL_MOVE and _talon_idle(spot):
            return DEAL_MOVE
        return None

    def order(self, spot: Spot, legal: Sequence[int]) -> list[int]:
        """The ``Game``'s move order (``_napoleons_square_solve.order``), stably."""
        packets = spot[0]

        def rank(move: int) -> int:
            if move == DEAL_MOVE:
                return 6
            src, dst = move >> 5, move & 31
            if dst == HOME:
                return 0
            if src == TALON_AT:
                return 2 if packets[dst] else 4
            cards = packets[src]
            if len(cards) == 1:
                return 1
            if cards[-2] == cards[-1] + 1:
                return 7
            return 3

        return sorted(legal, key=rank)

    def key(self, spot: Spot) -> bytes:
        """The ``Game``'s key: packets sorted, each suit's foundations as one pair."""
        packets, heights, talon, left = spot
        return SEPARATOR.join((bytes((left,)) + heights, talon, *sorted(packets)))

    def score(self, spot: Spot) -> int:
        """The ``Game``'s score (``_napoleons_square_solve.score``)."""
        packets, heights, talon, left = spot
        spaces = buried = 0
        for cards in packets:
            if cards:
                buried += self._locks(cards)
            else:
                spaces += 1
        if not left:
            spaces = 0
        talon_locks = self._locks(talon)
        return (
            4 * sum(heights)
            - 2 * len(talon)
            - LOCK * talon_locks
            + SPACE * spaces
            - BURIED * buried
        )

    def _locks(self, cards: bytes) -> int:
        """How many cards lie above a lower card of their suit, remembered by pile."""
        found = self.locks.get(cards)
        if found is None:
            if len(self.locks) >= MEMO_CAP:
                self.locks.clear()
            found = self.locks[cards] = _count_locks(cards)
        return found

    def dead(self, spot: Spot) -> bool:
        """The ``Game``'s ``dead`` (``_napoleons_square_dead``): the kings' tests, then
        the talon's, once at most ``LATE`` cards are left in the pack."""
        packets, heights, talon, left = spot
        if kings_dead(packets, heights):
            return True
        if left > LATE:
            return False
        pack = self.pack[len(self.pack) - left :]
        return space_dead_codes(packets, talon, pack, heights)

    def facts(self, spot: Spot) -> list[Hashable]:
        """The ``Game``'s facts: each card of the square and the talon with its pile
        and the card under it (0 under a bottom card), packed into one int
        (``4096 x place + 64 x code + code under``: codes are below 64)."""
        packets, _, talon, _ = spot
        return code_facts(enumerate((*packets, talon)))

    def as_move(self, move: int, legal: Sequence[Move]) -> Move:
        """The ``Game``'s move for a spot move (the first fitting foundation for a play)."""
        if move == DEAL_MOVE:
            return DEAL
        src, dst = move >> 5, move & 31
        source = TALON if src == TALON_AT else PACKETS[src]
        if dst != HOME:
            return transfer(source, PACKETS[dst])
        return home_move(source, legal, HOMES)


def _fits(heights: bytes, code: int) -> bool:
    """Whether the card fits a foundation of its suit: one stands one below it (an
    ace fits an empty place, height 0)."""
    below, at = (code & 15) - 1, 2 * (code >> 4)
    return heights[at] == below or heights[at + 1] == below


def _count_locks(cards: bytes) -> int:
    """How many codes lie above a lower code of their suit."""
    lowest = [99, 99, 99, 99]
    count = 0
    for code in cards:
        suit, rank = code >> 4, code & 15
        if rank > lowest[suit]:
            count += 1
        elif rank < lowest[suit]:
            lowest[suit] = rank
    return count


def _talon_idle(spot: Spot) -> bool:
    """``_napoleons_square_solve._talon_idle`` on a spot: the talon's top can be neither
    played, nor married, nor put into a space before the next deal."""
    packets, heights, talon, _ = spot
    if not talon:
        return True
    top = talon[-1]
    if top & 15 == ACE:
        return False
    square = tops = 0  # bit masks by code (codes are below 62)
    for cards in packets:
        for code in cards:
            square |= 1 << code
    for k in range(8):
        if heights[k]:
            tops |= 1 << (16 * (k >> 1) + heights[k])
    if _may_leave(top, square, tops):
        return False
    for cards in packets:
        if not cards or cards[0] & 15 == ACE or _may_leave(cards[0], square, tops):
            return False
    return True


def _may_leave(code: int, square: int, tops: int) -> bool:
    """Whether a card might be played or married using only the square's cards
    (``square``, and the foundations' top cards ``tops``, as bit masks by code)."""
    lower = code - 1
    if (tops | square) >> lower & 1:
        return True
    return code & 15 < KING and square >> (code + 1) & 1 == 1


def kings_dead(packets: Sequence[bytes], heights: bytes) -> bool:
    """``_napoleons_square_dead.kings_dead`` on codes (the proofs are there): two
    blocking kings of a suit; a blocking king whose twin is home; or a blocking king
    with both copies of some rank of its suit beneath it."""
    found: list[tuple[int, bytes]] = []
    for cards in packets:
        found += _blocking(cards)
    if not found:
        return False
    suits = [suit for suit, _ in found]
    for suit, lower in found:
        if suits.count(suit) == 2 or KING in heights[2 * suit : 2 * suit + 2]:
            return True
        if any(lower.count(code) == 2 for code in set(lower)):
            return True
    return False


_BLOCKING: Final[dict[bytes, tuple[tuple[int, bytes], ...]]] = {}


def _blocking(cards: bytes) -> tuple[tuple[int, bytes], ...]:
    """The blocking kings of one packet, each as its suit and the lower cards of its
    suit beneath it, remembered by packet (most packets recur from position to
    position)."""
    found = _BLOCKING.get(cards)
    if found is None:
        kings: list[tuple[int, bytes]] = []
        for at, code in enumerate(cards):
            if code & 15 == KING:
                suit = code >> 4
                lower = bytes(c for c in cards[:at] if c >> 4 == suit and c & 15 != KING)
                if lower:
                    kings.append((suit, lower))
        if len(_BLOCKING) >= MEMO_CAP:
            _BLOCKING.clear()
        found = _BLOCKING[cards] = tuple(kings)
    return found
