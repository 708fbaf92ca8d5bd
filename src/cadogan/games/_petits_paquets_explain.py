"""Les Petits Paquets: the sentence that says which rule refuses a move."""

from __future__ import annotations

from cadogan.cards import Card, Rank
from cadogan.core import TRANSFER, Move, State
from cadogan.games import _petits_paquets_rules as r
from cadogan.games._petits_paquets_rules import EXILES, FOUNDATIONS, PACK, PACKETS, SPREAD


def _next(state: State, found: str) -> str:
    """What a foundation takes next, in words."""
    rank = r.wants(state, found)
    if rank is None:
        return f"{found} is complete"
    return f"{found} takes the {Card(Rank(rank), r.suit_of(found)).label} next"


def _follow(state: State, card: Card, found: str) -> str:
    return f"{card.label} does not follow on {found}: {_next(state, found)} (direction 1, Rule II)"


def _action(state: State, move: Move) -> str:
    """Refusals of deal, exile and redeal."""
    word = move.verb
    if move.args:
        return f"'{word}' takes nothing after it"
    if word == "deal":
        return "the pack is dealt out; it is dealt again only after a re-deal (direction 7)"
    if state.phase == "deal":
        if word == "redeal":
            return (
                "the pack is still being dealt; a re-deal comes only once it is out (direction 7)"
            )
        return (
            "the pack is still being dealt; the Exiles stay face down until it is out (direction 3)"
        )
    if state.piles[EXILES].top_up:
        return "the exile just turned up fits a foundation and must be played first (direction 5)"
    if r.anything_fits(state):
        what = "an exile is taken" if word == "exile" else "the packets are re-dealt"
        return f"{what} only when no available card fits a foundation (directions 5 and 7)"
    if word == "exile":
        return "no exiles are left; every one has been used (direction 6)"
    if not state.piles[EXILES].empty:
        return "every exile must be used before the packets are re-dealt (direction 7)"
    return "both re-deals have been used (direction 7)"


def _take(state: State, move: Move) -> str:
    """Refusals of ``take CARD foundN`` (a card of packet 13), and of ``take CARD upper
    foundN`` (its twin dealt later)."""
    upper = len(move.args) == 3 and move.args[1] == "upper"
    if len(move.args) != 2 and not upper:
        return "write take CARD foundN, e.g. take Qh found3, to play a card of packet 13"
    try:
        card = Card.parse(move.args[0])
    except ValueError as err:
        return str(err)
    if card not in state.piles[SPREAD].cards:
        return f"{card.label} is not in the thirteenth packet"
    target = move.args[-1]
    if target not in FOUNDATIONS:
        return "cards are played only to the foundations, found1 to found8"
    if upper and target in r.survey(state)[0].get(card, ()):  # the play fits: 'upper' not
        return (
            f"'upper' chooses between two {card.label}s in packet 13 with cards between "
            f"them while a re-deal is left; here 'take {card} {target}' is the only way"
        )
    return _follow(state, card, target)


def _exchange(state: State, source: str, target: str) -> str:
    """Refusals of a transfer between foundations (direction 8)."""
    if target != r.partner(source):
        return (
            f"a card may be exchanged only to the other foundation of its suit, {r.partner(source)}"
        )
    pile = state.piles[source]
    if len(pile) == 1:
        return "the king is only a marker and never moves (direction 1)"
    return _follow(state, pile.cards[-1], target) + "; exchanges move one card at a time"


def _transfer(state: State, move: Move, may_play: bool) -> str:
    """Refusals of ``source target`` card moves."""
    if len(move.args) != 2:
        return "a card move names two piles: where the card is, then the foundation"
    source, target = move.args
    if state.piles[EXILES].top_up and source != EXILES:
        return "the exile just turned up fits a foundation and must be played first (direction 5)"
    if source == PACK:
        return "cards leave the pack only by dealing ('deal')"
    if target not in FOUNDATIONS:
        return "cards are played only to the foundations, found1 to found8"
    if source == EXILES:
        if not state.piles[EXILES].top_up:
            return "the Exiles are face down; take one with 'exile' when nothing fits (direction 5)"
        return _follow(state, state.piles[EXILES].cards[-1], target)
    if not may_play:
        when = state.options.get("play_during_deal", "card")
        return f"with play_during_deal={when} no card is played at this point of the deal"
    if source in FOUNDATIONS:
        return _exchange(state, source, target)
    if source == SPREAD:
        return f"no card of the thirteenth packet fits {target}: {_next(state, target)}"
    top = state.piles[source].top if source in PACKETS else None
    if top is None:
        return f"{source} is empty"
    return _follow(state, top, target)


def refusal(state: State, move: Move, may_play: bool) -> str:
    """Why ``move`` is refused in ``state`` (the game is not over)."""
    if move.verb in ("deal", "exile", "redeal"):
        return _action(state, move)
    if move.verb == "take":
        if state.piles[EXILES].top_up:
            return (
                "the exile just turned up fits a foundation and must be played first (direction 5)"
            )
        if not may_play:
            when = state.options.get("play_during_deal", "card")
            return f"with play_during_deal={when} no card is played at this point of the deal"
        return _take(state, move)
    if move.verb == TRANSFER:
        return _transfer(state, move, may_play)
    return f"{move} is not a move of Les Petits Paquets"
