"""The core model: piles, states, moves, outcomes, errors and the Game protocol."""

from cadogan.core.frozenmap import FrozenMap
from cadogan.core.game import Game, Section, remember_last
from cadogan.core.move import TRANSFER, Move, action, transfer
from cadogan.core.options import OptionSpec
from cadogan.core.outcome import Outcome
from cadogan.core.pile import EMPTY, Pile
from cadogan.core.rules import alternate_colour, marries, plays_on
from cadogan.core.state import State, View, make_state
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
    "EMPTY",
    "TRANSFER",
    "BadDeal",
    "BadOption",
    "BadRecord",
    "BadState",
    "BadValue",
    "CadoganError",
    "FrozenMap",
    "Game",
    "IllegalMove",
    "Move",
    "OptionSpec",
    "Outcome",
    "Pile",
    "Section",
    "State",
    "UnknownGame",
    "View",
    "action",
    "alternate_colour",
    "make_state",
    "marries",
    "plays_on",
    "remember_last",
    "transfer",
]
