"""The Constitution's solver pruning (src/cadogan/games/_constitution_solve.py).

Each rule of docs/rules/constitution.md, "The solver's pruning", has a position where it
fires and one where it must not; a cross-check compares the search's verdicts with and
without the pruning on positions that the plain search decides quickly.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cadogan.cards import cards
from cadogan.core import Game, Pile, State, action, transfer
from cadogan.games import _constitution_guide, _constitution_solve
from cadogan.games._constitution_text import FOUND, ROWS
from cadogan.games.constitution import Constitution
from cadogan.record import Record
from cadogan.solve import solve
from tests.helpers import GOLDEN, plain_only

G = Constitution()
WON_RECORD = GOLDEN / "constitution-won-8.record"


class Plain(Constitution):
    """The game without the new pruning: no dead test, no safe moves."""

    dead = Game.dead
    safe = Game.safe


def table(spec: dict[str, str], vacancy: str = "none") -> State:
    """A position: ``spec`` gives each pile's cards bottom first (the pack too: its
    last card is turned next); unlisted Constitution piles, talon and pack are empty
    and unlisted foundations hold their ace."""
    state = G.deal(1)
    names = [name for row in ROWS for name in row] + ["talon", "pack", *FOUND]
    changes = {}
    for name in names:
        default = str(state[name].cards[0]) if name in FOUND else ""
        text = spec.get(name, default)
        pile = Pile.face_down if name == "pack" else Pile.face_up
        changes[name] = pile(cards(text))
    return state.with_piles(changes).with_vars(vacancy=vacancy)


# Deal 1, late in a line the plain search proves lost (87 moves in); only the pack
# and talon differ between the three (DEAL1_LATE's talon, then each pack).
DEAL1_LATE = {
    "found1": "Ac 2c",
    "found3": "Ah 2h 3h",
    "found4": "As 2s",
    "people1": "6c",
    "people2": "2c",
    "people3": "7h",
    "people4": "8c",
    "people5": "Tc",
    "people6": "5s",
    "people7": "Jh",
    "people8": "Js",
    "commons1": "Th 9c 8d 7s 6h 5c 4d 3s 2d",
    "commons2": "6s 5h",
    "commons3": "Jd Ts 9h 8s",
    "commons4": "Ts 9d 8s 7d",
    "commons5": "Jc Th 9s 8h",
    "commons6": "5c 4h",
    "commons7": "6c 5d",
    "commons8": "4d",
    "lords1": "3s 2d",
    "lords2": "4c 3d",
    "lords3": "4s 3h",
    "lords4": "4s",
    "lords5": "3c 2h",
    "lords6": "4c",
    "lords7": "7s",
    "lords8": "4h",
    "council1": "9h 8c 7d",
    "council2": "9s 8d 7c 6d",
    "council3": "Tc 9d",
    "council4": "Jc Td",
    "council5": "3d",
    "council6": "6h",
    "council7": "7c 6d",
    "council8": "Jd",
    "talon": "2s Td 5d Js Jh",
}
LATE_PACKS = ("7h 3c 8h 9c 5s 5h 6s", "7h 3c 8h 9c 5s 5h 6s 7h")

# Deal 1, 48 moves into the same line: every card can still be played, as far as the
# bound sees.  BLOCKED is the position after the next move, 6d from lords7 onto 7c.
OPEN_48 = {
    **DEAL1_LATE,
    "people1": "Ts",
    "people2": "8s",
    "people3": "2h",
    "people4": "5c",
    "commons1": "Th",
    "commons3": "Jd",
    "commons4": "Ts",
    "commons5": "Jc Th",
    "lords5": "3c",
    "lords7": "7s 6d",
    "council2": "9s 8d 7c",
    "talon": "",
    "pack": "7h 3c 8h 9c 5s 5h 6s 7h 2c 7d 9d 3s 6c 9s 2d 6h 7s 9c 8d 4d 8c 9h 8s 8h "
    "Jh Js 5d Td 2s",
}
BLOCKED_49 = {**OPEN_48, "lords7": "7s", "council2": "9s 8d 7c 6d"}


# --- dead: the reachability bound ------------------------------------------------------


def test_dead_when_a_card_can_never_rise() -> None:
    """dead, rules 1-5: the red tens in the Lords need a black knave on the Council or a
    Council vacancy; the Council holds only red knaves, which wait for those tens."""
    founds = {"found1": "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc", "found3": "Ah 2h 3h 4h 5h 6h 7h 8h 9h"}
    stuck = table({**founds, "council1": "Jh", "council2": "Jh", "lords1": "Th", "lords2": "Th"})
    assert G.dead(stuck)
    free = table({**founds, "council1": "Jc", "council2": "Jh", "lords1": "Th", "lords2": "Th"})
    assert not G.dead(free), "a ten can go onto the black knave, be played, and so on"


def test_dead_lets_the_talon_in_only_through_a_people_vacancy() -> None:
    """dead, rules 2 and 3: a talon card enters the People only through a People
    vacancy; here the People are empty, so only an open vacancy lets the ten in."""
    tens = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc"
    spec = {
        "found1": tens,
        "found2": tens.replace("c", "d"),
        "found3": "Ah 2h 3h 4h 5h 6h 7h 8h 9h",
        "found4": tens.replace("c", "s"),
        "council1": "Jh",
        "council2": "Js",
        "lords1": "Jc",
        "commons1": "Jd",
        "talon": "Th",
    }
    assert G.dead(table(spec)), "no People vacancy can ever open: the ten stays out"
    assert not G.dead(table(spec, "people1")), "the open vacancy lets the ten in"


def test_dead_late_in_a_lost_line() -> None:
    """dead: positions that the plain search proves lost are recognised at once."""
    for pack in LATE_PACKS:
        assert G.dead(table({**DEAL1_LATE, "pack": pack}))


@plain_only
def test_dead_single_card_to_build_on_is_held_below(monkeypatch: pytest.MonkeyPatch) -> None:
    """dead, rule 4 (the card one rank higher it needs above must not be held under it).

    In BLOCKED_49 the black fives can only climb onto the one red six still out of the
    Council, and that six is the one they would be sitting on below; only this rule
    sees it.  In OPEN_48 the six of diamonds still lies in the Lords: no proof.
    """
    assert G.dead(table(BLOCKED_49))
    assert not G.dead(table(OPEN_48))
    monkeypatch.setattr(_constitution_solve._Fixpoint, "held", lambda *args: False)
    assert not G.dead(table(BLOCKED_49)), "without the rule the bound finds a way"


def test_dead_never_on_a_winning_line() -> None:
    """dead: no position of a won game (deal 8's record) is called lost."""
    state = G.deal(8)
    record = Record.load(WON_RECORD)
    for text in record.moves:
        assert not G.dead(state)
        state = G.play(state, G.parse_move(state, text))


def lay(state: State) -> object:
    """The Constitution's ``dead_key`` of ``state``, the same with or without its key."""
    found = G.dead_key(state, G.key(state))
    assert found is not None and found == G.dead_key(state, None)
    return found


def test_dead_key_drops_only_the_talon_and_the_pack() -> None:
    """dead_key: the test sees the talon and pack as one set of cards still to enter,
    so positions that split or order them differently share the key and the verdict;
    a change anywhere else changes the key."""
    late = {**DEAL1_LATE, "pack": LATE_PACKS[0]}
    moved = {**late, "talon": "2s Td 5d Js Jh 6s 5h", "pack": "7h 3c 8h 9c 5s"}
    keys = {lay(table(spec)) for spec in (late, moved)}
    assert len(keys) == 1
    assert {G.dead(table(spec)) for spec in (late, moved)} == {True}
    other = {**OPEN_48, "council1": "9h 8c"}  # 7d gone from the Council to the pack
    other["pack"] = OPEN_48["pack"] + " 7d"
    assert lay(table(other)) != lay(table(OPEN_48))
    assert G.dead_key(table(OPEN_48, "people1"), None) is None, "dead answers at once"
    assert not G.dead(table(OPEN_48, "people1"))


def test_dead_key_shares_verdicts_along_a_turned_pack() -> None:
    """dead_key: turning the pack card by card keeps the key the test is memoised by,
    and the test agrees at every turn (deal 1 from the start, no vacancy open)."""
    state = G.deal(1)
    first = lay(state)
    verdict = G.dead(state)
    while state.piles["pack"].cards:
        state = G.play(state, action("deal"))
        assert lay(state) == first
        assert G.dead(state) == verdict


# --- safe: Privy Council plays -------------------------------------------------------


def test_safe_play_when_no_card_can_be_built_on_it() -> None:
    """safe (b): the black fours are home or in the Council, so nothing goes on 5h."""
    spec = {
        "found1": "Ac 2c 3c 4c",
        "found3": "Ah 2h 3h 4h",
        "found7": "Ah 2h 3h 4h",
        "council1": "9c 5h",
        "council2": "5d 4c",
        "council3": "5d 4s",
        "council4": "5h 4s",
        "talon": "9s",  # so that turning the pack is not safe (``safe_deal``)
        "pack": "3d",
    }
    assert G.safe(table(spec)) == transfer("council1", "found3")
    lords = {**spec, "council4": "5h", "lords1": "4s"}
    assert G.safe(table(lords)) is None, "the four of spades in the Lords might want 5h"


def test_safe_play_waits_for_the_twins_foundation() -> None:
    """safe (c): the twin needs a foundation at r-1 too, or to be home already."""
    fours = {
        f"found{n}": f"A{s} 2{s} 3{s} 4{s}" for n, s in ((1, "c"), (4, "s"), (5, "c"), (8, "s"))
    }
    fours["pack"] = "3d"  # so that the play is not the only move
    fours["talon"] = "9s"  # and turning the pack is not safe (``safe_deal``)
    both = {**fours, "found3": "Ah 2h 3h 4h", "found7": "Ah 2h 3h 4h"}
    assert G.safe(table({**both, "council1": "9c 5h", "lords1": "5h"})) is not None
    one = {**fours, "found3": "Ah 2h 3h 4h", "found7": "Ah 2h"}
    shy = table({**one, "council1": "9c 5h", "lords1": "5h"})
    assert G.safe(shy) is None, "the other 5h might need this foundation first"
    home = {**fours, "found3": "Ah 2h 3h 4h 5h", "found7": "Ah 2h 3h 4h"}
    assert G.safe(table({**home, "council1": "9c 5h"})) == transfer("council1", "found7")


def test_safe_play_never_opens_a_vacancy() -> None:
    """safe (a): a lone Council card leaves a vacancy, whose timing matters."""
    lone = table({"council1": "2h", "lords1": "8d", "talon": "9s", "pack": "3s"})
    assert G.safe(lone) is None
    covered = table({"council1": "9c 2h", "lords1": "8d", "talon": "9s", "pack": "3s"})
    assert G.safe(covered) == transfer("council1", "found3")


def test_safe_deal_onto_an_empty_talon_only() -> None:
    """safe_deal: with no vacancy open and the talon empty, the pack's top card goes to
    the People next whether or not it is turned first, so the turn is safe; with a
    card on the talon it would bury that card, and with a vacancy open it is illegal."""
    spec = {"council1": "2h", "lords1": "8d", "people1": "7c", "pack": "3s 5d"}
    assert G.safe(table(spec)) == action("deal")
    assert G.safe(table({**spec, "talon": "9s"})) is None
    assert G.safe(table({**spec, "people1": ""}, "people1")) == transfer("pack", "people1")


def test_dead_waits_while_a_vacancy_is_open() -> None:
    """dead is not tried while a vacancy is open (the position after the fill is);
    the same lost table is recognised once the vacancy is filled."""
    tens = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc"
    founds = {"found1": tens, "found3": "Ah 2h 3h 4h 5h 6h 7h 8h 9h"}
    spec = {**founds, "council1": "Jh", "council2": "Jh", "lords1": "Th", "lords2": "Th"}
    assert G.dead(table(spec))
    opened = table({**spec, "people1": "", "commons1": "5s"}, "people1")
    assert not G.dead(opened)
    assert G.dead(G.play(table({**spec, "talon": "5s"}, "people1"), transfer("talon", "people1")))


# --- cross-check --------------------------------------------------------------------------


def _won_line() -> list[State]:
    state = G.deal(8)
    states = [state]
    for text in Record.load(WON_RECORD).moves:
        state = G.play(state, G.parse_move(state, text))
        states.append(state)
    return states


def test_cross_check_verdicts_with_and_without_pruning() -> None:
    """The pruned search agrees with the plain one where the plain one decides quickly:
    positions 10 to 183 moves before the end of deal 8's win (solvable) and late
    positions of a lost line of deal 1 (unsolvable), some with an empty talon."""
    won = _won_line()
    # 183 moves before the end the talon is empty: ``safe_deal`` turns the pack first.
    positions = [won[-k] for k in (10, 40, 70, 100, 183)]
    positions += [table({**DEAL1_LATE, "pack": pack}) for pack in LATE_PACKS]
    # The same lost table with its talon gathered into the pack (safe_deal fires there).
    gathered = f"{LATE_PACKS[0]} Jh Js 5d Td 2s"
    positions.append(table({**DEAL1_LATE, "talon": "", "pack": gathered}))
    verdicts = []
    for state in positions:
        plain = solve(Plain(), state, timeout=600, max_nodes=400_000)
        pruned = solve(G, state, timeout=600, max_nodes=400_000)
        assert plain.decided, "the plain search must decide these within the budget"
        assert pruned.status == plain.status
        verdicts.append(plain.status)
    assert set(verdicts) == {"solved", "unsolvable"}


# --- score: the probes' guidance (no soundness concern) ---------------------------------


def test_score_rewards_the_government_and_wanted_cards_high_up() -> None:
    """score: a card on the Government counts most; a card the Government wants next
    counts more the higher it lies and the fewer cards cover it."""
    low = table({"council1": "9c", "lords1": "2h"})
    high = table({"council1": "9c 2h", "lords1": "7s"})
    buried = table({"council1": "2h 9c", "lords1": "7s"})
    home = table({"found3": "Ah 2h", "council1": "9c", "lords1": "7s"})
    assert G.score(home) > G.score(high) > G.score(low)
    assert G.score(high) > G.score(buried)


def plain_score(state: State) -> int:
    """The score as docs/rules/constitution.md defines it, written plainly: every card
    of every pile is looked at.  The oracle for the fast ``score``."""
    piles = state.piles
    tops = [piles[name].cards[-1] for name in FOUND]
    wanted = {(top.rank + 1, top.suit) for top in tops}
    total = _constitution_guide.PLAYED * sum(len(piles[name].cards) for name in FOUND)
    for row, names in enumerate(ROWS):
        for name in names:
            for depth, card in enumerate(reversed(piles[name].cards)):
                if (card.rank, card.suit) in wanted:
                    total += max(_constitution_guide.WANTED[row] - 2 * depth, 0)
    return total


@settings(max_examples=25, deadline=None)
@given(deal=st.integers(min_value=1, max_value=10**6), seed=st.integers(0, 2**32))
def test_fast_score_matches_its_plain_definition(deal: int, seed: int) -> None:
    """score looks only at the cards near enough a top to earn points; along a seeded
    playout that mostly takes the game's first-ordered move (plays to the Government
    first, so that cards go home and others are wanted), it gives what the plain
    definition gives."""
    rng = random.Random(seed)
    state = G.deal(deal)
    for _ in range(300):
        assert G.score(state) == plain_score(state)
        moves = G.order(state, G.moves(state))
        if not moves:
            break
        state = G.play(state, moves[0] if rng.random() < 0.7 else rng.choice(moves))


def test_score_counts_a_wanted_card_as_deep_as_it_earns_points() -> None:
    """score: under d cards a wanted card earns its division's points less 2d while that
    is positive, in the Council (12) down to depth 5, in the Lords (6) down to depth 2."""
    base = G.score(table({}))  # eight aces home; the twos are wanted
    council = {5: "2h 9c 8d 7c 6d 5c", 6: "2h Tc 9c 8d 7c 6d 5c"}
    lords = {2: "2h 7c 6d", 3: "2h 8c 7c 6d"}
    assert G.score(table({"council1": council[5]})) == base + 2
    assert G.score(table({"council1": council[6]})) == base
    assert G.score(table({"lords1": lords[2]})) == base + 2
    assert G.score(table({"lords1": lords[3]})) == base
    for spec in (council[5], council[6]):
        assert G.score(table({"council1": spec})) == plain_score(table({"council1": spec}))
