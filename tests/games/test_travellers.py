"""Rule tests for Travellers (docs/rules/travellers.md; seed 004)."""

from __future__ import annotations

import math

import pytest

from cadogan import game
from cadogan.cards import cards, pack, shuffled
from cadogan.core import IllegalMove, Outcome, Pile, State, action, make_state
from cadogan.games.travellers import PACKETS, Travellers
from tests.helpers import check_golden

G = Travellers()
CLOCK = Travellers(complete="travelled")


def board(packets: dict[int, str], spare: str = "", kings: str = "", traveller: int = 0) -> State:
    """A position: packets given as face-down cards, bottom first; the rest empty."""
    piles = {p: Pile.face_down(cards(packets.get(n, ""))) for n, p in enumerate(PACKETS, 1)}
    piles["spare"] = Pile.face_down(cards(spare))
    piles["kings"] = Pile.face_up(cards(kings))
    return make_state("travellers", 1, piles, vars={"traveller": traveller})


def test_rule_1_the_deal_makes_twelve_packets_and_a_spare() -> None:
    """Rule 1: thirteen face-down packets of four; the last four cards are the spare."""
    state = G.deal(7)
    order = shuffled(pack(1), 7)
    assert state["packet1"].cards == order[0:4] and state["spare"].cards == order[48:52]
    assert all(len(state[p]) == 4 and not any(state[p].up) for p in PACKETS)
    assert state["kings"].empty and G.moves(state) == (action("turn", "spare"),)


def test_rule_2_a_card_goes_under_the_packet_of_its_value() -> None:
    """Rule 2: a five from the spare goes face up under packet 5, whose top travels next."""
    state = board({5: "2c 3c 4c 9d"}, spare="5h")
    after = G.play(state, action("turn", "spare"))
    assert after["packet5"].cards == cards("5h 2c 3c 4c 9d")
    assert after["packet5"].up == (True, False, False, False, False)
    assert G.moves(after) == (action("travel", "packet5"),)
    travelled = G.play(after, action("travel", "packet5"))
    assert travelled["packet9"].cards[0] == cards("9d")[0]


def test_rule_2_queens_go_to_packet_12_and_aces_to_packet_1() -> None:
    """Rule 2: ace = 1, queen = 12."""
    state = G.play(board({12: "Kc"}, spare="Qs"), action("turn", "spare"))
    assert state["packet12"].cards[0] == cards("Qs")[0]
    state = G.play(board({1: "Kc"}, spare="Ad"), action("turn", "spare"))
    assert state["packet1"].cards[0] == cards("Ad")[0]


def test_rule_3_a_spare_king_is_discarded_and_another_tried() -> None:
    """Rule 3: a king from the spare goes to the kings; the next spare card is turned."""
    state = G.play(board({3: "Kd"}, spare="3h Ks"), action("turn", "spare"))
    assert state["kings"].cards == cards("Ks") and state.num("traveller") == 0
    assert G.moves(state) == (action("turn", "spare"),)


def test_rule_3_four_spare_kings_fail_once_they_are_turned() -> None:
    """Rule 3: when the spare holds only kings, the game is lost when they are turned
    (not at the deal, which would tell what the face-down spare holds)."""
    state = board({1: "Ac Ad Ah As"}, spare="Kc Kd Kh Ks")
    for _ in range(3):
        state = G.play(state, action("turn", "spare"))
        assert G.outcome(state) is Outcome.ONGOING
    state = G.play(state, action("turn", "spare"))
    assert G.outcome(state) is Outcome.LOST and G.moves(state) == ()


def test_rule_2_a_card_that_belongs_to_its_own_packet_goes_under_it() -> None:
    """Rule 2: a card that comes off packet 5 and is itself a five goes back under
    packet 5, face up, beneath the card slipped there before; no card is lost or made
    twice.  (Slipping it under the packet as it was before its top left made a second
    copy of it, and only the golden counts noticed.)"""
    state = board({5: "2c 3c 4c 5d"}, spare="5h")
    state = G.play(state, action("turn", "spare"))
    state = G.play(state, action("travel", "packet5"))
    assert state["packet5"].cards == cards("5d 5h 2c 3c 4c")
    assert state["packet5"].up == (True, True, False, False, False)
    assert state.num("traveller") == 5
    assert sum(len(state[p]) for p in state.piles) == len(cards("2c 3c 4c 5d 5h"))


def test_rule_4_a_king_from_the_board_ends_the_round() -> None:
    """Rule 4: a board king is set aside and the next card comes from the spare."""
    state = board({4: "Kh"}, spare="2d 4s")
    state = G.play(state, action("turn", "spare"))
    state = G.play(state, action("travel", "packet4"))
    assert state["kings"].cards == cards("Kh") and state.num("traveller") == 0
    assert G.moves(state) == (action("turn", "spare"),)


def test_rule_4_the_travelling_card_must_move_before_the_spare() -> None:
    """Rule 4: while a card is travelling, turning the spare is refused with the reason."""
    state = G.play(board({5: "2c 3c 4c 9d"}, spare="2h 5h"), action("turn", "spare"))
    with pytest.raises(IllegalMove, match="top card of packet5 must travel next"):
        G.play(state, action("turn", "spare"))
    with pytest.raises(IllegalMove, match="top card of packet5"):
        G.play(state, action("travel", "packet9"))


def test_rule_4_turning_the_spare_when_the_round_has_ended() -> None:
    """Rule 4: with no card travelling, travelling is refused: turn the spare."""
    with pytest.raises(IllegalMove, match="turn the next card of the spare"):
        G.play(board({}, spare="5h"), action("travel", "packet5"))


def test_rule_5_slipped_cards_lie_face_up() -> None:
    """Rule 5: every card that has travelled lies face up; the rest stay face down."""
    state, slipped = G.deal(3), 0
    for _ in range(12):
        if not G.moves(state):
            break
        kings = len(state["kings"])
        state = G.play(state, G.moves(state)[0])
        slipped += len(state["kings"]) == kings  # a card other than a king was slipped
    for n, name in enumerate(PACKETS, 1):
        pile = state[name]
        travelled = [c for c, up in zip(pile.cards, pile.up, strict=True) if up]
        assert all(c.rank == n for c in travelled)
        assert list(pile.up) == sorted(pile.up, reverse=True)  # face-up ones are underneath
    # Every card slipped under a packet lies face up (the checks above would pass with
    # none face up at all).
    assert slipped and sum(sum(state[name].up) for name in PACKETS) == slipped


def test_rule_6_won_when_every_packet_holds_its_own_four() -> None:
    """Rule 6: the game is won, and no move is left, when the board is complete."""
    suits = "cdhs"
    piles = {
        p: Pile.face_up(cards(" ".join(f"{'A23456789TJQ'[n - 1]}{s}" for s in suits)))
        for n, p in enumerate(PACKETS, 1)
    }
    piles["spare"] = Pile.face_down(cards("Kc"))
    piles["kings"] = Pile.face_up(cards("Kd Kh Ks"))
    state = make_state("travellers", 1, piles, vars={"traveller": 0})
    assert G.outcome(state) is Outcome.WON and G.moves(state) == ()
    with pytest.raises(IllegalMove, match="game is over"):
        G.play(state, action("turn", "spare"))


def test_rule_6_lost_when_the_spare_runs_out() -> None:
    """Rule 6: spare empty, nothing travelling, a packet incomplete: lost."""
    assert G.outcome(board({1: "2c"})) is Outcome.LOST
    assert G.outcome(board({1: "2c"}, traveller=1)) is Outcome.ONGOING


def _play_out(deal: int, g: Travellers = G) -> State:
    state = g.deal(deal)
    while g.moves(state):
        state = g.play(state, g.moves(state)[0])
    return state


def test_a_whole_deal_won_through_the_public_api() -> None:
    """Deal 28 comes out with every card travelled: the first such deal, found by
    playing deals in order (deal 1 comes out sooner by the default test of a complete
    packet, which counts a packet's own unturned card; rule 6)."""
    state = _play_out(28)
    assert G.outcome(state) is Outcome.WON
    assert all(len(state[p]) == 4 and all(state[p].up) for p in PACKETS)


def test_a_whole_deal_lost_through_the_public_api() -> None:
    """Deal 3 fails: the spare runs out with packets incomplete."""
    state = _play_out(3)
    assert G.outcome(state) is Outcome.LOST and state["spare"].empty


def test_the_win_rate_agrees_with_the_known_probability() -> None:
    """Travellers with complete=travelled is Clock patience, won with probability exactly
    1/13 (rules doc)."""
    n = 3000
    wins = sum(CLOCK.outcome(_play_out(d, CLOCK)) is Outcome.WON for d in range(1, n + 1))
    p = 1 / 13
    assert abs(wins / n - p) < 3.3 * math.sqrt(p * (1 - p) / n)


def _full_board(down_top: int, g: Travellers) -> State:
    """Every packet holds its own four face up, except packet ``down_top``, whose top card
    (its own value too) has never travelled and lies face down."""
    piles = {
        p: Pile.face_up(cards(" ".join(f"{'A23456789TJQ'[n - 1]}{s}" for s in "cdhs")))
        for n, p in enumerate(PACKETS, 1)
    }
    name = PACKETS[down_top - 1]
    piles[name] = Pile(piles[name].cards, (True, True, True, False))
    piles["spare"] = Pile()
    piles["kings"] = Pile.face_up(cards("Kc Kd Kh Ks"))
    return make_state("travellers", 1, piles, vars={"traveller": 0}, options=g.options)


def test_option_complete_travelled_needs_all_four_to_have_travelled() -> None:
    """Rule 6, option complete=travelled (Clock patience): an own card never turned up
    leaves its packet incomplete, so the game is lost; deal 1 ends that way."""
    assert CLOCK.outcome(_full_board(6, CLOCK)) is Outcome.LOST
    end = _play_out(1, CLOCK)
    assert CLOCK.outcome(end) is Outcome.LOST
    assert [len(end[p]) for p in PACKETS] == [4] * 12
    assert not all(end["packet6"].up) and {c.rank for c in end["packet6"].cards} == {6}


def test_rule_6_by_default_a_packet_holding_its_own_four_is_complete() -> None:
    """Rule 6 (DESIGN.md; the default complete=held): a packet holding its own four is
    complete even with a card never turned up; deal 1 then comes out."""
    assert G.options["complete"] == "held"
    state = _full_board(6, G)
    assert G.outcome(state) is Outcome.WON and G.moves(state) == ()
    assert G.outcome(_play_out(1)) is Outcome.WON


def test_rule_6_a_win_with_a_card_never_travelled_says_which() -> None:
    """Rule 6 (complete=held): the end names the cards still face down and why their
    packets count, since the board shows backs where a won game would show faces; a win
    with every card face up, a lost game and a game still going say nothing more."""
    note = G.ending(_play_out(1))
    assert note.startswith("Still face down: the 6♠ of packet6. Dealt into its own packet, it")
    assert "option complete=held" in note
    assert "the 7♥ of packet7 and the 7♣ of packet7. Dealt into their own packets, they" in (
        G.ending(_play_out(23))
    )
    assert G.ending(_play_out(28)) == ""  # won, every card travelled
    assert G.ending(_play_out(3)) == ""  # lost
    assert G.ending(G.deal(1)) == ""


class ClockTravellers(Travellers):
    """The complete=travelled variant under its own golden file name."""

    id = "travellers-travelled"


def test_golden_move_counts_complete_travelled() -> None:
    """Golden perft lines of deals 1 and 2 with option complete=travelled."""
    check_golden(ClockTravellers(complete="travelled"))


def test_registered_under_its_alias() -> None:
    assert type(game("clock")) is Travellers and game("Travellers").id == "travellers"


def test_golden_move_counts() -> None:
    check_golden(G)
