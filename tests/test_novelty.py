"""Novelty (solve.novelty) and the best-first probe's runs that weigh it."""

from __future__ import annotations

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


def tableau_cards(state: State) -> Iterable[Hashable]:
    """The toy's facts: each tableau card with its depth."""
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
    assert tuple(registry.game("hemispheres").facts(registry.game("hemispheres").deal(1))) == ()
