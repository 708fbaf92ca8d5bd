"""Solver hooks of Napoleon's Square: the dead tests (the kings', the talon's) and the score.

Each dead rule is proved in games/_napoleons_square_dead.py and docs/rules/
napoleons-square.md ("The solver's pruning"); here each fires where it must and not
where it must not, and a cross-check compares verdicts with and without the hook.
"""

from __future__ import annotations

import random

import pytest

from cadogan.cards import cards
from cadogan.core import Game, Pile, State, make_state
from cadogan.games import _napoleons_square_solve as solver
from cadogan.games import _napoleons_square_space as space_module
from cadogan.games._napoleons_square_dead import LATE, kings_dead
from cadogan.games._napoleons_square_rules import FOUND, PACK, PACKETS
from cadogan.games._napoleons_square_space import space_dead
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
    assert G.dead(state) and kings_dead(state)
    assert not G.dead(board({1: "5h Kh", 2: "9h 2s Kh"}, phase="remedy"))  # still to slip
    # (These boards hold a few cards only, so the talon's test, which wants every card
    # of both packs playable, would call them all lost: the kings' rules are tested alone.)
    assert not kings_dead(board({1: "5h Kh", 2: "Kh 9h"}))  # the second king blocks nothing
    assert not MODERN.dead(state)  # modern kings move into spaces


def test_dead_rule_2_blocking_king_whose_twin_is_played() -> None:
    """Dead rule 2: a blocking king would be the second king of its suit."""
    assert kings_dead(board({1: "3c Kc"}, found={1: CLUBS}))
    assert not kings_dead(board({1: "3c Kc"}, found={1: CLUBS[:-3]}))
    assert not kings_dead(board({1: "3d Kc"}, found={1: CLUBS}))  # other suit beneath


def test_dead_rule_3_both_copies_of_a_rank_beneath_a_blocking_king() -> None:
    """Dead rule 3: the first king's foundation needs a copy of each lower rank."""
    assert kings_dead(board({1: "7s 2d 7s Ks"}))
    assert not kings_dead(board({1: "7s 2d 6s Ks", 2: "7s"}))


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


def test_score_remembers_each_piles_locks_exactly() -> None:
    """The score's per-pile lock count is remembered by the pile's cards: asked first
    and asked again, for random piles, it answers as a fresh count does."""
    rng = random.Random(7)
    deck = list(G.deal(1).piles["pack"].cards)
    for _ in range(300):
        pile = tuple(rng.sample(deck, rng.randint(0, 12)))
        fresh = solver._count_locks(pile)
        assert solver._locks(pile) == fresh
        assert solver._locks(pile) == fresh  # the remembered answer
    assert solver._count_locks(tuple(cards("5d 9d 2d 3h Kh"))) == 2


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
    found = solve(G, G.deal(24), timeout=600, max_nodes=200_000)
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
        expected = solve(plain, state, timeout=600, max_nodes=100_000).status
        assert expected in ("solved", "unsolvable")
        assert solve(G, state, timeout=600, max_nodes=100_000).status == expected
        verdicts.append(expected)
    assert "solved" in verdicts and "unsolvable" in verdicts


def complete(packets: dict[int, str], talon: str = "", pack: str = "") -> State:
    """A position of both whole packs: the given packets, talon and pack (bottom
    first; the pack's last card is turned next), every other card on the foundations,
    which must then read as two runs up from the ace in each suit."""
    given = [c for text in (*packets.values(), talon, pack) for c in cards(text)]
    found: dict[int, str] = {}
    for suit in "cdhs":
        ranks = cards(" ".join(f"{r}{suit}" for r in "A23456789TJQK"))
        home = [2 - given.count(card) for card in ranks]
        assert home == sorted(home, reverse=True), f"{suit}: not two runs from the ace"
        place = 2 * "cdhs".index(suit) + 1
        for copy in (1, 2):
            found[place + copy - 1] = " ".join(
                str(c) for c, n in zip(ranks, home, strict=True) if n >= copy
            )
    state = board(packets, found)
    return state.with_piles(
        {"talon": Pile.face_up(cards(talon)), "pack": Pile.face_down(cards(pack))}
    )


# Every spade, diamond and heart from the 3 to the king is in the square, in runs that
# block each other (each run's top, a 3 or a 9, can marry only onto a card buried in
# its twin run); the clubs from the 6 to the queen likewise.  Nothing can leave the
# square until a 2 of a red or black suit, or a 5c, is played, and those lie at the
# bottom of the talon under the two kings of clubs.
RUNS = {
    suit: (" ".join(r + suit for r in "KQJT9"), " ".join(r + suit for r in "876543"))
    for suit in "shd"
}
SQUARE = {
    1: RUNS["s"][0], 2: RUNS["s"][1], 3: RUNS["s"][0] + " " + RUNS["s"][1],
    4: RUNS["h"][0], 5: RUNS["h"][1], 6: RUNS["h"][0] + " " + RUNS["h"][1],
    7: RUNS["d"][0], 8: RUNS["d"][1], 9: RUNS["d"][0] + " " + RUNS["d"][1],
    10: "Qc Jc Tc 9c 8c 7c 6c", 11: "Qc Jc Tc 9c 8c 7c 6c",
}  # fmt: skip
KINGS_ON_TOP = "2s 2s 2h 2h 2d 2d 5c 5c Kc Kc"


def test_dead_counts_the_spaces_the_talon_needs_at_once() -> None:
    """The talon's test, condition B: each king of clubs can leave the talon only into
    a space (the 5c it needs lies beneath them), and the first stays there; with one
    space only, the second cannot leave and nothing beneath it ever plays.  With a
    second space both kings step aside and the game comes out."""
    one_space = complete(SQUARE, KINGS_ON_TOP)
    merged = SQUARE | {1: SQUARE[3], 2: ""}  # the spade halves as one run: a second space
    two_spaces = complete(merged, KINGS_ON_TOP)
    assert not kings_dead(one_space)
    assert G.dead(one_space)
    assert solve(Unpruned(), one_space, timeout=600, max_nodes=100_000).status == "unsolvable"
    assert not G.dead(two_spaces)
    assert solve(G, two_spaces, timeout=600, max_nodes=100_000).status == "solved"


# A position of deal 7 with the pack out, met by the exhaustive search: rules 1-4 leave
# it open (the talon's cards can each leave, and every packet could be emptied), but it
# is lost, and the count of supports (rule 5) proves it at once.
DEAL_7_PACKETS = {
    1: "8c Qs 4d Jc Tc 9c", 2: "7c Ts 9s", 3: "Js 9h 8h 7h 6h 5h", 4: "9s 8s 7s",
    5: "3c 7s", 6: "Th 5c", 7: "2h 3d 8c Qh Jh", 8: "Qc Ks Qs", 9: "6d",
    10: "2c 5s Kh 9d 8d", 11: "Kh", 12: "9h 8h 7h",
}  # fmt: skip
DEAL_7_TALON = "5h 6c Qh 9c 4c 3h Kd Th 6s 6h 4s 8s Ts 5d Ks Qd Js 7d Kc Jc Td 4h Jh Qc Kc Jd Tc"


def test_dead_rule_5_counts_the_supports_the_stuck_cards_need(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dead rule 5 (pack out; asked only by a long solve's thorough search): walking
    down the talon, the cards that cannot have been played must each lie on a copy of
    the card one higher that can be a top, or at the bottom of an emptied packet; here
    they cannot, though rule 4 alone lets them, and the game's own ``dead`` (rules
    1-4) leaves the position open."""
    state = complete(DEAL_7_PACKETS, DEAL_7_TALON)
    assert not kings_dead(state)
    assert space_dead(state, supports=True)
    assert not space_dead(state) and not G.dead(state)
    assert solve(Unpruned(), state, timeout=600, max_nodes=50_000).status == "unsolvable"
    monkeypatch.setattr(space_module, "supports_fit", lambda *args: True)
    assert not space_dead(state, supports=True)  # the count is what decides


def test_the_talon_test_never_fires_on_a_winning_line_and_is_right_off_it() -> None:
    """Soundness of the talon's test, with the count of supports (dead rule 5) too:
    no position of a winning line is called lost; positions a few random moves off the
    line that it calls lost, the search without any dead test never wins."""
    off = []
    for deal in (24, 108, 133, 214):
        found = solve(Unpruned(), G.deal(deal), timeout=600, max_nodes=500_000)
        assert found.status == "solved"
        rng, state = random.Random(deal), G.deal(deal)
        for move in found.moves:
            if state.phase == "play":
                assert not space_dead(state, supports=True)
                off += _off_line(state, rng)
            state = G.play(state, move)
    verdicts = [solve(Unpruned(), s, timeout=600, max_nodes=25_000).status for s in off[:16]]
    assert "solved" not in verdicts
    assert verdicts.count("unsolvable") >= 5


def _off_line(state: State, rng: random.Random) -> list[State]:
    """The end of a short random walk from ``state``, if the talon's test calls it lost."""
    for _ in range(rng.randint(1, 10)):
        if not (legal := G.moves(state)):
            break
        state = G.play(state, rng.choice(legal))
    return [state] if state.phase == "play" and space_dead(state, supports=True) else []


def test_the_talon_test_waits_until_the_pack_is_short() -> None:
    """The talon's test is sound at any time, but dead runs it only once the pack holds
    at most LATE cards, where it pays for its cost; before that, dead answers only what
    the kings' rules prove."""
    early = _playout(5, 0)[61]
    assert len(early[PACK].cards) > LATE
    assert space_dead(early) and not kings_dead(early)
    assert not G.dead(early)
    late = complete(SQUARE, KINGS_ON_TOP)
    assert len(late[PACK].cards) <= LATE and G.dead(late)
