"""Cards, packs and the deal generator.

This is the bottom layer: it knows nothing of games.  A card is a frozen value whose
text form is rank then suit (``Ah``, ``Td``, ``Qs``).  Two packs hold identical twins,
and nothing here tells them apart, because no rule of the book ever needs to.

Deals are made by the project's own PRNG (SplitMix64 feeding a Fisher-Yates shuffle),
specified in ``docs/deals.md`` so that any language can reproduce deal N exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum

from cadogan.errors import BadDeal, BadValue, quoted

MASK64 = (1 << 64) - 1
MAX_DEAL = (1 << 63) - 1
RANDOM_DEALS = 1_000_000_000
"""A random deal is drawn from 1 to this: nine digits at most, easy to note and share,
though any number up to ``MAX_DEAL`` names a deal."""


class Suit(IntEnum):
    """The four suits, in the order the canonical pack lists them (c, d, h, s)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter text form: c, d, h or s."""
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        """The printed suit sign."""
        return "♣♦♥♠"[self]

    @property
    def red(self) -> bool:
        """Hearts and diamonds are red; the book's colour rules turn on this."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter (either case) or the printed sign the tables show (♣ ♦ ♥
        ♠, or the outlined ♧ ♢ ♡ ♤), so a card can be typed as it is read."""
        index = "cdhs".find(text.lower()) if len(text) == 1 else -1
        if index < 0:
            index = max("♣♦♥♠".find(text), "♧♢♡♤".find(text)) if len(text) == 1 else -1
        if index < 0:
            raise BadValue(f"{quoted(text)} is not a suit; use c, d, h or s (or ♣ ♦ ♥ ♠)")
        return cls(index)


class Rank(IntEnum):
    """Ranks from ace (1) to king (13).  Ace and king are not consecutive."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The one-character text form: A 2 3 4 5 6 7 8 9 T J Q K."""
        return "A23456789TJQK"[self - 1]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank character (either case); ``10`` is accepted for ten."""
        index = "A23456789TJQK".find(text.upper()) if len(text) == 1 else -1
        if text == "10":
            index = 9
        if index < 0:
            raise BadValue(f"{quoted(text)} is not a rank; use A 2-9 T J Q K")
        return cls(index + 1)


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Card:
    """One playing card.  Twins from the two packs are equal values.

    There are only 52 distinct cards, and every Card is one of 52 interned objects
    (the constructor returns the existing one), so equality and hashing are by
    identity: cheap, which matters because the solver hashes states constantly.
    """

    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        found = _INTERNED.get((Rank(rank), Suit(suit)))
        return found if found is not None else object.__new__(cls)

    def __init__(self, rank: Rank | int, suit: Suit | int) -> None:
        # Re-initialising an interned card sets the same enum values again: harmless.
        object.__setattr__(self, "rank", Rank(rank))
        object.__setattr__(self, "suit", Suit(suit))

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return (_parse, (str(self),))

    def __lt__(self, other: Card) -> bool:
        return (self.rank, self.suit) < (other.rank, other.suit)

    def __le__(self, other: Card) -> bool:
        return (self.rank, self.suit) <= (other.rank, other.suit)

    def __gt__(self, other: Card) -> bool:
        return (self.rank, self.suit) > (other.rank, other.suit)

    def __ge__(self, other: Card) -> bool:
        return (self.rank, self.suit) >= (other.rank, other.suit)

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    @property
    def red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit.red

    @property
    def label(self) -> str:
        """A display form with the suit sign, e.g. ``Q♥``; ten is written 10."""
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return rank + self.suit.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``Ah``, ``td``, ``10s``: rank then suit, case-insensitive."""
        text = text.strip()
        if len(text) < 2:
            raise BadValue(f"{quoted(text)} is not a card; write rank then suit, e.g. Qh")
        return _INTERNED[(Rank.parse(text[:-1]), Suit.parse(text[-1]))]


def _parse(text: str) -> Card:
    return Card.parse(text)


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
_INTERNED.update({(r, s): Card(r, s) for s in Suit for r in Rank})


def twins_apart(cards: Sequence[Card], card: Card) -> bool:
    """Whether ``cards`` hold both copies of ``card`` with a card between them: taking
    one or the other leaves two different piles (side by side, either leaves the same
    one).  La Duchesse de Luynes' Discard and Les Petits Paquets' packet 13 ask it,
    since a re-deal gathers those piles in their order."""
    try:
        first = cards.index(card)
        second = cards.index(card, first + 1)
    except ValueError:  # fewer than two copies
        return False
    return second - first > 1


def label(card: Card | None) -> str:
    """A card's display form (``Q♥``) for messages, or ``nothing`` for no card."""
    return card.label if card is not None else "nothing"


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    """Read a space-separated list of cards, e.g. ``cards("Ah 2h 3h")``."""
    return tuple(Card.parse(word) for word in text.split())


def pack(copies: int = 1, without: Iterable[Card] = ()) -> tuple[Card, ...]:
    """The canonical unshuffled pack: copies x (clubs, diamonds, hearts, spades), A..K.

    ``without`` names cards to leave out; a card listed twice is removed twice
    (so ``without=[Kh, Kh]`` removes both twins of a two-pack).
    """
    result = [_INTERNED[(r, s)] for _ in range(copies) for s in Suit for r in Rank]
    for gone in without:
        try:
            result.remove(gone)
        except ValueError:
            raise ValueError(f"cannot remove {gone}: not in the pack") from None
    return tuple(result)


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64 generator; 64-bit outputs from a 64-bit seed."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), by rejection so there is no modulo bias."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            x = self.next()
            if x < limit:
                return x % bound

    def __iter__(self) -> Iterator[int]:
        while True:
            yield self.next()


def random_deal() -> int:
    """A deal number drawn at random (not from the deal PRNG) from 1 to ``RANDOM_DEALS``,
    the same range in every front end."""
    import secrets

    return secrets.randbelow(RANDOM_DEALS) + 1


def check_deal_number(number: int) -> int:
    """Return ``number`` if it is a valid deal number (1 to 2**63-1), else raise."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise BadDeal(f"deal number must be an integer, not {number!r}")
    if not 1 <= number <= MAX_DEAL:
        raise BadDeal(f"deal number must be between 1 and {MAX_DEAL}, not {number}")
    return number


def shuffled(cards_in: Sequence[Card], number: int) -> tuple[Card, ...]:
    """Deal ``number``'s order of ``cards_in``: index 0 is the first card dealt.

    Fisher-Yates from the last index down, each swap index drawn from SplitMix64
    seeded with the deal number (see docs/deals.md).
    """
    rng = SplitMix64(check_deal_number(number))
    deck = list(cards_in)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)
