"""Napoleon's Square (1874 third game; 1914 text): twelve packets round three sides.

Two packs.  Twelve packets of four cards, face up, make three sides of a square round
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
    remember_last,
)
from cadogan.core.fast import FastPlay
from cadogan.errors import quoted
from cadogan.games._napoleons_square_dead import dead
from cadogan.games._napoleons_square_moves import play_moves
from cadogan.games._napoleons_square_rules import (
    FOUND,
    PACK,
    PACKETS,
    TALON,
    can_progress,
    fitting,
    pending_suits,
    run_length,
    slip_king,
    slip_targets,
    slip_words,
)
from cadogan.games._napoleons_square_solve import facts, key, order, safe, score
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
    layered = True
    # The exhaustive search takes one turn in eight from the first node: it rarely
    # decides a deal, while the probes keep finding wins.  From the start rather than
    # past 50,000 nodes, deals 1-100 at 150,000 nodes: 34 won instead of 32, every
    # earlier win kept (benchmarks/README.md, "The exhaustive search's share from the
    # start").
    late_turns = 8
    early_nodes = 0
    # After the first 30 s of a solve the beam rarely wins: the deals it has not won
    # by then are lost (deal 7) or won by a long exhaustive search (deal 13).  Of the
    # 12 of deals 1-53 not decided within 10 s, given 300 to 1,500 s each, two were
    # won before 30 s (5 and 28), 13 and 7 were decided by the exhaustive search, and
    # no beam won after 30 s.  So the exhaustive search has four fifths of the later
    # time (solve.shares), the beams 15%, and long proofs come sooner: deal 13 in 260 s
    # instead of 347 (benchmarks/README.md, "Long solves give Napoleon's Square's
    # proofs four fifths").
    late_proof = 0.8
    # No dives: they won no deal of 1-100 at 150,000 nodes that the other probes did not
    # also win without them; with their turns the best-first probe won 35 instead of 34
    # (deal 28 besides), every earlier win kept (benchmarks/README.md, "The Hemispheres
    # without dives").
    dives = False
    # The beam takes seven probe turns in eight, as in the Hemispheres: one process a
    # solve, deals 1-200 at 10 s, side by side with every other turn, 126 decided
    # against 120 (7 besides, deal 136 not); at 1,000,000 positions a deal, 127
    # against 124 (benchmarks/README.md, "Napoleon's Square's beam takes seven turns
    # in eight").
    beam_turns = 8
    # The beam's later runs mark down talons holding the cards its dead runs left on
    # theirs, a point per unit of blame (solve.beam): 88 of deals 1-240 won at 150,000
    # nodes instead of 80 (benchmarks/README.md, "The beam learns from its dead runs").
    beam_blame = 1.0
    # A quarter of each beam layer goes to positions that put a card somewhere new
    # (``facts``), best score first: 95 of deals 1-240 won at 150,000 nodes instead
    # of 88 (benchmarks/README.md, "Novelty in Napoleon's Square's beam").
    beam_novelty = 0.25
    # A second beam in lane 0 of a split solve (``helper_beam``), on the score alone
    # (no blame, no novelty).  It wins other deals than this one: of deals 1-60, each
    # alone at 1,200,000 positions, 36 and 41 won, 44 by either.  As a Python beam
    # sharing lane 0's turns with the best-first probe it gained nothing (126 of
    # deals 1-200 at 10 s on two cores, against 127 without); as the native beam
    # (the kernel's, under a clock) it won 5 of the 70 deals of 1-200 that a 10-s
    # solve in one process left undecided, each alone for 10 s (benchmarks/README.md,
    # "The native beam").
    helper_beam = (0.0, 0.0)
    description = "Twelve packets make three sides of a square; build eight aces up to kings."
    option_specs = (
        OptionSpec(
            "deal",
            "square",
            ("square", "single"),
            "square: twelve packets of four; single: the book's square of single cards",
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

    @remember_last
    def moves(self, state: State) -> tuple[Move, ...]:
        """Remedy slips first if due; else plays, marriages, space fills, then the deal.

        The last answer is remembered (by the state's identity: states are immutable),
        because ``play`` asks again for the position whose moves were just listed.
        """
        return self._moves(state)

    def _moves(self, state: State) -> tuple[Move, ...]:
        """The legal moves, worked out afresh (empty once the game is over)."""
        if state.phase == REMEDY:
            return tuple(action("slip", *slip_words(t)) for t in slip_targets(state))
        found = play_moves(state, self.modern)
        if state[PACK].cards or any(m.args[0] == TALON or m.args[-1] in FOUND for m in found):
            return tuple(found)
        # The pack is out and nothing gains ground at once: won, lost, or square moves
        # that may lead on (the exact test of the end, see can_progress).
        return tuple(found) if found and can_progress(state, self.modern) else ()

    def play(self, state: State, move: Move) -> State:
        """Apply a listed move: a slip, a deal, or a transfer of one card or a run."""
        self.require(state, move)
        if move.verb == "slip":
            name, suit = move.args[0], Suit.parse(move.args[1][1])
            lower = move.args[2:] == ("lower",)
            state = state.with_piles({name: slip_king(state[name], suit, lower)})
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
        if state[PACK].cards or state.phase == REMEDY:
            return Outcome.ONGOING
        if all(state[p].empty for p in (*PACKETS, TALON)):
            return Outcome.WON
        return Outcome.ONGOING if self.moves(state) else Outcome.LOST

    def auto(self, state: State) -> Move | None:
        """The remedy is forced when it leaves no choice (both kings side by side in one
        packet, where slipping either gives the same packet)."""
        if state.phase == REMEDY:
            legal = self.moves(state)
            if len(legal) == 1:
                return legal[0]
        return None

    def safe(self, state: State) -> Move | None:
        """A play to a foundation that no marriage can need, or a deal that cannot
        bury anything useful (the proofs are in games/_napoleons_square_solve.py)."""
        return safe(state, self.moves(state))

    def dead(self, state: State) -> bool:
        """Lost for certain by the kings' counting arguments or by the talon's test,
        which counts spaces (book rules only: modern runs and kings move into spaces;
        proofs in games/_napoleons_square_dead.py and _napoleons_square_space.py)."""
        return not self.modern and dead(state)

    def score(self, state: State) -> int:
        """The probes' guide: cards on the foundations, less the talon's burial."""
        return score(state)

    def facts(self, state: State, since: State | None = None) -> list[Hashable]:
        """Each card of the square and the talon with its pile and the card under it:
        the beam's novelty (steering only).  ``since`` is not used: the beam lists
        every fact of the few positions it weighs."""
        return facts(state)

    def key(self, state: State) -> Hashable:
        """Packets and same-suit foundations are interchangeable: sort them away."""
        return key(state)

    def fast_play(self, root: State) -> FastPlay | None:
        """The book's play on plain values, for the searches (``_napoleons_square_fast``);
        the modern rules have none."""
        if self.modern:
            return None
        from cadogan.games._napoleons_square_fast import Spots

        return Spots(self, root)

    def order(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Plays, marriages that empty or uncover, the talon, the deal, then mere shifts."""
        return order(state, moves)

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
        """Also read the modern run move into a space, ``packet3 2 packet7``, and a
        slip's king as the tables print it (``slip packet6 K♠``)."""
        words = text.strip().lower().split()
        if len(words) >= 3 and words[0] == "slip":
            try:
                king = Card.parse(words[2])
            except ValueError:
                king = None
            if king is not None and king.rank == Rank.KING:
                words[2] = "k" + king.suit.letter
                return Move("slip", tuple(words[1:]))
        if len(words) == 3 and words[1].isdecimal() and words[0] not in self.verbs:
            for word in (words[0], words[2]):
                if word not in state.piles:
                    raise IllegalMove(f"there is no pile called {quoted(word)} in {self.name}")
            return Move(TRANSFER, tuple(words))
        return super().parse_move(state, text)
