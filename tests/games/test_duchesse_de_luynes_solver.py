"""La Duchesse de Luynes: the solver's sure plays (``safe``; games/duchesse_de_luynes.py,
games/_duchesse_solve.py, ``sure_play``; docs/rules/duchesse-de-luynes.md, "Solver hooks").

Each condition is tested where the play is safe and where it must not be, and the
search with the rule is cross-checked against the search without it.
"""

from __future__ import annotations

import random

import pytest

from cadogan.cards import Card
from cadogan.core import Game, Move, Outcome, State, transfer
from cadogan.games import _duchesse_solve as solver
from cadogan.games import duchesse_de_luynes as module
from cadogan.solve import solve
from tests.games.test_duchesse_de_luynes import G, board
from tests.helpers import search


def test_a_card_whose_twin_is_in_the_pack_is_played_at_once() -> None:
    """The twin of A♦ is still in the pack and nothing else can take A♦'s place, so every
    win plays it on found2 before the next round."""
    state = board({1: "Ad", 2: "Ac"}, pack_="Ac Ad 5s")
    assert len(G.moves(state)) == 2
    assert G.safe(state) == transfer("packet1", "found2")


def test_a_card_whose_twin_can_be_uncovered_waits() -> None:
    """A♦'s twin lies under 2♣, which A♣ lets go: either A♦ may go first, so A♦ is not
    sure; A♣'s twin is in the pack, so A♣ is."""
    state = board({1: "Ad", 2: "Ac", 3: "Ad 2c"}, pack_="Ac 5s")
    assert G.safe(state) == transfer("packet2", "found1")


def test_a_twin_under_the_card_itself_counts_as_out_of_reach() -> None:
    """Its twin under it comes free only once A♦ has gone: A♦ is sure."""
    state = board({1: "Ad Ad", 2: "Ac", 4: "Ac"})
    assert G.safe(state) == transfer("packet1", "found2")


def test_a_card_the_other_foundation_may_come_to_want_waits() -> None:
    """5♦ fits found2 (A-4♦ up); found6 (K-7♦ down) wants 6♦, which lies open, so found6
    could come to want 5♦ as well: not sure.  With both 6♦s in the pack it is."""
    found = {2: "Ad 2d 3d 4d", 6: "Kd Qd Jd Td 9d 8d 7d"}
    open_six = board({1: "5d", 2: "6d", 3: "6d"}, found=found, pack_="5d 9s")
    assert G.safe(open_six) is None
    hidden_six = board({1: "5d", 2: "9s", 3: "9s"}, found=found, pack_="5d 6d 6d")
    assert G.safe(hidden_six) == transfer("packet1", "found2")


def test_twins_in_the_open_discard_are_a_choice_unless_alike() -> None:
    """Both A♦s in the open Discard with a card between them: which stays is a choice
    while a re-deal is left, and neither play is sure; with no re-deal left either
    play leaves the same position, and the play is sure."""
    apart = board({1: "Ac", 4: "Ac"}, discard="Ad 9s Ad")
    assert G.safe(apart) is None
    last = board({1: "Ac", 4: "Ac"}, discard="Ad 9s Ad", redeals=0)
    assert G.safe(last) == transfer("discard", "found2")


def test_a_copy_under_the_card_held_down_by_another_still_counts_elsewhere() -> None:
    """A reviewer's counterexample: 5♦ fits found2, and found6 wants 6♦.  One 6♦ lies
    under 5♦ (held down by 2♠ too), the other is open on packet 2, so found6 can take
    it and come to want 5♦ before 5♦ is played: the only win plays 5♦ onto found6.
    The play to found2 is not sure, and the search finds the win."""
    found = {2: "Ad 2d 3d 4d", 6: "Kd Qd Jd Td 9d 8d 7d"}
    state = board({1: "6d 2s 5d", 2: "6d"}, found=found, pack_="5d 3d As Kc Qs 4d Ks", redeals=0)
    assert G.safe(state) is None
    assert solve(G, state, timeout=600, max_nodes=20_000).status == "solved"


def test_a_rank_whose_only_copy_in_reach_lies_under_the_card_bars_the_other_way() -> None:
    """The same, but the open 6♦ is in the pack: the only 6♦ to be had lies under 5♦,
    so found6 cannot come to want 5♦ before it is played, and the play is sure."""
    found = {2: "Ad 2d 3d 4d", 6: "Kd Qd Jd Td 9d 8d 7d"}
    state = board({1: "6d 5d", 2: "Ac"}, found=found, pack_="6d 5d Ac 9s")
    assert G.safe(state) == transfer("packet1", "found2")


def test_a_card_in_the_open_discard_whose_twin_is_held_down_is_sure() -> None:
    """A♦ in the open Discard; its twin lies under 9♠, which nothing can take: A♦ goes
    at once.  (A♣ waits: both A♣s are open.)"""
    state = board({1: "Ad 9s", 2: "Ac", 3: "Ac"}, discard="Ad")
    assert G.safe(state) == transfer("discard", "found2")


def test_the_free_play_has_no_sure_plays() -> None:
    """With play=free a card may be held back past the next deal: nothing is sure."""
    state = board({1: "Ad", 2: "Ac"}, pack_="Ac Ad 5s", play="free")
    assert module.DuchesseDeLuynes(play="free").safe(state) is None


def _positions(deal: int, rng: random.Random, every: int) -> list[State]:
    """Positions of one random game of ``deal``, every ``every`` moves from its second
    deal on (the first is still far from an end the search can reach)."""
    state, found, step = G.deal(deal), [], 0
    while G.moves(state):
        state, step = G.play(state, rng.choice(G.moves(state))), step + 1
        if state.num("redeals") < 3 and step % every == 0:
            found.append(state)
    return found


def _on_a_win(deal: int, rng: random.Random, every: int) -> list[State]:
    """Positions along a winning line of ``deal`` from its second deal on, each with a
    random move off the line where there is one (won, or perhaps no longer)."""
    state, found = G.deal(deal), []
    for step, move in enumerate(solve(G, state, timeout=600, max_nodes=200_000).moves):
        if state.num("redeals") < 3 and step % every == 0:
            found.append(state)
            found.append(G.play(state, rng.choice(G.moves(state))))
        state = G.play(state, move)
    return found


def test_cross_check_against_the_search_without_sure_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cross-check: on positions of random games the search with the sure plays and the
    search without them agree (only positions both decide), and the rule fires."""
    rng = random.Random(3)
    states = [s for deal in range(1, 7) for s in _positions(deal, rng, 9)]
    states += [s for deal in (1, 2, 3) for s in _on_a_win(deal, rng, 15)]
    sure, fired = solver.sure_play, []

    def counted(state: State, lone: list[tuple[Card, Move]]) -> Move | None:
        found = sure(state, lone)
        fired.append(found is not None)
        return found

    monkeypatch.setattr(module, "sure_play", counted)
    pruned = [solve(G, s, timeout=600, max_nodes=6_000).status for s in states]
    monkeypatch.setattr(module, "sure_play", lambda state, lone: None)
    plain = [solve(G, s, timeout=600, max_nodes=12_000).status for s in states]
    both = [(a, b) for a, b in zip(pruned, plain, strict=True) if a != "timeout" != b]
    assert all(a == b for a, b in both), [i for i, (a, b) in enumerate(both) if a != b]
    verdicts = [a for a, _ in both]
    assert verdicts.count("solved") >= 10 and verdicts.count("unsolvable") >= 10, verdicts
    assert sum(fired) >= 300, sum(fired)


DIAMONDS_UP = "Ad 2d 3d 4d 5d 6d"  # found2 wants 7d
DIAMONDS_DOWN = "Kd Qd Jd"  # found6 wants Td


def test_the_last_deal_is_dead_when_a_card_is_covered_by_one_it_must_follow() -> None:
    """Rule 8 and ``dead``: 8♦ waits for 7♦, but the next round brings 9♦ onto it first;
    9♦ can go onto found2 only after 8♦, and onto found6 only after 10♦, under 8♦."""
    found = {2: DIAMONDS_UP, 6: DIAMONDS_DOWN}
    covered = board({1: "Td 8d"}, found=found, pack_="7d 9d", redeals=0)
    assert G.dead(covered)
    assert not G.moves(G.play(G.play(covered, G.moves(covered)[0]), transfer("packet2", "found2")))


def test_the_last_deal_is_not_dead_while_the_order_can_be_kept() -> None:
    """The same cards dealt the other way round (7♦ onto 8♦, 9♦ beside them) come out;
    and before the last deal nothing is dead, since a re-deal changes the order."""
    found = {2: DIAMONDS_UP, 6: DIAMONDS_DOWN}
    assert not G.dead(board({1: "Td 8d"}, found=found, pack_="9d 7d", redeals=0))
    assert not G.dead(board({1: "Td 8d"}, found=found, pack_="7d 9d", redeals=1))


def test_the_last_deal_test_reads_a_short_last_round_and_the_free_play() -> None:
    """A full round, then a round of two: 9♦ covers 8♦ in the first, 7♦ comes in the
    second; dealt the other way round the deal comes out.  The clubs go home as they
    come.  The proof holds for play=free too (a card held back is covered all the
    same), and the search without the test agrees."""
    found = {1: "Ac", 2: DIAMONDS_UP, 6: DIAMONDS_DOWN}
    lost = board({1: "Td 8d"}, found=found, pack_="7d 5c 4c 3c 2c 9d", redeals=0)
    won = board({1: "Td 8d"}, found=found, pack_="9d 5c 4c 3c 2c 7d", redeals=0)
    assert G.dead(lost) and not G.dead(won)
    free = module.DuchesseDeLuynes(play="free")
    lost_free = board({1: "Td 8d"}, found=found, pack_="7d 5c 4c 3c 2c 9d", redeals=0, play="free")
    assert free.dead(lost_free)

    class Plain(module.DuchesseDeLuynes):
        dead = Game.dead

    plain = Plain()
    assert solve(plain, lost, timeout=600, max_nodes=5_000).status == "unsolvable"
    assert solve(plain, won, timeout=600, max_nodes=5_000).status == "solved"
    assert solve(Plain(play="free"), lost_free, timeout=600).status == "unsolvable"


def _last_deal_positions(deal: int, rng: random.Random) -> list[State]:
    """Positions of the last deal of random games of ``deal``, every few moves."""
    found: list[State] = []
    for _ in range(4):
        state, step = G.deal(deal), 0
        while G.moves(state):
            legal = G.moves(state)
            plays = [m for m in legal if m.verb == "move"]
            state = G.play(state, rng.choice(plays) if plays else legal[0])
            step += 1
            if state.num("redeals") == 0 and step % 7 == 0:
                found.append(state)
    return found


def test_cross_check_the_last_deal_test_against_the_search_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cross-check: on positions of the last deal the search with ``dead`` and the
    search without it agree (only positions both decide), and ``dead`` fires."""
    rng = random.Random(11)
    states = [s for deal in range(1, 13) for s in _last_deal_positions(deal, rng)]
    states += [s for deal in (1, 2, 3) for s in _on_a_win(deal, rng, 5) if s.num("redeals") == 0]
    with_test = [solve(G, s, timeout=600, max_nodes=5_000).status for s in states]
    fired = sum(G.dead(s) for s in states)
    monkeypatch.setattr(module.DuchesseDeLuynes, "dead", Game.dead)
    without = [solve(G, s, timeout=600, max_nodes=5_000).status for s in states]
    both = [(a, b) for a, b in zip(with_test, without, strict=True) if a != "timeout" != b]
    assert all(a == b for a, b in both)
    verdicts = [a for a, _ in both]
    assert verdicts.count("solved") >= 10 and verdicts.count("unsolvable") >= 10, verdicts
    assert fired >= 20, fired


RANKS = "A23456789TJQK"


def _won(game: module.DuchesseDeLuynes, state: State) -> bool:
    """Brute force: whether some line of legal moves wins (every move tried)."""
    return search(game, state, Outcome.WON, budget=10**7) is not None


def _small_board(rng: random.Random, play: str) -> State:
    """A small random position: one or two suits with a gap between their foundations,
    up to ten of their cards spread over the pack, the packets and the Discard."""
    found: dict[int, str] = {}
    loose: list[str] = []
    for suit in rng.sample(range(4), rng.choice((1, 2))):
        letter = "cdhs"[suit]
        up = rng.randint(0, 9)
        down = rng.randint(up + 2, min(14, up + 6))
        found[suit + 1] = " ".join(RANKS[r - 1] + letter for r in range(1, up + 1))
        found[suit + 5] = " ".join(RANKS[r - 1] + letter for r in range(13, down - 1, -1))
        loose += [RANKS[r - 1] + letter for r in range(up + 1, down) for _ in range(2)]
    rng.shuffle(loose)
    loose = loose[: rng.randint(4, 10)]
    pack = loose[: rng.randint(0, len(loose))]
    packets: dict[int, str] = {}
    discard: list[str] = []
    for card in loose[len(pack) :]:
        if not pack and rng.random() < 0.3:
            discard.append(card)
        else:
            n = rng.randint(1, 4)
            packets[n] = f"{packets.get(n, '')} {card}".strip()
    redeals = rng.choice((0, 0, 1))
    return board(
        packets,
        found=found,
        discard=" ".join(discard),
        pack_=" ".join(pack),
        redeals=redeals,
        play=play,
    )


def test_sure_plays_and_the_last_deal_test_agree_with_brute_force() -> None:
    """On small random positions (both kinds of play) a sure play never turns a won
    position into a lost one, and ``dead`` never calls a won position lost; both fire
    often enough for that to say something."""
    rng, sure, dead = random.Random(5), 0, 0
    for _ in range(1500):
        play = rng.choice(("all", "all", "all", "free"))
        game = G if play == "all" else module.DuchesseDeLuynes(play="free")
        state = _small_board(rng, play)
        won = _won(game, state)
        if game.dead(state):
            dead += 1
            assert not won, state
        move = game.safe(state)
        if move is not None and len(game.moves(state)) > 1:
            sure += 1
            assert _won(game, game.play(state, move)) == won, state
    assert sure >= 100 and dead >= 100, (sure, dead)
