"""The Hemispheres on plain values, for the solver's searches (``Game.fast_play``).

The searches (the exhaustive one, the beam and the best-first probe) list, play,
settle, key and score far more positions than they keep.  Here a position (a *spot*)
is six plain values instead of a ``State``:

- ``circle``: the twelve positions, each the ``bytes`` of its card codes, bottom
  first.  A code is ``14 x suit + building index`` (``_hemispheres_solve.CODE``; suits
  in the foundations' order, hearts, diamonds, clubs, spades), so a card marries onto
  code + 1 and plays onto a foundation standing at its index - 1, red and black alike;
  a code below ``RED_CODES`` is red;
- ``heights``: eight bytes, each suit's two foundation heights, the lower first (the
  twins take the same cards, so which is which never matters);
- ``talon``: its codes, bottom first;
- ``left``: the cards left in the pack, whose order the deal fixes (``Spots.pack``);
- ``barriers``: a bit for each barrier still standing, in ``BARRIERS`` order;
- ``count``: the Race marriages made in a row (Rule III's limit, decision 11).

A move is an int: ``32 x source + target`` for a transfer (a source is a position's
index, ``TALON_AT`` or ``BARRIER_AT`` + the barrier's; a target a position's index or
``HOME``), ``EXCHANGE + 32 x north + south`` for an exchange, ``DEAL_MOVE``.  The
moves, their order and every hook answer exactly as ``Hemispheres`` does (the tests
compare them on random lines of play), except that a card fitting both foundations of
its suit is one move.  A win found here is replayed through ``Game.play`` before it is
reported (``Spots.line``).  Rules: docs/rules/hemispheres.md.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final

from cadogan.core import Game, Move, Outcome, State
from cadogan.core.facts import code_facts
from cadogan.core.fast import Root, TalonSpots, home_move, raised, replaced
from cadogan.games._hemispheres_rules import (
    BARRIERS,
    COUNTER,
    DEAL,
    EXCHANGES,
    FOUNDATIONS,
    MOVES,
    NORTH_AT,
    PACK,
    POSITIONS,
    RACE_MATES,
    RACE_MOVE_LIMIT,
    TALON,
    TWINS,
)
from cadogan.games._hemispheres_solve import CODE, LAST, RED_CODES, WIDTH, dead_codes, depths

Spot = tuple[tuple[bytes, ...], bytes, bytes, int, int, int]
TALON_AT: Final = 12  # the talon's index as a move's source
BARRIER_AT: Final = 13  # barrier b's index as a source is BARRIER_AT + b
HOME: Final = 20  # a move's target: a foundation of the card's suit
EXCHANGE: Final = 1024  # EXCHANGE + 32 x north + south
DEAL_MOVE: Final = 2048
# Each barrier's card code (K♥, A♣, K♦, A♠: each the last of its suit).
BARRIER_CODES: Final = (LAST, 2 * WIDTH + LAST, WIDTH + LAST, 3 * WIDTH + LAST)
NORTHERN: Final = tuple(i for i in range(12) if NORTH_AT[i])
SOUTHERN: Final = tuple(i for i in range(12) if not NORTH_AT[i])
HOMES: Final = frozenset(FOUNDATIONS)
SEPARATOR: Final = b"\xff"  # never a card code (those are below 56)
FULL: Final = 13 * 8  # the cards home when the game is won
ONES: Final = bytes(bin(m).count("1") for m in range(1 << WIDTH))  # set bits, by mask
FACT_PLACES: Final = (*(i // 3 for i in range(12)), 4)  # each position's Race, the talon's 4
GLANCES_CAP: Final = 200_000  # verdicts of the first two proofs remembered (``Spots.judge``)


def spot(state: State) -> Spot:
    """``state`` as a spot."""
    piles = state.piles
    circle = tuple(bytes(CODE[c] for c in piles[name].cards) for name in POSITIONS)
    pairs = (sorted((len(piles[a].cards), len(piles[b].cards))) for a, b in TWINS)
    heights = bytes(h for pair in pairs for h in pair)
    talon = bytes(CODE[c] for c in piles[TALON].cards)
    barriers = sum(1 << b for b, name in enumerate(BARRIERS) if piles[name].cards)
    count = state.num(COUNTER)
    return circle, heights, talon, len(piles[PACK].cards), barriers, count


class Spots(TalonSpots):
    """The Hemispheres' rules on spots, for one deal (the pack's order is the root's)."""

    def __init__(self, game: Game, root: State) -> None:
        self.game = game
        self.root = root
        self.pack = bytes(CODE[c] for c in reversed(root.piles[PACK].cards))  # next first
        self.depths: dict[int, list[int]] = {}  # the pack's depths, by cards left
        self.glances: dict[tuple[int, bytes, int, bytes], bool] = {}  # see ``judge``

    def roots(self) -> list[Root]:
        """The root as a spot."""
        position = spot(self.root)
        return [(position, self.moves(position), ())]

    def moves(self, spot: Spot) -> list[int]:
        """``legal``, in its order: plays, talon marriages, exchanges, Race marriages,
        end transfers, the deal; none once the game is won."""
        circle, heights, talon, left, barriers, count = spot
        if not left and sum(heights) == FULL:
            return []
        usable: list[int] = []  # each position's top if in its own hemisphere, else -1
        wrongs: list[int] = []
        out: list[int] = []
        for i in range(12):
            cards = circle[i]
            if not cards:
                usable.append(-1)
                continue
            code = cards[-1]
            if (code < RED_CODES) == NORTH_AT[i]:
                usable.append(code)
                if _fits(heights, code):
                    out.append(32 * i + HOME)
            else:
                usable.append(-1)
                wrongs.append(i)
        done = not left and not talon
        if talon and _fits(heights, talon[-1]):
            out.append(32 * TALON_AT + HOME)
        if done:
            for b in range(4):
                if barriers >> b & 1 and _fits(heights, BARRIER_CODES[b]):
                    out.append(32 * (BARRIER_AT + b) + HOME)
        if talon and talon[-1] % WIDTH != LAST:
            onto = talon[-1] + 1
            for i in range(12):
                if usable[i] == onto:
                    out.append(32 * TALON_AT + i)
        if wrongs:
            for n in wrongs:
                if NORTH_AT[n]:
                    for s in wrongs:
                        if not NORTH_AT[s]:
                            out.append(EXCHANGE + 32 * n + s)
        if count < RACE_MOVE_LIMIT:
            for i in range(12):
                code = usable[i]
                if code >= 0 and code % WIDTH != LAST:
                    for j in RACE_MATES[i]:
                        if usable[j] == code + 1:
                            out.append(32 * i + j)
        if done and wrongs:
            empty = [j for j, cards in enumerate(circle) if not cards]
            for i in wrongs:
                out += [32 * i + j for j in empty if NORTH_AT[j] != NORTH_AT[i]]
        if left:
            out.append(DEAL_MOVE)
        return out

    def play(self, spot: Spot, move: int) -> Spot:
        """The spot after a legal ``move``."""
        circle, heights, talon, left, barriers, count = spot
        if move == DEAL_MOVE:
            code = self.pack[len(self.pack) - left]
            for i, cards in enumerate(circle):
                if not cards:
                    circle = replaced(circle, i, bytes((code,)))
                    return circle, heights, talon, left - 1, barriers, 0
            return circle, heights, talon + bytes((code,)), left - 1, barriers, 0
        if move >= EXCHANGE:
            n, s = (move - EXCHANGE) >> 5, move & 31
            north, south = circle[n], circle[s]
            circle = replaced(circle, n, north[:-1] + south[-1:])
            circle = replaced(circle, s, south[:-1] + north[-1:])
            return circle, heights, talon, left, barriers, 0
        src, dst = move >> 5, move & 31
        if src < TALON_AT:
            code = circle[src][-1]
            circle = replaced(circle, src, circle[src][:-1])
        elif src == TALON_AT:
            code, talon = talon[-1], talon[:-1]
        else:
            code = BARRIER_CODES[src - BARRIER_AT]
            barriers &= ~(1 << (src - BARRIER_AT))
        if dst == HOME:
            return circle, raised(heights, code // WIDTH, code % WIDTH), talon, left, barriers, 0
        circle = replaced(circle, dst, circle[dst] + bytes((code,)))
        within = src < TALON_AT and src // 3 == dst // 3  # a Race marriage (decision 11)
        return circle, heights, talon, left, barriers, count + 1 if within else 0

    def outcome(self, spot: Spot, legal: Sequence[int]) -> Outcome:
        """Won with every card home; lost once the pack is out and no move is left."""
        if not spot[3] and sum(spot[1]) == FULL:
            return Outcome.WON
        if spot[3]:
            return Outcome.ONGOING
        return Outcome.ONGOING if legal else Outcome.LOST

    def safe(self, spot: Spot, legal: Sequence[int]) -> int | None:
        """``Hemispheres.safe``: a barrier home at the end; or a card home whose twin
        foundation already holds the card below it (the lower foundation is the one it
        fits), unless it would empty a position while the pack lasts."""
        circle, heights, talon, left, _, _ = spot
        for move in legal:
            if move >= EXCHANGE or move & 31 != HOME:
                continue
            src = move >> 5
            if src > TALON_AT:
                return move
            if src < TALON_AT and len(circle[src]) == 1 and left:
                continue
            code = talon[-1] if src == TALON_AT else circle[src][-1]
            if heights[2 * (code // WIDTH)] == code % WIDTH - 1:
                return move
        return None

    def order(self, spot: Spot, legal: Sequence[int]) -> list[int]:
        """``Hemispheres.order``: plays; exchanges; the talon, fills and Race marriages
        that empty a position; the deal; other Race marriages."""
        circle = spot[0]

        def rank(move: int) -> int:
            if move == DEAL_MOVE:
                return 3
            if move >= EXCHANGE:
                return 1
            src, dst = move >> 5, move & 31
            if dst == HOME:
                return 0
            if src == TALON_AT or not circle[dst]:
                return 2
            if src < TALON_AT and len(circle[src]) == 1:
                return 2
            return 4

        return sorted(legal, key=rank)

    def key(self, spot: Spot) -> bytes:
        """``_hemispheres_steer.key``'s merging: each Race's three positions sorted,
        each suit's foundations as one pair, the count of Race marriages capped at the
        limit."""
        circle, heights, talon, left, barriers, count = spot
        parts = [bytes((left, min(count, RACE_MOVE_LIMIT), barriers)) + heights, talon]
        for r in range(0, 12, 3):
            a, b, c = circle[r], circle[r + 1], circle[r + 2]
            if b < a:
                a, b = b, a
            if c < b:
                b, c = c, b
                if b < a:
                    a, b = b, a
            parts += (a, b, c)
        return SEPARATOR.join(parts)

    def graded(self, key: Hashable) -> tuple[Hashable, int]:
        """``_hemispheres_steer.graded`` of this form's key: the count (its second
        byte) is the grade."""
        assert isinstance(key, bytes)
        return key[:1] + key[2:], key[1]

    def score(self, spot: Spot) -> int:
        """``_hemispheres_steer.score``."""
        circle, heights, talon, left, _, _ = spot
        empty = wrong = 0
        for i, cards in enumerate(circle):
            if not cards:
                empty += 1
            elif (cards[0] < RED_CODES) != NORTH_AT[i]:
                wrong += 1
        # A lock: a talon card above a card of its suit at least two below it.  Per
        # suit, a bit per index seen so far, the second copies in a mask of their own.
        locks = 0
        first = [0, 0, 0, 0]
        second = [0, 0, 0, 0]
        for code in talon:
            suit, index = code // WIDTH, code % WIDTH
            below = (1 << (index - 1)) - 1  # the indices up to index - 2
            locks += ONES[first[suit] & below] + ONES[second[suit] & below]
            bit = 1 << index
            if first[suit] & bit:
                second[suit] |= bit
            else:
                first[suit] |= bit
        home = sum(heights)
        return 4 * home - 4 * len(talon) + 3 * empty - 2 * (wrong + locks) - left

    def glance(self, spot: Spot) -> bool:
        """``_hemispheres_solve.glance`` on codes."""
        return self.judge(spot, False)

    def dead(self, spot: Spot) -> bool:
        """``_hemispheres_solve.dead`` on codes."""
        return self.judge(spot, True)

    def judge(self, spot: Spot, landings: bool) -> bool:
        """``dead_codes`` of the spot, with or without its third proof.

        The first two proofs (all that ``glance`` asks) see of the circle only which
        cards lie in it (each counts as usable at once), so their verdict is
        remembered by that set, the talon, the pack's size and the foundations: the
        positions the beam gathers between two turns of the pack mostly differ only in
        how the circle's cards lie (deals 1-6: 4,934 such keys for 52,307 glances).
        A full test that answers "not lost" says the first two proofs found nothing.
        """
        circle, heights, talon, left, _, _ = spot
        if not talon:
            return False
        seen = 0  # the circle's cards, a bit per code (codes are below 56)
        for cards in circle:
            for code in cards:
                seen |= 1 << code
        sign = (seen, talon, left, heights)
        known = self.glances.get(sign)
        if known is not None and (known or not landings):
            return known
        coming = self.pack[len(self.pack) - left :]
        depth = self.depths.get(left)
        if depth is None:
            depth = self.depths[left] = depths(coming)
        tall = [(heights[2 * s + 1], heights[2 * s]) for s in range(4)]
        verdict = dead_codes(circle, talon, coming, depth, tall, landings)
        if not (landings and verdict):
            if len(self.glances) >= GLANCES_CAP:
                self.glances.clear()
            self.glances[sign] = verdict
        return verdict

    def facts(self, spot: Spot) -> list[Hashable]:
        """The ``Game``'s facts: each card of the circle and the talon with its Race
        (0 to 3 in dealing order) or the talon (4), and the card under it (0 under a
        bottom card), packed into one int (``4096 x place + 64 x code + code under``:
        codes are below 56)."""
        return code_facts(zip(FACT_PLACES, (*spot[0], spot[2]), strict=True))

    def as_move(self, move: int, legal: Sequence[Move]) -> Move:
        """The ``Game``'s move for a spot move (the first fitting foundation for a play)."""
        if move == DEAL_MOVE:
            return DEAL
        if move >= EXCHANGE:
            return EXCHANGES[POSITIONS[(move - EXCHANGE) >> 5], POSITIONS[move & 31]]
        source, dst = _source(move >> 5), move & 31
        if dst != HOME:
            return MOVES[source, POSITIONS[dst]]
        return home_move(source, legal, HOMES)


def _fits(heights: bytes, code: int) -> bool:
    """Whether the card fits a foundation of its suit: one stands at its index - 1."""
    below, at = code % WIDTH - 1, 2 * (code // WIDTH)
    return heights[at] == below or heights[at + 1] == below


def _source(index: int) -> str:
    """A move's source pile by its index."""
    if index < TALON_AT:
        return POSITIONS[index]
    return TALON if index == TALON_AT else BARRIERS[index - BARRIER_AT]
