"""The table's message line: a message longer than the lines the screen gives it is
cut, and its last line says which key shows the whole (a long end-of-game note, or a
refusal quoting a long move, was cut off at 80 x 24 with no way to read the rest)."""

from __future__ import annotations

from typing import Final

from rich.console import Console
from rich.errors import MarkupError
from rich.text import Text

MESSAGE_LINES: Final = 4  # the message line's height at most (#message in app.py's CSS)
MORE: Final = "… press w to read the whole message"


def as_text(message: str | Text) -> Text | None:
    """The message as Rich text (a string is Rich markup, as the Static widget reads
    it), or None when it is not markup that Rich can read."""
    if isinstance(message, Text):
        return message
    try:
        return Text.from_markup(message)
    except MarkupError:
        return None


def fitted(message: str | Text, width: int, lines: int = MESSAGE_LINES) -> tuple[str | Text, bool]:
    """``message`` as it fits in ``lines`` lines of ``width`` columns, and whether it had
    to be cut: then its first ``lines - 1`` lines and a line saying how to read it all."""
    text = as_text(message)
    if width <= len(MORE) or text is None:
        return message, False
    wrapped = text.wrap(Console(width=width), width)
    if len(wrapped) <= lines:
        return message, False
    kept = Text("\n").join(wrapped[: lines - 1])
    kept.append("\n")
    kept.append(MORE, style="dim italic")
    return kept, True


def for_reading(message: str | Text) -> str:
    """The whole message as a Markdown page (the Reading screen's): its plain words,
    with Markdown's marks escaped so that pile names such as barrier_west stay whole."""
    text = as_text(message)
    plain = text.plain if text is not None else str(message)
    for mark in "\\`*_[]#":
        plain = plain.replace(mark, "\\" + mark)
    return "\n\n".join(plain.splitlines())
