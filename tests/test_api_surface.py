"""The package as a library: its names, its errors, and values that stay as made."""

from __future__ import annotations

import pytest

import cadogan
from cadogan import (
    BadDeal,
    BadRecord,
    BadState,
    BadValue,
    CadoganError,
    Record,
    Session,
    replay,
    verify,
)


def test_the_errors_and_the_record_tools_are_exported() -> None:
    """A library user had to know ``cadogan.core`` to catch the package's errors."""
    for name in ("CadoganError", "IllegalMove", "BadOption", "BadRecord", "UnknownGame"):
        assert issubclass(getattr(cadogan, name), CadoganError)
    for name in ("Record", "replay", "verify", "Session", "Game"):
        assert name in cadogan.__all__


@pytest.mark.parametrize("number", [0, -1, 2**63, "5", True])
def test_a_bad_deal_number_is_the_packages_error_and_a_value_error(number: object) -> None:
    with pytest.raises(BadDeal) as caught:
        cadogan.game("travellers").deal(number)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, CadoganError)


def test_the_solver_refuses_another_games_position() -> None:
    """Napoleon's Square reads its rules from the game and Petits Paquets from the
    state, so a position of other options was played by a mixture of both."""
    with pytest.raises(BadState, match="of zodiac, not of travellers"):
        cadogan.solve(cadogan.game("travellers"), cadogan.game("zodiac").deal(1))
    book = cadogan.game("napoleons-square").deal(1)
    with pytest.raises(BadState, match=r"rules=book, but the game has .*rules=modern"):
        cadogan.solve(cadogan.game("napoleons-square", rules="modern"), book, timeout=1)
    with pytest.raises(BadValue, match="workers must be at least 1"):
        cadogan.solve(cadogan.game("travellers"), cadogan.game("travellers").deal(1), workers=0)


def test_a_record_is_a_value_that_writes_what_it_reads() -> None:
    record = Record("travellers", 3, {"complete": "held"}, ["turn spare"], "unfinished")  # type: ignore[arg-type]
    assert isinstance(record.moves, tuple)
    with pytest.raises(TypeError):
        record.options["complete"] = "travelled"  # type: ignore[index]
    assert Record.parse(record.text()) == record
    assert hash(record) == hash(Record.parse(record.text()))
    for bad in (
        {"result": "ONGOING"},
        {"moves": ("turn spare\nturn spare",)},
        {"options": {"complete": 'he"ld'}},
    ):
        fields = {"game": "travellers", "deal": 3, **bad}
        with pytest.raises(BadRecord):
            Record(**fields)  # type: ignore[arg-type]


def test_verify_checks_a_certificates_result() -> None:
    """Only the command line compared a record's Result with its moves; a library
    user checking a solver's certificate now has ``verify``."""
    session = Session(cadogan.game("travellers"), 28)
    session.autoplay()
    won = session.record()
    assert won.result == "won" and verify(won).outcome.value == "won"
    cut = Record(won.game, won.deal, won.options, won.moves[:-3], "won")
    assert replay(cut).outcome.value == "unfinished"  # replay alone does not check
    with pytest.raises(BadRecord, match="says won, but its moves end unfinished"):
        verify(cut)


def test_a_session_always_starts_from_its_deal() -> None:
    """``Session(game, deal, state=...)`` saved records that did not replay (the moves
    counted from the given position, the record from the deal); it is gone."""
    with pytest.raises(TypeError):
        Session(cadogan.game("travellers"), 7, cadogan.game("travellers").deal(8))  # type: ignore[call-arg]


def test_a_hand_made_position_is_checked_against_the_deal() -> None:
    """A position read from JSON with a pile missing used to crash later with a
    KeyError; ``Game.check`` (run by the solver) refuses it with the reason, and a
    counter of the wrong kind is a ``BadState``.  Fewer cards are allowed (a puzzle)."""
    from cadogan.core.jsonform import state_from_json, state_to_json

    game = cadogan.game("travellers")
    good = state_to_json(game.deal(7))
    game.check(state_from_json(good))  # a position as dealt passes
    missing = {**good, "piles": {k: v for k, v in good["piles"].items() if k != "spare"}}
    with pytest.raises(BadState, match="piles are not those"):
        cadogan.solve(game, state_from_json(missing))
    piles = {**good["piles"], "spare": good["piles"]["spare"][1:]}  # an ending: fewer cards
    game.check(state_from_json({**good, "piles": piles}))
    wrong = {**good, "vars": {**good["vars"], "traveller": "x"}}
    with pytest.raises(BadState, match="counter traveller must be a whole number"):
        game.moves(state_from_json(wrong))


def test_a_bare_position_is_taken_only_for_the_books_own_game() -> None:
    """A position built without options used to pass for any options, and Travellers
    read its outcome under the default (``complete=held``) while the game said
    otherwise: the verdict then changed with the options missing."""
    import dataclasses

    from cadogan.core import FrozenMap

    travelled = cadogan.game("travellers", complete="travelled")
    bare = dataclasses.replace(travelled.deal(1), options=FrozenMap())
    with pytest.raises(BadState, match="dealt with the options none"):
        travelled.check(bare)
    cadogan.game("travellers").check(bare)  # the book's own game takes it


def test_a_record_refuses_what_its_text_would_change() -> None:
    for fields in (
        {"moves": ("",)},
        {"moves": ("[Deal 3",)},
        {"moves": ("turn  spare",)},
        {"deal": -5},
        {"game": 'tr"avellers'},
        {"options": {"complete": " held"}},
    ):
        with pytest.raises(BadRecord):
            Record(**{"game": "travellers", "deal": 3, **fields})  # type: ignore[arg-type]


def test_card_readers_raise_the_packages_value_error() -> None:
    from cadogan.cards import card

    with pytest.raises(BadValue, match="not a rank"):
        card("Zz")
    with pytest.raises(BadValue, match="not a suit"):
        card("Qz")
