"""The Constitution's guidance for the solver's probes: how close a position is to a win.

Only steers the probes' search for a win (``Game.score``); no verdict depends on it, so
it needs no proof, only to be cheap.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from cadogan.core import State
from cadogan.core.facts import pile_facts
from cadogan.games._constitution_rules import FOLLOWS
from cadogan.games._constitution_text import FOUND, ROWS, TALON

PLAYED: Final = 24  # points per card on the Government
# Points for a card the Government wants next, by division (People .. Privy Council),
# when it is a top there; less for each card lying on it.
WANTED: Final = (1, 3, 6, 12)
# How many cards from the top of a pile can still earn points in each division above
# the People: a card under ``depth`` others earns ``worth - 2 * depth`` when that is
# positive.  In the People only a top earns (its one point).
UPPER: Final = tuple(
    zip(ROWS[1:], WANTED[1:], [(worth + 1) // 2 for worth in WANTED[1:]], strict=True)
)
# Every pile of the divisions and the talon, with its place for ``facts``: the
# division (0-3, the People up) or 4 for the talon.
PLACES: Final = tuple((row, name) for row, names in enumerate((*ROWS, (TALON,))) for name in names)


def score(state: State) -> int:
    """Cards on the Government first; then how near the cards they want next are.

    Each card the Government could take next (one above a foundation's top, in its
    suit) earns points by how high it lies, fewer for each card on top of it: those
    cards must go before it can be played.  Only the cards near enough a top to earn
    points are looked at (``UPPER``): the probes ask this of every position.
    """
    piles = state.piles
    founds = [piles[name].cards for name in FOUND]
    wanted = {FOLLOWS[cards[-1]] for cards in founds}  # what each foundation takes next
    total = PLAYED * sum(map(len, founds))
    for name in ROWS[0]:
        cards = piles[name].cards
        if cards and cards[-1] in wanted:
            total += WANTED[0]
    for names, worth, depths in UPPER:
        for name in names:
            for depth, card in enumerate(reversed(piles[name].cards)):
                if card in wanted:
                    total += worth - 2 * depth
                if depth + 1 == depths:
                    break
    return total


def facts(state: State, since: State | None = None) -> list[Hashable]:
    """Where each card of the divisions and the talon lies: its division (0-3 from the
    People up, 4 the talon) and the card it lies on (None at the bottom).

    For the best-first probe's novelty (``cadogan.solve.novelty``): a position that
    puts a card somewhere new, or on a card it never lay on, shows something new.
    Twins count as one card; the eight piles of a division as one place.  With
    ``since``, a pile that is the very same object there is left out: its facts were
    recorded with ``since`` (positions share the piles a move leaves alone).
    """
    return pile_facts(state, PLACES, since)
