"""A pile of cards, bottom first, each card face up or face down."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from cadogan.cards import Card


@dataclass(frozen=True, slots=True)
class Pile:
    """An immutable card sequence; index 0 is the bottom, -1 the top.

    ``up[i]`` says whether ``cards[i]`` is face up.  Face-down cards may lie anywhere:
    in Travellers face-up cards are slipped *under* face-down ones.
    """

    cards: tuple[Card, ...] = ()
    up: tuple[bool, ...] = ()

    def __post_init__(self) -> None:
        if len(self.cards) != len(self.up):
            raise ValueError("a pile needs one face-up mark per card")

    @classmethod
    def face_up(cls, cards: Iterable[Card] = ()) -> Pile:
        """A pile of face-up cards."""
        seq = tuple(cards)
        return cls(seq, (True,) * len(seq))

    @classmethod
    def face_down(cls, cards: Iterable[Card] = ()) -> Pile:
        """A pile of face-down cards."""
        seq = tuple(cards)
        return cls(seq, (False,) * len(seq))

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def empty(self) -> bool:
        """True when no card lies here (a vacancy, a space)."""
        return not self.cards

    @property
    def top(self) -> Card | None:
        """The top card, or None for an empty pile."""
        return self.cards[-1] if self.cards else None

    @property
    def top_up(self) -> bool:
        """True when there is a top card and it is face up."""
        return bool(self.up) and self.up[-1]

    def push(self, card: Card, up: bool = True) -> Pile:
        """A copy with ``card`` placed on top."""
        return Pile((*self.cards, card), (*self.up, up))

    def extend(self, cards: Iterable[Card], up: bool = True) -> Pile:
        """A copy with ``cards`` placed on top in order (the last ends on top)."""
        seq = tuple(cards)
        return Pile(self.cards + seq, self.up + (up,) * len(seq))

    def pop(self) -> tuple[Card, Pile]:
        """The top card and the pile without it; raises IndexError when empty."""
        if not self.cards:
            raise IndexError("pop from an empty pile")
        return self.cards[-1], Pile(self.cards[:-1], self.up[:-1])

    def slip_under(self, card: Card, up: bool = True) -> Pile:
        """A copy with ``card`` slipped under the bottom."""
        return Pile((card, *self.cards), (up, *self.up))

    def remove_at(self, index: int) -> tuple[Card, Pile]:
        """The card at ``index`` and the pile without it (for spread piles)."""
        return self.cards[index], Pile(
            self.cards[:index] + self.cards[index + 1 :], self.up[:index] + self.up[index + 1 :]
        )

    def turned_up(self) -> Pile:
        """A copy with the top card face up."""
        if not self.cards or self.up[-1]:
            return self
        return Pile(self.cards, (*self.up[:-1], True))

    def all_up(self) -> Pile:
        """A copy with every card face up."""
        return Pile(self.cards, (True,) * len(self.cards))

    def all_down(self) -> Pile:
        """A copy with every card face down."""
        return Pile(self.cards, (False,) * len(self.cards))

    def text(self) -> str:
        """Space-separated cards, bottom first; face-down cards swap case (``aH``)."""
        return " ".join(
            str(c) if u else str(c).swapcase() for c, u in zip(self.cards, self.up, strict=True)
        )


EMPTY: Final = Pile()
