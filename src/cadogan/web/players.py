"""Players without sign-up: a random token in a cookie names each browser.

:class:`PlayerCookie` reads the ``cadogan_player`` cookie of every request and
WebSocket; a browser that has none is given a new token with its first answer (an
HTTP response, or the WebSocket handshake's).  The
token is the player's only key (to his seats, games and statistics), so the cookie is
HttpOnly and SameSite=Lax, and the token never appears in any answer.
"""

from __future__ import annotations

import re
import secrets
from http.cookies import SimpleCookie

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "cadogan_player"
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
MAX_AGE = 5 * 365 * 24 * 3600
MAX_NAME = 32


def read_token(scope: Scope) -> str | None:
    """The player's token from the request's cookies, if it is well formed."""
    for key, value in scope.get("headers", ()):
        if key != b"cookie":
            continue
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(value.decode("latin-1"))
        except Exception:  # a malformed cookie header names nobody
            continue
        morsel = jar.get(COOKIE)
        if morsel is not None and TOKEN.match(morsel.value):
            return morsel.value
    return None


class PlayerCookie:
    """ASGI middleware putting the player's token in ``scope["state"]["player"]``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        token = read_token(scope)
        fresh = token is None
        if token is None:
            token = secrets.token_urlsafe(18)
        scope.setdefault("state", {})["player"] = token
        if not fresh:
            await self.app(scope, receive, send)
            return
        cookie = f"{COOKIE}={token}; Path=/; Max-Age={MAX_AGE}; HttpOnly; SameSite=Lax"

        async def send_with_cookie(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.accept"):
                headers = list(message.get("headers", []))
                headers.append((b"set-cookie", cookie.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def player_of(conn: HTTPConnection) -> str | None:
    """The token of the player making this request or WebSocket (None if he has none)."""
    token = conn.scope.get("state", {}).get("player")
    return token if isinstance(token, str) else None


SEAT_NAME = re.compile(r"(?i)(player\s*\d+|(the\s+)?computer)")


def clean_name(text: str) -> str | None:
    """A display name made safe to show: spaces collapsed, no control characters;
    None for an empty name (which removes it).  Raises ValueError when too long, or
    when it is a name the room gives a seat itself ("player 2", "the computer"), which
    would make the other player take a person for the computer or for another seat."""
    name = " ".join("".join(ch for ch in text if ch.isprintable()).split())
    if len(name) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    if SEAT_NAME.fullmatch(name):
        raise ValueError(f"{name!r} is how the room names a seat; choose another name")
    return name or None
