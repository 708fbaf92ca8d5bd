"""The errors, for the core's modules: they live in :mod:`cadogan.errors`, which imports
nothing, so that every layer (the cards too) can raise them."""

from __future__ import annotations

from cadogan.errors import (
    BadDeal,
    BadOption,
    BadRecord,
    BadState,
    BadValue,
    CadoganError,
    IllegalMove,
    UnknownGame,
)

__all__ = [
    "BadDeal",
    "BadOption",
    "BadRecord",
    "BadState",
    "BadValue",
    "CadoganError",
    "IllegalMove",
    "UnknownGame",
]
