"""The Hemispheres: layout names and the rule tests the game module is built from.

Kept apart from ``hemispheres.py`` so that each stays small.  Everything here is a pure
function of a State; rules are cited as the book numbers them (1914 text, plate p. 46).
"""

from __future__ import annotations

from cadogan.cards import Card, Rank
from cadogan.core import Move, Pile, State, action, transfer

PACK = "pack"
TALON = "talon"
# The four barriers, named for their compass points on the plate (K♥ West, A♣ North,
# K♦ East, A♠ South).  Dealing starts from the K♥ and goes clockwise.
BARRIERS = ("barrier_west", "barrier_north", "barrier_east", "barrier_south")
BARRIER_CARDS = ("Kh", "Ac", "Kd", "As")
RACES = ("european", "asiatic", "australian", "african")
NORTH_RACES = frozenset({"european", "asiatic"})
# The twelve circle positions in dealing order: clockwise from the K♥, three per Race.
POSITIONS = tuple(f"{race}{n}" for race in RACES for n in (1, 2, 3))
# found1-4 hold the red aces (ascending), found5-8 the black kings (descending); each
# suit has two foundations, found1/2, found3/4, found5/6, found7/8.
FOUNDATION_CARDS = ("Ah", "Ah", "Ad", "Ad", "Kc", "Kc", "Ks", "Ks")
FOUNDATIONS = tuple(f"found{n}" for n in range(1, 9))
TWINS = (FOUNDATIONS[0:2], FOUNDATIONS[2:4], FOUNDATIONS[4:6], FOUNDATIONS[6:8])

# Consecutive marriages within the Races (circle to circle) are the only moves that can
# be undone, by marrying a card back and forth between twin cards.  An exhaustive search
# over every arrangement of one Race (tests/games/test_hemispheres.py repeats it on
# small ranks) finds that any arrangement reachable by such marriages is reachable in
# at most 3 of them, so 4 x 3 = 12 in a row never cuts off a useful line.  The limit
# resets after any other move, and it makes every game end.
RACE_MOVE_LIMIT = 12
COUNTER = "race_moves"


RACE_OF = {p: p.rstrip("123") for p in POSITIONS}
NORTHERN = frozenset(p for p in POSITIONS if RACE_OF[p] in NORTH_RACES)
SAME_RACE = {
    p: tuple(q for q in POSITIONS if q != p and RACE_OF[q] == RACE_OF[p]) for p in POSITIONS
}


def race(position: str) -> str:
    """The Race a circle position belongs to (``european2`` -> ``european``)."""
    return RACE_OF.get(position) or position.rstrip("123")


def north(position: str) -> bool:
    """True for the positions of the northern hemisphere (European and Asiatic)."""
    return position in NORTHERN


def hemisphere(position: str) -> str:
    """The hemisphere's name, for sentences."""
    return "North" if north(position) else "South"


def belongs(card: Card, position: str) -> bool:
    """Red cards belong in the North, black in the South."""
    return card.suit.red == (position in NORTHERN)


def ended(state: State) -> bool:
    """True once every card is dealt and the talon is exhausted (Rules II and IV)."""
    return state.piles[PACK].empty and state.piles[TALON].empty


def available(state: State, position: str) -> Card | None:
    """A circle position's top card if it may be used: face up and in its hemisphere."""
    pile = state.piles[position]
    top = pile.top
    if top is None or not pile.top_up or not belongs(top, position):
        return None
    return top


def wrong(state: State, position: str) -> Card | None:
    """A circle position's top card if it lies in the wrong hemisphere (Rule I)."""
    top = state.piles[position].top
    return top if top is not None and not belongs(top, position) else None


def _step(card: Card, step: int) -> Card | None:
    rank = card.rank + step
    return Card.parse(Rank(rank).letter + card.suit.letter) if 1 <= rank <= 13 else None


ALL_CARDS = tuple(Card.parse(r + s) for s in "cdhs" for r in "A23456789TJQK")
# The card each card is built after on a foundation, and the card it marries onto in
# its own hemisphere: red goes up on foundations and down in the North, black the
# reverse, so both are the same neighbour: one higher for red, one lower for black.
AFTER = {c: _step(c, 1 if c.red else -1) for c in ALL_CARDS}
BEFORE = {c: _step(c, -1 if c.red else 1) for c in ALL_CARDS}


def needs(pile: Pile) -> Card | None:
    """The card a foundation takes next (Rule V: follow suit), or None when complete."""
    top = pile.top
    if top is None or len(pile) >= 13 or pile.cards[0].red != top.red:
        return None
    return AFTER[top]


def marriage_ok(card: Card, state: State, target: str) -> bool:
    """True if ``card`` may marry onto the top of circle position ``target``."""
    onto = available(state, target)
    return onto is not None and AFTER[card] == onto


def _usable(state: State) -> dict[str, Card]:
    """The usable top card of each circle position (Rule I)."""
    out = {}
    for position in POSITIONS:
        card = available(state, position)
        if card is not None:
            out[position] = card
    return out


def plays(state: State, usable: dict[str, Card]) -> list[Move]:
    """Plays to the foundations: circle tops, the talon top, and at the end the barriers."""
    wanted: dict[Card, list[str]] = {}
    for foundation in FOUNDATIONS:
        card = needs(state.piles[foundation])
        if card is not None:
            wanted.setdefault(card, []).append(foundation)
    sources = [(p, usable.get(p)) for p in POSITIONS] + [(TALON, state.piles[TALON].top)]
    if ended(state):
        sources += [(b, state.piles[b].top) for b in BARRIERS]
    out = []
    for source, card in sources:
        if card is not None and card in wanted:
            out += [transfer(source, f) for f in wanted[card]]
    return out


def talon_marriages(state: State, usable: dict[str, Card]) -> list[Move]:
    """Rule III: the talon's top card may marry onto any Race (in its own hemisphere)."""
    card = state.piles[TALON].top
    if card is None:
        return []
    onto = AFTER[card]
    return [transfer(TALON, p) for p in POSITIONS if onto is not None and usable.get(p) == onto]


def race_marriages(state: State, usable: dict[str, Card]) -> list[Move]:
    """Rule III: a circle card may marry only onto another position of its own Race."""
    if state.num(COUNTER) >= RACE_MOVE_LIMIT:
        return []
    out = []
    for source, card in usable.items():
        onto = AFTER[card]
        if onto is not None:
            out += [transfer(source, t) for t in SAME_RACE[source] if usable.get(t) == onto]
    return out


def exchanges(state: State) -> list[Move]:
    """Rule II: a wrong card in the North swaps with a wrong card in the South."""
    northern = [p for p in POSITIONS if p in NORTHERN and wrong(state, p)]
    southern = [p for p in POSITIONS if p not in NORTHERN and wrong(state, p)]
    return [action("exchange", n, s) for n in northern for s in southern]


def end_transfers(state: State) -> list[Move]:
    """Rule II: at the end a wrong card may move into an empty position of its own side."""
    if not ended(state):
        return []
    empty = [p for p in POSITIONS if state.piles[p].empty]
    out = []
    for source in POSITIONS:
        card = wrong(state, source)
        if card is not None:
            out += [transfer(source, t) for t in empty if belongs(card, t)]
    return out


def legal(state: State) -> tuple[Move, ...]:
    """Every legal move in a stable order, whether or not the game is already won."""
    usable = _usable(state)
    deal = [action("deal")] if not state.piles[PACK].empty else []
    return tuple(
        plays(state, usable)
        + talon_marriages(state, usable)
        + exchanges(state)
        + race_marriages(state, usable)
        + end_transfers(state)
        + deal
    )
