"""The Zodiac's rule tests, kept apart from the game class so both stay small.

Everything here reads a position and answers a rule question: which foundation a card
may be played on, whether one move is legal, and why a move is refused.  The move lists
and the loss test, written for speed, are in ``_zodiac_moves``.  Rules:
docs/rules/zodiac.md.
"""

from __future__ import annotations

from cadogan.cards import Card, Rank, Suit
from cadogan.core import TRANSFER, Move, Pile, State, marries

EQUATOR = tuple(f"equator{n}" for n in range(1, 9))
ZODIAC = tuple(f"zodiac{n}" for n in range(1, 25))
# The plate leaves four blank spaces above the Equator and four below: the upper row
# holds the aces building up to kings, the lower row the kings building down to aces.
ASCENDING = ("found1", "found2", "found3", "found4")
DESCENDING = ("found5", "found6", "found7", "found8")
FOUNDATIONS = ASCENDING + DESCENDING
TABLEAU = ZODIAC + EQUATOR
PACK = "pack"
TALON = "talon"
FULL = 13


def building(state: State) -> bool:
    """Phase two (the Play, last paragraph): the pack and the talon are both exhausted."""
    return state.piles[PACK].empty and state.piles[TALON].empty


def won(state: State) -> bool:
    """All 104 cards are on the eight foundations."""
    return all(len(state.piles[f]) == FULL for f in FOUNDATIONS)


def _started(state: State, row: tuple[str, ...]) -> set[Suit]:
    """The suits already begun in one row of foundations."""
    return {pile.cards[0].suit for f in row if (pile := state.piles[f]).cards}


def fits(state: State, card: Card, foundation: str) -> bool:
    """True if ``card`` may be played on ``foundation`` (Rule II: follow suit).

    An empty upper space takes an ace, an empty lower space a king, each of a suit not
    yet begun in its row: the book asks for one ace and one king of every suit.
    """
    ascending = foundation in ASCENDING
    top = state.piles[foundation].top
    if top is None:
        first = Rank.ACE if ascending else Rank.KING
        row = ASCENDING if ascending else DESCENDING
        return card.rank == first and card.suit not in _started(state, row)
    step = 1 if ascending else -1
    return card.suit == top.suit and card.rank - top.rank == step


def legal(state: State, move: Move) -> bool:
    """True if ``move`` is one that ``Zodiac.moves`` lists, checked directly and cheaply.

    The caller first makes sure the game is not over.
    """
    if move.verb in ("deal", "redeal"):
        if move.args or building(state):
            return False
        return bool(state.piles[PACK].cards) == (move.verb == "deal")
    if move.verb != TRANSFER or len(move.args) != 2:
        return False
    source, target = move.args
    if source not in state.piles or target not in state.piles:
        return False
    card = state.piles[source].top
    if card is None:
        return False
    if building(state):
        if target in FOUNDATIONS:
            return source in TABLEAU and fits(state, card, target)
        return source in EQUATOR and _marries_top(state, card, target)
    if source not in (TALON, *EQUATOR):
        return False
    if target in EQUATOR:
        return source == TALON and state.piles[target].empty
    return _marries_top(state, card, target)


def _marries_top(state: State, card: Card, target: str) -> bool:
    """True if ``target`` is a Zodiac packet whose top ``card`` marries (Rule I)."""
    top = state.piles[target].top if target in ZODIAC else None
    return top is not None and marries(card, top, "either")


def _pile_kind(name: str) -> str:
    """Which part of the layout a pile name belongs to."""
    for kind, names in (
        ("equator", EQUATOR),
        ("zodiac", ZODIAC),
        ("foundation", FOUNDATIONS),
        ("pack", (PACK,)),
        ("talon", (TALON,)),
    ):
        if name in names:
            return kind
    return "unknown"


def explain_action(state: State, move: Move) -> str:
    """Why ``deal`` or ``redeal`` is refused."""
    if move.args:
        return f"write just '{move.verb}'"
    if building(state):
        return "the pack and the talon are exhausted; now build the foundations"
    if move.verb == "deal":
        return "the pack is exhausted; redeal the talon to go on"
    return "the talon is turned over only when the pack is exhausted"


def explain_transfer(state: State, source: str, target: str) -> str:
    """Why a card transfer from ``source`` to ``target`` is refused, naming the rule."""
    src, dst = _pile_kind(source), _pile_kind(target)
    pile: Pile = state.piles[source]
    if src == "pack":
        return "deal the pack's top card onto the talon first; it may be used from there"
    if src == "foundation":
        return "cards on the foundations stay there"
    if pile.top is None:
        return f"{source} is empty"
    if dst in ("pack", "talon"):
        return "cards reach the talon only by dealing from the pack"
    if dst == "foundation":
        return _explain_play(state, pile.top, source, target)
    if dst == "equator":
        return _explain_refill(state, src, target)
    return _explain_marriage(state, pile.top, src, target)


def _explain_play(state: State, card: Card, source: str, target: str) -> str:
    """Why ``card`` cannot be played on the foundation ``target``."""
    if not building(state):
        return "no foundation is begun before the pack and the talon are exhausted"
    if source == TALON:
        return "the talon is exhausted"
    top = state.piles[target].top
    if top is not None:
        way = "up" if target in ASCENDING else "down"
        return f"{card.label} does not follow {top.label} on {target}, which builds {way} in suit"
    first = "an ace" if target in ASCENDING else "a king"
    return f"{target} is empty and takes only {first} of a suit not yet begun in its row"


def _explain_refill(state: State, src: str, target: str) -> str:
    """Why a card cannot go into the Equator space ``target``."""
    if src == "equator":
        return "two Equator cards never marry, and no card moves to another space (Rule I)"
    if src == "zodiac":
        return "a Zodiac card never leaves the ring except for a foundation (Rule I)"
    if not state.piles[target].empty:
        return "nothing is married onto the Equator; only an empty space may be refilled"
    return "emptied spaces are not refilled once the pack and talon are exhausted"


def _explain_marriage(state: State, card: Card, src: str, target: str) -> str:
    """Why ``card`` cannot be married onto the Zodiac packet ``target``."""
    if src == "zodiac":
        return "two Zodiac cards never marry one another (Rule I)"
    top = state.piles[target].top
    if top is None:
        return "an emptied Zodiac position is never refilled"
    return f"{card.label} does not marry {top.label}: same suit, one rank above or below (Rule I)"
