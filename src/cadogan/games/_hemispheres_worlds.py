"""The Hemispheres: the walk through the talon's worlds, a costlier proof of loss.

The solver's late positions (at most ``LATE`` cards in the pack) mostly have a long
talon, and the game's ``dead`` (``_hemispheres_solve``) lets most of them through: it
takes every circle copy of a card as usable at once, though the copy a talon card needs
often lies under a card that cannot move before that talon card leaves.  This test sees
that, and counts the positions that the pack cards still to come will need.  It is the
fourth proof of docs/rules/hemispheres.md ("The solver's pruning"); like Napoleon's
Square's count of supports it is asked only by a long solve's native exhaustive search
(``KernelExhaust.thorough``, from ``shares.LONG`` seconds), whose kernel holds the same
test in C (``late_dead`` in ``native/hemispheres.c``); the tests hold the two to each
other.

**Worlds.**  The world W(j, q) is the game in which the talon card t_j and every card
under it stay in the talon, and the pack cards after the first q stay in the pack; every
other card may move.  Its *facts* are the least fixpoint of optimistic claims about
what could happen in it: which circle cards could leave their position (so that the
cards under them are uncovered), which codes could be the top of a position of their own
hemisphere, which positions could be empty, and so how high each foundation could get.
Each claim only names an event that some line of play might bring about before t_j
leaves, so (by induction on the moment each event first happens) every event of a line
of play up to t_j's leaving, with q cards turned by then, is a fact of W(j, q).  Worlds
grow as q grows and as j goes down the talon, and so do their facts, so one fixpoint is
continued through the whole walk.

**The walk.**  Down the talon from its top, for each t_j find the least q, no less than
the last card's, such that in W(j, q):

- (B) t_j could go home (a foundation of its suit could stand at its index - 1) or
  marry (a copy one higher could be a top in its hemisphere); and
- (C) the turned pack cards that could neither go home nor marry, with the wrong-coloured
  cards of the circle that an exchange could move but that then could neither go home
  nor marry, are no more than the positions whose present cards could all leave them.

If no q up to the whole pack will do, the position is lost.

*Why.*  In a won game every talon card leaves the talon (the barriers wait for an empty
talon).  Take a winning line, the moment t_j leaves, and q* the pack cards turned by
then.  Every event so far is a fact of W(j, q*).  t_j leaves by going home or by
marrying onto a top of index + 1 in its hemisphere: (B).  Each turned pack card lay above
t_j if it went to the talon, so it has left the talon again, home, married, or else it
filled a vacancy; a card that can do neither of the first two did the last, and since
then could only have been exchanged, so it lies at the bottom of a position every one of
whose cards of now has left it.  A stuck wrong card of the circle lies at the bottom of
its own position or of its partner's in the same way.  Bottoms are distinct: (C) holds
at q*.  And q* is no less than t_(j-1)'s, which left first.  So the walk's least q is at
most q*, and when there is none, no winning line exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cadogan.core import State
from cadogan.games._hemispheres_fast import Spot
from cadogan.games._hemispheres_rules import NORTH_AT, RACE_MATES, TALON
from cadogan.games._hemispheres_solve import (
    CODE,
    LAST,
    RED_CODES,
    WIDTH,
    circle_codes,
    heights,
    pack_codes,
)

LATE: Final = 12  # the most cards in the pack at which the walk is asked
CODES: Final = 4 * WIDTH
NP: Final = 12  # circle positions


class _World:
    """The facts of one position's growing worlds; ``grow(j, q)`` continues the
    fixpoint for W(j, q) (``j`` counted from the talon's bottom), so worlds must be
    asked in growing order."""

    def __init__(
        self,
        circle: Sequence[Sequence[int]],
        talon: Sequence[int],
        coming: Sequence[int],
        tall: Sequence[tuple[int, int]],
    ) -> None:
        self.piles = [bytes(p) for p in circle]
        self.talon, self.coming, self.tall = talon, coming, tall
        # Whether each card of each position lies in its own hemisphere.
        self.right = [[(c < RED_CODES) == NORTH_AT[i] for c in p] for i, p in enumerate(self.piles)]
        self.gone = [0] * NP  # cards from the top of each position that could leave it
        self.top = [False] * CODES  # some copy could be a top in its own hemisphere
        self.emptied = [not p for p in self.piles]  # positions that could be empty
        self.vacancy = not all(self.piles)  # some position could be empty
        wrong = [bool(p) and not self.right[i][0] for i, p in enumerate(self.piles)]
        self.wrong_north = any(w and NORTH_AT[i] for i, w in enumerate(wrong))
        self.wrong_south = any(w and not NORTH_AT[i] for i, w in enumerate(wrong))
        self.free = [0] * CODES  # copies that could be reached, per code

    def exchange(self, north: bool) -> bool:
        """Whether a wrong card of that hemisphere could be exchanged: a wrong card of
        the other is there now, or a position could be emptied (a new one may come)."""
        return self.vacancy or (self.wrong_south if north else self.wrong_north)

    def homeable(self, code: int) -> bool:
        """Some foundation of the card's suit could stand at its index - 1: every index
        from the foundation's height up has a copy that could be reached."""
        suit, index = divmod(code, WIDTH)
        base = suit * WIDTH
        for height in self.tall[suit]:
            if height < index and all(self.free[base + k] for k in range(height + 1, index)):
                return True
        return False

    def marriable(self, code: int) -> bool:
        """A copy one higher could be a top in the card's hemisphere."""
        return code % WIDTH != LAST and self.top[code + 1]

    def emptiable(self) -> int:
        """Positions whose present cards could all leave them."""
        return sum(1 for i in range(NP) if self.gone[i] == len(self.piles[i]))

    def wrong_stuck(self) -> int:
        """The circle's wrong cards that an exchange could move but that could then
        neither go home nor marry: each needs a bottom of its own, as a stuck pack
        card does."""
        count = 0
        for i, pile in enumerate(self.piles):
            if pile and not self.right[i][0] and self.gone[i] == 1:
                code = pile[0]
                count += not self.homeable(code) and not self.marriable(code)
        return count

    def grow(self, j: int, q: int) -> None:
        """Continue the fixpoint to W(j, q): the talon's cards above index ``j`` and
        the pack's first ``q`` are free."""
        loose = self.talon[j + 1 :]
        turned = self.coming[:q]
        arriving = set(loose) | set(turned)
        while True:
            changed = self._reach(loose, turned)
            changed |= self._leave(arriving)
            changed |= self._empty(turned, arriving)
            if not changed:
                return

    def _reach(self, loose: Sequence[int], turned: Sequence[int]) -> bool:
        """Count the copies that could be reached, and mark the codes that could be
        tops: an uncovered circle card in its hemisphere (or movable by an exchange);
        a loose talon card that could marry; a turned pack card that could marry or
        fill a vacancy.  Whether a new top was found."""
        changed = False
        free = [0] * CODES
        for i, pile in enumerate(self.piles):
            movable = self.exchange(NORTH_AT[i])
            n = len(pile)
            for level in range(n - 1, max(-1, n - 2 - self.gone[i]), -1):
                code = pile[level]
                if self.right[i][level] or movable:
                    free[code] += 1
                    changed |= self._mark(code)
        for code in loose:
            free[code] += 1
        for code in turned:
            free[code] += 1
        self.free = free
        for code in loose:
            if self.marriable(code):
                changed |= self._mark(code)
        for code in turned:
            if self.vacancy or self.marriable(code):
                changed |= self._mark(code)
        return changed

    def _mark(self, code: int) -> bool:
        """Mark ``code`` as one that could be a top; whether it is news."""
        if self.top[code]:
            return False
        self.top[code] = True
        return True

    def _leave(self, arriving: set[int]) -> bool:
        """Let the top cards of each position leave while they could: a card of its own
        hemisphere home or by a Race marriage (``_moves_on``), a wrong one by an
        exchange.  Whether any more could leave."""
        changed = False
        for i, pile in enumerate(self.piles):
            while self.gone[i] < len(pile):
                level = len(pile) - 1 - self.gone[i]
                if self.right[i][level]:
                    moves = self._moves_on(pile[level], i, arriving)
                else:
                    moves = self.exchange(NORTH_AT[i])
                if not moves:
                    break
                self.gone[i] += 1
                changed = True
        return changed

    def _moves_on(self, code: int, at: int, arriving: set[int]) -> bool:
        """Whether a card of its own hemisphere in position ``at`` could leave it: home,
        or married within its Race onto a copy one higher that lies uncovered in
        another position of the Race, or could be a top and come into the Race (from
        the talon, the turned pack, or a wrong card of the other hemisphere exchanged
        in)."""
        if self.homeable(code):
            return True
        if code % WIDTH == LAST:
            return False
        onto = code + 1
        for mate in RACE_MATES[at]:
            pile = self.piles[mate]
            n = len(pile)
            if onto in pile[max(0, n - 1 - self.gone[mate]) :]:
                return True
        if not self.top[onto]:
            return False
        if onto in arriving:
            return True
        return any(
            pile[-1] == onto and self.exchange(NORTH_AT[i])
            for i in self._wrong_across(at)
            if (pile := self.piles[i])
        )

    def _wrong_across(self, at: int) -> list[int]:
        """The positions of the other hemisphere than ``at``'s whose bottom card is of
        the wrong colour there (such a card is alone: only a vacancy takes it)."""
        return [
            i
            for i, pile in enumerate(self.piles)
            if pile and not self.right[i][0] and NORTH_AT[i] != NORTH_AT[at]
        ]

    def _empty(self, turned: Sequence[int], arriving: set[int]) -> bool:
        """Mark the positions that could be empty: every card in it could leave, and a
        wrong one only if a partner exchanged in (a wrong card of the other hemisphere,
        or a turned pack card of the position's colour once a vacancy could be) could
        leave it in turn.  Whether any is new."""
        changed = False
        for i, pile in enumerate(self.piles):
            if self.emptied[i] or self.gone[i] < len(pile):
                continue
            if not self.right[i][0] and not self._partner(i, turned, arriving):
                continue
            self.emptied[i] = True
            self.vacancy = True
            changed = True
        return changed

    def _partner(self, at: int, turned: Sequence[int], arriving: set[int]) -> bool:
        """Whether a partner for the wrong card of position ``at`` could leave ``at``
        once exchanged in."""
        if any(self._moves_on(self.piles[i][-1], at, arriving) for i in self._wrong_across(at)):
            return True
        if self.vacancy:
            for code in turned:
                if (code < RED_CODES) == NORTH_AT[at] and self._moves_on(code, at, arriving):
                    return True
        return False


def walk(state: State, *, count: bool = True) -> bool:
    """:func:`worlds_dead` on a game position, at any number of cards in the pack."""
    talon = [CODE[c] for c in state.piles[TALON].cards]
    coming = pack_codes(state)[0]
    return worlds_dead(circle_codes(state), talon, coming, heights(state), count=count)


def worlds_dead(
    circle: Sequence[Sequence[int]],
    talon: Sequence[int],
    coming: Sequence[int],
    tall: Sequence[tuple[int, int]],
    *,
    count: bool = True,
) -> bool:
    """True when the walk down the talon finds a card that can leave in no world the
    turned pack allows: the position is lost.  Codes as in ``_hemispheres_solve``: the
    circle's positions and the talon bottom first, the pack the next card first, and
    per suit its two foundations' heights.  Without ``count`` the walk asks (B) only,
    not (C) (for the tests: each is needed)."""
    if not talon:
        return False
    world = _World(circle, talon, coming, tall)
    q = 0
    for j in range(len(talon) - 1, -1, -1):
        fresh = False  # whether the facts are W(j, q)'s fixpoint yet
        while not _leaves(world, talon[j], q if count else 0):
            # The checks only get easier as the facts grow, so they are made first on
            # a smaller world's facts, and the fixpoint continued only when they fail.
            if not fresh:
                world.grow(j, q)
                fresh = True
                continue
            q += 1
            if q > len(coming):
                return True
            fresh = False
    return False


def _leaves(world: _World, code: int, q: int) -> bool:
    """(B) and (C): the talon card could go home or marry, and the first ``q`` pack
    cards that could do neither, with the stuck wrong cards of the circle, have a
    bottom each among the positions that could be emptied."""
    if not (world.homeable(code) or world.marriable(code)):
        return False
    stuck = sum(1 for c in world.coming[:q] if not world.homeable(c) and not world.marriable(c))
    return not stuck or stuck + world.wrong_stuck() <= world.emptiable()


def late_dead_spot(pack: bytes, spot: Spot) -> bool:
    """The walk on a fast-form position (``_hemispheres_fast``) of a deal whose pack is
    ``pack`` (``Spots.pack``), asked as the kernel asks it: with a talon and at most
    ``LATE`` cards in the pack."""
    circle, heights, talon, left = spot[:4]
    if not talon or left > LATE:
        return False
    coming = pack[len(pack) - left :]
    tall = [(heights[2 * s + 1], heights[2 * s]) for s in range(4)]
    return worlds_dead(circle, talon, coming, tall)
