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
from itertools import chain

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
    make_state,
    transfer,
)
from cadogan.errors import quoted
from cadogan.games._zodiac_moves import (
    building_moves,
    foundation_index,
    hopeless,
    key_bytes,
    marrying_moves,
    zodiac_index,
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
    legal,
    won,
)
from cadogan.games._zodiac_solve import building_dead, marrying_dead

MARRY = "marry"
BUILD = "build"


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

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        # The last state asked about, its outcome and its moves: moves, outcome and
        # play all ask about the same (immutable) state in turn.
        self._last: tuple[State, Outcome, tuple[Move, ...]] | None = None

    def _facts(self, state: State) -> tuple[Outcome, tuple[Move, ...]]:
        """The outcome and the legal moves of ``state``, remembered for the last state."""
        last = self._last
        if last is not None and last[0] is state:
            return last[1], last[2]
        legal_moves: tuple[Move, ...]
        if won(state):
            result, legal_moves = Outcome.WON, ()
        elif building(state):
            # Phase two ends when no play and no marriage is possible.
            legal_moves = building_moves(state, zodiac_index(state))
            result = Outcome.ONGOING if legal_moves else Outcome.LOST
        else:
            marry = zodiac_index(state)
            if hopeless(state, marry):
                result, legal_moves = Outcome.LOST, ()
            else:
                result, legal_moves = Outcome.ONGOING, marrying_moves(state, marry)
        self._last = (state, result, legal_moves)
        return result, legal_moves

    def moves(self, state: State) -> tuple[Move, ...]:
        """Every legal move in a stable order (empty once the game is over).

        Phase one: talon marriages, Equator marriages, Equator refills, deal or redeal.
        Phase two: plays from the Zodiac and the Equator, then Equator marriages.
        """
        return self._facts(state)[1]

    def play(self, state: State, move: Move) -> State:
        """Deal a card to the talon, turn the talon over, or move one card."""
        # Equivalent to self.require, without listing every move: the solver plays a lot.
        if self.outcome(state).over or not legal(state, move):
            raise IllegalMove(self.explain(state, move))
        piles = state.piles
        if move.verb == "deal":
            card, rest = piles[PACK].pop()
            changes = {PACK: rest, TALON: piles[TALON].push(card)}
        elif move.verb == "redeal":
            # Turned over unshuffled: the first card laid on the talon is dealt first again.
            changes = {PACK: Pile.face_down(reversed(piles[TALON].cards)), TALON: Pile()}
        else:
            source, target = move.args
            card, rest = piles[source].pop()
            changes = {source: rest, target: piles[target].push(card)}
        after = piles.update(changes)
        # The phase is read from the position: building once pack and talon are exhausted.
        phase = MARRY if after[PACK].cards or after[TALON].cards else BUILD
        return State(state.game, state.deal, after, phase, state.vars, state.turn, state.options)

    def outcome(self, state: State) -> Outcome:
        """Won with 104 cards on the foundations; lost by the phase's own test."""
        return self._facts(state)[0]

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
                return f"there is no pile called {quoted(name)} in {self.name}"
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
        piles = state.piles
        plays = foundation_index(state)
        candidates = [(s, c) for s in TABLEAU if (c := piles[s].top) is not None and c in plays]
        if not candidates:
            return None
        remaining = Counter(chain.from_iterable(piles[name].cards for name in TABLEAU))
        for source, card in candidates:
            if remaining[card] != 1:
                continue
            targets = plays[card]
            rows = {f in ASCENDING for f in targets}
            if len(rows) == 1:
                return transfer(source, targets[0])
        return None

    def dead(self, state: State) -> bool:
        """True when no suit-by-suit plan can win (proofs: ``_zodiac_solve``).

        Phase one: the suits' least leftovers, each found by playing phase two
        backwards with every reserve and Equator card free, come to more than the
        Equator's eight spaces.  Phase two: some suit cannot be cleared on its own.
        """
        if building(state):
            return building_dead(state)
        return marrying_dead(state)

    def key(self, state: State) -> Hashable:
        """Positions equal up to the order of interchangeable piles.

        No rule depends on where an Equator card, a Zodiac packet or a foundation lies
        within its row, so sorting each row merges positions that play identically.  The
        key is compact bytes: pack and talon in order, then each row's piles sorted,
        each pile's cards led by their count.
        """
        return key_bytes(state)

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
