"""The catalogue endpoints: the registered games and their rules."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from cadogan import registry
from cadogan.web.errors import ApiError
from cadogan.web.payload import game_info
from cadogan.web.rules import rules_html, rules_markdown
from cadogan.web.solver import solver_available

router = APIRouter(prefix="/api", tags=["games"])


@router.get("/games")
def list_games() -> dict[str, Any]:
    """Every registered game, in the book's order, and whether the solver is there."""
    return {
        "games": [game_info(cls) for cls in registry.classes()],
        "solver": solver_available(),
    }


@router.get("/games/{game_id}")
def one_game(game_id: str) -> dict[str, Any]:
    """One game's name, packs, players, description and options (ids or aliases)."""
    return game_info(registry.find(game_id))


@router.get("/games/{game_id}/rules")
def rules(game_id: str) -> dict[str, Any]:
    """The game's rules document as Markdown and as HTML."""
    cls = registry.find(game_id)
    text = rules_markdown(cls.id)
    if text is None:
        raise ApiError(404, "no_rules", f"the rules of {cls.name} are not written yet")
    return {"id": cls.id, "name": cls.name, "markdown": text, "html": rules_html(cls.id)}
