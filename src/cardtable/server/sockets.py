"""The table socket: the ``Origin`` check before anything is sent, authentication by
the first message (or the session cookie or ``Authorization`` header, never the
URL), then a reader of client messages, rate limited per user and per address,
while a writer task sends the client's queue. Nothing a client sends can stop the
socket of another, nor this socket's own reader: every failure is answered with an
``error`` message."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from fastapi import WebSocket, WebSocketDisconnect

from cardtable.server.auth import client_address, request_token
from cardtable.server.config import Settings
from cardtable.server.policy import Command
from cardtable.server.protocol import (
    ActionMessage,
    AuthMessage,
    ChatMessage,
    PingMessage,
    ProtocolError,
    ServerError,
    error_message,
    parse_client_message,
    pong_message,
)
from cardtable.server.runtime import Client, Runtime
from cardtable.server.security import origin_allowed
from cardtable.server.service import Service
from cardtable.server.store import UserRow, hash_token

__all__ = ["AUTH_TIMEOUT", "play_socket"]

AUTH_TIMEOUT = 10.0
"""Seconds a new socket has to send its ``auth`` message."""

MAX_REFUSALS = 200
"""Malformed messages after which the socket is closed."""

log = logging.getLogger("cardtable.server")


async def play_socket(websocket: WebSocket, table_id: str, settings: Settings) -> None:
    """Serve one table socket from the handshake to the close."""
    if not origin_allowed(
        websocket.headers.get("origin"), websocket.headers.get("host"), settings.allowed_origins
    ):
        await websocket.close(code=4403)  # before accepting: the handshake gets a 403
        return
    service: Service = websocket.app.state.service
    await websocket.accept()
    try:
        rt, user, seat, session_token = await _authenticate(websocket, service, table_id)
    except (ServerError, ProtocolError) as error:
        status = error.status if isinstance(error, ServerError) else 400
        with contextlib.suppress(Exception):
            await websocket.send_json(error_message(error.code, error.message))
            await websocket.close(code=4000 + min(status, 999))
        return
    except WebSocketDisconnect:
        return
    client = Client(user.id, user.name, seat, asyncio.Queue(settings.send_queue))
    client.session = hash_token(session_token) if session_token else None
    rt = await service.play.attach(rt.id, client)
    if session_token and await service.accounts.maybe_user(session_token) is None:
        client.close(4401, "the session ended: log in again")  # a logout meanwhile

    async def writer() -> None:
        while True:
            message = await client.queue.get()
            if message is None:
                break
            await websocket.send_text(message)
        with contextlib.suppress(Exception):
            await websocket.close(code=client.close_code, reason=client.close_reason)

    sender = asyncio.create_task(writer())
    try:
        await _read(websocket, service, settings, rt, client)
    except WebSocketDisconnect:
        pass
    finally:
        await service.play.detach(rt, client)
        client.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(sender, 5)


async def _authenticate(
    websocket: WebSocket, service: Service, table_id: str
) -> tuple[Runtime, UserRow, int | None, str | None]:
    """Read the ``auth`` message and decide who the client is, what it may see, and
    the session token it authenticated with (None for a one-table token)."""
    if {"token", "invite"} & set(websocket.query_params):
        raise ServerError(
            "bad_request",
            "credentials never go in the URL: send them in the first message "
            '{"type": "auth", "token": ..., "invite": ...}',
        )
    try:
        event = await asyncio.wait_for(websocket.receive(), AUTH_TIMEOUT)
    except TimeoutError:
        raise ServerError(
            "unauthorized", f"send an auth message within {AUTH_TIMEOUT:g} s", 401
        ) from None
    if event["type"] == "websocket.disconnect":
        raise WebSocketDisconnect()
    raw = event.get("text") or event.get("bytes") or b""
    if len(raw) > service.settings.max_message_bytes:
        raise ProtocolError("too_large", "the auth message is too large")
    message = parse_client_message(raw)
    if not isinstance(message, AuthMessage):
        raise ProtocolError("bad_message", 'the first message must be {"type": "auth", ...}')
    token = message.token or request_token(websocket)
    unauthorized = ServerError("unauthorized", "a valid session or bot token is required", 401)
    user = await service.accounts.maybe_user(token)
    session_token = token if user is not None else None
    try:
        rt = await service.tables.runtime(table_id)
    except ServerError:
        if user is None:  # whether a table exists is told to known users only
            raise unauthorized from None
        raise
    if user is None:
        user = await service.tables.seat_token_user(rt, token)
    if user is None:
        raise unauthorized
    seat = rt.seat_of(user.id)
    if seat is None:
        service.tables.check(rt, user, Command.VIEW, message.invite)
    return rt, user, seat, session_token


async def _read(
    websocket: WebSocket, service: Service, settings: Settings, rt: Runtime, client: Client
) -> None:
    """Answer the client's messages until it leaves."""
    address = client_address(websocket)
    refused = 0
    while True:
        event = await websocket.receive()
        if event["type"] == "websocket.disconnect" or client.closing:
            return  # nothing more is read from a socket being closed (a logout)
        raw: str | bytes = event.get("text") or event.get("bytes") or b""
        try:
            if len(raw) > settings.max_message_bytes:
                raise ProtocolError(
                    "too_large", f"messages are limited to {settings.max_message_bytes} bytes"
                )
            try:
                await service.limits.hit("message", client.user_id)
                await service.limits.hit("message_address", address)
            except ServerError as flood:  # told once, then closed: never half-alive
                client.send(error_message(flood.code, flood.message, flood.details))
                client.close(1008, "message flood: " + flood.message)
                return
            message = parse_client_message(raw)
            if isinstance(message, ActionMessage):
                client.send(
                    await service.play.submit(rt, client.user_id, message.id, message.action)
                )
            elif isinstance(message, ChatMessage):
                await service.play.chat(rt, client, message.text)
            elif isinstance(message, PingMessage):
                client.send(pong_message())
            else:  # sync, or a repeated auth
                async with rt.lock:
                    client.send(service.play.state_message(rt, client))
        except (ProtocolError, ServerError) as error:
            details = error.details if isinstance(error, ServerError) else None
            client.send(error_message(error.code, error.message, details))
            if isinstance(error, ProtocolError):
                refused += 1
                if refused > MAX_REFUSALS:
                    client.close(1008, f"more than {MAX_REFUSALS} malformed messages")
                    return
        except Exception:
            log.exception("a socket message failed at table %s", rt.id)
            client.send(error_message("internal", "the server failed; nothing was applied"))
