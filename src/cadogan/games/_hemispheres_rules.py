"""The Hemispheres: layout names and the rule tests the game module is built from.

Kept apart from ``hemispheres.py`` so that each stays small.  Everything here is a pure
function of a State; rules are cited as the book numbers them (1914 text, plate p. 46).
Solving plays millions of moves, so the hot paths (``legal`` and ``allowed``) read
each pile once, look cards up in tables made at import, and hand out Move objects
made once; ``allowed`` answers for one move exactly as ``legal`` would for all.
"""

from __future__ import annotations

from typing import Final

from cadogan.cards import Card, Rank, pack
from cadogan.core import TRANSFER, Move, Pile, State, action, transfer

PACK: Final = "pack"
TALON: Final = "talon"
# The four barriers, named for their compass points on the plate (K♥ West, A♣ North,
# K♦ East, A♠ South).  Dealing starts from the K♥ and goes clockwise.
BARRIERS: Final = ("barrier_west", "barrier_north", "barrier_east", "barrier_south")
BARRIER_CARDS: Final = ("Kh", "Ac", "Kd", "As")
RACES: Final = ("european", "asiatic", "australian", "african")
NORTH_RACES: Final = frozenset({"european", "asiatic"})
# The twelve circle positions in dealing order: clockwise from the K♥, three per Race.
POSITIONS: Final = tuple(f"{race}{n}" for race in RACES for n in (1, 2, 3))
# found1-4 hold the red aces (ascending), found5-8 the black kings (descending); each
# suit has two foundations, found1/2, found3/4, found5/6, found7/8.
FOUNDATION_CARDS: Final = ("Ah", "Ah", "Ad", "Ad", "Kc", "Kc", "Ks", "Ks")
FOUNDATIONS: Final = tuple(f"found{n}" for n in range(1, 9))
TWINS: Final = (FOUNDATIONS[0:2], FOUNDATIONS[2:4], FOUNDATIONS[4:6], FOUNDATIONS[6:8])

# Consecutive marriages within the Races (circle to circle) are the only moves that can
# be undone, by marrying a card back and forth between twin cards.  An exhaustive search
# over every arrangement of one Race (tests/games/test_hemispheres.py repeats it on
# small ranks; ranks A-K give the same answer) finds that any arrangement reachable by
# such marriages is reachable in at most 3 of them, and the Races rearrange
# independently, so 4 x 3 = 12 in a row never cuts off a position.  The limit resets
# after any other move, each of which makes lasting progress, so every game ends
# (docs/rules/hemispheres.md, decision 11, gives both arguments in full).
RACE_MOVE_LIMIT: Final = 12
COUNTER: Final = "race_moves"


RACE_OF: Final = {p: p.rstrip("123") for p in POSITIONS}
NORTHERN: Final = frozenset(p for p in POSITIONS if RACE_OF[p] in NORTH_RACES)
SAME_RACE: Final = {
    p: tuple(q for q in POSITIONS if q != p and RACE_OF[q] == RACE_OF[p]) for p in POSITIONS
}
IN_CIRCLE: Final = frozenset(POSITIONS)
IN_FOUNDATIONS: Final = frozenset(FOUNDATIONS)
IN_BARRIERS: Final = frozenset(BARRIERS)
# Position index -> True for the North; and for each index the indices of its Race.
NORTH_AT: Final = tuple(p in NORTHERN for p in POSITIONS)
RACE_MATES: Final = tuple(tuple(POSITIONS.index(q) for q in SAME_RACE[p]) for p in POSITIONS)
# Each Race's three positions, in RACES order.
RACE_PILES: Final = tuple(tuple(p for p in POSITIONS if RACE_OF[p] == r) for r in RACES)


def race_marriage(move: Move) -> bool:
    """Whether ``move`` marries a card from one position of a Race onto another: the
    move decision 11 counts, where every other move (an end transfer across the equator
    included) starts the count again."""
    return move.verb == TRANSFER and move.args[1] in SAME_RACE.get(move.args[0], ())


def race(position: str) -> str:
    """The Race a circle position belongs to (``european2`` -> ``european``)."""
    return RACE_OF.get(position) or position.rstrip("123")


def north(position: str) -> bool:
    """True for the positions of the northern hemisphere (European and Asiatic)."""
    return position in NORTHERN


def hemisphere(position: str) -> str:
    """The hemisphere's name, for sentences."""
    return "North" if north(position) else "South"


def _step(card: Card, step: int) -> Card | None:
    rank = card.rank + step
    return Card.parse(Rank(rank).letter + card.suit.letter) if 1 <= rank <= 13 else None


ALL_CARDS: Final = pack(1)
RED: Final = {c: c.suit.red for c in ALL_CARDS}
# The card each card is built after on a foundation, and the card it marries onto in
# its own hemisphere: red goes up on foundations and down in the North, black the
# reverse, so both are the same neighbour: one higher for red, one lower for black.
AFTER: Final = {c: _step(c, 1 if c.red else -1) for c in ALL_CARDS}

# Every move the rules can offer, made once.
DEAL: Final = action("deal")
MOVES: Final = {
    (a, b): transfer(a, b)
    for a in (*POSITIONS, TALON, *BARRIERS)
    for b in (*POSITIONS, *FOUNDATIONS)
    if a != b
}
EXCHANGES: Final = {
    (n, s): action("exchange", n, s) for n in POSITIONS for s in POSITIONS if n in NORTHERN
}


def belongs(card: Card, position: str) -> bool:
    """Red cards belong in the North, black in the South."""
    return RED[card] == (position in NORTHERN)


def ended(state: State) -> bool:
    """True once every card is dealt and the talon is exhausted (Rules II and IV)."""
    return not state.piles[PACK].cards and not state.piles[TALON].cards


def available(state: State, position: str) -> Card | None:
    """A circle position's top card if it may be used: face up and in its hemisphere."""
    pile = state.piles[position]
    if not pile.cards or not pile.up[-1]:
        return None
    top = pile.cards[-1]
    return top if RED[top] == (position in NORTHERN) else None


def wrong(state: State, position: str) -> Card | None:
    """A circle position's top card if it lies in the wrong hemisphere (Rule I)."""
    cards = state.piles[position].cards
    if not cards:
        return None
    top = cards[-1]
    return None if RED[top] == (position in NORTHERN) else top


def needs(pile: Pile) -> Card | None:
    """The card a foundation takes next (Rule V: follow suit), or None when complete."""
    cards = pile.cards
    if not cards or len(cards) >= 13 or RED[cards[0]] != RED[cards[-1]]:
        return None
    return AFTER[cards[-1]]


def marriage_ok(card: Card, state: State, target: str) -> bool:
    """True if ``card`` may marry onto the top of circle position ``target``."""
    onto = available(state, target)
    return onto is not None and AFTER[card] is onto


def _circle(state: State) -> tuple[list[Card | None], list[int]]:
    """Per position, its usable top card (Rule I) or None; and the wrong positions."""
    usable: list[Card | None] = []
    wrongs: list[int] = []
    piles = state.piles
    for index, name in enumerate(POSITIONS):
        pile = piles[name]
        cards = pile.cards
        if not cards:
            usable.append(None)
            continue
        top = cards[-1]
        if RED[top] == NORTH_AT[index]:
            usable.append(top if pile.up[-1] else None)
        else:
            usable.append(None)
            wrongs.append(index)
    return usable, wrongs


def _wanted(state: State) -> dict[Card, list[str]]:
    """The foundations each card may be played on now (Rule V), by the card."""
    wanted: dict[Card, list[str]] = {}
    piles = state.piles
    for foundation in FOUNDATIONS:
        card = needs(piles[foundation])
        if card is not None:
            wanted.setdefault(card, []).append(foundation)
    return wanted


def _plays(state: State, usable: list[Card | None], done: bool) -> list[Move]:
    """Plays to the foundations: circle tops, the talon top, and at the end the barriers."""
    wanted = _wanted(state)
    out: list[Move] = []
    for index, card in enumerate(usable):
        if card is not None and card in wanted:
            source = POSITIONS[index]
            out += [MOVES[source, f] for f in wanted[card]]
    piles = state.piles
    sources = (TALON, *BARRIERS) if done else (TALON,)
    for source in sources:
        card = piles[source].top
        if card is not None and card in wanted:
            out += [MOVES[source, f] for f in wanted[card]]
    return out


def _talon_marriages(usable: list[Card | None], talon: Card | None) -> list[Move]:
    """Rule III: the talon's top card may marry onto any Race (in its own hemisphere)."""
    onto = AFTER[talon] if talon is not None else None
    if onto is None:
        return []
    return [MOVES[TALON, POSITIONS[i]] for i, card in enumerate(usable) if card is onto]


def _race_marriages(state: State, usable: list[Card | None]) -> list[Move]:
    """Rule III: a circle card may marry only onto another position of its own Race,
    and no more than RACE_MOVE_LIMIT times in a row (decision 11)."""
    if state.num(COUNTER) >= RACE_MOVE_LIMIT:
        return []
    out: list[Move] = []
    for index, card in enumerate(usable):
        if card is None:
            continue
        onto = AFTER[card]
        if onto is not None:
            source = POSITIONS[index]
            out += [MOVES[source, POSITIONS[j]] for j in RACE_MATES[index] if usable[j] is onto]
    return out


def _end_transfers(state: State, wrongs: list[int]) -> list[Move]:
    """Rule II: at the end a wrong card may move into an empty position of its own side."""
    piles = state.piles
    empty = [i for i, p in enumerate(POSITIONS) if not piles[p].cards]
    out: list[Move] = []
    for index in wrongs:
        # A wrong card belongs to the other hemisphere: the targets are its empties.
        source = POSITIONS[index]
        out += [MOVES[source, POSITIONS[j]] for j in empty if NORTH_AT[j] != NORTH_AT[index]]
    return out


def legal(state: State) -> tuple[Move, ...]:
    """Every legal move in a stable order, whether or not the game is already won.

    Plays, talon marriages, exchanges (Rule II), Race marriages, end transfers, deal."""
    piles = state.piles
    usable, wrongs = _circle(state)
    talon = piles[TALON].top
    more = bool(piles[PACK].cards)
    done = not more and talon is None
    out = _plays(state, usable, done) + _talon_marriages(usable, talon)
    if wrongs:
        northern = [POSITIONS[i] for i in wrongs if NORTH_AT[i]]
        southern = [POSITIONS[i] for i in wrongs if not NORTH_AT[i]]
        out += [EXCHANGES[n, s] for n in northern for s in southern]
    out += _race_marriages(state, usable)
    if done and wrongs:
        out += _end_transfers(state, wrongs)
    if more:
        out.append(DEAL)
    return tuple(out)


def allowed(state: State, move: Move) -> bool:
    """True exactly when ``legal(state)`` lists ``move``, checked for that move alone."""
    args = move.args
    if move.verb == "deal":
        return not args and bool(state.piles[PACK].cards)
    if len(args) != 2:
        return False
    source, target = args
    if move.verb == "exchange":
        return (
            source in NORTHERN
            and target in IN_CIRCLE
            and target not in NORTHERN
            and wrong(state, source) is not None
            and wrong(state, target) is not None
        )
    if move.verb != TRANSFER or source == target:
        return False
    if target in IN_FOUNDATIONS:
        return _playable(state, source, target)
    if target not in IN_CIRCLE:
        return False
    if source == TALON:
        top = state.piles[TALON].top
        return top is not None and marriage_ok(top, state, target)
    return source in IN_CIRCLE and _from_circle(state, source, target)


def _from_circle(state: State, source: str, target: str) -> bool:
    """A Race marriage (Rule III, within the limit) or, at the end, a transfer (Rule II)."""
    card = available(state, source)
    if card is not None:
        return (
            state.num(COUNTER) < RACE_MOVE_LIMIT
            and target in SAME_RACE[source]
            and marriage_ok(card, state, target)
        )
    card = wrong(state, source)
    return (
        card is not None
        and ended(state)
        and not state.piles[target].cards
        and belongs(card, target)
    )


def _playable(state: State, source: str, foundation: str) -> bool:
    """True if the card on ``source`` may be played now onto ``foundation``."""
    if source in IN_CIRCLE:
        card = available(state, source)
    elif source == TALON or (source in IN_BARRIERS and ended(state)):
        card = state.piles[source].top
    else:
        return False
    return card is not None and card is needs(state.piles[foundation])
