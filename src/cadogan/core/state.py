"""The immutable, hashable State of a game, and a player's View of it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final

from cadogan.cards import Card
from cadogan.core.frozenmap import FrozenMap
from cadogan.core.pile import Pile
from cadogan.errors import BadState, quoted

Value = int | str

_NO_VARS: Final[FrozenMap[str, Value]] = FrozenMap()
_NO_OPTIONS: Final[FrozenMap[str, str]] = FrozenMap()


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a position: named piles, the phase, counters and the turn.

    A State never changes; every update returns a new one, so undo is simply the
    previous state and a solver can use states as keys of its table.
    """

    game: str
    deal: int
    piles: FrozenMap[str, Pile]
    phase: str = "play"
    vars: FrozenMap[str, Value] = _NO_VARS
    turn: int = 1
    options: FrozenMap[str, str] = _NO_OPTIONS

    def __getitem__(self, name: str) -> Pile:
        return self.piles[name]

    def var(self, name: str) -> Value:
        """A counter or flag the game keeps (redeals left, current traveller ...)."""
        return self.vars[name]

    def num(self, name: str) -> int:
        """An integer counter."""
        value = self.vars[name]
        if not isinstance(value, int):  # a hand-made or mis-read position
            raise BadState(f"the counter {name} must be a whole number, not {quoted(value)}")
        return value

    def with_piles(self, changes: Mapping[str, Pile]) -> State:
        """A copy with some piles replaced.

        Built directly rather than with ``dataclasses.replace``, which is several times
        slower and sits on the solver's hot path.
        """
        piles = self.piles.update(changes)
        return State(self.game, self.deal, piles, self.phase, self.vars, self.turn, self.options)

    def with_vars(self, **changes: Value) -> State:
        """A copy with some counters replaced."""
        vars = self.vars.update(changes)
        return State(self.game, self.deal, self.piles, self.phase, vars, self.turn, self.options)

    def with_phase(self, phase: str) -> State:
        """A copy in another phase."""
        return replace(self, phase=phase)

    def with_turn(self, turn: int) -> State:
        """A copy with another player to act."""
        return replace(self, turn=turn)

    def census(self) -> Counter[Card]:
        """How many of each card lie in all the piles; conserved by every move."""
        counts: Counter[Card] = Counter()
        for pile in self.piles.values():
            counts.update(pile.cards)
        return counts


def make_state(
    game: str,
    deal: int,
    piles: Mapping[str, Pile],
    *,
    phase: str = "play",
    vars: Mapping[str, Value] | None = None,
    turn: int = 1,
    options: Mapping[str, str] | None = None,
) -> State:
    """Build a State from plain mappings."""
    return State(
        game=game,
        deal=deal,
        piles=FrozenMap(piles),
        phase=phase,
        vars=FrozenMap(vars or {}),
        turn=turn,
        options=FrozenMap(options or {}),
    )


@dataclass(frozen=True, slots=True)
class View:
    """What one player may see: each face-down card is ``None``."""

    game: str
    deal: int
    player: int
    piles: FrozenMap[str, tuple[Card | None, ...]]
    phase: str
    vars: FrozenMap[str, Value]
    turn: int
    options: FrozenMap[str, str]


def mask(pile: Pile) -> tuple[Card | None, ...]:
    """A pile as a player sees it: face-down cards hidden."""
    return tuple(c if u else None for c, u in zip(pile.cards, pile.up, strict=True))


def player_view(state: State, player: int) -> View:
    """The default view: every face-down card hidden, everything else shown."""
    return View(
        game=state.game,
        deal=state.deal,
        player=player,
        piles=FrozenMap((name, mask(p)) for name, p in state.piles.items()),
        phase=state.phase,
        vars=state.vars,
        turn=state.turn,
        options=state.options,
    )
