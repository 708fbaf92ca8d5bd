"""Rule tests for La Duchesse de Luynes (docs/rules/duchesse-de-luynes.md; seed 000, game 4)."""

from __future__ import annotations

import pytest

from cadogan import registry
from cadogan.cards import cards, pack, shuffled
from cadogan.core import IllegalMove, Outcome, Pile, State, action, make_state, transfer
from cadogan.core.jsonform import HIDDEN, view_to_json
from cadogan.describe import describe
from cadogan.games.duchesse_de_luynes import (
    ACES,
    FOUNDATIONS,
    KINGS,
    PACKETS,
    DuchesseDeLuynes,
)
from cadogan.record import Record, replay
from tests.helpers import GOLDEN, check_golden, refused, replay_line, search

G = DuchesseDeLuynes()
FREE = DuchesseDeLuynes(play="free")
ID = "duchesse-de-luynes"


def board(
    packets: dict[int, str] | None = None,
    found: dict[int, str] | None = None,
    discard: str = "",
    pack_: str = "",
    redeals: int = 3,
    play: str = "all",
) -> State:
    """A position: packets face up (bottom first), the pack and Discard face down."""
    packets, found = packets or {}, found or {}
    piles = {p: Pile.face_up(cards(packets.get(n, ""))) for n, p in enumerate(PACKETS, 1)}
    piles |= {f: Pile.face_up(cards(found.get(n, ""))) for n, f in enumerate(FOUNDATIONS, 1)}
    piles["discard"] = Pile.face_down(cards(discard))
    if not pack_:
        piles["discard"] = piles["discard"].all_up()
    piles["pack"] = Pile.face_down(cards(pack_))
    return make_state(ID, 1, piles, vars={"redeals": redeals}, options={"play": play})


def refusal(state: State, move: str, game: DuchesseDeLuynes = G) -> str:
    """The reason ``play`` gives for refusing ``move``."""
    return refused(game, state, move)


def test_names_and_alias() -> None:
    """Section 1 of DESIGN.md: two packs, one player, alias grand-duchess."""
    assert registry.find("grand-duchess") is DuchesseDeLuynes
    assert (G.packs, G.players) == (2, 1)


def test_rule_3_the_first_round_deals_four_up_and_two_to_the_discard() -> None:
    """Rule 3 (1874, game 4): four face-up cards in a row and two face down for the Discard."""
    order = shuffled(pack(2), 5)
    state = G.deal(5)
    assert len(state["pack"]) == 104 and state["pack"].top == order[0]
    assert G.moves(state) == (action("deal"),)
    after = G.play(state, action("deal"))
    assert [after[p].cards for p in PACKETS] == [(c,) for c in order[0:4]]
    assert all(after[p].up == (True,) for p in PACKETS)
    assert after["discard"].cards == order[4:6] and after["discard"].up == (False, False)
    assert len(after["pack"]) == 98


def test_rule_3_aces_build_up_and_kings_build_down() -> None:
    """Rule 3: the ace foundations ascend to kings, the king foundations descend to aces."""
    state = board({1: "2c", 2: "Qh"}, found={1: "Ac", 7: "Kh"}, pack_="5s")
    assert G.moves(state) == (transfer("packet1", "found1"), transfer("packet2", "found7"))
    after = G.play(G.play(state, transfer("packet1", "found1")), transfer("packet2", "found7"))
    assert after["found1"].cards == cards("Ac 2c") and after["found7"].cards == cards("Kh Qh")
    assert "needs 3♥" in refusal(board({1: "4h"}, found={3: "Ah 2h"}, pack_="5s"), "packet1 found3")


def test_rule_4_foundation_cards_go_to_their_places_as_they_appear() -> None:
    """Rule 4: an ace goes to its suit's ace place, a king to its suit's king place."""
    state = board({1: "Ad", 2: "Ks"}, pack_="5s")
    assert G.moves(state) == (transfer("packet1", "found2"), transfer("packet2", "found8"))
    assert "needs A♣" in refusal(state, "packet1 found1")


def test_rule_II_the_foundations_follow_suit() -> None:
    """Rule II: a card of another suit never goes on a foundation, even in sequence."""
    state = board({1: "2d"}, found={1: "Ac"}, pack_="5s")
    assert G.moves(state) == (action("deal"),)
    reason = refusal(state, "packet1 found1")
    assert "does not fit found1" in reason and "follow suit" in reason


def test_rule_3_a_card_fitting_both_foundations_may_go_to_either() -> None:
    """Rule 3 (DESIGN.md): a card that fits both foundations of its suit may go to either."""
    state = board({1: "7h"}, found={3: "Ah 2h 3h 4h 5h 6h", 7: "Kh Qh Jh Th 9h 8h"}, pack_="5s")
    assert G.moves(state) == (transfer("packet1", "found3"), transfer("packet1", "found7"))


def test_rule_I_only_the_top_card_of_a_packet_is_available() -> None:
    """Rule I: a card under another becomes available only when the top one is played."""
    state = board({1: "Ac 9d"}, pack_="5s")
    assert G.moves(state) == (action("deal"),)
    assert "does not fit" in refusal(state, "packet1 found1")


def test_rule_I_the_discard_is_unseen_and_unusable_while_the_pack_lasts() -> None:
    """Rule I: the Discard is available only at the end of the deal, and nobody sees it."""
    state = board(discard="Ac Kd", pack_="5s 6s")
    assert G.moves(state) == (action("deal"),)
    assert "until the pack is exhausted" in refusal(state, "discard found1")
    assert view_to_json(G.view(state, 1))["piles"]["discard"] == [HIDDEN, HIDDEN]


def test_rule_6_when_the_pack_is_exhausted_all_the_discard_is_available() -> None:
    """Rule 6: after the last round the Discard is turned up and any card of it may be played."""
    state = board(discard="Ac Kd 4h", pack_="5s 6s 7s 8s 9c Tc")
    after = G.play(state, action("deal"))
    assert after["pack"].empty and all(after["discard"].up)
    assert after["discard"].cards == cards("Ac Kd 4h 6s 5s")
    assert G.moves(after) == (transfer("discard", "found1"), transfer("discard", "found6"))
    played = G.play(after, transfer("discard", "found6"))
    assert (
        played["discard"].cards == cards("Ac 4h 6s 5s") and played["found6"].top == cards("Kd")[0]
    )


def test_rule_6_either_twin_in_the_discard_may_be_played() -> None:
    """Rule 6: every card of the open Discard is available, so with both twins there the
    player takes either: ``discard found1`` the one dealt later (nearer the top),
    ``discard lower found1`` the other.  They leave different Discards, so the next deal
    differs (it decided 54 of deals 1-200 when one copy was always taken); the lower one
    was not offered before."""
    state = board(discard="Ac 5d Ac 7d")
    upper, lower = transfer("discard", "found1"), G.parse_move(state, "discard lower found1")
    assert str(lower) == "discard lower found1" and G.moves(state) == (upper, lower)
    assert G.play(state, upper)["discard"].cards == cards("Ac 5d 7d")
    assert G.play(state, lower)["discard"].cards == cards("5d Ac 7d")
    assert describe(G, state, lower) == "discard lower found1 (A♣)"


def test_rule_6_one_choice_when_the_twins_could_only_leave_one_discard() -> None:
    """Rule 6: twins side by side leave the same Discard either way, and with no re-deal
    left the Discard's order is never read again (rule 7 gathers it only for a re-deal),
    so in both cases the one play is offered; ``lower`` then says why it is refused."""
    side_by_side = board(discard="5d Ac Ac 7d")
    assert G.moves(side_by_side) == (transfer("discard", "found1"),)
    assert "here 'discard found1' is the only way" in refusal(side_by_side, "discard lower found1")
    last_deal = board(discard="Ac 5d Ac 7d", redeals=0)
    assert G.moves(last_deal) == (transfer("discard", "found1"),)
    assert "holds no" in refusal(board(discard="5d 7d"), "discard lower found1")


def test_a_play_from_the_discard_names_the_card_it_plays() -> None:
    """A Discard play was described with the Discard's top card (every play from it read
    ``(7♦)`` here); it names the card the foundation takes."""
    state = board(discard="Ac 5d 7d")
    assert describe(G, state, transfer("discard", "found1")) == "discard found1 (A♣)"
    assert describe(G, state, transfer("packet1", "found1")) == "packet1 found1"  # empty


def test_rule_5_rounds_wait_until_every_suitable_card_is_played() -> None:
    """Rule 5: after a round the player pauses and plays all that fits before dealing again
    (option play=all, the default: the text says to play all suitable cards)."""
    assert G.options["play"] == "all"
    state = board({1: "Ac"}, pack_="5s 6s")
    assert G.moves(state) == (transfer("packet1", "found1"),)
    assert "play every suitable card" in refusal(state, "deal")


def test_rule_5_a_space_stays_empty_until_the_next_round_covers_it() -> None:
    """Rule 5: an emptied packet is not refilled except by the next round."""
    state = G.play(
        board({1: "Ac", 2: "9h"}, pack_="2s 3s 4s 5s 6s 7s"), transfer("packet1", "found1")
    )
    assert state["packet1"].empty and G.moves(state) == (action("deal"),)
    assert "empty" in refusal(state, "packet1 found1")
    after = G.play(state, action("deal"))
    assert after["packet1"].cards == cards("7s") and after["packet2"].cards == cards("9h 6s")


def test_rule_5_an_incomplete_last_round_keeps_the_same_order() -> None:
    """Rule 5: a short last round fills packet 1, 2, ... then the Discard, as far as it goes."""
    after = G.play(board({}, pack_="2s 3s 4s 5s 6s"), action("deal"))
    assert [after[p].cards for p in PACKETS] == [cards(c) for c in ("6s", "5s", "4s", "3s")]
    assert after["discard"].cards == cards("2s") and after["discard"].up == (True,)
    short = G.play(board({}, pack_="5s 6s"), action("deal"))
    assert [len(short[p]) for p in PACKETS] == [1, 1, 0, 0] and short["discard"].empty


def test_rule_7_the_redeal_gathers_packets_1_to_4_onto_the_discard() -> None:
    """Rule 7: packet 1 on 2 on 3 on 4, the Discard under them, turned over and dealt again."""
    state = board({1: "2h 3h", 2: "4h", 3: "5h", 4: "6h 7h"}, discard="8h 9h")
    assert G.moves(state) == (action("redeal"),)
    after = G.play(state, action("redeal"))
    assert after.num("redeals") == 2 and all(after[p].empty for p in PACKETS)
    assert after["discard"].empty and not any(after["pack"].up)
    dealt_first_to_last = tuple(reversed(after["pack"].cards))
    assert dealt_first_to_last == cards("8h 9h 6h 7h 5h 4h 2h 3h")
    again = G.play(after, action("deal"))
    assert [again[p].top for p in PACKETS] == list(cards("8h 9h 6h 7h"))
    assert again["discard"].cards == cards("5h 4h")


def test_rule_7_redeal_only_when_progress_is_at_an_end() -> None:
    """Rule 7: no re-deal while the pack lasts or while a card can still be played."""
    assert "whole pack" in refusal(board({1: "9h"}, pack_="5s"), "redeal")
    assert "play every suitable card" in refusal(board({1: "Ah"}), "redeal")


def test_rule_8_three_redeals_and_no_discard_in_the_fourth_deal() -> None:
    """Rule 8: three re-deals; the fourth deal deals rounds of four and makes no Discard."""
    state = board({}, pack_="2s 3s 4s 5s 6s 7s", redeals=0)
    after = G.play(state, action("deal"))
    assert [after[p].cards for p in PACKETS] == [cards(c) for c in ("7s", "6s", "5s", "4s")]
    assert after["discard"].empty and len(after["pack"]) == 2
    stuck = board({1: "9h"}, redeals=0)
    assert G.moves(stuck) == () and "the game is over" in refusal(stuck, "redeal")
    assert "fourth deal is the last" in refusal(board({1: "Ah"}, redeals=0), "redeal")


def test_rule_9_won_with_all_104_cards_on_the_foundations() -> None:
    """Rule 9: all 104 cards on the foundations wins; no move is left."""
    found = {}
    for n, suit in enumerate("cdhs", 1):
        found[n] = " ".join(r + suit for r in "A23456789TJQK")
        found[n + 4] = " ".join(r + suit for r in "KQJT98765432A")
    state = board(found=found, redeals=1)
    assert G.outcome(state) is Outcome.WON and G.moves(state) == ()


def test_rule_9_lost_when_the_fourth_deal_is_stuck() -> None:
    """Rule 9: in the fourth deal, with the pack exhausted and nothing to play, the game is lost."""
    assert G.outcome(board({1: "9h"}, redeals=0)) is Outcome.LOST
    assert G.outcome(board({1: "9h"}, redeals=1)) is Outcome.ONGOING


def test_no_transfers_between_foundations_or_onto_packets() -> None:
    """DESIGN.md: a card on a foundation stays there; nothing is built on the packets."""
    state = board({1: "9h"}, found={3: "Ah", 7: "Kh"}, pack_="5s")
    assert "no transfers" in refusal(state, "found3 found7")
    assert "only to the foundations" in refusal(state, "packet1 packet2")
    assert "dealing a round" in refusal(state, "pack found1")


def test_option_play_free_allows_dealing_with_cards_still_playable() -> None:
    """Option play=free: deal and re-deal whenever the pack allows, plays optional."""
    state = board({1: "Ac"}, pack_="5s", play="free")
    assert FREE.moves(state) == (transfer("packet1", "found1"), action("deal"))
    open_ = board({1: "Ac"}, play="free")
    assert FREE.moves(open_) == (transfer("packet1", "found1"), action("redeal"))


def test_safe_plays_the_last_twin_and_never_guesses() -> None:
    """Solver hook: a card whose twin is played and that fits one foundation is safe."""
    state = board({1: "2c", 2: "5d"}, found={1: "Ac 2c", 5: "Kc"}, discard="", pack_="")
    twin_gone = board({1: "3c", 2: "Ad"}, found={1: "Ac 2c", 5: "Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c"})
    assert G.safe(twin_gone) == transfer("packet1", "found1")
    assert G.safe(board({1: "Ad", 2: "Ac", 3: "Ad", 4: "Ac"})) is None  # which copy?
    assert G.safe(state) == action("redeal")


def test_a_winning_line_that_takes_the_lower_twin_replays_from_its_record() -> None:
    """Rule 6: the solver wins deal 1 with a line that takes a lower twin from the
    Discard; its record round-trips through the text form and replays to a win."""
    from cadogan import verify
    from cadogan.solve import solve

    found = solve(G, G.deal(1), timeout=30)
    record = found.record(G, G.deal(1))
    assert record is not None and any(" lower " in move for move in record.moves)
    again = Record.parse(record.text())
    assert again == record
    verify(again)


def test_a_won_deal_through_the_public_api() -> None:
    """Rules 3-9: deal 2 is won by the recorded line (found by search), move by move."""
    record = Record.load(GOLDEN / "duchesse-de-luynes-won-2.record")
    assert (record.game, record.deal, record.result) == (ID, 2, "won")
    result = replay(record)
    assert result.outcome is Outcome.WON
    line = [
        G.parse_move(state, text)
        for state, text in zip(result.states[:-1], record.moves, strict=True)
    ]
    end = replay_line(G, 2, line)
    assert end == result.final and all(len(end[f]) == 13 for f in FOUNDATIONS)
    assert sum(m.verb == "redeal" for m in line) <= 3


def test_a_lost_deal_through_the_public_api() -> None:
    """Rule 9: deal 1 played out by search ends stuck in the fourth deal."""
    line = search(G, G.deal(1), Outcome.LOST, budget=20_000)
    assert line is not None
    end = replay_line(G, 1, line)
    assert G.outcome(end) is Outcome.LOST and end.num("redeals") == 0
    assert sum(str(m) == "redeal" for m in line) == 3


def test_text_forms_of_moves() -> None:
    """Moves are written 'deal', 'redeal' and 'packetN foundM' and read back."""
    state = board({1: "Ac"}, pack_="5s")
    assert G.parse_move(state, "packet1 found1") == transfer("packet1", "found1")
    assert G.parse_move(state, "deal") == action("deal")
    with pytest.raises(IllegalMove):
        G.parse_move(state, "deal packet1")
    assert set(ACES) | set(KINGS) == set(FOUNDATIONS)


def test_golden_move_counts() -> None:
    """Golden perft lines of deals 1 and 2 (book's play)."""
    check_golden(G)


class FreeDuchesse(DuchesseDeLuynes):
    """The play=free variant under its own golden file name."""

    id = "duchesse-de-luynes-free"


def test_golden_move_counts_play_free() -> None:
    """Golden perft lines of deals 1 and 2 with option play=free."""
    check_golden(FreeDuchesse(play="free"))


def test_the_safe_moves_twin_test_reads_the_foundations_tops_alone() -> None:
    """Solver hook: whether a card's twin is home is read from its suit's two foundation
    tops (each holds one copy of every rank it has passed), not from a set of every
    played card; the two agree at every position of random games."""
    import random

    from cadogan.games._duchesse_rules import twin_home as _twin_home

    rng = random.Random(7)
    for deal in range(1, 9):
        state = G.deal(deal)
        while G.moves(state):
            played = {c for f in FOUNDATIONS for c in state[f].cards}
            for card in set(cards("Ac 2d 5h 9s Tc Jd Qh Ks 7c 3d 8h 4s")):
                assert _twin_home(state, card) == (card in played)
            state = G.play(state, rng.choice(G.moves(state)))
