"""The Hemispheres: the solver's table key, and the probes' score and facts.

Split from ``_hemispheres_solve`` (the dead-position proofs) to keep modules small.
The key is a pruning rule (it merges positions), proved below and in
docs/rules/hemispheres.md ("The solver's pruning"); the score only steers the probes.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from cadogan.core import State
from cadogan.core.encode import encoded, encoded_group
from cadogan.core.facts import pile_facts
from cadogan.games._hemispheres_rules import (
    BARRIERS,
    COUNTER,
    FOUNDATIONS,
    NORTH_AT,
    PACK,
    POSITIONS,
    RACE_MOVE_LIMIT,
    RACE_OF,
    RACE_PILES,
    RED,
    TALON,
    TWINS,
)
from cadogan.games._hemispheres_solve import CODE, WIDTH


def key(state: State) -> bytes:
    """A compact table key merging positions that are equally winnable.

    - The two foundations of a suit are interchangeable (both hold the suit from the
      same first card): each pair is given as its two heights, sorted.
    - Within a Race the three positions are interchangeable: every rule treats the
      positions of one Race alike (marriages within the Race, talon marriages and
      exchanges by hemisphere, transfers into any empty position of the hemisphere),
      except the order in which vacancies are refilled; but vacancies are refilled
      clockwise and a Race's positions are consecutive, so whether the next card goes
      into a Race depends only on which Races have a vacancy, and within the Race the
      card makes the same set of piles whichever vacancy it takes.  So each Race is
      given as its three piles sorted.
    - The pack only ever loses its top card, so within one search (one starting
      position) its length names it.
    - The barriers still standing, and the count of Race marriages in a row (all
      counts from the limit up alike).  Every circle card is face up.
    """
    piles = state.piles
    parts: list[bytes] = []
    for first, second, third in RACE_PILES:
        # Remembered per Race: a move changes at most two Races.
        parts.append(encoded_group((piles[first].cards, piles[second].cards, piles[third].cards)))
    west, north, east, south = (piles[name].cards for name in BARRIERS)
    barriers = (1 if west else 0) | (2 if north else 0) | (4 if east else 0) | (8 if south else 0)
    tail = [len(piles[PACK].cards), min(state.num(COUNTER), RACE_MOVE_LIMIT), barriers]
    for first, second in TWINS:
        a, b = len(piles[first].cards), len(piles[second].cards)
        tail += (a, b) if a <= b else (b, a)
    parts.append(encoded(piles[TALON].cards))
    return b"".join(parts) + bytes(tail)


# The key's last bytes: the pack's length, the count, the barriers, the twin heights.
COUNT_FROM_END: Final = 2 + 2 * len(TWINS)


def graded(found: bytes) -> tuple[bytes, int]:
    """``key`` split into the exhaustive search's table key and its grade: the count of
    Race marriages in a row.  A lower count dominates: the count bars a Race marriage
    only at the limit (decision 11), a Race marriage adds one and every other move
    sets it to 0, so from the same position with a lower count every line of moves
    is legal too and reaches the same positions with counts no higher."""
    at = len(found) - COUNT_FROM_END
    return found[:at] + found[at + 1 :], found[at]


def score(state: State) -> int:
    """Progress for the probes (steering only, no soundness concern).

    Cards home count most.  A talon card is a burden, and more so when it sits on a
    card of its suit at least two places lower in building order: the lower card must
    usually leave first, so such a pair tends to lock the talon.  Empty circle
    positions are good (the next cards dealt go there rather than on the talon), and
    a wrong-coloured circle card is bad (it blocks its position until exchanged).
    The terms were found with a beam search over deals 1-12 (it wins deals 4 and 9
    with them, none with cards home alone); the weights were then tried on the
    solver's probes (which win deal 4 with these, not with nearby ones).
    """
    piles = state.piles
    home = sum(len(piles[f].cards) for f in FOUNDATIONS)
    talon = piles[TALON].cards
    empty = wrong = 0
    for slot, name in enumerate(POSITIONS):
        cards = piles[name].cards
        if not cards:
            empty += 1
        elif RED[cards[0]] != NORTH_AT[slot]:
            wrong += 1
    locks = 0
    seen = [0] * (4 * WIDTH)  # talon cards below, by code
    for c in talon:
        code = CODE[c]
        base = code - code % WIDTH
        if code - 2 >= base:
            locks += sum(seen[base : code - 1])
        seen[code] += 1
    return 4 * home - 4 * len(talon) + 3 * empty - 2 * (wrong + locks) - len(piles[PACK].cards)


PLACES: Final = (*((RACE_OF[p], p) for p in POSITIONS), (TALON, TALON))


def facts(state: State, since: State | None = None) -> list[Hashable]:
    """Where each card of the circle and the talon lies: its Race (the three positions
    of a Race are alike, as in the key) or the talon, and the card under it (None at
    the bottom).

    For the beam's novelty (``Game.beam_novelty``; steering only): a position that puts
    a card onto a talon card it never lay on, or into a Race or onto a card where it
    never lay, differs from the positions kept before it in a way the score cannot see.
    Twins count as one card."""
    return pile_facts(state, PLACES, since)
