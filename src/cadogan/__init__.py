"""cadogan: Lady Cadogan's games of patience, and Travellers, played faithfully.

>>> import cadogan
>>> g = cadogan.game("travellers")
>>> state = g.deal(7)
>>> [str(m) for m in g.moves(state)]
['turn spare']
"""

# First of all: load the compiled solver modules if a good build matches these sources
# (see ``cadogan.compiled``; it imports nothing else of the package).
import cadogan.compiled  # noqa: F401
from cadogan.core import Game, Move, Outcome, State
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
from cadogan.record import Record, ReplayError, replay, verify
from cadogan.registry import all_games, find, game, ids
from cadogan.session import Session
from cadogan.solve import Solution, solve
from cadogan.version import VERSION

__version__ = VERSION

__all__ = [
    "BadDeal",
    "BadOption",
    "BadRecord",
    "BadState",
    "BadValue",
    "CadoganError",
    "Game",
    "IllegalMove",
    "Move",
    "Outcome",
    "Record",
    "ReplayError",
    "Session",
    "Solution",
    "State",
    "UnknownGame",
    "__version__",
    "all_games",
    "find",
    "game",
    "ids",
    "replay",
    "solve",
    "verify",
]
