"""Players (solver, greedy, random), hints and autoplay."""

from __future__ import annotations

import importlib
import random
from dataclasses import replace

import pytest

from cadogan import registry
from cadogan.core import TRANSFER, Game, Move, Outcome, Pile, State, View
from cadogan.describe import describe
from cadogan.session import Session
from cadogan.solve import PLAYERS, Hint, greedy_move, play_deal, solve
from cadogan.solve.greedy import SHUFFLE_LIMIT, Memory, _is_stock, score, shuffles
from cadogan.solve.hints import NO_LONGER, Proofs
from cadogan.solve.players import _choose
from tests.helpers import ROOMY
from tests.solve_toys import HiddenLadder, Ladder, OpenLadder, SafeLadder

GAMES = registry.all_games()
IDS = [g.id for g in GAMES]


def shuffle_hidden(state: State, rng: random.Random) -> State:
    """The same position with its face-down cards dealt among the face-down places anew."""
    slots = [(n, i) for n, p in state.piles.items() for i, up in enumerate(p.up) if not up]
    hidden = [state[n].cards[i] for n, i in slots]
    rng.shuffle(hidden)
    cards = {n: list(p.cards) for n, p in state.piles.items()}
    for (name, index), card in zip(slots, hidden, strict=True):
        cards[name][index] = card
    return state.with_piles({n: Pile(tuple(cards[n]), state[n].up) for n in state.piles})


def positions(game: Game, deal: int, steps: int, seed: int) -> list[State]:
    rng, states = random.Random(seed), [game.deal(deal)]
    for _ in range(steps):
        legal = game.moves(states[-1])
        if not legal:
            break
        states.append(game.play(states[-1], rng.choice(legal)))
    return states


@pytest.mark.parametrize("game", [*GAMES, HiddenLadder()], ids=[*IDS, "hidden-ladder"])
def test_greedy_never_peeks(game: Game) -> None:
    """Re-dealing the face-down cards leaves the view, and so greedy's choice, unchanged."""
    rng, checked = random.Random(7), 0
    for deal in (1, 2, 3):
        for state in positions(game, deal, 40, deal):
            twin = shuffle_hidden(state, rng)
            assert game.view(state, state.turn) == game.view(twin, twin.turn)
            if game.outcome(state).over or game.moves(state) != game.moves(twin):
                continue
            mine, yours = Memory(), Memory()
            first = _choose(game, state, "greedy", random.Random(0), mine)
            assert first == _choose(game, twin, "greedy", random.Random(0), yours)
            checked += 1
    assert checked > 0


def test_greedy_rule_of_thumb_prefers_foundation_plays() -> None:
    game = Ladder()
    state = game.deal(2)
    legal = game.moves(state)
    view = game.view(state)
    choice = greedy_move(game.id, view, legal)
    if any(m.target == "found1" for m in legal):
        assert choice is not None and choice.target == "found1"


def test_greedy_does_not_repeat_itself() -> None:
    """In a game with spaces a card could shuttle for ever; memory stops that."""
    game = OpenLadder()
    for deal in range(1, 8):
        result = play_deal(game, deal, "greedy", timeout=5.0)
        assert result.status in ("won", "lost")


def test_a_packet_is_not_the_stock() -> None:
    """Emptying a packet (Napoleon's Square) is rule 2, not a play from the stock (rule 3)."""
    game = registry.game("napoleons-square")
    view = game.view(game.deal(1))
    assert not _is_stock("packet1") and _is_stock("pack") and _is_stock("talon")
    assert score(view, Move(TRANSFER, ("packet1", "packet2"))) == 40  # rule 4, a marriage
    assert score(view, Move(TRANSFER, ("talon", "packet2"))) == 30  # rule 3


def test_greedy_stops_shuffling_between_piles() -> None:
    """After SHUFFLE_LIMIT moves in a row from pile to pile, such moves are set aside,
    so under Napoleon's Square's modern rules the player ends every deal promptly."""
    game = registry.game("napoleons-square", rules="modern")
    for deal in range(1, 9):
        result = play_deal(game, deal, "greedy", timeout=20.0)
        assert result.status in ("won", "lost")
        assert len(result.moves) < 5_000
    view = game.view(game.deal(1))
    legal = game.moves(game.deal(1))
    plain = [m for m in legal if shuffles(view, m)]
    assert plain, "deal 1 offers a move from packet to packet"
    tired = Memory(shuffles=SHUFFLE_LIMIT)
    choice = greedy_move(game.id, view, legal, tired)
    assert choice not in plain


def test_greedy_gives_up_when_everything_was_tried() -> None:
    game = Ladder()
    state = game.deal(1)
    view: View = game.view(state)
    legal = game.moves(state)
    memory = Memory({(view, m) for m in legal})
    assert greedy_move(game.id, view, legal, memory) is None


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("player", PLAYERS)
def test_every_player_finishes_every_game(game: Game, player: str) -> None:
    result = play_deal(game, 1, player, timeout=0.5)
    assert result.status in ("won", "lost", "timeout")
    if result.status == "won":
        state = game.deal(1)
        for move in result.moves:
            state = game.play(state, move)
        assert game.outcome(state) is Outcome.WON


def test_players_are_deterministic() -> None:
    game = OpenLadder()
    for player in ("greedy", "random"):
        a = play_deal(game, 5, player, seed=3)
        b = play_deal(game, 5, player, seed=3)
        assert a.moves == b.moves and a.status == b.status


def test_random_player_is_seeded_by_deal_and_seed() -> None:
    game = OpenLadder()
    lines = {play_deal(game, 5, "random", seed=s).moves for s in range(6)}
    assert len(lines) > 1


def test_solver_player_reports_the_verdict() -> None:
    game = Ladder()
    for deal in range(1, 15):
        verdict = solve(game, game.deal(deal)).status
        result = play_deal(game, deal, "solver")
        assert result.status == {"solved": "won", "unsolvable": "lost"}[verdict]


def test_unknown_player_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        play_deal(Ladder(), 1, "psychic")


def _deal_with(game: Game, status: str) -> int:
    return next(d for d in range(1, 100) if solve(game, game.deal(d)).status == status)


def test_hint_gives_the_solvers_next_move_while_winnable() -> None:
    game = Ladder()
    deal = _deal_with(game, "solved")
    session = Session(game, deal)
    hint = session.hint(timeout=ROOMY)
    assert isinstance(hint, Hint) and hint.move is not None
    assert hint.move == solve(game, game.deal(deal)).moves[0]
    session.play(hint.move)
    assert session.hint(timeout=ROOMY).move is not None


def test_hint_says_plainly_when_the_deal_is_lost() -> None:
    game = Ladder()
    session = Session(game, _deal_with(game, "unsolvable"))
    hint = session.hint(timeout=ROOMY)
    assert hint.move is None and hint.message == NO_LONGER


def test_hint_falls_back_to_greedy_when_out_of_time() -> None:
    game = OpenLadder()
    session = Session(game, 1)
    hint = session.hint(timeout=1e-9)
    assert hint.status == "timeout" and "rule-of-thumb" in hint.message
    assert hint.move == greedy_move(game.id, game.view(session.state), session.moves())


def test_hint_when_the_game_is_over() -> None:
    game = registry.game("travellers")
    session = Session(game, 1)
    session.autoplay()
    assert session.outcome().over
    assert session.hint() == Hint(None, "The game is over.")


HINTS = importlib.import_module("cadogan.solve.hints")  # ``cadogan.solve.hint`` is the function


def _no_solving(*args: object, **kwargs: object) -> None:
    raise AssertionError("solved again a position already proved")


def test_following_the_hints_needs_one_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position of the line a hint's solve found is proved winnable: the next
    hints come from that proof, without solving again, and lead to the win."""
    game = Ladder()
    session = Session(game, _deal_with(game, "solved"))
    first = session.hint(timeout=ROOMY)
    assert first.status == "solved" and first.move is not None
    monkeypatch.setattr(HINTS, "solve", _no_solving)
    session.play(first.move)
    while not session.outcome().over:
        hint = session.hint(timeout=ROOMY)
        assert hint.status == "solved" and hint.move in session.moves()
        named = describe(game, session.state, hint.move)
        assert hint.message == f"Play {named}: the deal can still be won."
        session.play(hint.move)
    assert session.outcome() is Outcome.WON


def test_a_proof_holds_when_the_player_comes_back_by_undo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Ladder()
    session = Session(game, _deal_with(game, "solved"))
    move = session.hint(timeout=ROOMY).move
    assert move is not None
    others = [m for m in session.moves() if m != move]
    monkeypatch.setattr(HINTS, "solve", _no_solving)
    if others:
        session.play(others[0])
        session.undo()
    assert session.hint(timeout=ROOMY).move == move


def test_a_position_proved_lost_stays_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Ladder()
    session = Session(game, _deal_with(game, "unsolvable"))
    assert session.hint(timeout=ROOMY).message == NO_LONGER
    monkeypatch.setattr(HINTS, "solve", _no_solving)
    again = session.hint(timeout=ROOMY)
    assert (again.move, again.message, again.status) == (None, NO_LONGER, "unsolvable")


def test_an_undecided_solve_proves_nothing() -> None:
    game = OpenLadder()
    session = Session(game, 1)
    assert session.hint(timeout=1e-9).status == "timeout"
    assert session.proofs.verdict(session.state) is None
    assert not session.proofs.wins and not session.proofs.lost


def test_proofs_keep_the_solvers_line_and_refuse_one_that_does_not_win() -> None:
    game = Ladder()
    start = game.deal(_deal_with(game, "solved"))
    found = solve(game, start)
    proofs = Proofs()
    proofs.learn(game, start, found)
    assert proofs.line(start) == found.moves and proofs.verdict(start) == "solved"
    assert proofs.next_move(start) == found.moves[0]
    broken = Proofs()
    with pytest.raises(ValueError, match="does not end in a win"):
        broken.learn(game, start, replace(found, moves=found.moves[:-1]))


def test_a_later_line_never_overwrites_an_earlier_one() -> None:
    """Two lines through one position: the walk from either start still ends in a win."""
    game = Ladder()
    start = game.deal(_deal_with(game, "solved"))
    found = solve(game, start)
    middle = game.play(start, found.moves[0])
    proofs = Proofs()
    proofs.learn(game, middle, solve(game, middle))
    kept = proofs.line(middle)
    proofs.learn(game, start, found)
    assert proofs.line(middle) == kept
    state = start
    for move in proofs.line(start):
        state = game.play(state, move)
    assert game.outcome(state) is Outcome.WON


def test_proofs_start_afresh_past_their_cap() -> None:
    game = Ladder()
    deals = [d for d in range(1, 60) if solve(game, game.deal(d)).status == "solved"][:2]
    proofs = Proofs(cap=len(solve(game, game.deal(deals[0])).moves) + 1)
    for deal in deals:
        proofs.learn(game, game.deal(deal), solve(game, game.deal(deal)))
    assert proofs.verdict(game.deal(deals[0])) is None
    assert proofs.verdict(game.deal(deals[1])) == "solved"


def test_autoplay_plays_safe_moves_until_none() -> None:
    game = SafeLadder()
    deal = _deal_with(game, "solved")
    session = Session(game, deal)
    played = session.autoplay()
    assert played == len(session.history)
    assert game.safe(session.state) is None
    assert all(e.move.target == "found1" for e in session.history)


def test_autoplay_respects_its_limit_and_plays_nothing_without_safe_moves() -> None:
    session = Session(registry.game("travellers"), 3)
    assert session.autoplay(limit=5) == 5
    assert Session(Ladder(), 1).autoplay() == 0


def test_hint_move_is_a_legal_move_in_every_game() -> None:
    for game in GAMES:
        session = Session(game, 2)
        hint = session.hint(timeout=0.3)
        if hint.move is not None:
            assert hint.move in session.moves()
        assert isinstance(hint.message, str) and hint.message
        assert isinstance(hint.move, Move | None)


def test_the_solver_players_wins_are_checked_by_replay() -> None:
    from cadogan.solve.players import replays_to_win

    game = registry.game("travellers")
    state = game.deal(28)
    line = play_deal(game, 28, "solver", timeout=ROOMY).moves
    assert replays_to_win(game, state, line)
    assert not replays_to_win(game, state, line[:-3])
