"""Clear JSON errors for every bad request, and a cap on request bodies.

Every error the API returns is ``{"error": sentence, "kind": word}`` with a 4xx code,
so the page can show the sentence and a program can test the kind.  The server never
answers a bad request with a traceback, and keeps running.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cadogan.core import BadOption, BadRecord, CadoganError, IllegalMove, UnknownGame
from cadogan.record import ReplayError


class ErrorOut(BaseModel):
    """The body of every error answer (for /docs: the handlers below build it)."""

    error: str = Field(description="What went wrong, in a sentence for the player.")
    kind: str = Field(description="What went wrong, in one word for a program to test.")


# The errors an answer may be, by status, in the words /docs shows for each route.
BAD_INPUT = "`invalid` or `bad_json`: the request does not fit the schema"
TOO_LARGE = "`too_large`: the request body is over the server's limit"
FULL = "`server_full`: every place for a game is taken by one in use; try later"
UNKNOWN_GAME = "`unknown_game`: no game has this id or alias"
UNKNOWN_ID = "`unknown_id`: no game has this id (it may have expired)"
NOT_YOURS = "`not_yours`: you hold no seat at this game (you may watch it)"
STORAGE = (
    "`storage_unavailable`: the server's database is busy (another program holds it) or "
    "failing; nothing was changed: try again shortly"
)
log = logging.getLogger("cadogan.web")


ERROR_JSON = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}


def errors(described: dict[int, str], text_route: bool = False) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route: each status it may answer, with the error body
    and the kinds it carries (a 422 replaces FastAPI's own validation schema, which
    the server never sends).  A route answering text (``text_route``) still errs in
    JSON: its errors name the schema rather than take the route's media type."""
    if text_route:
        return {s: {"description": t, "content": ERROR_JSON} for s, t in described.items()}
    return {s: {"model": ErrorOut, "description": t} for s, t in described.items()}


def starting_errors(bad_input: str) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route that starts a game (alone, from a record, or in a
    room): an unknown game, a body too large, bad input (``bad_input`` names the
    route's own 422 kinds) and a full server."""
    described = {404: UNKNOWN_GAME, 413: TOO_LARGE, 422: f"{BAD_INPUT}; {bad_input}", 503: FULL}
    return errors(described)


class ApiError(Exception):
    """An error with its HTTP status, kind and sentence."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status, self.kind, self.message = status, kind, message


class StorageUnavailable(ApiError):
    """The database could not be read or written in time (another connection holds
    its lock past the busy timeout, or the disk fails).  Whatever the request would
    have changed has been taken back (:meth:`cadogan.web.store.GameStore.changing`),
    so the game in memory stays the game on disk."""

    def __init__(self, err: sqlite3.Error) -> None:
        super().__init__(
            503,
            "storage_unavailable",
            "the server's storage is busy or failing, so nothing was changed: try again shortly",
        )
        log.warning("storage unavailable: %s", err)


def error_response(status: int, kind: str, message: str) -> JSONResponse:
    """The one shape of every error answer."""
    return JSONResponse({"error": message, "kind": kind}, status_code=status)


def from_cadogan(err: CadoganError) -> ApiError:
    """Map the core's errors to HTTP: illegal moves 409, unknown games 404, bad input 422
    (a record whose move the rules refuse is a bad record, as /docs says, not a bad
    request)."""
    if isinstance(err, IllegalMove):
        return ApiError(409, "illegal_move", err.reason)
    if isinstance(err, UnknownGame):
        return ApiError(404, "unknown_game", str(err))
    if isinstance(err, BadOption):
        return ApiError(422, "bad_option", str(err))
    if isinstance(err, (BadRecord, ReplayError)):
        return ApiError(422, "bad_record", str(err))
    return ApiError(422, "bad_request", str(err))


def _describe(errors: list[Any]) -> str:
    """One sentence out of pydantic's error list.  Bad JSON says where it broke: its
    location is a character offset, which read as a field name ("1: JSON decode
    error")."""
    for item in errors:
        if item.get("type") == "json_invalid":
            offsets = [p for p in item.get("loc", ()) if isinstance(p, int)]
            at = f" at character {offsets[0]}" if offsets else ""
            reason = item.get("ctx", {}).get("error", "it cannot be read")
            return f"the request body is not valid JSON: {reason}{at}"
    parts = []
    for item in errors[:3]:
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body")
        parts.append(f"{where}: {item.get('msg', 'invalid')}" if where else item.get("msg", ""))
    return "invalid request: " + "; ".join(parts)


def install_handlers(app: FastAPI) -> None:
    """Turn every error into the JSON shape above."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, err: ApiError) -> JSONResponse:
        return error_response(err.status, err.kind, err.message)

    @app.exception_handler(CadoganError)
    async def cadogan_error(request: Request, err: CadoganError) -> JSONResponse:
        mapped = from_cadogan(err)
        return error_response(mapped.status, mapped.kind, mapped.message)

    @app.exception_handler(sqlite3.Error)
    async def storage_error(request: Request, err: sqlite3.Error) -> JSONResponse:
        mapped = StorageUnavailable(err)  # a read past the store (names, statistics)
        return error_response(mapped.status, mapped.kind, mapped.message)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, err: RequestValidationError) -> JSONResponse:
        errors = list(err.errors())
        kind = "bad_json" if any(e.get("type") == "json_invalid" for e in errors) else "invalid"
        return error_response(422, kind, _describe(errors))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, err: StarletteHTTPException) -> JSONResponse:
        unreadable = unreadable_body(err)
        if unreadable is not None:
            return error_response(422, "bad_json", unreadable)
        kind = "not_found" if err.status_code == 404 else "http"
        return error_response(err.status_code, kind, str(err.detail))


def unreadable_body(err: StarletteHTTPException) -> str | None:
    """Why a JSON body could not be read, when FastAPI gave up for a reason other than
    its syntax (else None).  FastAPI then raises a bare 400 carrying the parser's
    exception as its cause: nesting past Python's recursion limit, bytes that are not
    UTF-8 (a compressed or Latin-1 body), a number of more digits than Python converts.
    Each is bad JSON for the client as much as a syntax error is, so it gets the same
    422 ``bad_json`` (the WebSocket's messages already did), with the reason."""
    cause = err.__cause__
    if err.status_code != 400 or cause is None:
        return None
    if isinstance(cause, RecursionError):
        reason = "it is nested too deeply"
    elif isinstance(cause, UnicodeError):
        reason = "it is not UTF-8 text (compressed bodies are not accepted)"
    elif isinstance(cause, ValueError) and "digits" in str(cause):
        reason = "a number in it has too many digits"
    else:
        reason = "it could not be decoded"
    return f"the request body is not JSON that can be read: {reason}"


class BodyLimit:
    """ASGI middleware refusing request bodies over ``limit`` bytes with a 413.

    It checks the declared Content-Length first, then reads the body itself (counting
    what actually arrives, so a chunked upload cannot slip past) and hands the
    application a replay of it.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = message.get("more_body", False)
            if size > self.limit:
                await self._refuse(send)
                return
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {"error": f"the request body is larger than {self.limit} bytes", "kind": "too_large"}
        ).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})
