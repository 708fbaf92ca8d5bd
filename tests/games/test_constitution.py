"""Rule tests for The Constitution (docs/rules/constitution.md).

Sources: 1914 text and plate (p. 50), 1874 text (seed 000, fifth game), seed 003.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from cadogan import registry
from cadogan.cards import Card, Rank, cards, pack, shuffled
from cadogan.core import BadOption, Outcome, Pile, State, action, transfer
from cadogan.core.move import Move
from cadogan.games._constitution_rules import allowed
from cadogan.games._constitution_text import COMMONS, COUNCIL, FOUND, LORDS, PEOPLE, ROWS
from cadogan.games.constitution import Constitution
from cadogan.record import Record, replay
from cadogan.render import layout, plain
from cadogan.session import Session
from tests.helpers import GOLDEN, check_golden, perft_line, refused, replay_line, search

G = Constitution()
ROW_NAMES = {"people": PEOPLE, "commons": COMMONS, "lords": LORDS, "council": COUNCIL}
LOST_DEAL = 1  # found with tests.helpers.search (a loss within a few thousand nodes)
WON_RECORD = GOLDEN / "constitution-won-8.record"  # deal 8, a win found with search


def card(text: str) -> Card:
    return cards(text)[0]


def position(
    piles: dict[str, str],
    founds: str = "",
    talon: str = "",
    pack_: str = "",
    vacancy: str = "none",
) -> State:
    """A position from deal 1's table with the Constitution, talon and pack replaced.

    ``piles`` gives Constitution piles (bottom first); the others are empty.  ``founds``
    gives the top card of found1..8 in order (each foundation holds its suit from the
    ace up); unlisted foundations hold only their ace.  ``pack_`` is listed bottom first.
    """
    state = G.deal(1)
    changes = {name: Pile.face_up(cards(piles.get(name, ""))) for row in ROWS for name in row}
    for name, top in zip(FOUND, cards(founds), strict=False):
        changes[name] = Pile.face_up(Card(Rank(r), top.suit) for r in range(1, top.rank + 1))
    changes["talon"] = Pile.face_up(cards(talon))
    changes["pack"] = Pile.face_down(cards(pack_))
    return state.with_piles(changes).with_vars(vacancy=vacancy)


def refusal(state: State, move: Move) -> str:
    return refused(G, state, move)


# --- Setup (Play section) ----------------------------------------------------------


def test_play_kings_queens_and_aces_are_taken_out_before_the_deal() -> None:
    """Play 1-2 (1914): aces are the Government; kings and queens decorate; 80 are dealt."""
    state = G.deal(5)
    assert [state[f].cards for f in FOUND] == [
        (card(t),) for t in ("Ac", "Ad", "Ah", "As", "Ac", "Ad", "Ah", "As")
    ]
    assert state["sovereign"].cards == cards("Qd")
    assert Counter(state["bishops"].cards) == Counter(cards("Kc Kc Ks Ks"))
    assert Counter(state["judges"].cards) == Counter(cards("Kd Kd Kh Kh"))
    assert Counter(state["aside"].cards) == Counter(cards("Qc Qc Qd Qh Qh Qs Qs"))
    assert state.census() == Counter(pack(2)), "both packs, all 104 cards, are on the table"
    dealt = [c for row in ROWS for n in row for c in state[n].cards] + list(state["pack"].cards)
    assert len(dealt) == 80 and all(c.rank not in (1, 12, 13) for c in dealt)


def test_play_four_rows_of_eight_are_dealt_lowest_first() -> None:
    """Play 3 (1914): the People (row 1) first, then Commons, Lords, Privy Council."""
    order = shuffled([c for c in pack(2) if c.rank not in (1, 12, 13)], 9)
    state = G.deal(9)
    for row, names in enumerate(ROWS):
        assert [state[n].cards for n in names] == [(c,) for c in order[8 * row : 8 * row + 8]]
    assert state["pack"].top == order[32] and state["pack"].cards[0] == order[79]
    assert not any(state["pack"].up) and state["talon"].empty
    assert state.var("vacancy") == "none"


def test_sections_name_the_government_and_the_four_divisions() -> None:
    """Plate p. 50 and Play 3: the text table shows the book's names, top to bottom."""
    titles = [s.title for s in G.sections(G.deal(1))]
    assert titles[2:7] == [
        "The Government",
        "Privy Council",
        "House of Lords",
        "House of Commons",
        "The People",
    ]
    text = plain(layout(G, G.deal(1)))
    assert "House of Commons" in text and "council8" in text and "Q♦" in text


# --- Option sovereign ---------------------------------------------------------------


def test_option_sovereign_qd_is_the_1914_default() -> None:
    """Option sovereign=Qd (1914 text and plate): the queen of diamonds sits in the centre."""
    assert G.options["sovereign"] == "Qd"
    state = G.deal(3)
    assert state["sovereign"].cards == cards("Qd") and state.options["sovereign"] == "Qd"
    assert Counter(state["aside"].cards)[card("Qd")] == 1
    session = Session(G, 3)
    assert "sovereign=Qd" in session.record().text()


def test_option_sovereign_qc_is_the_1874_reading_and_is_decorative() -> None:
    """Option sovereign=Qc (1874 text): shown and recorded, but play is unchanged."""
    g = registry.game("british-constitution", sovereign="Qc")
    state = g.deal(3)
    assert state["sovereign"].cards == cards("Qc") and state.options["sovereign"] == "Qc"
    assert Counter(state["aside"].cards) == Counter(cards("Qc Qd Qd Qh Qh Qs Qs"))
    assert "Q♣" in plain(layout(g, state))
    for row in ROWS:
        assert [state[n] for n in row] == [G.deal(3)[n] for n in row]
    assert perft_line(g, 3, 120) == perft_line(G, 3, 120)
    session = Session(g, 3)
    session.play(g.moves(session.state)[0])
    record = Record.parse(session.record().text())
    assert record.options == {"sovereign": "Qc"}
    assert replay(record).game.options["sovereign"] == "Qc"


def test_option_sovereign_refuses_other_queens() -> None:
    """Option sovereign: only the two queens the editions name are allowed."""
    with pytest.raises(BadOption):
        Constitution(sovereign="Qh")


# --- Rules I and VI: the Government --------------------------------------------------


def test_rule_1_only_the_privy_council_plays_to_the_government() -> None:
    """Rule I: a 2 in the Privy Council plays; the same 2 in the Lords must climb first."""
    state = position({"council1": "2h", "lords1": "2h", "commons1": "Th"})
    legal = G.moves(state)
    assert transfer("council1", "found3") in legal and transfer("council1", "found7") in legal
    assert transfer("lords1", "found3") not in legal
    assert "only the Privy Council" in refusal(state, transfer("lords1", "found3"))
    talon_state = position({"council1": "5c"}, talon="2h", pack_="9d")
    assert "only by filling a vacancy in the People" in refusal(
        talon_state, transfer("talon", "found3")
    )


def test_rule_6_the_government_follows_suit_up_to_the_knaves() -> None:
    """Rule VI and Play 2: foundations build up in suit, A to J; nothing leaves them."""
    state = position({"council1": "2d 3h", "council2": "2c"}, founds="Ac Ad 2h")
    assert transfer("council1", "found3") in G.moves(state)
    assert transfer("council1", "found7") not in G.moves(state), "found7 is still at its ace"
    assert transfer("council2", "found3") not in G.moves(state)
    assert "builds up in suit" in refusal(state, transfer("council2", "found3"))
    assert "stay there" in refusal(state, transfer("found3", "council5"))


# --- Rules II, III, IV: building up the divisions --------------------------------------


def test_rule_2_a_card_climbs_one_division_at_a_time() -> None:
    """Rule II: People onto Commons, Commons onto Lords, Lords onto Council; no skipping."""
    state = position(
        {"people1": "9h", "commons1": "Ts", "lords1": "Tc", "council1": "Ts", "people2": "Tc"}
    )
    legal = G.moves(state)
    assert transfer("people1", "commons1") in legal
    assert (
        transfer("people1", "lords1") not in legal and transfer("people1", "council1") not in legal
    )
    assert "one division at a time" in refusal(state, transfer("people1", "lords1"))
    # Nothing within a division, nothing downwards.
    assert "one division at a time" in refusal(state, transfer("people1", "people2"))
    assert "one division at a time" in refusal(state, transfer("council1", "lords1"))


def test_rule_3_only_the_top_card_of_a_sequence_is_available() -> None:
    """Rule III: the card beneath is released only when the top card is moved."""
    state = position({"lords1": "9h 8s", "council1": "9d", "council2": "Tc"})
    legal = G.moves(state)
    assert transfer("lords1", "council2") not in legal, "the red nine is covered"
    assert transfer("lords1", "council1") in legal
    after = G.play(state, transfer("lords1", "council1"))
    assert after["lords1"].cards == cards("9h") and after["council1"].cards == cards("9d 8s")
    assert after.var("vacancy") == "none"
    assert transfer("lords1", "council2") in G.moves(after), "released by the move"


def test_rule_4_sequences_descend_in_alternate_colours() -> None:
    """Rule IV: each card goes on one a rank higher of the other colour (red 9 on black 10)."""
    state = position(
        {"commons1": "Tc", "people1": "9h", "people2": "9s", "people3": "8h", "people4": "Jh"}
    )
    legal = G.moves(state)
    assert transfer("people1", "commons1") in legal
    assert "alternate colours" in refusal(state, transfer("people2", "commons1"))
    assert "alternate colours" in refusal(state, transfer("people3", "commons1"))
    assert "alternate colours" in refusal(state, transfer("people4", "commons1"))
    built = G.play(state, transfer("people1", "commons1"))
    assert built["commons1"].cards == cards("Tc 9h")


def test_rule_4_any_number_of_cards_may_be_placed_in_sequence() -> None:
    """Rule IV: a sequence grows as long as the cards allow."""
    state = position({"lords1": "Jc Th 9c 8d 7s 6h", "commons1": "5c 4d", "commons2": "5s"})
    assert transfer("commons2", "lords1") in G.moves(state)
    state = G.play(state, transfer("commons2", "lords1"))
    assert state["lords1"].cards == cards("Jc Th 9c 8d 7s 6h 5s")


def test_rules_2_and_4_builds_offered_are_exactly_the_legal_ones() -> None:
    """Rules II and IV: along random playouts, every top-to-top move the rules allow
    (one division up, one lower, other colour) is listed, and no other."""
    rng = random.Random(4)
    for deal in (2, 6, 11):
        state = G.deal(deal)
        for _ in range(150):
            legal = G.moves(state)
            if not legal:
                break
            if state.var("vacancy") == "none":
                expected = {
                    transfer(s, t)
                    for lower, upper in pairwise(ROWS)
                    for s in lower
                    for t in upper
                    if (a := state[s].top) is not None
                    and (b := state[t].top) is not None
                    and b.rank - a.rank == 1
                    and a.red != b.red
                }
                builds = {m for m in legal if m.target in (*PEOPLE, *COMMONS, *LORDS, *COUNCIL)}
                assert builds == expected
            state = G.play(state, rng.choice(legal))


def test_rule_1_talon_cards_are_never_built_on_the_people() -> None:
    """Rule I and V: a talon card enters only through a People vacancy, never in sequence."""
    state = position({"people1": "Tc"}, talon="9h", pack_="5c")
    assert transfer("talon", "people1") not in G.moves(state)
    assert "only by filling a vacancy in the People" in refusal(state, transfer("talon", "people1"))
    assert "turned with 'deal'" in refusal(state, transfer("pack", "people1"))


# --- Rule V: vacancies -----------------------------------------------------------------


def test_rule_5_a_vacancy_must_be_filled_at_once_from_the_division_below() -> None:
    """Rule V: after the Council's only card is played, only Lords cards may fill it."""
    state = position(
        {"council1": "2h", "lords1": "5c", "lords2": "7d", "commons1": "9s", "people1": "4h"},
        pack_="3s 8c",
    )
    state = G.play(state, transfer("council1", "found3"))
    assert state["council1"].empty and state.var("vacancy") == "council1"
    assert set(G.moves(state)) == {transfer("lords1", "council1"), transfer("lords2", "council1")}
    assert "filled at once" in refusal(state, action("deal"))
    assert "filled at once" in refusal(state, transfer("people1", "commons1"))
    assert "just below, the House of Lords" in refusal(state, transfer("commons1", "council1"))
    assert G.auto(state) is None, "the player chooses which Lords card fills it"


def test_rule_5_the_vacancy_cascades_down_to_the_people_and_the_talon() -> None:
    """Rule V: each fill empties a pile of the division below, down to the People."""
    state = position(
        {"council1": "2h", "lords1": "5c", "commons1": "9s", "people1": "4h"},
        talon="Jd 8c",
        pack_="3s",
    )
    state = G.play(state, transfer("council1", "found3"))
    state = G.play(state, transfer("lords1", "council1"))
    assert state.var("vacancy") == "lords1"
    state = G.play(state, transfer("commons1", "lords1"))
    assert state.var("vacancy") == "commons1"
    state = G.play(state, transfer("people1", "commons1"))
    assert state.var("vacancy") == "people1"
    assert G.moves(state) == (transfer("talon", "people1"),)
    assert "from the talon, or from the pack only" in refusal(state, transfer("pack", "people1"))
    state = G.play(state, transfer("talon", "people1"))
    assert state["people1"].cards == cards("8c") and state.var("vacancy") == "none"
    assert state["talon"].cards == cards("Jd")


def test_rule_5_a_people_vacancy_takes_the_pack_when_there_is_no_talon() -> None:
    """Rule V: with no talon, the People vacancy is filled from the pack, face up."""
    state = position({"commons1": "6d 5s", "people1": "4h"}, pack_="8c 3s")
    state = G.play(state, transfer("people1", "commons1"))
    assert G.moves(state) == (transfer("pack", "people1"),)
    assert G.auto(state) == transfer("pack", "people1"), "no choice: the game fills it"
    assert refusal(state, transfer("talon", "people1")) == (
        "the talon is empty, so people1 is filled from the pack ('pack people1', rule V)"
    )
    state = G.play(state, transfer("pack", "people1"))
    assert state["people1"].cards == cards("3s") and state["people1"].up == (True,)
    assert state["pack"].cards == cards("8c")


def test_rule_5_filling_from_a_sequence_ends_the_cascade() -> None:
    """Rule V: a filler taken from a sequence leaves a card behind; no new vacancy."""
    state = position({"council1": "2h", "lords1": "6c 5d", "commons1": "4c"}, pack_="3s")
    state = G.play(state, transfer("council1", "found3"))
    state = G.play(state, transfer("lords1", "council1"))
    assert state["lords1"].cards == cards("6c") and state.var("vacancy") == "none"
    assert action("deal") in G.moves(state)


def test_rule_5_a_vacancy_nothing_can_fill_stays_empty_for_good() -> None:
    """Rule V: with talon and pack spent, a People vacancy stays empty, and so does a
    vacancy whose division below is empty; nothing is ever built on such a space."""
    state = position({"commons1": "Td", "people1": "9c", "people2": "9s", "lords1": "Jc"})
    state = G.play(state, transfer("people1", "commons1"))
    assert state["people1"].empty and state.var("vacancy") == "none"
    assert not [m for m in G.moves(state) if m.target == "people1"]
    bare = position({"lords1": "Td", "commons1": "9c"})
    bare = G.play(bare, transfer("commons1", "lords1"))
    assert bare.var("vacancy") == "none"
    late = position({"lords1": "8c", "commons2": "7d", "commons3": "Tc"})
    assert "empty for good" in refusal(late, transfer("commons2", "lords5"))
    assert transfer("commons3", "lords5") not in G.moves(late)


def test_rule_5_the_player_chooses_when_to_make_a_vacancy() -> None:
    """Rule V and the Note: a play that opens a vacancy is offered, never forced; the
    pack may be turned first to wait for a wanted card."""
    state = position({"council1": "2h", "lords1": "9c"}, pack_="3s")
    legal = G.moves(state)
    assert transfer("council1", "found3") in legal and action("deal") in legal
    assert G.auto(state) is None


def test_play_5_putting_cards_in_sequence_is_the_players_choice() -> None:
    """Play 5: cards are put in sequence where it helps (rules II and IV). A build is
    offered beside turning the pack, never made for the player, and taking the 8♠ up
    onto the 9♦ frees the 9♥ beneath it for the Tc."""
    state = position({"lords1": "9h 8s", "council1": "9d", "council2": "Tc"}, pack_="3s")
    legal = G.moves(state)
    assert transfer("lords1", "council1") in legal and action("deal") in legal
    assert G.auto(state) is None
    built = G.play(state, transfer("lords1", "council1"))
    assert transfer("lords1", "council2") in G.moves(built)


# --- The talon and the pack (Play 6) -------------------------------------------------------


def test_play_4_council_cards_are_played_as_soon_as_the_tableau_is_laid() -> None:
    """Play 4: before any pack card is turned, the Privy Council plays, and each vacancy
    it makes is filled at once from the Lords (deal 1 has the 2♣ and the 2♥ there)."""
    state = G.deal(1)
    assert state["talon"].empty and len(state["pack"]) == 48
    plays = [m for m in G.moves(state) if m.target in FOUND]
    assert plays == [
        transfer("council2", "found1"),
        transfer("council2", "found5"),
        transfer("council6", "found3"),
        transfer("council6", "found7"),
    ]
    after = G.play(state, plays[0])
    assert after.var("vacancy") == "council2"
    assert set(G.moves(after)) == {transfer(lords, "council2") for lords in LORDS}


def test_play_6_dealing_turns_the_pack_onto_the_talon_one_card_at_a_time() -> None:
    """Play 6: the pack is turned one card at a time; unused cards form the talon."""
    state = position({"council1": "9c"}, pack_="Jd 4s")
    state = G.play(state, action("deal"))
    assert state["talon"].cards == cards("4s") and state["talon"].up == (True,)
    state = G.play(state, action("deal"))
    assert state["talon"].cards == cards("4s Jd") and state["pack"].empty


def test_play_6_there_is_no_redeal() -> None:
    """Play 6 (decision: the text is silent): once the pack is out there is no re-deal."""
    state = position({"council1": "9c", "lords1": "9d"}, talon="4s Jd")
    assert G.moves(state) == ()
    assert G.outcome(state) is Outcome.LOST
    assert refusal(state, action("deal")) == "the game is over"
    live = position({"council1": "9c", "lords1": "8d"}, talon="4s Jd")
    assert "no re-deal" in refusal(live, action("deal"))


def test_play_1_the_decorative_cards_never_move() -> None:
    """Play 1: the Sovereign, Bishops, Judges and the queens put aside take no part."""
    state = position({"council1": "9c", "lords1": "8d"}, pack_="Jh")
    for pile in ("sovereign", "bishops", "judges", "aside"):
        assert "take no part" in refusal(state, transfer(pile, "council1"))


# --- Winning and losing -------------------------------------------------------------------


def test_the_game_is_won_with_all_88_cards_on_the_government() -> None:
    """Play 2: won when every foundation runs from ace to knave."""
    state = position({}, founds="Jc Jd Jh Js Jc Jd Jh Js")
    assert G.outcome(state) is Outcome.WON and G.moves(state) == ()
    assert sum(len(state[f]) for f in FOUND) == 88
    nearly = position({"council1": "Jh"}, founds="Jc Jd Th Js Jc Jd Jh Js")
    assert G.outcome(nearly) is Outcome.ONGOING
    assert G.outcome(G.play(nearly, transfer("council1", "found3"))) is Outcome.WON


def test_a_whole_deal_played_to_a_win() -> None:
    """A won game (deal 8, found by search) replays through the public API to a win."""
    record = Record.load(WON_RECORD)
    assert record.game == "constitution" and record.deal == 8
    line: list[Move] = []
    result = replay(record)
    assert result.outcome is Outcome.WON
    state = G.deal(8)
    for text in record.moves:
        line.append(G.parse_move(state, text))
        state = G.play(state, line[-1])
    assert replay_line(G, 8, line) == result.final


def test_a_whole_deal_played_to_a_loss() -> None:
    """A lost game: search finds a line on deal 1 that leaves no legal move."""
    line = search(G, G.deal(LOST_DEAL), Outcome.LOST, 20_000)
    assert line is not None
    final = replay_line(G, LOST_DEAL, line)
    assert G.outcome(final) is Outcome.LOST and G.moves(final) == ()
    assert sum(len(final[f]) for f in FOUND) < 88


# --- Solver hooks ---------------------------------------------------------------------------


def test_safe_plays_a_card_nothing_can_be_built_on() -> None:
    """Solver hook: a covered 2 can always go up; a 5 only once the black 4s are home."""
    two = position({"council1": "9c 2h", "lords1": "8d"}, pack_="3s")
    assert G.safe(two) == transfer("council1", "found3")
    # A talon card, so that turning the pack is not safe either (see the next test).
    lone = position({"council1": "2h", "lords1": "8d"}, talon="7c", pack_="3s")
    assert G.safe(lone) is None, "it would open a vacancy, whose timing matters"
    five = position({"council1": "9c 5h"}, founds="Ac Ad 4h As Ac Ad 4h As", talon="7c")
    assert G.safe(five) is None, "black fours might still want the red five"
    home = position({"council1": "9c 5h"}, founds="4c Ad 4h 4s 4c Ad 4h 4s", pack_="3s")
    assert G.safe(home) == transfer("council1", "found3")


def test_safe_turns_the_pack_onto_an_empty_talon() -> None:
    """Solver hook, Play 6 and rule V: with the talon empty, the pack's top card is the
    next card into the People whether it is turned first or not, so turning it can
    never spoil a win (proof: ``_constitution_solve.safe_deal``); on a talon card it
    would bury that card, so it is not safe there."""
    empty = position({"council1": "2h", "lords1": "8d"}, pack_="3s")
    assert G.safe(empty) == action("deal")
    buried = position({"council1": "2h", "lords1": "8d"}, talon="7c", pack_="3s")
    assert G.safe(buried) is None
    open_ = position({"council1": "2h", "people2": "8d"}, pack_="3s", vacancy="people1")
    assert G.safe(open_) != action("deal"), "a vacancy must be filled first (rule V)"


def test_key_merges_interchangeable_piles_of_a_division() -> None:
    """Solver hook: swapping two piles of a division gives the same key; rows differ."""
    a = position({"lords1": "9c", "lords2": "8d", "people1": "5h"})
    b = position({"lords2": "9c", "lords1": "8d", "people1": "5h"})
    c = position({"lords1": "9c", "lords2": "8d", "commons1": "5h"})
    assert G.key(a) == G.key(b) and G.key(a) != G.key(c)
    swapped = position({}, founds="3h Ac Ad As Ac Ad Ah As")
    plain_ = position({}, founds="Ac Ad 3h As Ac Ad Ah As")
    assert G.key(swapped) == G.key(plain_)


def test_moves_and_the_one_move_check_agree() -> None:
    """play checks a single move directly; it must accept exactly the listed moves.

    Every transfer between any two piles and 'deal' are tried along seeded random
    playouts, with and without a vacancy open, and on positions with the talon or the
    pack (or both) taken away, and with an empty foundation.
    """
    rng = random.Random(7)
    names = list(G.deal(1).piles)
    candidates = [transfer(a, b) for a in names for b in names]
    candidates += [action("deal"), action("deal", "pack"), Move("redeal", ())]

    def agree(state: State) -> None:
        listed = set(G.moves(state))
        for move in candidates:
            assert allowed(state, move) == (move in listed), move

    for deal in (3, 12):
        state = G.deal(deal)
        for step in range(300):
            if step % 3 == 0 or not G.moves(state):
                agree(state)
                agree(state.with_piles({"pack": Pile()}))
                agree(state.with_piles({"pack": Pile(), "talon": Pile()}))
            if not G.moves(state):
                break
            state = G.play(state, rng.choice(G.moves(state)))
    agree(position({"council1": "Ah", "council2": "2c"}).with_piles({"found1": Pile()}))


def test_golden_move_counts() -> None:
    """Golden perft lines for deals 1 and 2 (the sovereign option does not change them)."""
    check_golden(G)


def test_text_play_reaches_the_end(tmp_path: Path) -> None:
    """Text play: a session can be played to the end by always taking the first move."""
    session = Session(G, 3)
    while session.moves():
        session.play(session.moves()[0])
    assert session.outcome().over
    session.save(tmp_path / "game.record")
    assert replay(Record.load(tmp_path / "game.record")).outcome is session.outcome()
