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
from cadogan.core import IllegalMove, Move, Outcome, State
from cadogan.registry import all_games, find, game, ids
from cadogan.solve import Solution, solve
from cadogan.version import VERSION

__version__ = VERSION

__all__ = [
    "IllegalMove",
    "Move",
    "Outcome",
    "Solution",
    "State",
    "__version__",
    "all_games",
    "find",
    "game",
    "ids",
    "solve",
]
