"""Napoleon's Square's play on plain values (``_napoleons_square_fast``), the beam's form.

The form must answer exactly as the ``Game`` does, so each hook is compared with the
game's on positions from random lines of play; the beam on it must search exactly as
the beam through the ``Game`` (node for node); and its wins must replay through
``Game.play``.  Rules: docs/rules/napoleons-square.md.
"""

from __future__ import annotations

import pytest

from cadogan.core import TRANSFER, Game, IllegalMove, Move, Outcome, State
from cadogan.core.fast import FastPlay
from cadogan.games._napoleons_square_fast import DEAL_MOVE, HOME, TALON_AT, Spot, Spots, spot
from cadogan.games._napoleons_square_rules import CODE, FOUND, PACKETS, TALON
from cadogan.games.napoleons_square import NapoleonsSquare
from cadogan.solve.beam import Beam
from cadogan.solve.engine import Budget, OutOfTime
from cadogan.solve.rules import FastRules, Rules
from tests.helpers import (
    assert_exhaustive_search_proves_alike,
    assert_fast_form_plays_as_the_game,
    best_first_alone,
    lines_avoiding_the_deal,
)

G = NapoleonsSquare()
PLACES = {name: i for i, name in enumerate((*PACKETS, TALON))}


def shape(move: Move) -> tuple[str, ...]:
    """A Game move without its foundation's place (the form plays home as one move)."""
    if move.verb != TRANSFER:
        return (move.verb,)
    src, dst = move.args[0], move.args[-1]
    return (src, "home" if dst in FOUND else dst)


def spot_shape(move: int) -> tuple[str, ...]:
    """A spot move as a Game move's shape."""
    if move == DEAL_MOVE:
        return ("deal",)
    src, dst = move >> 5, move & 31
    source = TALON if src == TALON_AT else PACKETS[src]
    return (source, "home" if dst == HOME else PACKETS[dst])


def code_fact(fact: object) -> int:
    """A Game fact ``(pile, card, card under)`` in the spots' terms (packed in an int)."""
    assert isinstance(fact, tuple)
    place, card, under = fact
    return 4096 * PLACES[place] + 64 * CODE[card] + (CODE[under] if under is not None else 0)


SAMPLE = lines_avoiding_the_deal(G, range(1, 9), seed=5, odds=0.85, phase="play")


def test_the_sample_reaches_the_talons_test_and_the_end() -> None:
    """The comparison below covers late positions (where ``dead`` runs the talon's
    test) and ended ones, not only openings."""
    assert any(len(s.piles["pack"].cards) <= 12 and s.piles[TALON].cards for s in SAMPLE)
    assert any(G.outcome(s) is Outcome.LOST for s in SAMPLE)
    assert any(G.dead(s) for s in SAMPLE)


def test_moves_order_and_play_are_the_games() -> None:
    """Rule I, Rule II, P2, P3, P5: every legal move, in the Game's order, and the
    position after it."""
    assert_fast_form_plays_as_the_game(G, SAMPLE, spot, shape, spot_shape)


def test_outcome_safe_score_dead_and_facts_are_the_games() -> None:
    spots = Spots(G, G.deal(1))
    for state in SAMPLE:
        here = spot(state)
        legal = spots.moves(here)
        assert spots.outcome(here, legal) is G.outcome(state)
        safe = G.safe(state)
        ours = spots.safe(here, legal)
        assert (None if safe is None else shape(safe)) == (
            None if ours is None else spot_shape(ours)
        )
        assert spots.score(here) == G.score(state)
        facts = {code_fact(fact) for fact in G.facts(state)}
        assert set(spots.facts(here)) == facts
        assert spots.home(here) == sum(len(state.piles[f].cards) for f in FOUND)


def test_dead_is_the_games() -> None:
    """The kings' tests and the talon's test (docs/rules, "The solver's pruning") on
    card codes answer as on States; the pack's order comes from each deal's root."""
    for state in SAMPLE:
        spots = Spots(G, G.deal(state.deal))
        assert spots.dead(spot(state)) is G.dead(state)


def test_the_key_merges_exactly_the_positions_the_games_key_merges() -> None:
    ours: dict[object, object] = {}
    theirs: dict[object, object] = {}
    spots = Spots(G, G.deal(1))
    for state in SAMPLE:
        mine, game = spots.key(spot(state)), G.key(state)
        assert ours.setdefault(mine, game) == game
        assert theirs.setdefault(game, mine) == mine


def beam_search(deal: int, fast: bool, nodes: int) -> tuple[int, State, tuple[Move, ...] | None]:
    """One beam (and nothing else) under a node cap: its nodes, its root (the deal
    settled) and any win from there."""
    budget = Budget(G, 600.0, nodes)
    root, _, legal, _ = budget.settle(G.deal(deal))
    rules: Rules = Rules(budget, root, legal)
    if fast:
        form = G.fast_play(root)
        assert form is not None
        rules = FastRules(budget, root, legal, form)
    beam = Beam(budget, root, legal, 0, rules)
    try:
        while (found := beam.step(1024)) is None:
            pass
    except OutOfTime:
        found = None
    return budget.nodes, root, found


@pytest.mark.parametrize("deal", [2, 7])
def test_the_beam_searches_alike_on_either_form(deal: int) -> None:
    """Node for node: the same count under a cap, the same win when one is found."""
    assert beam_search(deal, True, 30_000) == beam_search(deal, False, 30_000)


def test_a_win_found_on_spots_replays_to_a_win_through_the_game() -> None:
    nodes, state, line = beam_search(1, True, 200_000)
    assert line is not None and nodes < 200_000
    for move in line:
        state = G.play(state, move)
    assert G.outcome(state) is Outcome.WON


def test_the_line_is_checked_by_the_game() -> None:
    """A spot move the Game refuses is not reported: the replay raises."""
    root = G.deal(1)
    spots = Spots(G, root)
    here, legal, _ = spots.roots()[0]
    illegal = next(
        32 * i + j
        for i in range(12)
        for j in range(12)
        if i != j and 32 * i + j not in legal and here[0][i] and here[0][j]
    )
    with pytest.raises(IllegalMove):
        spots.line([illegal])


def test_the_remedy_gives_one_root_per_choice() -> None:
    """P4: a deal that opens in the remedy starts the beam from each position the
    slips can reach, each once.  Deal 65 has two choices; deal 157 two suits with two
    choices each, taken in either order: 5 distinct positions (packet 11 holds a king
    of each suit, and the order of the two slips there decides its bottom card)."""
    for deal, count in ((65, 2), (157, 5)):
        root = G.deal(deal)
        assert root.phase == "remedy"
        roots = Spots(G, root).roots()
        assert len(roots) == count
        assert len({Spots(G, root).key(here) for here, _, _ in roots}) == count
        for here, legal, line in roots:
            state = root
            for move in line:
                state = G.play(state, move)
            assert state.phase == "play" and spot(state) == here
            assert legal == Spots(G, root).moves(here)


def test_fast_play_only_for_the_books_rules() -> None:
    """The modern rules move runs and fill spaces from the square: no fast form."""
    assert NapoleonsSquare(rules="modern").fast_play(G.deal(1)) is None
    assert Game.fast_play(G, G.deal(1)) is None


def test_a_spot_is_plain_values() -> None:
    here: Spot = spot(G.deal(3))
    packets, heights, talon, left = here
    assert len(packets) == 12 and all(len(p) == 4 for p in packets)
    assert heights == bytes(8) and talon == b"" and left == 56


class Plain(NapoleonsSquare):
    """The game without its fast form: every search plays through the Game."""

    def fast_play(self, root: State) -> FastPlay | None:
        return None


@pytest.mark.parametrize("deal", [7, 12])
def test_the_best_first_probe_searches_alike_on_either_form(deal: int) -> None:
    """The probe on spots meets the same positions as through the Game.  (Deals that
    open in the Note's remedy are left out: through the Game the slips are searched
    as positions, while the fast form starts from each position after them.)"""
    assert best_first_alone(G, deal, 20_000) == best_first_alone(Plain(), deal, 20_000)


def test_the_books_other_way_plays_alike_on_spots() -> None:
    """P7 (``deal=single``): twelve single cards and a pack of 92; the same rules, so
    the same moves and positions on spots."""
    single = NapoleonsSquare(deal="single")
    states = lines_avoiding_the_deal(single, range(1, 4), seed=7, odds=0.85, phase="play")
    assert len(spot(states[0])[0][0]) <= 1 and spot(single.deal(1))[3] == 92
    assert_fast_form_plays_as_the_game(single, states, spot, shape, spot_shape)
    for state in states:
        form = single.fast_play(single.deal(state.deal))
        assert form is not None and form.dead(spot(state)) is single.dead(state)


def test_the_exhaustive_search_proves_alike_on_either_form() -> None:
    """The search that alone answers ``unsolvable`` plays on spots: from positions of
    random lines it wins and proves lost the same ones, with the same node counts,
    tables and winning lines as through the Game."""
    assert_exhaustive_search_proves_alike(
        G, Plain(), SAMPLE, ("solved", "unsolvable", "timeout"), stride=9
    )
