"""The catalogue endpoints: the registered games and their rules."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from cadogan import registry
from cadogan.web.answers import GameInfo, GamesList, RulesPage, answered
from cadogan.web.errors import BAD_INPUT, UNKNOWN_GAME, ApiError, errors
from cadogan.web.payload import game_info
from cadogan.web.rules import rules_html, rules_markdown
from cadogan.web.solver import solver_available

router = APIRouter(prefix="/api", tags=["games"])
GameName = Annotated[
    str, Path(description="A game's id or one of its aliases, e.g. `travellers` or `clock`.")
]


@router.get(
    "/games",
    summary="The games you can play",
    responses=answered(GamesList, {}),
    response_model=None,
)
def list_games() -> dict[str, Any]:
    """Every registered game, in the book's order, and whether the solver is there."""
    return {
        "games": [game_info(cls) for cls in registry.classes()],
        "solver": solver_available(),
    }


@router.get(
    "/games/{game_id}",
    summary="One game and its options",
    responses=answered(GameInfo, errors({404: UNKNOWN_GAME, 422: BAD_INPUT})),
    response_model=None,
)
def one_game(game_id: GameName) -> dict[str, Any]:
    """One game's name, packs, players, description and options (ids or aliases)."""
    return game_info(registry.find(game_id))


@router.get(
    "/games/{game_id}/rules",
    summary="A game's rules",
    responses=answered(
        RulesPage,
        errors({404: f"{UNKNOWN_GAME}; `no_rules`: its rules are not written yet", 422: BAD_INPUT}),
    ),
    response_model=None,
)
def rules(game_id: GameName) -> dict[str, Any]:
    """The game's rules document as Markdown and as HTML."""
    cls = registry.find(game_id)
    text = rules_markdown(cls.id)
    if text is None:
        raise ApiError(404, "no_rules", f"the rules of {cls.name} are not written yet")
    return {"id": cls.id, "name": cls.name, "markdown": text, "html": rules_html(cls.id)}
