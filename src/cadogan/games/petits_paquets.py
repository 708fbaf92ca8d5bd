"""Les Petits Paquets (seed 000, second game; the 1874 "Exiles" game).

Two packs without their kings are dealt round thirteen little packets, counting 1 to 13;
a card whose value equals its count is exiled face down.  The eight kings mark the
foundations: the upper four build ace to queen, the lower four queen to ace.  When
nothing fits, an exile is taken and sent travelling under the packets until a card is
freed.  Two re-deals.  Rules and every interpretation: docs/rules/petits-paquets.md.
"""

from __future__ import annotations

from cadogan.cards import Card, Rank, Suit, pack, shuffled
from cadogan.core import (
    TRANSFER,
    Game,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    Pile,
    Section,
    State,
    action,
    make_state,
    remember_last,
    transfer,
)
from cadogan.games import _petits_paquets_rules as r
from cadogan.games import _petits_paquets_solve as solver
from cadogan.games._petits_paquets_explain import refusal
from cadogan.games._petits_paquets_rules import (
    ASCENDING,
    DESCENDING,
    EXILES,
    FOUNDATIONS,
    PACK,
    PACKETS,
    SPREAD,
)

KINGS = tuple(Card(Rank.KING, s) for s in Suit)
ACTIONS = frozenset({"deal", "exile", "redeal"})
DEAL, EXILE, REDEAL = action("deal"), action("exile"), action("redeal")

# Every play and exchange as a ready-made Move (Moves are immutable values), so that
# listing the legal moves of a position builds none of them.
_MOVES = {(a, b): transfer(a, b) for a in (*PACKETS, EXILES, *FOUNDATIONS) for b in FOUNDATIONS}
_TAKES = {
    (card, f): action("take", str(card), f) for card in pack(1, without=KINGS) for f in FOUNDATIONS
}
# With both twins in packet 13, ``take Qh found3`` plays the one dealt first (nearer the
# bottom) and ``take Qh upper found3`` the one dealt later.
UPPER = "upper"
_UPPER_TAKES = {
    (card, f): action("take", str(card), UPPER, f)
    for card in pack(1, without=KINGS)
    for f in FOUNDATIONS
}


class PetitsPaquets(Game):
    """Les Petits Paquets: thirteen little packets, exiles, and two re-deals."""

    id = "petits-paquets"
    name = "Les Petits Paquets"
    aliases = ("exiles",)
    players = 1
    packs = 2
    description = "Deal counting 1 to 13, exile the cards that match, and set them travelling."
    option_specs = (
        OptionSpec(
            "play_during_deal",
            "card",
            ("card", "round", "never"),
            "when cards may be played while dealing: after any card (the book's Note), "
            "between rounds, or not until the deal is over",
        ),
    )
    verbs = frozenset({"deal", "exile", "redeal", "take"})

    def deal(self, number: int) -> State:
        """The eight kings laid out as foundation markers and 96 cards ready to deal."""
        order = shuffled(pack(2, without=KINGS + KINGS), number)
        piles = {name: Pile() for name in (*PACKETS, SPREAD, EXILES)}
        piles[PACK] = Pile.face_down(reversed(order))
        for found in FOUNDATIONS:
            piles[found] = Pile.face_up([Card(Rank.KING, r.suit_of(found))])
        start = {"count": 1, "redeals": 2}
        return make_state(self.id, number, piles, phase="deal", vars=start, options=self.options)

    @remember_last
    def moves(self, state: State) -> tuple[Move, ...]:
        """Plays, then the one action the position allows, then exchanges; a stable order."""
        return self._legal(state)

    def _legal(self, state: State) -> tuple[Move, ...]:
        """The work of ``moves``."""
        if self.outcome(state).over:
            return ()
        exiles = state.piles[EXILES]
        if not self._may_play(state):
            return (DEAL,)
        need, pairs = r.survey(state)
        if state.phase == "play" and exiles.top_up:
            # Direction 5, step 1: a turned-up exile that fits must be played before anything else.
            return tuple(_MOVES[EXILES, f] for f in need.get(exiles.cards[-1], ()))
        swaps = tuple(_MOVES[pair] for pair in pairs)
        plays = self._plays(state, need)
        if state.phase == "deal":
            return (*plays, DEAL, *swaps)
        if plays:  # something fits (r.anything_fits)
            return (*plays, *swaps)
        # Directions 6 and 7: nothing fits, so the next exile, else a re-deal, else only
        # exchanges (outcome() has already ruled out the case where they cannot help).
        if not exiles.empty:
            return (EXILE, *swaps)
        if state.num("redeals"):
            return (REDEAL, *swaps)
        return swaps

    def _may_play(self, state: State) -> bool:
        """Option play_during_deal: may cards be played at this point of the game?
        Once the deal is over, always (Direction 4): the option limits only the deal."""
        if state.phase != "deal":
            return True
        when = state.options.get("play_during_deal", "card")
        return when == "card" or (when == "round" and state.num("count") == 1)

    def _plays(self, state: State, need: dict[Card, tuple[str, ...]]) -> tuple[Move, ...]:
        """Plays from the packet tops, then from packet 13 (Rule I); ``need`` is r.needs."""
        result: list[Move] = []
        piles = state.piles
        for name in PACKETS:
            cards = piles[name].cards
            if cards and cards[-1] in need:
                result += [_MOVES[name, f] for f in need[cards[-1]]]
        for card in dict.fromkeys(piles[SPREAD].cards):
            if card in need:
                upper = r.twins_apart(state, card)
                for f in need[card]:
                    result.append(_TAKES[card, f])
                    if upper:
                        result.append(_UPPER_TAKES[card, f])
        return tuple(result)

    def play(self, state: State, move: Move) -> State:
        """Apply a legal move; the deal's exiling and the exile chain are done here."""
        self.require(state, move)
        if move.verb == "deal":
            mode = state.options.get("play_during_deal", "card")
            return r.deal_card(state) if mode == "card" else r.deal_round(state)
        if move.verb == "exile":
            return r.exile_chain(state)
        if move.verb == "redeal":
            pile = r.pick_up(state)
            emptied = {name: Pile() for name in (*PACKETS, SPREAD)}
            state = state.with_piles({**emptied, PACK: pile})
            return state.with_phase("deal").with_vars(count=1, redeals=state.num("redeals") - 1)
        source, target = move.args[-2], move.args[-1]
        if move.verb == "take":
            named = move.args[0]
            places = [i for i, c in enumerate(state.piles[SPREAD].cards) if str(c) == named]
            index = places[-1] if UPPER in move.args else places[0]
            card, rest = state.piles[SPREAD].remove_at(index)
            source = SPREAD
        else:
            card, rest = state.piles[source].pop()
        if source in PACKETS:
            rest = r.squared(rest)
        return state.with_piles({source: rest, target: state.piles[target].push(card)})

    def outcome(self, state: State) -> Outcome:
        """Won with all 96 cards on the foundations; lost when nothing more can happen.

        Lost: the deal is over, no exile is left or waiting, no re-deal is left, nothing
        fits, and no foundation exchange could make anything fit.
        """
        piles = state.piles
        if all(len(piles[f]) == 13 for f in FOUNDATIONS):
            return Outcome.WON
        if state.phase != "play" or piles[EXILES].cards or state.vars["redeals"]:
            return Outcome.ONGOING
        if r.anything_fits(state) or r.rescued_by_exchange(state):
            return Outcome.ONGOING
        return Outcome.LOST

    def auto(self, state: State) -> Move | None:
        """The deal, an exile, a re-deal or the turned exile's play, when it is the only move."""
        legal = self.moves(state)
        if len(legal) == 1 and (legal[0].verb in ACTIONS or legal[0].source == EXILES):
            return legal[0]
        return None

    def safe(self, state: State) -> Move | None:
        """The only legal move, else a play proved safe (``_petits_paquets_solve.safe_play``:
        the suit cannot exchange and the card's twin cannot be played first)."""
        legal = self.moves(state)
        if len(legal) == 1:
            return legal[0]
        return solver.safe_play(state) if legal else None

    def dead(self, state: State) -> bool:
        """The end game can no longer be won (``_petits_paquets_solve.dead``)."""
        return solver.dead(state)

    def prune(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The moves without exchanges that move a boundary away from every use
        (``_petits_paquets_solve.prune``, where the proof is)."""
        return solver.prune(state, moves)

    def order(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Plays first (packet 13, then packet tops), then actions, exchanges last."""

        def rank(move: Move) -> int:
            if move.verb == "take":
                return 0
            if move.verb == TRANSFER and move.args[0] in FOUNDATIONS:
                return 3
            return 1 if move.verb == TRANSFER else 2

        return tuple(sorted(moves, key=rank))

    def counters(self, state: State) -> tuple[str, ...]:
        """The count of the deal (direction 3), while dealing, and the re-deals left."""
        left = f"re-deals left {state.num('redeals')}"
        return (f"count {state.num('count')}", left) if state.phase == "deal" else (left,)

    def explain(self, state: State, move: Move) -> str:
        """Say which rule refuses the move."""
        if self.outcome(state).over:
            return "the game is over"
        return refusal(state, move, self._may_play(state))

    def sections(self, state: State) -> tuple[Section, ...]:
        """The ascending kings above, the two rows of packets, the descending kings below."""
        return (
            Section("Ascending A-Q", ASCENDING),
            Section("Upper row", r.UPPER_ROW),
            Section("Lower row", r.LOWER_ROW),
            Section("Packet 13", (SPREAD,)),
            Section("Descending Q-A", DESCENDING),
            Section("Exiles, pack", (EXILES, PACK)),
        )

    def parse_move(self, state: State, text: str) -> Move:
        """Read a move; ``take Qh found3`` names the packet-13 card, ``packet13 found3`` too."""
        words = text.strip().split()
        low = [w.lower() for w in words]
        if len(low) in (3, 4) and low[0] == "take" and (len(low) == 3 or low[2] == UPPER):
            try:
                card = Card.parse(words[1])
            except ValueError as err:
                raise IllegalMove(str(err)) from None
            return action("take", str(card), *low[2:])
        if len(low) == 2 and low[0] == SPREAD and low[1] in FOUNDATIONS:
            wanted = r.wants(state, low[1])
            for card in state.piles[SPREAD].cards:
                if wanted == card.rank and card.suit == r.suit_of(low[1]):
                    return action("take", str(card), low[1])
        return super().parse_move(state, text)
