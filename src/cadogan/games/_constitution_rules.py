"""The Constitution's move rules, written for speed: the solver asks them millions of times.

Pure functions of a State.  ``free_moves`` and ``fills`` list the legal moves (rules
I-V); ``allowed`` answers for one move exactly as those lists would; ``play_move``
plays one; ``won`` tests for a win; ``key_bytes`` packs a position into a compact
canonical key.  (Kept here, out of the Game class, so that ``cadogan compile`` compiles
them with the rest of this module.)  Card facts (what each card goes on)
are looked up in tables made at import, and every Move is made once.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Final

from cadogan.cards import Card, Rank, Suit, pack
from cadogan.core import TRANSFER, Move, Pile, State, action, transfer
from cadogan.core.encode import encoded, encoded_group
from cadogan.games._constitution_text import COUNCIL, FOUND, NO_VACANCY, PACK, ROW_OF, ROWS, TALON

DEAL: Final = action("deal")
# Every card move the rules can offer: from each pile of a division to each pile of the
# division above, from the Privy Council to each foundation, and talon or pack to People.
MOVES: Final = {
    (source, target): transfer(source, target)
    for lower, upper in pairwise((*ROWS, FOUND))
    for source in lower
    for target in upper
} | {(source, target): transfer(source, target) for source in (TALON, PACK) for target in ROWS[0]}
IN_FOUND: Final = frozenset(FOUND)
IN_COUNCIL: Final = frozenset(COUNCIL)

ALL_CARDS: Final = pack(1)
ACES: Final = tuple(c for c in ALL_CARDS if c.rank == Rank.ACE)
# Rule VI: the card a foundation takes after each card (same suit, one higher).
FOLLOWS: Final = {
    c: Card(Rank(c.rank + 1), c.suit) if c.rank < Rank.KING else None for c in ALL_CARDS
}
# Rule IV: the two cards that may be placed on each card (one lower, other colour).
TAKES: Final = {
    c: tuple(Card(Rank(c.rank - 1), s) for s in Suit if s.red != c.red) if c.rank > 1 else ()
    for c in ALL_CARDS
}


# For each division below the Council: its piles, the piles of the division above, and
# the move from each of its piles (row) to each pile above (column).
CLIMBS: Final = tuple(
    (lower, upper, tuple(tuple(MOVES[s, t] for t in upper) for s in lower))
    for lower, upper in pairwise(ROWS)
)


def _plays(state: State) -> list[Move]:
    """Rule I and VI: Privy Council tops onto foundations that follow suit."""
    piles = state.piles
    wanted: dict[Card, list[str]] = {}
    for found in FOUND:
        cards = piles[found].cards
        # An empty foundation (never so in play: the aces are laid out) takes an ace.
        for card in (FOLLOWS[cards[-1]],) if cards else ACES:
            if card is not None:
                if card in wanted:
                    wanted[card].append(found)
                else:
                    wanted[card] = [found]
    result: list[Move] = []
    for council in COUNCIL:
        cards = piles[council].cards
        if cards and cards[-1] in wanted:
            result += [MOVES[council, found] for found in wanted[cards[-1]]]
    return result


def free_moves(state: State) -> tuple[Move, ...]:
    """With no vacancy open: plays (rule I), builds one division up (II-IV), then deal.

    Written for speed (the solver lists the moves of most positions it meets): each
    upper division is indexed by the cards its tops accept, and the moves come from a
    table, in the order source pile first, then target pile."""
    piles = state.piles
    result = _plays(state)
    for lower, upper, table in CLIMBS:
        wanted: dict[Card, list[int]] = {}
        for column, target in enumerate(upper):
            cards = piles[target].cards
            if cards:
                for taken in TAKES[cards[-1]]:
                    if taken in wanted:
                        wanted[taken].append(column)
                    else:
                        wanted[taken] = [column]
        if not wanted:
            continue
        for row, source in enumerate(lower):
            cards = piles[source].cards
            if cards:
                columns = wanted.get(cards[-1])
                if columns is not None:
                    moves = table[row]
                    result += [moves[column] for column in columns]
    if piles[PACK].cards:
        result.append(DEAL)
    return tuple(result)


WHOLE_FOUNDATION: Final = int(Rank.JACK)  # an ace and its ten successors, 2 to the knave


def won(state: State) -> bool:
    """Won with every foundation built up to its knave."""
    piles = state.piles
    if piles[PACK].cards:
        return False  # a quick answer for most positions: a won game has no pack
    return all(len(piles[name].cards) == WHOLE_FOUNDATION for name in FOUND)


def play_move(state: State, move: Move) -> State:
    """The position after ``move``, which ``allowed`` has accepted: turn the next pack
    card onto the talon, or move one card and open any vacancy (rule V)."""
    piles = state.piles
    if move.verb == "deal":
        card, rest = piles[PACK].pop()
        after = piles.update({PACK: rest, TALON: piles[TALON].push(card)})
        return State(
            state.game, state.deal, after, state.phase, state.vars, state.turn, state.options
        )
    source, target = move.args
    card, rest = piles[source].pop()
    after = piles.update({source: rest, target: piles[target].push(card, up=True)})
    vacancy = NO_VACANCY
    if not rest.cards and source in ROW_OF and can_fill(after, source):
        # Rule V cascades: emptying a pile of the Constitution opens a vacancy that
        # must be filled from the division below.  When nothing can fill it (the row
        # below is empty, or the talon and pack are spent) it stays empty for good.
        vacancy = source
    counters = state.vars
    if counters.get("vacancy") != vacancy:
        counters = counters.update({"vacancy": vacancy})
    return State(state.game, state.deal, after, state.phase, counters, state.turn, state.options)


def can_fill(piles: Mapping[str, Pile], vacancy: str) -> bool:
    """True if some card could fill ``vacancy`` (rule V): the row below, or for the
    People the talon or the pack, still holds a card."""
    row = ROW_OF[vacancy]
    below = (TALON, PACK) if row == 0 else ROWS[row - 1]
    return any(piles[name].cards for name in below)


def fills(state: State, vacancy: str) -> tuple[Move, ...]:
    """Rule V: the cards that may fill ``vacancy``: any top of the division below it.

    A People vacancy takes the talon's top, or the pack's when there is no talon.
    """
    piles = state.piles
    row = ROW_OF[vacancy]
    if row == 0:
        for source in (TALON, PACK):
            if piles[source].cards:
                return (MOVES[source, vacancy],)
        return ()
    return tuple(MOVES[s, vacancy] for s in ROWS[row - 1] if piles[s].cards)


def allowed(state: State, move: Move) -> bool:
    """True exactly when the legal moves (``fills`` or ``free_moves``) list ``move``."""
    vacancy = str(state.var("vacancy"))
    if vacancy != NO_VACANCY:
        return move in fills(state, vacancy)
    args = move.args
    if move.verb == "deal":
        return not args and bool(state.piles[PACK].cards)
    if move.verb != TRANSFER or len(args) != 2:
        return False
    source, target = args
    piles = state.piles
    if target in IN_FOUND:
        if source not in IN_COUNCIL:
            return False
        card, top = piles[source].top, piles[target].top
        return card is not None and (card in ACES if top is None else card is FOLLOWS[top])
    lower, upper = ROW_OF.get(source), ROW_OF.get(target)
    if lower is None or upper is None or upper != lower + 1:
        return False
    card, onto = piles[source].top, piles[target].top
    return card is not None and onto is not None and card in TAKES[onto]


def key_bytes(state: State) -> bytes:
    """A compact key merging interchangeable piles (see ``Constitution.key``).

    The talon and the pack come first, each led by its count, so that ``layout_of``
    can cut them off cheaply."""
    piles = state.piles
    parts = [encoded(piles[TALON].cards), encoded(piles[PACK].cards)]
    parts += [encoded_group(tuple([piles[name].cards for name in row])) for row in ROWS]
    vacancy = ROW_OF.get(str(state.var("vacancy")), -1)
    founds = sorted(piles[f].cards[0].suit * 32 + len(piles[f].cards) for f in FOUND)
    return b"".join(parts) + bytes((vacancy + 1, *founds))


def layout_of(key: bytes) -> bytes:
    """The part of a ``key_bytes`` key after the talon and the pack: the divisions, the
    open vacancy's division and the Government."""
    start = 1 + key[0]  # past the talon's count and cards
    return key[start + 1 + key[start] :]  # past the pack's count and cards
