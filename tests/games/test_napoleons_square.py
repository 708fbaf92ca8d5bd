"""Rule tests for Napoleon's Square (docs/rules/napoleons-square.md; 1874 third game, 1914 text).

The book numbers Rules I-III; its directions for play are numbered P1-P7 in its order.
"""

from __future__ import annotations

import pytest

from cadogan import registry
from cadogan.cards import cards, pack, shuffled
from cadogan.core import IllegalMove, Move, Outcome, Pile, State, action, make_state, transfer
from cadogan.core.jsonform import view_to_json
from cadogan.games._napoleons_square_rules import FOUND, PACKETS, pending_suits
from cadogan.games.napoleons_square import NapoleonsSquare
from cadogan.record import Record, replay
from cadogan.session import Session
from tests.helpers import GOLDEN, check_golden, refused, replay_line, search

ID = "napoleons-square"
G = NapoleonsSquare()
SINGLE = NapoleonsSquare(deal="single")
MODERN = NapoleonsSquare(rules="modern")
WON_RECORD = GOLDEN / "napoleons-square-won-119.record"  # deal 119, a win found by play


def board(
    packets: dict[int, str],
    found: dict[int, str] | None = None,
    talon: str = "",
    pack_: str = "",
    phase: str = "play",
) -> State:
    """A position: packets, foundations and talon face up, bottom first; the pack face down,
    its last card on top (turned next)."""
    found = found or {}
    piles = {p: Pile.face_up(cards(packets.get(n, ""))) for n, p in enumerate(PACKETS, 1)}
    piles.update({f: Pile.face_up(cards(found.get(n, ""))) for n, f in enumerate(FOUND, 1)})
    piles["talon"] = Pile.face_up(cards(talon))
    piles["pack"] = Pile.face_down(cards(pack_))
    return make_state(ID, 1, piles, phase=phase)


def refusal(game: NapoleonsSquare, state: State, move: Move) -> str:
    """The reason ``play`` gives for refusing ``move``."""
    assert move not in game.moves(state)
    return refused(game, state, move)


# P1: the deal --------------------------------------------------------------------------


def test_play_1_twelve_packets_of_four_consecutive_cards_and_the_pack() -> None:
    """P1: packet N holds cards 4N-3..4N of the deal, the last on top; 56 cards in the pack."""
    state = G.deal(7)
    order = shuffled(pack(2), 7)
    for i, name in enumerate(PACKETS):
        assert state[name].cards == order[4 * i : 4 * i + 4] and all(state[name].up)
    assert state["pack"].cards == tuple(reversed(order[48:])) and not any(state["pack"].up)
    assert state["pack"].top == order[48]
    assert all(state[f].empty for f in FOUND) and state["talon"].empty


def test_play_1_the_square_has_three_sides_round_the_foundations() -> None:
    """P1 and the plate: left, top and right sides of four packets; foundations between."""
    titles = [(s.title, s.piles) for s in G.sections(G.deal(1))]
    assert titles[0] == ("Left side", PACKETS[0:4])
    assert titles[1] == ("Top side", PACKETS[4:8])
    assert titles[2] == ("Right side", PACKETS[8:12])
    assert titles[3] == ("Foundations", FOUND)
    assert [t for t, _ in titles[4:]] == ["Talon", "Pack"]


def test_play_1_foundations_ascend_from_the_aces_to_the_kings() -> None:
    """P1: a queen's foundation takes the king, and the game counts the eight kings as done."""
    full = {n: "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc" for n in range(1, 9)}
    state = board({1: "Kd"}, found={**full, 2: "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd"})
    after = G.play(state, transfer("packet1", "found2"))
    assert after["found2"].top == cards("Kd")[0] and G.outcome(after) is Outcome.WON


# Rule I: only the top cards ---------------------------------------------------------------


def test_rule_1_only_the_top_card_of_a_packet_is_available() -> None:
    """Rule I: a 5h under a 9c can be neither played nor married."""
    state = board({1: "5h 9c", 2: "6h"}, found={1: "Ah 2h 3h 4h"}, pack_="2c")
    assert "only the top card of packet1, 9♣, is available (Rule I)" in refusal(
        G, state, transfer("packet1", "packet2")
    )
    assert "Rule I" in refusal(G, state, transfer("packet1", "found1"))


def test_rule_1_every_card_of_the_square_is_in_view() -> None:
    """Rule I: every square card is face up in the player's view; the pack stays hidden."""
    view = view_to_json(G.view(G.deal(3), 1))["piles"]
    assert all("??" not in view[p] and len(view[p]) == 4 for p in PACKETS)
    assert view["pack"] == ["??"] * 56


# Rule II: spaces -------------------------------------------------------------------------


def test_rule_2_a_space_takes_the_talon_top_when_the_player_chooses() -> None:
    """Rule II: an empty packet may take the talon's top card, but need not at once."""
    state = board({2: "8s"}, talon="3d 9c", pack_="4h")
    legal = G.moves(state)
    assert transfer("talon", "packet1") in legal and action("deal") in legal
    after = G.play(state, transfer("talon", "packet1"))
    assert after["packet1"].cards == cards("9c") and after["talon"].cards == cards("3d")
    waited = G.play(state, action("deal"))
    assert waited["packet1"].empty and transfer("talon", "packet1") in G.moves(waited)


def test_rule_2_the_turned_pack_card_may_fill_a_space() -> None:
    """Rule II: 'from the pack' is the card just turned, which lies on the talon's top."""
    state = G.play(board({2: "8s"}, pack_="2c Jd"), action("deal"))
    after = G.play(state, transfer("talon", "packet1"))
    assert after["packet1"].cards == cards("Jd") and after["pack"].cards == cards("2c")


def test_rule_2_a_space_is_never_filled_from_the_square() -> None:
    """Rule II (book rules): a packet's card cannot be moved into an empty packet."""
    state = board({2: "8s 7d"}, talon="4c")
    assert "filled only from the talon or the pack (Rule II)" in refusal(
        G, state, transfer("packet2", "packet1")
    )


# Rule III: suits -------------------------------------------------------------------------


def test_rule_3_every_foundation_follows_suit() -> None:
    """Rule III: a 2d does not go onto the ace of clubs; a 2c does."""
    state = board({1: "2d", 2: "2c"}, found={1: "Ac"})
    assert "foundations ascend in suit (Rule III)" in refusal(
        G, state, transfer("packet1", "found1")
    )
    assert G.play(state, transfer("packet2", "found1"))["found1"].cards == cards("Ac 2c")
    assert "only an ace begins a foundation" in refusal(G, state, transfer("packet1", "found2"))


# P2: aces and suitable cards ---------------------------------------------------------------


def test_play_2_an_ace_may_begin_any_empty_foundation() -> None:
    """P2: any ace on the square may be played, to whichever empty place the player likes."""
    state = board({3: "9c Ah"}, found={2: "Ac"})
    plays = [m for m in G.moves(state) if m.args[-1] in FOUND]
    assert plays == [transfer("packet3", f) for f in FOUND if f != "found2"]
    after = G.play(state, transfer("packet3", "found6"))
    assert after["found6"].cards == cards("Ah") and after["packet3"].cards == cards("9c")


def test_play_2_a_card_fitting_two_foundations_may_go_to_either() -> None:
    """P2, Rule III: a 2h fits both hearts aces and is offered on each; a 2c on its ace."""
    state = board({1: "2h", 2: "2c"}, found={1: "Ah", 2: "Ah", 3: "Ac", 4: "Ad 2d"})
    plays = [m for m in G.moves(state) if m.args[-1] in FOUND]
    assert plays == [
        transfer("packet1", "found1"),
        transfer("packet1", "found2"),
        transfer("packet2", "found3"),
    ]
    assert G.play(state, transfer("packet1", "found2"))["found2"].cards == cards("Ah 2h")


def test_play_2_the_talon_top_is_played_too() -> None:
    """P2, P5: the talon's top card is available for the foundations; a card under it is
    not, and the refusal does not cite Rule I, which is about the square."""
    state = board({1: "Kc"}, found={5: "As 2s"}, talon="3s")
    assert transfer("talon", "found5") in G.moves(state)
    covered = board({1: "Kc"}, found={5: "As 2s"}, talon="3s 9d")
    assert refusal(G, covered, transfer("talon", "found5")) == (
        "only the talon's top card, 9♦, is available"
    )


# P3: marriages ---------------------------------------------------------------------------


def test_play_3_marriages_descend_in_suit_onto_packet_tops() -> None:
    """P3: a 7h marries an 8h; not an 8c, not a 6h."""
    state = board({1: "7h", 2: "8h", 3: "8c", 4: "6h"}, pack_="2c")
    legal = G.moves(state)
    assert transfer("packet1", "packet2") in legal
    assert transfer("packet1", "packet3") not in legal
    assert transfer("packet1", "packet4") not in legal
    assert "one lower in the same suit" in refusal(G, state, transfer("packet1", "packet3"))
    after = G.play(state, transfer("packet1", "packet2"))
    assert after["packet2"].cards == cards("8h 7h") and after["packet1"].empty


def test_play_3_the_talon_top_marries_onto_the_square() -> None:
    """P3, P5: the turned card (the talon's top) may marry a packet top."""
    state = G.play(board({1: "7h"}, pack_="6h"), action("deal"))
    assert G.play(state, transfer("talon", "packet1"))["packet1"].cards == cards("7h 6h")


def test_play_3_only_one_card_moves_at_a_time() -> None:
    """P3, Rule I (book rules): a married run is not moved as a unit."""
    state = board({1: "9c 7h 6h", 2: "8h"}, pack_="2c")
    assert transfer("packet1", "packet2") not in G.moves(state)
    reason = refusal(G, state, Move("move", ("packet1", "2", "packet2")))
    assert "only one card moves at a time (Rule I)" in reason


def test_play_3_nothing_goes_back_from_the_foundations_or_onto_the_talon() -> None:
    """P3, P5: foundation cards stay; the talon grows only by dealing; the pack only deals."""
    state = board({1: "7h", 2: "3c"}, found={1: "Ah 2h"}, talon="5d", pack_="9s")
    assert "stays there" in refusal(G, state, transfer("found1", "packet2"))
    assert "except by dealing" in refusal(G, state, transfer("packet1", "talon"))
    assert "only by 'deal'" in refusal(G, state, transfer("pack", "packet1"))


# P4: the Note's king remedy ------------------------------------------------------------------


def test_play_4_the_note_two_blocking_kings_force_a_slip() -> None:
    """P4 (the Note): deal 10 has both Kc and both Ks above lower cards of their suits."""
    state = G.deal(10)
    assert state.phase == "remedy" and len(pending_suits(state)) == 2
    assert [str(m) for m in G.moves(state)] == [
        "slip packet5 kc",
        "slip packet8 kc",
        "slip packet6 ks",
        "slip packet11 ks",
    ]
    assert "one king of each such suit must first be slipped" in refusal(G, state, action("deal"))
    state = G.play(state, action("slip", "packet8", "kc"))
    assert state["packet8"].cards == cards("Kc Tc Qd Ts") and state.phase == "remedy"
    assert "two kings of one suit block lower cards of their suit, so one of them" in refusal(
        G, state, action("deal")
    )
    assert [str(m) for m in G.moves(state)] == ["slip packet6 ks", "slip packet11 ks"]
    state = G.play(state, action("slip", "packet6", "ks"))
    assert state["packet6"].cards == cards("Ks 3h 6c 3s") and state.phase == "play"


def test_play_4_the_note_both_kings_side_by_side_leave_no_choice() -> None:
    """P4: deal 23 has both Kh side by side in packet4 over a 6h: slipping either gives the
    same packet, so the one choice is played by itself."""
    state = G.deal(23)
    assert state["packet4"].cards == cards("6h Kh Kh 2h")
    assert G.moves(state) == (action("slip", "packet4", "kh"),)
    assert G.auto(state) == action("slip", "packet4", "kh")
    session = Session(G, 23)
    assert session.state["packet4"].cards == cards("Kh 6h Kh 2h")
    assert session.state.phase == "play" and session.history[0].forced


def test_play_4_the_note_either_king_of_one_packet_may_be_slipped() -> None:
    """P4: with both Kh in one packet and a 3c between them, the player chooses: slipping
    the upper king frees the 3c; slipping the lower leaves a king on top for a Qh."""
    state = board({1: "6h Kh 3c Kh", 2: "9s Qh"}, pack_="2c", phase="remedy")
    upper, lower = action("slip", "packet1", "kh"), action("slip", "packet1", "kh", "lower")
    assert G.moves(state) == (upper, lower) and G.auto(state) is None
    assert G.play(state, upper)["packet1"].cards == cards("Kh 6h Kh 3c")
    after = G.play(state, lower)
    assert after["packet1"].cards == cards("Kh 6h 3c Kh") and after.phase == "play"
    assert transfer("packet2", "packet1") in G.moves(after)
    assert G.parse_move(state, "slip packet1 Kh lower") == lower
    assert (
        "packet2 holds no K♥; the Note's choices are: slip packet1 kh, slip packet1 kh lower"
        in (refusal(G, state, action("slip", "packet2", "kh")))
    )
    assert "that king need not be slipped" in refusal(G, state, action("slip", "packet2", "qh"))


def test_play_4_the_note_needs_both_kings_blocking() -> None:
    """P4: one blocking king is no case for the remedy; later a slip is refused."""
    state = board({1: "5h Kh", 2: "Kh 9h"}, pack_="2c")
    assert pending_suits(state) == ()
    assert "only straight after the deal" in refusal(G, state, action("slip", "packet1", "kh"))
    assert pending_suits(board({1: "5h Kh", 2: "9h Kh"})) != ()


def test_play_4_the_fresh_deal_remedy_is_not_offered() -> None:
    """P4: gathering and re-dealing is not a move: deal numbers name fixed deals."""
    assert "redeal" not in G.verbs
    with pytest.raises(IllegalMove):
        G.parse_move(G.deal(10), "redeal")
    assert G.deal(10) == G.deal(10)


# P5, P6: the pack and the talon ------------------------------------------------------------


def test_play_5_the_pack_is_turned_onto_the_talon() -> None:
    """P5: 'deal' turns the pack's top card face up onto the talon."""
    state = board({1: "Kc"}, talon="4d", pack_="2c Jd")
    after = G.play(state, action("deal"))
    assert after["talon"].cards == cards("4d Jd") and all(after["talon"].up)
    assert after["pack"].cards == cards("2c")


def test_play_6_there_is_no_redeal() -> None:
    """P6: once the pack is out, 'deal' is refused; the talon is never turned again."""
    state = board({1: "Kc 5s"}, found={1: "Ac"}, talon="7d 2c")
    assert action("deal") not in G.moves(state)
    assert "no re-deal" in refusal(G, state, action("deal"))


# The end -------------------------------------------------------------------------------------


def test_the_end_a_position_that_can_only_cycle_is_lost() -> None:
    """The end: the 6h may hop between the two 7h for ever, but the 3c stays buried: lost."""
    state = board({1: "3c 7h 6h", 2: "4c 7h"}, found={1: "Ac 2c"})
    assert G.outcome(state) is Outcome.LOST and G.moves(state) == ()
    assert "the game is over" in refusal(G, state, transfer("packet1", "packet2"))
    hopping = board({1: "3c 7h 6h", 2: "4c 7h"}, found={1: "Ac 2c"}, pack_="Ks")
    assert transfer("packet1", "packet2") in G.moves(hopping)


def test_the_end_a_square_move_that_leads_on_keeps_the_game_going() -> None:
    """The end: moving the 6h off the 3c lets the 3c be played, so the game goes on."""
    state = board({1: "3c 6h", 2: "4c 7h"}, found={1: "Ac 2c"})
    assert G.outcome(state) is Outcome.ONGOING
    assert G.moves(state) == (transfer("packet1", "packet2"),)


def test_the_end_is_decided_by_a_full_search_of_the_square() -> None:
    """The end: the 3c is freed only three square moves on (Qs to Ks, 6d to 7d, 8h to 9h),
    and the search finds it, so the game goes on; with a 9s for the 9h no line frees the
    3c, and the game is lost though square moves remain."""
    packets = {1: "3c 8h", 2: "9h 6d", 3: "7d Qs", 5: "Ks"}
    deep = board(packets, found={1: "Ac 2c"})
    assert G.outcome(deep) is Outcome.ONGOING
    assert G.moves(deep) == (transfer("packet3", "packet5"),)
    for move in ("packet3 packet5", "packet2 packet3", "packet1 packet2"):
        deep = G.play(deep, G.parse_move(deep, move))
    assert transfer("packet1", "found1") in G.moves(deep)
    stuck = board({**packets, 2: "9s 6d"}, found={1: "Ac 2c"})
    assert G.outcome(stuck) is Outcome.LOST and G.moves(stuck) == ()


def test_the_end_a_whole_deal_is_won_by_the_record() -> None:
    """P1-P6: deal 119 is won by the recorded line (found by play), move by move."""
    record = Record.load(WON_RECORD)
    assert (record.game, record.deal, record.result) == (ID, 119, "won")
    state = G.deal(119)
    for text in record.moves:
        move = G.parse_move(state, text)
        assert move in G.moves(state)
        state = G.play(state, move)
    assert G.outcome(state) is Outcome.WON and G.moves(state) == ()
    assert replay(record).outcome is Outcome.WON


def test_the_end_a_whole_deal_is_lost() -> None:
    """P6 and the end: deal 1 played by the search's first line runs out of moves: lost."""
    line = search(G, G.deal(1), Outcome.LOST, 5_000)
    assert line is not None
    end = replay_line(G, 1, line)
    assert G.outcome(end) is Outcome.LOST and G.moves(end) == ()
    assert end["pack"].empty


# Solver hooks -----------------------------------------------------------------------------


def test_safe_plays_only_cards_that_no_marriage_needs() -> None:
    """Hooks: an ace is safe; a 3h is safe only once both 2h are on foundations."""
    assert G.safe(board({1: "Ah"})) == transfer("packet1", "found1")
    one = board({1: "3h"}, found={1: "Ah 2h", 2: "Ah"})
    assert G.safe(one) is None and transfer("packet1", "found1") in G.moves(one)
    both = board({1: "3h"}, found={1: "Ah 2h", 2: "Ah 2h"})
    assert G.safe(both) == transfer("packet1", "found1")
    talon = board({1: "9c"}, found={3: "Ah 2h", 5: "Ah 2h 3h"}, talon="3h", pack_="Kc")
    assert G.safe(talon) == transfer("talon", "found3")


def test_safe_deals_onto_an_empty_talon() -> None:
    """Hooks: with nothing on the talon, the deal buries nothing, so it is safe."""
    state = board({1: "7h", 2: "8h"}, pack_="2c")
    assert transfer("packet1", "packet2") in G.moves(state)
    assert G.safe(state) == action("deal")


def test_safe_deals_over_a_talon_card_that_nothing_can_use() -> None:
    """Hooks: no 4s and no 6s in the square, and no packet can be emptied: the 5s on the
    talon must wait for a later deal anyway, so dealing now is safe.  Once a packet can be
    emptied (its 9d marries the Td), the 5s might fill the space, and the deal is not safe;
    nor is it when the 5s can be played, or marry a 6s."""
    packets = {n: "Kc Qd" for n in range(1, 12)} | {12: "9d 8c"}
    idle = board(packets, talon="5s", pack_="2c")
    assert G.safe(idle) == action("deal")
    assert G.safe(board({**packets, 11: "Kc Td"}, talon="5s", pack_="2c")) is None
    playable = board(packets, talon="5s", found={1: "As 2s 3s 4s"}, pack_="2c")
    assert G.safe(playable) is None and transfer("talon", "found1") in G.moves(playable)
    assert G.safe(board({**packets, 3: "Kc 6s"}, talon="5s", pack_="2c")) is None
    assert G.safe(board(packets, talon="Ad 5s", pack_="2c", phase="remedy")) is None


def test_key_merges_packets_and_foundations_in_any_order() -> None:
    """Hooks: the places of packets and of same-suit foundations make no difference."""
    a = board({1: "7h 6h", 2: "Kc"}, found={1: "Ah", 3: "As"}, talon="3d 4d", pack_="2c")
    b = board({5: "Kc", 9: "7h 6h"}, found={2: "As", 8: "Ah"}, talon="3d 4d", pack_="2c")
    assert G.key(a) == G.key(b) and a != b
    c = board({5: "Kc", 9: "7h 6h"}, found={2: "As", 8: "Ah"}, talon="4d 3d", pack_="2c")
    assert G.key(c) != G.key(a)
    assert G.key(a) != G.key(board({1: "7h", 2: "Kc 6h"}, found={1: "Ah", 3: "As"}))


def test_order_tries_plays_then_spaces_and_the_talon_and_hops_last() -> None:
    """Hooks: foundation plays, a marriage emptying a packet, talon marriages, marriages
    that uncover a card, the talon into a space, the deal, and shifts between twins."""
    packets = {1: "7h", 2: "8h", 3: "Ac", 4: "5s 6d", 5: "7d", 6: "8h 7h", 7: "Jd", 8: "2c 9s"}
    state = board(packets | {9: "Kc", 10: "Kc", 11: "Ks"}, talon="Td", pack_="2c")
    assert [str(m) for m in G.order(state, G.moves(state))] == [
        *(f"packet3 {f}" for f in FOUND),
        "packet1 packet2",
        "talon packet7",
        "packet4 packet5",
        "talon packet12",
        "deal",
        "packet6 packet2",
    ]


# Options ------------------------------------------------------------------------------------


def test_option_deal_single_lays_the_twelve_cards_singly() -> None:
    """P7 (deal=single): twelve packets of one card; the other 92 cards are the pack."""
    order = shuffled(pack(2), 7)
    state = SINGLE.deal(7)
    assert [state[p].cards for p in PACKETS] == [(c,) for c in order[:12]]
    assert len(state["pack"]) == 92 and state["pack"].top == order[12]
    assert len(G.deal(7)["pack"]) == 56


def test_option_deal_single_never_needs_the_note() -> None:
    """P7: a king is never above another card in single packets, so no remedy phase."""
    assert all(SINGLE.deal(n).phase == "play" for n in (10, 22, 23, 37))
    assert G.deal(10).phase == "remedy"


def test_option_deal_single_square_cards_marry_and_spaces_fill_as_in_the_square() -> None:
    """P7 (deal=single), our reading: the single cards marry each other as the packets'
    tops do (Rule I), though P7 speaks only of the pack's cards, and the space one leaves
    takes the talon's top (Rule II).  Deal 7 lays the 8♠ and the 9♠."""
    state = SINGLE.deal(7)
    assert state["packet7"].cards == cards("8s") and state["packet12"].cards == cards("9s")
    assert transfer("packet7", "packet12") in SINGLE.moves(state)
    married = SINGLE.play(state, transfer("packet7", "packet12"))
    assert married["packet7"].empty and married["packet12"].cards == cards("9s 8s")
    turned = SINGLE.play(married, action("deal"))
    assert transfer("talon", "packet7") in SINGLE.moves(turned)
    assert transfer("packet12", "packet7") not in SINGLE.moves(turned)


def test_option_rules_modern_runs_move_as_a_unit() -> None:
    """rules=modern: a run 7h 6h moves onto an 8h together; book rules refuse it."""
    state = board({1: "9c 7h 6h", 2: "8h"}, pack_="2c")
    assert transfer("packet1", "packet2") in MODERN.moves(state)
    after = MODERN.play(state, transfer("packet1", "packet2"))
    assert after["packet2"].cards == cards("8h 7h 6h") and after["packet1"].cards == cards("9c")
    assert transfer("packet1", "packet2") not in G.moves(state)


def test_option_rules_modern_spaces_take_any_card_or_run() -> None:
    """rules=modern: a space takes a whole run, or its top N cards; never a whole packet."""
    state = board({1: "9c 7h 6h 5h", 3: "7d 6d", 4: "Kc"}, pack_="2c")
    legal = MODERN.moves(state)
    assert transfer("packet1", "packet2") in legal
    assert Move("move", ("packet1", "2", "packet2")) in legal
    assert transfer("packet3", "packet2") not in legal
    assert Move("move", ("packet3", "1", "packet2")) in legal
    assert MODERN.play(state, transfer("packet1", "packet2"))["packet2"].cards == cards("7h 6h 5h")
    part = MODERN.play(state, Move("move", ("packet1", "2", "packet2")))
    assert part["packet2"].cards == cards("6h 5h") and part["packet1"].cards == cards("9c 7h")
    assert "only rename it" in refusal(MODERN, state, transfer("packet3", "packet2"))
    assert "Rule II" in refusal(G, state, transfer("packet4", "packet2"))


def test_option_rules_modern_has_no_king_remedy() -> None:
    """rules=modern: the Note's step is not part of the modern game."""
    assert MODERN.deal(10).phase == "play" and G.deal(10).phase == "remedy"
    assert MODERN.deal(10).piles == G.deal(10).piles


def test_text_forms_of_moves() -> None:
    """Moves are written 'deal', 'slip packetN kX', 'from to' and 'from N to'."""
    state = G.deal(10)
    assert G.parse_move(state, "slip packet5 Kc") == action("slip", "packet5", "kc")
    assert G.parse_move(state, "deal") == action("deal")
    assert G.parse_move(state, "packet1 2 packet7") == Move("move", ("packet1", "2", "packet7"))
    assert str(Move("move", ("packet1", "2", "packet7"))) == "packet1 2 packet7"
    with pytest.raises(IllegalMove):
        G.parse_move(state, "packet1 2 nowhere")
    assert registry.find("carre-napoleon") is NapoleonsSquare


# Golden move counts ---------------------------------------------------------------------------


class SingleSquare(NapoleonsSquare):
    """The deal=single variant under its own golden file name."""

    id = "napoleons-square-single"


class ModernSquare(NapoleonsSquare):
    """The rules=modern variant under its own golden file name."""

    id = "napoleons-square-modern"


def test_golden_move_counts() -> None:
    """Golden perft lines of deals 1 and 2 (the book's rules and deal)."""
    check_golden(G)


def test_golden_move_counts_deal_single() -> None:
    """Golden perft lines of deals 1 and 2 with option deal=single."""
    check_golden(SingleSquare(deal="single"))


def test_golden_move_counts_rules_modern() -> None:
    """Golden perft lines of deals 1 and 2 with option rules=modern."""
    check_golden(ModernSquare(rules="modern"))
