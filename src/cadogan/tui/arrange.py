"""How each game's sections sit on the terminal table, after the book's plates.

Games group their piles into titled sections; this places sections side by side and
says which stack vertically, so the Hemispheres read as a circle with the foundations
in the middle, Napoleon's Square has its three sides round the foundations, and so on.
A section a game does not name here gets a row of its own after the named rows, so
nothing is ever hidden.
"""

from __future__ import annotations

from collections.abc import Sequence

from cadogan.core import Section

ROWS: dict[str, list[list[str]]] = {
    "hemispheres": [
        ["European (North)", "North barrier A♣", "Asiatic (North)"],
        ["West barrier K♥", "Red aces, up", "East barrier K♦"],
        ["Black kings, down"],
        ["African (South)", "South barrier A♠", "Australian (South)"],
        ["Pack and talon"],
    ],
    "napoleons-square": [
        ["Top side"],
        ["Left side", "Foundations", "Right side"],
        ["Talon", "Pack"],
    ],
    "constitution": [
        ["The Sovereign", "Bishops and Judges"],
        ["The Government"],
        ["Privy Council"],
        ["House of Lords"],
        ["House of Commons"],
        ["The People"],
        ["Talon and pack", "Thrown aside"],
    ],
}
VERTICAL: dict[str, set[str]] = {"napoleons-square": {"Left side", "Right side"}}
WIDTH: dict[str, int] = {"Foundations": 4}  # piles per line, where not the default
PER_LINE = 8


def rows(game_id: str, sections: Sequence[Section]) -> list[list[Section]]:
    """The sections in display rows: the game's named rows in order, then any others."""
    by_title = {s.title: s for s in sections}
    named = [[by_title[t] for t in row if t in by_title] for row in ROWS.get(game_id, [])]
    placed = {s.title for row in named for s in row}
    return [row for row in named if row] + [[s] for s in sections if s.title not in placed]


def lines(game_id: str, section: Section) -> list[tuple[str, ...]]:
    """A section's piles cut into display lines (one pile a line when vertical)."""
    if section.title in VERTICAL.get(game_id, set()):
        return [(name,) for name in section.piles]
    width = WIDTH.get(section.title, PER_LINE)
    return [section.piles[i : i + width] for i in range(0, len(section.piles), width)]


def across(game_id: str, group: Sequence[Section]) -> tuple[int, int]:
    """How many piles the widest line of a display row holds, side by side over its
    sections, and how many sections it has (for the screen to fit the piles)."""
    return sum(max(map(len, lines(game_id, s)), default=0) for s in group), len(group)
