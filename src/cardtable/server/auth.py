"""Who is asking: the session token of a request or socket (``Authorization: Bearer``
or the session cookie, never the URL), the user behind it, the client's address, and
the invite a reader of a private table sends (the ``X-Invite`` header)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from cardtable.server.store import UserRow

if TYPE_CHECKING:
    from cardtable.server.service import Service

__all__ = [
    "COOKIE",
    "INVITE_HEADER",
    "CurrentUser",
    "OptionalUser",
    "client_address",
    "current_user",
    "invite_of",
    "optional_user",
    "request_token",
    "service_of",
]

COOKIE = "cardtable_session"
"""The session cookie's name (a bearer token works too)."""

INVITE_HEADER = "x-invite"
"""The header that carries a private table's invite on reads (never the URL)."""


def request_token(connection: HTTPConnection) -> str | None:
    """The session token of a request or socket: ``Authorization: Bearer`` or the
    cookie. Never the URL: a token there would end up in logs and browser history."""
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return connection.cookies.get(COOKIE)


def client_address(connection: HTTPConnection) -> str:
    """The client's address (uvicorn has already replaced it by the forwarded one
    when the request came through a trusted proxy)."""
    client = connection.client
    return client.host if client else "unknown"


def invite_of(request: Request) -> str | None:
    """The invite a reader of a private table sent."""
    return request.headers.get(INVITE_HEADER) or None


def service_of(request: Request) -> Service:
    """The service of the application serving ``request``."""
    result: Service = request.app.state.service
    return result


async def current_user(request: Request) -> UserRow:
    """The user of the request's session; ``unauthorized`` without one."""
    return await service_of(request).accounts.authenticate(request_token(request))


async def optional_user(request: Request) -> UserRow | None:
    """The user of the request's session, or None for an anonymous reader."""
    return await service_of(request).accounts.maybe_user(request_token(request))


CurrentUser = Annotated[UserRow, Depends(current_user)]
OptionalUser = Annotated[UserRow | None, Depends(optional_user)]
