"""Napoleon's Square (1874 third game; 1914 text): twelve packets round three sides.

Two packs.  Twelve packets of four cards, face up, form three sides of a square round
the eight foundations, which begin empty and build from the aces up to the kings in
suit.  Only the top card of a packet is available; cards marry onto packet tops one
lower in suit; an empty packet is refilled only from the talon or the pack, when the
player likes.  The pack is turned once onto the talon.  Straight after the deal the
Note's remedy slips a blocking king underneath.  Options give the book's variant with
twelve single cards and the modern rules.  Rules: docs/rules/napoleons-square.md.
"""

from __future__ import annotations

from collections.abc import Hashable

from cadogan.cards import Card, Rank, Suit, pack, shuffled
from cadogan.core import (
    EMPTY,
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
    transfer,
)
from cadogan.games._napoleons_square_rules import (
    FOUND,
    PACK,
    PACKETS,
    TALON,
    can_progress,
    fitting,
    foundations_for,
    king_text,
    pending_suits,
    run_length,
    slip_king,
    slip_targets,
)
from cadogan.games._napoleons_square_text import (
    explain_action,
    explain_remedy,
    explain_transfer,
    sections,
)

REMEDY, PLAY = "remedy", "play"


class NapoleonsSquare(Game):
    """Napoleon's Square, by the book by default; see the options for the variants."""

    id = "napoleons-square"
    name = "Napoleon's Square"
    aliases = ("carre-napoleon",)
    players = 1
    packs = 2
    description = "Twelve packets form three sides of a square; build eight aces up to kings."
    option_specs = (
        OptionSpec(
            "deal",
            "square",
            ("square", "single"),
            "square: twelve packets of four; single: the book's square of twelve single cards",
        ),
        OptionSpec(
            "rules",
            "book",
            ("book", "modern"),
            "book: one top card at a time, spaces filled only from talon or pack; "
            "modern: runs move as a unit and spaces take any card",
        ),
    )
    verbs = frozenset({"deal", "slip"})

    @property
    def modern(self) -> bool:
        """True when runs move as a unit and spaces take any card (rules=modern)."""
        return self.options["rules"] == "modern"

    def deal(self, number: int) -> State:
        """Packets of consecutive cards (the last on top), the rest face down in the pack."""
        order = shuffled(pack(2), number)
        size = 4 if self.options["deal"] == "square" else 1
        piles = {p: Pile.face_up(order[size * i : size * (i + 1)]) for i, p in enumerate(PACKETS)}
        piles.update({f: EMPTY for f in FOUND})
        piles[TALON] = EMPTY
        piles[PACK] = Pile.face_down(reversed(order[12 * size :]))  # its top is dealt next
        state = make_state(self.id, number, piles, phase=PLAY, options=self.options)
        # The Note's remedy belongs to the book's rules: a modern player can move a
        # blocking king into a space, and the modern game has no such step.
        if not self.modern and pending_suits(state):
            state = state.with_phase(REMEDY)
        return state

    def moves(self, state: State) -> tuple[Move, ...]:
        """Remedy slips first if due; else plays, marriages, space fills, then the deal."""
        if self.outcome(state).over:
            return ()
        if state.phase == REMEDY:
            return tuple(
                action("slip", name, king_text(suit)) for name, suit in slip_targets(state)
            )
        sources = [p for p in (*PACKETS, TALON) if not state[p].empty]
        result: list[Move] = []
        for src in sources:
            result += [transfer(src, f) for f in foundations_for(state, state[src].cards[-1])]
        for src in sources:
            result += self._square_moves(state, src)
        if not state[PACK].empty:
            result.append(action("deal"))
        return tuple(result)

    def _square_moves(self, state: State, src: str) -> list[Move]:
        """Marriages onto packet tops and fills of spaces, from ``src``."""
        cards = state[src].cards
        # Book rules move one card; modern rules any top part of the run on top.
        reach = run_length(cards) if self.modern and src != TALON else 1
        result: list[Move] = []
        for dst in PACKETS:
            top = state[dst].top
            if dst == src:
                continue
            if top is not None:
                if top.suit == cards[-1].suit and 1 <= top.rank - cards[-1].rank <= reach:
                    result.append(transfer(src, dst))
            elif src == TALON:
                result.append(transfer(src, dst))  # Rule II: a space takes the talon's top
            elif self.modern:
                result += self._into_space(cards, src, dst)
        return result

    @staticmethod
    def _into_space(cards: tuple[Card, ...], src: str, dst: str) -> list[Move]:
        """Modern rules: the whole run (``src dst``) or its top N cards (``src N dst``).

        A move of a whole packet is left out: it would only give the packet a new name.
        """
        run = run_length(cards)
        result = [transfer(src, dst)] if run < len(cards) else []
        return result + [Move(TRANSFER, (src, str(n), dst)) for n in range(1, run)]

    def play(self, state: State, move: Move) -> State:
        """Apply a listed move: a slip, a deal, or a transfer of one card or a run."""
        self.require(state, move)
        if move.verb == "slip":
            name, suit = move.args[0], Suit.parse(move.args[1][1])
            state = state.with_piles({name: slip_king(state[name], suit)})
            return state if pending_suits(state) else state.with_phase(PLAY)
        if move.verb == "deal":
            card, rest = state[PACK].pop()
            return state.with_piles({PACK: rest, TALON: state[TALON].push(card)})
        src, dst = move.args[0], move.args[-1]
        count = self._count(state, move)
        cards = state[src].cards
        left = Pile(cards[:-count], state[src].up[:-count])
        return state.with_piles({src: left, dst: state[dst].extend(cards[-count:])})

    def _count(self, state: State, move: Move) -> int:
        """How many cards a listed transfer carries."""
        src, dst = move.args[0], move.args[-1]
        if len(move.args) == 3:
            return int(move.args[1])
        if not self.modern or src == TALON or dst in FOUND:
            return 1
        top = state[dst].top
        cards = state[src].cards
        return run_length(cards) if top is None else fitting(cards, top)

    def outcome(self, state: State) -> Outcome:
        """Won with every card on the foundations; lost when nothing can ever gain ground."""
        if all(state[p].empty for p in (*PACKETS, TALON, PACK)):
            return Outcome.WON
        if state.phase == PLAY and not can_progress(state, self.modern):
            return Outcome.LOST
        return Outcome.ONGOING

    def auto(self, state: State) -> Move | None:
        """The remedy is forced when it leaves no choice (both kings in one packet)."""
        if state.phase == REMEDY:
            legal = self.moves(state)
            if len(legal) == 1:
                return legal[0]
        return None

    def safe(self, state: State) -> Move | None:
        """A play to a foundation once both cards one lower of its suit are played.

        Such a card can no longer receive a marriage, so the square gains nothing by
        keeping it; playing it only uncovers the card beneath (or the talon's next).
        Aces are always safe: nothing marries onto an ace.
        """
        if state.phase != PLAY:
            return None
        for move in self.moves(state):
            if move.verb == TRANSFER and move.args[-1] in FOUND:
                card = state[move.args[0]].cards[-1]
                if card.rank == Rank.ACE or _played(state, card.suit, card.rank - 1) == 2:
                    return move
        return None

    def key(self, state: State) -> Hashable:
        """Packets and same-suit foundations are interchangeable: sort them away."""
        return (
            state.phase,
            tuple(sorted(state[p].cards for p in PACKETS)),
            tuple(sorted(state[f].cards for f in FOUND)),
            state[TALON].cards,
            state[PACK].cards,
        )

    def order(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Foundation plays first, then talon moves, square moves, and the deal last."""

        def rank(move: Move) -> int:
            if move.verb != TRANSFER:
                return 3
            if move.args[-1] in FOUND:
                return 0
            return 1 if move.args[0] == TALON else 2

        return tuple(sorted(moves, key=rank))

    def explain(self, state: State, move: Move) -> str:
        """The rule that refuses ``move``."""
        if self.outcome(state).over:
            return "the game is over"
        if state.phase == REMEDY:
            return explain_remedy(state, move)
        if move.verb in self.verbs:
            return explain_action(state, move)
        return explain_transfer(state, move, self.modern)

    def sections(self, state: State) -> tuple[Section, ...]:
        """Three sides of the square, the foundations in the middle, talon and pack."""
        return sections(state)

    def parse_move(self, state: State, text: str) -> Move:
        """Also read the modern run move into a space, ``packet3 2 packet7``."""
        words = text.strip().lower().split()
        if len(words) == 3 and words[1].isdigit() and words[0] not in self.verbs:
            for word in (words[0], words[2]):
                if word not in state.piles:
                    raise IllegalMove(f"there is no pile called {word!r} in {self.name}")
            return Move(TRANSFER, tuple(words))
        return super().parse_move(state, text)


def _played(state: State, suit: Suit, rank: int) -> int:
    """How many cards of ``suit`` and ``rank`` lie on the foundations (0, 1 or 2)."""
    return sum(
        1
        for f in FOUND
        if (top := state[f].top) is not None and top.suit == suit and top.rank >= rank
    )
