"""The FastAPI application behind ``cadogan serve``.

``create_app`` builds a fresh application with its own bounded store of games, so
tests can make as many as they like.  The page is static (``static/``): HTML, CSS and
JavaScript modules with no build step.  The JSON API is documented at ``/docs``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from cadogan.web import api_games, api_play, api_rooms, ws
from cadogan.web.errors import BodyLimit, install_handlers
from cadogan.web.persist import GameDB
from cadogan.web.players import PlayerCookie
from cadogan.web.store import GameStore

STATIC = Path(__file__).parent / "static"
MAX_BODY = 1_100_000
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


def create_app(
    db_path: str | None = None,
    *,
    capacity: int = 1000,
    room_capacity: int = 200,
    idle_seconds: float = 6 * 3600,
    max_body: int = MAX_BODY,
    solve_seconds: float = 10.0,
    ws_limits: ws.Limits | None = None,
) -> FastAPI:
    """A new server.  With ``db_path`` (an SQLite file) every game is written as it is
    played and comes back after a restart; without it, games live in memory only.

    ``capacity`` and ``room_capacity`` bound the games and rooms live in memory (the
    least recently used idle ones go to storage), ``idle_seconds`` sends a game left
    alone to storage, and ``ws_limits`` bounds the WebSockets.
    """
    app = FastAPI(
        title="cadogan",
        summary="Lady Cadogan's games of patience, and Travellers, played over HTTP.",
        description=(
            "The server is the only judge of the rules: send move texts from a game's "
            "legal-move list; every answer is the player's view, in which a face-down "
            'card is written "??". Errors are `{"error": sentence, "kind": word}`.'
        ),
        version="0.1.0",
    )
    db = GameDB(db_path)
    app.state.db = db
    app.state.store = GameStore(
        capacity=capacity, idle_seconds=idle_seconds, db=db, room_capacity=room_capacity
    )
    app.state.db_path = db_path
    app.state.ws_limits = ws_limits or ws.Limits()
    app.state.solve_seconds = solve_seconds
    install_handlers(app)
    app.include_router(api_games.router)
    app.include_router(api_play.router)
    app.include_router(api_rooms.rooms)
    app.include_router(api_rooms.me)
    app.include_router(ws.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.middleware("http")
    async def headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        path = request.url.path
        if path == "/" or path.startswith("/static/"):
            response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    app.add_middleware(BodyLimit, limit=max_body)
    app.add_middleware(PlayerCookie)
    return app
