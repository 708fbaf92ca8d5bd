"""Solver hooks of Napoleon's Square: the kings' dead tests and the probes' score.

Each dead rule is proved in games/_napoleons_square_dead.py and docs/rules/
napoleons-square.md ("The solver's pruning"); here each fires where it must and not
where it must not, and a cross-check compares verdicts with and without the hook.
"""

from __future__ import annotations

import random

from cadogan.cards import cards
from cadogan.core import Game, Pile, State, make_state
from cadogan.games._napoleons_square_rules import FOUND, PACKETS
from cadogan.games.napoleons_square import NapoleonsSquare
from cadogan.solve import solve

G = NapoleonsSquare()
MODERN = NapoleonsSquare(rules="modern")
CLUBS = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"


class Unpruned(NapoleonsSquare):
    """The game without its dead test, for the cross-check."""

    dead = Game.dead


def board(
    packets: dict[int, str], found: dict[int, str] | None = None, phase: str = "play"
) -> State:
    """Packets and foundations face up, bottom first; empty talon and pack."""
    found = found or {}
    piles = {p: Pile.face_up(cards(packets.get(n, ""))) for n, p in enumerate(PACKETS, 1)}
    piles.update({f: Pile.face_up(cards(found.get(n, ""))) for n, f in enumerate(FOUND, 1)})
    piles["talon"] = Pile.face_up(())
    piles["pack"] = Pile.face_down(())
    return make_state(G.id, 1, piles, phase=phase)


def test_dead_rule_1_two_blocking_kings_of_a_suit() -> None:
    """Dead rule 1 (the Note): both kings above a lower card of their suit, in play."""
    state = board({1: "5h Kh", 2: "9h 2s Kh"})
    assert G.dead(state)
    assert not G.dead(board({1: "5h Kh", 2: "9h 2s Kh"}, phase="remedy"))  # still to slip
    assert not G.dead(board({1: "5h Kh", 2: "Kh 9h"}))  # the second king blocks nothing
    assert not MODERN.dead(state)  # modern kings move into spaces


def test_dead_rule_2_blocking_king_whose_twin_is_played() -> None:
    """Dead rule 2: a blocking king would be the second king of its suit."""
    assert G.dead(board({1: "3c Kc"}, found={1: CLUBS}))
    assert not G.dead(board({1: "3c Kc"}, found={1: CLUBS[:-3]}))
    assert not G.dead(board({1: "3d Kc"}, found={1: CLUBS}))  # other suit beneath


def test_dead_rule_3_both_copies_of_a_rank_beneath_a_blocking_king() -> None:
    """Dead rule 3: the first king's foundation needs a copy of each lower rank."""
    assert G.dead(board({1: "7s 2d 7s Ks"}))
    assert not G.dead(board({1: "7s 2d 6s Ks", 2: "7s"}))


def test_score_rewards_foundations_and_punishes_the_talon() -> None:
    """The probes' score: four per founded card, less two per talon card."""
    state = board({1: "2c"}, found={1: "Ac"})
    assert G.score(state) == 4
    buried = state.with_piles({"talon": Pile.face_up(cards("5d 9h"))})
    assert G.score(buried) == 0


def test_score_punishes_talon_locks() -> None:
    """The probes' score: less three per talon card above a lower card of its suit."""
    state = board({1: "2c"}, found={1: "Ac"})
    free = state.with_piles({"talon": Pile.face_up(cards("9h 5d"))})
    locked = state.with_piles({"talon": Pile.face_up(cards("5d 9d"))})
    assert G.score(free) == 0
    assert G.score(locked) == -3


def test_score_values_spaces_while_the_pack_lasts() -> None:
    """The probes' score: three per empty packet, but only while cards are still to come."""
    state = board({1: "2c"}, found={1: "Ac"})
    assert G.score(state) == 4  # pack out: the eleven spaces count nothing
    dealing = state.with_piles({"pack": Pile.face_down(cards("7s"))})
    assert G.score(dealing) == 4 + 3 * 11


def test_score_punishes_cards_buried_under_higher_ones_of_their_suit() -> None:
    """The probes' score: less one per packet card above a lower card of its suit."""
    assert G.score(board({1: "3c 9c 8c", 2: "4d 3d"})) == -2  # 9c and 8c bury 3c
    assert G.score(board({1: "9c 3c", 2: "4d 3h"})) == 0


def _playout(deal: int, seed: int) -> list[State]:
    """A deterministic random game (mostly following the solver's order)."""
    rng, state = random.Random(seed), G.deal(deal)
    states = [state]
    while legal := G.moves(state):
        ordered = G.order(state, legal)
        move = ordered[0] if rng.random() < 0.6 else rng.choice(legal)
        state = G.play(state, move)
        states.append(state)
    return states


def _won_positions() -> list[State]:
    """Positions along a winning line of deal 24 (solved in a fraction of a second)."""
    found = solve(G, G.deal(24), timeout=20)
    assert found.status == "solved"
    state, states = G.deal(24), []
    for move in found.moves:
        state = G.play(state, move)
        states.append(state)
    return states[-40::10]


def test_cross_check_dead_against_the_unpruned_search() -> None:
    """Verdicts with the dead test equal those without it, both lost and won."""
    fired = _playout(33, 1)[159]  # dead rule fires here (found by random play)
    assert G.dead(fired)
    lost = [fired] + [s[-12] for s in (_playout(d, 0) for d in (3, 5, 8))]
    plain = Unpruned()
    verdicts = []
    for state in lost + _won_positions():
        expected = solve(plain, state, timeout=5).status
        assert expected in ("solved", "unsolvable")
        assert solve(G, state, timeout=5).status == expected
        verdicts.append(expected)
    assert "solved" in verdicts and "unsolvable" in verdicts
