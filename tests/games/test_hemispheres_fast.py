"""The Hemispheres on plain values (``_hemispheres_fast``), the searches' form.

The form must answer exactly as the ``Game`` does, so each hook is compared with the
game's on positions from random lines of play; the beam and the best-first probe on
it must search exactly as through the ``Game`` (node for node); and its wins must
replay through ``Game.play``.  Rules: docs/rules/hemispheres.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cadogan.core import TRANSFER, Move, Outcome, State
from cadogan.core.fast import FastPlay
from cadogan.games._hemispheres_fast import (
    BARRIER_AT,
    DEAL_MOVE,
    EXCHANGE,
    HOME,
    TALON_AT,
    Spots,
    spot,
)
from cadogan.games._hemispheres_rules import BARRIERS, FOUNDATIONS, POSITIONS, RACES, TALON
from cadogan.games._hemispheres_solve import CODE
from cadogan.games.hemispheres import Hemispheres
from cadogan.solve.beam import Beam
from cadogan.solve.engine import Budget, OutOfTime
from cadogan.solve.rules import Rules, rules_for
from tests.helpers import (
    assert_exhaustive_search_proves_alike,
    assert_fast_form_plays_as_the_game,
    best_first_alone,
    exhaustive_alone,
    lines_avoiding_the_deal,
)

G = Hemispheres()


class Plain(Hemispheres):
    """The game without its fast form: every search plays through the Game.  Its
    moves keep one play home per source, as the fast form does (the game lists one
    per foundation the card fits, and the searches then spend a node on the second,
    which reaches the same key), so that the two forms search node for node alike."""

    def fast_play(self, root: State) -> FastPlay | None:
        return None

    def moves(self, state: State) -> tuple[Move, ...]:
        kept: list[Move] = []
        for move in super().moves(state):
            if not kept or shape(move) != shape(kept[-1]):
                kept.append(move)
        return tuple(kept)


def shape(move: Move) -> tuple[str, ...]:
    """A Game move without its foundation's place (the form plays home as one move)."""
    if move.verb != TRANSFER:
        return (move.verb, *move.args)
    src, dst = move.args
    return (src, "home" if dst in FOUNDATIONS else dst)


def spot_shape(move: int) -> tuple[str, ...]:
    """A spot move as a Game move's shape."""
    if move == DEAL_MOVE:
        return ("deal",)
    if move >= EXCHANGE:
        return ("exchange", POSITIONS[(move - EXCHANGE) >> 5], POSITIONS[move & 31])
    src, dst = move >> 5, move & 31
    if src < TALON_AT:
        source = POSITIONS[src]
    else:
        source = TALON if src == TALON_AT else BARRIERS[src - BARRIER_AT]
    return (source, "home" if dst == HOME else POSITIONS[dst])


SAMPLE = lines_avoiding_the_deal(G, range(1, 7), seed=3, odds=0.8)


def test_the_sample_holds_dead_ended_and_exchanging_positions() -> None:
    """The comparison below reaches the talon's test, the end and Rule II."""
    assert any(G.dead(s) for s in SAMPLE)
    assert any(G.outcome(s) is Outcome.LOST for s in SAMPLE)
    assert any(m.verb == "exchange" for s in SAMPLE for m in G.moves(s))


def test_moves_order_and_play_are_the_games() -> None:
    """Rules I-V and the play: every legal move, in the Game's order (plays, talon
    marriages, exchanges, Race marriages within the limit, end transfers, the deal),
    and the position after it."""
    assert_fast_form_plays_as_the_game(G, SAMPLE, spot, shape, spot_shape)


def test_an_end_transfer_starts_the_count_again_on_spots_too() -> None:
    """Decision 11 on the fast form: a transfer from one circle position to another
    across the equator is not a Race marriage, so the count goes back to 0 (it was
    counted as one, by the game as well)."""
    from tests.games.test_hemispheres import position

    state = position({"european2": "Th", "african1": "5h", "asiatic1": "9h"}, race_moves=5)
    move = next(m for m in G.moves(state) if m.args == ("african1", "european1"))
    form = Spots(G, G.deal(1))
    code = 32 * POSITIONS.index("african1") + POSITIONS.index("european1")
    assert code in form.moves(spot(state))
    after = form.play(spot(state), code)
    assert after[5] == 0 and after == spot(G.play(state, move))


def code_fact(fact: object) -> int:
    """A Game fact ``(Race or talon, card, card under)`` in the spots' terms (an int)."""
    assert isinstance(fact, tuple)
    place, card, under = fact
    at = 4 if place == TALON else RACES.index(place)
    return 4096 * at + 64 * CODE[card] + (CODE[under] if under is not None else 0)


def test_outcome_safe_score_dead_and_facts_are_the_games() -> None:
    for state in SAMPLE:
        spots = Spots(G, G.deal(state.deal))
        here = spot(state)
        legal = spots.moves(here)
        assert spots.outcome(here, legal) is G.outcome(state)
        safe, ours = G.safe(state), spots.safe(here, legal)
        assert (None if safe is None else shape(safe)) == (
            None if ours is None else spot_shape(ours)
        )
        assert spots.score(here) == G.score(state)
        assert spots.dead(here) is G.dead(state)
        assert spots.glance(here) is G.glance(state)
        assert Counter(spots.facts(here)) == Counter(code_fact(f) for f in G.facts(state))
        assert spots.home(here) == sum(len(state.piles[f].cards) for f in FOUNDATIONS)


def test_a_glance_is_remembered_by_the_circles_cards_not_their_places() -> None:
    """``Spots.judge`` remembers the first two proofs' verdict (``glance``) by which
    cards lie in the circle, not where: so a circle with its positions' contents
    moved round gets, fresh, the verdict remembered for the position it came from;
    and the remembered verdicts leave ``glance`` and ``dead`` answering as the Game's
    on every position, asked through one form per deal."""
    forms: dict[int, Spots] = {}
    moved = 0
    for state in SAMPLE:
        spots = forms.setdefault(state.deal, Spots(G, G.deal(state.deal)))
        here = spot(state)
        for _ in range(2):
            assert spots.glance(here) is G.glance(state)
            assert spots.dead(here) is G.dead(state)
        if here[2]:  # a talon: judged, so remembered
            circle = here[0]
            turned = (circle[1:] + circle[:1], *here[1:])
            remembered = len(spots.glances)
            assert spots.glance(turned) is spots.glance(here)
            assert len(spots.glances) == remembered  # the same key
            assert Spots(G, G.deal(state.deal)).glance(turned) is spots.glance(here)
            moved += 1
    assert moved > 0


def test_the_key_merges_exactly_the_positions_the_games_key_merges() -> None:
    ours: dict[object, object] = {}
    theirs: dict[object, object] = {}
    for state in SAMPLE:
        mine, game = Spots(G, G.deal(state.deal)).key(spot(state)), G.key(state)
        assert ours.setdefault(mine, game) == game
        assert theirs.setdefault(game, mine) == mine


def beam_search(game: Hemispheres, deal: int, nodes: int) -> tuple[int, tuple[Move, ...] | None]:
    """One beam (and nothing else) under a node cap: its nodes and any win."""
    budget = Budget(game, 600.0, nodes)
    root, _, legal, _ = budget.settle(game.deal(deal))
    beam = Beam(budget, root, legal, 0, rules_for(budget, root, legal))
    try:
        while (found := beam.step(1024)) is None:
            pass
    except OutOfTime:
        found = None
    return budget.nodes, found


@pytest.mark.parametrize("deal", [3, 4])
def test_the_beam_searches_alike_on_either_form(deal: int) -> None:
    """Node for node: the same count under a cap, the same win when one is found."""
    assert beam_search(G, deal, 30_000) == beam_search(Plain(), deal, 30_000)


def test_a_win_found_on_spots_replays_to_a_win_through_the_game() -> None:
    budget = Budget(G, 600.0, 300_000)
    root, _, legal, _ = budget.settle(G.deal(4))
    rules = rules_for(budget, root, legal)
    assert type(rules) is not Rules  # the fast form
    line = None
    beam = Beam(budget, root, legal, 0, rules)
    while line is None:
        line = beam.step(1024)
    state = root
    for move in line:
        state = G.play(state, move)
    assert G.outcome(state) is Outcome.WON


def test_the_best_first_probe_searches_alike_on_either_form() -> None:
    assert best_first_alone(G, 5, 20_000) == best_first_alone(Plain(), 5, 20_000)


def test_the_exhaustive_search_proves_alike_on_either_form() -> None:
    """The search that alone answers ``unsolvable`` plays on spots: from positions of
    random lines it proves the same ones lost, and runs out at the same node, with the
    same node counts and tables as through the Game."""
    assert_exhaustive_search_proves_alike(G, Plain(), SAMPLE, ("unsolvable", "timeout"))


def test_the_unsolvable_fixture_and_a_win_are_found_alike_on_either_form() -> None:
    """Deal 351 (tests/fixtures: four red cards dealt South, one black North) is proved
    lost from the deal on spots as through the Game; and a win late in deal 7, found
    on spots, is the Game's line, replaying to a win."""
    lost = exhaustive_alone(G, G.deal(351), 5_000)
    assert lost[0] == "unsolvable" and lost == exhaustive_alone(Plain(), G.deal(351), 5_000)
    budget = Budget(G, 600.0)
    root, _, legal, _ = budget.settle(G.deal(351))
    assert type(rules_for(budget, root, legal)) is not Rules  # the fast form proved it
    won = exhaustive_alone(G, G.deal(7), 60_000)
    state = G.deal(7)
    for move in won[3][: len(won[3]) * 4 // 5]:
        state = G.play(state, move)
    ours = exhaustive_alone(G, state, 5_000)
    assert ours[0] == "solved" and ours == exhaustive_alone(Plain(), state, 5_000)
    for move in ours[3]:
        state = G.play(state, move)
    assert G.outcome(state) is Outcome.WON
