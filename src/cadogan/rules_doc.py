"""The games' rules documents, shipped in the package (``cadogan/rules/<id>.md``), and
the order a player reads them in.

Each document opens with notes for readers of the code (the game's id, the sources and
how the rules are numbered) before its first section. A player opening the rules at
the table wants the rules first, so :func:`for_players` moves those notes to the end.
"""

from __future__ import annotations

from importlib import resources

ABOUT = "## About this document"


def rules_markdown(game_id: str) -> str | None:
    """The rules document's text, or None when the game has none yet."""
    path = resources.files("cadogan").joinpath("rules", f"{game_id}.md")
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None


def for_players(text: str) -> str:
    """The document with the notes between its title and its first section moved to the
    end, under "About this document"; a document without both is given back as it is."""
    title, newline, body = text.partition("\n")
    first = body.find("\n## ") if body.startswith("\n") else -1
    if not title.startswith("# ") or not newline or first < 0:
        return text
    notes, rules = body[:first].strip(), body[first + 1 :].rstrip()
    if not notes:
        return text
    play, solver = _solver_last(rules)
    return f"{title}\n\n{play}\n\n{ABOUT}\n\n{notes}{solver}\n"


def _solver_last(rules: str) -> tuple[str, str]:
    """The sections for players, and after them the solver's (its hooks and pruning),
    which a player reading the rules beside the table need not scroll through first."""
    parts = rules.removeprefix("## ").split("\n## ")  # each section without its "## "
    solver = [part for part in parts if part.lower().startswith(("solver", "the solver"))]
    play = "\n".join(f"## {part.rstrip()}\n" for part in parts if part not in solver)
    return play.rstrip(), "".join(f"\n\n## {part.rstrip()}" for part in solver)
