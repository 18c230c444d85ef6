"""The ASGI application: HTTP endpoints for people and tables, and the WebSocket of a
table. See ``docs/server-protocol.md``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from cardtable.server.config import Settings
from cardtable.server.protocol import (
    ActionMessage,
    ChatMessage,
    PingMessage,
    ProtocolError,
    json_schema,
    parse_client_message,
)
from cardtable.server.service import PROTOCOL_VERSION, Client, ServerError, Service
from cardtable.server.store import UserRow
from cardtable.server.web import mount_web

__all__ = ["COOKIE", "create_app"]

COOKIE = "cardtable_session"
"""The session cookie's name (a bearer token works too)."""

MAX_BODY = 64 * 1024
log = logging.getLogger("cardtable.server")


class GuestIn(BaseModel):
    """Play as a guest."""

    name: str = Field(min_length=1, max_length=40)


class RegisterIn(BaseModel):
    """Create an account."""

    username: str = Field(min_length=3, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$")
    password: str = Field(min_length=8, max_length=200)
    name: str | None = Field(default=None, min_length=1, max_length=40)


class LoginIn(BaseModel):
    """Log in to an account."""

    username: str = Field(max_length=32)
    password: str = Field(max_length=200)


class SeatIn(BaseModel):
    """One seat of a new table."""

    kind: str = Field(default="human", pattern=r"^(human|bot|external)$")
    level: str | None = Field(default=None, max_length=32)
    bot: str | None = Field(default=None, max_length=32)
    """For an ``external`` seat: the id of the bot account that plays it."""


class BotIn(BaseModel):
    """A new bot account."""

    name: str = Field(min_length=1, max_length=40)


class TableIn(BaseModel):
    """A new table."""

    game: str = Field(pattern=r"^(kraken|gurka)$")
    preset: str | None = Field(default=None, max_length=32)
    rules: dict[str, Any] | None = None
    seats: list[SeatIn] | None = Field(default=None, max_length=8)
    public: bool = False
    turn_timer: float | None = Field(default=None, gt=0, le=3600)


class JoinIn(BaseModel):
    """Take a seat."""

    seat: int | None = Field(default=None, ge=0, le=7)
    invite: str | None = Field(default=None, max_length=64)


class StartIn(BaseModel):
    """Start (or rematch)."""

    seed: int | None = Field(default=None, ge=0, lt=2**62)


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _token(request: Request | WebSocket) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    if isinstance(request, WebSocket) and request.query_params.get("token"):
        return request.query_params.get("token")
    return request.cookies.get(COOKIE)


def _user(user: UserRow) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "kind": user.kind}


def _session(user: UserRow, token: str) -> dict[str, Any]:
    return {"token": token, "user": _user(user)}


def service_of(request: Request) -> Service:
    """The service of the application serving ``request``."""
    result: Service = request.app.state.service
    return result


async def current_user(request: Request) -> UserRow:
    """The user of the request's session (cookie or bearer token)."""
    return await service_of(request).authenticate(_token(request))


CurrentUser = Annotated[UserRow, Depends(current_user)]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server application for ``settings`` (defaults: one node on SQLite)."""
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service = Service(settings)
        await service.start()
        app.state.service = service
        try:
            yield
        finally:
            await service.close()

    app = FastAPI(title="cardtable", version=str(PROTOCOL_VERSION), lifespan=lifespan)

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, error: ServerError) -> JSONResponse:
        return _error(error.code, error.message, error.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "bad request"}
        where = ".".join(str(p) for p in first["loc"][1:]) or "body"
        return _error("bad_request", f"{where}: {first['msg']}", 422)

    @app.exception_handler(Exception)
    async def internal(_request: Request, error: Exception) -> JSONResponse:
        log.exception("request failed", exc_info=error)
        return _error("internal", "the server failed; nothing was changed", 500)

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return _error("too_large", f"request bodies are limited to {MAX_BODY} bytes", 413)
        response: Response = await call_next(request)
        return response

    def with_cookie(body: dict[str, Any]) -> JSONResponse:
        response = JSONResponse(body)
        response.set_cookie(
            COOKIE,
            body["token"],
            httponly=True,
            samesite="lax",
            secure=settings.secure_cookies,
            max_age=30 * 24 * 3600,
        )
        return response

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "protocol": PROTOCOL_VERSION}

    @app.get("/api/protocol/schema")
    async def schema() -> dict[str, Any]:
        return json_schema()

    @app.post("/api/guest")
    async def guest(body: GuestIn, request: Request) -> JSONResponse:
        user, token = await service_of(request).guest(body.name)
        return with_cookie(_session(user, token))

    @app.post("/api/register")
    async def register(body: RegisterIn, request: Request) -> JSONResponse:
        user, token = await service_of(request).register(body.username, body.password, body.name)
        return with_cookie(_session(user, token))

    @app.post("/api/login")
    async def login(body: LoginIn, request: Request) -> JSONResponse:
        user, token = await service_of(request).login(body.username, body.password)
        return with_cookie(_session(user, token))

    @app.get("/api/me")
    async def me(user: CurrentUser) -> dict[str, Any]:
        return {"id": user.id, "name": user.name, "kind": user.kind, "username": user.username}

    @app.post("/api/tables")
    async def create_table(body: TableIn, request: Request, user: CurrentUser) -> dict[str, Any]:
        seats = None
        if body.seats is not None:
            seats = [
                {
                    "kind": s.kind,
                    **({"level": s.level} if s.level else {}),
                    **({"bot": s.bot} if s.bot else {}),
                }
                for s in body.seats
            ]
        view, invite = await service_of(request).create_table(
            user, body.game, body.preset, body.rules, seats, body.public, body.turn_timer
        )
        return {
            "table": view,
            "invite": invite,
            "invite_url": f"/tables/{view['id']}?invite={invite}",
            "bot_tokens": view.pop("bot_tokens", {}),
        }

    @app.get("/api/tables")
    async def lobby(request: Request) -> dict[str, Any]:
        return {"tables": await service_of(request).lobby()}

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, request: Request) -> dict[str, Any]:
        service = service_of(request)
        return {"table": service.table_view(await service.runtime(table_id))}

    @app.post("/api/tables/{table_id}/join")
    async def join(
        table_id: str, body: JoinIn, request: Request, user: CurrentUser
    ) -> dict[str, Any]:
        view = await service_of(request).join(user, table_id, body.seat, body.invite)
        return {"table": view}

    @app.post("/api/tables/{table_id}/start")
    async def start(
        table_id: str, body: StartIn, request: Request, user: CurrentUser
    ) -> dict[str, Any]:
        return {"table": await service_of(request).start_game(user, table_id, body.seed)}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(
        table_id: str, body: StartIn, request: Request, user: CurrentUser
    ) -> dict[str, Any]:
        return {"table": await service_of(request).start_game(user, table_id, body.seed)}

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, request: Request, download: bool = False) -> JSONResponse:
        exported = await service_of(request).export(game_id)
        headers = {}
        if download:
            name = f"cardtable-{exported['record'].get('game', 'game')}-{game_id}.json"
            headers["Content-Disposition"] = f'attachment; filename="{name}"'
        return JSONResponse(exported, headers=headers)

    @app.get("/api/games")
    async def finished_games(
        request: Request,
        player: str | None = Query(default=None, max_length=64),
        limit: int = Query(default=20, ge=1, le=100),
    ) -> dict[str, Any]:
        return {"games": await service_of(request).finished_games(player, limit)}

    @app.get("/api/games/{game_id}/rounds/{index}/analysis")
    async def analysis(game_id: str, index: int, request: Request) -> dict[str, Any]:
        if not 0 <= index < 1000:
            raise ServerError("not_found", f"no round {index}", 404)
        return await service_of(request).round_analysis(game_id, index)

    @app.get("/api/players/{player_id}")
    async def player(player_id: str, request: Request) -> dict[str, Any]:
        return await service_of(request).player_profile(player_id)

    @app.get("/api/leaderboard")
    async def leaderboard(
        request: Request,
        game: str = Query(default="kraken", pattern=r"^(kraken|gurka)$"),
        limit: int = Query(default=50, ge=1, le=500),
    ) -> dict[str, Any]:
        return await service_of(request).leaderboard(game, limit)

    @app.get("/api/me/tables")
    async def my_tables(request: Request, user: CurrentUser) -> dict[str, Any]:
        return {"tables": await service_of(request).my_tables(user)}

    @app.post("/api/bots")
    async def create_bot(body: BotIn, request: Request, user: CurrentUser) -> dict[str, Any]:
        bot, token = await service_of(request).create_bot(user, body.name)
        return {"bot": _user(bot), "token": token}

    @app.get("/api/bots")
    async def bots(request: Request, user: CurrentUser) -> dict[str, Any]:
        return {"bots": [_user(bot) for bot in await service_of(request).bots(user)]}

    @app.post("/api/bots/{bot_id}/token")
    async def bot_token(bot_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        bot, token = await service_of(request).new_bot_token(user, bot_id)
        return {"bot": _user(bot), "token": token}

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await play_socket(websocket, table_id, settings)

    mount_web(app)  # the browser client; last, since it serves every other path
    return app


class _Bucket:
    """A token bucket: ``rate`` per second, at most ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


async def play_socket(websocket: WebSocket, table_id: str, settings: Settings) -> None:
    """Serve one table socket: authenticate, attach, then read client messages while a
    writer task sends the client's queue."""
    service: Service = websocket.app.state.service
    await websocket.accept()
    try:
        rt = await service.runtime(table_id)
        token = _token(websocket)
        try:
            user = await service.authenticate(token)
        except ServerError:
            found = await service.seat_token_user(rt, token)
            if found is None:
                raise
            user = found
        seat = rt.seat_of(user.id)
        if seat is None:
            await service.check_spectator(user, table_id, websocket.query_params.get("invite"))
    except ServerError as error:
        await websocket.send_json(error.to_dict())
        await websocket.close(code=4000 + min(error.status, 999))
        return
    client = Client(user.id, user.name, seat, asyncio.Queue(settings.send_queue))

    async def writer() -> None:
        while True:
            message = await client.queue.get()
            if message is None:
                break
            await websocket.send_text(message)
        with contextlib.suppress(Exception):
            await websocket.close(code=1008 if client.overflowed else 1000)

    await service.attach(rt, client)
    sender = asyncio.create_task(writer())
    bucket = _Bucket(settings.rate_per_second, settings.rate_burst)
    refused = 0
    try:
        while True:
            event = await websocket.receive()
            if event["type"] == "websocket.disconnect":
                break
            raw: str | bytes = event.get("text") or event.get("bytes") or b""
            try:
                if len(raw) > settings.max_message_bytes:
                    raise ProtocolError(
                        "too_large", f"messages are limited to {settings.max_message_bytes} bytes"
                    )
                if not bucket.take():
                    raise ProtocolError("rate_limited", "too many messages: slow down")
                message = parse_client_message(raw)
                if isinstance(message, ActionMessage):
                    client.send(await service.submit(rt, user.id, message.id, message.action))
                elif isinstance(message, ChatMessage):
                    await service.chat(rt, client, message.text)
                elif isinstance(message, PingMessage):
                    client.send({"v": PROTOCOL_VERSION, "type": "pong"})
                else:
                    async with rt.lock:
                        client.send(service.state_message(rt, client))
            except (ProtocolError, ServerError) as error:
                reply = {
                    "v": PROTOCOL_VERSION,
                    "type": "error",
                    "code": error.code,
                    "message": error.message,
                }
                if isinstance(error, ProtocolError):
                    refused += 1
                client.send(reply)
                if refused > 200:
                    break
    except WebSocketDisconnect:
        pass
    finally:
        await service.detach(rt, client)
        client.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(sender, 5)
