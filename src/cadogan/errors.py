"""The errors a player or a program can meet, each carrying a readable sentence.

Every one is a ``CadoganError``, which the front ends turn into one clear line."""

from __future__ import annotations


class CadoganError(Exception):
    """Base of every error the front ends turn into one clear line."""


class IllegalMove(CadoganError):
    """A move the rules refuse; ``reason`` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownGame(CadoganError):
    """An id or alias that names no game."""


class BadOption(CadoganError):
    """An option that the game does not have, or a value it does not allow."""


class BadRecord(CadoganError):
    """A record or JSON text that cannot be read."""


class BadValue(CadoganError, ValueError):
    """An argument out of its range (also a ``ValueError``, as Python's own are)."""


class BadDeal(BadValue):
    """A deal number that is not a whole number from 1 to 2**63-1."""


class BadState(BadValue):
    """A position given to a game that did not deal it: another game's, or the same
    game's under other options (whose rules differ)."""


QUOTE_LIMIT = 60  # characters of a player's input that an error sentence repeats


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as an error sentence quotes it (``repr``), cut to ``limit`` characters
    of text with a count of the rest.  Why: an error repeats the input it refuses so the
    reader sees what was wrong, but a 100 KB option value or move line repeated whole
    buries the sentence (and a web answer grows with what the client sent)."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= limit:
        return repr(value)
    cut = repr(text[:limit]) if isinstance(value, str) else text[:limit]
    return f"{cut}... ({len(text) - limit:,} more characters)"
