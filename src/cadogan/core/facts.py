"""Facts of a position for the solver's novelty (``Game.facts``): where each card lies.

Shared by the games that weigh novelty, so that each only says which piles count and
which of them are one place.  Steering only: no verdict rests on a fact.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from cadogan.cards import Card
from cadogan.core.state import State


def pile_facts(
    state: State, places: Sequence[tuple[Hashable, str]], since: State | None = None
) -> list[Hashable]:
    """``(place, card, card under it)`` for each card of the piles named in ``places``
    (None under a bottom card); several piles may share a place.  Twins are one card.

    With ``since``, a pile that is the very same object there is left out: its facts
    were recorded with ``since`` (positions share the piles a move leaves alone).
    """
    piles = state.piles
    before = since.piles if since is not None else None
    found: list[Hashable] = []
    add = found.append
    for place, name in places:
        pile = piles[name]
        if before is not None and before[name] is pile:
            continue
        under: Card | None = None
        for card in pile.cards:
            add((place, card, under))
            under = card
    return found


def code_facts(placed: Iterable[tuple[int, bytes]]) -> list[Hashable]:
    """``pile_facts`` for the fast forms: for each ``(place, card codes bottom first)``,
    each card with its place and the code under it (0 under a bottom card), packed into
    one int, ``4096 x place + 64 x code + code under`` (codes are below 64)."""
    found: list[Hashable] = []
    add = found.append
    for place, cards in placed:
        at = 4096 * place
        under = at
        for code in cards:
            add(under + 64 * code)
            under = at + code
    return found
