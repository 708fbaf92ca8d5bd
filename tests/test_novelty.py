"""Novelty (solve.novelty) and the best-first probe's runs that weigh it."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable

from cadogan import registry
from cadogan.cards import Card, Rank, Suit
from cadogan.core import Move, Outcome, Pile, State, make_state
from cadogan.solve.engine import Budget, seed_of
from cadogan.solve.novelty import Novelty, foundations
from cadogan.solve.probe import Prober

ACE, TWO = Card(Rank.ACE, Suit.HEARTS), Card(Rank.TWO, Suit.HEARTS)


def position(found: tuple[Card, ...], tableau: tuple[Card, ...]) -> State:
    """A toy position: one foundation and one tableau pile."""
    piles = {"found1": Pile.face_up(found), "tableau": Pile.face_up(tableau)}
    return make_state("toy", 1, piles)


def tableau_cards(state: State, since: State | None = None) -> Iterable[Hashable]:
    """The toy's facts: each tableau card with its depth (all of them, ``since`` or
    not)."""
    return enumerate(state.piles["tableau"].cards)


def test_home_counts_the_cards_on_the_foundations_only() -> None:
    novelty = Novelty(tableau_cards)
    assert novelty.home(position((ACE, TWO), (ACE,))) == 2
    assert novelty.home(position((), (ACE, TWO))) == 0
    assert foundations(position((), ())) == ("found1",)


def test_a_position_is_novel_only_when_it_shows_a_fact_not_met_before() -> None:
    novelty = Novelty(tableau_cards)
    assert novelty.news(position((), (ACE, TWO)))
    assert not novelty.news(position((), (ACE, TWO)))
    assert not novelty.news(position((), (ACE,))), "its one fact was met before"
    assert novelty.news(position((), (TWO,))), "the two at the bottom is new"


def test_facts_are_met_anew_for_each_count_of_cards_home() -> None:
    """A position with more cards home is novel even when its facts are old."""
    novelty = Novelty(tableau_cards)
    assert novelty.news(position((), (ACE, TWO)))
    assert novelty.news(position((ACE,), (ACE, TWO)))
    assert not novelty.news(position((ACE,), (ACE, TWO)))


def test_the_constitutions_facts_say_where_each_card_lies_and_on_what() -> None:
    game = registry.game("constitution")
    state = game.deal(1)
    for _ in range(3):
        state = game.play(state, Move("deal"))
    facts = set(game.facts(state))
    piles = state.piles
    bottom = piles["people1"].cards[0]
    assert (0, bottom, None) in facts, "a People card at the bottom of its pile"
    council = piles["council3"].cards
    assert (3, council[0], None) in facts
    talon = piles["talon"].cards
    assert len(talon) == 3
    assert (4, talon[1], talon[0]) in facts, "a talon card on the one under it"
    assert len(list(game.facts(state))) == 32 + 3, "one per card, none for the pack"


def test_every_other_best_first_run_takes_the_novelty_off_an_old_position() -> None:
    """The first run ranks by the score alone; the second takes the game's
    ``novelty`` off a position that shows nothing new, and not off a novel one."""
    game = registry.game("constitution")
    assert game.novelty > 0
    budget = Budget(game, 60.0)
    settled, _, legal, result = budget.settle(game.deal(1))
    assert result is Outcome.ONGOING
    prober = Prober(budget, settled, legal, seed_of(settled), 1_000)
    assert prober.news is None
    assert prober.rank(settled) == prober.rank(settled) == budget.score(settled)
    prober.restart()
    prober.noise = 0.0
    assert prober.news is not None
    assert prober.rank(settled) == budget.score(settled), "novel the first time"
    assert prober.rank(settled) == budget.score(settled) - game.novelty
    prober.restart()
    assert prober.news is None, "the third run ranks by the score again"


def test_only_the_constitution_weighs_novelty() -> None:
    weighing = {g.id for g in registry.all_games() if g.novelty > 0}
    assert weighing == {"constitution"}
    zodiac = registry.game("zodiac")
    assert tuple(zodiac.facts(zodiac.deal(1))) == (), "a game lists no facts by default"


def test_the_constitutions_facts_since_a_position_are_those_of_the_piles_that_changed() -> None:
    game = registry.game("constitution")
    parent = game.play(game.deal(2), Move("deal"))
    move = next(m for m in game.moves(parent) if m.verb != "deal")
    child = game.play(parent, move)
    changed = [n for n in child.piles if child.piles[n] is not parent.piles[n]]
    assert set(move.args) <= set(changed) and len(changed) < 6
    partial = list(game.facts(child, parent))
    assert partial and set(partial) < set(game.facts(child))
    assert all(f in partial for f in game.facts(child) if f not in set(game.facts(parent)))


def test_novelty_since_the_parent_answers_as_novelty_from_all_the_facts() -> None:
    """Along random lines of play, a Novelty told each position's parent (recorded
    before it) finds a position novel exactly when one told nothing does."""
    game = registry.game("constitution")
    rng = random.Random(5)
    for deal in (1, 2, 3):
        whole, partial = Novelty(game.facts), Novelty(game.facts)
        state = game.deal(deal)
        whole.news(state)
        partial.news(state)
        answers = []
        for _ in range(150):
            moves = game.moves(state)
            if not moves:
                break
            child = game.play(state, rng.choice(moves))
            answers.append(whole.news(child))
            assert partial.news(child, state) == answers[-1]
            state = child
        assert True in answers and False in answers, "both answers were met"


def test_a_parent_with_other_cards_home_gives_no_shortcut() -> None:
    """``since`` is dropped when the parent has a different count of cards home."""
    given: list[State | None] = []

    def facts(state: State, since: State | None = None) -> Iterable[Hashable]:
        given.append(since)
        return tableau_cards(state)

    novelty = Novelty(facts)
    parent, same, more = position((), (ACE,)), position((), (TWO,)), position((ACE,), (TWO,))
    novelty.news(parent)
    novelty.news(same, parent)
    novelty.news(more, parent)
    assert given == [None, parent, None]
