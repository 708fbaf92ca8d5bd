"""The Hemispheres: the solver's pruning (src/cadogan/games/_hemispheres_solve.py).

Each test cites the rule of docs/rules/hemispheres.md, "The solver's pruning", and
builds a position where it fires and one where it must not.  The cross-check compares
verdicts with and without the pruning on positions both decide quickly.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cadogan.cards import Card, Rank, cards, pack
from cadogan.core import Game, Pile, State
from cadogan.games import _hemispheres_solve as hemi
from cadogan.games._hemispheres_rules import BARRIER_CARDS, FOUNDATIONS, POSITIONS
from cadogan.games._hemispheres_worlds import walk
from cadogan.games.hemispheres import Hemispheres
from cadogan.record import Record, replay
from cadogan.solve import play_deal, solve
from tests.helpers import GOLDEN

G = Hemispheres()


class Unpruned(Hemispheres):
    """The game without the new pruning: no dead test, the exact default key."""

    dead = Game.dead
    key = Game.key


def full(circle: dict[str, str], founds: str, talon: str, first: str = "") -> State:
    """A complete position: ``circle`` piles bottom first, the tops of found1..8
    (``founds``, in order), the talon bottom first, and the pack dealing ``first``
    first and then every card not placed elsewhere."""
    state = G.deal(1)
    changes = {p: Pile.face_up(cards(circle.get(p, ""))) for p in POSITIONS}
    placed: Counter[Card] = Counter(cards(" ".join(BARRIER_CARDS)))
    for name, top in zip(FOUNDATIONS, cards(founds), strict=True):
        ranks = range(1, top.rank + 1) if top.red else range(13, top.rank - 1, -1)
        changes[name] = Pile.face_up(Card(Rank(r), top.suit) for r in ranks)
    for pile in changes.values():
        placed.update(pile.cards)
    placed.update(cards(talon) + cards(first))
    rest = list((Counter(pack(2)) - placed).elements())
    assert sum(placed.values()) + len(rest) == 104, "a card is placed twice"
    changes["talon"] = Pile.face_up(cards(talon))
    changes["pack"] = Pile.face_down([*rest, *reversed(cards(first))])
    return state.with_piles(changes)


# A circle where no position can empty before the next card is dealt: the North holds
# only black cards (wrong, and no red card in the South to exchange with), the South
# black cards whose foundations and marriage partners are all still in the pack.
STUCK = {
    "european1": "4c",
    "european2": "4c",
    "european3": "4s",
    "asiatic1": "4s",
    "asiatic2": "7c",
    "asiatic3": "7s",
    "australian1": "2c",
    "australian2": "2c",
    "australian3": "2s",
    "african1": "2s",
    "african2": "6c",
    "african3": "6s",
}
BASE = "5h Ah Ad Ad Kc Kc Ks Ks"  # hearts at 5 and A, the other suits untouched


def test_dead_a_card_that_can_only_be_played_sits_on_what_it_needs() -> None:
    """Pruning 1: the K♥ (marries onto nothing) needs a hearts foundation at Q; with
    both 9♥ under it in the talon, neither foundation can pass 8."""
    assert G.dead(full({}, BASE, "9h 9h Kh"))
    assert not G.dead(full({}, BASE, "9h Kh"))  # the other 9♥ is still to come
    assert not G.dead(full({}, BASE, "9h Kh 9h"))


def test_dead_a_card_whose_marriage_partners_are_both_under_it() -> None:
    """Pruning 1: 9♥ can marry only onto a 10♥, both under it, and can be played only
    after an 8♥, both under it too."""
    assert G.dead(full({}, BASE, "8h 8h Th Th 9h"))
    assert not G.dead(full({}, BASE, "8h 8h Th 9h"))  # a 10♥ is still to come
    assert not G.dead(full({"european1": "Th"}, BASE, "8h 8h Th 9h"))


def test_dead_two_cards_that_can_only_be_played_need_both_foundations() -> None:
    """Pruning 2: K♥ above Q♥ (whose only K♥ to marry onto is that one): the K♥ takes
    one foundation past J, so the Q♥ needs the other at J too, and a 5♥ under the Q♥
    can then never be home in time."""
    assert G.dead(full({}, BASE, "5h Qh Kh"))
    assert not G.dead(full({}, BASE, "Qh 5h Kh"))
    assert not G.dead(full({}, BASE, "5h Qh"))


def test_dead_a_card_to_come_must_land_on_the_talon() -> None:
    """Pruning 3: no position can empty before the K♥ (next in the pack) is dealt, so
    it lands on the talon, on top of both 9♥: lost.  With a vacancy it is not."""
    assert G.dead(full(STUCK, BASE, "9h 9h", first="Kh"))
    open_circle = dict(STUCK, african3="")
    assert not G.dead(full(open_circle, BASE, "9h 9h", first="Kh"))
    # With hearts at 8 one 9♥ goes home at once and the K♥ can use that foundation.
    assert not G.dead(full(STUCK, "8h Ah Ad Ad Kc Kc Ks Ks", "9h 9h", first="Kh"))


def test_dead_a_wrong_card_without_a_partner_across_stays_wrong() -> None:
    """Pruning 3: the 5♠ alone in the South could empty its position by marrying onto
    a 4♠, but both are wrong cards in the North, and with no wrong card in the South
    to exchange with they cannot come home before a vacancy: the K♥ lands on the
    talon.  With a red card in the South an exchange can bring a 4♠ home at once."""
    lone = dict(STUCK, african3="5s")
    assert G.dead(full(lone, BASE, "9h 9h", first="Kh"))
    partner = dict(lone, australian1="2h")
    assert not G.dead(full(partner, BASE, "9h 9h", first="Kh"))


def test_glance_makes_the_first_two_proofs_only() -> None:
    """``glance`` (the beam's test of the positions it gathers from) keeps pruning 1
    and 2 and leaves out pruning 3, the costliest."""
    assert G.glance(full({}, BASE, "9h 9h Kh"))  # pruning 1
    assert G.glance(full({}, BASE, "5h Qh Kh"))  # pruning 2
    assert G.dead(full(STUCK, BASE, "9h 9h", first="Kh"))  # pruning 3 ...
    assert not G.glance(full(STUCK, BASE, "9h 9h", first="Kh"))  # ... left out
    assert not G.glance(full({}, BASE, "9h Kh"))


def test_glance_is_never_more_than_dead() -> None:
    """On positions of random play, ``glance`` says lost only where ``dead`` does,
    and ``dead`` proves some of them lost where ``glance`` cannot."""
    glanced = fuller = 0
    rng = random.Random(11)
    for deal in range(1, 9):
        state = G.deal(deal)
        while not G.outcome(state).over:
            quick, whole = G.glance(state), G.dead(state)
            assert whole or not quick
            glanced += quick
            fuller += whole and not quick
            state = G.play(state, rng.choice(G.moves(state)))
    assert glanced > 0 and fuller > 0


def test_vacancy_shortcut_gives_the_full_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """_landings' vacancy timing: the shortcut for its commonest answer (a lone card
    that can leave at once, so a vacancy at once) agrees with the full computation
    on positions of random play, and it fires on some of them but not all."""
    fired = answers = 0
    for deal in range(1, 13):
        rng, state = random.Random(deal), G.deal(deal)
        while legal := G.moves(state):
            state = G.play(state, rng.choice(legal))
            talon = state.piles["talon"].cards
            circle = [[hemi.CODE[c] for c in state.piles[p].cards] for p in POSITIONS]
            times = hemi._Times(
                circle, hemi._pack(state.piles["pack"].cards)[1], hemi.heights(state)
            )
            times.colours()  # the third proof's facts, as dead_codes fills them for it
            if (
                not talon
                or times.empty
                or hemi._exits(times, [hemi.CODE[c] for c in talon]) is None
            ):
                continue
            quick = hemi._empties_at_once(times, circle)
            full_answer = hemi._vacancy(circle, times)  # shortcut included
            with monkeypatch.context() as patch:
                patch.setattr(hemi, "_empties_at_once", lambda times, held: False)
                with_bury = hemi._vacancy(circle, times)
            assert full_answer == with_bury
            assert not quick or with_bury == 0
            fired += quick
            answers += 1
    assert 0 < fired < answers


def test_dead_says_nothing_without_a_talon() -> None:
    """The tests are all about the talon; an empty talon is never judged lost."""
    assert not G.dead(full(STUCK, BASE, "", first="Kh"))


def test_key_merges_the_positions_of_a_race_only() -> None:
    """Key: the positions of one Race are interchangeable; of two Races they are not."""
    one = full({"european1": "Td 9d", "european2": "5h"}, BASE, "3c")
    two = full({"european3": "Td 9d", "european1": "5h"}, BASE, "3c")
    three = full({"asiatic1": "Td 9d", "european1": "5h"}, BASE, "3c")
    assert one != two and G.key(one) == G.key(two)
    assert G.key(one) != G.key(three)


def test_key_merges_the_twin_foundations_and_names_the_pack_by_length() -> None:
    """Key: found1/found2 are interchangeable; the pack is named by its length (within
    one search it only ever loses its top card)."""
    a = full({}, "3h 5h Ad Ad Kc Kc Ks Ks", "")
    b = full({}, "5h 3h Ad Ad Kc Kc Ks Ks", "")
    assert a != b and G.key(a) == G.key(b)
    assert G.key(a) != G.key(full({}, "4h 5h Ad Ad Kc Kc Ks Ks", ""))


def test_score_counts_locks_in_the_talon_and_empty_positions() -> None:
    """Score (steering only): a talon card two or more places above a lower card of its
    suit is a lock; an empty circle position is worth more than a filled one."""
    free = G.score(full({}, BASE, "9h Jh"))  # J♥ above 9♥: 9 must usually leave first
    assert G.score(full({}, BASE, "Jh 9h")) == free + 2
    assert G.score(full({}, BASE, "Th 9h")) == free + 2  # 10♥ below 9♥ is no lock
    assert G.score(full({}, BASE, "9s Jh")) == free + 2  # nor a card of another suit
    assert G.score(full(dict(STUCK, african3=""), BASE, "")) > G.score(full(STUCK, BASE, ""))


def test_order_tries_a_race_marriage_that_empties_a_position_before_dealing() -> None:
    """Order (steering only): emptying a position before the deal lets the next card
    fill it instead of going onto the talon; other Race marriages come after the deal."""
    state = full({"european1": "Td", "european2": "9d"}, BASE, "")
    ordered = [str(m) for m in G.order(state, G.moves(state))]
    assert ordered.index("european2 european1") < ordered.index("deal")
    state = full({"european1": "Td", "european2": "Td 9d"}, BASE, "")
    ordered = [str(m) for m in G.order(state, G.moves(state))]
    assert ordered.index("european2 european1") > ordered.index("deal")


def _crosscheck_positions() -> list[State]:
    """Late positions of a winning line (deal 4) and of greedy games (lost)."""
    won = replay(Record.load(GOLDEN / "hemispheres-won-4.record")).states
    out = [won[-41], won[-61]]
    for deal, backs in ((1, (8, 15)), (3, (8, 15)), (5, (15,)), (7, (25,)), (8, (60,))):
        state = G.deal(deal)
        line = [state]
        for move in play_deal(G, deal, "greedy").moves:
            state = G.play(state, move)
            line.append(state)
        out += [line[-1 - back] for back in backs]
    return out


def test_pruning_agrees_with_the_unpruned_search() -> None:
    """Cross-check: every verdict the plain search reaches is the pruned one too.

    Bounded by positions, not seconds, so a slow machine gives the same answer (the
    plain search needs up to 44,235 positions here, 4.4 s on a slow day)."""
    plain = Unpruned()
    verdicts: Counter[str] = Counter()
    for state in _crosscheck_positions():
        unpruned = solve(plain, state, timeout=300, max_nodes=100_000)
        assert unpruned.decided
        assert solve(G, state, timeout=300, max_nodes=100_000).status == unpruned.status
        verdicts[unpruned.status] += 1
    assert verdicts["solved"] and verdicts["unsolvable"]


# Pruning 4, the walk through the talon's worlds (games/_hemispheres_worlds.py), asked
# only by a long solve's native exhaustive search (thorough, from shares.LONG seconds).
SPADES_AT_8 = "Qh Qh Qd Qd 2c 2c 8s 8s"  # everything home but spades, at 8♠; a short pack


def test_walk_a_card_whose_copy_is_buried_under_a_card_that_needs_it() -> None:
    """Pruning 4 (B): the talon's 6♠ can go home only on a 7♠ and marry only onto a
    5♠; both 7♠ and one 5♠ lie under it, and the other 5♠ under a circle 6♠ that
    needs a 7♠ as well.  ``dead`` takes that 5♠ as free at once; the walk sees that it
    stays covered, and the search (8,136 positions) confirms the loss."""
    state = full({"african1": "5s 6s"}, SPADES_AT_8, "7s 7s 5s 6s")
    assert not G.dead(state) and walk(state)
    assert solve(G, state, timeout=300, max_nodes=100_000).status == "unsolvable"
    # A 7♠ still to come, or the circle's 5♠ uncovered: won, and the walk says nothing.
    for circle, pile in (({"african1": "5s 6s"}, "7s 5s 6s"), ({"african1": "5s"}, "7s 7s 5s 6s")):
        other = full(circle, SPADES_AT_8, pile)
        assert not walk(other)
        assert solve(G, other, timeout=300, max_nodes=100_000).status == "solved"


# A late position that the search met on deal 13: no position can be emptied, and every
# card the pack still holds must be turned before the talon's J♠ can leave.
DEAL_13_CIRCLE = {
    "european1": "Qh Jh Th 9h",
    "european2": "9c",
    "european3": "9d 8d",
    "asiatic1": "Td",
    "asiatic2": "Kd",
    "asiatic3": "9h 8h 7h 6h",
    "australian1": "2s",
    "australian2": "2c",
    "australian3": "5s 6s 7s 8s",
    "african1": "5c 6c",
    "african2": "As 2s",
    "african3": "2c 3c 4c 5c 6c",
}
DEAL_13_TALON = "Jd 7d 7c Th 7h Ac 3c 9s 3h 6d 7c Jh 4h 3s Qd 3s 5h 5d 8h Tc Ts Jc 4d 6h Qd 5h Js"
DEAL_13_PACK = "Qh Qs Kh 8c 4s 4c"  # the next card first


def test_walk_counts_the_positions_the_stuck_pack_cards_need() -> None:
    """Pruning 4 (C): each turned pack card that can neither go home nor marry must lie
    at the bottom of a position emptied for it, and here none can be emptied.  Only the
    count proves the loss: the walk without it, and ``dead``, leave it open."""
    state = full(DEAL_13_CIRCLE, "2h 4h 3d Jd Qc 8c Ks 4s", DEAL_13_TALON, DEAL_13_PACK)
    assert len(state.piles["pack"].cards) == 6
    assert walk(state) and not walk(state, count=False) and not G.dead(state)
    assert solve(Unpruned(), state, timeout=300, max_nodes=100_000).status == "unsolvable"


def test_walk_never_fires_on_a_winning_line_nor_just_off_it() -> None:
    """Soundness evidence: on every position of a winning line, and on positions a few
    random moves off it that the search wins, the walk never says lost."""
    line = replay(Record.load(GOLDEN / "hemispheres-won-4.record")).states
    assert not any(walk(state) for state in line)
    rng, won = random.Random(4), 0
    for state in line[-60::3]:
        for _ in range(3):
            if legal := G.moves(state):
                state = G.play(state, rng.choice(legal))
        if solve(G, state, timeout=300, max_nodes=20_000).status == "solved":
            won += 1
            assert not walk(state)
    assert won >= 5
