"""The errors a player or a program can meet, each carrying a readable sentence."""

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
