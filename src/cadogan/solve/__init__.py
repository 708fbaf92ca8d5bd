"""Solving and playing: the exhaustive solver, honest players, hints and autoplay.

A service layer over any Game: it imports cadogan.cards, cadogan.core,
cadogan.registry and cadogan.record, never a front end.
"""

from cadogan.solve.greedy import greedy_move
from cadogan.solve.hints import Hint, hint
from cadogan.solve.players import PLAYERS, PlayResult, play_deal
from cadogan.solve.search import STATUSES, Solution, Status, solve

__all__ = [
    "PLAYERS",
    "STATUSES",
    "Hint",
    "PlayResult",
    "Solution",
    "Status",
    "greedy_move",
    "hint",
    "play_deal",
    "solve",
]
