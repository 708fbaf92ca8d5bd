"""The request bodies the API accepts; pydantic refuses anything else with a 422."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cadogan.cards import MAX_DEAL
from cadogan.web.players import MAX_NAME

MAX_MOVE_CHARS = 200
MAX_RECORD_CHARS = 1_000_000
MAX_OPTIONS = 16
MAX_SOLVE_SECONDS = 10.0  # a verdict's longest search (create_app's solve_seconds may cut it)


class Strict(BaseModel):
    """A body with no unknown keys, each of its JSON type: a number is not taken from a
    text, nor a yes/no from a text or a number (``"deal": true`` started deal 1, and
    ``{"confirm": "yes"}`` erased the statistics)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class NewGame(Strict):
    """Start a game: which one, which deal (random when absent), which options."""

    game: str = Field(min_length=1, max_length=64, examples=["travellers"])
    deal: int | None = Field(
        default=None,
        ge=1,
        le=MAX_DEAL,
        examples=[1],
        description="a JSON integer, or its decimal digits as a text (as the page sends "
        "it: JavaScript's numbers hold no deal past 2**53 exactly)",
    )
    options: dict[str, str] = Field(default_factory=dict, max_length=MAX_OPTIONS)

    @field_validator("deal", mode="before")
    @classmethod
    def _deal_text(cls, value: object) -> object:
        """A deal written in digits is its number; anything else is left to the strict
        check (a yes/no, a fraction, or other text is refused)."""
        if isinstance(value, str) and re.fullmatch(r"[0-9]{1,19}", value):
            return int(value)
        return value


class MoveText(Strict):
    """A move's text exactly as the legal-move list writes it, e.g. ``talon found3``."""

    move: str = Field(min_length=1, max_length=MAX_MOVE_CHARS, examples=["turn spare"])


class RecordText(Strict):
    """A game record's text (header lines, then one move per line)."""

    record: str = Field(min_length=1, max_length=MAX_RECORD_CHARS)


class SolveRequest(Strict):
    """Ask the solver: from the opening deal or from the current position, within a time."""

    seconds: float = Field(
        default=MAX_SOLVE_SECONDS,
        gt=0,
        le=MAX_SOLVE_SECONDS,
        allow_inf_nan=False,  # NaN failed only "le", a baffling reason
        description=f"the search's time; at most {MAX_SOLVE_SECONDS:g} s (a server may allow less)",
    )
    from_start: bool = True


class NewRoom(NewGame):
    """Open a room for a game of two players: a friend joins by its link, or the
    computer takes the second seat."""

    computer: bool = Field(default=False, description="The computer plays player 2.")


class PlayerName(Strict):
    """The name shown for the player in rooms (empty to remove it)."""

    name: str = Field(
        max_length=MAX_NAME,
        examples=["Lady C."],
        description=f"at most {MAX_NAME} characters; empty removes it",
    )


class ResetStats(Strict):
    """Erase the player's statistics: ``confirm`` must be true."""

    confirm: bool = False
