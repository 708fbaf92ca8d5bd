"""Text game records: header lines, then one move per line (docs/formats.md).

Replaying a record through the rules reproduces the game exactly, so a record is both
a saved game and an auditable certificate (a solver's solution is written as one).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cadogan.core import (
    BadOption,
    BadRecord,
    CadoganError,
    FrozenMap,
    Game,
    IllegalMove,
    Move,
    Outcome,
    State,
)
from cadogan.core.options import format_pairs, parse_pairs
from cadogan.errors import quoted
from cadogan.files import write_atomic
from cadogan.registry import build, find

_TAG = re.compile(r'\[(\w+)\s+"([^"]*)"\]')
MAX_RECORD_BYTES = 4_000_000


class ReplayError(CadoganError):
    """A record move that the rules refuse, with its 1-based number."""

    def __init__(self, number: int, text: str, reason: str) -> None:
        super().__init__(f"move {number} ({quoted(text)}) is illegal: {reason}")
        self.number, self.text, self.reason = number, text, reason


RESULTS = tuple(outcome.value for outcome in Outcome)  # a [Result "..."] header's words
HEADERS = ("Game", "Deal", "Options", "Result")  # the only headers a record has


def _read_pair(pair: str) -> dict[str, str] | None:
    """How a record's reader takes ``key=value`` (None: it cannot)."""
    try:
        return parse_pairs([pair])
    except BadOption:
        return None


@dataclass(frozen=True)
class Record:
    """A game written down: which game, deal and options, and every move in order.

    A value: the options are kept as a read-only map and the moves as a tuple, and
    what :meth:`text` could not write so that :meth:`parse` reads it back the same (a
    result other than won, lost or unfinished, a line break in a move, a quote in an
    option) is refused when the record is made (``BadRecord``)."""

    game: str
    deal: int
    options: Mapping[str, str] = field(default_factory=dict)
    moves: tuple[str, ...] = ()
    result: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", FrozenMap(dict(self.options)))
        object.__setattr__(self, "moves", tuple(self.moves))
        if self.result is not None and self.result not in RESULTS:
            raise BadRecord(
                f"result {quoted(self.result)} is not one of {', '.join(RESULTS)} (docs/formats.md)"
            )
        if isinstance(self.deal, bool) or not isinstance(self.deal, int) or self.deal < 1:
            raise BadRecord(f"deal {quoted(self.deal)} is not a deal number")
        if not self.game or '"' in self.game or self.game != self.game.strip():
            raise BadRecord(f"game {quoted(self.game)} cannot be written in a record")
        for move in self.moves:
            if not isinstance(move, str) or move != " ".join(move.split()) or not move:
                raise BadRecord(f"a move is one line of words, not {quoted(move)}")
            if move.startswith(("[", "#", ";")):
                raise BadRecord(
                    f"a move cannot start as a header or a comment does: {quoted(move)}"
                )
        for key, value in self.options.items():
            pair = f"{key}={value}"
            if any(c in pair for c in '",') or _read_pair(pair) != {key: value}:
                raise BadRecord(f"option {quoted(pair)} cannot be written in a record")

    def text(self) -> str:
        """The record as a file's text."""
        lines = [
            f'[Game "{self.game}"]',
            f'[Deal "{self.deal}"]',
            f'[Options "{format_pairs(self.options)}"]',
        ]
        if self.result:
            lines.append(f'[Result "{self.result}"]')
        return "\n".join([*lines, "", *self.moves]) + "\n"

    def save(self, path: str | Path) -> None:
        """Write the record to ``path``; a failed write leaves the file there as it was
        (:func:`cadogan.files.write_atomic`)."""
        write_atomic(path, self.text())

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file; raises BadRecord when it is missing or malformed."""
        try:
            raw = Path(path).read_bytes()
        except OSError as err:
            raise BadRecord(f"cannot read {path}: {err.strerror}") from None
        return cls.from_bytes(raw, str(path))

    @classmethod
    def from_bytes(cls, raw: bytes, name: str) -> Record:
        """Read a record from the bytes of a file (or of standard input) called ``name``
        in errors; raises BadRecord when they are too many or not a record."""
        if len(raw) > MAX_RECORD_BYTES:
            raise BadRecord(f"{name} is too large to be a record")
        try:
            return cls.parse(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise BadRecord(f"{name} is not a UTF-8 text record") from None

    @classmethod
    def parse(cls, text: str) -> Record:
        """Read a record's text (a leading byte-order mark, as some editors write, is skipped)."""
        text = text.removeprefix("\ufeff")
        tags: dict[str, str] = {}
        moves: list[str] = []
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith(("#", ";")):
                continue
            if line.startswith("["):
                if moves:
                    raise BadRecord(f"line {number}: header after the moves began")
                found = _TAG.findall(line)
                if not found or _TAG.sub("", line).strip():
                    raise BadRecord(
                        f'line {number}: cannot read header {quoted(line)}; write [Key "value"]'
                    )
                for key, value in found:
                    if key not in HEADERS:
                        raise BadRecord(f"line {number}: {_unknown_header(key)}")
                    if key in tags:
                        raise BadRecord(f"line {number}: a second [{key} ...] header")
                    tags[key] = value
            else:
                moves.append(" ".join(line.split()))
        return cls._from_tags(tags, tuple(moves))

    @classmethod
    def _from_tags(cls, tags: dict[str, str], moves: tuple[str, ...]) -> Record:
        for key in ("Game", "Deal"):
            if key not in tags:
                raise BadRecord(f'the record has no [{key} "..."] header')
        if not re.fullmatch(r"[0-9]+", tags["Deal"]):  # int() would take " 28 " and "2_8"
            raise BadRecord(
                f"deal {quoted(tags['Deal'])} is not a deal number (1 and up, digits 0-9)"
            )
        deal = int(tags["Deal"])
        options = parse_pairs([tags["Options"]]) if tags.get("Options") else {}
        return cls(tags["Game"], deal, options, moves, tags.get("Result") or None)


def _unknown_header(key: str) -> str:
    """The refusal of a header the format does not have.  Why refuse rather than skip
    it: a record is also a certificate, and a skipped ``[result "won"]`` or ``[Option
    ...]`` (a slip of the pen) would replay a claim unchecked, or under other rules."""
    near = [h for h in HEADERS if h.lower().rstrip("s") == key.lower().rstrip("s")]
    hint = f" (did you mean [{near[0]} ...]?)" if near else ""
    return f"unknown header {quoted(key)}{hint}; the headers are {', '.join(HEADERS)}"


@dataclass(frozen=True)
class Replay:
    """What replaying a record gives: the game, every state, the moves and the result."""

    game: Game
    states: tuple[State, ...]
    moves: tuple[Move, ...]

    @property
    def final(self) -> State:
        """The last position."""
        return self.states[-1]

    @property
    def outcome(self) -> Outcome:
        """Won, lost or unfinished."""
        return self.game.outcome(self.final)


def game_of(record: Record) -> Game:
    """The record's game with its options; raises UnknownGame or BadOption."""
    return build(find(record.game), record.options)


def replay(record: Record) -> Replay:
    """Play every move of ``record`` from its deal; raises ReplayError on the first bad one."""
    game = game_of(record)
    try:
        state = game.deal(record.deal)
    except ValueError as err:
        raise BadRecord(str(err)) from None
    states, moves = [state], []
    for number, text in enumerate(record.moves, 1):
        try:
            move = game.parse_move(state, text)
            state = game.play(state, move)
        except IllegalMove as err:
            raise ReplayError(number, text, err.reason) from None
        states.append(state)
        moves.append(move)
    return Replay(game, tuple(states), tuple(moves))


def verify(record: Record) -> Replay:
    """Replay ``record`` and check that it ends as its ``Result`` header says: how a
    program checks a solver's certificate (``[Result "won"]`` cut short, or with a
    move changed, is refused).  Raises ``ReplayError`` on an illegal move and
    ``BadRecord`` when the moves end otherwise than the header says; a record without
    the header is only replayed."""
    result = replay(record)
    if record.result and record.result != result.outcome.value:
        raise BadRecord(
            f"the record says {record.result}, but its moves end {result.outcome.value}"
        )
    return result
