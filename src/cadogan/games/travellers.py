"""Travellers (seed 004): twelve packets of four, a spare packet, and cards that travel.

Each card goes face up under the packet of its value (ace 1 ... queen 12) and the top
card of that packet travels next, until a king ends the round.  There are no choices:
the player only turns the next card.  Rules: docs/rules/travellers.md.
"""

from __future__ import annotations

from cadogan.cards import Card, Rank, pack, shuffled
from cadogan.core import (
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
)

PACKETS = tuple(f"packet{n}" for n in range(1, 13))
SPARE = "spare"
KINGS = "kings"


def _home(card: Card) -> str:
    """The packet a card travels to: its value, ace 1 to queen 12."""
    return f"packet{int(card.rank)}"


def _complete(pile: Pile, number: int, travelled: bool) -> bool:
    """A packet is complete when it holds its own four (rule 6).

    With ``travelled`` (option complete=travelled, the default) all four must also have
    travelled, that is lie face up; see docs/rules/travellers.md for both readings.
    """
    if len(pile) != 4 or (travelled and not all(pile.up)):
        return False
    return all(c.rank == number for c in pile.cards)


class Travellers(Game):
    """The Travellers, also called the Clock: one pack, no choices."""

    id = "travellers"
    name = "Travellers"
    aliases = ("clock",)
    players = 1
    packs = 1
    description = "Cards travel to the packet of their value until a king ends the round."
    verbs = frozenset({"turn", "travel"})
    option_specs = (
        OptionSpec(
            "complete",
            "travelled",
            ("travelled", "held"),
            "when a board packet counts as complete: travelled = its own four have all "
            "travelled and lie face up (Clock patience, won 1 deal in 13); held = it holds "
            "its own four, even one never turned up (won about 1 deal in 5)",
        ),
    )

    def deal(self, number: int) -> State:
        """Rule 1: packets of four consecutive cards, face down; the thirteenth is spare."""
        order = shuffled(pack(1), number)
        piles = {name: Pile.face_down(order[4 * i : 4 * i + 4]) for i, name in enumerate(PACKETS)}
        piles[SPARE] = Pile.face_down(order[48:52])
        piles[KINGS] = Pile()
        return make_state(self.id, number, piles, vars={"traveller": 0}, options=self.options)

    def moves(self, state: State) -> tuple[Move, ...]:
        """The one move there is: travel the current packet's top, or turn the spare."""
        if self.outcome(state).over:
            return ()
        traveller = state.num("traveller")
        if traveller:
            return (action("travel", PACKETS[traveller - 1]),)
        return (action("turn", SPARE),)

    def play(self, state: State, move: Move) -> State:
        """Move one card to the packet of its value, or to the kings if it is a king."""
        self.require(state, move)
        card, rest = state.piles[move.args[0]].pop()
        state = state.with_piles({move.args[0]: rest})
        if card.rank == Rank.KING:
            # Rule 2: a king has no packet; from the spare it is discarded, from the
            # board it ends the round.  Both go to one pile of kings off the board.
            kings = state.piles[KINGS].push(card)
            return state.with_piles({KINGS: kings}).with_vars(traveller=0)
        home = _home(card)
        slipped = state.piles[home].slip_under(card, up=True)
        return state.with_piles({home: slipped}).with_vars(traveller=int(card.rank))

    def outcome(self, state: State) -> Outcome:
        """Won when every packet holds its own four; lost when the spare runs out first."""
        travelled = state.options.get("complete", "travelled") == "travelled"
        if all(_complete(state.piles[p], n, travelled) for n, p in enumerate(PACKETS, 1)):
            return Outcome.WON
        if state.num("traveller") == 0 and state.piles[SPARE].empty:
            return Outcome.LOST
        return Outcome.ONGOING

    def safe(self, state: State) -> Move | None:
        """Every move is safe, because there is never more than one."""
        legal = self.moves(state)
        return legal[0] if legal else None

    def explain(self, state: State, move: Move) -> str:
        """Say which card must move next."""
        if self.outcome(state).over:
            return "the game is over"
        traveller = state.num("traveller")
        if traveller:
            return f"the top card of {PACKETS[traveller - 1]} must travel next"
        return "the round has ended; turn the next card of the spare packet"

    def sections(self, state: State) -> tuple[Section, ...]:
        """The spare packet above three rows of four, and the kings set aside."""
        return (
            Section("Spare packet", (SPARE,)),
            Section("Row 1", PACKETS[0:4]),
            Section("Row 2", PACKETS[4:8]),
            Section("Row 3", PACKETS[8:12]),
            Section("Kings", (KINGS,)),
        )

    def parse_move(self, state: State, text: str) -> Move:
        """Accept ``turn``, ``travel``, and the full forms ``turn spare``, ``travel packetN``."""
        words = text.strip().lower().split()
        if words == ["turn"]:
            return action("turn", SPARE)
        if words == ["travel"] and state.num("traveller"):
            return action("travel", PACKETS[state.num("traveller") - 1])
        move = super().parse_move(state, text)
        if move.verb not in self.verbs:
            raise IllegalMove("in Travellers the moves are 'turn' and 'travel'")
        return move
