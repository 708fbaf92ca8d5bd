"""The core model: piles, frozen maps, states, moves, options and the JSON form."""

from __future__ import annotations

import json

import pytest

from cadogan.cards import card, cards
from cadogan.core import (
    BadOption,
    BadRecord,
    FrozenMap,
    IllegalMove,
    Move,
    OptionSpec,
    Pile,
    action,
    make_state,
    marries,
    plays_on,
    transfer,
)
from cadogan.core.encode import encoded, encoded_group
from cadogan.core.jsonform import loads, state_from_json, state_to_json, view_to_json
from cadogan.core.options import parse_pairs, resolve
from cadogan.core.state import player_view


def test_pile_push_pop_slip_under_keep_the_original() -> None:
    pile = Pile.face_down(cards("Ah 2h"))
    pushed = pile.push(card("3h"))
    assert pushed.top == card("3h") and pushed.top_up
    assert pile.top == card("2h") and not pile.top_up
    top, rest = pushed.pop()
    assert top == card("3h") and rest == pile
    slipped = pile.slip_under(card("Kc"))
    assert slipped.cards[0] == card("Kc") and slipped.up == (True, False, False)
    assert pile.turned_up().up == (False, True)
    with pytest.raises(IndexError):
        Pile().pop()
    with pytest.raises(ValueError):
        Pile(cards("Ah"), ())


def test_pile_text_swaps_case_of_face_down_cards() -> None:
    assert Pile(cards("Ah 2h Td"), (False, False, True)).text() == "aH 2H Td"


def test_frozen_map_is_hashable_and_order_independent() -> None:
    a = FrozenMap({"x": 1, "y": 2})
    b = FrozenMap({"y": 2, "x": 1})
    assert a == b and hash(a) == hash(b)
    c = a.update({"x": 3})
    assert a["x"] == 1 and c["x"] == 3
    assert {a: "ok"}[b] == "ok"


def test_a_group_of_piles_encodes_the_same_whichever_pile_holds_which_cards() -> None:
    """encoded_group: interchangeable piles (a division of the Constitution, say) give
    one encoding for the same piles in any order, and another for other cards."""
    two, one, none = cards("Ah 2c"), cards("Ks"), cards("")
    assert encoded_group((two, one, none)) == encoded_group((none, two, one))
    assert encoded_group((two, one)) == b"".join(sorted([encoded(two), encoded(one)]))
    assert encoded_group((two, one)) != encoded_group((cards("Ah"), cards("2c Ks")))
    assert encoded_group((two, one)) != encoded_group((two, cards("Kh")))


def test_state_updates_return_new_states() -> None:
    state = make_state("t", 1, {"a": Pile.face_up(cards("Ah"))}, vars={"n": 1})
    other = state.with_vars(n=2).with_piles({"a": Pile()}).with_phase("end").with_turn(2)
    assert state.num("n") == 1 and other.num("n") == 2
    assert state["a"].top == card("Ah") and other["a"].empty
    assert other.phase == "end" and other.turn == 2 and state.turn == 1
    assert hash(state) != hash(other) and state == make_state(
        "t", 1, {"a": Pile.face_up(cards("Ah"))}, vars={"n": 1}
    )


def test_move_text_forms() -> None:
    assert str(transfer("talon", "found3")) == "talon found3"
    assert str(action("exchange", "european1", "african2")) == "exchange european1 african2"
    assert str(action("deal")) == "deal"
    assert transfer("a", "b").source == "a" and transfer("a", "b").target == "b"
    assert Move("deal").target is None


def test_marriage_and_foundation_helpers() -> None:
    assert marries(card("9h"), card("Th"), "down")
    assert not marries(card("9h"), card("Th"), "up")
    assert marries(card("Jh"), card("Th"), "either")
    assert not marries(card("9d"), card("Th"), "either")
    assert not marries(card("Ah"), card("Kh"), "either")  # ace and king are not consecutive
    assert plays_on(card("Ac"), None, 1, 1) and not plays_on(card("2c"), None, 1, 1)
    assert plays_on(card("2c"), card("Ac"), 1, 1) and not plays_on(card("2d"), card("Ac"), 1, 1)
    assert plays_on(card("Qs"), card("Ks"), 13, -1)


def test_options_resolve_defaults_and_refuse_bad_values() -> None:
    specs = (OptionSpec("sovereign", "Qd", ("Qd", "Qc")),)
    assert dict(resolve(specs, {})) == {"sovereign": "Qd"}
    assert dict(resolve(specs, {"sovereign": "Qc"})) == {"sovereign": "Qc"}
    with pytest.raises(BadOption, match="choose one of: Qd, Qc"):
        resolve(specs, {"sovereign": "Qh"})
    with pytest.raises(BadOption, match="unknown option 'colour'"):
        resolve(specs, {"colour": "red"})
    assert parse_pairs(["a=1,b=2", "c=3"]) == {"a": "1", "b": "2", "c": "3"}
    with pytest.raises(BadOption, match="key=value"):
        parse_pairs(["nonsense"])
    assert parse_pairs(["a=1", "a=1"]) == {"a": "1"}  # the same twice says one thing
    with pytest.raises(BadOption, match="option a is given twice: 1 and 2"):
        parse_pairs(["a=1", "b=3,a=2"])


def test_option_names_and_values_are_read_as_the_game_spells_them() -> None:
    """``sovereign=qd`` and ``play-during-deal=never`` were refused; the game's own
    spelling comes back, so records and keys never see two forms of one option."""
    specs = (
        OptionSpec("sovereign", "Qd", ("Qd", "Qc")),
        OptionSpec("play_during_deal", "a", ("a", "b")),
    )
    assert dict(resolve(specs, {"sovereign": "qc", "Play-During-Deal": "B"})) == {
        "sovereign": "Qc",
        "play_during_deal": "b",
    }
    with pytest.raises(BadOption, match="option play_during_deal is given twice: a and b"):
        resolve(specs, {"play-during-deal": "a", "play_during_deal": "b"})


def test_no_option_has_two_choices_that_differ_by_case_alone() -> None:
    """What lets ``OptionSpec.check`` ignore case."""
    from cadogan import registry

    for cls in registry.classes():
        for spec in cls.option_specs:
            assert len({c.casefold() for c in spec.choices}) == len(spec.choices), spec


def _state() -> object:
    return make_state(
        "travellers",
        5,
        {"spare": Pile(cards("Ah 2h Kd"), (False, True, False)), "kings": Pile()},
        vars={"traveller": 3, "mode": "x"},
        options={"k": "v"},
    )


def test_json_round_trip_and_case_marks_face_down_cards() -> None:
    state = _state()
    data = state_to_json(state)  # type: ignore[arg-type]
    assert data["piles"]["spare"] == ["aH", "2h", "kD"]
    assert state_from_json(json.loads(json.dumps(data))) == state
    assert loads(json.dumps(data)) == state


def test_view_json_hides_face_down_cards() -> None:
    data = view_to_json(player_view(_state(), 1))  # type: ignore[arg-type]
    assert data["piles"]["spare"] == ["??", "2h", "??"]
    assert "Ah" not in json.dumps(data) and "Kd" not in json.dumps(data)


@pytest.mark.parametrize(
    "bad",
    [
        "[]",
        "{}",
        '{"game": "x", "deal": 0, "piles": {}}',
        '{"game": "x", "deal": 1, "piles": {"a": ["Zz"]}}',
        '{"game": "x", "deal": 1, "piles": {"a": "Ah"}}',
        '{"game": "x", "deal": 1, "piles": {}, "vars": {"a": [1]}}',
        "not json",
    ],
)
def test_malformed_json_gets_a_clear_error(bad: str) -> None:
    with pytest.raises(BadRecord):
        loads(bad)


def test_illegal_move_carries_its_reason() -> None:
    err = IllegalMove("only the Privy Council plays to the Government")
    assert err.reason == str(err)
