"""La Duchesse de Luynes: the solver's bounds on what a pause can play, behind its
sure plays (``Game.safe``) and its proof that the last deal is lost (``Game.dead``).
The proofs are in docs/rules/duchesse-de-luynes.md, "Solver hooks".
"""

from __future__ import annotations

from collections import Counter

from cadogan.cards import Card, twins_apart
from cadogan.core import Move, State
from cadogan.games._duchesse_rules import (
    ACES,
    DISCARD,
    KINGS,
    OTHER,
    PACK,
    PACKETS,
    wants,
)


def suit_tops(state: State) -> tuple[list[int], list[int]]:
    """Each suit's two foundation tops as ranks: the ace foundation's (0 when empty)
    and the king foundation's (14 when empty)."""
    piles = state.piles
    up = [(p.cards[-1].rank if p.cards else 0) for p in (piles[f] for f in ACES)]
    down = [(p.cards[-1].rank if p.cards else 14) for p in (piles[f] for f in KINGS)]
    return up, down


class Reach:
    """The cards some line of plays in this pause (before the next deal or re-deal)
    might play: a superset, found by a fixpoint that lets every copy in reach serve at
    once.  A card joins when nothing outside the set lies over it (packet cards under
    a card never played stay covered; the pack, and the Discard while unseen, are
    never reached) and one of its suit's foundations could come to want it with the
    ranks the set holds.  Every card a real line plays joins: by induction along the
    line, the cards over it and the ranks its foundation took before it were played
    earlier in the pause."""

    def __init__(self, state: State, before: tuple[str, Card] | None = None) -> None:
        """``before``, a source and the card on it, bounds the lines of plays made
        before that card is played instead: it is left out, with the whole packet it
        tops (what lies under it comes free only after it)."""
        self.up, self.down = suit_tops(state)
        self.have = [[False] * 15 for _ in range(4)]
        self.count: Counter[Card] = Counter()
        self.gaps = [self._gaps(s) for s in range(4)]
        piles = state.piles
        self.stacks = [list(piles[p].cards) for p in PACKETS]
        self.loose = [] if piles[PACK].cards else list(piles[DISCARD].cards)
        if before is not None and before[0] == DISCARD:
            self.loose.remove(before[1])
        elif before is not None:
            self.stacks[PACKETS.index(before[0])] = []
        self.spread()

    def spread(self) -> None:
        """Count every card that can join, until none can."""
        grew = True
        while grew:
            grew = False
            kept = []
            for card in self.loose:
                if self._fits(card):
                    self._add(card)
                    grew = True
                else:
                    kept.append(card)
            self.loose = kept
            for stack in self.stacks:
                while stack and self._fits(stack[-1]):
                    self._add(stack.pop())
                    grew = True

    def deal_on(self, pack: tuple[Card, ...]) -> None:
        """The rest of the last deal (no Discard): each round of four from the top of
        ``pack`` onto the packets, the uncounted cards covered, then ``spread``."""
        dealt = pack[::-1]
        for at in range(0, len(dealt), len(PACKETS)):
            for stack, card in zip(self.stacks, dealt[at : at + len(PACKETS)], strict=False):
                stack.append(card)
            self.spread()

    @property
    def left(self) -> int:
        """The cards that never joined."""
        return sum(len(stack) for stack in self.stacks) + len(self.loose)

    def _gaps(self, suit: int) -> tuple[int, int]:
        """The ranks the suit's foundations could climb (or descend) to: the first rank
        above the ace foundation's top with no copy in reach, and the first below the
        king foundation's top."""
        have = self.have[suit]
        rise = self.up[suit] + 1
        while rise <= 13 and have[rise]:
            rise += 1
        fall = self.down[suit] - 1
        while fall >= 1 and have[fall]:
            fall -= 1
        return rise, fall

    def _fits(self, card: Card) -> bool:
        suit, rank = card.suit, card.rank
        rise, fall = self.gaps[suit]
        return self.up[suit] < rank <= rise or fall <= rank < self.down[suit]

    def _add(self, card: Card) -> None:
        self.count[card] += 1
        self.have[card.suit][card.rank] = True
        self.gaps[card.suit] = self._gaps(card.suit)


def sure_play(state: State, lone: list[tuple[Card, Move]]) -> Move | None:
    """A play of a card C to the one foundation F it fits, which every win makes in this
    pause (``safe``), or None.

    Two things could keep C off F: its twin played to F instead, or the suit's other
    foundation G coming to want C, so that C could go there.  ``Reach`` bounds the
    cards some line can play before C is played (C left out, with what lies under it).
    Neither can happen when the twin is not among them, and some rank G must take
    before it wants C has no copy among them.  (Those ranks lie strictly between the
    tops of F and G, so neither copy is on a foundation.)  Both twins in the Discard
    count as one card where the game offers one play for both (side by side, or no
    re-deal left: either leaves the same position).  Until C is played nothing else
    fits F, so the pause (plays are compulsory) cannot end, and C can go nowhere but F.
    """
    discard = state.piles[DISCARD].cards
    for card, move in lone:
        source, target = move.args[0], move.args[-1]
        count = Reach(state, (source, card)).count
        alike = (
            source == DISCARD
            and discard.count(card) == 2
            and (state.num("redeals") == 0 or not twins_apart(discard, card))
        )
        if count[card] and not alike:
            continue
        wanted = wants(state, OTHER[target])
        assert wanted is not None  # it still lacks a copy of ``card``
        step = 1 if card.rank > wanted.rank else -1
        between = (Card(r, card.suit) for r in range(wanted.rank, card.rank, step))
        if any(not count[t] for t in between):
            return move
    return None
