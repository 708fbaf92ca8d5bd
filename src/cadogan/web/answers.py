"""The shapes of the API's answers, for the documentation at ``/docs``.

The endpoints build their answers as plain dicts (``payload``, ``seats``); these models
only describe them, so that ``/docs`` shows every field of a 200 answer with its
meaning.  A test validates real answers against them with unknown fields forbidden, so
a field added to an answer and not here fails the suite instead of going undocumented.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from cadogan.web.errors import STORAGE, ErrorOut


class Answer(BaseModel):
    """An answer's shape; the test that holds the answers to it forbids other keys."""

    model_config = ConfigDict(extra="allow")


class OptionInfo(Answer):
    """One option of a game, as ``-o name=value`` sets it."""

    name: str
    default: str
    choices: list[str]
    help: str


class GameInfo(Answer):
    """What the home page shows of a game."""

    id: str = Field(examples=["travellers"])
    name: str = Field(examples=["Travellers"])
    aliases: list[str]
    players: int = Field(description="1, or 2 for Sympathie")
    packs: int
    description: str
    verbs: list[str] = Field(description="the words that start a move that is not a transfer")
    options: list[OptionInfo]


class ViewJson(Answer):
    """The table as one player sees it: a face-down card is ``"??"``."""

    game: str
    deal: int
    player: int
    options: dict[str, str]
    phase: str
    turn: int
    vars: dict[str, int | str] = Field(description="the game's counters, e.g. redeals")
    piles: dict[str, list[str]] = Field(description="each pile's cards, bottom first")


class SectionJson(Answer):
    """A titled group of piles, as the book's plate groups them."""

    title: str
    piles: list[str]


class MoveJson(Answer):
    """A legal move: ``text`` is what the page sends back to play it."""

    text: str = Field(examples=["talon found3"])
    verb: str
    args: list[str]
    transfer: bool = Field(description="a card moved from one pile to another")
    source: str | None
    target: str | None
    card: str | None = Field(
        description="the card a transfer carries, when face up (e.g. Qh), else null",
        examples=["Qh"],
    )


class PlayedMove(Answer):
    """A move of the history; ``forced`` moves were made by the rules, not chosen."""

    text: str
    forced: bool


class SeatJson(Answer):
    """A seat at the table."""

    seat: int
    name: str
    you: bool
    computer: bool
    free: bool
    connected: bool


class GameView(Answer):
    """A game as the asking player sees it: the table, the moves he may make now, the
    outcome, undo and redo, and the seats (a room's or a game played alone)."""

    id: str = Field(description="the game's unguessable id, as in its address")
    game: GameInfo
    deal: int
    deal_text: str = Field(description="the deal number as text (exact in JavaScript)")
    options: dict[str, str]
    view: ViewJson
    sections: list[SectionJson]
    turn: int
    phase: str
    counters: list[str] = Field(
        description="the state's counters in words (Game.counters)",
        examples=[["re-deals left 3"]],
    )
    moves: list[MoveJson] = Field(description="empty unless it is the asker's turn")
    outcome: str = Field(examples=["unfinished"], description="won, lost or unfinished")
    over: bool
    result: str = Field(description="the sentence announcing the end, else empty")
    can_undo: bool
    can_redo: bool
    steps: int = Field(description="moves played, forced ones included")
    chosen: int = Field(description="moves the players chose")
    last: list[PlayedMove] = Field(description="the last twenty moves, oldest first")
    room: bool
    seats: list[SeatJson]
    you: list[int] = Field(description="the asker's seats")
    can_act: bool
    waiting: str = Field(description="why the asker cannot move now, else empty")
    watchers: int


class StepView(Answer):
    """A frame of the replay: the table after ``step`` moves."""

    step: int
    steps: int
    move: str | None
    forced: bool
    view: ViewJson
    sections: list[SectionJson]
    outcome: str
    result: str


def answered(
    model: type[Answer], errors: dict[int | str, dict[str, Any]], status: int = 200
) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses=``: its answer described by ``model`` for ``status``,
    beside its ``errors``.  The route returns a plain dict and passes
    ``response_model=None`` (no second validation of every answer); ``/docs`` shows
    the model."""
    description = (model.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
    return {status: {"model": model, "description": description}, **with_storage(errors)}


def with_storage(errors: dict[int | str, dict[str, Any]]) -> dict[int | str, dict[str, Any]]:
    """``errors`` and the 503 every route may answer, since any may wait on the database
    (a write, a game asleep in storage, a name): ``storage_unavailable`` when another
    program holds it past the busy timeout, or the disk fails; nothing is changed."""
    busy = errors.get(503)
    if busy is None:
        return {**errors, 503: {"model": ErrorOut, "description": STORAGE}}
    return {**errors, 503: {**busy, "description": f"{busy['description']}; {STORAGE}"}}


class HintAnswer(Answer):
    """A move to try (the solver's, or the greedy player's when it ran out of time),
    or the news that the position can no longer be won."""

    move: str | None = Field(description="the move's text, to send to /moves; null if none")
    status: str = Field(
        description="solved, unsolvable, timeout or memory; over when the game is over"
    )
    message: str
    steps: int = Field(
        description="the moves played (a GameView's steps) in the position the hint is "
        "for: a move that came while the solver thought makes the hint an old one"
    )


class Verdict(Answer):
    """Whether the deal (or the position) can be won, as the solver decided it."""

    status: str = Field(description="solved, unsolvable, timeout or memory")
    winnable: bool | None = Field(description="null when the solver could not decide")
    message: str
    nodes: int = Field(description="positions the searches generated")
    seconds: float
    length: int = Field(description="moves in the winning line found (0 if none)")


class GamesList(Answer):
    """Every game, in the book's order, and whether this server can solve deals."""

    games: list[GameInfo]
    solver: bool


class RulesPage(Answer):
    """A game's rules document, as Markdown and as HTML."""

    id: str
    name: str
    markdown: str
    html: str


class Name(Answer):
    """The player's display name (null until one is given)."""

    name: str | None


class OpenGame(Answer):
    """An unfinished game the player holds a seat at."""

    id: str
    game: str
    deal: str = Field(description="the deal number, as text")
    updated: float = Field(description="last played, seconds since the epoch")
    room: bool
    others: list[str] = Field(description="who holds the other seats")


class OpenGames(Answer):
    """The player's unfinished games, the latest played first."""

    games: list[OpenGame]


class Result(Answer):
    """One finished game, for the chart."""

    finished: float = Field(description="seconds since the epoch")
    outcome: str = Field(description="won or lost")
    deal: int | str


class GameStats(Answer):
    """A player's figures at one game."""

    game: str
    name: str
    played: int
    won: int
    win_percent: float
    current_streak: int
    best_streak: int
    results: list[Result]


class Statistics(Answer):
    """A player's statistics, game by game."""

    name: str | None
    games: list[GameStats]


class Erased(Statistics):
    """What was erased, and the statistics after it."""

    erased: int = Field(description="results erased")
