"""Laws every game obeys (DESIGN.md section 6), run over every game in the registry.

A game is covered from the moment it is registered.  Each property walks a seeded
random playout from a random deal and checks the law at every step.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cadogan import registry
from cadogan.cards import MAX_DEAL
from cadogan.core import TRANSFER, Game, IllegalMove, Move, State
from cadogan.core.jsonform import HIDDEN, state_from_json, state_to_json, view_to_json
from cadogan.session import Session

GAMES = registry.all_games()
IDS = [g.id for g in GAMES]
DEALS = st.integers(min_value=1, max_value=MAX_DEAL)
SEEDS = st.integers(min_value=0, max_value=2**32)
STEPS = 60


def walk(game: Game, deal: int, seed: int, steps: int = STEPS) -> list[State]:
    """The states of a seeded random playout (at most ``steps`` moves)."""
    rng = random.Random(seed)
    states = [game.deal(deal)]
    for _ in range(steps):
        moves = game.moves(states[-1])
        if not moves:
            break
        states.append(game.play(states[-1], rng.choice(moves)))
    return states


def unlisted(game: Game, state: State, rng: random.Random, count: int = 8) -> list[Move]:
    """A sample of syntactically valid moves that ``moves`` does not list."""
    names = list(state.piles)
    legal = set(game.moves(state))
    candidates = [Move(TRANSFER, (a, b)) for a in names for b in names]
    candidates += [Move(v, ()) for v in game.verbs]
    candidates += [Move(v, (a,)) for v in game.verbs for a in names]
    rng.shuffle(candidates)
    return [m for m in candidates if m not in legal][:count]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(deal=DEALS, seed=SEEDS)
def test_cards_are_conserved(game: Game, deal: int, seed: int) -> None:
    states = walk(game, deal, seed)
    assert all(s.census() == states[0].census() for s in states)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(deal=DEALS, seed=SEEDS)
def test_play_never_mutates_its_input(game: Game, deal: int, seed: int) -> None:
    for state in walk(game, deal, seed, 20):
        before = state_to_json(state)
        for move in game.moves(state)[:10]:
            game.play(state, move)
        assert state_to_json(state) == before


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(deal=DEALS)
def test_same_deal_number_same_deal(game: Game, deal: int) -> None:
    assert game.deal(deal) == game.deal(deal)
    assert state_to_json(game.deal(deal)) == state_to_json(type(game)().deal(deal))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_different_deal_numbers_differ(game: Game) -> None:
    assert len({state_to_json(game.deal(n))["piles"].__repr__() for n in range(1, 6)}) == 5


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(deal=DEALS, seed=SEEDS)
def test_listed_moves_accepted_and_others_refused(game: Game, deal: int, seed: int) -> None:
    rng = random.Random(seed)
    for state in walk(game, deal, seed, 25):
        for move in game.moves(state):
            game.play(state, move)
        for move in unlisted(game, state, rng):
            with pytest.raises(IllegalMove) as err:
                game.play(state, move)
            assert err.value.reason.strip()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(deal=DEALS, seed=SEEDS)
def test_text_and_json_forms_round_trip(game: Game, deal: int, seed: int) -> None:
    for state in walk(game, deal, seed, 30):
        assert state_from_json(state_to_json(state)) == state
        for move in game.moves(state):
            assert game.parse_move(state, str(move)) == move


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(deal=DEALS, seed=SEEDS)
def test_undo_and_redo_restore_exactly(game: Game, deal: int, seed: int) -> None:
    rng = random.Random(seed)
    session = Session(game, deal)
    start = session.state
    for _ in range(30):
        moves = session.moves()
        if not moves:
            break
        session.play(rng.choice(moves))
    end, played = session.state, len(session.history)
    while session.undo():
        pass
    assert session.state == start
    while session.redo():
        pass
    assert session.state == end and len(session.history) == played


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(deal=DEALS, seed=SEEDS)
def test_a_players_view_leaks_no_face_down_card(game: Game, deal: int, seed: int) -> None:
    for state in walk(game, deal, seed, 30):
        for player in range(1, game.players + 1):
            shown = view_to_json(game.view(state, player))["piles"]
            for name, pile in state.piles.items():
                for card, up, text in zip(pile.cards, pile.up, shown[name], strict=True):
                    assert text == (str(card) if up else HIDDEN)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@given(deal=DEALS, seed=SEEDS)
def test_random_playouts_terminate(game: Game, deal: int, seed: int) -> None:
    states = walk(game, deal, seed, steps=20_000)
    assert game.outcome(states[-1]).over
    assert not game.moves(states[-1])
