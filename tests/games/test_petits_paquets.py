"""Les Petits Paquets: one test per rule and per option (docs/rules/petits-paquets.md).

"Rule I-III" are the book's numbered rules (1874, seed 000, second game); "direction N"
are the book's directions, numbered in its order in the rules document.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from cadogan import registry
from cadogan.cards import Card, Rank, cards
from cadogan.core import Outcome, Pile, State, action, make_state, transfer
from cadogan.games._petits_paquets_rules import (
    EXILES,
    FOUNDATIONS,
    PACK,
    PACKETS,
    SPREAD,
    suit_of,
)
from cadogan.games.petits_paquets import PetitsPaquets
from tests.helpers import check_golden, refused, replay_line, search

G = PetitsPaquets()
DEAL = action("deal")
EXILE = action("exile")
REDEAL = action("redeal")


def build(
    layout: Mapping[str, str] | None = None,
    *,
    phase: str = "play",
    count: int = 1,
    redeals: int = 2,
    mode: str = "card",
    **more: str,
) -> State:
    """A position: bare kings unless a foundation is given, packets squared, exiles down.

    Piles are given as card text, bottom first; ``pack`` is given in dealing order.
    """
    piles = {**(layout or {}), **more}
    if PACK in piles:
        piles[PACK] = " ".join(reversed(piles[PACK].split()))
    base = {name: Pile() for name in (*PACKETS, SPREAD, EXILES, PACK)}
    for found in FOUNDATIONS:
        king = Card(Rank.KING, suit_of(found))
        base[found] = Pile.face_up((king, *cards(piles.pop(found, ""))))
    for name, text in piles.items():
        pile = Pile.face_up(cards(text))
        if name in PACKETS and not pile.empty:
            pile = Pile(pile.cards, (False,) * (len(pile) - 1) + (True,))
        if name in (EXILES, PACK):
            pile = pile.all_down()
        base[name] = pile
    options = {"play_during_deal": mode}
    variables = {"count": count, "redeals": redeals}
    return make_state(G.id, 1, base, phase=phase, vars=variables, options=options)


def refusal(state: State, move: object, game: PetitsPaquets = G) -> str:
    """The sentence with which ``play`` refuses ``move``."""
    return refused(game, state, move)  # type: ignore[arg-type]


def test_registered_under_its_id_and_alias() -> None:
    """DESIGN.md section 1: id petits-paquets, alias exiles, 2 packs less the 8 kings."""
    assert registry.find("exiles") is PetitsPaquets
    assert registry.find("petits-paquets") is PetitsPaquets
    assert sum(G.deal(1).census().values()) == 104


def test_rule_I_packet_tops_and_every_card_of_packet_13_are_available() -> None:
    """Rule I (1874): the tops of packets 1-12 and any card of packet 13 may be played."""
    state = build(packet3="5h Ac", packet4="Ad 9s", packet13="9d Ah 4s", exiles="7d")
    assert set(G.moves(state)) == {transfer("packet3", "found1"), action("take", "Ah", "found3")}
    assert G.view(state).piles["packet4"] == (None, Card.parse("9s"))


def test_rule_I_taking_a_top_card_frees_the_one_beneath() -> None:
    """Rule I (1874): removing the top card of a packet releases the card under it."""
    state = G.play(build(packet3="5h Ac", exiles="7d"), transfer("packet3", "found1"))
    assert state.piles["packet3"].top == Card.parse("5h")
    assert state.piles["packet3"].top_up
    after = G.play(build(packet13="9d Ah 4s", exiles="7d"), action("take", "Ah", "found3"))
    assert after.piles[SPREAD].cards == cards("9d 4s")
    assert after.piles["found3"].top == Card.parse("Ah")


def test_rule_I_either_twin_in_packet_13_may_be_taken() -> None:
    """Rule I (1874): every card of packet 13 is available, so with both twins there the
    player takes either: ``take Ah found3`` the one dealt first (nearer the bottom),
    ``take Ah upper found3`` the other.  They leave different packets 13, which a re-deal
    gathers into the next deal (Rule III); only the first was offered before."""
    state = build(packet13="Ah 9d Ah 4s", exiles="7d")
    first, upper = action("take", "Ah", "found3"), action("take", "Ah", "upper", "found3")
    assert [m for m in G.moves(state) if m.verb == "take"] == [first, upper]
    assert G.parse_move(state, "take ah upper found3") == upper and str(upper) == (
        "take Ah upper found3"
    )
    assert G.play(state, first).piles[SPREAD].cards == cards("9d Ah 4s")
    assert G.play(state, upper).piles[SPREAD].cards == cards("Ah 9d 4s")
    # One choice where it cannot matter: twins side by side, or no re-deal left.
    for same in (build(packet13="9d Ah Ah 4s", exiles="7d"),
                 build(packet13="Ah 9d Ah 4s", exiles="7d", redeals=0)):  # fmt: skip
        assert [m for m in G.moves(same) if m.verb == "take"] == [first]
        assert "here 'take Ah found3' is the only way" in refusal(same, upper)
    assert "does not follow" in refusal(state, action("take", "Ah", "upper", "found1"))


def test_rule_I_a_play_from_packet_13_with_its_twin_there_is_safe_only_without_a_choice() -> None:
    """Solver hook (safe): with both twins in packet 13 and a choice of which stays, the
    play is not forced on the search, since the copy left decides the next deal."""
    found = {"found3": "Ah 2h 3h 4h", "found7": "Qh Jh Th 9h 8h 7h 6h"}
    apart = build(found, packet13="5h 9d 5h", packet1="Ac", exiles="7d")
    assert G.safe(apart) is None
    side = build(found, packet13="9d 5h 5h", packet1="Ac", exiles="7d")
    assert G.safe(side) == action("take", "5h", "found3")


def test_rule_II_each_foundation_follows_suit() -> None:
    """Rule II (1874): an ace of hearts cannot start the clubs foundation."""
    state = build(packet1="Ah", exiles="7d")
    assert transfer("packet1", "found1") not in G.moves(state)
    assert "does not follow on found1" in refusal(state, transfer("packet1", "found1"))


def test_rule_III_pick_up_order_for_a_redeal() -> None:
    """Rule III (1874): new deal = P1 + ... + P6 + P13 + P7 + ... + P12, bottoms first."""
    packet = {n: f"{Rank(n).letter}c 9h" for n in range(1, 13)}
    state = build({f"packet{n}": text for n, text in packet.items()}, packet13="8s 3h")
    assert G.moves(state) == (REDEAL,)
    state = G.play(state, REDEAL)
    order = " ".join(str(c) for c in reversed(state.piles[PACK].cards))
    expected = [packet[n] for n in range(1, 7)] + ["8s 3h"] + [packet[n] for n in range(7, 13)]
    assert order == " ".join(expected)
    assert not any(state.piles[PACK].up)
    assert state.phase == "deal" and state.num("count") == 1 and state.num("redeals") == 1
    assert all(state.piles[p].empty for p in (*PACKETS, SPREAD))


def test_direction_1_kings_mark_ascending_and_descending_foundations() -> None:
    """Direction 1 (1874): upper kings build A to Q, lower kings Q to A, one suit each."""
    start = G.deal(1)
    for found in FOUNDATIONS:
        assert start.piles[found].cards == (Card(Rank.KING, suit_of(found)),)
    assert all(c.rank != Rank.KING for c in start.piles[PACK].cards)
    state = build(packet1="Ac", packet2="Qc", exiles="7d")
    assert set(G.moves(state)) == {transfer("packet1", "found1"), transfer("packet2", "found5")}
    done = build(found1="Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc", packet1="Qc", exiles="7d")
    assert "found1 is complete" in refusal(done, transfer("packet1", "found1"))


def test_direction_1_a_king_is_a_marker_and_never_moves() -> None:
    """Direction 1 (1874): the kings are markers; an exchange never moves one."""
    state = build(found1="Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc", exiles="7d")
    assert transfer("found5", "found1") not in G.moves(state)
    assert "marker" in refusal(state, transfer("found5", "found1"))
    # The other way: a descending foundation built down to the ace, the ascending king bare.
    down = build(found5="Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c Ac", exiles="7d")
    assert transfer("found1", "found5") not in G.moves(down)
    assert "marker" in refusal(down, transfer("found1", "found5"))


def test_direction_2_the_deal_lays_thirteen_packets() -> None:
    """Direction 2 (1874): packets 1-12 show only their top card; packet 13 is spread."""
    game = PetitsPaquets(play_during_deal="never")
    state = game.deal(5)
    while state.phase == "deal":
        state = game.play(state, DEAL)
    dealt = sum(len(state.piles[p]) for p in (*PACKETS, SPREAD))
    assert dealt + len(state.piles[EXILES]) == 96 and state.piles[PACK].empty
    for name in PACKETS:
        pile = state.piles[name]
        assert pile.empty or pile.up == (False,) * (len(pile) - 1) + (True,)
    assert all(state.piles[SPREAD].up) and not any(state.piles[EXILES].up)


def test_direction_3_a_card_matching_its_count_is_exiled_and_replaced() -> None:
    """Direction 3 (1874): a card whose value equals its count is exiled face down; the next
    card takes the same place and count, and may be exiled too."""
    state = build(phase="deal", pack="Ac Ad 5h 2s 3c 9d")
    state = G.play(state, DEAL)
    assert state.piles[EXILES].cards == cards("Ac Ad")
    assert state.piles["packet1"].cards == cards("5h") and state.num("count") == 2
    state = G.play(state, DEAL)
    assert state.piles[EXILES].cards == cards("Ac Ad 2s")
    assert state.piles["packet2"].cards == cards("3c") and state.num("count") == 3
    assert not any(state.piles[EXILES].up)


def test_direction_3_every_round_is_counted_from_one_to_thirteen() -> None:
    """Direction 3 (1874): card 13 goes to packet 13, and the next round starts at one."""
    state = build(phase="deal", pack="2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Ac 5d 9d 4h")
    for _ in range(13):
        state = G.play(state, DEAL)
    assert state.piles[SPREAD].cards == cards("5d") and state.num("count") == 1
    state = G.play(state, DEAL)
    assert state.piles["packet1"].cards == cards("2c 9d")
    assert state.piles["packet1"].up == (False, True)
    state = G.play(state, DEAL)
    assert state.piles["packet2"].cards == cards("3c 4h") and state.phase == "play"


def test_direction_3_the_exiles_stay_face_down_during_the_deal() -> None:
    """Direction 3 (1874): the Exiles lie face down; none is taken while dealing."""
    state = build(phase="deal", pack="9d", exiles="5h")
    assert G.moves(state) == (DEAL,)
    assert "still being dealt" in refusal(state, EXILE)


def test_direction_4_after_the_deal_play_what_fits_before_any_exile() -> None:
    """Directions 4 and 6 (1874): while a card fits, no exile may be taken."""
    state = build(packet7="Qd", exiles="5h")
    assert G.moves(state) == (transfer("packet7", "found6"),)
    assert "only when no available card fits" in refusal(state, EXILE)


def test_direction_5_an_exile_that_fits_is_played() -> None:
    """Direction 5, step 1: an exile that fits waits face up and must be played."""
    state = G.play(build(exiles="9s Ac"), EXILE)
    assert state.piles[EXILES].cards == cards("9s Ac") and state.piles[EXILES].top_up
    assert G.moves(state) == (transfer(EXILES, "found1"),)
    assert G.auto(state) == transfer(EXILES, "found1")
    state = G.play(state, transfer(EXILES, "found1"))
    assert state.piles["found1"].top == Card.parse("Ac")


def test_direction_5_an_exile_fitting_both_foundations_is_the_players_choice() -> None:
    """Direction 5, step 1: a five of clubs between 4c and 6c may go to either foundation."""
    state = build(found1="Ac 2c 3c 4c", found5="Qc Jc Tc 9c 8c 7c 6c", exiles="5c")
    state = G.play(state, EXILE)
    assert set(G.moves(state)) == {transfer(EXILES, "found1"), transfer(EXILES, "found5")}
    assert "must be played first" in refusal(state, transfer("found1", "found5"))


def test_direction_5_the_exile_chain_runs_until_a_card_fits() -> None:
    """Direction 5, steps 2-6: each top card travels under the packet of its value until
    the packet it left shows a card that fits a foundation."""
    state = build(packet5="9d 7s", packet7="Jh 2d", packet2="Ac 8h", exiles="5h")
    state = G.play(state, EXILE)
    assert state.piles["packet5"].cards == cards("5h 9d")
    assert state.piles["packet7"].cards == cards("7s Jh")
    assert state.piles["packet2"].cards == cards("2d Ac")
    assert state.piles["packet8"].cards == cards("8h")
    assert state.piles[EXILES].empty and state.piles["packet2"].top_up
    assert G.moves(state) == (transfer("packet2", "found1"),)


def test_direction_5_chain_stops_when_the_exile_lands_on_an_empty_packet() -> None:
    """Direction 5, step 3: a packet whose top has travelled ends the chain, nothing freed."""
    state = G.play(build(packet1="9d", exiles="Ad 5h"), EXILE)
    assert state.piles["packet5"].cards == cards("5h") and state.piles["packet5"].top_up
    assert state.piles["packet1"].cards == cards("9d")
    assert G.moves(state) == (EXILE,)


def test_direction_5_chain_stops_where_it_would_go_round_for_ever() -> None:
    """Direction 5, step 3: 3s under packet 3 sends 4d to packet 4, whose 3c comes back
    to packet 3, where the travelled 3s is on top: the chain ends there."""
    state = G.play(build(packet3="4d", packet4="3c", exiles="3s"), EXILE)
    assert state.piles["packet3"].cards == cards("3c 3s")
    assert state.piles["packet4"].cards == cards("4d")
    assert G.moves(state) == (REDEAL,)


def test_direction_5_a_card_may_travel_under_its_own_packet() -> None:
    """Direction 5, step 4: a nine on top of packet 9 goes under packet 9 itself."""
    state = G.play(build(packet9="2c 9s", exiles="9h"), EXILE)
    assert state.piles["packet9"].cards == cards("9s 9h")
    assert state.piles["packet2"].cards == cards("2c")


def test_direction_6_exiles_are_used_last_exiled_first() -> None:
    """Direction 6 (1874): the top exile, the one exiled last, is taken first."""
    state = G.play(build(exiles="Ac 5h"), EXILE)
    assert state.piles[EXILES].cards == cards("Ac") and state.piles["packet5"].cards == cards("5h")
    state = G.play(state, EXILE)
    assert G.moves(state) == (transfer(EXILES, "found1"),)


def test_direction_7_redeal_only_when_the_exiles_are_used_and_nothing_fits() -> None:
    """Direction 7 (1874): a re-deal comes only after the last exile and the last play."""
    assert REDEAL not in G.moves(build(packet1="9d", exiles="5h"))
    assert "every exile must be used" in refusal(build(packet1="9d", exiles="5h"), REDEAL)
    assert REDEAL not in G.moves(build(packet1="Ac"))
    assert G.moves(build(packet1="9d")) == (REDEAL,)


def test_direction_7_two_redeals_then_the_game_is_lost() -> None:
    """Direction 7 (1874): two re-deals; in the third deal, nothing fitting and no exile
    left, the game is lost."""
    state = build(packet1="9d", redeals=0)
    assert G.outcome(state) is Outcome.LOST and G.moves(state) == ()
    assert refusal(state, REDEAL) == "the game is over"
    assert G.outcome(build(packet1="9d", redeals=1)) is Outcome.ONGOING


def test_direction_8_one_card_may_be_exchanged_between_foundations() -> None:
    """Direction 8 (1874): the top card of a foundation may go to the other foundation
    of its suit when it follows there; exchanges do not count as plays for exiling."""
    state = build(found1="Ac 2c 3c 4c 5c", found5="Qc Jc Tc 9c 8c 7c 6c", exiles="9h")
    assert G.moves(state) == (EXILE, transfer("found1", "found5"), transfer("found5", "found1"))
    after = G.play(state, transfer("found1", "found5"))
    assert after.piles["found1"].top == Card.parse("4c")
    assert after.piles["found5"].top == Card.parse("5c")
    assert "other foundation of its suit" in refusal(state, transfer("found1", "found6"))
    stuck = build(found1="Ac 2c 3c", found5="Qc Jc Tc 9c 8c 7c 6c", exiles="9h")
    assert "does not follow on found5" in refusal(stuck, transfer("found1", "found5"))


def test_direction_8_the_game_is_not_lost_while_exchanges_can_free_a_card() -> None:
    """Direction 8 with direction 7: exchanges that would make a card fit keep the game on."""
    state = build(found1="Ac 2c 3c 4c 5c", found5="Qc Jc Tc 9c 8c 7c 6c", packet1="3c", redeals=0)
    assert G.outcome(state) is Outcome.ONGOING
    assert G.moves(state) == (transfer("found1", "found5"), transfer("found5", "found1"))
    state = G.play(G.play(state, transfer("found1", "found5")), transfer("found1", "found5"))
    assert state.piles["found5"].top == Card.parse("4c")
    assert transfer("packet1", "found5") in G.moves(state)
    far = build(found1="Ac 2c 3c 4c 5c", found5="Qc Jc Tc 9c 8c 7c 6c", packet1="3h", redeals=0)
    assert G.outcome(far) is Outcome.LOST


def test_option_default_is_card() -> None:
    """Option play_during_deal: the default is 'card' (direction 9, the Note)."""
    assert G.options["play_during_deal"] == "card"
    assert G.deal(3).options["play_during_deal"] == "card"


def test_option_card_allows_plays_after_any_card() -> None:
    """Option play_during_deal=card: deal 3's first card, Qh, may be played at once."""
    state = G.play(G.deal(3), DEAL)
    assert state.piles["packet1"].cards == cards("Qh") and state.num("count") == 2
    assert G.moves(state) == (transfer("packet1", "found7"), DEAL)


def test_option_round_allows_plays_only_between_rounds() -> None:
    """Option play_during_deal=round: 'deal' deals a whole round; plays come after it."""
    game = PetitsPaquets(play_during_deal="round")
    state = game.play(game.deal(3), DEAL)
    assert state.num("count") == 1 and len(state.piles[SPREAD]) == 1
    assert transfer("packet1", "found7") in game.moves(state)
    mid = build(phase="deal", count=5, mode="round", packet1="Qh", pack="9d 8d")
    assert game.moves(mid) == (DEAL,)
    assert "play_during_deal=round" in refusal(mid, transfer("packet1", "found7"), game)


def test_option_never_waits_for_the_end_of_the_deal() -> None:
    """Option play_during_deal=never: nothing is played until the pack is dealt out."""
    game = PetitsPaquets(play_during_deal="never")
    state = game.play(game.deal(3), DEAL)
    assert game.moves(state) == (DEAL,)
    assert "play_during_deal=never" in refusal(state, transfer("packet1", "found7"), game)
    while state.phase == "deal":
        state = game.play(state, DEAL)
    assert any(m.verb != "deal" for m in game.moves(state))


@pytest.mark.parametrize("mode", ["round", "never"])
def test_option_limits_only_the_deal_so_later_refusals_give_the_real_reason(mode: str) -> None:
    """Direction 4: once the deal is over every option plays alike, so a card that does
    not fit is refused by Rule II, not by the deal's option (it once was, with
    ``round`` and ``never``)."""
    game = PetitsPaquets(play_during_deal=mode)
    state = build(phase="play", count=7, mode=mode, packet1="9c", packet2="Qh")
    reason = refusal(state, transfer("packet1", "found1"), game)
    assert "play_during_deal" not in reason
    assert "Rule II" in reason


def test_moves_read_back_from_their_text() -> None:
    """Moves: 'take Qh found3' names a packet-13 card; 'packet13 found3' reads as that move."""
    state = build(packet13="9d Ah 4s", exiles="7d")
    take = action("take", "Ah", "found3")
    assert str(take) == "take Ah found3"
    assert G.parse_move(state, "take ah found3") == take
    assert G.parse_move(state, "packet13 found3") == take
    assert "not in the thirteenth packet" in refusal(state, action("take", "Ac", "found1"))


def test_forced_deal_is_made_by_the_game() -> None:
    """Moves: when 'deal' is the only legal move the game makes it itself (auto)."""
    assert G.auto(G.deal(1)) == DEAL
    assert G.auto(G.play(G.deal(3), DEAL)) is None


def test_won_when_all_96_cards_are_on_the_foundations() -> None:
    """The end: won with every foundation complete."""
    up = [Rank(n).letter for n in range(1, 13)]
    piles = {f"found{n + 1}": " ".join(r + s for r in up) for n, s in enumerate("cdhs")}
    piles |= {f"found{n + 5}": " ".join(r + s for r in reversed(up)) for n, s in enumerate("cdhs")}
    state = build(piles)
    assert G.outcome(state) is Outcome.WON and G.moves(state) == ()


def test_a_whole_deal_played_to_a_win() -> None:
    """The end: deal 1 is won through the public API (line found by search)."""
    line = search(G, G.deal(1), Outcome.WON)
    assert line is not None
    assert G.outcome(replay_line(G, 1, line)) is Outcome.WON


def test_a_whole_deal_played_to_a_loss() -> None:
    """The end: deal 1 can also be lost, in the third deal, through the public API."""
    line = search(G, G.deal(1), Outcome.LOST)
    assert line is not None
    assert line.count(REDEAL) == 2
    assert G.outcome(replay_line(G, 1, line)) is Outcome.LOST


class RoundPaquets(PetitsPaquets):
    """The play_during_deal=round variant under its own golden file name."""

    id = "petits-paquets-round"


class NeverPaquets(PetitsPaquets):
    """The play_during_deal=never variant under its own golden file name."""

    id = "petits-paquets-never"


def test_golden_move_counts() -> None:
    """Golden perft lines of deals 1 and 2 (play_during_deal=card, the default)."""
    check_golden(G)


def test_golden_move_counts_round() -> None:
    """Golden perft lines of deals 1 and 2 with play_during_deal=round."""
    check_golden(RoundPaquets(play_during_deal="round"))


def test_golden_move_counts_never() -> None:
    """Golden perft lines of deals 1 and 2 with play_during_deal=never."""
    check_golden(NeverPaquets(play_during_deal="never"))
