"""Cards, packs and the deal PRNG, pinned by golden values (docs/deals.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cadogan.cards import (
    MAX_DEAL,
    Card,
    Rank,
    SplitMix64,
    Suit,
    card,
    cards,
    check_deal_number,
    pack,
    shuffled,
)

GOLDEN = {
    (1, 1): "7d 9c 4d 8h 8d 5s Jd 6d 9s Jc",
    (1, 2): "6h 7h Jc 8c Ks 7d 6s 8c 6c 9c",
    (2, 1): "Qh 3s 4c 5h 7h 2d Kh Td Ac 6c",
    (2, 2): "Td Ah 6h Js 2d Qs 5h 3d 7c Ac",
    (MAX_DEAL, 1): "5c Jc 8h Ah Td 9h 2c Tc 8s Qh",
    (MAX_DEAL, 2): "8d 2h 8d Qs Ts Js Jd Ac 8s 6h",
}


@pytest.mark.parametrize(("deal", "packs"), list(GOLDEN))
def test_golden_deals_never_change(deal: int, packs: int) -> None:
    assert " ".join(map(str, shuffled(pack(packs), deal)[:10])) == GOLDEN[deal, packs]


def test_splitmix64_matches_the_published_vectors() -> None:
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF
    assert SplitMix64(1234567).next() == 6457827717110365317


def test_below_is_in_range_and_reaches_every_value() -> None:
    rng = SplitMix64(99)
    seen = {rng.below(7) for _ in range(500)}
    assert seen == set(range(7))


@pytest.mark.parametrize("bad", [0, -1, MAX_DEAL + 1, True, 1.5, "3"])
def test_bad_deal_numbers_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="deal number"):
        check_deal_number(bad)  # type: ignore[arg-type]


@given(st.integers(1, MAX_DEAL))
def test_a_shuffle_is_a_permutation(number: int) -> None:
    deck = pack(2)
    assert sorted(shuffled(deck, number)) == sorted(deck)


def test_card_text_forms_round_trip() -> None:
    for c in pack(1):
        assert Card.parse(str(c)) == c
    assert str(card("10h")) == "Th"
    assert card("qS") == Card(Rank.QUEEN, Suit.SPADES)
    assert card("Kd").label == "K♦" and card("Th").label == "10♥"


@pytest.mark.parametrize("bad", ["", "A", "1h", "Ax", "Zh", "Ahh"])
def test_bad_card_text_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_packs_and_removal() -> None:
    assert len(pack(1)) == 52 and len(set(pack(1))) == 52
    assert len(pack(2)) == 104
    kings = [Card(Rank.KING, s) for s in Suit] * 2
    no_kings = pack(2, without=kings)
    assert len(no_kings) == 96 and all(c.rank != Rank.KING for c in no_kings)
    with pytest.raises(ValueError, match="not in the pack"):
        pack(1, without=[card("Ah"), card("Ah")])
    assert pack(1)[:3] == cards("Ac 2c 3c")


def test_colours() -> None:
    assert card("Ah").red and card("Td").red
    assert not card("Ac").red and not card("Ks").red
