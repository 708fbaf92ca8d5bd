"""The Hemispheres: the solver's hooks (dead positions, table key, score).

Nothing here is a rule; it only prunes or steers the search.  Each pruning test is
proved beside the code and, in plain words, in docs/rules/hemispheres.md ("The
solver's pruning").

Cards are compared by their *building index* in their suit: the place they take on a
foundation, 1 for the foundation card (red ace, black king) up to 13 for the card that
finishes it (red king, black ace).  A card of index ``r`` is played on a foundation at
``r - 1`` and marries onto a card of index ``r + 1``, red and black alike.  Each index
2..12 is dealt twice; index 13 is dealt once (its other copy is a barrier, which plays
only once the talon is used up, so it never helps a talon card).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cadogan.cards import Card, Suit, pack
from cadogan.core import State
from cadogan.games._hemispheres_rules import (
    NORTH_AT,
    PACK,
    POSITIONS,
    RACE_MATES,
    TALON,
    TWINS,
)

LAST: Final = 13  # the index that finishes a foundation (red king, black ace)
WIDTH: Final = 14  # codes are suit * WIDTH + index
# The suit of each pair of twin foundations, in TWINS order (found1/2 hold hearts...).
TWIN_SUITS: Final = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
# Card -> suit number (TWINS order) * WIDTH + building index.
CODE: Final[dict[Card, int]] = {
    c: TWIN_SUITS.index(c.suit) * WIDTH + (c.rank if c.red else 14 - c.rank) for c in pack(1)
}
RED_CODES: Final = 2 * WIDTH  # hearts and diamonds come first: a code below this is red


def heights(state: State) -> list[tuple[int, int]]:
    """Per suit (TWINS order), its two foundation heights, the higher first."""
    piles = state.piles
    out = []
    for first, second in TWINS:
        a, b = len(piles[first].cards), len(piles[second].cards)
        out.append((a, b) if a >= b else (b, a))
    return out


def _home(tall: tuple[int, int], index: int) -> int:
    """How many copies of the card of ``index`` are on the suit's foundations."""
    return (tall[0] >= index) + (tall[1] >= index)


INF: Final = 1 << 20  # "never"


class _Times:
    """Earliest times, counted in cards dealt from now, for the dead-position test.

    Time t means "after t more cards have been dealt" (any moves may come between two
    deals).  ``used[code]`` is the earliest time some copy of the card can be used (to
    be played or married from), over the copies counted so far: 0 for a circle card,
    its depth for a pack card (the d-th card to come is there at time d), its exit time
    for a talon card.  ``tops[code]`` is the same for reaching the top of a circle pile,
    where a talon card gets only by marriage.  Optimistic on purpose: a circle copy is
    taken as free at once even if buried or in the wrong hemisphere.
    """

    def __init__(
        self, circle: Sequence[Sequence[int]], depth: list[int], tall: list[tuple[int, int]]
    ) -> None:
        """``circle``: each position's codes, bottom first; ``depth``: per code, the
        depth of its first copy in the pack (``_depths``); ``tall``: per suit, its two
        foundation heights, the higher first."""
        self.tall = tall
        self.depth = depth
        used = list(depth)
        for codes in circle:
            for code in codes:
                used[code] = 0
        self.used = used
        self.tops = list(used)
        self.others: list[dict[int, int]] = []  # filled by _bury when needed
        self.talon_tops = [INF] * (4 * WIDTH)  # tops, over the talon's copies only
        self.circle = circle
        self.wrong: list[bool] = []  # the rest is filled by ``colours``, when needed
        self.wrongs: set[int] = set()
        self.empty = False

    def colours(self) -> None:
        """Fill in, for the third proof only (the first two never look): ``wrong``,
        per position, whether its bottom card is of the wrong colour; ``wrongs``, the
        top cards of those positions that an exchange could bring home; ``empty``,
        whether some position is empty.

        An exchange needs a wrong card in each hemisphere, and until a position is
        empty no new wrong card can come into the circle (only a vacancy takes a card
        of either colour; the talon and the Races marry only right-coloured cards,
        and transfers wait for the end, when nothing is dealt).  So when one
        hemisphere holds no wrong card, the other's stay where they are for as long
        as ``_vacancy`` times: ``wrongs`` is empty then."""
        circle = self.circle
        self.wrong = [
            bool(codes) and (codes[0] < RED_CODES) != NORTH_AT[slot]
            for slot, codes in enumerate(circle)
        ]
        sides = {NORTH_AT[slot] for slot, w in enumerate(self.wrong) if w}
        if len(sides) == 2:
            self.wrongs = {codes[-1] for codes, w in zip(circle, self.wrong, strict=True) if w}
        self.empty = any(not codes for codes in circle)

    def build(self, code: int) -> int:
        """The earliest time a foundation of the card's suit can stand at its index - 1."""
        suit, index = divmod(code, WIDTH)
        high, low = self.tall[suit]
        # The higher foundation needs a subset of what the lower one needs, so it is
        # the sooner whenever it is below the index.
        height = high if high < index else low
        if height >= index:
            return INF
        if height + 1 == index:
            return 0
        used, latest = self.used, 0
        for code in range(suit * WIDTH + height + 1, suit * WIDTH + index):
            if used[code] > latest:
                latest = used[code]
        return latest


def depths(coming: Sequence[int]) -> list[int]:
    """Per card code, the depth of its first copy in the pack (1 = next to deal), from
    the pack's codes, the next card first."""
    depth = [INF] * (4 * WIDTH)
    for place, code in enumerate(coming, 1):
        if depth[code] == INF:
            depth[code] = place
    return depth


def _pack(cards: tuple[Card, ...]) -> tuple[list[int], list[int]]:
    """The pack's codes (the next card first) and their ``depths``, remembered for
    the pack's card tuple (one search shares each pack tuple over many positions)."""
    found = _PACKS.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1], found[2]
    coming = [CODE[c] for c in reversed(cards)]
    depth = depths(coming)
    if len(_PACKS) > 4096:
        _PACKS.clear()
    _PACKS[id(cards)] = (cards, coming, depth)
    return coming, depth


_PACKS: Final[dict[int, tuple[tuple[Card, ...], list[int], list[int]]]] = {}


def glance(state: State) -> bool:
    """:func:`dead` without its third proof (``_landings``), which costs as much as
    the other two together: ``Game.glance``, for the positions the beam gathers from.
    Between two turns of the pack the talon only loses cards, and there the third
    proof cut 31 of 28,353 such positions (deals 3, 10 and 11, 100,000 positions of
    the beam each), against 465 for the first."""
    return dead(state, landings=False)


def dead(state: State, *, landings: bool = True) -> bool:
    """True when the deal is provably lost: a card can never get out of the talon.

    The talon is one stack and its cards leave only from the top: to a foundation (one
    of its suit standing at the card's index - 1) or by marriage onto a circle card of
    index + 1 (Rule III).  While a talon card waits, every card below it waits too, and
    can neither reach a foundation nor the circle.  Three proofs of a loss follow
    (``_exits``, ``_pairs``, ``_landings``); each assumes only what no play can avoid.
    """
    talon = state.piles[TALON].cards
    if not talon:
        return False
    coming, depth = pack_codes(state)
    tall = heights(state)
    return dead_codes(circle_codes(state), [CODE[c] for c in talon], coming, depth, tall, landings)


def circle_codes(state: State) -> list[list[int]]:
    """The circle's positions as card codes, in ``POSITIONS`` order, each bottom first."""
    return [[CODE[c] for c in state.piles[name].cards] for name in POSITIONS]


def pack_codes(state: State) -> tuple[list[int], list[int]]:
    """The pack's codes, the next card first, and their ``depths`` (remembered)."""
    return _pack(state.piles[PACK].cards)


def dead_codes(
    circle: Sequence[Sequence[int]],
    talon: Sequence[int],
    coming: Sequence[int],
    depth: list[int],
    tall: list[tuple[int, int]],
    landings: bool = True,
) -> bool:
    """:func:`dead` on card codes: the circle's positions and the talon bottom first,
    the pack the next card first (with its ``depths``), and per suit the foundations'
    heights, the higher first.  Without ``landings``, the first two proofs only
    (:func:`glance`)."""
    if not talon:
        return False
    times = _Times(circle, depth, tall)
    codes = list(talon)
    exits = _exits(times, codes)
    if exits is None:
        return True
    if _pairs(times, codes, exits[1]):
        return True
    if not landings:
        return False
    times.colours()
    return _landings(circle, coming, times, codes, exits[0])


def _exits(times: _Times, codes: list[int]) -> tuple[list[int], list[int]] | None:
    """Each talon card's earliest exit time and time to reach the circle (bottom first),
    or None when some card can never leave.

    Worked from the top down: a card leaves no earlier than the card above it.  It
    leaves to a foundation no earlier than ``build`` allows, counting only copies not
    below it (a copy below it, or one on a foundation, cannot help); or by marriage
    onto a copy of the card of index + 1, no earlier than that copy can be on top of a
    circle pile: at once for a circle copy, when dealt for a pack copy, and for a talon
    copy above it, when that copy can itself marry out.  The last card of a suit
    (index 13) marries onto nothing.  Never, for every way, means never.
    """
    size = len(codes)
    exit_at, top_at = [0] * size, [0] * size
    above = 0
    for j in range(size - 1, -1, -1):
        code = codes[j]
        marry = INF if code % WIDTH == LAST else times.tops[code + 1]
        leave = marry if marry <= above else min(marry, times.build(code))
        leave = max(above, leave)
        if leave >= INF:
            return None
        exit_at[j], top_at[j] = leave, max(above, marry)
        above = leave
        times.used[code] = min(times.used[code], leave)
        times.tops[code] = min(times.tops[code], top_at[j])
        times.talon_tops[code] = min(times.talon_tops[code], top_at[j])
    return exit_at, top_at


def _pairs(times: _Times, codes: list[int], top_at: list[int]) -> bool:
    """Two cards of a suit that can leave only to a foundation, Y above X, Y's index at
    least X's: Y leaves first and takes one foundation past X's index - 1, so X must go
    onto the other, and both foundations must stand at X's index - 1 before X leaves.
    Every card of the suit below X's index must then be home before X leaves; one lying
    below X in the talon cannot be.  So such a card below X means a loss."""
    size = len(codes)
    worst = [0] * size
    high = [0, 0, 0, 0]  # per suit, the highest index above that can only be played
    for j in range(size - 1, -1, -1):
        suit, index = divmod(codes[j], WIDTH)
        worst[j] = high[suit]
        if top_at[j] >= INF and index > high[suit]:
            high[suit] = index
    below = [0] * (4 * WIDTH)
    for i, code in enumerate(codes):
        suit, index = divmod(code, WIDTH)
        if top_at[i] >= INF and worst[i] >= index:
            for k in range(suit * WIDTH + times.tall[suit][1] + 1, suit * WIDTH + index):
                if below[k]:
                    return True
        below[code] += 1
    return False


def _landings(
    circle: Sequence[Sequence[int]],
    coming: Sequence[int],
    times: _Times,
    codes: list[int],
    exit_at: list[int],
) -> bool:
    """A card still to come that must land on the talon and can never leave it.

    A pack card goes to the talon unless a circle position is empty when it is dealt.
    ``_vacancy`` gives the earliest time any position can be empty; every pack card
    dealt before then lands on the talon, above every talon card that cannot leave
    before it comes (exit time at least its depth).  If such a card could leave neither
    to a foundation nor by marriage without one of the cards it covers (the same test
    as for talon cards, with those covered cards as the ones below), the deal is lost.
    """
    if times.empty:
        return False  # a position is empty now: the next card need not land on the talon
    covered = [0] * (4 * WIDTH)
    for code in codes:
        covered[code] += 1
    bottom = len(codes)  # the covered cards are codes[:bottom]
    for depth in range(1, len(coming) + 1):
        while bottom and exit_at[bottom - 1] < depth:
            bottom -= 1
            covered[codes[bottom]] -= 1
        if not bottom:
            return False
        if _trapped(times, covered, coming[depth - 1]):
            # Fatal if it lands on the talon; so it must find a vacancy (the costly
            # test, made only now).
            return _vacancy(circle, times) >= depth
    return False


def _trapped(times: _Times, covered: list[int], code: int) -> bool:
    """True if the card could leave the talon neither by marriage nor to a foundation
    without one of the ``covered`` cards."""
    suit, index = divmod(code, WIDTH)
    tall = times.tall[suit]
    if index < LAST:
        dealt = 2 if index + 1 < LAST else 1
        if dealt - _home(tall, index + 1) - covered[code + 1] > 0:
            return False  # a copy it may marry onto is not covered
    return not _reachable(covered, suit * WIDTH, tall[0], tall[1], index)


def _vacancy(circle: Sequence[Sequence[int]], times: _Times) -> int:
    """The earliest time (cards dealt) at which some circle position can be empty.

    A position empties only when every card in it has left.  A wrong card (always alone in
    its position) never leaves before the end except by an exchange, so its position
    empties no sooner than a wrong card of the other hemisphere, once exchanged into it,
    can leave; a new wrong card could come only through a vacancy, which is what is
    being timed.  A card leaves to a foundation (``build``) or by marriage within its
    Race, onto a copy of index + 1 that can reach a pile of that Race: one in the Race
    or in the wrong hemisphere now with a wrong card across to exchange with (at once:
    ``wrongs``), or one from the pack or the talon.
    """
    if times.empty:
        return 0
    held = [list(codes) for codes in circle]
    if _empties_at_once(times, held):
        return 0
    _bury(times, held)
    soon = INF
    for slot, codes in enumerate(held):
        if not times.wrong[slot]:
            soon = min(soon, max(_leave(times, code, slot) for code in codes))
        elif len(codes) > 1:
            return 0  # not a position play can reach; claim nothing
        else:
            for other, partner in enumerate(held):
                if times.wrong[other] and NORTH_AT[other] != NORTH_AT[slot]:
                    soon = min(soon, _leave(times, partner[-1], slot))
        if soon == 0:
            return 0
    return soon


def _empties_at_once(times: _Times, held: list[list[int]]) -> bool:
    """A shortcut of ``_vacancy`` for its commonest answer, 0, before the costly
    ``_bury``: a right-coloured card alone in its position that can leave at once, to a
    foundation or by marriage onto the top card of another position of its Race, onto a
    wrong card, or onto the talon's top.  ``_leave`` would give 0 for it (a top card
    is on top at once), so ``_vacancy`` would answer 0 too; otherwise it decides."""
    tops = [codes[-1] if codes else -1 for codes in held]
    for slot, codes in enumerate(held):
        if len(codes) != 1 or times.wrong[slot]:
            continue
        code = codes[0]
        if times.build(code) == 0:
            return True
        if code % WIDTH == LAST:
            continue
        onto = code + 1
        if onto in times.wrongs or times.talon_tops[onto] == 0:
            return True
        if any(tops[mate] == onto for mate in RACE_MATES[slot]):
            return True
    return False


def _bury(times: _Times, held: list[list[int]]) -> None:
    """Per position, when each card in the other positions of its Race can be on top:
    not before every card above it there has left, each no sooner than ``_leave`` says
    when every card of the Race is first taken as on top at once (optimistic)."""
    times.others = [
        dict.fromkeys((code for mate in RACE_MATES[slot] for code in held[mate]), 0)
        for slot in range(len(POSITIONS))
    ]
    free: list[list[int]] = []
    for slot, codes in enumerate(held):
        above, times_here = 0, [0] * len(codes)
        for k in range(len(codes) - 1, -1, -1):
            times_here[k] = above
            above = max(above, _leave(times, codes[k], slot))
        free.append(times_here)
    tables = []
    for slot in range(len(POSITIONS)):
        table: dict[int, int] = {}
        for mate in RACE_MATES[slot]:
            for code, when in zip(held[mate], free[mate], strict=True):
                if when < table.get(code, INF):
                    table[code] = when
        tables.append(table)
    times.others = tables


def _leave(times: _Times, code: int, slot: int) -> int:
    """The earliest time a card in position ``slot`` can leave it: to a foundation, or
    by marriage onto a copy of index + 1 in another position of its Race (at once if
    one is there or in ``wrongs``, else when one can come from the pack or
    the talon)."""
    best = times.build(code)
    if code % WIDTH == LAST:
        return best
    onto = code + 1
    if onto in times.wrongs:
        return 0
    near = times.others[slot].get(onto, INF)
    return min(best, near, times.depth[onto], times.talon_tops[onto])


def _reachable(below: list[int], base: int, hi: int, lo: int, index: int) -> bool:
    """True if one foundation (at ``hi`` or ``lo``) can still be built up to index - 1
    with cards not in ``below``: each index on the way needs a copy that is neither
    below (``below``) nor on the other foundation (``hi`` holds one of each up to hi)."""
    if hi < index and all(below[base + k] < 2 for k in range(hi + 1, index)):
        return True
    if lo >= index:
        return False
    return all(below[base + k] < 2 - (k <= hi) for k in range(lo + 1, index))
