"""The solver's portfolio: probes that only ever prove wins, determinism, shared machinery."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cadogan import registry
from cadogan.core import Game, Move, Outcome, Pile, State, make_state, transfer
from cadogan.solve import solve
from cadogan.solve.engine import Budget, OutOfTime, default_order, progress, seed_of
from cadogan.solve.probe import NOISE, Prober
from cadogan.solve.rules import Position, Rules
from cadogan.solve.search import Exhaustive
from tests.helpers import plain_only
from tests.solve_toys import DeadLadder, HiddenLadder, Ladder, OpenLadder, reachable_win


def replay(game: Game, state: State, moves: tuple[Move, ...]) -> Outcome:
    for move in moves:
        state = game.play(state, move)
    return game.outcome(state)


def probe(game: Game, state: State, nodes: int) -> tuple[Move, ...] | None:
    """Run the probes alone (no exhaustive search) for about ``nodes`` positions."""
    budget = Budget(game, 60.0)
    settled, line, legal, result = budget.settle(state)
    assert result is Outcome.ONGOING
    prober = Prober(budget, settled, legal, seed_of(state), 10_000)
    while budget.nodes < nodes:
        found = prober.step(64)
        if found is not None:
            return tuple(line) + found
    return None


@pytest.mark.parametrize("game", [Ladder(), OpenLadder()], ids=lambda g: g.id)
def test_probes_find_only_real_wins(game: Game) -> None:
    """A probe's line replays to a win, and a probe never claims a win that is not there."""
    wins = 0
    for deal in range(1, 21):
        start = game.deal(deal)
        settled = Budget(game, 60.0).settle(start)
        if settled[3] is not Outcome.ONGOING:
            continue
        found = probe(game, start, 3_000)
        if found is not None:
            assert replay(game, start, found) is Outcome.WON
            wins += 1
        else:
            assert not reachable_win(game, start) or game.id == "open-ladder"
    assert wins > 0


def test_probes_alone_never_answer_unsolvable() -> None:
    """Past the exhaustive search's verdict, the probes still have nothing to say."""
    game = Ladder()
    deal = next(d for d in range(1, 40) if not reachable_win(game, game.deal(d)))
    assert probe(game, game.deal(deal), 2_000) is None
    assert solve(game, game.deal(deal)).status == "unsolvable"


def test_exhaustive_search_runs_in_slices() -> None:
    """Stepping a few nodes at a time reaches the same verdict as one long run."""
    game = OpenLadder()
    for deal in range(1, 6):
        budget = Budget(game, 60.0)
        settled, _, legal, result = budget.settle(game.deal(deal))
        assert result is Outcome.ONGOING
        search = Exhaustive(budget, 10**6)
        search.begin(Rules(budget, settled, legal))
        verdict = None
        while verdict is None:
            verdict = search.step(3)
        expected = "solved" if reachable_win(game, game.deal(deal)) else "unsolvable"
        assert verdict[0] == expected


class Roots(Rules):
    """The game's own rules from several roots, as a fast form offers them when it
    stands in for an opening choice (the Note's remedy in Napoleon's Square)."""

    def __init__(self, budget: Budget, starts: list[tuple[State, tuple[Move, ...]]]) -> None:
        super().__init__(budget, starts[0][0], ())
        self.starts = [(state, budget.game.moves(state), line) for state, line in starts]

    def roots(self) -> list[Position]:
        return list(self.starts)


def test_the_exhaustive_search_takes_several_roots_in_turn() -> None:
    """Each root is searched in turn, sharing the table: a win from a later root is
    reported with that root's own line first, and the verdict is ``unsolvable`` only
    once every root has been refuted."""
    game = Ladder()
    lost = [d for d in range(1, 40) if not reachable_win(game, game.deal(d))][:2]
    won = next(d for d in range(1, 40) if reachable_win(game, game.deal(d)))
    opening = (Move("choose", ("second",)),)

    def run(starts: list[tuple[State, tuple[Move, ...]]]) -> tuple[str, tuple[Move, ...]]:
        budget = Budget(game, 60.0)
        search = Exhaustive(budget, 10**6)
        search.begin(Roots(budget, starts))
        verdict = None
        while verdict is None:
            verdict = search.step(5)
        return verdict

    assert run([(game.deal(d), ()) for d in lost])[0] == "unsolvable"
    status, moves = run([(game.deal(lost[0]), ()), (game.deal(won), opening)])
    assert status == "solved" and moves[:1] == opening
    assert replay(game, game.deal(won), moves[1:]) is Outcome.WON


def test_glance_is_the_full_dead_test_unless_a_game_offers_a_cheaper_one() -> None:
    """``Game.glance`` (what the beam asks of the positions it gathers from) is by
    default ``dead``; the budget answers it so, or from ``dead``'s remembered verdict."""
    game = DeadLadder()
    budget = Budget(game, 60.0)
    answers = set()
    for deal in range(1, 30):
        state = game.deal(deal)
        assert game.glance(state) is game.dead(state)
        assert budget.glance(state) is game.dead(state)
        answers.add(game.dead(state))
    assert answers == {True, False}


def test_verdicts_are_deterministic() -> None:
    """Two runs of one deal search alike: same verdict, moves and node count."""
    game = registry.game("duchesse-de-luynes")
    for deal in (3, 4):
        a = solve(game, game.deal(deal), timeout=30)
        b = solve(game, game.deal(deal), timeout=30)
        assert a.status == b.status == "solved"
        assert (a.moves, a.nodes, a.peak_states) == (b.moves, b.nodes, b.peak_states)


def test_the_probe_seed_does_not_depend_on_the_process() -> None:
    """seed_of uses a stable digest, not hash(), which changes with PYTHONHASHSEED."""
    code = (
        "from cadogan import registry; from cadogan.solve.engine import seed_of; "
        "g = registry.game('zodiac'); print(seed_of(g.deal(5)))"
    )
    seeds = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={"PYTHONHASHSEED": str(n)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for n in (1, 2)
    }
    assert len(seeds) == 1
    game = registry.game("zodiac")
    assert seed_of(game.deal(5)) != seed_of(game.deal(6))


def test_default_order_turns_up_face_down_cards_before_other_transfers() -> None:
    state = make_state(
        "x",
        1,
        {
            "a": Pile.face_up(HiddenLadder().deal(1)["pile1"].cards),
            "b": HiddenLadder().deal(1)["pile2"],
            "found1": Pile(),
        },
    )
    moves = (transfer("a", "b"), transfer("b", "a"), transfer("a", "found1"))
    assert default_order(moves, state) == (moves[2], moves[1], moves[0])


def test_progress_counts_foundations_and_cards_to_come() -> None:
    piles = {"found1": Pile.face_up(Ladder().deal(1)["pile1"].cards), "pack": Pile()}
    base = progress(make_state("x", 1, piles))
    more = make_state("x", 1, {**piles, "pack": Pile.face_down(Ladder().deal(1)["pile2"].cards)})
    assert base == 4 * len(piles["found1"])
    assert progress(more) == base - len(more["pack"])


def test_the_budget_stops_every_search() -> None:
    game = OpenLadder()
    budget = Budget(game, -1.0)
    with pytest.raises(OutOfTime):
        budget.play(game.deal(1), game.moves(game.deal(1))[0])


def test_a_best_first_run_starts_again_with_noise_once_its_table_is_full() -> None:
    game = registry.game("constitution")
    budget = Budget(game, 60.0)
    settled, _, legal, _ = budget.settle(game.deal(3))
    prober = Prober(budget, settled, legal, seed=1, cap=200)
    assert prober.noise == 0.0
    most = 0
    while prober.noise == 0.0:
        prober.expand()
        most = max(most, len(prober.seen))
    # Past the cap (checked after each expansion), a fresh run from the root.
    assert most > 100 and len(prober.seen) == 1
    assert prober.noise == NOISE


@plain_only
def test_a_best_first_run_starts_again_once_its_best_score_has_stalled() -> None:
    """With ``run_patience`` a run ends, long before its table is full, once more than
    that many positions have come into its table since its best score (without
    noise) last rose; until then it goes on, past the patience, while it climbs."""
    ended: list[tuple[int, int]] = []  # the table's size, and its size at the last rise

    class Watching(Prober):
        def restart(self) -> None:
            if self.runs:
                ended.append((len(self.seen), self.rose))
            super().restart()

    game = registry.game("constitution")
    budget = Budget(game, 60.0)
    settled, _, legal, _ = budget.settle(game.deal(1))
    prober = Watching(budget, settled, legal, seed=1, cap=10**6)
    prober.patience = 60
    stalls: list[int] = []
    while prober.runs == 1:
        prober.expand()
        stalls.append(len(prober.seen) - prober.rose)
    ((size, rose),) = ended
    assert size - rose > 60 >= max(stalls[:-1])  # ended at the first stall, not before
    assert rose > 5 * 60  # the score rose long after the first 60 positions: it went on
    assert len(prober.seen) == 1 and prober.noise == NOISE and prober.best == float("-inf")


@plain_only
def test_the_solver_gives_each_best_first_run_the_games_run_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Constitution's runs keep at most 50,000 positions (fewer under a small
    table cap; most end sooner, by ``run_patience``); a game that sets no
    ``run_states`` gets a quarter of the table cap."""
    caps: list[int] = []

    class Listening(Prober):
        def __init__(self, *args: object, **kwargs: object) -> None:
            caps.append(int(args[4]))  # type: ignore[call-overload]
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sys.modules["cadogan.solve.search"], "Prober", Listening)
    constitution, napoleon = registry.game("constitution"), registry.game("napoleons-square")
    solve(constitution, constitution.deal(3), max_nodes=3_000)
    solve(constitution, constitution.deal(3), max_nodes=3_000, max_states=4_000)
    solve(napoleon, napoleon.deal(3), max_nodes=3_000)
    assert caps == [50_000, 1_000, 500_000]
    assert {g.id for g in registry.all_games() if g.run_states is not None} == {"constitution"}
    assert {g.id: g.run_patience for g in registry.all_games() if g.run_patience} == {
        "constitution": 1_000
    }


def _turns(monkeypatch: pytest.MonkeyPatch, game: Game, deal: int, steps: int) -> list[str]:
    """Which search each of ``steps`` one-node probe turns went to: the beam, the
    best-first probe (``expand``) or the dives (``walk``), each stubbed to count."""
    state = game.deal(deal)
    prober = Prober(Budget(game, 5.0), state, game.moves(state), seed=1, cap=100)
    calls: list[str] = []

    def called(name: str, budget: Budget = prober.budget) -> None:
        calls.append(name)
        budget.nodes += 1

    if prober.beam is not None:
        monkeypatch.setattr(prober.beam, "step", lambda quota: called("beam"))
    monkeypatch.setattr(prober, "walk", lambda: called("walk"))
    monkeypatch.setattr(prober, "expand", lambda: called("expand"))
    for _ in range(steps):
        prober.step(1)
    return calls


@plain_only
def test_a_game_without_dives_gives_their_turns_to_the_best_first_probe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """By default the dives take every other probe turn; a game that sets ``dives``
    False (the Constitution, the Hemispheres and Napoleon's Square, whose dives won
    no deal the other probes did not) gives every turn to the best-first probe."""

    class Diveless(Ladder):
        dives = False

    diveless = {g.id for g in registry.all_games() if not g.dives}
    assert diveless == {"constitution", "hemispheres", "napoleons-square"}
    for game, wanted in ((Ladder(), 8), (Diveless(), 0)):
        calls = _turns(monkeypatch, game, 9, 16)
        assert calls.count("walk") == wanted and len(calls) == 16


@plain_only
def test_without_dives_the_beam_leaves_its_eighth_turn_to_the_best_first_probe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Hemispheres: the beam takes seven probe turns in eight, and with no dives
    every eighth turn is a best-first turn."""
    calls = _turns(monkeypatch, registry.game("hemispheres"), 3, 32)
    assert (calls.count("beam"), calls.count("expand"), calls.count("walk")) == (28, 4, 0)


@pytest.mark.parametrize("lazy", [False, True])
def test_a_lazy_game_asks_dead_of_a_position_only_when_it_is_expanded(
    lazy: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``lazy_dead`` (the Constitution) moves the best-first probe's ``dead`` test from
    each child it settles to the position it pops: a popped position the test calls
    lost is dropped without a move played from it.  Otherwise every child is tested
    as it is settled and a lost one is never queued."""

    class Constitution(type(registry.game("constitution"))):  # type: ignore[misc]
        lazy_dead = lazy

    assert registry.game("constitution").lazy_dead is True
    assert {g.id for g in registry.all_games() if g.lazy_dead} == {"constitution"}
    game = Constitution()
    state = game.deal(1)
    budget = Budget(game, 60.0)
    settled, _, legal, _ = budget.settle(state)
    prober = Prober(budget, settled, legal, seed=1, cap=1_000)
    asked: list[State] = []
    real = budget.game.dead

    def counted(position: State) -> bool:
        asked.append(position)
        return real(position)

    monkeypatch.setattr(budget.game, "dead", counted)
    assert prober.expand() is None  # the root: its children are played and settled
    assert prober.open, "deal 1 has children that are not lost"
    assert bool(asked) is not lazy, "the children are tested as settled unless lazy"
    asked.clear()

    def lost(position: State) -> bool:
        asked.append(position)
        return True

    monkeypatch.setattr(budget.game, "dead", lost)
    budget.verdicts.clear()  # verdicts remembered by layout
    best, played, queued = prober.open[0][3], budget.nodes, len(prober.open)
    assert prober.expand() is None
    if lazy:
        assert asked[0] is best, "the popped position is tested"
        assert budget.nodes == played and len(prober.open) == queued - 1, "and dropped"
    else:
        assert best not in asked and budget.nodes > played, "it was tested when queued"
        assert len(prober.open) == queued - 1, "its children are all lost: none queued"


@pytest.mark.parametrize("every", [1, 4, 0])
def test_probe_turns_share_the_turns_beside_the_exhaustive_search(
    every: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``probe_turns``: beside the exhaustive search the probes take one turn in that
    many (none for 0; La Duchesse de Luynes, whose exhaustive search finds its wins as
    soon as they do); the exhaustive search takes every turn either way."""
    from cadogan.solve import search as search_module
    from cadogan.solve.exhaustive import Exhaustive as Searched

    duchesse = type(registry.game("duchesse-de-luynes"))

    class Game(duchesse):  # type: ignore[misc, valid-type]
        probe_turns = every

    assert {g.id for g in registry.all_games() if g.probe_turns != 1} == {"duchesse-de-luynes"}
    turns = {"probe": 0, "search": 0}
    step, real = Prober.step, Searched.step

    def probed(self: Prober, quota: int) -> tuple[Move, ...] | None:
        turns["probe"] += 1
        return step(self, quota)

    def searched(self: Searched, quota: int) -> object:
        turns["search"] += 1
        return real(self, quota)

    monkeypatch.setattr(Prober, "step", probed)
    monkeypatch.setattr(search_module.Exhaustive, "step", searched)
    found = solve(Game(), Game().deal(27), timeout=600, max_nodes=30 * search_module.SLICE)
    assert found.status == "timeout"
    taken = turns["search"]  # the turns, the last cut short by the node cap
    assert taken >= 10
    wanted = {0} if every == 0 else {taken // every, (taken - 1) // every}
    assert turns["probe"] in wanted, (taken, turns["probe"])
