"""Rule tests for The Zodiac (docs/rules/zodiac.md).

The book numbers two Rules (I, II); the paragraphs of its Play are unnumbered, so the
rules document numbers them Play 1 to Play 5 in the book's order, and the tests cite
those numbers.  Sources: 1874 text, sixth game (seed 000); 1914 text and plate p. 54.
"""

from __future__ import annotations

import random

import pytest

from cadogan.cards import Card, cards, pack, shuffled
from cadogan.core import IllegalMove, Move, Outcome, Pile, State, action, make_state, transfer
from cadogan.games._zodiac_rules import (
    ASCENDING,
    DESCENDING,
    EQUATOR,
    FOUNDATIONS,
    PACK,
    TALON,
    ZODIAC,
    legal,
)
from cadogan.games.zodiac import Zodiac
from cadogan.record import Record, replay
from cadogan.render import layout, plain
from tests.helpers import GOLDEN, check_golden, find_deal, replay_line

GAME = Zodiac()
WON_RECORD = GOLDEN / "zodiac-won-4.record"


def position(
    zodiac: dict[int, str] | None = None,
    equator: dict[int, str] | None = None,
    found: dict[int, str] | None = None,
    pack_cards: str = "",
    talon: str = "",
) -> State:
    """A position from text: piles not named are empty; the pack is written bottom first."""
    piles = {name: Pile() for name in (*EQUATOR, *ZODIAC, *FOUNDATIONS)}
    for names, given in ((ZODIAC, zodiac), (EQUATOR, equator), (FOUNDATIONS, found)):
        for n, text in (given or {}).items():
            piles[names[n - 1]] = Pile.face_up(cards(text))
    piles[PACK] = Pile.face_down(cards(pack_cards))
    piles[TALON] = Pile.face_up(cards(talon))
    phase = "marry" if pack_cards or talon else "build"
    return make_state("zodiac", 1, piles, phase=phase)


def refused(state: State, move: Move) -> str:
    """The reason ``move`` is refused (and check that moves() does not list it)."""
    assert move not in GAME.moves(state)
    with pytest.raises(IllegalMove) as err:
        GAME.play(state, move)
    return err.value.reason


FULL_EQUATOR = dict(enumerate(["2c", "3c", "4c", "5c", "2d", "3d", "4d", "5d"], 1))


def test_play1_deal_lays_the_equator_then_the_ring() -> None:
    """Play 1 (1914; 1874 sixth game): eight cards form the Equator, then 24 the ring."""
    order = shuffled(pack(2), 7)
    state = GAME.deal(7)
    assert [state[e].cards for e in EQUATOR] == [(c,) for c in order[:8]]
    assert [state[z].cards for z in ZODIAC] == [(c,) for c in order[8:32]]
    assert state[PACK].top == order[32] and len(state[PACK]) == 72
    assert not any(state[PACK].up) and state[TALON].empty
    assert all(state[f].empty for f in FOUNDATIONS) and state.phase == "marry"


def test_rule1_marriages_onto_the_zodiac_go_up_or_down() -> None:
    """Rule I: a card marries a Zodiac top of its suit one rank above or below."""
    state = position(zodiac={1: "7h"}, equator={1: "6h", 2: "8h"}, pack_cards="2s", talon="8h")
    moves = GAME.moves(state)
    for move in (transfer(TALON, "zodiac1"), transfer("equator1", "zodiac1")):
        assert move in moves
    assert transfer("equator2", "zodiac1") in moves
    after = GAME.play(state, transfer("equator1", "zodiac1"))
    assert after["zodiac1"].cards == cards("7h 6h") and after["equator1"].empty


def test_rule1_one_packet_may_hold_both_directions() -> None:
    """Rule I: ascending and descending marriages may alternate in the same packet."""
    state = position(zodiac={1: "7h 8h"}, pack_cards="2s", talon="7h")
    after = GAME.play(state, transfer(TALON, "zodiac1"))
    assert after["zodiac1"].cards == cards("7h 8h 7h")


def test_rule1_marriage_needs_same_suit_and_next_rank() -> None:
    """Rule I and the glossary: same suit, next rank; ace and king are not consecutive."""
    state = position(zodiac={1: "7h", 2: "Kd"}, pack_cards="2s", talon="8d")
    assert "does not marry" in refused(state, transfer(TALON, "zodiac1"))
    state = position(zodiac={1: "Kd"}, pack_cards="2s", talon="Ad")
    assert "does not marry" in refused(state, transfer(TALON, "zodiac1"))


def test_rule1_zodiac_cards_cannot_marry_each_other() -> None:
    """Rule I: never Zodiac to Zodiac."""
    state = position(zodiac={1: "7h", 2: "8h"}, pack_cards="2s")
    assert "never marry" in refused(state, transfer("zodiac2", "zodiac1"))


def test_rule1_nothing_is_married_onto_the_equator() -> None:
    """Rule I: Equator cards do not marry each other, and nothing marries onto them."""
    state = position(equator={1: "7h", 2: "8h"}, zodiac={1: "8h"}, pack_cards="2s", talon="6h")
    assert "never marry" in refused(state, transfer("equator2", "equator1"))
    assert "only an empty space" in refused(state, transfer(TALON, "equator1"))
    assert "never leaves the ring" in refused(state, transfer("zodiac1", "equator3"))
    # Nor does an Equator card move into another, empty, space of the Equator.
    spaced = position(equator={2: "8h"}, zodiac={1: "Ks"}, pack_cards="2s", talon="9d")
    assert spaced["equator1"].empty
    assert transfer("equator2", "equator1") not in GAME.moves(spaced)
    assert "Rule I" in refused(spaced, transfer("equator2", "equator1"))


def test_rule1_pack_cards_are_dealt_to_the_talon_and_used_from_there() -> None:
    """Rule I: a pack card may marry; it is turned onto the talon and used from there."""
    state = position(zodiac={1: "7h"}, pack_cards="2s 6h")
    assert "deal the pack's top card" in refused(state, transfer(PACK, "zodiac1"))
    dealt = GAME.play(state, action("deal"))
    assert dealt[TALON].cards == cards("6h") and dealt[TALON].top_up
    assert transfer(TALON, "zodiac1") in GAME.moves(dealt)


def test_play2_no_foundation_before_the_pack_and_talon_are_exhausted() -> None:
    """Play 2: no foundation is begun while the pack or the talon still holds cards."""
    state = position(zodiac={1: "Ah"}, equator={1: "Ks"}, pack_cards="2s")
    assert "no foundation is begun" in refused(state, transfer("zodiac1", "found1"))
    assert "no foundation is begun" in refused(state, transfer("equator1", "found5"))


def test_play2_four_aces_and_four_kings_of_different_suits() -> None:
    """Play 2: aces start the upper row, kings the lower, one of each suit per row."""
    state = position(zodiac={1: "Ah", 2: "Kh", 3: "Ac"}, found={1: "Ah"})
    moves = GAME.moves(state)
    assert transfer("zodiac3", "found2") in moves and transfer("zodiac2", "found5") in moves
    assert "not yet begun" in refused(state, transfer("zodiac1", "found2"))
    assert "takes only a king" in refused(state, transfer("zodiac3", "found5"))
    assert "takes only an ace" in refused(state, transfer("zodiac2", "found3"))


def test_play3_equator_spaces_may_be_refilled_from_the_talon() -> None:
    """Play 3: an Equator space may be refilled from the talon (or the pack, via a deal)."""
    state = position(zodiac={1: "7h"}, equator={2: "3c"}, pack_cards="2s", talon="Qd")
    moves = GAME.moves(state)
    assert transfer(TALON, "equator1") in moves and transfer(TALON, "equator2") not in moves
    after = GAME.play(state, transfer(TALON, "equator1"))
    assert after["equator1"].cards == cards("Qd") and after[TALON].empty


def test_play3_neither_marrying_nor_refilling_is_obligatory() -> None:
    """Play 3: the player need not marry or refill until a favourable opportunity."""
    state = position(zodiac={1: "7h"}, equator={2: "6h"}, pack_cards="2s", talon="8h")
    assert action("deal") in GAME.moves(state)
    assert GAME.auto(state) is None


def test_play4_the_talon_is_redealt_unshuffled_as_often_as_wanted() -> None:
    """Play 4: when the pack is out, the talon is turned over and dealt again, unlimited."""
    state = position(zodiac={1: "7h"}, equator=FULL_EQUATOR, talon="2s 6h 9c")
    assert action("redeal") in GAME.moves(state) and action("deal") not in GAME.moves(state)
    again = GAME.play(state, action("redeal"))
    assert again[PACK].top == Card.parse("2s") and not any(again[PACK].up)
    for _ in range(3):
        again = GAME.play(again, action("deal"))
    assert again == state
    for _ in range(4):
        again = GAME.play(again, action("redeal"))
        for _ in range(3):
            again = GAME.play(again, action("deal"))
    assert again == state


def test_play4_redeal_only_when_the_pack_is_exhausted() -> None:
    """Play 4: the talon is re-dealt only after the pack has been dealt out."""
    state = position(zodiac={1: "7h"}, pack_cards="2s", talon="9c")
    assert "only when the pack is exhausted" in refused(state, action("redeal"))
    out = position(zodiac={1: "7h"}, talon="9c")
    assert "redeal the talon" in refused(out, action("deal"))


def test_play4_phase_one_is_lost_by_the_position_test() -> None:
    """Play 4 (DESIGN 3): Equator full, nothing marries from it or from pack and talon."""
    state = position(zodiac={1: "7h"}, equator=FULL_EQUATOR, pack_cards="2s Ts", talon="Jd")
    assert GAME.outcome(state) is Outcome.LOST and GAME.moves(state) == ()
    assert GAME.explain(state, action("deal")) == "the game is over"


def test_play4_the_position_test_looks_at_every_card_left() -> None:
    """Play 4: a marrying card buried in the pack keeps the game alive."""
    state = position(zodiac={1: "7h"}, equator=FULL_EQUATOR, pack_cards="8h 2s Ts", talon="Jd")
    assert GAME.outcome(state) is Outcome.ONGOING
    buried = position(zodiac={1: "7h"}, equator=FULL_EQUATOR, talon="8h Jd")
    assert GAME.outcome(buried) is Outcome.ONGOING
    space = position(zodiac={1: "7h"}, equator={1: "2c"}, talon="Jd")
    assert GAME.outcome(space) is Outcome.ONGOING
    married = position(zodiac={1: "7h"}, equator={**FULL_EQUATOR, 8: "6h"}, talon="Jd")
    assert GAME.outcome(married) is Outcome.ONGOING


def test_play4_passing_a_card_by_does_not_lose() -> None:
    """Play 4: the loss test does not depend on what the player chose to place in a pass."""
    state = position(zodiac={1: "7h"}, equator=FULL_EQUATOR, pack_cards="Jd 8h")
    state = GAME.play(GAME.play(state, action("deal")), action("deal"))
    assert state[TALON].cards == cards("8h Jd") and GAME.outcome(state) is Outcome.ONGOING
    state = GAME.play(GAME.play(state, action("redeal")), action("deal"))
    assert transfer(TALON, "zodiac1") in GAME.moves(state)


def test_play5_phase_two_begins_when_pack_and_talon_are_empty() -> None:
    """Play 5: with every card in the Zodiac or the Equator, the foundations are built."""
    state = position(zodiac={1: "7h", 2: "2h"}, equator={1: "Ah"}, talon="6h")
    after = GAME.play(state, transfer(TALON, "zodiac1"))
    assert after.phase == "build"
    assert GAME.moves(after)[0] == transfer("equator1", "found1")


def test_play5_equator_marriages_still_allowed_in_phase_two() -> None:
    """Play 5 (DESIGN 3): Equator to Zodiac still marries; Zodiac to Zodiac never does."""
    state = position(zodiac={1: "7h", 2: "6h"}, equator={1: "8h"}, found={1: "Ah"})
    assert transfer("equator1", "zodiac1") in GAME.moves(state)
    assert "never marry" in refused(state, transfer("zodiac2", "zodiac1"))


def test_play5_emptied_positions_are_never_refilled() -> None:
    """Play 5 (DESIGN 3): an emptied Zodiac or Equator position stays empty."""
    state = position(zodiac={2: "2h"}, equator={1: "3h"}, found={1: "Ah"})
    assert "never refilled" in refused(state, transfer("equator1", "zodiac1"))
    assert all(m.target not in EQUATOR for m in GAME.moves(state))


def test_rule2_foundations_follow_suit() -> None:
    """Rule II: ascending foundations go up in suit, descending ones down in suit."""
    state = position(
        zodiac={1: "3h", 2: "3d", 3: "Jh", 4: "Qh"}, found={1: "Ah 2h", 5: "Kh"}, equator={1: "Ad"}
    )
    moves = GAME.moves(state)
    assert transfer("zodiac1", "found1") in moves and transfer("zodiac4", "found5") in moves
    assert "does not follow" in refused(state, transfer("zodiac2", "found1"))
    assert "does not follow" in refused(state, transfer("zodiac3", "found5"))
    assert "stay there" in refused(state, transfer("found1", "zodiac1"))


def test_rule2_a_card_fitting_both_foundations_may_go_to_either() -> None:
    """Rule II: when the two foundations of a suit meet, the player chooses."""
    state = position(zodiac={1: "7h"}, found={1: "Ah 2h 3h 4h 5h 6h", 5: "Kh Qh Jh Th 9h 8h"})
    assert set(GAME.moves(state)) == {transfer("zodiac1", "found1"), transfer("zodiac1", "found5")}


def test_play5_lost_when_no_play_and_no_marriage_is_possible() -> None:
    """Play 5 (DESIGN 3): phase two is lost when nothing can be played or married."""
    state = position(zodiac={1: "2h 3h"}, equator={1: "5h"}, found={1: "Ah"})
    assert GAME.outcome(state) is Outcome.LOST and GAME.moves(state) == ()


def test_won_with_all_104_cards_on_the_foundations() -> None:
    """Play 5: the game is won when all eight foundations are complete."""
    up = " ".join(f"{r}{s}" for r in "A23456789TJQK" for s in "x")
    found = {i + 1: up.replace("x", s) for i, s in enumerate("cdhs")}
    found |= {i + 5: " ".join(reversed(up.replace("x", s).split())) for i, s in enumerate("cdhs")}
    state = position(found=found)
    assert GAME.outcome(state) is Outcome.WON and GAME.moves(state) == ()


def test_a_whole_deal_played_to_a_win() -> None:
    """All rules: deal 4 is won by the recorded line (found by a full-knowledge planner)."""
    record = Record.load(WON_RECORD)
    state = GAME.deal(record.deal)
    for text in record.moves:
        state = GAME.play(state, GAME.parse_move(state, text))
    assert record.deal == 4 and GAME.outcome(state) is Outcome.WON
    assert "redeal" in record.moves and replay(record).outcome is Outcome.WON


def test_a_whole_deal_played_to_a_loss_in_phase_two() -> None:
    """Play 5: deal 1 can be lost with the foundations unfinished."""
    deal, line = find_deal(GAME, Outcome.LOST, range(1, 2), budget=5_000)
    state = replay_line(GAME, deal, line)
    assert deal == 1 and GAME.outcome(state) is Outcome.LOST and state.phase == "build"


def test_a_whole_deal_lost_in_phase_one() -> None:
    """Play 4: a seeded random game of deal 1 fails before every card is placed."""
    rng, state = random.Random(2), GAME.deal(1)
    while moves := GAME.moves(state):
        state = GAME.play(state, rng.choice(moves))
    assert state.phase == "marry" and GAME.outcome(state) is Outcome.LOST
    assert len(state[PACK]) + len(state[TALON]) > 0


def test_safe_plays_only_a_card_whose_twin_is_already_played() -> None:
    """Solver hook: a phase-two play is safe when the card fits one row and is the last copy."""
    state = position(
        zodiac={1: "3h", 2: "4h 3h"}, found={1: "Ah 2h", 5: "Kh Qh Jh Th 9h 8h 7h 6h 5h"}
    )
    assert GAME.safe(state) is None
    last = position(zodiac={1: "3h"}, found={1: "Ah 2h", 5: "Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h"})
    assert GAME.safe(last) == transfer("zodiac1", "found1")
    assert GAME.safe(GAME.deal(1)) is None


def test_key_merges_interchangeable_positions() -> None:
    """Solver hook: no rule depends on where in its row a pile lies."""
    one = position(zodiac={1: "7h", 2: "9c"}, equator={1: "2d"}, pack_cards="2s")
    two = position(zodiac={5: "9c", 9: "7h"}, equator={4: "2d"}, pack_cards="2s")
    assert GAME.key(one) == GAME.key(two) and one != two


def test_moves_and_the_legality_check_agree() -> None:
    """Every transfer between any two piles is accepted exactly when moves() lists it."""
    rng = random.Random(5)
    state = GAME.deal(3)
    names = list(state.piles)
    for _ in range(120):
        listed = set(GAME.moves(state))
        if not listed:
            break
        for a in names:
            for b in names:
                assert legal(state, transfer(a, b)) == (transfer(a, b) in listed)
        state = GAME.play(state, rng.choice(sorted(listed)))


def test_moves_and_the_legality_check_agree_in_phase_two() -> None:
    """The same agreement, with foundations in play: along the won game of deal 4."""
    record = Record.load(WON_RECORD)
    state = GAME.deal(record.deal)
    names = list(state.piles)
    checked = 0
    for step, text in enumerate(record.moves):
        if state.phase == "build" and step % 3 == 0:
            listed = set(GAME.moves(state))
            for a in names:
                for b in names:
                    assert legal(state, transfer(a, b)) == (transfer(a, b) in listed)
            checked += 1
        state = GAME.play(state, GAME.parse_move(state, text))
    assert checked > 10


def test_text_play_shows_the_ring_the_equator_and_the_foundations() -> None:
    """Text play: sections are named as the book names them."""
    text = plain(layout(GAME, GAME.deal(1)))
    for title in ("The Zodiac", "The Equator", "Foundations up", "Foundations down"):
        assert title in text
    assert [s.piles for s in GAME.sections(GAME.deal(1))][1:4:2] == [ASCENDING, DESCENDING]


def test_golden_move_counts() -> None:
    """Golden: legal-move counts along a fixed playout of deals 1 and 2."""
    check_golden(GAME)
