"""The explicit registry of games: ids, aliases, and construction with options."""

from __future__ import annotations

from collections.abc import Mapping

from cadogan.core import Game, UnknownGame
from cadogan.core.options import resolve
from cadogan.errors import quoted
from cadogan.games.constitution import Constitution
from cadogan.games.duchesse_de_luynes import DuchesseDeLuynes
from cadogan.games.hemispheres import Hemispheres
from cadogan.games.napoleons_square import NapoleonsSquare
from cadogan.games.petits_paquets import PetitsPaquets
from cadogan.games.sympathie import Sympathie
from cadogan.games.travellers import Travellers
from cadogan.games.zodiac import Zodiac

GAMES: tuple[type[Game], ...] = (
    Hemispheres,
    PetitsPaquets,
    NapoleonsSquare,
    DuchesseDeLuynes,
    Constitution,
    Zodiac,
    Sympathie,
    Travellers,
)


def classes() -> tuple[type[Game], ...]:
    """Every registered game class, in the book's order."""
    return GAMES


def ids() -> tuple[str, ...]:
    """Every game id."""
    return tuple(g.id for g in GAMES)


def find(name: str) -> type[Game]:
    """The game class for an id or alias (case-insensitive); raises UnknownGame."""
    key = name.strip().lower()
    for cls in GAMES:
        if key == cls.id or key in cls.aliases:
            return cls
    raise UnknownGame(f"unknown game {quoted(name)}; choose one of: {', '.join(ids())}")


def game(name: str, /, **options: object) -> Game:
    """A game with its options set, e.g. ``game("constitution", sovereign="Qc")``."""
    return build(find(name), options)


def make(name: str, options: Mapping[str, object]) -> Game:
    """A game by id or alias with ``options`` given as a map, as a request or a record
    carries them (any name, even ``name`` or ``self``, is an option's; raises
    UnknownGame or BadOption)."""
    return build(find(name), options)


def build(cls: type[Game], options: Mapping[str, object]) -> Game:
    """``cls`` with ``options`` set.  The names are checked against the game's options
    before they become keyword arguments, so a name that is no option of the game is
    refused as one (BadOption) rather than colliding with a parameter of the
    constructor (``self`` gave a TypeError, a server's 500)."""
    resolve(cls.option_specs, options)
    return cls(**options)


def all_games() -> tuple[Game, ...]:
    """One instance of every game at its default options."""
    return tuple(cls() for cls in GAMES)
