"""The JSON the page draws: a player's view, the legal moves, the outcome, undo/redo.

Everything here goes to a browser, so cards come only from ``Game.view``
(``view_to_json``): a face-down card is ``"??"``.  Moves are written with pile names
and verbs, never with the identity of a card.
"""

from __future__ import annotations

from typing import Any

from cadogan.core import TRANSFER, Game, Move, Outcome, State
from cadogan.core.jsonform import view_to_json
from cadogan.session import Session


def game_info(cls: type[Game]) -> dict[str, Any]:
    """What the home page shows of a game: name, packs, players, description, options."""
    return {
        "id": cls.id,
        "name": cls.name,
        "aliases": list(cls.aliases),
        "players": cls.players,
        "packs": cls.packs,
        "description": cls.description,
        "verbs": sorted(cls.verbs),
        "options": [
            {"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help}
            for o in cls.option_specs
        ],
    }


def move_json(game: Game, state: State, move: Move) -> dict[str, Any]:
    """One legal move: its text (what the page sends back), the piles it joins, and the
    card a transfer carries when the player can see it (``Game.carried``: not always the
    source's top, as in La Duchesse de Luynes' Discard)."""
    card = game.carried(state, move)
    return {
        "text": str(move),
        "verb": move.verb,
        "args": list(move.args),
        "transfer": move.verb == TRANSFER,
        "source": move.source,
        "target": move.target,
        "card": str(card) if card is not None else None,
    }


def table_json(game: Game, state: State, player: int | None = None) -> dict[str, Any]:
    """A player's view of ``state`` (by default the player to move) and its sections."""
    if player is None:
        player = state.turn if 1 <= state.turn <= game.players else 1
    return {
        "view": view_to_json(game.view(state, player)),
        "sections": [{"title": s.title, "piles": list(s.piles)} for s in game.sections(state)],
    }


def result_text(game: Game, state: State) -> str:
    """The sentences announcing the end, or an empty string while the game goes on."""
    outcome = game.outcome(state)
    if outcome is Outcome.WON:
        said = f"{game.name} is won. Well played!"
    elif outcome is Outcome.LOST:
        said = f"{game.name} is lost: no move can bring it out now."
    else:
        return ""
    return " ".join(filter(None, (said, game.ending(state))))


def session_json(token: str, session: Session, player: int | None = None) -> dict[str, Any]:
    """The whole answer to a play request: table (from ``player``'s seat, by default
    the player to move), moves, outcome, undo/redo."""
    game, state = session.game, session.state
    outcome = session.outcome()
    played = session.history
    return {
        "id": token,
        "game": game_info(type(game)),
        "deal": session.deal,
        "deal_text": str(session.deal),
        "options": dict(game.options),
        **table_json(game, state, player),
        "turn": state.turn,
        "phase": state.phase,
        "counters": list(game.counters(state)),
        "moves": [move_json(game, state, m) for m in session.moves()],
        "outcome": outcome.value,
        "over": outcome.over,
        "result": result_text(game, state),
        "can_undo": session.can_undo,
        "can_redo": session.can_redo,
        "steps": len(played),
        "chosen": sum(not e.forced for e in played),
        "last": [{"text": str(e.move), "forced": e.forced} for e in played[-20:]],
    }


def step_json(session: Session, step: int) -> dict[str, Any]:
    """The replay viewer's frame: the view after ``step`` moves of the history."""
    history = session.history
    state = history[step - 1].state if step else session.start
    entry = history[step - 1] if step else None
    outcome = session.game.outcome(state)
    return {
        "step": step,
        "steps": len(history),
        "move": str(entry.move) if entry else None,
        "forced": entry.forced if entry else False,
        **table_json(session.game, state),
        "outcome": outcome.value,
        "result": result_text(session.game, state),
    }
