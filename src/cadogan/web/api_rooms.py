"""Rooms, the player and his statistics.

A room is a game of two players shared by link: ``POST /api/rooms`` seats its maker
as player 1 and answers with the game (its ``id`` is the link's); the second person to
open the link (over the WebSocket ``/ws/games/{id}``) takes seat 2, or the computer
does.  A player is known by his cookie; he may give a display name, shown in rooms,
and see or reset the statistics of the games he has finished.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from cadogan import registry
from cadogan.cards import random_deal
from cadogan.session import Session
from cadogan.web.actions import names_of
from cadogan.web.answers import (
    Erased,
    GameView,
    Name,
    OpenGames,
    Statistics,
    answered,
)
from cadogan.web.errors import BAD_INPUT, TOO_LARGE, ApiError, errors, starting_errors
from cadogan.web.persist import COMPUTER, GameDB
from cadogan.web.players import clean_name, player_of
from cadogan.web.schemas import NewRoom, PlayerName, ResetStats
from cadogan.web.seats import computer_moves, game_json
from cadogan.web.store import GameStore

rooms = APIRouter(prefix="/api/rooms", tags=["rooms"])
me = APIRouter(prefix="/api/me", tags=["player"])


def _store(request: Request) -> GameStore:
    store: GameStore = request.app.state.store
    return store


def _db(request: Request) -> GameDB:
    db: GameDB = request.app.state.db
    return db


def _player(request: Request) -> str:
    player = player_of(request)
    if player is None:  # the cookie middleware gives every request one
        raise ApiError(403, "no_player", "this browser sent no player cookie")
    return player


@rooms.post(
    "",
    status_code=201,
    summary="Open a room for two players",
    responses=answered(
        GameView, starting_errors("`one_player`: the game is played alone; `bad_option`"), 201
    ),
    response_model=None,
)
def new_room(body: NewRoom, request: Request) -> dict[str, Any]:
    """Open a room: you hold seat 1; seat 2 waits for whoever opens the link first,
    or goes to the computer (``computer: true``)."""
    player = _player(request)
    game = registry.make(body.game, body.options)
    if game.players < 2:
        raise ApiError(422, "one_player", f"{game.name} is played alone: it needs no room")
    deal = body.deal if body.deal is not None else random_deal()
    seats: dict[int, str | None] = dict.fromkeys(range(2, game.players + 1))
    seats[1] = player
    if body.computer:
        seats.update(dict.fromkeys(range(2, game.players + 1), COMPUTER))
    store = _store(request)
    gid = store.add(Session(game, deal), seats, room=True)
    with store.hold(gid) as slot:
        with store.changing(gid, slot):
            computer_moves(slot)
        return game_json(gid, slot, player, names_of(store))


@me.get("", summary="Your display name", responses=answered(Name, {}), response_model=None)
def who(request: Request) -> dict[str, Any]:
    """The player's display name (null until he gives one)."""
    return {"name": _db(request).name(_player(request))}


@me.put(
    "",
    summary="Set your display name",
    responses=answered(
        Name,
        errors({413: TOO_LARGE, 422: f"{BAD_INPUT}; `bad_name`: too long, or a seat's own name"}),
    ),
    response_model=None,
)
def rename(body: PlayerName, request: Request) -> dict[str, Any]:
    """Set the name shown for you in rooms (an empty name removes it)."""
    try:
        name = clean_name(body.name)
    except ValueError as err:
        raise ApiError(422, "bad_name", str(err)) from None
    _db(request).set_name(_player(request), name)
    return {"name": name}


@me.get(
    "/games",
    summary="Your unfinished games",
    responses=answered(OpenGames, {}),
    response_model=None,
)
def my_games(request: Request) -> dict[str, Any]:
    """The games you hold a seat at that are not over, the latest played first: game,
    deal, when last played, whether it is a room and who holds the other seats."""
    return {"games": [g.to_json() for g in _db(request).unfinished(_player(request))]}


@me.get(
    "/stats",
    summary="Your statistics",
    responses=answered(Statistics, {}),
    response_model=None,
)
def statistics(request: Request) -> dict[str, Any]:
    """Per game: played, won, win percentage, current and best streaks, and the
    results in order (for the chart)."""
    player = _player(request)
    db = _db(request)
    return {"name": db.name(player), "games": [g.to_json() for g in db.stats(player)]}


@me.post(
    "/stats/reset",
    summary="Erase your statistics",
    responses=answered(
        Erased,
        errors(
            {413: TOO_LARGE, 422: f"{BAD_INPUT}; `not_confirmed`: send `confirm: true` to erase"}
        ),
    ),
    response_model=None,
)
def reset(body: ResetStats, request: Request) -> dict[str, Any]:
    """Erase your statistics, once you confirm (``{"confirm": true}``)."""
    if not body.confirm:
        raise ApiError(422, "not_confirmed", "send confirm: true to erase your statistics")
    erased = _db(request).reset(_player(request))
    return {"erased": erased, **statistics(request)}
