"""The result of a position: won, lost or still going."""

from __future__ import annotations

from enum import Enum


class Outcome(Enum):
    """What ``Game.outcome`` returns; the value is the word records use."""

    WON = "won"
    LOST = "lost"
    ONGOING = "unfinished"

    @property
    def over(self) -> bool:
        """True once the game is won or lost."""
        return self is not Outcome.ONGOING
