"""The rules documents as a player reads them: the rules first, the notes after."""

from __future__ import annotations

import pytest

from cadogan import registry
from cadogan.rules_doc import ABOUT, for_players, rules_markdown


def test_the_notes_before_the_first_section_move_to_the_end() -> None:
    text = "# Game\n\nId `game`. Sources: seed 000.\n\n## The rules\n\n1. Play.\n"
    assert for_players(text) == (
        f"# Game\n\n## The rules\n\n1. Play.\n\n{ABOUT}\n\nId `game`. Sources: seed 000.\n"
    )


@pytest.mark.parametrize(
    "text", ["# Game\n\n## The rules\n\n1. Play.\n", "No title\n\n## Rules\n", "# Only a title\n"]
)
def test_a_document_without_notes_before_its_rules_is_left_as_it_is(text: str) -> None:
    assert for_players(text) == text


@pytest.mark.parametrize("game_id", list(registry.ids()))
def test_every_game_opens_its_rules_with_the_rules_and_keeps_every_line(game_id: str) -> None:
    text = rules_markdown(game_id)
    assert text is not None
    shown = for_players(text)
    assert shown.split("\n")[2].startswith("## ") and "Sources" not in shown.split(ABOUT)[0][:400]
    assert sorted(x for x in shown.splitlines() if x and x != ABOUT) == sorted(
        x for x in text.splitlines() if x
    )


@pytest.mark.parametrize("game_id", registry.ids())
def test_players_read_the_rules_and_options_before_the_solvers_sections(game_id: str) -> None:
    """The rules panel opened on the whole document, the solver's hooks and pruning
    (thousands of lines) before the options; they now come last, and nothing is lost."""
    text = rules_markdown(game_id)
    assert text is not None
    shown = for_players(text)
    headings = [line for line in shown.splitlines() if line.startswith("## ")]
    original = [line for line in text.splitlines() if line.startswith("## ")]
    assert sorted(headings) == sorted([*original, "## About this document"])
    solver = [h for h in headings if h.lower().startswith(("## solver", "## the solver"))]
    players = [h for h in headings if h not in solver]
    assert headings == players + solver
