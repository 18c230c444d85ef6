"""The ASGI application: HTTP endpoints for people, tables and games, wrapped in the
security middleware, and the table socket (:mod:`cardtable.server.sockets`). See
``docs/server-protocol.md`` and, for the security model, ``docs/deploy.md``."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, field_validator

from cardtable.game import kind, kinds
from cardtable.server.auth import (
    COOKIE,
    CurrentUser,
    OptionalUser,
    client_address,
    invite_of,
    request_token,
    service_of,
)
from cardtable.server.bots import LEVELS, levels_for
from cardtable.server.config import Settings
from cardtable.server.devices import DEVICE_COOKIE, DEVICE_LIFETIME
from cardtable.server.protocol import PROTOCOL_VERSION, ServerError, json_schema
from cardtable.server.security import (
    BodyLimit,
    CrossSiteGuard,
    SecurityHeaders,
    install_log_redaction,
)
from cardtable.server.service import Service
from cardtable.server.sheets import mount_sheets
from cardtable.server.sockets import play_socket
from cardtable.server.store import UserRow
from cardtable.server.web import mount_web

__all__ = ["create_app"]

MAX_BODY = 64 * 1024
log = logging.getLogger("cardtable.server")


class GuestIn(BaseModel):
    """Play as a guest."""

    name: str = Field(min_length=1, max_length=40)


USERNAME = Field(min_length=3, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$")
PASSWORD = Field(min_length=8, max_length=200)


class RegisterIn(BaseModel):
    """Create an account."""

    username: str = USERNAME
    password: str = PASSWORD
    name: str | None = Field(default=None, min_length=1, max_length=40)


class UpgradeIn(BaseModel):
    """Make the calling guest an account (keeping its games and ratings)."""

    username: str = USERNAME
    password: str = PASSWORD


class NameIn(BaseModel):
    """A new name."""

    name: str = Field(min_length=1, max_length=40)


class PasswordIn(BaseModel):
    """A new password, with the current one."""

    current: str = Field(max_length=200)
    password: str = PASSWORD


class RemoveIn(BaseModel):
    """Remove one's account (an account proves its password; a guest sends ``{}``)."""

    password: str | None = Field(default=None, max_length=200)


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
    invite: bool = False
    """For a ``human`` seat: kept for whoever holds the table's invite."""
    player: str | None = Field(default=None, max_length=32)
    """For a ``human`` seat: kept for the account with this username."""


class BotIn(BaseModel):
    """A new bot account."""

    name: str = Field(min_length=1, max_length=40)


class TableIn(BaseModel):
    """A new table."""

    game: str = Field(max_length=32)
    """A registered game (``GET /api/kinds``)."""
    preset: str | None = Field(default=None, max_length=32)
    rules: dict[str, Any] | None = None
    seats: list[SeatIn] | None = Field(default=None, max_length=8)
    public: bool = False
    rated: bool = True
    """Whether the games change ratings; a casual table's do not (and may seat one
    person's bots beside them)."""
    turn_timer: float | None = Field(default=None, gt=0, le=3600)
    clock: dict[str, Any] | None = None
    """The game clock, ``{"initial": seconds, "increment": seconds}``
    (:func:`cardtable.server.gameclock.check_clock` says what is allowed)."""
    spectator_chat: Literal["apart", "off"] = "apart"
    """Spectators chat among themselves (never with the players), or not at all."""

    @field_validator("game")
    @classmethod
    def _known_game(cls, game: str) -> str:
        kind(game)  # ValueError lists the games
        return game


class JoinIn(BaseModel):
    """Take a seat."""

    seat: int | None = Field(default=None, ge=0, le=7)
    invite: str | None = Field(default=None, max_length=64)


class SeatChangeIn(BaseModel):
    """The owner's change of a seat: a bot (at ``level``) plays it, or it is open."""

    kind: str = Field(pattern=r"^(bot|open)$")
    level: str | None = Field(default=None, max_length=32)


class ClaimIn(BaseModel):
    """Let a bot play a long-idle player's seat."""

    seat: int = Field(ge=0, le=7)


class DeclineIn(BaseModel):
    """Turn down an open proposal."""

    proposal: str = Field(pattern=r"^(abort|rematch)$")


class StartIn(BaseModel):
    """Start (or rematch)."""

    seed: int | None = Field(default=None, ge=0, lt=2**62)


def _error(
    code: str, message: str, status: int, details: dict[str, Any] | None = None
) -> JSONResponse:
    error: dict[str, Any] = {"code": code, "message": message}
    if details:
        error["details"] = details
    return JSONResponse({"error": error}, status_code=status)


def _user(user: UserRow) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "kind": user.kind, "username": user.username}


def _session(user: UserRow, token: str) -> dict[str, Any]:
    return {"token": token, "user": _user(user)}


def kinds_view() -> dict[str, Any]:
    """What ``GET /api/kinds`` answers: every registered game with its rules schema
    (fields, defaults, presets: the lobby's rule editor reads it), its seats with the
    default rules, its scoring and the bot levels that play it; and every bot level."""
    out = []
    for name in kinds():
        k = kind(name)
        default = k.rules()
        out.append(
            {
                "name": k.name,
                "title": k.title,
                "seats": k.seats(default),
                "seat_names": list(k.seat_names(default)),
                "scoring": k.scoring,
                "rules": k.rules_schema(),
                "levels": levels_for(name),
            }
        )
    return {"kinds": out, "levels": list(LEVELS)}


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server application for ``settings`` (defaults: one node on SQLite)."""
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        install_log_redaction()
        service = Service(settings)
        await service.start()
        app.state.service = service
        try:
            yield
        finally:
            await service.close()

    app = FastAPI(title="cardtable", version=str(PROTOCOL_VERSION), lifespan=lifespan)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(CrossSiteGuard, allowed=settings.allowed_origins)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, error: ServerError) -> JSONResponse:
        response = _error(error.code, error.message, error.status, error.details)
        if error.status == 429:
            response.headers["Retry-After"] = str((error.details or {}).get("retry_after", 60))
        return response

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "bad request"}
        where = ".".join(str(p) for p in first["loc"][1:]) or "body"
        return _error("bad_request", f"{where}: {first['msg']}", 422)

    @app.exception_handler(Exception)
    async def internal(_request: Request, error: Exception) -> JSONResponse:
        log.exception("request failed", exc_info=error)
        return _error("internal", "the server failed; nothing was changed", 500)

    def with_cookie(request: Request, body: dict[str, Any]) -> JSONResponse:
        response = JSONResponse(body)
        response.set_cookie(
            COOKIE,
            body["token"],
            httponly=True,
            samesite="lax",
            secure=settings.secure_cookies or request.url.scheme == "https",
            max_age=int(settings.session_lifetime),
        )
        return response

    async def with_device(request: Request, response: JSONResponse, user: UserRow) -> JSONResponse:
        """``response`` remembering this device for the account ``user``."""
        response.set_cookie(
            DEVICE_COOKIE,
            await service_of(request).accounts.device_cookie(user),
            max_age=DEVICE_LIFETIME,
            path="/api/login",
            httponly=True,
            samesite="strict",
            secure=settings.secure_cookies or request.url.scheme == "https",
        )
        return response

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "protocol": PROTOCOL_VERSION}

    @app.get("/api/kinds")
    async def game_kinds() -> dict[str, Any]:
        return kinds_view()

    @app.get("/api/protocol/schema")
    async def schema() -> dict[str, Any]:
        return json_schema()

    @app.post("/api/guest")
    async def guest(body: GuestIn, request: Request) -> JSONResponse:
        user, token = await service_of(request).accounts.guest(body.name, client_address(request))
        return with_cookie(request, _session(user, token))

    @app.post("/api/register")
    async def register(body: RegisterIn, request: Request) -> JSONResponse:
        user, token = await service_of(request).accounts.register(
            body.username, body.password, body.name, client_address(request)
        )
        return await with_device(request, with_cookie(request, _session(user, token)), user)

    @app.post("/api/login")
    async def login(body: LoginIn, request: Request) -> JSONResponse:
        user, token = await service_of(request).accounts.login(
            body.username,
            body.password,
            client_address(request),
            request_token(request),
            request.cookies.get(DEVICE_COOKIE),
        )
        return await with_device(request, with_cookie(request, _session(user, token)), user)

    @app.post("/api/logout")
    async def logout(request: Request) -> JSONResponse:
        await service_of(request).accounts.logout(request_token(request))
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE, httponly=True, samesite="lax")
        return response

    @app.delete("/api/me")
    async def remove_me(
        request: Request, user: CurrentUser, body: RemoveIn | None = None
    ) -> JSONResponse:
        password = body.password if body else None
        await service_of(request).accounts.remove(user, password, client_address(request))
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE, httponly=True, samesite="lax")
        return response

    @app.get("/api/me")
    async def me(user: CurrentUser) -> dict[str, Any]:
        return _user(user)

    @app.post("/api/me/name")
    async def rename(body: NameIn, request: Request, user: CurrentUser) -> dict[str, Any]:
        return {"user": _user(await service_of(request).accounts.rename(user, body.name))}

    @app.post("/api/me/password")
    async def change_password(
        body: PasswordIn, request: Request, user: CurrentUser
    ) -> JSONResponse:
        user, token = await service_of(request).accounts.change_password(
            user, body.current, body.password, client_address(request)
        )
        return await with_device(request, with_cookie(request, _session(user, token)), user)

    @app.post("/api/me/upgrade")
    async def upgrade(body: UpgradeIn, request: Request, user: CurrentUser) -> JSONResponse:
        user, token = await service_of(request).accounts.upgrade(
            user, body.username, body.password, client_address(request)
        )
        return await with_device(request, with_cookie(request, _session(user, token)), user)

    @app.post("/api/tables")
    async def create_table(body: TableIn, request: Request, user: CurrentUser) -> dict[str, Any]:
        seats = None
        if body.seats is not None:
            seats = [
                {
                    "kind": s.kind,
                    **({"level": s.level} if s.level else {}),
                    **({"bot": s.bot} if s.bot else {}),
                    **({"invite": True} if s.invite else {}),
                    **({"player": s.player} if s.player else {}),
                }
                for s in body.seats
            ]
        view, invite = await service_of(request).tables.create_table(
            user,
            body.game,
            body.preset,
            body.rules,
            seats,
            body.public,
            body.turn_timer,
            body.rated,
            client_address(request),
            body.spectator_chat,
            body.clock,
        )
        return {
            "table": view,
            "invite": invite,
            "invite_url": f"/tables/{view['id']}#invite={invite}",
            "bot_tokens": view.pop("bot_tokens", {}),
        }

    @app.get("/api/tables")
    async def lobby(request: Request) -> dict[str, Any]:
        tables = service_of(request).tables
        return {"tables": await tables.lobby(), "live": await tables.lobby("playing")}

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, request: Request, user: OptionalUser) -> dict[str, Any]:
        tables = service_of(request).tables
        return {
            "table": tables.table_view(await tables.visible(table_id, user, invite_of(request)))
        }

    @app.post("/api/tables/{table_id}/join")
    async def join(
        table_id: str, body: JoinIn, request: Request, user: CurrentUser
    ) -> dict[str, Any]:
        view = await service_of(request).tables.join(user, table_id, body.seat, body.invite)
        return {"table": view}

    @app.post("/api/tables/{table_id}/start")
    async def start(
        table_id: str, body: StartIn, request: Request, user: CurrentUser
    ) -> dict[str, Any]:
        return {"table": await service_of(request).tables.start_game(user, table_id, body.seed)}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(
        table_id: str, body: StartIn, request: Request, user: CurrentUser
    ) -> dict[str, Any]:
        return {"table": await service_of(request).tables.rematch(user, table_id, body.seed)}

    @app.post("/api/tables/{table_id}/abort")
    async def abort(table_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        return {"table": await service_of(request).tables.abort(user, table_id)}

    @app.post("/api/tables/{table_id}/decline")
    async def decline(
        table_id: str, body: DeclineIn, request: Request, user: CurrentUser
    ) -> dict[str, Any]:
        return {"table": await service_of(request).tables.decline(user, table_id, body.proposal)}

    @app.post("/api/tables/{table_id}/resign")
    async def resign(table_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        return {"table": await service_of(request).tables.resign(user, table_id)}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        return {"table": await service_of(request).tables.leave(user, table_id)}

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def change_seat(
        table_id: str, seat: int, body: SeatChangeIn, request: Request, user: CurrentUser
    ) -> dict[str, Any]:
        tables = service_of(request).tables
        return {"table": await tables.set_seat(user, table_id, seat, body.kind, body.level)}

    @app.post("/api/tables/{table_id}/claim")
    async def claim(
        table_id: str, body: ClaimIn, request: Request, user: CurrentUser
    ) -> dict[str, Any]:
        return {"table": await service_of(request).tables.claim(user, table_id, body.seat)}

    @app.post("/api/tables/{table_id}/back")
    async def take_back(table_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        return {"table": await service_of(request).tables.take_back(user, table_id)}

    @app.delete("/api/tables/{table_id}")
    async def delete_table(table_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        await service_of(request).tables.close(user, table_id)
        return {"ok": True}

    @app.get("/api/games/{game_id}/record")
    async def record(
        game_id: str, request: Request, user: OptionalUser, download: bool = False
    ) -> JSONResponse:
        exported = await service_of(request).stats.export(game_id, user, invite_of(request))
        headers = {}
        if download:
            name = f"cardtable-{exported['record'].get('game', 'game')}-{game_id}.json"
            headers["Content-Disposition"] = f'attachment; filename="{name}"'
        return JSONResponse(exported, headers=headers)

    @app.post("/api/games/{game_id}/publish")
    async def publish(game_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        await service_of(request).stats.publish(user, game_id)
        return {"ok": True}

    @app.get("/api/games")
    async def finished_games(
        request: Request,
        player: str | None = Query(default=None, max_length=64),
        limit: int = Query(default=20, ge=1, le=100),
    ) -> dict[str, Any]:
        return {"games": await service_of(request).stats.finished_games(player, limit)}

    @app.get("/api/games/{game_id}/rounds/{index}/analysis")
    async def analysis(
        game_id: str, index: int, request: Request, user: OptionalUser
    ) -> dict[str, Any]:
        if not 0 <= index < 1000:
            raise ServerError("not_found", f"no round {index}", 404)
        return await service_of(request).stats.round_analysis(
            game_id, index, user, invite_of(request)
        )

    @app.get("/api/players/{player_id}")
    async def player(player_id: str, request: Request) -> dict[str, Any]:
        return await service_of(request).stats.player_profile(player_id)

    @app.get("/api/leaderboard")
    async def leaderboard(
        request: Request,
        game: str = Query(default="kraken", max_length=32),
        limit: int = Query(default=50, ge=1, le=500),
    ) -> dict[str, Any]:
        return await service_of(request).stats.leaderboard(game, limit)

    @app.get("/api/me/tables")
    async def my_tables(request: Request, user: CurrentUser) -> dict[str, Any]:
        return {"tables": await service_of(request).tables.my_tables(user)}

    @app.post("/api/bots")
    async def create_bot(body: BotIn, request: Request, user: CurrentUser) -> dict[str, Any]:
        bot, token = await service_of(request).accounts.create_bot(user, body.name)
        return {"bot": _user(bot), "token": token}

    @app.get("/api/bots")
    async def bots(request: Request, user: CurrentUser) -> dict[str, Any]:
        return {"bots": [_user(bot) for bot in await service_of(request).accounts.bots(user)]}

    @app.post("/api/bots/{bot_id}/token")
    async def bot_token(bot_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        bot, token = await service_of(request).accounts.new_bot_token(user, bot_id)
        return {"bot": _user(bot), "token": token}

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await play_socket(websocket, table_id, settings)

    mount_sheets(app)
    mount_web(app)  # the browser client; last, since it serves every other path
    return app
