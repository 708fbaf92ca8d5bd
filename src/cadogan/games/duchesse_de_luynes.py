"""La Duchesse de Luynes (the Discard game, seed 000, fourth game).

Rounds of four face-up cards go onto four packets and two face-down cards onto the
Discard.  Each suit has an ace foundation building up and a king foundation building
down.  The Discard is unseen until the pack is exhausted; then all of it is available.
Three re-deals; the fourth deal has no Discard.  Rules: docs/rules/duchesse-de-luynes.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from cadogan.cards import Card, Rank, Suit, pack, shuffled, twins_apart
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

PACKETS = ("packet1", "packet2", "packet3", "packet4")
DISCARD = "discard"
PACK = "pack"
ACES = ("found1", "found2", "found3", "found4")  # ace foundations, building up: c d h s
KINGS = ("found5", "found6", "found7", "found8")  # king foundations, building down: c d h s
FOUNDATIONS = ACES + KINGS
REDEALS = 3
TOTAL = 104


def _successors() -> tuple[tuple[Card | None, ...], ...]:
    """For each foundation, the card it takes next, indexed by its top rank (0 = empty)."""
    table = []
    for index in range(len(FOUNDATIONS)):
        suit, step = Suit(index % 4), (1 if index < 4 else -1)
        first = Card.parse(("A" if step == 1 else "K") + suit.letter)
        row: list[Card | None] = [first]
        for rank in range(1, 14):
            nxt = rank + step
            row.append(Card.parse(Rank(nxt).letter + suit.letter) if 1 <= nxt <= 13 else None)
        table.append(tuple(row))
    return tuple(table)


SUCCESSORS = _successors()
_NEXT = dict(zip(FOUNDATIONS, SUCCESSORS, strict=True))
# Each foundation's partner: the other foundation of its suit.
_OTHER = dict(zip(FOUNDATIONS, KINGS + ACES, strict=True))
# Every play as a ready-made Move (Moves are immutable values).
_PLAYS = {(a, b): transfer(a, b) for a in (*PACKETS, DISCARD) for b in FOUNDATIONS}
DEAL, REDEAL = action("deal"), action("redeal")
# When both twins of the card a foundation needs lie in the Discard, ``discard foundN``
# plays the one dealt later (nearer the top) and ``discard lower foundN`` the other.
LOWER = "lower"
_LOWER_PLAYS = {f: Move(TRANSFER, (DISCARD, LOWER, f)) for f in FOUNDATIONS}


def wants(state: State, foundation: str) -> Card | None:
    """The one card ``foundation`` takes next (its suit is fixed), or None when complete."""
    cards = state.piles[foundation].cards
    return _NEXT[foundation][cards[-1].rank if cards else 0]


def discard_open(state: State) -> bool:
    """Rule I: the Discard may be used only once the pack is exhausted."""
    return state.piles[PACK].empty


def transfers(state: State) -> tuple[Move, ...]:
    """Every card play: packet tops, then the Discard (any of its cards) once it is open.

    For each source the foundations are tried in order found1..found8, so a card that
    fits both of its suit's foundations lists the ace foundation first.
    """
    piles = state.piles
    needs: list[tuple[str, Card]] = []  # each foundation not complete, with its card
    takers: dict[Card, list[str]] = {}
    for f in FOUNDATIONS:
        top = piles[f].cards
        card = _NEXT[f][top[-1].rank if top else 0]
        if card is not None:
            needs.append((f, card))
            takers.setdefault(card, []).append(f)
    result: list[Move] = []
    for source in PACKETS:
        cards = piles[source].cards
        if cards and cards[-1] in takers:
            result += [_PLAYS[source, f] for f in takers[cards[-1]]]
    if not piles[PACK].cards:  # discard_open()
        discard = piles[DISCARD].cards
        held = set(discard)
        # Only a re-deal reads the Discard's order: with none left, which twin goes
        # changes nothing, and one choice is offered.
        ordered = state.num("redeals") > 0
        for f, card in needs:
            if card in held:
                result.append(_PLAYS[DISCARD, f])
                if ordered and twins_apart(discard, card):
                    result.append(_LOWER_PLAYS[f])
    return tuple(result)


def _twin_home(state: State, card: Card) -> bool:
    """Whether a copy of ``card`` lies on a foundation.  Each foundation of its suit
    holds one copy of every rank it has passed: the ace one from the ace up to its top,
    the king one from the king down to its top."""
    up = state.piles[ACES[card.suit]].cards
    down = state.piles[KINGS[card.suit]].cards
    return (bool(up) and up[-1].rank >= card.rank) or (bool(down) and down[-1].rank <= card.rank)


def on_foundations(state: State) -> int:
    """How many cards have been played."""
    piles = state.piles
    return sum([len(piles[f].cards) for f in FOUNDATIONS])


def all_home(state: State) -> bool:
    """Whether every card has been played: the pack, the Discard and the packets are
    empty (cheaper than counting the foundations, as the search asks at every node)."""
    piles = state.piles
    return (
        not piles[PACK].cards
        and not piles[DISCARD].cards
        and all(not piles[p].cards for p in PACKETS)
    )


def _suit_tops(state: State) -> tuple[list[int], list[int]]:
    """Each suit's two foundation tops as ranks: the ace foundation's (0 when empty)
    and the king foundation's (14 when empty)."""
    piles = state.piles
    up = [(p.cards[-1].rank if p.cards else 0) for p in (piles[f] for f in ACES)]
    down = [(p.cards[-1].rank if p.cards else 14) for p in (piles[f] for f in KINGS)]
    return up, down


class _Reach:
    """The cards some line of plays in this pause (before the next deal or re-deal)
    might play: a superset, found by a fixpoint that lets every copy in reach serve at
    once.  A card joins when nothing outside the set lies over it (packet cards under
    a card never played stay covered; the pack, and the Discard while unseen, are
    never reached) and one of its suit's foundations could come to want it with the
    ranks the set holds.  Every card a real line plays joins: by induction along the
    line, the cards over it and the ranks its foundation took before it were played
    earlier in the pause."""

    def __init__(self, state: State, before: tuple[str, Card] | None = None) -> None:
        """``before``, a source and the card on it, bounds the lines of plays made
        before that card is played instead: it is left out, with the whole packet it
        tops (what lies under it comes free only after it)."""
        self.up, self.down = _suit_tops(state)
        self.have = [[False] * 15 for _ in range(4)]
        self.count: Counter[Card] = Counter()
        self.gaps = [self._gaps(s) for s in range(4)]
        piles = state.piles
        self.stacks = [list(piles[p].cards) for p in PACKETS]
        self.loose = [] if piles[PACK].cards else list(piles[DISCARD].cards)
        if before is not None and before[0] == DISCARD:
            self.loose.remove(before[1])
        elif before is not None:
            self.stacks[PACKETS.index(before[0])] = []
        self.spread()

    def spread(self) -> None:
        """Count every card that can join, until none can."""
        grew = True
        while grew:
            grew = False
            kept = []
            for card in self.loose:
                if self._fits(card):
                    self._add(card)
                    grew = True
                else:
                    kept.append(card)
            self.loose = kept
            for stack in self.stacks:
                while stack and self._fits(stack[-1]):
                    self._add(stack.pop())
                    grew = True

    def deal_on(self, pack: tuple[Card, ...]) -> None:
        """The rest of the last deal (no Discard): each round of four from the top of
        ``pack`` onto the packets, the uncounted cards covered, then ``spread``."""
        dealt = pack[::-1]
        for at in range(0, len(dealt), len(PACKETS)):
            for stack, card in zip(self.stacks, dealt[at : at + len(PACKETS)], strict=False):
                stack.append(card)
            self.spread()

    @property
    def left(self) -> int:
        """The cards that never joined."""
        return sum(len(stack) for stack in self.stacks) + len(self.loose)

    def _gaps(self, suit: int) -> tuple[int, int]:
        """The ranks the suit's foundations could climb (or descend) to: the first rank
        above the ace foundation's top with no copy in reach, and the first below the
        king foundation's top."""
        have = self.have[suit]
        rise = self.up[suit] + 1
        while rise <= 13 and have[rise]:
            rise += 1
        fall = self.down[suit] - 1
        while fall >= 1 and have[fall]:
            fall -= 1
        return rise, fall

    def _fits(self, card: Card) -> bool:
        suit, rank = card.suit, card.rank
        rise, fall = self.gaps[suit]
        return self.up[suit] < rank <= rise or fall <= rank < self.down[suit]

    def _add(self, card: Card) -> None:
        self.count[card] += 1
        self.have[card.suit][card.rank] = True
        self.gaps[card.suit] = self._gaps(card.suit)


def _sure_play(state: State, lone: list[tuple[Card, Move]]) -> Move | None:
    """A play of a card C to the one foundation F it fits, which every win makes in this
    pause (``safe``), or None.

    Two things could keep C off F: its twin played to F instead, or the suit's other
    foundation G coming to want C, so that C could go there.  ``_Reach`` bounds the
    cards some line can play before C is played (C left out, with what lies under it).
    Neither can happen when the twin is not among them, and some rank G must take
    before it wants C has no copy among them.  (Those ranks lie strictly between the
    tops of F and G, so neither copy is on a foundation.)  Both twins in the Discard
    count as one card where the game offers one play for both (side by side, or no
    re-deal left: either leaves the same position).  Until C is played nothing else
    fits F, so the pause (plays are compulsory) cannot end, and C can go nowhere but F.
    """
    discard = state.piles[DISCARD].cards
    for card, move in lone:
        source, target = move.args[0], move.args[-1]
        count = _Reach(state, (source, card)).count
        alike = (
            source == DISCARD
            and discard.count(card) == 2
            and (state.num("redeals") == 0 or not twins_apart(discard, card))
        )
        if count[card] and not alike:
            continue
        wanted = wants(state, _OTHER[target])
        assert wanted is not None  # it still lacks a copy of ``card``
        step = 1 if card.rank > wanted.rank else -1
        between = (Card(r, card.suit) for r in range(wanted.rank, card.rank, step))
        if any(not count[t] for t in between):
            return move
    return None


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
          (``_sure_play``).  Then it stays playable on F until it
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
            if _twin_home(state, card):
                return move
        return _sure_play(state, lone)

    def dead(self, state: State) -> bool:
        """Whether the last deal (no re-deal left) can no longer come out, in the book's
        play: the rest of it played through ``_Reach``, a round at a time, counts
        every card that some line of plays could play (each card it leaves out lies under
        an uncounted card, or waits for a rank with no counted copy), and leaves some
        card out.

        Why that is a proof: the deal order is fixed (rounds of four onto packets 1 to
        4, rule 8) and nothing goes back, so a card some line plays in a pause is
        counted by that pause, by induction along the line: what lay over it then was
        played before, and so were the ranks its foundation took before it.  A win
        plays every card.  With play=free a card may wait past a deal, as here too:
        the count lets any counted card stay counted, so the proof holds for both."""
        if state.num("redeals") > 0 or all_home(state):
            return False
        reach = _Reach(state)
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
        if card is None or _PLAYS[DISCARD, target] not in self.moves(state):
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
            return f"there is no pile called {source!r} in {self.name}"
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
