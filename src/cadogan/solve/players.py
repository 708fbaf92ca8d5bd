"""Players that play a whole deal: the solver (thoughtful), greedy and random (honest).

- ``solver`` sees every card; its result is the solver's verdict.
- ``greedy`` sees only ``Game.view`` for the player to move and the legal moves, and
  plays the rule of thumb of :mod:`cadogan.solve.greedy`.
- ``random`` picks any legal move with ``random.Random(seed ^ deal)``.

Moves the rules force (``Game.auto``) are played for every player, as a Session does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from time import perf_counter
from typing import Literal

from cadogan.core import Game, Move, Outcome, State
from cadogan.errors import quoted
from cadogan.solve.greedy import Memory, greedy_move
from cadogan.solve.search import MAX_STATES, solve

PlayStatus = Literal["won", "lost", "timeout"]
PLAYERS = ("solver", "greedy", "random")
MAX_STEPS = 200_000  # far beyond any game's length; a guard, not a rule


@dataclass(frozen=True, slots=True)
class PlayResult:
    """How a player fared on a deal: the result, its moves, the work done and the time."""

    status: PlayStatus
    moves: tuple[Move, ...]
    nodes: int
    seconds: float


def play_deal(
    game: Game,
    deal: int,
    player: str,
    *,
    timeout: float = 10.0,
    seed: int = 0,
    max_states: int = MAX_STATES,
    max_nodes: int | None = None,
) -> PlayResult:
    """Play deal ``deal`` of ``game`` with ``player`` ("solver", "greedy" or "random");
    the solver keeps at most ``max_states`` positions in its table and, with
    ``max_nodes``, generates at most that many."""
    if player not in PLAYERS:
        raise ValueError(f"unknown player {quoted(player)}; choose one of: {', '.join(PLAYERS)}")
    state = game.deal(deal)
    if player == "solver":
        found = solve(game, state, timeout=timeout, max_states=max_states, max_nodes=max_nodes)
        status: PlayStatus = "timeout"
        if found.decided:
            status = "won" if found.status == "solved" else "lost"
        if status == "won" and not replays_to_win(game, state, found.moves):
            raise AssertionError(f"{game.id} deal {deal}: the solver's line does not win")
        return PlayResult(status, found.moves, found.nodes, found.seconds)
    rng = random.Random(seed ^ deal)
    memory = Memory()
    return _play_honestly(game, state, player, rng, memory, timeout)


def replays_to_win(game: Game, state: State, moves: tuple[Move, ...]) -> bool:
    """True if ``moves`` played from ``state`` through ``game.play`` reach a win.

    Every "won" a study stores for the solver is checked this way, so a study can never
    record a win it cannot show.
    """
    for move in moves:
        state = game.play(state, move)
    return game.outcome(state) is Outcome.WON


def _play_honestly(
    game: Game, state: State, player: str, rng: random.Random, memory: Memory, timeout: float
) -> PlayResult:
    start = perf_counter()
    line: list[Move] = []
    for step in range(MAX_STEPS):
        result = game.outcome(state)
        if result.over:
            won = result is Outcome.WON
            return PlayResult("won" if won else "lost", tuple(line), step, perf_counter() - start)
        if step % 64 == 0 and perf_counter() - start > timeout:
            break
        move = honest_move(game, state, player, rng, memory)
        if move is None:  # the greedy player has tried everything it can think of
            return PlayResult("lost", tuple(line), step, perf_counter() - start)
        state = game.play(state, move)
        line.append(move)
    return PlayResult("timeout", tuple(line), len(line), perf_counter() - start)


def honest_move(
    game: Game, state: State, player: str, rng: random.Random, memory: Memory
) -> Move | None:
    """The honest ``player``'s next move: the one the rules force, else its own choice.

    ``memory`` carries what the greedy player has already tried, so that it never plays
    the same move in the same position twice (without it, it can move a card back and
    forth for ever); None means the greedy player has nothing new to try.
    """
    forced = game.auto(state)
    return forced if forced is not None else _choose(game, state, player, rng, memory)


def _choose(
    game: Game, state: State, player: str, rng: random.Random, memory: Memory
) -> Move | None:
    legal = game.moves(state)
    if player == "random":
        return rng.choice(legal)
    view = game.view(state, state.turn)
    move = greedy_move(game.id, view, legal, memory)
    if move is not None:
        memory.note(view, move)
    return move
