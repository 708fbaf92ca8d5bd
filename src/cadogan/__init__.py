"""cadogan: Lady Cadogan's games of patience, and Travellers, played faithfully.

>>> import cadogan
>>> g = cadogan.game("travellers")
>>> state = g.deal(7)
>>> [str(m) for m in g.moves(state)]
['turn spare']
"""

from cadogan.core import IllegalMove, Move, Outcome, State
from cadogan.registry import all_games, find, game, ids

__version__ = "0.1.0"

__all__ = [
    "IllegalMove",
    "Move",
    "Outcome",
    "State",
    "__version__",
    "all_games",
    "find",
    "game",
    "ids",
]
