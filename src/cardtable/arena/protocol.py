"""The bot protocol, version 1: JSON lines over a bot program's stdin and stdout.

Both sides use :func:`check_message` to validate what they receive; see
``docs/bot-protocol.md`` for the full description and an example exchange.

>>> check_message('{"type": "action", "id": 3, "action": "QS"}', sender="bot")
{'type': 'action', 'id': 3, 'action': 'QS'}
>>> try:
...     check_message('{"type": "action", "id": "3"}', sender="bot")
... except ProtocolError as error:
...     print(error)
'action' message: field 'id' must be an integer, got '3'
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.game import JSONDict
from cardtable.game import kind as game_kind

__all__ = [
    "PROTOCOL_VERSION",
    "ProtocolError",
    "check_message",
    "encode",
    "observation_from_dict",
]

PROTOCOL_VERSION = 1

_INT = "an integer"
_STR = "a string"
_OBJ = "an object"
_SEAT_OBS = {"observation": _OBJ}

# message type -> {field: expected kind}; a leading "?" marks an optional field (which
# may also be null). An ``action`` message without its action is valid protocol, and
# the arena records it as a ``missing`` answer.
_ARENA_MESSAGES: dict[str, dict[str, str]] = {
    "start": {
        "protocol": _INT,
        "game": _STR,
        "rules": _OBJ,
        "seat": _INT,
        "players": _INT,
        "seed": _INT,
        "time_control": _OBJ,
    },
    "round_start": _SEAT_OBS,
    "act": {"id": _INT, "observation": _OBJ},
    "trick": _SEAT_OBS,
    "round_end": _SEAT_OBS,
    "game_end": {"observation": _OBJ, "scores": "a list"},
    "quit": {},
}
_BOT_MESSAGES: dict[str, dict[str, str]] = {
    "ready": {"protocol": _INT, "?name": _STR},
    "action": {"id": _INT, "?action": _STR},
    "error": {"message": _STR},
}


class ProtocolError(ValueError):
    """A line that is not a valid protocol message; the message says what was expected."""


def _kind_ok(value: Any, kind: str) -> bool:
    if kind == _INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == _STR:
        return isinstance(value, str)
    if kind == _OBJ:
        return isinstance(value, dict)
    return isinstance(value, list)


def check_message(line: str | bytes, sender: str) -> JSONDict:
    """Parse and validate one line sent by ``sender`` (``"arena"`` or ``"bot"``).

    Returns the message; raises :class:`ProtocolError` naming the problem. Unknown
    extra fields are allowed (for later versions); unknown types are not.
    """
    try:
        message = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ProtocolError(f"not a JSON line: {error}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"a message must be a JSON object, got {type(message).__name__}")
    table = _ARENA_MESSAGES if sender == "arena" else _BOT_MESSAGES
    kind = message.get("type")
    if kind not in table:
        allowed = ", ".join(repr(t) for t in table)
        raise ProtocolError(f"unknown message type {kind!r} from the {sender}: allowed {allowed}")
    for name, expected in table[kind].items():
        optional = name.startswith("?")
        name = name.lstrip("?")
        if name not in message:
            if optional:
                continue
            raise ProtocolError(f"{kind!r} message: missing field {name!r}")
        value = message[name]
        if optional and value is None:
            continue
        if not _kind_ok(value, expected):
            raise ProtocolError(
                f"{kind!r} message: field {name!r} must be {expected}, got {value!r}"
            )
    return message


def encode(message: JSONDict) -> str:
    """One protocol line (compact JSON and a newline)."""
    return json.dumps(message, separators=(",", ":")) + "\n"


def observation_from_dict(game: str, data: JSONDict) -> Any:
    """Rebuild a game's ``Observation`` from its ``to_dict()`` data (the game kind's
    ``observation_from_dict``).

    This is how a built-in bot run behind the protocol sees exactly what it would see
    in-process:

    >>> from cardtable import kraken
    >>> obs = kraken.Round.new(kraken.Rules(), 0, 5).observation(1)
    >>> observation_from_dict("kraken", obs.to_dict()) == obs
    True
    """
    try:
        found = game_kind(game)
    except ValueError as error:
        raise ProtocolError(str(error)) from None
    return found.observation_from_dict(data)
