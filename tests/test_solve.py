"""The solver: verdicts against brute force, budgets, pruning, and every registered game."""

from __future__ import annotations

import random
import sys
from collections.abc import Hashable

import pytest

from cadogan import registry
from cadogan.core import Game, Move, Outcome, Pile, State, action, make_state
from cadogan.solve import STATUSES, Solution, solve
from cadogan.solve.engine import Budget
from cadogan.solve.keys import Encoder, encode_pile
from cadogan.solve.search import default_order, memoized
from tests.solve_toys import (
    FOUND,
    BarrenLadder,
    DeadLadder,
    Duel,
    Ladder,
    OpenLadder,
    PrunedLadder,
    SafeLadder,
    reachable_win,
)

GAMES = registry.all_games()
IDS = [g.id for g in GAMES]


def replay(game: Game, state: State, moves: tuple[Move, ...]) -> Outcome:
    for move in moves:
        state = game.play(state, move)
    return game.outcome(state)


@pytest.mark.parametrize(
    "game", [Ladder(), SafeLadder(), DeadLadder(), OpenLadder()], ids=lambda g: g.id
)
def test_verdicts_agree_with_exhaustive_enumeration(game: Game) -> None:
    """Solved exactly when some reachable position is won; solutions replay to a win."""
    verdicts = set()
    for deal in range(1, 31 if game.id != "open-ladder" else 9):
        start = game.deal(deal)
        found = solve(game, start)
        assert found.status == ("solved" if reachable_win(game, start) else "unsolvable")
        if found.status == "solved":
            assert replay(game, start, found.moves) is Outcome.WON
        verdicts.add(found.status)
    if game.id != "open-ladder":
        assert verdicts == {"solved", "unsolvable"}


def test_safe_moves_and_key_do_not_change_verdicts_but_shrink_the_table() -> None:
    """Pruning rules 3 and 4: a sound safe move and a merging key keep every verdict."""
    plain, pruned = Ladder(), SafeLadder()
    for deal in range(1, 31):
        a, b = solve(plain, plain.deal(deal)), solve(pruned, pruned.deal(deal))
        assert a.status == b.status
        assert b.peak_states <= a.peak_states


def test_dead_positions_are_dropped_without_changing_verdicts() -> None:
    """Pruning rule 4: a sound ``dead`` hook keeps every verdict and searches less."""
    plain, pruned = Ladder(), DeadLadder()
    smaller = 0
    for deal in range(1, 31):
        a, b = solve(plain, plain.deal(deal)), solve(pruned, pruned.deal(deal))
        assert a.status == b.status
        assert b.peak_states <= a.peak_states
        smaller += b.peak_states < a.peak_states
    assert smaller > 0


def test_the_search_tries_only_the_moves_a_games_prune_keeps() -> None:
    """A game's ``prune``: the searches never play a move it leaves out, and a sound
    prune keeps every verdict; a prune that keeps nothing makes the position lost."""
    game = PrunedLadder()
    expected = {d: reachable_win(game, game.deal(d)) for d in range(1, 31)}  # plays all
    assert PrunedLadder.tried > 0  # the count sees moves the prune leaves out
    PrunedLadder.tried = 0
    for deal, winnable in expected.items():
        found = solve(game, game.deal(deal))
        assert found.status == ("solved" if winnable else "unsolvable")
        if winnable:
            assert replay(game, game.deal(deal), found.moves) is Outcome.WON
    assert set(expected.values()) == {True, False}
    assert PrunedLadder.tried == 0
    barren = BarrenLadder()
    assert {solve(barren, barren.deal(d)).status for d in range(1, 11)} == {"unsolvable"}


def test_a_dead_start_is_unsolvable_at_once() -> None:
    """A position the game calls dead is lost before any move is tried."""
    game = DeadLadder()
    dead = next(game.deal(d) for d in range(1, 200) if game.dead(game.deal(d)))
    found = solve(game, dead)
    assert found.status == "unsolvable"
    assert found.nodes == 0


def test_settling_without_judging_leaves_the_dead_test_to_doomed() -> None:
    """``settle(judge=False)`` skips the game's ``dead`` test (the beam settles the
    positions it may never keep so); ``doomed`` then asks it of those it keeps.  A
    game without the hook is never doomed."""
    game = DeadLadder()
    dead = next(game.deal(d) for d in range(1, 200) if game.dead(game.deal(d)))
    budget = Budget(game, 5.0)
    assert budget.settle(dead)[3] is Outcome.LOST
    assert budget.settle(dead, judge=False)[3] is not Outcome.LOST
    assert budget.doomed(dead)
    alive = next(game.deal(d) for d in range(1, 200) if not game.dead(game.deal(d)))
    assert not budget.doomed(alive)
    assert not Budget(Ladder(), 5.0).doomed(dead)


def test_only_moves_are_played_out_without_a_table() -> None:
    """Pruning rule 2: a game without choices (Travellers) never enters the table."""
    game = registry.game("travellers")
    for deal in range(1, 41):
        start = game.deal(deal)
        found = solve(game, start)
        state = start
        while game.moves(state):
            state = game.play(state, game.moves(state)[0])
        assert found.status == ("solved" if game.outcome(state) is Outcome.WON else "unsolvable")
        assert found.peak_states == 0


def test_a_solved_travellers_deal_replays_to_a_win() -> None:
    game = registry.game("travellers")
    found = solve(game, game.deal(28))
    assert found.status == "solved"
    assert replay(game, game.deal(28), found.moves) is Outcome.WON


def test_a_solution_gives_its_record_as_the_command_line_writes_it() -> None:
    """The API gave only the moves; a caller had to build the certificate by hand.
    ``Solution.record`` gives it, and it replays to a win; none for an unsolved deal,
    and a line that starts after the deal cannot be one."""
    from cadogan import BadState, verify

    game = registry.game("travellers", complete="travelled")
    won = solve(game, game.deal(28))
    record = won.record(game, game.deal(28))
    assert record is not None and record.result == "won" and record.deal == 28
    assert dict(record.options) == {"complete": "travelled"}
    verify(record)  # raises unless it replays to a win
    assert solve(game, game.deal(3)).record(game, game.deal(3)) is None
    later = game.play(game.deal(28), game.moves(game.deal(28))[0])
    with pytest.raises(BadState, match="replays from the deal"):
        solve(game, later).record(game, later)


@pytest.mark.parametrize(
    "limits",
    [{"timeout": 0}, {"timeout": -1}, {"timeout": float("nan")}, {"max_states": 0},
     {"max_nodes": 0}],
)  # fmt: skip
def test_a_solve_with_no_budget_is_refused(limits: dict[str, float]) -> None:
    """``solve(..., timeout=0)`` answered "timeout" as if it had searched; the command
    line refuses such budgets, and so does the API now."""
    from cadogan import BadValue

    game = registry.game("travellers")
    with pytest.raises(BadValue):
        solve(game, game.deal(1), **limits)  # type: ignore[arg-type]


def test_timeout_is_reported() -> None:
    game = OpenLadder()
    found = solve(game, game.deal(1), timeout=1e-9)
    assert found.status == "timeout" and found.moves == ()
    assert not found.decided


def test_memory_cap_is_reported() -> None:
    game = OpenLadder()
    found = solve(game, game.deal(1), max_states=1)
    # The cap is kept exactly: the table never holds more than max_states positions.
    assert found.status == "memory" and found.peak_states == 1
    found = solve(game, game.deal(1), max_states=3)
    assert found.status == "memory" and found.peak_states == 3


class Corridor(Game):
    """A long corridor: at each step go on (toward the win) or fall (a loss)."""

    id = "corridor"
    name = "Corridor"
    length = 5 * sys.getrecursionlimit()

    def deal(self, number: int) -> State:
        return make_state(self.id, number, {"pile": Pile()}, vars={"at": 0})

    def moves(self, state: State) -> tuple[Move, ...]:
        return () if self.outcome(state).over else (action("on"), action("fall"))

    def play(self, state: State, move: Move) -> State:
        self.require(state, move)
        return state.with_vars(at=state.num("at") + 1 if move.verb == "on" else -1)

    def outcome(self, state: State) -> Outcome:
        at = state.num("at")
        return Outcome.WON if at == self.length else Outcome.LOST if at < 0 else Outcome.ONGOING


def test_the_search_is_iterative() -> None:
    """A winning line far longer than Python's recursion limit is found."""
    game = Corridor()
    found = solve(game, game.deal(1))
    assert found.status == "solved" and len(found.moves) == game.length


def test_a_game_of_two_players_is_played_out() -> None:
    """Sympathie-like games have no real choices: the playout is the verdict."""
    game = Duel()
    for deal in range(1, 21):
        found = solve(game, game.deal(deal))
        assert found.status in ("solved", "unsolvable")
        if found.status == "solved":
            assert replay(game, game.deal(deal), found.moves) is Outcome.WON


def test_default_order_puts_foundation_plays_first_then_transfers() -> None:
    moves = (action("deal"), Move("move", ("a", "b")), Move("move", ("a", "found2")))
    assert default_order(moves) == (moves[2], moves[1], moves[0])


def _states(game: Game, deal: int, steps: int, seed: int) -> list[State]:
    rng, states = random.Random(seed), [game.deal(deal)]
    for _ in range(steps):
        legal = game.moves(states[-1])
        if not legal:
            break
        states.append(game.play(states[-1], rng.choice(legal)))
    return states


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_default_keys_are_exact(game: Game) -> None:
    """Two positions share a compact key exactly when they are equal states."""
    states = _states(game, 1, 40, 1) + _states(game, 1, 40, 2) + _states(game, 2, 20, 3)
    encoder = Encoder(states[0])
    keys: dict[Hashable, State] = {}
    for state in states:
        parts = encoder.parts(state, None)
        key = encoder.key(state, parts[1] if parts else None)
        assert keys.setdefault(key, state) == state
    assert len(keys) == len(set(states))


def test_pile_encoding_marks_face_down_cards() -> None:
    pile = Pile.face_up(Ladder().deal(1)["pile1"].cards)
    assert encode_pile(pile) != encode_pile(pile.all_down())
    assert len(encode_pile(pile)) == len(pile)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_memoized_game_answers_as_the_game(game: Game) -> None:
    twin = memoized(game)
    for state in _states(game, 3, 30, 4):
        assert twin.moves(state) == game.moves(state)
        assert twin.outcome(state) is game.outcome(state)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_solved_verdict_replays_to_a_win(game: Game) -> None:
    """Small budgets: any verdict is allowed, but a solved one must replay to a win."""
    for deal in (1, 2):
        start = game.deal(deal)
        found = solve(game, start, timeout=0.5, max_states=20_000)
        assert isinstance(found, Solution) and found.status in STATUSES
        # The clock is read between slices, and one slice (the Zodiac's dead test can
        # take half a second) may overrun it; the bound only catches a solve that
        # ignores its clock, with room for a loaded machine.
        assert found.seconds < 0.5 + 30.0
        if found.status == "solved":
            assert replay(game, start, found.moves) is Outcome.WON
        else:
            assert found.moves == ()


class _CountedDead(DeadLadder):
    """DeadLadder keyed by its foundation and sorted piles (symmetric positions), which
    counts the calls of its ``dead`` hook."""

    id = "counted-dead-ladder"

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def dead(self, state: State) -> bool:
        self.calls += 1
        return super().dead(state)

    def key(self, state: State) -> Hashable:
        piles = sorted(state[n].cards for n in self.names(state))
        return (len(state[FOUND]), tuple(piles))


def test_the_budget_remembers_dead_verdicts_by_key() -> None:
    """A position met again (or one with the same key) does not pay for ``dead`` twice,
    and gets the verdict the hook gave; without a game key nothing is remembered."""
    game = _CountedDead()
    verdicts: dict[int, bool] = {}
    budget = Budget(game, 5.0)
    counted = budget.game
    assert isinstance(counted, _CountedDead)
    for deal in range(1, 30):
        state = game.deal(deal)
        verdicts[deal] = budget.dead(state)
        assert budget.dead(state) is verdicts[deal]
        assert verdicts[deal] == game.dead(state)
    assert set(verdicts.values()) == {True, False}
    assert counted.calls == len({game.key(game.deal(d)) for d in range(1, 30)})
    plain = Budget(DeadLadder(), 5.0)
    assert not plain.own_key
    state = DeadLadder().deal(3)
    assert plain.dead(state) is plain.dead(state) is DeadLadder().dead(state)


def test_the_budget_remembers_dead_verdicts_by_the_games_dead_key() -> None:
    """With a ``dead_key`` the memo is keyed by it: positions that differ only where
    the test does not look (the Constitution's talon and pack) pay for it once."""
    game = registry.game("constitution")
    budget = Budget(game, 5.0)
    calls = 0
    real = budget.game.dead

    def counted(state: State) -> bool:
        nonlocal calls
        calls += 1
        return real(state)

    budget.game.dead = counted  # type: ignore[method-assign]
    state, verdicts = game.deal(2), set()
    for _ in range(10):
        state = game.play(state, action("deal"))
        verdicts.add(budget.dead(state))
    assert calls == 1 and verdicts == {game.dead(state)}
    assert budget.dead(game.deal(3)) == game.dead(game.deal(3)) and calls == 2


def test_a_node_cap_stops_the_search_at_exactly_that_many_positions() -> None:
    game = OpenLadder()
    found = solve(game, game.deal(1), max_nodes=3)
    assert found.status == "timeout" and found.nodes == 3 and not found.decided
    assert solve(game, game.deal(1)).nodes > 3  # the cap, not the ladder, stopped it


def test_a_node_cap_large_enough_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a cap at least as large as the work a solve needs, it answers the same.
    (Without the native kernels: a solve under the clock alone takes a game's kernel
    where it has one, and a capped solve never does; tests/test_native.py.)"""
    monkeypatch.setenv("CADOGAN_NATIVE", "0")
    game = registry.game("napoleons-square", rules="book")
    free = solve(game, game.deal(11), timeout=120)
    assert free.status == "solved"
    capped = solve(game, game.deal(11), timeout=120, max_nodes=free.nodes)
    assert (capped.status, capped.moves, capped.nodes) == ("solved", free.moves, free.nodes)
    short = solve(game, game.deal(11), timeout=120, max_nodes=free.nodes - 1)
    assert short.status == "timeout" and short.nodes == free.nodes - 1


def test_progress_is_told_the_work_done_after_each_slice() -> None:
    """``progress`` hears (nodes, seconds) as the search goes, for a progress bar."""
    game = registry.game("hemispheres")
    heard: list[tuple[int, float]] = []
    found = solve(
        game, game.deal(3), timeout=600, max_nodes=9_000, progress=lambda n, s: heard.append((n, s))
    )
    assert found.status == "timeout" and found.nodes == 9_000
    nodes = [n for n, _ in heard]
    assert len(heard) >= 4  # a turn is two slices of 1,024 nodes
    assert nodes == sorted(nodes) and nodes[-1] < found.nodes
    seconds = [s for _, s in heard]
    assert seconds == sorted(seconds)
    quiet = solve(game, game.deal(3), max_nodes=9_000)
    assert quiet.peak_states == found.peak_states  # it only listens
