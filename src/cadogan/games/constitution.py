"""The Constitution (1874 fifth game; 1914 p. 50): cards rise through four divisions.

Kings, queens and aces are taken out.  The eight aces are the Government (foundations,
building up in suit to the knaves); the kings and one queen, the Sovereign, only
decorate the table.  The other 80 cards are dealt as four rows of eight, the People at
the bottom, then the Commons, the Lords and the Privy Council.  A card climbs one
division at a time onto a card one lower in rank and of the other colour; only the
Privy Council plays to the Government.  A vacancy is filled at once from the division
below, and a People vacancy from the talon or the pack.  Rules:
docs/rules/constitution.md.
"""

from __future__ import annotations

from collections.abc import Hashable

from cadogan.cards import Card, Rank, Suit, pack, shuffled
from cadogan.core import (
    Game,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    Pile,
    Section,
    State,
    make_state,
    remember_last,
)
from cadogan.games._constitution_guide import facts, score
from cadogan.games._constitution_rules import (
    allowed,
    fills,
    free_moves,
    key_bytes,
    layout_of,
    play_move,
    won,
)
from cadogan.games._constitution_solve import dead, safe_move
from cadogan.games._constitution_text import (
    COUNCIL,
    FOUND,
    NO_VACANCY,
    PACK,
    ROWS,
    TALON,
    explain_move,
    sections,
)

SOVEREIGN, BISHOPS, JUDGES, ASIDE = "sovereign", "bishops", "judges", "aside"


def _opening_piles(sovereign: Card) -> dict[str, Pile]:
    """The cards taken out before the deal: Government aces, Sovereign, kings, queens."""
    aces = [Card(Rank.ACE, suit) for _ in range(2) for suit in Suit]
    kings = [Card(Rank.KING, suit) for _ in range(2) for suit in Suit]
    queens = [Card(Rank.QUEEN, suit) for _ in range(2) for suit in Suit]
    queens.remove(sovereign)
    piles = {name: Pile.face_up([ace]) for name, ace in zip(FOUND, aces, strict=True)}
    piles[SOVEREIGN] = Pile.face_up([sovereign])
    piles[BISHOPS] = Pile.face_up(k for k in kings if not k.red)
    piles[JUDGES] = Pile.face_up(k for k in kings if k.red)
    piles[ASIDE] = Pile.face_up(queens)
    return piles


class Constitution(Game):
    """The Constitution: two packs less kings and queens; cards ascend four divisions."""

    id = "constitution"
    name = "The Constitution"
    aliases = ("british-constitution",)
    players = 1
    packs = 2
    description = "Cards climb from the People through Commons and Lords to the Privy Council."
    idle_piles = frozenset({SOVEREIGN, BISHOPS, JUDGES, ASIDE})  # Play 1: decoration only
    # The exhaustive search takes one turn in eight (it proves no deal lost), and the
    # best-first probe starts again every 5,000 positions: the Constitution's wins
    # come early in a run or not at all.  With the search's share cut past 50,000
    # nodes these won 50 of deals 1-60 at 150,000 nodes, against 27 (benchmarks/
    # README.md, "Restarting the best-first probe"); cut from the first node, 84 of
    # deals 1-100 instead of 81 ("The exhaustive search's share from the start").
    late_turns = 8
    early_nodes = 0
    # A run also starts again once 1,000 positions have passed since its best score
    # last rose, so a run that is climbing goes on and one stuck on a plateau ends
    # early (most end after 1,100 to 3,800 positions); 50,000 is only a guard.  At
    # 100,000 positions a deal: 363 of deals 1-400 decided against 346 with runs of
    # 5,000 (benchmarks/README.md, "Restarting a best-first run that has stalled").
    run_states = 50_000
    run_patience = 1_000
    # The random dives won none of deals 1-30 (best-first 20, the exhaustive search 4),
    # so their turns go to the best-first probe: 81 of deals 1-100 won at 150,000
    # nodes instead of 78 (benchmarks/README.md, "The Constitution without dives").
    dives = False
    # Its best-first probe expands about one child in four it settles, so it asks the
    # costly ``dead`` test of a position only when it comes to expand it: at 10 s a
    # deal 92 of deals 1-120 won instead of 85 (benchmarks/README.md, "The
    # Constitution's best-first probe asks `dead` lazily").
    lazy_dead = True
    # Every other best-first run takes half a card's points (12) off a position that
    # puts no card anywhere new (``facts``), so that it spreads over the plateaus
    # where the score cannot choose: 100,000 positions a deal won 49 of deals 1-60
    # instead of 45 and 49 of deals 61-120 instead of 46 (benchmarks/README.md,
    # "Novelty in the Constitution's best-first runs").
    novelty = 12.0
    option_specs = (
        OptionSpec(
            "sovereign",
            "Qd",
            ("Qd", "Qc"),
            "the queen set in the centre as the Sovereign: Qd (1914 text and plate) "
            "or Qc (1874 text); decorative only",
        ),
    )
    verbs = frozenset({"deal"})

    def deal(self, number: int) -> State:
        """Lay out the Government, then deal four rows of eight, the People first."""
        piles = _opening_piles(Card.parse(self.options["sovereign"]))
        taken = [
            c for name in (*FOUND, SOVEREIGN, BISHOPS, JUDGES, ASIDE) for c in piles[name].cards
        ]
        order = shuffled(pack(2, without=taken), number)
        for row, names in enumerate(ROWS):
            for i, name in enumerate(names):
                piles[name] = Pile.face_up([order[8 * row + i]])
        # The pack's top card is the next one dealt, so the rest goes in reversed.
        piles[PACK] = Pile.face_down(reversed(order[32:]))
        piles[TALON] = Pile()
        return make_state(
            self.id, number, piles, vars={"vacancy": NO_VACANCY}, options=self.options
        )

    def moves(self, state: State) -> tuple[Move, ...]:
        """Every legal move; only fills while a vacancy is open; none once won."""
        if won(state):
            return ()
        return self._legal(state)

    @remember_last
    def _legal(self, state: State) -> tuple[Move, ...]:
        """The legal moves, ignoring a win; remembered because ``play``, ``outcome`` and
        ``moves`` ask again about the same (immutable) state."""
        vacancy = str(state.var("vacancy"))
        # Rule V: while a vacancy is open it must be filled at once, before anything else.
        return self._fills(state, vacancy) if vacancy != NO_VACANCY else self._free(state)

    def _free(self, state: State) -> tuple[Move, ...]:
        """Plays from the Privy Council (rule I), builds one division up (rules II-IV), deal."""
        return free_moves(state)

    def _fills(self, state: State, vacancy: str) -> tuple[Move, ...]:
        """The cards that may fill ``vacancy``: any top of the division below it.

        A People vacancy takes the talon's top, or the pack's when there is no talon.
        """
        return fills(state, vacancy)

    def play(self, state: State, move: Move) -> State:
        """Turn the next pack card onto the talon, or move one card and open any vacancy."""
        # The same test as self.require, for this one move instead of listing them all.
        if won(state) or not allowed(state, move):
            raise IllegalMove(self.explain(state, move))
        return play_move(state, move)

    def outcome(self, state: State) -> Outcome:
        """Won with all 88 cards on the Government; lost when no move is left."""
        if won(state):
            return Outcome.WON
        if state.piles[PACK].cards and state.var("vacancy") == NO_VACANCY:
            return Outcome.ONGOING  # the next card can always be turned
        return Outcome.ONGOING if self._legal(state) else Outcome.LOST

    def auto(self, state: State) -> Move | None:
        """Rule V forces a fill when only one card can fill the open vacancy."""
        if state.var("vacancy") == NO_VACANCY or won(state):
            return None
        fillers = self._legal(state)
        return fillers[0] if len(fillers) == 1 else None

    def safe(self, state: State) -> Move | None:
        """The only legal move, or a Privy Council play that cannot spoil a win (the
        proof is in ``_constitution_solve.safe_play``)."""
        return safe_move(state, self.moves(state))

    def dead(self, state: State) -> bool:
        """True when some card can never reach the Government (see ``_constitution_solve``)."""
        return dead(state)

    def dead_key(self, state: State, key: Hashable | None) -> Hashable | None:
        """The key less the talon and the pack: ``dead`` sees them only as one set of
        cards still to enter, which the rest of the key fixes (all 80 cards are
        somewhere), so positions that differ only there get one verdict.  None while a
        vacancy is open: ``dead`` then answers at once."""
        if state.var("vacancy") != NO_VACANCY:
            return None
        return layout_of(key if isinstance(key, bytes) else key_bytes(state))

    def facts(self, state: State, since: State | None = None) -> list[Hashable]:
        """Each card of the divisions and the talon, with where it lies and on what:
        the best-first probe's novelty (steering only); with ``since``, only those of
        the piles that are not the same as there."""
        return facts(state, since)

    def score(self, state: State) -> int:
        """How close ``state`` is to a win, for the solver's probes (no verdict rests on
        it): cards on the Government, then how high the cards they want next lie."""
        return score(state)

    def key(self, state: State) -> Hashable:
        """Merge positions that differ only by interchangeable piles.

        The eight piles of a division obey the same rules, so each division is kept as a
        sorted multiset; an open vacancy is remembered by its division (any empty pile
        of that division is equivalent).  Foundations are never a source, so each is
        only its suit and height.  The key is compact bytes: each pile's cards led by
        their count, each division's piles sorted, then talon, pack, the vacancy's
        division and the foundations' sorted (suit, height) codes.
        """
        return key_bytes(state)

    def order(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Plays to the Government first, then moves up the divisions, dealing last."""

        def rank(move: Move) -> int:
            if move.verb == "deal":
                return 3
            return 0 if move.target in FOUND else 1 if move.target in COUNCIL else 2

        return tuple(sorted(moves, key=rank))

    def counters(self, state: State) -> tuple[str, ...]:
        """The vacancy that must be filled now (rule V), when there is one."""
        vacancy = str(state.var("vacancy"))
        return () if vacancy == NO_VACANCY else (f"vacancy to fill: {vacancy}",)

    def explain(self, state: State, move: Move) -> str:
        """Which rule refuses ``move``."""
        if won(state) or not self._legal(state):
            return "the game is over"
        return explain_move(state, move, self._legal(state))

    def sections(self, state: State) -> tuple[Section, ...]:
        """The Government and the four divisions, top to bottom as in the plate."""
        return sections((SOVEREIGN, BISHOPS, JUDGES), (ASIDE,))
