"""The FastAPI application behind ``cadogan serve``.

``create_app`` builds a fresh application with its own bounded store of games, so
tests can make as many as they like.  The page is static (``static/``): HTML, CSS and
JavaScript modules with no build step.  The JSON API is documented at ``/docs``.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cadogan.web import api_games, api_play, api_rooms, solver, ws
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


DESCRIPTION = (
    "The server is the only judge of the rules: send move texts from a game's "
    "legal-move list; every answer is the player's view, in which a face-down "
    'card is written "??". Errors are `{"error": sentence, "kind": word}`. '
    "A browser is a player, known by its `cadogan_player` cookie (given with the first "
    "answer): only the holder of a game's seat may act at it. Games live, for players "
    "and watchers, over the WebSocket `/ws/games/{id}` (not listed below): the server "
    'sends `{"type": "state", "game": ..., "event": ...}` after every change and '
    'takes `{"type": "move", "move": text}`, `undo`, `redo`, `restart`, `autoplay`, '
    '`name`, `state` and `ping`; refusals come back as `{"type": "error", ...}`.'
)


def create_app(
    db_path: str | None = None,
    *,
    capacity: int = 1000,
    room_capacity: int = 200,
    idle_seconds: float = 6 * 3600,
    max_body: int = MAX_BODY,
    solve_seconds: float = 10.0,
    solver_runs: int | None = None,
    ws_limits: ws.Limits | None = None,
) -> FastAPI:
    """A new server.  With ``db_path`` (an SQLite file) every game is written as it is
    played and comes back after a restart; without it, games live in memory only.

    ``capacity`` and ``room_capacity`` bound the games and rooms live in memory (the
    least recently used idle ones go to storage), ``idle_seconds`` sends a game left
    alone to storage, ``solver_runs`` bounds the hints and verdicts computed at once
    (one a core by default), and ``ws_limits`` bounds the WebSockets.
    """
    app = FastAPI(
        title="cadogan",
        summary="Lady Cadogan's games of patience, and Travellers, played over HTTP.",
        description=DESCRIPTION,
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
    app.state.solvers = solver.Solvers(solver_runs)
    install_handlers(app)
    _routes(app)
    app.add_middleware(BodyLimit, limit=max_body)
    app.add_middleware(PlayerCookie)
    app.add_middleware(SecurityHeaders)
    return app


def _routes(app: FastAPI) -> None:
    """The API, the WebSocket, the static files and the page."""
    for router in (api_games.router, api_play.router, api_rooms.rooms, api_rooms.me, ws.router):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def index(request: Request) -> Response:
        """The page; 304 when the browser's copy is current (it asks every time)."""
        page = FileResponse(STATIC / "index.html", stat_result=(STATIC / "index.html").stat())
        etag = page.headers["etag"]
        if etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers={"etag": etag})
        return page


class SecurityHeaders:
    """ASGI middleware adding the security headers (a plain ASGI class: cheaper than
    Starlette's BaseHTTPMiddleware on every request), and ``Cache-Control: no-cache``
    on the page and its files: without it a browser may keep an old page or module
    for a while by its own rule after the server is upgraded; with it, it asks each
    time, and the ETag makes the answer a short 304 when nothing changed."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        extra = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
        if path == "/" or path.startswith("/static/"):
            extra.append((b"content-security-policy", CSP.encode()))
            extra.append((b"cache-control", b"no-cache"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
