"""Refusals speak as the tables print: cards as ``Q♥``, never as the text form ``Qh``,
and cards may be typed either way."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cadogan import registry
from cadogan.cards import Card
from cadogan.core import BadRecord, IllegalMove, Move
from cadogan.core.jsonform import read_card
from cadogan.errors import QUOTE_LIMIT, CadoganError, quoted
from cadogan.record import Record
from cadogan.session import Session

TEXT_FORM = re.compile(r"(?<!\w)[A2-9TJQK][cdhs](?!\w)")  # a card as moves write it


@pytest.mark.parametrize("game_id", registry.ids())
def test_refusals_name_cards_as_the_tables_show_them(game_id: str) -> None:
    """The Constitution, the Duchesse, Napoleon's Square and the Zodiac said "2c cannot
    go on Th" beside a table showing 2♣ and 10♥."""
    game = registry.game(game_id)
    rng = random.Random(7)
    seen = 0
    for deal in (1, 2):
        state = game.deal(deal)
        for _ in range(60):
            names = list(state.piles)
            for _ in range(15):
                source, target = rng.sample(names, 2)
                try:
                    game.play(state, game.parse_move(state, f"{source} {target}"))
                except IllegalMove as err:
                    seen += 1
                    assert not TEXT_FORM.search(err.reason), err.reason
            legal = game.moves(state)
            if not legal:
                break
            state = game.play(state, rng.choice(legal))
    assert seen > 100  # the check looked at many refusals


def test_cards_are_read_with_their_printed_signs_too() -> None:
    assert Card.parse("10♣") == Card.parse("Tc") == Card.parse("t♧")
    assert Card.parse("Q♥") == Card.parse("qh")
    with pytest.raises(ValueError, match="not a suit"):
        Card.parse("Q*")


@pytest.mark.parametrize("text", ["A♥", "Ah ", " Ah", "\tAh", "A"])
def test_the_json_form_takes_only_its_own_cards(text: str) -> None:
    """In the JSON form the suit letter's case says which way up a card lies, so a
    sign (or a trailing space, which read ``Ah `` face down) is refused."""
    with pytest.raises(BadRecord):
        read_card(text)


def test_a_slip_names_its_king_either_way() -> None:
    session = Session(registry.game("napoleons-square"), 10)  # opens in the Note's remedy
    assert Move("slip", ("packet6", "ks")) in session.moves()
    session.play(session.game.parse_move(session.state, "slip packet6 K♠"))
    assert Move("slip", ("packet6", "ks")) not in session.moves()


def test_a_re_deal_during_the_deal_is_refused_for_its_own_reason() -> None:
    session = Session(registry.game("petits-paquets"), 3)
    with pytest.raises(IllegalMove, match="a re-deal comes only once it is out"):
        session.play("redeal")


def test_the_right_move_with_words_after_it_says_so() -> None:
    session = Session(registry.game("travellers"), 3)
    with pytest.raises(IllegalMove, match="'turn spare' takes nothing after it"):
        session.play("turn spare spare")


def test_quoted_cuts_long_input_and_keeps_short_input_whole() -> None:
    assert quoted("packet1") == "'packet1'"
    long = "x" * 1000
    shown = quoted(long)
    assert shown.startswith("'" + "x" * QUOTE_LIMIT + "'...") and "940 more characters" in shown
    assert quoted(list(range(100))).startswith("[0, 1, 2") and "more characters" in quoted(
        list(range(100))
    )


@pytest.mark.parametrize(
    "refuse",
    [
        lambda huge: registry.make("travellers", {"complete": huge}),
        lambda huge: registry.game(huge),
        lambda huge: registry.make("travellers", {huge: "held"}),
        lambda huge: registry.game("zodiac").parse_move(registry.game("zodiac").deal(1), huge),
        lambda huge: Record.parse(f'[Game "travellers"]\n[Deal "{huge}"]\n'),
    ],
)
def test_a_refusal_of_huge_input_stays_a_short_sentence(refuse: Any) -> None:
    """A 100,000-character option value came back whole in the error (a 100 KB web
    answer); the sentence now quotes the first characters and counts the rest."""
    huge = "q" * 100_000
    with pytest.raises(CadoganError) as caught:
        refuse(huge)
    assert len(str(caught.value)) < 400, str(caught.value)[:400]
    assert "more characters" in str(caught.value)
