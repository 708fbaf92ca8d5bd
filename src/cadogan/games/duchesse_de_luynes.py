"""La Duchesse de Luynes (the Discard game, seed 000, fourth game).

Rounds of four face-up cards go onto four packets and two face-down cards onto the
Discard.  Each suit has an ace foundation building up and a king foundation building
down.  The Discard is unseen until the pack is exhausted; then all of it is available.
Three re-deals; the fourth deal has no Discard.  Rules: docs/rules/duchesse-de-luynes.md.
"""

from collections.abc import Hashable

from cadogan.cards import Card, pack, shuffled
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
    make_state,
    remember_last,
)
from cadogan.errors import quoted
from cadogan.games._duchesse_rules import (
    ACES,
    DEAL,
    DISCARD,
    FOUNDATIONS,
    KINGS,
    LOWER,
    PACK,
    PACKETS,
    PLAYS,
    REDEAL,
    REDEALS,
    SUCCESSORS,
    TOTAL,
    all_home,
    discard_open,
    on_foundations,
    transfers,
    twin_home,
    wants,
)
from cadogan.games._duchesse_solve import Reach, sure_play

__all__ = [
    "ACES",
    "DISCARD",
    "FOUNDATIONS",
    "KINGS",
    "PACK",
    "PACKETS",
    "REDEALS",
    "SUCCESSORS",
    "TOTAL",
    "DuchesseDeLuynes",
    "all_home",
    "discard_open",
    "on_foundations",
    "transfers",
    "wants",
]


class DuchesseDeLuynes(Game):
    """La Duchesse de Luynes, also called the Grand Duchess: two packs, three re-deals."""

    id = "duchesse-de-luynes"
    name = "La Duchesse de Luynes"
    aliases = ("grand-duchess",)
    # The exhaustive search, with its sure plays and its proof of loss for the last
    # deal, found every win that the probes found on deals 1-200 (300,000 positions a
    # deal), and with the probes' turns as well it decided 11 more of those deals
    # (192 against 181, before a fix to the sure plays; 191 after it).
    probe_turns = 0
    players = 1
    packs = 2
    description = "Four packets and a hidden Discard; aces build up, kings down; three re-deals."
    verbs = frozenset({"deal", "redeal"})
    option_specs = (
        OptionSpec(
            "play",
            "all",
            ("all", "free"),
            "all: every suitable card must be played before the next round or re-deal "
            "(the book); free: deal and re-deal whenever the pack allows",
        ),
    )

    def deal(self, number: int) -> State:
        """The pack shuffled and nothing yet dealt: the first move is ``deal``."""
        piles = {name: Pile() for name in (*FOUNDATIONS, *PACKETS, DISCARD)}
        piles[PACK] = Pile.face_down(reversed(shuffled(pack(2), number)))
        return make_state(self.id, number, piles, vars={"redeals": REDEALS}, options=self.options)

    @remember_last
    def moves(self, state: State) -> tuple[Move, ...]:
        """Card plays; then ``deal`` or ``redeal``, which in the book's play wait for them."""
        return self._legal(state)

    def _legal(self, state: State) -> tuple[Move, ...]:
        """The work of ``moves``."""
        if all_home(state):
            return ()
        plays = transfers(state)
        if plays and state.options.get("play", "all") == "all":
            return plays
        if state.piles[PACK].cards:
            return (*plays, DEAL)
        if state.num("redeals") > 0:
            return (*plays, REDEAL)
        return plays

    def play(self, state: State, move: Move) -> State:
        """Deal a round, gather for a re-deal, or play one card to its foundation."""
        self.require(state, move)
        if move.verb == "deal":
            return self._deal_round(state)
        if move.verb == "redeal":
            return self._redeal(state)
        source, target = move.args[0], move.args[-1]
        card = wants(state, target)
        pile = state.piles[source]
        if source == DISCARD:
            # Of twins in the Discard the one dealt later (nearer the top) goes, or with
            # ``lower`` the one dealt earlier: they leave different Discards behind.
            places = [i for i, c in enumerate(pile.cards) if c == card]
            _, rest = pile.remove_at(places[0] if LOWER in move.args else places[-1])
        else:
            _, rest = pile.pop()
        assert card is not None
        return state.with_piles({source: rest, target: state.piles[target].push(card)})

    def _deal_round(self, state: State) -> State:
        """One round: packets 1-4 face up, then two face down to the Discard (not in deal 4)."""
        discards = 2 if state.num("redeals") > 0 else 0
        pack = state.piles[PACK]
        # An incomplete last round keeps the same order: packets 1 to 4, then the Discard.
        left = max(len(pack) - len(PACKETS) - discards, 0)
        dealt = pack.cards[left:][::-1]  # the top of the pack first
        piles = {p: state.piles[p].push(c) for p, c in zip(PACKETS, dealt, strict=False)}
        discard = state.piles[DISCARD].extend(dealt[len(PACKETS) :], up=False)
        if not left:
            # The pack is exhausted: the Discard is taken up and examined (turned face up).
            discard = discard.all_up()
        piles |= {PACK: Pile(pack.cards[:left], pack.up[:left]), DISCARD: discard}
        return state.with_piles(piles)

    def _redeal(self, state: State) -> State:
        """Packet 1 onto 2 onto 3 onto 4, the Discard underneath; turned over to deal again.

        Turning the gathered heap face down puts the Discard's bottom card (the first card
        discarded) on top, so it is dealt first, and packet 1's top card is dealt last.
        """
        heap = state.piles[DISCARD].cards
        for name in reversed(PACKETS):
            heap += state.piles[name].cards
        piles = {name: Pile() for name in (*PACKETS, DISCARD)}
        piles[PACK] = Pile.face_down(reversed(heap))
        return state.with_piles(piles).with_vars(redeals=state.num("redeals") - 1)

    def outcome(self, state: State) -> Outcome:
        """Won with all 104 cards played; lost when stuck with no re-deal left."""
        if all_home(state):
            return Outcome.WON
        # With the pack out and no re-deal left the moves are the plays alone, which
        # ``moves`` has usually just listed for this very position.
        stuck = state.piles[PACK].empty and state.num("redeals") == 0 and not self.moves(state)
        return Outcome.LOST if stuck else Outcome.ONGOING

    def safe(self, state: State) -> Move | None:
        """A move that cannot spoil a win.

        - The only legal move is safe.
        - In the book's play (play=all): a card whose twin is already on a foundation and
          which fits exactly one foundation F.  It is the last card that can ever extend F,
          and putting it on the other foundation of its suit would leave F short for good
          (then at most 12 + 13 of the suit's 26 cards could be played), so every win
          plays it on F.  Plays are compulsory, so every win plays it before the next
          deal or re-deal; card plays commute with each other within a pause, so playing
          it first reaches the same positions.
        - In the book's play: a card (a packet's top, or in the open Discard) that fits
          exactly one foundation F, when no line of plays before it is played can play
          its twin or bring the suit's other foundation down (or up) to it
          (``sure_play``).  Then it stays playable on F until it
          is played there, the pause cannot end before, and nothing else goes onto F
          first, so every win plays it there in this pause, and playing it first reaches
          the same positions.
        """
        legal = self.moves(state)
        if len(legal) == 1:
            return legal[0]
        if state.options.get("play", "all") != "all":
            return None
        fits: dict[Card, list[Move]] = {}
        for move in legal:
            card = wants(state, move.args[-1])
            assert card is not None
            fits.setdefault(card, []).append(move)
        lone = [(c, o[0]) for c, o in fits.items() if len({m.args[-1] for m in o}) == 1]
        for card, move in lone:
            if twin_home(state, card):
                return move
        return sure_play(state, lone)

    def dead(self, state: State) -> bool:
        """Whether the last deal (no re-deal left) can no longer come out, in either
        kind of play: the rest of it played through ``Reach``, a round at a time,
        counts every card that some line of plays could play (each card it leaves out
        lies under an uncounted card, or waits for a rank with no counted copy), and
        leaves some card out.

        Why that is a proof: the deal order is fixed (rounds of four onto packets 1 to
        4, rule 8) and nothing goes back, so a card some line plays in a pause is
        counted by that pause, by induction along the line: what lay over it then was
        played before, and so were the ranks its foundation took before it.  A win
        plays every card.  With play=free a card may wait past a deal, as here too:
        the count lets any counted card stay counted, so the proof holds for both."""
        if state.num("redeals") > 0 or all_home(state):
            return False
        reach = Reach(state)
        pack = state.piles[PACK].cards
        if pack:
            reach.deal_on(pack)
            reach.loose += state.piles[DISCARD].cards  # none in a real last deal
            reach.spread()
        return reach.left > 0

    def dead_key(self, state: State, key: Hashable | None) -> Hashable | None:
        """None: ``dead`` answers at once (cheaper than a key), nothing to remember."""
        return None

    def carried(self, state: State, move: Move) -> Card | None:
        """A play from the open Discard carries the card its foundation needs, wherever
        it lies in the Discard (every card of it is in view); others the pile's top."""
        if move.verb == TRANSFER and move.source == DISCARD and discard_open(state):
            target = move.args[-1]
            return wants(state, target) if target in FOUNDATIONS else None
        return super().carried(state, move)

    def counters(self, state: State) -> tuple[str, ...]:
        """The re-deals left (rule 8)."""
        return (f"re-deals left {state.num('redeals')}",)

    def explain(self, state: State, move: Move) -> str:
        """Say which rule refuses ``move``."""
        if self.outcome(state).over:
            return f"the game is over: it is {self.outcome(state).value}"
        if move.verb in self.verbs:
            return self._explain_action(state, move)
        if move.verb == TRANSFER and len(move.args) == 3 and move.args[:2] == (DISCARD, LOWER):
            return self._explain_lower(state, move.args[2])
        if move.verb != TRANSFER or len(move.args) != 2:
            return "a move names a packet or the Discard and a foundation, e.g. 'packet1 found3'"
        return self._explain_transfer(state, *move.args)

    def _explain_lower(self, state: State, target: str) -> str:
        """Why ``discard lower TARGET`` is refused, when the play itself may be legal."""
        card = wants(state, target) if target in FOUNDATIONS else None
        if card is None or PLAYS[DISCARD, target] not in self.moves(state):
            return self._explain_transfer(state, DISCARD, target)
        return (
            f"'lower' chooses between two {card.label}s in the Discard with cards between "
            f"them; here 'discard {target}' is the only way to play it"
        )

    def _explain_action(self, state: State, move: Move) -> str:
        if move.args:
            return f"'{move.verb}' is written alone, without pile names"
        if move.verb == "deal" and state.piles[PACK].empty:
            return "the pack is exhausted: there is no round left to deal"
        if move.verb == "redeal" and not state.piles[PACK].empty:
            return "re-deal only when the whole pack has been dealt"
        if move.verb == "redeal" and state.num("redeals") == 0:
            return "three re-deals have been made; the fourth deal is the last"
        return "play every suitable card on the foundations first: progress must be at an end"

    def _explain_transfer(self, state: State, source: str, target: str) -> str:
        if source not in state.piles:
            return f"there is no pile called {quoted(source)} in {self.name}"
        if source == PACK:
            return "the pack's cards come out only by dealing a round ('deal')"
        if source in FOUNDATIONS:
            return "cards on the foundations stay there: there are no transfers between them"
        if target not in FOUNDATIONS:
            return "cards are played only to the foundations; nothing is built on the packets"
        needed = wants(state, target)
        if needed is None:
            return f"{target} is complete"
        if source == DISCARD and not discard_open(state):
            return "the Discard is unseen and unusable until the pack is exhausted (rule I)"
        if source == DISCARD:
            return f"the Discard holds no {needed.label}, the card {target} needs"
        top = state.piles[source].top
        if top is None:
            return f"{source} is empty; it stays empty until the next round covers it"
        return (
            f"{top.label} does not fit {target}, which needs {needed.label} (rule II: follow suit)"
        )

    def sections(self, state: State) -> tuple[Section, ...]:
        """The ace foundations above, the king foundations below, the packets, the Discard."""
        return (
            Section("Foundations, aces ascending (c d h s)", ACES),
            Section("Foundations, kings descending (c d h s)", KINGS),
            Section("The four packets", PACKETS),
            Section("The Discard", (DISCARD,)),
            Section("Pack", (PACK,)),
        )

    def parse_move(self, state: State, text: str) -> Move:
        """The default reading, refusing pile names after ``deal`` and ``redeal``; also
        ``discard lower foundN``, the twin dealt earlier."""
        words = text.strip().lower().split()
        if len(words) == 3 and words[:2] == [DISCARD, LOWER] and words[2] in state.piles:
            return Move(TRANSFER, tuple(words))
        move = super().parse_move(state, text)
        if move.verb in self.verbs and move.args:
            raise IllegalMove(f"'{move.verb}' is written alone, without pile names")
        return move
