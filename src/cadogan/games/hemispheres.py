"""The Hemispheres (1874 and 1914): four Races in a circle, split by four barriers.

Red cards (Europeans and Asiatics) belong in the North, black cards (Australians and
Africans) in the South; a card in the wrong hemisphere is dead until it is exchanged,
or at the very end transferred.  Eight foundations: red aces up, black kings down, in
suit.  Rules, layout and every interpretation: docs/rules/hemispheres.md.
"""

from __future__ import annotations

from collections.abc import Hashable

from cadogan.cards import card, pack, shuffled
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
    remember_last,
)
from cadogan.core.fast import FastPlay
from cadogan.games._hemispheres_explain import explain, marriages_could_help
from cadogan.games._hemispheres_rules import (
    BARRIER_CARDS,
    BARRIERS,
    COUNTER,
    FOUNDATION_CARDS,
    FOUNDATIONS,
    IN_CIRCLE,
    PACK,
    POSITIONS,
    RACE_MOVE_LIMIT,
    RACE_PILES,
    RACES,
    TALON,
    TWINS,
    allowed,
    legal,
    north,
    race_marriage,
)
from cadogan.games._hemispheres_solve import dead as solver_dead
from cadogan.games._hemispheres_solve import glance as solver_glance
from cadogan.games._hemispheres_steer import facts as solver_facts
from cadogan.games._hemispheres_steer import graded as solver_graded
from cadogan.games._hemispheres_steer import key as solver_key
from cadogan.games._hemispheres_steer import score as solver_score

# Titles are short so that the text tables do not wrap them.
RACE_TITLES = {
    "european": "European (North)",
    "asiatic": "Asiatic (North)",
    "australian": "Australian (South)",
    "african": "African (South)",
}
BARRIER_TITLES = ("West barrier K♥", "North barrier A♣", "East barrier K♦", "South barrier A♠")


class Hemispheres(Game):
    """The Hemispheres, also called the Four Continents: two packs, one deal."""

    id = "hemispheres"
    name = "The Hemispheres"
    aliases = ("four-continents",)
    players = 1
    packs = 2
    layered = True
    # The beam wins most of what the probes win here (Hemispheres deals 1-60 at 10 s:
    # 23 won with the beam in 7 probe turns of 8, 20 with every other turn), so it gets
    # the larger share; best-first keeps one turn in eight.
    beam_turns = 8
    # No dives: they won none of deals 1-30 in 1,000,000 positions, while best-first,
    # with half of that eighth, won the hard deals 5, 8 and 12 late (300,000 to 820,000
    # positions).  With the dives' turns as well, deals 1-60 at 300,000 positions: 27
    # won instead of 25 (5 and 12 besides), and the same 23 at 150,000
    # (benchmarks/README.md, "The Hemispheres without dives").
    dives = False
    # The beams keep half of each layer for novelty (``facts``: each circle and talon
    # card with its Race or the talon and the card under it).  The native beam alone
    # at 10,000,000 positions a deal won 170 of deals 1-200 with a half, 165 with a
    # quarter or three quarters, 154 without; 168 of the held-out deals 201-400
    # against 160 (benchmarks/README.md, "Novelty in the Hemispheres' native beam").
    beam_novelty = 0.5
    # A second beam with blame on talon cards (solve.beam), which takes turns with the
    # game's own in one process and has lane 0 to itself over two: alone it wins other
    # deals than the game's own beam (of deals 1-60, each beam alone at 1,200,000
    # positions, 36 and 38 won, 42 by either).  With novelty too it won 86 of deals
    # 1-100 at 10,000,000 positions, against 79 without.
    helper_beam = (2.0, 0.5)
    # The searches keep the count of Race marriages in a row out of their tables as a
    # grade (``graded``): the exhaustive search proves deal 31 lost in an eighth of the
    # positions, and the beams win more deals.
    grades = True
    # The exhaustive search takes one turn in eight from the first node: it rarely
    # decides a deal, while the beam keeps finding wins.  From the start rather than
    # past 50,000 nodes, deals 1-100 at 150,000 nodes: 36 won instead of 31, every
    # earlier win kept, deal 85 still proved lost (benchmarks/README.md, "The
    # exhaustive search's share from the start").
    late_turns = 8
    early_nodes = 0
    description = "Red cards to the North, black to the South; build in suit from the circle."
    verbs = frozenset({"deal", "exchange"})

    def __init__(self, **options: object) -> None:
        super().__init__(**options)

    @remember_last
    def _legal(self, state: State) -> tuple[Move, ...]:
        """``legal(state)``, remembered for the last state asked about: moves, outcome,
        safe and explain all ask about the same (immutable) state in turn."""
        return legal(state)

    def deal(self, number: int) -> State:
        """Foundations and barriers first, then a circle of twelve clockwise from the K♥."""
        laid_out = [card(c) for c in (*FOUNDATION_CARDS, *BARRIER_CARDS)]
        order = shuffled(pack(2, without=laid_out), number)
        placed = zip((*FOUNDATIONS, *BARRIERS), laid_out, strict=True)
        piles = {name: Pile.face_up([c]) for name, c in placed}
        piles |= {p: Pile.face_up([order[i]]) for i, p in enumerate(POSITIONS)}
        # The pack is face down with the next card to deal (order[12]) on top.
        piles[PACK] = Pile.face_down(reversed(order[len(POSITIONS) :]))
        piles[TALON] = Pile()
        return make_state(self.id, number, piles, vars={COUNTER: 0}, options=self.options)

    def moves(self, state: State) -> tuple[Move, ...]:
        """Plays, talon marriages, exchanges, Race marriages, end transfers, then deal."""
        if _won(state):
            return ()
        return self._legal(state)

    def play(self, state: State, move: Move) -> State:
        """Apply a listed move; the pack card fills the first vacancy, else the talon."""
        # The same test as self.require, for this one move instead of listing them all.
        if _won(state) or not allowed(state, move):
            raise IllegalMove(self.explain(state, move))
        piles = state.piles
        if move.verb == "deal":
            changes = _deal(state)
        elif move.verb == "exchange":
            changes = _exchange(state, *move.args)
        else:
            source, target = move.args
            moved, rest = piles[source].pop()
            changes = {source: rest, target: piles[target].push(moved)}
        after = piles.update(changes)
        # Only a marriage from one position of a Race to another counts towards the limit
        # of consecutive Race marriages; anything else, an end transfer across the
        # equator included, starts the count again (decision 11).
        count = state.num(COUNTER) + 1 if race_marriage(move) else 0
        counters = (
            state.vars if state.vars.get(COUNTER) == count else state.vars.update({COUNTER: count})
        )
        phase = "play" if after[PACK].cards or after[TALON].cards else "end"
        return State(state.game, state.deal, after, phase, counters, state.turn, state.options)

    def outcome(self, state: State) -> Outcome:
        """Won with all 104 cards on the foundations; lost when no move is left."""
        if _won(state):
            return Outcome.WON
        if state.piles[PACK].cards:
            return Outcome.ONGOING  # the next card can always be dealt
        return Outcome.ONGOING if self._legal(state) else Outcome.LOST

    def counters(self, state: State) -> tuple[str, ...]:
        """The Race marriages made in a row, against their limit (decision 11)."""
        return (f"Race marriages {state.num(COUNTER)} of {RACE_MOVE_LIMIT}",)

    def ending(self, state: State) -> str:
        """A game lost at the limit of Race marriages (decision 11) says so.

        Then the only moves left are more Race marriages, which the limit bars.  If
        some arrangement they could reach opens another move, the player may undo some
        of them and make that move between them; if none does, no number of marriages
        would have saved the deal, and the end says that instead.
        """
        if self.outcome(state) is not Outcome.LOST or state.num(COUNTER) < RACE_MOVE_LIMIT:
            return ""
        if not self._legal(state.with_vars(**{COUNTER: 0})):
            return ""
        said = (
            f"The only moves left are marriages within the Races, and {RACE_MOVE_LIMIT} in "
            "a row is the limit (decision 11)"
        )
        if marriages_could_help(state, self._legal, self.play):
            return f"{said}: undo some of them to try another way."
        return (
            f"{said}; no arrangement they could reach opens another move, so more would not help."
        )

    def explain(self, state: State, move: Move) -> str:
        """Name the rule that refuses ``move``."""
        if self.outcome(state).over:
            note = self.ending(state).rstrip(".")  # lost at the limit: say so
            return f"the game is over: {note[0].lower()}{note[1:]}" if note else "the game is over"
        return explain(state, move)

    def safe(self, state: State) -> Move | None:
        """A play to a foundation that can never spoil a win, or None.

        A card c on its way to a foundation is worth keeping only as a base for the
        card next to it in building order (c-1 for red, c+1 for black).  When the
        other foundation of the suit already holds that card, both of its copies are
        built, so c can serve nothing; playing it only uncovers cards.  Emptying a
        circle position is excluded while the pack lasts, because the vacancy would
        change where the next pack card falls.  Barriers at the end are always safe.
        """
        for move in self._legal(state):
            if move.verb != TRANSFER or move.target not in FOUNDATIONS:
                continue
            source, target = move.args
            if source in BARRIERS:
                return move
            if source in POSITIONS and len(state.piles[source]) == 1 and not state[PACK].empty:
                continue
            if _other_built(state, target):
                return move
        return None

    def dead(self, state: State) -> bool:
        """True when a talon card can provably never leave the talon (the deal is lost);
        the proofs are in ``_hemispheres_solve.dead``."""
        return solver_dead(state)

    def glance(self, state: State) -> bool:
        """``dead``'s first two proofs only, for the beam's gathering (see
        ``_hemispheres_solve.glance``)."""
        return solver_glance(state)

    def facts(self, state: State, since: State | None = None) -> list[Hashable]:
        """Each circle and talon card with its Race (or the talon) and the card under
        it, for the beam's novelty (``_hemispheres_steer.facts``)."""
        return solver_facts(state, since)

    def key(self, state: State) -> Hashable:
        """Twin foundations and the positions of a Race merged; see ``solver_key``."""
        return solver_key(state)

    def graded(self, key: Hashable) -> tuple[Hashable, int]:
        """The key without the count of Race marriages in a row, which is the grade
        (a lower count dominates; see ``solver_graded``)."""
        assert isinstance(key, bytes)
        return solver_graded(key)

    def score(self, state: State) -> int:
        """Progress for the solver's probes (cards home, talon short)."""
        return solver_score(state)

    def fast_play(self, root: State) -> FastPlay | None:
        """The game on plain values, for the solver's searches (``_hemispheres_fast``)."""
        from cadogan.games._hemispheres_fast import Spots

        return Spots(self, root)

    def order(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Plays first, then exchanges and the talon, then Race marriages that empty a
        position (the next card dealt fills it instead of going onto the talon), then
        dealing, and other Race marriages last."""
        piles = state.piles

        def rank(move: Move) -> int:
            if move.verb == "exchange":
                return 1
            if move.verb == "deal":
                return 3
            if move.target in FOUNDATIONS:
                return 0
            if move.source == TALON or piles[move.target or TALON].empty:
                return 2
            if move.source in IN_CIRCLE and len(piles[move.source].cards) == 1:
                return 2
            return 4

        return tuple(sorted(moves, key=rank))

    def sections(self, state: State) -> tuple[Section, ...]:
        """The circle clockwise from the K♥: each barrier, then the Race after it."""
        circle: list[Section] = []
        for index, barrier in enumerate(BARRIERS):
            circle.append(Section(BARRIER_TITLES[index], (barrier,)))
            circle.append(Section(RACE_TITLES[RACES[index]], RACE_PILES[index]))
        return (
            *circle,
            Section("Red aces, up", FOUNDATIONS[:4]),
            Section("Black kings, down", FOUNDATIONS[4:]),
            Section("Pack and talon", (PACK, TALON)),
        )

    def parse_move(self, state: State, text: str) -> Move:
        """As the default, but an exchange may name its two positions in either order."""
        move = super().parse_move(state, text)
        if move.verb == "exchange" and len(move.args) == 2:
            first, second = move.args
            if first in POSITIONS and second in POSITIONS and not north(first) and north(second):
                return Move("exchange", (second, first))
        return move


def _won(state: State) -> bool:
    """All 104 cards home; asked on every move, so a card left in the pack answers
    first (the pack empties only near the end of a game)."""
    piles = state.piles
    if piles[PACK].cards:
        return False
    return all(len(piles[name].cards) == 13 for name in FOUNDATIONS)


# The other foundation of the same suit, for each foundation.
TWIN_OF = {a: b for pair in TWINS for a, b in (pair, pair[::-1])}


def _other_built(state: State, foundation: str) -> bool:
    """True when the twin foundation already holds the card ``foundation`` has on top."""
    top, twin = state.piles[foundation].top, state.piles[TWIN_OF[foundation]]
    assert top is not None
    return top in twin.cards


def _deal(state: State) -> dict[str, Pile]:
    """Turn the pack's top card into the first vacancy clockwise from the K♥, or the talon."""
    piles = state.piles
    dealt, rest = piles[PACK].pop()
    vacancy = next((p for p in POSITIONS if not piles[p].cards), TALON)
    return {PACK: rest, vacancy: piles[vacancy].push(dealt, up=True)}


def _exchange(state: State, northern: str, southern: str) -> dict[str, Pile]:
    """Rule II: the two wrong-coloured cards change places."""
    a, north_rest = state.piles[northern].pop()
    b, south_rest = state.piles[southern].pop()
    return {northern: north_rest.push(b), southern: south_rest.push(a)}
