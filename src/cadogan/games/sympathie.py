"""Sympathie (seed 000, seventh game): two players, one pack each.

Each player deals seventeen face-down packets of three and keeps one card as his grace.
The players take turns to turn up their packet tops; a card turned up pairs with its twin
lying face up among the other player's cards, and both are withdrawn.  The game succeeds
when no card is left face down.  Rules: docs/rules/sympathie.md.
"""

from __future__ import annotations

from cadogan.cards import MAX_DEAL, Card, SplitMix64, pack, shuffled
from cadogan.core import (
    Game,
    IllegalMove,
    Move,
    Outcome,
    Pile,
    Section,
    State,
    action,
    make_state,
    remember_last,
)

PACKET_COUNT = 17


def _names(player: int) -> tuple[str, ...]:
    """Player 1's or 2's packet names, made once (the functions below run every move)."""
    return tuple(f"p{player}packet{n}" for n in range(1, PACKET_COUNT + 1))


_PACKETS = {1: _names(1), 2: _names(2)}
# Where a card turned by player 1 (or 2) may find its twin: the other's packets and grace.
_OPPOSITE = {p: (*_PACKETS[3 - p], f"p{3 - p}grace") for p in (1, 2)}
# The only moves there are, made once (Moves are immutable values).
_TURNS = {name: action("turn", name) for p in (1, 2) for name in _PACKETS[p]}
GRACE = action("grace")


def packets(player: int) -> tuple[str, ...]:
    """The names of one player's packets: ``p1packet1`` ... ``p1packet17``."""
    return _PACKETS[player]


def grace(player: int) -> str:
    """The name of a player's grace card."""
    return f"p{player}grace"


def pairs(player: int) -> str:
    """Where a player lays aside his withdrawn cards."""
    return f"p{player}pairs"


def other(player: int) -> int:
    """The other player."""
    return 3 - player


def second_number(number: int) -> int:
    """The deal number that shuffles player 2's pack: SplitMix64's first output, in range."""
    return SplitMix64(number).next() % MAX_DEAL + 1


def hidden_tops(state: State, player: int) -> tuple[str, ...]:
    """The player's packets whose top card is still face down, in packet order."""
    piles = state.piles
    return tuple(name for name in _PACKETS[player] if _hidden(piles[name]))


def first_hidden(state: State, player: int) -> str | None:
    """The first of ``hidden_tops``, or None: the packet the player turns next."""
    piles = state.piles
    for name in _PACKETS[player]:
        up = piles[name].up  # _hidden(), inlined: this runs several times a move
        if up and not up[-1]:
            return name
    return None


def _hidden(pile: Pile) -> bool:
    """True when the pile has a top card and it is face down."""
    return bool(pile.up) and not pile.up[-1]


def grace_unused(state: State, player: int) -> bool:
    """True while the player's grace lies face down, not yet turned."""
    pile = state.piles[grace(player)]
    return bool(pile) and not pile.top_up


def grace_due(state: State) -> int:
    """Whose grace comes next once no card can be turned: player 1's, then 2's (0: none)."""
    return next((p for p in (1, 2) if grace_unused(state, p)), 0)


def partner(state: State, card: Card, player: int) -> str | None:
    """The pile of the other player's where ``card``'s twin lies face up, if it does."""
    piles = state.piles
    for name in _OPPOSITE[player]:
        pile = piles[name]
        if pile.cards and pile.cards[-1] is card and pile.up[-1]:
            return name
    return None


def settle(state: State) -> State:
    """Pass the turn: the mover goes on while he has cards to turn, then the other player;
    when neither has, the next grace's owner (the turn stays put when all is over)."""
    mover = state.turn
    if first_hidden(state, mover):
        return state
    if first_hidden(state, other(mover)):
        return state.with_turn(other(mover))
    return state.with_turn(grace_due(state) or mover)


def _grace_refused(state: State, mover: int) -> str:
    """Why ``mover`` may not turn a grace now (rule 5): his own is already up, packets
    still hide a card, or the other player's grace comes first."""
    if not grace_unused(state, mover):
        return f"player {mover}'s grace is already turned; a player has only one"
    if first_hidden(state, 1) or first_hidden(state, 2):
        return "a grace is turned only when no packet has a face-down top card left"
    return "player 1's grace comes first, then player 2's"


class Sympathie(Game):
    """Sympathie: a game of patience for two players, with no choices to make."""

    id = "sympathie"
    name = "Sympathie"
    aliases = ()
    players = 2
    packs = 2
    description = "Two players turn up their packets and pair twins; success if none stay hidden."
    verbs = frozenset({"turn", "grace"})

    def deal(self, number: int) -> State:
        """Each pack: seventeen packets of three consecutive cards, the 52nd card the grace."""
        piles: dict[str, Pile] = {}
        for player, seed in ((1, number), (2, second_number(number))):
            order = shuffled(pack(1), seed)
            for n, name in enumerate(packets(player)):
                piles[name] = Pile.face_down(order[3 * n : 3 * n + 3])
            piles[grace(player)] = Pile.face_down(order[51:52])
            piles[pairs(player)] = Pile()
        return make_state(self.id, number, piles, options=self.options)

    @remember_last
    def moves(self, state: State) -> tuple[Move, ...]:
        """The one action of the player to move: his next packet top, or his grace."""
        return self._legal(state)

    def _legal(self, state: State) -> tuple[Move, ...]:
        """The work of ``moves``."""
        mover = state.turn
        top = first_hidden(state, mover)
        if top:
            return (_TURNS[top],)
        if not first_hidden(state, other(mover)) and grace_due(state) == mover:
            return (GRACE,)
        return ()

    def play(self, state: State, move: Move) -> State:
        """Turn a card up; if its twin lies face up on the other side, withdraw both."""
        self.require(state, move)
        mover = state.turn
        name = move.args[0] if move.verb == "turn" else grace(mover)
        piles = state.piles
        card, mine = piles[name].pop()
        # The twin can only be on the other side, which turning this card does not change.
        twin = partner(state, card, mover)
        if twin is None:
            return settle(state.with_piles({name: piles[name].turned_up()}))
        _, theirs = piles[twin].pop()
        yours, others = pairs(mover), pairs(other(mover))
        return settle(
            state.with_piles(
                {
                    name: mine,
                    twin: theirs,
                    yours: piles[yours].push(card),
                    others: piles[others].push(card),
                }
            )
        )

    def outcome(self, state: State) -> Outcome:
        """Won when no card is left face down; lost when nothing more can be turned."""
        if first_hidden(state, 1) or first_hidden(state, 2):
            return Outcome.ONGOING  # a face-down top: not won, and a card can be turned
        if not any(False in pile.up for pile in state.piles.values()):
            return Outcome.WON
        if grace_due(state):
            return Outcome.ONGOING
        return Outcome.LOST

    def ending(self, state: State) -> str:
        """A failed deal says how many cards lie unturned (rule 6): the table shows
        face-down packets, and nothing else says that they are why it failed."""
        if self.outcome(state) is not Outcome.LOST:
            return ""
        hidden = sum(not up for pile in state.piles.values() for up in pile.up)
        cards = "card still lies" if hidden == 1 else "cards still lie"
        return f"{hidden} {cards} unturned, so Sympathie was not established (rule 6)."

    def safe(self, state: State) -> Move | None:
        """There is never more than one legal move, so it is always safe."""
        legal = self.moves(state)
        return legal[0] if legal else None

    def explain(self, state: State, move: Move) -> str:
        """Say whose turn it is and which card comes next."""
        if self.outcome(state).over:
            return f"the game is over: it is {self.outcome(state).value}"
        if move.verb not in self.verbs:
            return "in Sympathie the moves are 'turn' (a packet's top card) and 'grace'"
        mover = state.turn
        legal = self.moves(state)
        if move.verb == "grace":
            if move.args:
                return "'grace' is written alone: it turns the grace of the player to move"
            return _grace_refused(state, mover)
        name = move.args[0] if len(move.args) == 1 else ""
        if not move.args and legal and legal[0].verb == "grace":
            return (
                "no packet has a face-down top card left: "
                f"player {mover} turns his grace next ('grace')"
            )
        if name in (grace(1), grace(2)):
            return (
                "a grace is turned by itself ('grace'), once no packet of the players has "
                "a face-down top card left"
            )
        if name not in packets(1) + packets(2):
            return "'turn' names one packet, e.g. 'turn p1packet5'"
        if name not in packets(mover):
            return f"it is player {mover}'s turn, and each player turns only his own packets"
        if not state.piles[name]:
            return f"{name} is empty"
        if state.piles[name].top_up:
            return f"the top card of {name} is already face up"
        nxt = legal[0].args[0] if legal and legal[0].args else ""
        return f"the packets are turned in order: {nxt or 'the grace'} is next"

    def sections(self, state: State) -> tuple[Section, ...]:
        """Each player's packets, then his grace and the pairs he has laid aside."""
        return tuple(Section(f"Player {p}", (*packets(p), grace(p), pairs(p))) for p in (1, 2))

    def parse_move(self, state: State, text: str) -> Move:
        """Accept ``turn`` alone for the next packet, ``turn pNpacketK`` and ``grace``."""
        words = text.strip().lower().split()
        if words == ["turn"]:
            legal = self.moves(state)
            if legal and legal[0].verb == "turn":
                return legal[0]
        move = super().parse_move(state, text)
        if move.verb not in self.verbs:
            raise IllegalMove("in Sympathie the moves are 'turn' and 'grace'")
        return move
