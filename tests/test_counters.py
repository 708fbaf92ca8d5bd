"""The counters of a table's header, in a player's words (``Game.counters``): the web
page wrote the code's names ("race moves 0", "vacancy none", "traveller 0", "redeals
3"), a reviewer found, and a counter with nothing to say was shown all the same."""

from __future__ import annotations

from cadogan import registry
from cadogan.core import action
from cadogan.render import describe_phase


def test_the_hemispheres_counts_race_marriages_against_their_limit() -> None:
    game = registry.game("hemispheres")
    state = game.deal(1).with_vars(race_moves=5)
    assert game.counters(state) == ("Race marriages 5 of 12",)


def test_petits_paquets_counts_the_deal_while_dealing_and_the_redeals_left() -> None:
    game = registry.game("petits-paquets")
    state = game.deal(1)
    assert game.counters(state) == ("count 1", "re-deals left 2")
    while state.phase == "deal":
        state = game.play(state, game.moves(state)[-1])
    assert game.counters(state) == ("re-deals left 2",)


def test_the_duchesse_gives_the_redeals_left() -> None:
    game = registry.game("duchesse-de-luynes")
    assert describe_phase(game, game.deal(1)) == "play, re-deals left 3"


def test_the_constitution_names_a_vacancy_only_while_one_is_open() -> None:
    game = registry.game("constitution")
    state = game.deal(1)
    assert game.counters(state) == ()
    assert game.counters(state.with_vars(vacancy="lords3")) == ("vacancy to fill: lords3",)


def test_travellers_names_the_packet_whose_card_travels_next() -> None:
    game = registry.game("travellers")
    state = game.deal(1)
    assert game.counters(state) == ()
    turned = game.play(state, action("turn", "spare"))  # deal 1 turns a 7 from the spare
    assert game.counters(turned) == ("next to travel: the top of packet7",)
    assert game.moves(turned) == (action("travel", "packet7"),)


def test_a_game_without_counters_says_only_its_phase() -> None:
    game = registry.game("zodiac")
    assert game.counters(game.deal(1)) == () and describe_phase(game, game.deal(1)) == "marry"
