"""People: guests, accounts, sessions (with their cookies), the caller's profile
and bot accounts."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from cardtable.server.auth import COOKIE, CurrentUser, client_address, request_token, service_of
from cardtable.server.devices import DEVICE_COOKIE, DEVICE_LIFETIME
from cardtable.server.schemas import (
    ERRORS,
    BotIn,
    BotOut,
    BotsOut,
    GuestIn,
    LoginIn,
    NameIn,
    OkOut,
    PasswordIn,
    RegisterIn,
    RemoveIn,
    SessionOut,
    UpgradeIn,
    UserOut,
    UserReply,
)
from cardtable.server.store import UserRow

__all__ = ["router", "user_out"]

router = APIRouter(tags=["people"], responses=ERRORS)


def user_out(user: UserRow) -> UserOut:
    """How ``user`` is shown."""
    return UserOut.model_validate(
        {"id": user.id, "name": user.name, "kind": user.kind, "username": user.username}
    )


def _secure(request: Request) -> bool:
    return service_of(request).settings.secure_cookies or request.url.scheme == "https"


async def _signed_in(
    request: Request, user: UserRow, token: str, device: bool = False
) -> JSONResponse:
    """The new session's reply with its cookie (HttpOnly, SameSite=Lax), and with
    ``device`` a device cookie that remembers this device for the account."""
    body = SessionOut(token=token, user=user_out(user))
    response = JSONResponse(body.model_dump(mode="json"))
    response.set_cookie(
        COOKIE,
        token,
        httponly=True,
        samesite="lax",
        secure=_secure(request),
        max_age=int(service_of(request).settings.session_lifetime),
    )
    if device:
        response.set_cookie(
            DEVICE_COOKIE,
            await service_of(request).accounts.device_cookie(user),
            max_age=DEVICE_LIFETIME,
            path="/api/login",
            httponly=True,
            samesite="strict",
            secure=_secure(request),
        )
    return response


def _signed_out() -> JSONResponse:
    response = JSONResponse(OkOut().model_dump())
    response.delete_cookie(COOKIE, httponly=True, samesite="lax")
    return response


@router.post("/api/guest", response_model=SessionOut)
async def guest(body: GuestIn, request: Request) -> JSONResponse:
    """A new guest and its session."""
    user, token = await service_of(request).accounts.guest(body.name, client_address(request))
    return await _signed_in(request, user, token)


@router.post("/api/register", response_model=SessionOut)
async def register(body: RegisterIn, request: Request) -> JSONResponse:
    """A new account and its session."""
    user, token = await service_of(request).accounts.register(
        body.username, body.password, body.name, client_address(request)
    )
    return await _signed_in(request, user, token, device=True)


@router.post("/api/login", response_model=SessionOut)
async def login(body: LoginIn, request: Request) -> JSONResponse:
    """A new session for an account (the one the client had ends)."""
    user, token = await service_of(request).accounts.login(
        body.username,
        body.password,
        client_address(request),
        request_token(request),
        request.cookies.get(DEVICE_COOKIE),
    )
    return await _signed_in(request, user, token, device=True)


@router.post("/api/logout", response_model=OkOut)
async def logout(request: Request) -> JSONResponse:
    """End the caller's session and its sockets."""
    await service_of(request).accounts.logout(request_token(request))
    return _signed_out()


@router.delete("/api/me", response_model=OkOut)
async def remove_me(
    request: Request, user: CurrentUser, body: RemoveIn | None = None
) -> JSONResponse:
    """Remove the caller (an account proves its password) and its bots for good."""
    password = body.password if body else None
    await service_of(request).accounts.remove(user, password, client_address(request))
    return _signed_out()


@router.get("/api/me")
async def me(user: CurrentUser) -> UserOut:
    """Who the caller is."""
    return user_out(user)


@router.post("/api/me/name")
async def rename(body: NameIn, request: Request, user: CurrentUser) -> UserReply:
    """A new name for the caller."""
    return UserReply(user=user_out(await service_of(request).accounts.rename(user, body.name)))


@router.post("/api/me/password", response_model=SessionOut)
async def change_password(body: PasswordIn, request: Request, user: CurrentUser) -> JSONResponse:
    """A new password; every other session of the account ends."""
    user, token = await service_of(request).accounts.change_password(
        user, body.current, body.password, client_address(request)
    )
    return await _signed_in(request, user, token, device=True)


@router.post("/api/me/upgrade", response_model=SessionOut)
async def upgrade(body: UpgradeIn, request: Request, user: CurrentUser) -> JSONResponse:
    """The calling guest becomes an account, keeping its id."""
    user, token = await service_of(request).accounts.upgrade(
        user, body.username, body.password, client_address(request)
    )
    return await _signed_in(request, user, token, device=True)


@router.post("/api/bots")
async def create_bot(body: BotIn, request: Request, user: CurrentUser) -> BotOut:
    """A new bot account of the caller's, and its token."""
    bot, token = await service_of(request).accounts.create_bot(user, body.name)
    return BotOut(bot=user_out(bot), token=token)


@router.get("/api/bots")
async def bots(request: Request, user: CurrentUser) -> BotsOut:
    """The caller's bot accounts."""
    return BotsOut(bots=[user_out(bot) for bot in await service_of(request).accounts.bots(user)])


@router.post("/api/bots/{bot_id}/token")
async def bot_token(bot_id: str, request: Request, user: CurrentUser) -> BotOut:
    """A new token for one of the caller's bots (the old ones stop working)."""
    bot, token = await service_of(request).accounts.new_bot_token(user, bot_id)
    return BotOut(bot=user_out(bot), token=token)
