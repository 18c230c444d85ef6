"""The WebSocket protocol's client messages, validated with pydantic, and the error
codes.

Every server message carries ``"v": PROTOCOL_VERSION``; :func:`json_schema` is the
versioned JSON schema published in ``docs/server-protocol.md``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from cardtable.server.service import PROTOCOL_VERSION

__all__ = [
    "ERROR_CODES",
    "ActionMessage",
    "ChatMessage",
    "ClientMessage",
    "PingMessage",
    "ProtocolError",
    "SyncMessage",
    "json_schema",
    "parse_client_message",
]

ERROR_CODES: dict[str, str] = {
    "bad_json": "the message is not a JSON object",
    "bad_message": "the message does not match the schema (the text says which field)",
    "unknown_type": "the message type is not one of action, chat, ping, sync",
    "unsupported_version": "the message's protocol version is not supported",
    "too_large": "the message is larger than the server accepts",
    "rate_limited": "too many messages: this one was dropped",
    "unauthorized": "no valid session or bot token",
    "forbidden": "not allowed (a private table without its invite, not the owner, ...)",
    "not_found": "no such table or game",
    "not_seated": "spectators cannot act",
    "not_started": "the table's game has not started",
    "not_your_turn": "another seat is to move",
    "illegal_action": "the engine refused the action; the text names the rule",
    "game_over": "the game is over",
    "conflict": "another move was made first; the client's view is refreshed",
    "internal": "the server failed; nothing was applied",
    "bad_request": "an HTTP request with bad fields",
    "seat_taken": "the seat is not open",
    "table_full": "no open seat",
    "already_seated": "the user already has a seat at this table",
    "seats_open": "a game cannot start before every human seat is taken",
    "game_in_progress": "a game is already being played at this table",
    "username_taken": "the username belongs to another account",
    "bad_credentials": "unknown username or wrong password",
    "round_in_progress": "a round's analysis is served once the round is over",
}
"""Every error code the server sends, with its meaning."""


class ProtocolError(Exception):
    """A client message refused before it reaches the game: ``code`` and message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1] = 1


class ActionMessage(_Message):
    """Take an action for the client's seat; ``id`` makes a resend harmless."""

    type: Literal["action"]
    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")
    action: str = Field(min_length=1, max_length=40)


class ChatMessage(_Message):
    """Say something to the table."""

    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=500)


class PingMessage(_Message):
    """Ask for a ``pong`` (keep-alive)."""

    type: Literal["ping"]


class SyncMessage(_Message):
    """Ask for a fresh ``state`` message."""

    type: Literal["sync"]


ClientMessage = Annotated[
    ActionMessage | ChatMessage | PingMessage | SyncMessage, Field(discriminator="type")
]
_ADAPTER: TypeAdapter[ActionMessage | ChatMessage | PingMessage | SyncMessage] = TypeAdapter(
    ClientMessage
)
_TYPES = ("action", "chat", "ping", "sync")


def parse_client_message(
    raw: str | bytes,
) -> ActionMessage | ChatMessage | PingMessage | SyncMessage:
    """Validate one client message; raises :class:`ProtocolError` with its code."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("bad_json", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "the message must be a JSON object")
    if data.get("v", PROTOCOL_VERSION) != PROTOCOL_VERSION:
        raise ProtocolError(
            "unsupported_version", f"this server speaks protocol version {PROTOCOL_VERSION}"
        )
    if data.get("type") not in _TYPES:
        raise ProtocolError("unknown_type", f"'type' must be one of {', '.join(_TYPES)}")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise ProtocolError("bad_message", f"{where}: {first['msg']}") from None


def json_schema() -> dict[str, Any]:
    """The JSON schema of client messages, with the protocol version."""
    schema = _ADAPTER.json_schema()
    schema["title"] = f"cardtable server protocol v{PROTOCOL_VERSION}: client messages"
    return schema
