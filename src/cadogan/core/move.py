"""Moves: frozen values whose text form round-trips."""

from __future__ import annotations

from dataclasses import dataclass

TRANSFER = "move"


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A move is a verb and its arguments, usually pile names.

    A card transfer has the verb ``move`` and is written simply ``source target``
    (``talon found3``).  Special actions are written as their word and arguments:
    ``deal``, ``redeal``, ``exile``, ``exchange european1 african2``, ``grace``.
    """

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.verb == TRANSFER:
            return " ".join(self.args)
        return " ".join((self.verb, *self.args))

    @property
    def source(self) -> str | None:
        """The first argument: the pile a card leaves, for a transfer."""
        return self.args[0] if self.args else None

    @property
    def target(self) -> str | None:
        """The last argument of a two-pile move: where the card goes."""
        return self.args[-1] if len(self.args) >= 2 else None


def transfer(source: str, target: str) -> Move:
    """A card move from the top of ``source`` to ``target``."""
    return Move(TRANSFER, (source, target))


def action(verb: str, *args: str) -> Move:
    """A special action such as ``deal`` or ``exchange a b``."""
    return Move(verb, args)
