"""Rule tests for Sympathie (docs/rules/sympathie.md; seed 000, game 7)."""

from __future__ import annotations

import pytest

from cadogan import registry
from cadogan.cards import MAX_DEAL, SplitMix64, cards, pack, shuffled
from cadogan.core import IllegalMove, Move, Outcome, Pile, State, action, make_state
from cadogan.core.jsonform import HIDDEN, view_to_json
from cadogan.games.sympathie import (
    Sympathie,
    grace,
    hidden_tops,
    packets,
    pairs,
    second_number,
)
from cadogan.record import Record, replay
from tests.helpers import GOLDEN, check_golden, refused

G = Sympathie()


def down(text: str) -> Pile:
    """Face-down cards, bottom first."""
    return Pile.face_down(cards(text))


def shown(text: str) -> Pile:
    """Face-down cards, bottom first, with the top one turned up."""
    return down(text).turned_up()


def board(
    p1: dict[int, Pile], p2: dict[int, Pile], graces: tuple[Pile, Pile] | None = None, turn: int = 1
) -> State:
    """A position: the packets given, the rest empty; graces face down by default."""
    piles: dict[str, Pile] = {}
    for player, given in ((1, p1), (2, p2)):
        for n, name in enumerate(packets(player), 1):
            piles[name] = given.get(n, Pile())
        piles[grace(player)] = graces[player - 1] if graces else down("Ks" if player == 1 else "Kd")
        piles[pairs(player)] = Pile()
    return make_state("sympathie", 1, piles, turn=turn)


def turn(name: str) -> Move:
    """The move that turns the top of ``name``."""
    return action("turn", name)


def refusal(state: State, move: str) -> str:
    """The reason ``play`` gives for refusing ``move``."""
    return refused(G, state, move)


def run(state: State) -> State:
    """Play the game out (there is one move at a time)."""
    while G.moves(state):
        state = G.play(state, G.moves(state)[0])
    return state


def test_names_players_and_packs() -> None:
    """Section 1 of DESIGN.md: two players, one pack each."""
    assert registry.find("sympathie") is Sympathie
    assert (G.players, G.packs) == (2, 2)


def test_rule_1_each_player_deals_seventeen_packets_of_three_and_a_grace() -> None:
    """Rule 1 (1874, game 7): one pack each, seventeen face-down packets of three, a grace."""
    state = G.deal(9)
    for player, seed in ((1, 9), (2, second_number(9))):
        order = shuffled(pack(1), seed)
        assert state[f"p{player}packet1"].cards == order[0:3]
        assert state[f"p{player}packet17"].cards == order[48:51]
        assert state[f"p{player}grace"].cards == order[51:52]
        assert sorted(c for name in packets(player) for c in state[name].cards) == sorted(
            order[:51]
        )
    assert not any(True in p.up for p in state.piles.values())
    assert state.turn == 1 and G.moves(state) == (turn("p1packet1"),)


def test_rule_1_player_2s_pack_is_shuffled_with_a_derived_number() -> None:
    """Rule 1 (our choice): player 2's deal number is SplitMix64's first output, in range."""
    assert second_number(1) == SplitMix64(1).next() % MAX_DEAL + 1 == 1227844342346046659
    assert all(1 <= second_number(n) <= MAX_DEAL for n in (1, 2, MAX_DEAL))


def test_rule_2_the_first_player_turns_every_top_then_the_second_player_begins() -> None:
    """Rule 2: player 1 turns his seventeen tops, one by one, before player 2 turns any."""
    state = G.deal(3)
    for name in packets(1):
        assert state.turn == 1 and G.moves(state) == (turn(name),)
        state = G.play(state, turn(name))
        assert state[name].top_up and len(state[name]) == 3
    assert state.turn == 2 and G.moves(state) == (turn("p2packet1"),)


def test_rule_3_a_turned_card_pairs_with_its_face_up_twin_and_the_packet_goes_on() -> None:
    """Rule 3: both twins are withdrawn; the turner continues with the same packet."""
    state = board(
        {1: shown("2c 5h"), 2: shown("9s 4d")}, {1: down("3d 4d 5h"), 2: down("Jc")}, turn=2
    )
    after = G.play(state, turn("p2packet1"))
    assert after["p1pairs"].cards == cards("5h") and after["p2pairs"].cards == cards("5h")
    assert after["p1packet1"] == down("2c") and after["p2packet1"] == down("3d 4d")
    assert after.turn == 2 and G.moves(after) == (turn("p2packet1"),)
    again = G.play(after, turn("p2packet1"))
    assert again["p1packet2"] == down("9s") and again["p2packet1"] == down("3d")
    assert G.moves(again) == (turn("p2packet1"),)


def test_rule_3_an_unpaired_card_stays_face_up_and_the_next_packet_follows() -> None:
    """Rule 3: a card with no face-up twin opposite stays up; the next packet is turned."""
    state = board({1: shown("2c 5h")}, {1: down("3d 7c"), 2: down("Jc")}, turn=2)
    after = G.play(state, turn("p2packet1"))
    assert after["p2packet1"] == shown("3d 7c") and after["p1packet1"] == shown("2c 5h")
    assert G.moves(after) == (turn("p2packet2"),)


def test_rule_4_the_players_take_turns_until_neither_can_turn() -> None:
    """Rule 4: when player 2 is done, player 1 turns his newly uncovered tops, and so on."""
    state = board({1: shown("4c 5h"), 2: shown("Qs")}, {1: down("Qh 5h"), 2: down("3c")}, turn=2)
    state = G.play(state, turn("p2packet1"))  # 5h pairs; Qh comes next
    state = G.play(state, turn("p2packet1"))  # Qh stays up
    state = G.play(state, turn("p2packet2"))  # 3c stays up; player 2 is done
    assert state.turn == 1 and G.moves(state) == (turn("p1packet1"),)
    state = G.play(state, turn("p1packet1"))  # 4c stays up: nobody can turn a card now
    assert state.turn == 1 and G.moves(state) == (action("grace"),)


def test_rule_4_each_player_turns_only_his_own_packets_in_order() -> None:
    """Rule 4: it is one player's turn at a time, and his packets are turned in order."""
    state = board({1: down("4c"), 2: down("5c")}, {1: down("Qh")}, turn=1)
    assert "player 1's turn" in refusal(state, "turn p2packet1")
    assert "p1packet1 is next" in refusal(state, "turn p1packet2")
    assert "a grace is turned by itself ('grace')" in refusal(state, "turn p1grace")
    assert "already face up" in refusal(G.play(state, turn("p1packet1")), "turn p1packet1")
    assert "empty" in refusal(state, "turn p1packet9")
    assert "only when no packet" in refusal(state, "grace")


def test_rule_4_turns_alternate_and_each_turns_only_newly_uncovered_tops() -> None:
    """Rule 4 (DESIGN.md: the players alternate, each turning his newly uncovered tops): the
    turn passes only when the mover has no face-down top left, and after player 2's first
    turn a player turns only packets that have lost a card to a pair."""
    for deal in range(1, 21):
        state, first = G.deal(deal), {1, 2}
        while G.moves(state):
            move = G.moves(state)[0]
            mover = state.turn
            if move.verb == "turn" and mover not in first:
                assert len(state[move.args[0]]) < 3, (deal, move)
            after = G.play(state, move)
            if after.turn != mover:
                assert not hidden_tops(after, mover), (deal, move)
                first.discard(mover)
            state = after


def test_rule_5_player_1s_grace_comes_first_and_counts_as_face_up() -> None:
    """Rule 5: at the stop, player 1's grace is turned; it pairs with a face-up twin."""
    graces = (down("7d"), down("8d"))
    state = board({1: shown("4c")}, {1: down("Jh 7d").turned_up()}, graces, turn=1)
    assert G.moves(state) == (action("grace"),)
    assert "player 1's grace comes first" in refusal(state.with_turn(2), "grace")
    # 'turn' alone, when the grace is the only move, says so (not that a packet is missing)
    assert refusal(state, "turn") == (
        "no packet has a face-down top card left: player 1 turns his grace next ('grace')"
    )
    after = G.play(state, action("grace"))
    assert after["p1grace"].empty and after["p1pairs"].cards == cards("7d")
    assert after.turn == 2 and G.moves(after) == (turn("p2packet1"),)


def test_rule_5_an_unpaired_grace_stays_up_and_pairs_later() -> None:
    """Rule 5: an unpaired grace stays face up; its twin turned later pairs with it."""
    graces = (down("7d"), down("8d"))
    state = board({1: shown("4c")}, {1: shown("Jh")}, graces, turn=1)
    after = G.play(state, action("grace"))
    assert after["p1grace"] == shown("7d") and after.turn == 2
    assert G.moves(after) == (action("grace"),)
    late = board({1: shown("4c")}, {1: down("Jh 7d")}, (shown("7d"), Pile()), turn=2)
    paired = G.play(late, turn("p2packet1"))
    assert paired["p1grace"].empty and paired["p2packet1"] == down("Jh")


def test_rule_5_the_two_graces_may_pair_with_each_other() -> None:
    """Rule 5: player 2's grace pairs with player 1's face-up grace."""
    state = board({}, {}, (shown("7d"), down("7d")), turn=2)
    after = G.play(state, action("grace"))
    assert after["p1pairs"].cards == after["p2pairs"].cards == cards("7d")
    assert G.outcome(after) is Outcome.WON and G.moves(after) == ()


def test_rule_5_each_player_has_one_grace_and_a_refusal_says_which_rule_stops_it() -> None:
    """Rule 5: a player's one grace, once turned, is not turned again, and a grace waits
    until no packet hides a card; each refusal gives that reason (both once said that
    player 1's grace comes first)."""
    after_graces = board({1: down("Jh")}, {1: shown("4c")}, (shown("7d"), shown("8d")), turn=1)
    assert G.moves(after_graces) == (turn("p1packet1"),)
    assert "player 1's grace is already turned" in refusal(after_graces, "grace")
    early = board({1: down("Jh")}, {1: shown("4c")}, turn=2)
    assert "only when no packet has a face-down top card" in refusal(early, "grace")


def test_rule_6_success_when_no_card_is_left_face_down() -> None:
    """Rule 6: the game is won when nothing is face down; lost when stuck with some."""
    assert G.outcome(board({}, {}, (Pile(), Pile()))) is Outcome.WON
    stuck = board({1: shown("3c 4c")}, {1: shown("9h")}, (shown("7d"), shown("8d")))
    assert G.outcome(stuck) is Outcome.LOST and G.moves(stuck) == ()
    assert "the game is over" in refusal(stuck, "grace")


def test_every_face_down_card_is_hidden_from_both_players() -> None:
    """Both players see the face-up cards on both sides and no face-down card."""
    state = G.play(G.deal(4), turn("p1packet1"))
    for player in (1, 2):
        piles = view_to_json(G.view(state, player))["piles"]
        assert piles["p1packet1"][:2] == [HIDDEN, HIDDEN] and piles["p1packet1"][2] != HIDDEN
        assert piles["p2packet1"] == [HIDDEN] * 3 and piles["p1grace"] == [HIDDEN]


def test_turn_alone_names_the_next_packet() -> None:
    """The move 'turn' alone is the next packet of the player to move."""
    state = G.deal(1)
    assert G.parse_move(state, "turn") == turn("p1packet1")
    assert G.parse_move(state, "turn p1packet1") == turn("p1packet1")
    assert G.safe(state) == turn("p1packet1")
    with pytest.raises(IllegalMove):
        G.parse_move(state, "p1packet1 p2packet1")


def test_a_won_deal_through_the_public_api() -> None:
    """Rules 1-6: deal 2 succeeds: the recorded game replays and every card is paired."""
    record = Record.load(GOLDEN / "sympathie-won-2.record")
    assert (record.game, record.deal, record.result) == ("sympathie", 2, "won")
    result = replay(record)
    assert result.outcome is Outcome.WON and result.final == run(G.deal(2))
    assert len(result.final["p1pairs"]) == len(result.final["p2pairs"]) == 52
    assert record.moves.count("grace") == 2


def test_a_lost_deal_through_the_public_api() -> None:
    """Rule 6: deal 1 fails: both graces are used and some card stays face down."""
    end = run(G.deal(1))
    assert G.outcome(end) is Outcome.LOST
    assert end["p1grace"].empty or end["p1grace"].top_up
    assert end["p2grace"].empty or end["p2grace"].top_up


def test_rule_6_a_failed_deal_says_how_many_cards_lie_unturned() -> None:
    """Rule 6: the end of a failed deal counts the cards left face down, which are why it
    failed; a game not yet over adds nothing."""
    end = run(G.deal(1))
    hidden = sum(list(pile.up).count(False) for pile in end.piles.values())
    assert hidden > 0
    assert G.ending(end) == (
        f"{hidden} cards still lie unturned, so Sympathie was not established (rule 6)."
    )
    assert G.ending(G.deal(1)) == ""  # not over yet


def test_golden_move_counts() -> None:
    """Golden perft lines of deals 1 and 2."""
    check_golden(G)
