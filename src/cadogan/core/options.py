"""Typed game options with defaults and the choices they allow."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cadogan.core.frozenmap import FrozenMap
from cadogan.errors import BadOption, quoted


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its name, default, allowed values and a line of help."""

    name: str
    default: str
    choices: tuple[str, ...]
    help: str = ""

    def check(self, value: object) -> str:
        """Return ``value`` as the choice it names, else raise BadOption.

        Case is not significant (``sovereign=qd`` is ``Qd``): the choices of an option
        never differ by case alone, and the value is given back as the game spells it.
        """
        text = str(value)
        for choice in self.choices:
            if text.casefold() == choice.casefold():
                return choice
        allowed = ", ".join(self.choices)
        raise BadOption(f"option {self.name} cannot be {quoted(text)}; choose one of: {allowed}")


def option_name(name: str) -> str:
    """An option's name as the games spell it: lower case, words joined by ``_`` (so
    ``play-during-deal`` and ``Play_During_Deal`` both name ``play_during_deal``)."""
    return name.strip().lower().replace("-", "_")


def resolve(specs: tuple[OptionSpec, ...], given: Mapping[str, object]) -> FrozenMap[str, str]:
    """Merge ``given`` over the defaults, refusing unknown names and bad values."""
    known = {spec.name: spec for spec in specs}
    named: dict[str, object] = {}
    for name, value in given.items():
        key = option_name(name)
        if key not in known:
            if not known:
                raise BadOption(f"unknown option {quoted(name)}; this game has no options")
            raise BadOption(
                f"unknown option {quoted(name)}; this game's options are: {', '.join(known)}"
            )
        if key in named and str(named[key]) != str(value):
            raise BadOption(f"option {key} is given twice: {named[key]} and {value}")
        named[key] = value
    return FrozenMap(
        (spec.name, spec.check(named[spec.name]) if spec.name in named else spec.default)
        for spec in specs
    )


def parse_pairs(pairs: tuple[str, ...] | list[str]) -> dict[str, str]:
    """Read ``key=value`` strings, as the command line and records write them.

    A key given twice with two values is refused: silently keeping the last one
    played a game with options the player did not mean.
    """
    result: dict[str, str] = {}
    for pair in pairs:
        for item in pair.split(","):
            key, sep, value = item.strip().partition("=")
            if not sep or not key.strip() or not value.strip():
                raise BadOption(f"cannot read option {quoted(item)}; write key=value")
            key, value = key.strip(), value.strip()
            if result.get(key, value) != value:
                raise BadOption(f"option {key} is given twice: {result[key]} and {value}")
            result[key] = value
    return result


def format_pairs(options: Mapping[str, str]) -> str:
    """The ``key=value,key=value`` form used in records."""
    return ",".join(f"{k}={v}" for k, v in options.items())
