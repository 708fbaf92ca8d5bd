"""Napoleon's Square: a proof of loss that counts spaces (book rules, play phase).

The talon is one stack: its cards leave from the top, each to a foundation, by a
marriage onto a packet top one higher in its suit, or into a space (Rule II).  A card
that goes into a space and can never be played or married stays at the bottom of that
packet for good, so it uses a packet up.  The test below asks, card by card down the
talon, whether each talon card can ever leave, counting the packets such cards use up.

It rests on a *world*: the least fixpoint of what can ever happen while some cards
never move (the talon from one card down, the pack from one card on).  Its facts, all
of which only ever become true:

- ``free``: a card can be uncovered (every card now above it in its packet or the
  talon can leave);
- ``played``: it can reach a foundation;
- ``top``: it can be the top card of a packet, something to marry onto (a packet card
  once free; a talon or pack card only by marrying onto a top or going into a space);
- ``leave``: it can leave its packet or the talon (played, married, or for a talon or
  pack card into a space, when some packet can be empty);
- per suit, how high each foundation can get.  With the suit's foundations at
  ``hi >= lo``, ranks ``lo + 1 .. hi`` have one copy left, which only the lower
  foundation can take, in order; above ``hi`` either may, once some copy of each rank
  up to it has been played.  A suit has two aces, so never a third foundation, and
  eight places take the eight aces, so an ace always fits;
- how many packets can be empty (every card now in them can leave).

Every fact is an over-estimate: by induction on the moment an event first happens in a
line of play that keeps to the world, the matching fact is derived (a card is
uncovered only after the cards above it left; it is played only onto a foundation that
the cards below it reached; it marries only onto a card that is then a top; a space is
a packet whose cards all left).  A larger world (fewer frozen cards) derives more, so
one fixpoint can be continued as cards are unfrozen (a work list; each fact is derived
once).  Rules and proof: docs/rules/napoleons-square.md ("The solver's pruning").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cadogan.cards import Rank
from cadogan.core import State
from cadogan.games._napoleons_square_rules import CODE, FOUND, PACK, PACKETS, TALON
from cadogan.games._napoleons_square_supports import supports_fit

KING: Final = int(Rank.KING)
CODES: Final = 64  # card codes (16 x suit + rank) and the numbers around them are below this
# Where a card lies now.
SQUARE: Final = 0
IN_TALON: Final = 1
IN_PACK: Final = 2


class _World:
    """The least fixpoint of what can happen while the frozen cards never move.

    Cards are numbered: the packets' cards (bottom first), the talon's (bottom first),
    then the pack's, the next card to turn first.  At first the talon and the pack are
    frozen; ``unfreeze`` lets a card move and ``run`` continues the fixpoint.
    """

    def __init__(
        self,
        packets: Sequence[Sequence[int]],
        talon: Sequence[int],
        pack: Sequence[int],
        heights: Sequence[int],
    ) -> None:
        """The world of a play-phase position given as card codes: the twelve packets
        and the talon, bottom first; the pack, the next card to turn first; and
        ``heights``, each suit's two foundation heights (0: empty), suit s's at 2s and
        2s + 1."""
        codes: list[int] = []
        below: list[int] = []  # the card beneath in its packet or the talon (-1: none)
        stack_of: list[int] = []  # the packet's or the talon's number (-1: the pack)
        tops: list[int] = []  # the top card of each packet and of the talon
        for place, cards in enumerate((*packets, talon)):
            size = len(cards)
            if size:
                start = len(codes)
                codes += cards
                below += [-1, *range(start, start + size - 1)]
                stack_of += [place] * size
                tops.append(start + size - 1)
        square = len(codes) - len(talon)
        first = len(codes)
        self.talon = list(range(square, first))
        self.pack = list(range(first, first + len(pack)))
        codes += pack
        size = len(codes)
        below += [-1] * len(pack)
        stack_of += [-1] * len(pack)
        self.codes, self.below, self.stack_of = codes, below, stack_of
        self.where = [SQUARE] * square + [IN_TALON] * len(talon) + [IN_PACK] * len(pack)
        self._index()
        self._foundations(heights)
        self.free = [False] * first + [True] * len(pack)  # a turned card is the talon's top
        self.played = [False] * size
        self.top = [False] * size
        self.leave = [False] * size
        self.frozen = [False] * square + [True] * (size - square)
        self.empty = sum(1 for cards in packets if not cards)
        self.queued = [False] * size
        self.work: list[int] = []
        for i in tops:
            self.free[i] = True
            self.touch(i)

    def _index(self) -> None:
        """``first[code]`` and ``second[code]``: the numbers of a card's two copies (-1
        for a copy not in play, and for codes of no card: a king's code + 1, an ace's
        code - 1).  A card marries onto a copy of ``code + 1`` (see ``onto``)."""
        first = [-1] * CODES
        second = [-1] * CODES
        for i, code in enumerate(self.codes):
            if first[code] < 0:
                first[code] = i
            else:
                second[code] = i
        self.first, self.second = first, second

    def onto(self, i: int, z: int) -> bool:
        """Whether card i can marry onto copy z (a copy of its code + 1, or -1: none)
        as things stand: z can be a top and does not lie beneath i in its packet or
        the talon (it cannot be a top while i waits above it)."""
        if z < 0 or not self.top[z]:
            return False
        return self.where[i] == IN_PACK or self.stack_of[z] != self.stack_of[i] or z > i

    def _foundations(self, heights: Sequence[int]) -> None:
        """Per suit: ``hi`` (the higher foundation now), ``low`` (how high the lower one
        can get, up to hi) and ``high`` (above hi, how high either can get)."""
        pairs = [(heights[2 * s], heights[2 * s + 1]) for s in range(4)]
        self.hi = [max(pair) for pair in pairs]
        self.low = [min(pair) for pair in pairs]
        self.high = list(self.hi)

    def touch(self, i: int) -> None:
        """Queue card i to have its facts looked at again."""
        if not self.queued[i]:
            self.queued[i] = True
            self.work.append(i)

    def unfreeze(self, i: int) -> None:
        """Let card i move from now on (a larger world)."""
        self.frozen[i] = False
        self.touch(i)

    def playable(self, code: int) -> bool:
        """Whether some foundation can stand one below the card (see the module)."""
        suit, rank = code >> 4, code & 15
        return (self.low[suit] if rank <= self.hi[suit] else self.high[suit]) >= rank - 1

    def marries(self, i: int) -> bool:
        """Whether card i can marry onto some copy that can be a top."""
        code = self.codes[i]
        if code & 15 == KING:
            return False  # a king marries onto nothing
        return self.onto(i, self.first[code + 1]) or self.onto(i, self.second[code + 1])

    def exits(self, i: int) -> bool:
        """Whether card i can leave by a foundation or a marriage (not by a space)."""
        return self.playable(self.codes[i]) or self.marries(i)

    def stays(self, i: int) -> bool:
        """Whether card i, once put into a space, can never leave it: it can be neither
        played nor married onto ANY copy one higher that can be a top (a copy that lay
        beneath it in the talon counts too: both may have left the talon since)."""
        code = self.codes[i]
        return not self.playable(code) and not self.supply(code)

    def supply(self, code: int) -> int:
        """How many copies of the card one higher than ``code`` can be a top, to marry
        onto (none above a king)."""
        if code & 15 == KING:
            return 0
        first, second, top = self.first[code + 1], self.second[code + 1], self.top
        return int(first >= 0 and top[first]) + int(second >= 0 and top[second])

    def run(self) -> None:
        """Continue the fixpoint until nothing more can be derived."""
        work, codes, where = self.work, self.codes, self.where
        free, frozen, played, top, leave = self.free, self.frozen, self.played, self.top, self.leave
        while work:
            i = work.pop()
            self.queued[i] = False
            if frozen[i] or not free[i]:
                continue
            space = self.empty > 0
            if not played[i] and self.playable(codes[i]):
                played[i] = True
                self._raise(codes[i])
            if not top[i] and (where[i] == SQUARE or space or self.marries(i)):
                top[i] = True
                self._touch_code(codes[i] - 1)  # the cards that may marry onto it
            if not leave[i] and (played[i] or (where[i] != SQUARE and space) or self.marries(i)):
                leave[i] = True
                self._left(i)

    def _left(self, i: int) -> None:
        """Card i can leave: the card beneath it can be uncovered, or its packet emptied
        (the first space lets every talon and pack card go into it)."""
        if self.where[i] == IN_PACK:
            return
        beneath = self.below[i]
        if beneath >= 0:
            self.free[beneath] = True
            self.touch(beneath)
        elif self.where[i] == SQUARE:
            self.empty += 1
            if self.empty == 1:
                for x, w in enumerate(self.where):
                    if w != SQUARE:
                        self.touch(x)

    def _raise(self, code: int) -> None:
        """Raise the suit's foundation levels after the card ``code`` can be played;
        look again at the copies that a higher level makes playable.

        The levels are always at their fixpoint over the cards marked played (they
        start below every such card, and each mark is followed by this call), so a
        play can raise one only when its rank is the next above it: any other play
        leaves both where they are, and nothing is looked at again."""
        suit, rank = code >> 4, code & 15
        low, high, hi = self.low, self.high, self.hi
        if rank != low[suit] + 1 and rank != high[suit] + 1:
            return
        base = 16 * suit
        old = low[suit]
        while low[suit] < hi[suit] and self._played_code(base + low[suit] + 1):
            low[suit] += 1
        for rank in range(old + 2, min(low[suit] + 1, hi[suit]) + 1):
            self._touch_code(base + rank)
        old = high[suit]
        while high[suit] < KING and self._played_code(base + high[suit] + 1):
            high[suit] += 1
        for rank in range(old + 2, min(high[suit] + 1, KING) + 1):
            self._touch_code(base + rank)

    def _played_code(self, code: int) -> bool:
        """Whether some copy of the card ``code`` can reach a foundation."""
        first, second, played = self.first[code], self.second[code], self.played
        return (first >= 0 and played[first]) or (second >= 0 and played[second])

    def _touch_code(self, code: int) -> None:
        """Queue both copies of the card ``code`` (those in play)."""
        if (first := self.first[code]) >= 0:
            self.touch(first)
        if (second := self.second[code]) >= 0:
            self.touch(second)


def space_dead(state: State, *, supports: bool = False) -> bool:
    """:func:`space_dead_codes` of a position (False in the remedy phase, where the
    Note's remedy is still to move a king)."""
    if state.phase != "play":
        return False
    piles = state.piles
    packets = [[CODE[c] for c in piles[name].cards] for name in PACKETS]
    talon = [CODE[c] for c in piles[TALON].cards]
    pack = [CODE[c] for c in reversed(piles[PACK].cards)]
    return space_dead_codes(packets, talon, pack, suit_heights(state), supports=supports)


def suit_heights(state: State) -> list[int]:
    """Each suit's two foundation heights (0: empty), suit s's at 2s and 2s + 1.

    Eight places take the eight aces, so a suit never has more than two foundations;
    which two places they are does not matter."""
    found: list[list[int]] = [[], [], [], []]
    for name in FOUND:
        top = state.piles[name].top
        if top is not None:
            found[top.suit].append(int(top.rank))
    return [h for pair in found for h in (*pair, 0, 0)[:2]]


def space_dead_codes(
    packets: Sequence[Sequence[int]],
    talon: Sequence[int],
    pack: Sequence[int],
    heights: Sequence[int],
    *,
    supports: bool = False,
) -> bool:
    """True when the talon can never be cleared, counting spaces, or some card can
    never be played.

    Talon t_1 (top) .. t_m, pack p_1 (next to turn) .. p_r.  Take a winning line and
    the moment t_j leaves the talon.  Until then t_j .. t_m have not moved, and the
    cards turned so far are p_1 .. p_q for some q = q_j, all gone from the talon again
    (they lay above t_j).  So every earlier event happens in world (j, q), where
    t_j .. t_m and p_(q+1) .. p_r never move, and:

    A. t_j is free in (j, q): every card above it has left;
    B. t_j is played or married, which (j, q) must allow; or it goes into a space.  In
       that case every earlier talon or turned card that in (j, q) can neither be
       played nor married onto any copy that can be a top (``stays``; say K cards)
       went into a space before and is still the bottom card of its packet: with the
       empty packet t_j takes, K + 1 distinct packets, each emptied of every card it
       holds now, so K + 1 must not exceed the packets (j, q) can empty.

    q_j never decreases as j grows, so walking down the talon and raising q only when
    A or B fails gives, for each j, a q no larger than q_j (A and B hold at q_j, so a
    failure means q < q_j): the worlds only grow, and one fixpoint is continued
    throughout.  ``parked`` is re-filtered by ``stays`` in each world, and a card
    dropped once can leave in every later world too, so it never holds more than K.
    If no q up to r will do, no line wins.  At the end, in the world where everything
    moves, every card must be playable.  With ``supports``, each step also counts the
    supports the stuck cards need, in the world where t_j .. t_m are frozen and every
    pack card may move (``supports_fit``, whose module has the proof: dead rule 5).
    That count is asked only by a long solve's native search
    (``KernelExhaust.thorough``); here it is the reference the kernel's is held to.
    """
    world = _World(packets, talon, pack, heights)
    # The count of supports (_napoleons_square_supports) works in W_j, where every
    # pack card may move: this world itself once the pack is out, else a second one.
    layout = _layout(packets) if supports else None
    wide = _wide(packets, talon, pack, heights) if supports and pack else world
    pack = world.pack
    turned = 0
    parked: list[int] = []  # earlier talon or turned cards that may sit in a space
    above: list[int] = []  # the talon cards passed, above the one looked at
    for card in reversed(world.talon):
        while not _leaves(world, card, parked):
            if turned == len(pack):
                return True
            world.unfreeze(pack[turned])
            parked.append(pack[turned])
            turned += 1
        if layout is not None:
            wide.run()
            if not supports_fit(wide, [*above, *pack[:turned]], card, layout):
                return True
            if wide is not world:
                wide.unfreeze(card)
        above.append(card)
        world.unfreeze(card)
    for card in pack[turned:]:
        world.unfreeze(card)
    world.run()
    return not all(world.played)


def _wide(
    packets: Sequence[Sequence[int]],
    talon: Sequence[int],
    pack: Sequence[int],
    heights: Sequence[int],
) -> _World:
    """The world where the whole talon is frozen and every pack card may move (W_1 of
    the count of supports); its cards are numbered as in the talon's test's world."""
    wide = _World(packets, talon, pack, heights)
    for card in wide.pack:
        wide.unfreeze(card)
    return wide


def _layout(packets: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """Each packet's first card number in a world (its bottom card) and its size."""
    found: list[tuple[int, int]] = []
    start = 0
    for cards in packets:
        found.append((start, len(cards)))
        start += len(cards)
    return found


def _leaves(world: _World, card: int, parked: list[int]) -> bool:
    """Conditions A and B of :func:`space_dead` for one talon card in the world as it
    stands; when the card can leave only into a space, it joins ``parked``."""
    world.run()
    parked[:] = [i for i in parked if world.stays(i)]
    if not world.free[card]:
        return False
    if world.exits(card):
        return True
    if len(parked) + 1 <= world.empty:
        parked.append(card)
        return True
    return False
