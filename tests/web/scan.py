"""The hidden-card scan: no payload may name a card the player cannot see.

The view in a payload must show exactly the face-up cards of the position, each in
its place, and ``"??"`` for every face-down card.  Anywhere else in the payload (move
texts, history, hints, records) a card may be named only if a copy of it lies face up.
The full view's marking of face-down cards (``qH``) must never appear at all.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from cadogan.core import State
from cadogan.core.jsonform import HIDDEN

CARD = re.compile(r"^[A2-9TJQK][cdhs]$")
DOWN_FORM = re.compile(r"^[a2-9tjqk][CDHS]$")


def words(data: Any) -> Iterator[str]:
    """Every whitespace-separated word of every string (and key) in a JSON value."""
    if isinstance(data, str):
        yield from data.split()
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from words(key)
            yield from words(value)
    elif isinstance(data, list):
        for item in data:
            yield from words(item)


def face_up(state: State) -> Counter[str]:
    """How many copies of each card lie face up."""
    counts: Counter[str] = Counter()
    for pile in state.piles.values():
        counts.update(str(c) for c, up in zip(pile.cards, pile.up, strict=True) if up)
    return counts


def view_leaks(piles: dict[str, list[str]], state: State) -> list[str]:
    """Where a view's piles show more than the player may see of ``state``.

    A face-down card must be ``"??"``; a face-up card is itself (or ``"??"`` when a
    game's view hides more, as a two-player game may).
    """
    bad = []
    if set(piles) != set(state.piles):
        bad.append("the view's piles differ from the position's")
    for name, pile in state.piles.items():
        shown = piles.get(name, [])
        if len(shown) != len(pile):
            bad.append(f"pile {name} has {len(shown)} cards in the view, {len(pile)} in play")
            continue
        for i, (card, up) in enumerate(zip(pile.cards, pile.up, strict=True)):
            if shown[i] not in ((str(card), HIDDEN) if up else (HIDDEN,)):
                bad.append(f"pile {name}, card {i}: {shown[i]!r}")
    return bad


def leaks(data: Any, state: State) -> list[str]:
    """What in ``data`` (a payload about ``state``) names a card the player cannot see."""
    bad = []
    rest = data
    if isinstance(data, dict) and "view" in data:
        bad += view_leaks(data["view"]["piles"], state)
        rest = {k: v for k, v in data.items() if k != "view"}
    visible = face_up(state)
    for word in words(rest):
        if DOWN_FORM.match(word) or (CARD.match(word) and not visible[word]):
            bad.append(word)
    return bad


def session_state(session: Any, steps: int) -> State:
    """The position of a session after ``steps`` moves of its history."""
    state: State = session.history[steps - 1].state if steps else session.start
    return state


def ws_leaks(message: Any, session: Any) -> list[str]:
    """What in a WebSocket message names a card its receiver cannot see.

    A ``state`` message is checked against the position it describes (its ``steps``
    into the game's history, which may be behind the game by the time it is read);
    any other message against the position now.
    """
    if isinstance(message, dict) and message.get("type") == "state":
        game = message["game"]
        state = session_state(session, game["steps"])
        rest = {k: v for k, v in message.items() if k != "game"}
        return leaks(game, state) + leaks(rest, state)
    return leaks(message, session.state)
