"""A game's rules, read from the package (``cadogan/rules/<id>.md``) and made HTML."""

from __future__ import annotations

from importlib import resources

from markdown_it import MarkdownIt


def rules_markdown(game_id: str) -> str | None:
    """The rules document's text, or None when the game has none yet."""
    path = resources.files("cadogan").joinpath("rules", f"{game_id}.md")
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None


def rules_html(game_id: str) -> str | None:
    """The rules as HTML; raw HTML in the Markdown is escaped, not passed through."""
    text = rules_markdown(game_id)
    if text is None:
        return None
    html: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    return html
