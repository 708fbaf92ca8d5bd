"""A game's rules, read from the package (``cadogan/rules/<id>.md``) and made HTML."""

from __future__ import annotations

from markdown_it import MarkdownIt

from cadogan.rules_doc import for_players, rules_markdown

__all__ = ["rules_html", "rules_markdown"]


def rules_html(game_id: str) -> str | None:
    """The rules as HTML, the rules before the notes on the document (``for_players``);
    raw HTML in the Markdown is escaped, not passed through."""
    text = rules_markdown(game_id)
    if text is None:
        return None
    html: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(for_players(text))
    return html
