"""Napoleon's Square: the solver's proof that a position is lost (``dead``).

Under the book's rules a king in a packet can leave it only for a foundation: a king
marries onto nothing, and a packet card never goes into a space (Rule II).  So every
card beneath such a king stays there until the king has been played, and the counting
arguments below follow.  Modern rules move a king into a space with its run, so none of
this applies to them.  The talon's test, which counts spaces, is in
``_napoleons_square_space``.  Rules and proofs: docs/rules/napoleons-square.md.
"""

from __future__ import annotations

from typing import Final

from cadogan.cards import Rank, Suit
from cadogan.core import State
from cadogan.games._napoleons_square_rules import FOUND, PACK, PACKETS
from cadogan.games._napoleons_square_space import space_dead

LATE: Final = 12  # the talon's test runs once the pack holds at most this many cards


def dead(state: State) -> bool:
    """True when some suit's kings prove the position lost (book rules, play phase).

    For each suit, look at its kings lying in packets with a lower card of their suit
    beneath them ("blocking" kings).  A blocking king must be the FIRST king of its suit
    played: the second king played needs every other card of its suit on the
    foundations (the first foundation is then complete, and its own foundation needs the
    other copy of each rank), including the lower card still beneath it.  Hence:

    1. two blocking kings of one suit: both would have to be first (the Note);
    2. a blocking king whose twin is already on a foundation: it would be second;
    3. a blocking king needs one copy of each rank, ace to queen, of its suit on its
       foundation before it goes, and nothing beneath it can be there by then: if
       both copies of some rank lie beneath it, it can never be played.

    The kings' tests are cheap and come first; then the talon's, which counts spaces
    (:func:`space_dead`), once at most ``LATE`` cards are left in the pack.  It costs
    about a quarter of a millisecond, and earlier in the game it rarely pays for itself:
    from the deal the search then wins fewer deals in 10 s.  Leaving it out only ever
    answers "not proved lost", which is always sound.
    """
    if state.phase != "play":
        return False  # the Note's remedy is still to move a king
    if kings_dead(state):
        return True
    return len(state.piles[PACK].cards) <= LATE and space_dead(state)


def kings_dead(state: State) -> bool:
    """Rules 1-3 of :func:`dead`, for every suit."""
    piles = state.piles
    kings: dict[Suit, list[tuple[int, str]]] = {}
    for name in PACKETS:
        for i, card in enumerate(piles[name].cards):
            if card.rank == Rank.KING:
                kings.setdefault(card.suit, []).append((i, name))
    return any(_suit_dead(state, suit, places) for suit, places in kings.items())


def _suit_dead(state: State, suit: Suit, places: list[tuple[int, str]]) -> bool:
    """Rules 1-3 of :func:`dead` for one suit's kings lying in packets."""
    piles = state.piles
    beneath: list[list[int]] = []  # per king: ranks of its suit lying beneath it
    blocking = 0
    for index, name in places:
        ranks = [c.rank for c in piles[name].cards[:index] if c.suit == suit]
        beneath.append([r for r in ranks if r < Rank.KING])
        blocking += bool(beneath[-1])
    if blocking == 0:
        return False
    if blocking == 2:
        return True  # rule 1
    if any(
        (top := piles[f].top) is not None and top.suit == suit and top.rank == Rank.KING
        for f in FOUND
    ):
        return True  # rule 2
    buried = [r for ranks in beneath for r in ranks]  # rule 3 (one king has any)
    return any(buried.count(r) == 2 for r in set(buried))
