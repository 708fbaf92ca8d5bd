"""Moves in words: the cards a move carries are named beside its text."""

from __future__ import annotations

from cadogan import game
from cadogan.core import Move
from cadogan.describe import describe
from cadogan.session import Session


def test_a_transfer_names_the_card_it_carries() -> None:
    session = Session(game("hemispheres"), 7)
    move = next(m for m in session.moves() if m.verb != "exchange" and len(m.args) == 2)
    card = session.state.piles[move.args[0]].top
    assert card is not None
    assert describe(session.game, session.state, move) == f"{move} ({card.label})"


def test_an_exchange_names_both_cards() -> None:
    session = Session(game("hemispheres"), 7)
    move = next(m for m in session.moves() if m.verb == "exchange")
    north, south = (session.state.piles[a].top for a in move.args)
    assert north is not None and south is not None
    assert describe(session.game, session.state, move) == f"{move} ({north.label}, {south.label})"


def test_an_action_without_a_face_up_card_is_its_text_alone() -> None:
    session = Session(game("hemispheres"), 7)
    assert describe(session.game, session.state, Move("deal", ())) == "deal"
