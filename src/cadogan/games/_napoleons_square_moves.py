"""Napoleon's Square: the legal moves of the play phase, generated in one pass.

This is the engine's hot path (the solver calls it for every position), so the piles
are read once, the packet tops are indexed by card, and the Move values are built
once and shared (they are immutable).  The order of the moves is the game's stable
order: plays to foundations, source by source, each to every place the card fits;
then marriages and moves into spaces, source by source, each source's targets in
packet order; the deal last.
Rules: docs/rules/napoleons-square.md.
"""

from __future__ import annotations

from typing import Final

from cadogan.cards import Card
from cadogan.core import TRANSFER, Move, State, action, transfer
from cadogan.games._napoleons_square_rules import (
    ACES,
    FOUND,
    PACK,
    PACKETS,
    TALON,
    UP,
    run_length,
)

DEAL: Final = action("deal")
_NAMES: Final = (*PACKETS, TALON)
_MOVES: Final[dict[tuple[str, str], Move]] = {
    (a, b): transfer(a, b) for a in _NAMES for b in (*PACKETS, *FOUND) if a != b
}
_PLACE: Final = {name: i for i, name in enumerate(PACKETS)}
_PART: Final[dict[tuple[str, int, str], Move]] = {}  # modern rules: the top N cards into a space


def part_move(src: str, count: int, dst: str) -> Move:
    """The shared Move ``src N dst`` (modern rules: top N cards of a run into a space)."""
    slot = (src, count, dst)
    found = _PART.get(slot)
    if found is None:
        found = _PART[slot] = Move(TRANSFER, (src, str(count), dst))
    return found


def play_moves(state: State, modern: bool) -> list[Move]:
    """Every move of the play phase, before the end test is applied."""
    piles = state.piles
    takes: dict[Card | None, list[str]] = {}  # the card a foundation takes next -> places
    empty_found: list[str] = []
    for name in FOUND:
        cards = piles[name].cards
        if not cards:
            empty_found.append(name)
        elif (nxt := UP[cards[-1]]) is not None:
            if nxt in takes:
                takes[nxt].append(name)
            else:
                takes[nxt] = [name]
    if empty_found:
        takes.update(dict.fromkeys(ACES, empty_found))  # no foundation's next card is an ace
    by_top: dict[Card | None, list[str]] = {}
    spaces: list[str] = []
    sources: list[tuple[str, tuple[Card, ...]]] = []
    for name in PACKETS:
        cards = piles[name].cards
        if cards:
            if (top := cards[-1]) in by_top:
                by_top[top].append(name)
            else:
                by_top[top] = [name]
            sources.append((name, cards))
        else:
            spaces.append(name)
    talon = piles[TALON].cards
    if talon:
        sources.append((TALON, talon))
    result: list[Move] = []
    for src, cards in sources:
        if (places := takes.get(cards[-1])) is not None:
            result += [_MOVES[src, place] for place in places]
    for src, cards in sources:
        if src == TALON:
            result += _from_talon(cards[-1], by_top, spaces)
        elif modern:
            result += _modern_from_packet(src, cards, by_top, spaces)
        elif (dsts := by_top.get(UP[cards[-1]])) is not None:
            result += [_MOVES[src, dst] for dst in dsts]
    if piles[PACK].cards:
        result.append(DEAL)
    return result


def _from_talon(top: Card, by_top: dict[Card | None, list[str]], spaces: list[str]) -> list[Move]:
    """The talon's top: marriages onto packet tops and (Rule II) fills of spaces."""
    targets = by_top.get(UP[top], [])
    if spaces:
        targets = sorted(targets + spaces, key=_PLACE.__getitem__)
    return [_MOVES[TALON, dst] for dst in targets]


def _modern_from_packet(
    src: str, cards: tuple[Card, ...], by_top: dict[Card | None, list[str]], spaces: list[str]
) -> list[Move]:
    """Modern rules: any top part of the run onto a marrying top, or into a space."""
    run = run_length(cards)
    found: list[tuple[int, list[Move]]] = []
    for k in range(1, run + 1):
        found += [(_PLACE[dst], [_MOVES[src, dst]]) for dst in by_top.get(UP[cards[-k]], ())]
    for dst in spaces:
        # The whole packet into a space would only rename it, so it is left out.
        whole = [_MOVES[src, dst]] if run < len(cards) else []
        found.append((_PLACE[dst], whole + [part_move(src, n, dst) for n in range(1, run)]))
    found.sort(key=lambda pair: pair[0])
    return [move for _, moves in found for move in moves]
