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
    remember_last,
)

PACKETS = tuple(f"packet{n}" for n in range(1, 13))
SPARE = "spare"
KINGS = "kings"


def _home(card: Card) -> str:
    """The packet a card travels to: its value, ace 1 to queen 12."""
    return f"packet{int(card.rank)}"


def _complete(pile: Pile, number: int, travelled: bool) -> bool:
    """A packet is complete when it holds its own four (rule 6).

    With ``travelled`` (option complete=travelled) all four must also have travelled, that
    is lie face up; by default (complete=held) holding them is enough, as DESIGN.md and
    the text read.  See docs/rules/travellers.md for both readings.
    """
    if len(pile.cards) != 4 or (travelled and pile.up != _ALL_UP):
        return False
    return all(c.rank == number for c in pile.cards)


_ALL_UP = (True,) * 4
_NUMBERED = tuple(enumerate(PACKETS, 1))
# The only moves there are, made once (Moves are immutable values).
_TRAVEL = {n: action("travel", name) for n, name in _NUMBERED}
_TURN = action("turn", SPARE)


def _moved(state: State, changes: dict[str, Pile], traveller: int) -> State:
    """``state`` with some piles replaced and a new traveller, built in one step."""
    return State(
        game=state.game,
        deal=state.deal,
        piles=state.piles.update(changes),
        phase=state.phase,
        vars=state.vars.update({"traveller": traveller}),
        turn=state.turn,
        options=state.options,
    )


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
            "held",
            ("held", "travelled"),
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

    @remember_last
    def moves(self, state: State) -> tuple[Move, ...]:
        """The one move there is: travel the current packet's top, or turn the spare."""
        return self._legal(state)

    def _legal(self, state: State) -> tuple[Move, ...]:
        """The work of ``moves``."""
        if self.outcome(state).over:
            return ()
        traveller = state.num("traveller")
        return (_TRAVEL[traveller],) if traveller else (_TURN,)

    def play(self, state: State, move: Move) -> State:
        """Move one card to the packet of its value, or to the kings if it is a king."""
        self.require(state, move)
        source = move.args[0]
        card, rest = state.piles[source].pop()
        if card.rank == Rank.KING:
            # Rule 2: a king has no packet; from the spare it is discarded, from the
            # board it ends the round.  Both go to one pile of kings off the board.
            kings = state.piles[KINGS].push(card)
            return _moved(state, {source: rest, KINGS: kings}, 0)
        home = _home(card)
        under = rest if home == source else state.piles[home]  # a card may travel home
        return _moved(state, {source: rest, home: under.slip_under(card)}, int(card.rank))

    def outcome(self, state: State) -> Outcome:
        """Won when every packet holds its own four; lost when the spare runs out first."""
        travelled = state.options.get("complete") == "travelled"
        piles = state.piles
        for number, name in _NUMBERED:
            if not _complete(piles[name], number, travelled):
                break
        else:
            return Outcome.WON
        if not state.vars["traveller"] and not piles[SPARE].cards:
            return Outcome.LOST
        return Outcome.ONGOING

    def counters(self, state: State) -> tuple[str, ...]:
        """The packet whose top card travels next, when a card is on its way."""
        traveller = state.num("traveller")
        return (f"next to travel: the top of packet{traveller}",) if traveller else ()

    def ending(self, state: State) -> str:
        """A won deal with cards that never travelled says which (rule 6, complete=held).

        Such a card was dealt at the bottom of its own packet and stays face down at home,
        so the board shows a back where the player expects a face: the note says why the
        packet still counts.  It names the card, since the game is over.
        """
        if self.outcome(state) is not Outcome.WON:
            return ""
        held = [
            f"the {card.label} of {name}"
            for name in PACKETS
            for card, up in zip(state.piles[name].cards, state.piles[name].up, strict=True)
            if not up
        ]
        if not held:
            return ""
        listed = held[0] if len(held) == 1 else f"{', '.join(held[:-1])} and {held[-1]}"
        one = len(held) == 1
        return (
            f"Still face down: {listed}. Dealt into {'its' if one else 'their'} own "
            f"packet{'' if one else 's'}, {'it' if one else 'they'} lay there when the last "
            f"card of {'its' if one else 'their'} value arrived, so nothing sent "
            f"{'it' if one else 'them'} on; a packet that holds its own four counts as "
            "complete (option complete=held)."
        )

    def safe(self, state: State) -> Move | None:
        """Every move is safe, because there is never more than one."""
        legal = self.moves(state)
        return legal[0] if legal else None

    def explain(self, state: State, move: Move) -> str:
        """Say which card must move next."""
        if self.outcome(state).over:
            return "the game is over"
        for legal in self.moves(state):  # the right move with words after it
            if legal.verb == move.verb and move.args[: len(legal.args)] == legal.args:
                return f"'{legal}' takes nothing after it"
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
