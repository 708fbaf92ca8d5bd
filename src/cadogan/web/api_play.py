"""The play endpoints: start a game, send moves, undo/redo, hints, records, replay.

A game is addressed by its unguessable id.  Every answer that shows the table is
built by :func:`cadogan.web.seats.game_json`, from the player's view only.  Changes
go through :func:`cadogan.web.actions.perform`, which checks the player's seat and turn,
saves the game and tells everyone connected to it.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import PlainTextResponse

from cadogan import registry
from cadogan.cards import random_deal
from cadogan.record import Record
from cadogan.session import Session
from cadogan.web import solver
from cadogan.web.actions import act, names_of, soon
from cadogan.web.answers import GameView, HintAnswer, StepView, Verdict, answered
from cadogan.web.errors import (
    BAD_INPUT,
    NOT_YOURS,
    STORAGE,
    TOO_LARGE,
    UNKNOWN_ID,
    ApiError,
    errors,
    starting_errors,
)
from cadogan.web.payload import step_json
from cadogan.web.players import player_of
from cadogan.web.schemas import MoveText, NewGame, RecordText, SolveRequest
from cadogan.web.seats import game_json, require_turn
from cadogan.web.store import GameStore, Slot

router = APIRouter(prefix="/api/sessions", tags=["play"])
# A hint is asked in the middle of play, often again and again: past this the solver's
# rule-of-thumb answer comes at once rather than after the whole solve budget (10 s).
HINT_SECONDS = 3.0
GameId = Annotated[
    str, Path(pattern=r"^[A-Za-z0-9_-]{8,64}$", description="The game's unguessable id.")
]
BAD_ID = "`invalid`: that is not a game id"
SEEN = errors({404: UNKNOWN_ID, 422: BAD_ID})
NOT_IN_ROOM = "`not_in_room`: a room offers no undo, redo, restart or autoplay"
ALONE_ERRORS = {403: NOT_YOURS, 404: UNKNOWN_ID, 409: NOT_IN_ROOM, 413: TOO_LARGE, 422: BAD_ID}
ALONE_ONLY = errors(ALONE_ERRORS)
ASKED = errors(
    {
        403: NOT_YOURS,
        404: UNKNOWN_ID,
        409: "`wrong_turn`: in a room, only the player to move may ask",
        413: TOO_LARGE,
        422: f"{BAD_ID}; {BAD_INPUT}",
        503: solver.BUSY,
    }
)


def _store(request: Request) -> GameStore:
    store: GameStore = request.app.state.store
    return store


def _may_ask(request: Request, slot: Slot) -> None:
    """Only a player who may move now asks the solver: a watcher is refused (403), and
    so is the player of a room who waits for the other's move (409), since a hint
    answers for the player to move."""
    require_turn(slot, player_of(request), names_of(_store(request)))


def _solvers(request: Request) -> solver.Solvers:
    solvers: solver.Solvers = request.app.state.solvers
    return solvers


def _slot(request: Request, gid: str) -> Slot:
    slot = _store(request).get(gid)
    if slot is None:
        raise ApiError(404, "unknown_id", "no game has this id (it may have expired)")
    return slot


async def _act(request: Request, gid: str, verb: str, text: str = "") -> dict[str, Any]:
    """Do ``verb`` at the game for the player asking, and answer with the new table
    (on the event loop when that is quick: :func:`cadogan.web.actions.act`)."""
    return await act(_store(request), gid, player_of(request), verb, text)


def _alone(request: Request, session: Session, scored: bool = True) -> dict[str, Any]:
    """Store a game the asking player plays alone (every seat his) and show it."""
    player = player_of(request)
    seats: dict[int, str | None] = dict.fromkeys(range(1, session.game.players + 1), player)
    store = _store(request)
    gid = store.add(session, seats, scored=scored)
    with store.hold(gid) as slot:
        return game_json(gid, slot, player, names_of(store))


@router.post(
    "",
    status_code=201,
    summary="Start a game alone",
    responses=answered(
        GameView, starting_errors("`bad_option`: an option or its value is not the game's"), 201
    ),
    response_model=None,
)
def new_game(body: NewGame, request: Request) -> dict[str, Any]:
    """Start a game: a deal by number, or a random deal when ``deal`` is absent."""
    game = registry.make(body.game, body.options)
    deal = body.deal if body.deal is not None else random_deal()
    return _alone(request, Session(game, deal))


@router.post(
    "/records",
    status_code=201,
    summary="Start a game from a record",
    responses=answered(
        GameView,
        starting_errors("`bad_record`: the text is not a record, or a move in it is illegal"),
        201,
    ),
    response_model=None,
)
def load_record(body: RecordText, request: Request) -> dict[str, Any]:
    """Start a game from an uploaded record, replayed through the rules.

    A record that is already over when it is loaded was not played here: its end
    never counts in the player's statistics (nor does one reached again by undo and
    redo).  A record loaded unfinished and played to its end here counts once."""
    session = Session.from_record(Record.parse(body.record))
    return _alone(request, session, scored=not session.outcome().over)


@router.get(
    "/{gid}",
    summary="Show a game as you see it",
    responses=answered(GameView, SEEN),
    response_model=None,
)
async def show(gid: GameId, request: Request) -> dict[str, Any]:
    """The table as the asking player sees it, the legal moves (his, in his turn), the
    outcome and the seats.  Anyone with the id may look; only a seat holder may act."""
    store, player = _store(request), player_of(request)

    def look() -> dict[str, Any]:
        with store.hold(gid) as slot:
            return game_json(gid, slot, player, names_of(store))

    return await soon(store, gid, look)


@router.post(
    "/{gid}/moves",
    summary="Play a move",
    responses=answered(
        GameView,
        errors(
            {
                403: NOT_YOURS,
                404: UNKNOWN_ID,
                409: "`illegal_move`: the rules refuse it, and say why; `wrong_turn`: it is "
                "the other player's turn",
                413: TOO_LARGE,
                422: f"{BAD_ID}; {BAD_INPUT}",
            }
        ),
    ),
    response_model=None,
)
async def move(gid: GameId, body: MoveText, request: Request) -> dict[str, Any]:
    """Play one move, written as the legal-move list writes it; 409 with the rule's
    reason, 409 ``wrong_turn`` out of turn, 403 ``not_yours`` without a seat."""
    return await _act(request, gid, "move", body.move)


NOTHING_TO_DO = "`nothing_to_undo`, `nothing_to_redo`: no move to take back, or to play again"
ALONE_UNDO = errors({**ALONE_ERRORS, 409: f"{NOT_IN_ROOM}; {NOTHING_TO_DO}"})


@router.post(
    "/{gid}/undo",
    summary="Take back a move",
    responses=answered(GameView, ALONE_UNDO),
    response_model=None,
)
async def undo(gid: GameId, request: Request) -> dict[str, Any]:
    """Take back the last move (and the forced moves after it); not in a room."""
    return await _act(request, gid, "undo")


@router.post(
    "/{gid}/redo",
    summary="Play again a move taken back",
    responses=answered(GameView, ALONE_UNDO),
    response_model=None,
)
async def redo(gid: GameId, request: Request) -> dict[str, Any]:
    """Play again the last move undone; not in a room."""
    return await _act(request, gid, "redo")


@router.post(
    "/{gid}/restart",
    summary="Back to the opening deal",
    responses=answered(GameView, ALONE_ONLY),
    response_model=None,
)
async def restart(gid: GameId, request: Request) -> dict[str, Any]:
    """Back to the opening position (the moves stay available to redo); not in a room."""
    return await _act(request, gid, "restart")


@router.post(
    "/{gid}/autoplay",
    summary="Play the safe moves",
    responses=answered(GameView, ALONE_ONLY),
    response_model=None,
)
async def autoplay(gid: GameId, request: Request) -> dict[str, Any]:
    """Play moves that cannot spoil a win until none is left; not in a room."""
    return await _act(request, gid, "autoplay")


@router.post(
    "/{gid}/leave",
    summary="Hand your seat to the computer",
    responses=answered(
        GameView,
        errors(
            {
                403: NOT_YOURS,
                404: UNKNOWN_ID,
                409: "`not_in_room`: only a room's seat is handed over; `over`: the game is "
                "over; `seat_free`: no one has taken the other seat, so no one waits",
                413: TOO_LARGE,
                422: BAD_ID,
            }
        ),
    ),
    response_model=None,
)
async def leave(gid: GameId, request: Request) -> dict[str, Any]:
    """Leave a room: the computer plays your seat on to the end, so the other player
    is not left waiting; you may stay and watch.  Your result is then not counted."""
    return await _act(request, gid, "leave")


@router.post(
    "/{gid}/hint",
    summary="A move to try",
    responses=answered(HintAnswer, ASKED),
    response_model=None,
)
def hint(gid: GameId, request: Request) -> dict[str, Any]:
    """A move to try, or the news that the game is no longer winnable, for the position
    after ``steps`` moves.  The solver thinks without the game's lock (a move must not
    wait seconds for it), so a move may come meanwhile: the position is read with the
    lock held, the hint is for it alone, and ``steps`` says which it was."""
    with _store(request).hold(gid) as slot:
        _may_ask(request, slot)
        session, state, steps = slot.session, slot.session.state, len(slot.session.history)
    seconds: float = min(HINT_SECONDS, request.app.state.solve_seconds)
    with _solvers(request).run():
        return {**solver.hint(session, seconds, state), "steps": steps}


@router.post(
    "/{gid}/solve",
    summary="Can this deal be won?",
    responses=answered(Verdict, ASKED),
    response_model=None,
)
def solve(gid: GameId, request: Request, body: SolveRequest | None = None) -> dict[str, Any]:
    """Is this deal (or this position) winnable?  The solver's verdict within a time."""
    body = body or SolveRequest()
    slot = _slot(request, gid)
    _may_ask(request, slot)
    session = slot.session
    seconds = min(body.seconds, request.app.state.solve_seconds)
    state = session.start if body.from_start else session.state
    with _solvers(request).run():
        return solver.winnable(session.game, state, seconds, session.proofs)


@router.get(
    "/{gid}/record",
    response_class=PlainTextResponse,
    summary="Download the game's record",
    responses=errors({404: UNKNOWN_ID, 422: BAD_ID, 503: STORAGE}, text_route=True),
)
def record(gid: GameId, request: Request) -> PlainTextResponse:
    """The game so far as a record file (a download)."""
    session = _slot(request, gid).session
    name = f"{session.game.id}-{session.deal}.txt"
    return PlainTextResponse(
        session.record().text(),
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get(
    "/{gid}/steps/{step}",
    summary="The table after some moves (the replay)",
    responses=answered(
        StepView,
        errors(
            {
                404: f"{UNKNOWN_ID}; `no_step`: the game has fewer moves",
                422: f"{BAD_ID}, or the step is not a number from 0",
            }
        ),
    ),
    response_model=None,
)
def step(
    gid: GameId,
    step: Annotated[int, Path(ge=0, le=1_000_000, description="Moves played from the deal.")],
    request: Request,
) -> dict[str, Any]:
    """The replay viewer's frame: the table after ``step`` moves of the history."""
    session = _slot(request, gid).session
    if step > len(session.history):
        played = len(session.history)
        steps = f"{played} move" if played == 1 else f"{played} moves"
        raise ApiError(404, "no_step", f"no step {step}: this game has {steps} so far")
    return step_json(session, step)
