"""Grades in the exhaustive search's table (``Game.graded``, ``Game.grades``).

A game may keep part of its key out of the table as a grade, where a lower grade
dominates; the table then keeps each table key's lowest grade and searches a position
again only when it comes with a lower one (the soundness argument is in
:mod:`cadogan.solve.search`, rule 5).  Checked here: the table's bookkeeping, verdicts
against brute force on a toy with a dominating count, and the Hemispheres' two forms
splitting their keys alike.
"""

from __future__ import annotations

from collections.abc import Hashable

from cadogan.core import Outcome
from cadogan.games import _hemispheres_fast as hemispheres_fast
from cadogan.games._hemispheres_rules import COUNTER, RACE_MOVE_LIMIT
from cadogan.games.hemispheres import Hemispheres
from cadogan.solve import solve
from cadogan.solve.engine import Budget
from cadogan.solve.exhaustive import Exhaustive
from cadogan.solve.rules import meet, rules_for
from tests.games.test_hemispheres_fast import beam_search
from tests.helpers import (
    assert_keys_merge_alike,
    best_first_alone,
    exhaustive_alone,
    lines_avoiding_the_deal,
)
from tests.solve_toys import GradedLadder, UngradedLadder, reachable_win

H = Hemispheres()


class Ungraded(Hemispheres):
    """The Hemispheres with the count kept in the table's key, as before grades."""

    grades = False


def split(key: Hashable) -> tuple[Hashable, int]:
    """A toy grader: a pair's first item is the table key, its second the grade."""
    assert isinstance(key, tuple)
    return key[0], key[1]


def test_the_table_keeps_each_keys_lowest_grade() -> None:
    """A key met again with a grade no lower than its entry's is not searched again;
    with a lower grade it is, and the entry then keeps the lower grade; a new key
    counts towards the table's size, a lowered entry does not."""
    search = Exhaustive(Budget(GradedLadder(), 60.0), 10)
    search.grader = split
    assert search.remember(("a", 3))
    assert not search.remember(("a", 3))
    assert not search.remember(("a", 5))
    assert search.remember(("a", 1))
    assert not search.remember(("a", 2))
    assert search.remember(("b", 7))
    assert search.seen == {"a": 1, "b": 7}


def test_a_game_without_grades_keeps_whole_keys() -> None:
    search = Exhaustive(Budget(UngradedLadder(), 60.0), 10)
    root = UngradedLadder().deal(1)
    budget = search.budget
    _, _, legal, _ = budget.settle(root)
    search.begin(rules_for(budget, root, legal))
    assert search.grader is None
    assert search.remember((1, (), 3)) and search.remember((1, (), 2))
    assert not search.remember((1, (), 3))


def test_verdicts_with_grades_agree_with_brute_force_and_the_table_shrinks() -> None:
    """On a toy whose count of moves in a row dominates downwards, the graded search
    answers exactly as an enumeration of every reachable position (the count
    included), and its table is never larger than the ungraded one's, and smaller on
    some deal."""
    graded, ungraded = GradedLadder(), UngradedLadder()
    verdicts, smaller = set(), 0
    for deal in range(1, 21):
        start = graded.deal(deal)
        found = solve(graded, start)
        assert found.status == ("solved" if reachable_win(graded, start) else "unsolvable")
        if found.status == "solved":
            state = start
            for move in found.moves:
                state = graded.play(state, move)
            assert graded.outcome(state) is Outcome.WON
        plain = solve(ungraded, ungraded.deal(deal))
        assert plain.status == found.status
        assert found.peak_states <= plain.peak_states
        smaller += found.peak_states < plain.peak_states
        verdicts.add(found.status)
    assert verdicts == {"solved", "unsolvable"}
    assert smaller > 0


def test_the_hemispheres_forms_split_their_keys_alike() -> None:
    """The game's key and its fast form's key split into table keys that merge the
    same positions, with the same grade: the count of Race marriages in a row, as the
    key caps it."""
    tables: dict[Hashable, set[Hashable]] = {}
    counts = set()
    checked = 0
    for state in lines_avoiding_the_deal(H, range(1, 4), seed=5, odds=0.85, phase="play"):
        form = hemispheres_fast.Spots(H, H.deal(state.deal))
        game_table, game_grade = H.graded(H.key(state))
        fast_table, fast_grade = form.graded(form.key(hemispheres_fast.spot(state)))
        count = min(state.num(COUNTER), RACE_MOVE_LIMIT)
        assert game_grade == fast_grade == count
        tables.setdefault(game_table, set()).add(fast_table)
        counts.add(count)
        checked += 1
    assert checked > 200 and len(counts) > 3
    assert_keys_merge_alike(tables)


def test_the_hemispheres_grades_prove_a_position_lost_in_fewer_positions() -> None:
    """From deal 51 (lost), 24 moves along the game's move order (its second choice at
    every third move, so that Race marriages come into play): the Python search
    proves the position lost with grades and without them, and with grades in an
    eighth of the positions, because a position met again after fewer Race
    marriages in a row is not searched twice."""
    state = H.deal(51)
    for step in range(24):
        ordered = H.order(state, H.moves(state))
        state = H.play(state, ordered[min(1, len(ordered) - 1)] if step % 3 == 0 else ordered[0])
    graded = exhaustive_alone(H, state, 100_000)
    ungraded = exhaustive_alone(Ungraded(), state, 100_000)
    assert graded[0] == ungraded[0] == "unsolvable"
    assert 4 * graded[1] < ungraded[1] and graded[2] < ungraded[2]


def test_a_beam_layer_skips_a_position_met_before_with_no_fewer_grades() -> None:
    """The beam's record of the positions met in a layer (``meet``) keeps each table
    key's lowest grade, as the exhaustive search's table does; without grades the
    whole key decides."""
    seen: dict[Hashable, int] = {}
    assert meet(seen, ("a", 4), split)
    assert not meet(seen, ("a", 4), split) and not meet(seen, ("a", 6), split)
    assert meet(seen, ("a", 2), split) and seen == {"a": 2}
    plain: dict[Hashable, int] = {}
    assert meet(plain, ("a", 4), None) and meet(plain, ("a", 2), None)
    assert not meet(plain, ("a", 4), None) and len(plain) == 2


def test_the_hemispheres_beam_wins_sooner_without_dominated_positions() -> None:
    """With the count kept out of its record of positions met, the Hemispheres' beam
    wins deal 1 in under half the positions it spends on the same deal when positions
    differing only in the count are met apart (its wins replay: tests/test_beam.py)."""
    graded, found = beam_search(H, 1, 200_000)
    ungraded, also = beam_search(Ungraded(), 1, 200_000)
    assert found is not None and also is not None
    assert 2 * graded < ungraded


def test_the_hemispheres_best_first_probe_wins_sooner_without_dominated_positions() -> None:
    """The best-first probe's table keeps the lowest grade as well: alone (without its
    beam), it wins deal 1 in under half the positions it needs when the count is
    part of the key."""
    graded, _ = best_first_alone(H, 1, 100_000)
    ungraded, _ = best_first_alone(Ungraded(), 1, 100_000)
    assert 2 * graded < ungraded < 100_000
