"""The wire protocol in one place: the version, the client messages (validated with
pydantic, parsed with bounded size and depth), the server messages, and the error
codes.

Every server message carries ``"v": PROTOCOL_VERSION``; :func:`json_schema` is the
versioned JSON schema published in ``docs/server-protocol.md``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

__all__ = [
    "ERROR_CODES",
    "MAX_DEPTH",
    "PROTOCOL_VERSION",
    "ActionMessage",
    "AuthMessage",
    "ChatMessage",
    "ClientMessage",
    "PingMessage",
    "ProtocolError",
    "ServerError",
    "SyncMessage",
    "ack_message",
    "chat_message",
    "dumps",
    "error_message",
    "json_schema",
    "parse_client_message",
    "seat_message",
]

PROTOCOL_VERSION = 1
"""The version of the WebSocket protocol (``"v"`` in every server message)."""

MAX_DEPTH = 4
"""The deepest nesting of arrays and objects a client message may have (the
protocol's messages are flat objects)."""

ERROR_CODES: dict[str, str] = {
    "bad_json": "the message is not a JSON object",
    "bad_message": "the message does not match the schema (the text says which field)",
    "unknown_type": "the message type is not one of auth, action, chat, ping, sync",
    "unsupported_version": "the message's protocol version is not supported",
    "too_large": "the message (or request body) is larger than the server accepts",
    "rate_limited": "too many requests or messages: this one was refused",
    "unauthorized": "no valid session or bot token",
    "forbidden": "not allowed (a private table without its invite, not the owner, ...)",
    "not_found": "no such table or game (or one you may not see)",
    "not_seated": "spectators cannot act",
    "not_started": "the table's game has not started",
    "not_your_turn": "another seat is to move",
    "illegal_action": "the engine refused the action; the text names the rule",
    "id_reused": "the action id was already used by this seat for another move",
    "game_over": "the game is over",
    "conflict": "another move was made first; the client's view is refreshed",
    "internal": "the server failed; nothing was applied",
    "bad_request": "an HTTP request with bad fields",
    "seat_taken": "the seat is not open",
    "table_full": "no open seat",
    "already_seated": "the user already has a seat at this table",
    "seats_open": "a game cannot start before every seat is taken",
    "game_in_progress": "a game is already being played at this table",
    "no_game": "there is no game in play to abort",
    "abort_refused": "a rated game is aborted only before its first move or while it waits "
    "for another player",
    "too_many_tables": "the user owns as many open tables as allowed",
    "one_seat_rated": "one person may control only one seat of a rated game",
    "bad_name": "the name is empty, has control or direction characters, or imitates a bot",
    "username_taken": "the username belongs to another account",
    "bad_credentials": "unknown username or wrong password",
    "round_in_progress": "a round's analysis is served once the round is over",
    "chat_off": "the table's owner turned the spectators' chat off",
    "account_needed": "only an account (not a guest or a bot) keeps score sheets on the server",
    "bad_sheet": "the score sheet is refused by the rules (the text says what and where)",
    "too_many_sheets": "the account keeps as many score sheets as allowed",
    "table_closed": "the owner closed the table",
    "not_in_play": "no game is being played at this table (resign, abort)",
    "game_not_over": "a rematch is proposed once the last game is over",
    "no_proposal": "there is no such proposal to decline",
    "not_idle": "the seat is not a player's to move, or not idle long enough to claim",
}
"""Every error code the server sends, with its meaning."""


class ProtocolError(Exception):
    """A client message refused before it reaches the game: ``code`` and message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ServerError(Exception):
    """A refusal with a stable ``code``, a human ``message``, an HTTP status and
    ``details`` a client renders in its own words (``{"seat": 2}``: seats count
    from 0, as everywhere in the protocol)."""

    def __init__(
        self, code: str, message: str, status: int = 400, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.details = details


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1] = 1


class AuthMessage(_Message):
    """The first message of every socket: who the client is (``token``, unless the
    session cookie or an ``Authorization`` header says it) and the table's
    ``invite`` for a private table's spectator. Credentials never go in the URL."""

    type: Literal["auth"]
    token: str | None = Field(default=None, min_length=1, max_length=128)
    invite: str | None = Field(default=None, min_length=1, max_length=64)


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


AnyClientMessage = AuthMessage | ActionMessage | ChatMessage | PingMessage | SyncMessage
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
_ADAPTER: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)
_TYPES = ("auth", "action", "chat", "ping", "sync")


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in the JSON text ``text``, brackets
    inside strings not counted; computed without parsing, so that a hostile frame
    of nested brackets is refused before any recursion.

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}'), nesting_depth("[" * 1500)
    (3, 1500)
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse_client_message(raw: str | bytes) -> AnyClientMessage:
    """Validate one client message; raises :class:`ProtocolError` with its code.

    >>> parse_client_message('{"type": "ping"}').type
    'ping'
    >>> parse_client_message("[" * 1500 + "]" * 1500)
    Traceback (most recent call last):
    ...
    cardtable.server.protocol.ProtocolError: messages may nest at most 4 levels deep
    """
    try:
        text = raw.decode() if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ProtocolError("bad_json", "the message is not valid UTF-8 JSON") from None
    if nesting_depth(text) > MAX_DEPTH:
        raise ProtocolError("bad_message", f"messages may nest at most {MAX_DEPTH} levels deep")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
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


# -- server messages ------------------------------------------------------------------


def dumps(message: dict[str, Any]) -> str:
    """Compact JSON (UTF-8 text, by orjson: every observation of every update is
    encoded, so this is a hot path), as every message is sent.

    >>> dumps({"type": "chat", "text": "Zoë"})
    '{"type":"chat","text":"Zoë"}'
    """
    return orjson.dumps(message).decode()


def error_message(code: str, message: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    """An ``error`` message (with the refusal's ``details`` when it has any)."""
    out: dict[str, Any] = {"v": PROTOCOL_VERSION, "type": "error", "code": code, "message": message}
    if details:
        out["details"] = details
    return out


def ack_message(
    action_id: str, version: int, duplicate: bool, action: str | None = None
) -> dict[str, Any]:
    """The ``ack`` of an action: the version it produced, whether it was a resend,
    and its canonical text."""
    message: dict[str, Any] = {
        "v": PROTOCOL_VERSION,
        "type": "ack",
        "id": action_id,
        "version": version,
        "duplicate": duplicate,
    }
    if action is not None:
        message["action"] = action
    return message


def state_message(
    table: dict[str, Any],
    seat: int | None,
    version: int,
    to_move: int | None,
    deadline: float | None,
    observation: dict[str, Any] | None,
    result: dict[str, Any] | None,
    chat: list[dict[str, Any]] | None = None,
    kept: int | None = None,
    clock: dict[str, Any] | None = None,
    view: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The full ``state`` of a table for one client (its seat's observation only, or a
    spectator's public ``view`` of the game; the chat lines of its room, the empty seat
    kept for it by name, and the game clock's times)."""
    message: dict[str, Any] = {
        "v": PROTOCOL_VERSION,
        "type": "state",
        "table": table,
        "seat": seat,
        "game_id": table["game_id"],
        "version": version,
        "to_move": to_move,
        "deadline": deadline,
        "observation": observation,
        "chat": chat or [],
        "kept": kept,
        "clock": clock,
    }
    if result is not None:
        message["result"] = result
    if view is not None:
        message["view"] = view
    return message


def update_head(
    game_id: str | None,
    version: int,
    to_move: int | None,
    deadline: float | None,
    events: list[dict[str, Any]],
    clock: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The public part of an ``update`` (each seat's copy adds its observation)."""
    return {
        "v": PROTOCOL_VERSION,
        "type": "update",
        "game_id": game_id,
        "version": version,
        "to_move": to_move,
        "deadline": deadline,
        "events": events,
        "clock": clock,
    }


def seat_message(seat: int, controller: str, table: dict[str, Any]) -> dict[str, Any]:
    """A ``seat`` message: who controls ``seat`` now (``bot`` or ``player``)."""
    return {
        "v": PROTOCOL_VERSION,
        "type": "seat",
        "seat": seat,
        "controller": controller,
        "table": table,
    }


def chat_message(
    line_id: int, user_id: str, name: str, seat: int | None, text: str, channel: str
) -> dict[str, Any]:
    """A ``chat`` line said in ``channel`` (``players`` or ``spectators``); ``id``
    orders the lines of a table (a line in a ``state`` and again in a ``chat`` is one
    line)."""
    return {
        "v": PROTOCOL_VERSION,
        "type": "chat",
        "id": line_id,
        "channel": channel,
        "from": {"user_id": user_id, "name": name, "seat": seat},
        "text": text,
    }


def pong_message() -> dict[str, Any]:
    """The answer to a ``ping``."""
    return {"v": PROTOCOL_VERSION, "type": "pong"}
