"""The JSON form of a State (full view) and of a View (a player's view).

Full view: a face-down card is written with its case swapped (``Ah`` becomes ``aH``,
``2h`` becomes ``2H``), so every card, number cards included, shows whether it lies
face up.  Player's view: a face-down card is ``"??"``.  Schema: docs/formats.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from cadogan.cards import Card, check_deal_number
from cadogan.core.pile import Pile
from cadogan.core.state import State, Value, View, make_state
from cadogan.errors import BadRecord, quoted

HIDDEN = "??"


def card_text(card: Card, up: bool) -> str:
    """One card of the full view."""
    return str(card) if up else str(card).swapcase()


def read_card(text: str) -> tuple[Card, bool]:
    """Inverse of :func:`card_text`: the card and whether it is face up."""
    if not isinstance(text, str) or len(text) < 2 or text[-1] not in "cdhsCDHS" or text[0] <= " ":
        # The suit's letter carries the face (its case), so a sign or a space ends none.
        raise BadRecord(f"{quoted(text)} is not a card of the JSON form (e.g. Ah up, aH down)")
    try:
        card = Card.parse(text)
    except ValueError as err:
        raise BadRecord(str(err)) from None
    return card, text[-1].islower()


def state_to_json(state: State) -> dict[str, Any]:
    """The full-view JSON object of ``state``."""
    return {
        "game": state.game,
        "deal": state.deal,
        "options": dict(state.options),
        "phase": state.phase,
        "turn": state.turn,
        "vars": dict(state.vars),
        "piles": {
            name: [card_text(c, u) for c, u in zip(p.cards, p.up, strict=True)]
            for name, p in state.piles.items()
        },
    }


def view_to_json(view: View) -> dict[str, Any]:
    """A player's JSON view: no face-down card's identity appears anywhere."""
    return {
        "game": view.game,
        "deal": view.deal,
        "player": view.player,
        "options": dict(view.options),
        "phase": view.phase,
        "turn": view.turn,
        "vars": dict(view.vars),
        "piles": {
            name: [HIDDEN if c is None else str(c) for c in cards]
            for name, cards in view.piles.items()
        },
    }


def _pile(name: str, texts: object) -> Pile:
    if not isinstance(texts, list):
        raise BadRecord(f"pile {quoted(name)} must be a list of cards")
    read = [read_card(t) for t in texts]
    return Pile(tuple(c for c, _ in read), tuple(u for _, u in read))


def _vars(raw: object) -> dict[str, Value]:
    if not isinstance(raw, Mapping):
        raise BadRecord("'vars' must be an object")
    for key, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise BadRecord(f"var {quoted(key)} must be an integer or a string")
    return dict(raw)


def state_from_json(data: object) -> State:
    """Rebuild a State from its full-view JSON object; raises BadRecord when malformed."""
    if not isinstance(data, Mapping):
        raise BadRecord("a state must be a JSON object")
    try:
        game, deal, piles = data["game"], data["deal"], data["piles"]
    except KeyError as err:
        raise BadRecord(f"a state needs the key {quoted(err.args[0])}") from None
    if not isinstance(game, str) or not isinstance(piles, Mapping):
        raise BadRecord("'game' must be a string and 'piles' an object")
    try:
        check_deal_number(deal)
    except ValueError as err:
        raise BadRecord(str(err)) from None
    options = data.get("options", {})
    if not isinstance(options, Mapping) or not all(isinstance(v, str) for v in options.values()):
        raise BadRecord("'options' must map names to strings")
    phase, turn = data.get("phase", "play"), data.get("turn", 1)
    if not isinstance(phase, str) or isinstance(turn, bool) or not isinstance(turn, int):
        raise BadRecord("'phase' must be a string and 'turn' an integer")
    return make_state(
        game,
        deal,
        {str(name): _pile(str(name), texts) for name, texts in piles.items()},
        phase=phase,
        vars=_vars(data.get("vars", {})),
        turn=turn,
        options=dict(options),
    )


def dumps(state: State) -> str:
    """The full view as a JSON string."""
    return json.dumps(state_to_json(state))


def loads(text: str) -> State:
    """A State from a JSON string; raises BadRecord on bad JSON."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise BadRecord(f"not valid JSON: {err}") from None
    return state_from_json(data)
