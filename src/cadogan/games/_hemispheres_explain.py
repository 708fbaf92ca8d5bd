"""The Hemispheres: why a move is refused, in a sentence that names the rule."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cadogan.cards import Card, Rank
from cadogan.core import TRANSFER, Move, State
from cadogan.games._hemispheres_rules import (
    BARRIERS,
    COUNTER,
    FOUNDATIONS,
    PACK,
    POSITIONS,
    RACE_MOVE_LIMIT,
    RACE_PILES,
    TALON,
    available,
    belongs,
    ended,
    hemisphere,
    marriage_ok,
    needs,
    north,
    race,
    race_marriage,
    wrong,
)

FORM = "write a move as two pile names, as 'deal', or as 'exchange X Y'"
VACANCY = (
    "a vacancy in the Races is filled only by the next card of the pack, or at the end "
    "by transferring a card of the wrong colour into it"
)


def explain(state: State, move: Move) -> str:
    """The reason ``move`` is refused in ``state`` (which is not over)."""
    if move.verb == "deal":
        if move.args:
            return "'deal' takes no pile: it always turns the top card of the pack"
        return "the pack is exhausted; there is no re-deal"
    if move.verb == "exchange":
        return _exchange(state, move.args)
    if move.verb != TRANSFER or len(move.args) != 2:
        return FORM
    source, target = move.args
    if source not in state.piles or target not in state.piles:
        return FORM
    if source == target:
        return "a card cannot move onto its own pile"
    return _from(state, source, target)


def _exchange(state: State, args: tuple[str, ...]) -> str:
    if len(args) != 2 or not all(a in POSITIONS for a in args):
        return "an exchange names two circle positions, e.g. 'exchange european1 african2'"
    first, second = args
    if north(first) == north(second):
        return "Rule II: an exchange swaps a card of the North with a card of the South"
    if not north(first):
        return f"write the northern position first: 'exchange {second} {first}'"
    for position in args:
        if wrong(state, position) is None:
            return f"Rule II: only cards in the wrong hemisphere are exchanged; {position} is not"
    return "that exchange is not possible here"


def _from(state: State, source: str, target: str) -> str:
    """Refusals that depend on where the card comes from."""
    if source in FOUNDATIONS:
        return "cards played to the foundations stay there"
    if source == PACK:
        return "the pack is turned one card at a time: type 'deal'"
    if target in (PACK, TALON) or target in BARRIERS:
        return f"nothing may be placed on the {_kind(target)}"
    if source in BARRIERS and not ended(state):
        return "Rule IV: the barriers stay until every card is dealt and the talon is used up"
    if source in BARRIERS and target not in FOUNDATIONS:
        return "Rule IV: a barrier goes only to a foundation of its suit, to finish it"
    card = state.piles[source].top
    if card is None:
        return f"there is no card on {source}"
    if source in POSITIONS and not belongs(card, source):
        return _wrong_card(state, card, source, target)
    if target in FOUNDATIONS:
        return _foundation(state, card, target)
    return _marriage(state, card, source, target)


def _kind(pile: str) -> str:
    return "barriers" if pile in BARRIERS else pile


def _wrong_card(state: State, card: Card, source: str, target: str) -> str:
    if target in POSITIONS and state.piles[target].empty and belongs(card, target):
        return (
            "Rule II: a card of the wrong colour may be transferred without an exchange only "
            "once the pack and the talon are both used up"
        )
    if ended(state) and target in POSITIONS:
        return (
            "Rule II: at the end a card of the wrong colour may be transferred only into an "
            f"empty position of its own hemisphere ({'North' if card.red else 'South'})"
        )
    return (
        f"Rule I: {card.label} lies in the wrong hemisphere ({hemisphere(source)}) and cannot "
        "be used until it is exchanged or, at the end, transferred"
    )


def _foundation(state: State, card: Card, target: str) -> str:
    wanted = needs(state.piles[target])
    if wanted is None:
        return f"{target} is complete"
    if card.suit != wanted.suit:
        return f"Rule V: the foundations follow suit; {target} needs the {wanted.label}"
    way = "up from the ace" if card.red else "down from the king"
    return f"{target} builds {way} in sequence (Play 1) and needs the {wanted.label} next"


def _marriage(state: State, card: Card, source: str, target: str) -> str:
    if state.piles[target].empty:
        return VACANCY
    onto = state.piles[target].top
    assert onto is not None
    if available(state, target) is None:
        return f"Rule I: nothing may be married onto {onto.label}, which is in the wrong hemisphere"
    if source in POSITIONS and race(source) != race(target):
        return (
            "Rule III: a card of the circle may marry only within its own Race; "
            "only talon cards may marry onto any Race"
        )
    if not marriage_ok(card, state, target):
        return _direction(onto, target)
    if state.num(COUNTER) >= RACE_MOVE_LIMIT:
        return (
            f"{RACE_MOVE_LIMIT} marriages within the Races in a row is the limit (no longer "
            "rearrangement is ever needed); play, exchange or deal first"
        )
    return f"{source} {target} is not a legal move here"


def _direction(onto: Card, target: str) -> str:
    step = -1 if north(target) else 1
    rank = onto.rank + step
    way = "red cards marry descending" if north(target) else "black cards marry ascending"
    if not Rank.ACE <= rank <= Rank.KING:
        return f"Note: in the {hemisphere(target)} {way}; nothing marries onto {onto.label}"
    wanted = Card(Rank(rank), onto.suit)
    return (
        f"Note: in the {hemisphere(target)} {way}; only a {wanted.label} marries onto {onto.label}"
    )


RACE_SEARCH_CAP = 5_000  # arrangements of one Race looked at before answering "it may help"


def marriages_could_help(
    state: State, legal: Callable[[State], Sequence[Move]], play: Callable[[State, Move], State]
) -> bool:
    """Whether some arrangement of the Races that more Race marriages reach (the count
    of decision 11 aside) has a move of another kind: the question behind a game lost at
    the limit, where undoing marriages helps only if this is so.

    ``legal`` and ``play`` are the game's.  Each Race is searched alone, the others
    left as they are: a move of another kind needs only one Race's arrangement (a
    card on top to play home, or an empty position for a transfer), the rest being
    what Race marriages never change (the wrong cards, the foundations), so a Race
    whose arrangements open nothing cannot open anything with another's help.  The
    search remembers each arrangement and answers True, the hopeful answer, if a Race
    has more than ``RACE_SEARCH_CAP`` of them.
    """
    start = state.with_vars(**{COUNTER: 0})
    return any(_race_could_help(start, mine, legal, play) for mine in RACE_PILES)


def _race_could_help(
    start: State,
    mine: tuple[str, ...],
    legal: Callable[[State], Sequence[Move]],
    play: Callable[[State, Move], State],
) -> bool:
    """``marriages_could_help`` for the marriages within one Race (its positions
    ``mine``) alone."""
    seen = {tuple(start.piles[p].cards for p in mine)}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for move in legal(here):
            if not race_marriage(move):
                return True
            if move.args[0] not in mine:
                continue
            after = play(here, move).with_vars(**{COUNTER: 0})
            arrangement = tuple(after.piles[p].cards for p in mine)
            if arrangement not in seen:
                if len(seen) >= RACE_SEARCH_CAP:
                    return True
                seen.add(arrangement)
                frontier.append(after)
    return False
