"""The Zodiac (1874, sixth game; 1914, plate p. 54): marry into a ring of 24, then build.

Phase one: eight single cards form the Equator and twenty-four the Zodiac ring.  Cards
from the Equator, the talon or the pack marry onto Zodiac tops in suit, up or down;
Equator spaces may be refilled; the talon is re-dealt unshuffled as often as wanted.
Phase two begins when the pack and the talon are exhausted: one ascending and one
descending foundation per suit are built from Zodiac tops and Equator cards.
Rules and every interpretation: docs/rules/zodiac.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from cadogan.cards import pack, shuffled
from cadogan.core import (
    TRANSFER,
    Game,
    IllegalMove,
    Move,
    Outcome,
    Pile,
    Section,
    State,
    action,
    make_state,
    transfer,
)
from cadogan.games._zodiac_rules import (
    ASCENDING,
    DESCENDING,
    EQUATOR,
    FOUNDATIONS,
    PACK,
    TABLEAU,
    TALON,
    ZODIAC,
    building,
    explain_action,
    explain_transfer,
    foundation_targets,
    hopeless,
    legal,
    marriage_targets,
    won,
)

MARRY = "marry"
BUILD = "build"


def _phase(state: State) -> State:
    """Label the phase from the position: building once pack and talon are exhausted."""
    return state.with_phase(BUILD if building(state) else MARRY)


def _move_card(state: State, source: str, target: str) -> State:
    """Take the top card of ``source`` and lay it face up on ``target``."""
    card, rest = state.piles[source].pop()
    return state.with_piles({source: rest, target: state.piles[target].push(card)})


def _can_move(state: State) -> bool:
    """Phase two: some card can still be played or married."""
    for source in TABLEAU:
        card = state.piles[source].top
        if card is None:
            continue
        if foundation_targets(state, card):
            return True
        if source in EQUATOR and marriage_targets(state, card):
            return True
    return False


class Zodiac(Game):
    """The Zodiac: two packs, an Equator of 8 inside a ring of 24, eight foundations."""

    id = "zodiac"
    name = "The Zodiac"
    aliases = ()
    players = 1
    packs = 2
    description = "Marry every card into a ring of 24 around an Equator of 8, then build."
    verbs = frozenset({"deal", "redeal"})

    def deal(self, number: int) -> State:
        """The Equator of eight first, then the ring of 24; the other 72 form the pack."""
        order = shuffled(pack(2), number)
        piles = {name: Pile.face_up((order[i],)) for i, name in enumerate(EQUATOR)}
        piles.update({name: Pile.face_up((order[8 + i],)) for i, name in enumerate(ZODIAC)})
        piles.update({name: Pile() for name in FOUNDATIONS})
        # The pack's top card is the next one dealt, so the rest of the order is reversed.
        piles[PACK] = Pile.face_down(reversed(order[32:]))
        piles[TALON] = Pile()
        return make_state(self.id, number, piles, phase=MARRY, options=self.options)

    def moves(self, state: State) -> tuple[Move, ...]:
        """Every legal move in a stable order (empty once the game is over)."""
        if self.outcome(state).over:
            return ()
        if building(state):
            return self._building_moves(state)
        return self._marrying_moves(state)

    def _marrying_moves(self, state: State) -> tuple[Move, ...]:
        """Phase one: marriages onto the ring, Equator refills, then deal or redeal."""
        result: list[Move] = []
        talon = state.piles[TALON].top
        if talon is not None:
            result += [transfer(TALON, z) for z in marriage_targets(state, talon)]
        result += self._equator_marriages(state)
        if talon is not None:
            # Rule I and the Play: an Equator space may be refilled from the talon (a
            # card just dealt from the pack lies on the talon, so this covers both).
            result += [transfer(TALON, e) for e in EQUATOR if state.piles[e].empty]
        result.append(action("deal") if state.piles[PACK].cards else action("redeal"))
        return tuple(result)

    def _building_moves(self, state: State) -> tuple[Move, ...]:
        """Phase two: plays from Zodiac tops and Equator cards, then Equator marriages."""
        result: list[Move] = []
        for source in TABLEAU:
            card = state.piles[source].top
            if card is not None:
                result += [transfer(source, f) for f in foundation_targets(state, card)]
        result += self._equator_marriages(state)
        return tuple(result)

    def _equator_marriages(self, state: State) -> list[Move]:
        """Rule I: an Equator card may marry onto a Zodiac top (never the reverse)."""
        result: list[Move] = []
        for source in EQUATOR:
            card = state.piles[source].top
            if card is not None:
                result += [transfer(source, z) for z in marriage_targets(state, card)]
        return result

    def play(self, state: State, move: Move) -> State:
        """Deal a card to the talon, turn the talon over, or move one card."""
        # Equivalent to self.require, without listing every move: the solver plays a lot.
        if self.outcome(state).over or not legal(state, move):
            raise IllegalMove(self.explain(state, move))
        if move.verb == "deal":
            card, rest = state.piles[PACK].pop()
            after = state.with_piles({PACK: rest, TALON: state.piles[TALON].push(card)})
        elif move.verb == "redeal":
            # Turned over unshuffled: the first card laid on the talon is dealt first again.
            talon = state.piles[TALON]
            after = state.with_piles({PACK: Pile.face_down(reversed(talon.cards)), TALON: Pile()})
        else:
            source, target = move.args
            after = _move_card(state, source, target)
        return _phase(after)

    def outcome(self, state: State) -> Outcome:
        """Won with 104 cards on the foundations; lost by the phase's own test."""
        if won(state):
            return Outcome.WON
        if building(state):
            # Phase two ends when no play and no marriage is possible.
            return Outcome.ONGOING if _can_move(state) else Outcome.LOST
        return Outcome.LOST if hopeless(state) else Outcome.ONGOING

    def explain(self, state: State, move: Move) -> str:
        """Which rule refuses ``move``."""
        if self.outcome(state).over:
            return "the game is over"
        if move.verb in self.verbs:
            return explain_action(state, move)
        if move.verb != TRANSFER or len(move.args) != 2:
            return "write a move as two piles, source then target, or 'deal' or 'redeal'"
        source, target = move.args
        for name in move.args:
            if name not in state.piles:
                return f"there is no pile called {name!r} in {self.name}"
        if source == target:
            return "a card cannot move onto its own pile"
        return explain_transfer(state, source, target)

    def safe(self, state: State) -> Move | None:
        """A play that no winning line can do without, or None.

        Only in phase two, where no card is ever placed on another that matters (an
        Equator card married onto the ring is only in the way, so a winning line never
        needs one) and a card once uncovered stays available.  If a card fits the
        foundations of one row only and its twin already lies on a foundation, every
        winning line must play it to that foundation of its suit, whose top no other
        card can change first; playing it at once only uncovers cards sooner.
        """
        if not building(state):
            # Phase one has no provably safe move: each marriage or refill spends a
            # Zodiac top or an Equator space, and dealing only turns the cycle.
            return None
        remaining = Counter(card for name in TABLEAU for card in state.piles[name].cards)
        for source in TABLEAU:
            card = state.piles[source].top
            if card is None or remaining[card] != 1:
                continue
            targets = foundation_targets(state, card)
            rows = {f in ASCENDING for f in targets}
            if len(rows) == 1:
                return transfer(source, targets[0])
        return None

    def key(self, state: State) -> Hashable:
        """Positions equal up to the order of interchangeable piles.

        No rule depends on where an Equator card, a Zodiac packet or a foundation lies
        within its row, so sorting each row merges positions that play identically.
        """
        return (
            state.piles[PACK].cards,
            state.piles[TALON].cards,
            tuple(sorted(state.piles[n].cards for n in EQUATOR)),
            tuple(sorted(state.piles[n].cards for n in ZODIAC)),
            tuple(sorted(state.piles[n].cards for n in ASCENDING)),
            tuple(sorted(state.piles[n].cards for n in DESCENDING)),
        )

    def sections(self, state: State) -> tuple[Section, ...]:
        """As the plate lays it out: the ring, then the aces' foundations above the Equator
        and the kings' below it, then the pack and the talon."""
        return (
            Section("The Zodiac", ZODIAC),
            Section("Foundations up", ASCENDING),
            Section("The Equator", EQUATOR),
            Section("Foundations down", DESCENDING),
            Section("Pack and talon", (PACK, TALON)),
        )
