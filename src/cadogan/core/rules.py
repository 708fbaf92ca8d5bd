"""Rule helpers shared by games, named as the book names things (glossary, 1914)."""

from __future__ import annotations

from typing import Literal

from cadogan.cards import Card

Direction = Literal["up", "down", "either"]


def marries(card: Card, onto: Card, direction: Direction) -> bool:
    """True if ``card`` may be married onto ``onto``: same suit, next rank.

    ``down`` means the card is one lower (a 9 onto a 10), ``up`` one higher;
    ``either`` allows both.  Ace and king are not consecutive.
    """
    if card.suit != onto.suit:
        return False
    step = card.rank - onto.rank
    if direction == "down":
        return step == -1
    if direction == "up":
        return step == 1
    return step in (-1, 1)


def alternate_colour(card: Card, onto: Card) -> bool:
    """True when the two cards are of different colours."""
    return card.red != onto.red


def plays_on(card: Card, foundation_top: Card | None, first: int, step: int) -> bool:
    """True if ``card`` may be played to a foundation built by ``step`` (+1 or -1).

    An empty foundation takes a card of rank ``first`` of any suit; otherwise the card
    must follow the top in suit.
    """
    if foundation_top is None:
        return int(card.rank) == first
    return card.suit == foundation_top.suit and card.rank - foundation_top.rank == step
