"""Fuzzing a real server: random frames on one authenticated table socket (Hypothesis),
random first frames on new sockets, and every HTTP operation of the OpenAPI schema
(Schemathesis). Nothing may crash the server, answer ``internal`` or a 5xx, or close a
socket except in the documented cases: a frame over uvicorn's size limit (1009), a
text frame that is not UTF-8 (1007), more than ``MAX_REFUSALS`` malformed messages (1008),
and a first message that is not a valid ``auth``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from cardtable.server.app import create_app
from cardtable.server.config import Settings
from cardtable.server.protocol import (
    ERROR_CODES,
    ActionMessage,
    AuthMessage,
    ChatMessage,
    PingMessage,
    ProtocolError,
    parse_client_message,
)
from cardtable.server.sockets import MAX_REFUSALS
from tests.server.helpers import TIMEOUT
from tests.server.live import LiveServer, live_server, seed_where_first

WS_MAX_SIZE = 64 * 1024
"""uvicorn's frame size limit in the tests (:class:`LiveServer`)."""
MAX_MESSAGE = Settings().max_message_bytes

FUZZ = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# -- frames ----------------------------------------------------------------------------------

SURROGATES = st.sampled_from(["\ud800", "a\udfffb", "\udc80"])
TEXT = st.one_of(st.text(max_size=80), SURROGATES)
JSON: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats()  # NaN and infinities too: Python's JSON writes and reads them
    | TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=20,
)
ACTIONS = st.sampled_from(
    ["pass", "contra", "trump C", "trump H", "play AS", "play 7D", "buyback", "PLAY as", ""]
)
IDS = st.one_of(st.from_regex(r"[A-Za-z0-9_.:-]{1,70}", fullmatch=True), TEXT)
FIELDS: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "action": {"id": IDS, "action": st.one_of(ACTIONS, TEXT)},
    "chat": {"text": st.one_of(TEXT, st.just("well played"))},
    "auth": {"token": TEXT, "invite": TEXT},
    "ping": {},
    "sync": {},
}


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    """A message of a known type whose fields are right, missing, or of any type, with
    any version and sometimes an unknown field."""
    kind = draw(st.sampled_from(sorted(FIELDS)))
    message: dict[str, Any] = {"type": kind}
    for name, good in FIELDS[kind].items():
        choice = draw(st.sampled_from(["good", "good", "wrong", "missing"]))
        if choice == "good":
            message[name] = draw(good)
        elif choice == "wrong":
            message[name] = draw(JSON)
    version = draw(st.sampled_from(["absent", "absent", "one", "any"]))
    if version == "one":
        message["v"] = 1
    elif version == "any":
        message["v"] = draw(JSON)
    if draw(st.integers(0, 9)) == 0:
        message[draw(TEXT)] = draw(JSON)
    if draw(st.integers(0, 9)) == 0:
        message["type"] = draw(JSON)
    return message


@dataclass(frozen=True)
class Frame:
    """What one WebSocket frame carries, and whether it is sent as text."""

    data: str | bytes
    text: bool

    def __repr__(self) -> str:
        shown = self.data if len(self.data) < 200 else self.data[:200]
        return f"Frame({shown!r}{'...' if len(self.data) >= 200 else ''}, text={self.text})"


def _text(data: str) -> Frame:
    return Frame(data, True)


def _nested(depth: int, opener: str, closer: str, closed: bool) -> str:
    return opener * depth + ("1" + closer * depth if closed else "")


FRAMES: st.SearchStrategy[Frame] = st.one_of(
    st.builds(lambda m: _text(json.dumps(m)), messages()),
    st.builds(lambda m: Frame(json.dumps(m).encode(), False), messages()),
    st.builds(lambda v: _text(json.dumps(v)), JSON),
    st.builds(_text, st.text(max_size=300)),
    # huge: over the message limit, sometimes over uvicorn's frame limit
    st.builds(
        lambda n, chat: _text(json.dumps({"type": "chat", "text": "x" * n}) if chat else "y" * n),
        st.integers(MAX_MESSAGE - 50, WS_MAX_SIZE + 100),
        st.booleans(),
    ),
    # deep
    st.builds(
        lambda depth, brackets, closed: _text(
            _nested(depth, "[", "]", closed) if brackets else _nested(depth, '{"a":', "}", closed)
        ),
        st.integers(1, 3000),
        st.booleans(),
        st.booleans(),
    ),
    # random ids and versions on a plausible action
    st.builds(
        lambda i, a, v: _text(json.dumps({"type": "action", "id": i, "action": a, "v": v})),
        IDS,
        ACTIONS,
        st.integers(-(2**70), 2**70),
    ),
    # random bytes: as a binary frame, and as a text frame (maybe not UTF-8)
    st.builds(lambda b: Frame(b, False), st.binary(max_size=3000)),
    st.builds(lambda b: Frame(b, True), st.binary(max_size=300)),
)


# -- the oracle ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    """What the server must do with a frame: close the socket with ``close`` code, or
    answer with one of ``replies`` (a message type, or ``error:CODE``; ``error:*`` is
    any refusal of the game) and say whether it counts as a malformed message."""

    close: int | None = None
    replies: frozenset[str] = frozenset()
    refusal: bool = False


GAME_REFUSALS = frozenset(
    {
        "error:not_started",
        "error:not_your_turn",
        "error:illegal_action",
        "error:id_reused",
        "error:game_over",
        "error:conflict",
    }
)


def expected(frame: Frame) -> Expected:
    """The server's documented answer to ``frame`` on an authenticated socket."""
    data = frame.data
    size = len(data.encode() if isinstance(data, str) else data)
    if size > WS_MAX_SIZE:
        return Expected(close=1009)
    if frame.text and isinstance(data, bytes):
        try:
            data = data.decode()
        except UnicodeDecodeError:
            return Expected(close=1007)
    if len(data) > MAX_MESSAGE:
        return Expected(replies=frozenset({"error:too_large"}), refusal=True)
    try:
        message = parse_client_message(data)
    except ProtocolError as error:
        return Expected(replies=frozenset({f"error:{error.code}"}), refusal=True)
    if isinstance(message, ActionMessage):
        return Expected(replies=GAME_REFUSALS | {"ack"})
    if isinstance(message, ChatMessage):
        return Expected(replies=frozenset({"chat", "error:bad_message"}))
    if isinstance(message, PingMessage):
        return Expected(replies=frozenset({"pong"}))
    return Expected(replies=frozenset({"state"}))  # sync, or auth again


BROADCASTS = frozenset({"update", "seat", "state", "chat"})
"""What the table may send meanwhile, whatever the frame was."""


def _check_error(message: dict[str, Any]) -> None:
    assert message["code"] in ERROR_CODES and message["code"] != "internal", message
    assert message["message"] and "Traceback" not in message["message"], message


class Player:
    """Alice's socket at her table, opened again when the server closed it in one of
    the documented cases."""

    def __init__(self, server: LiveServer, table_id: str, token: str) -> None:
        self.server, self.table_id, self.token = server, table_id, token
        self.ws = self._open()
        self.refusals = 0
        self.closes: dict[int, int] = {}

    def _open(self) -> ClientConnection:
        ws = connect(
            f"{self.server.ws}/ws/tables/{self.table_id}",
            open_timeout=TIMEOUT,
            max_size=2**22,
        )
        ws.send(json.dumps({"type": "auth", "token": self.token}))
        assert self._next(ws)["type"] == "state"
        return ws

    @staticmethod
    def _next(ws: ClientConnection) -> dict[str, Any]:
        raw = ws.recv(timeout=TIMEOUT)
        assert isinstance(raw, str)
        message: dict[str, Any] = json.loads(raw)
        assert message.get("v") == 1, message
        return message

    def check(self, frame: Frame) -> None:
        """Send ``frame``, then a ``ping``; everything up to the ``pong`` must be the
        frame's documented answer, or what the table broadcasts anyway."""
        expect = expected(frame)
        if expect.refusal:
            self.refusals += 1
        self.ws.send(frame.data, text=frame.text)
        if expect.close is not None:
            self._closed(expect.close)
            return
        if expect.refusal and self.refusals > MAX_REFUSALS:  # documented: closed
            message = self._next(self.ws)
            while message["type"] in BROADCASTS:
                message = self._next(self.ws)
            assert f"error:{message.get('code')}" in expect.replies, (frame, message)
            self._closed(1008)  # a policy violation, with a reason
            return
        self.ws.send(json.dumps({"type": "ping"}))
        pongs = 2 if expect.replies == {"pong"} else 1
        answered = False
        while pongs:
            message = self._next(self.ws)
            kind = message["type"]
            if kind == "error":
                _check_error(message)
                kind = f"error:{message['code']}"
            if not answered and kind in expect.replies:
                answered = True
            else:
                assert kind in BROADCASTS | {"pong"}, (frame, message)
            if message["type"] == "pong":
                pongs -= 1
        assert answered, (frame, expect)

    def _closed(self, code: int) -> None:
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                message = self._next(self.ws)
                assert message["type"] in BROADCASTS | {"error"}, message
                if message["type"] == "error":
                    _check_error(message)
        received = closed.value.rcvd
        assert received is not None and received.code == code, (closed.value, code)
        self.closes[code] = self.closes.get(code, 0) + 1
        self.ws = self._open()
        self.refusals = 0


def _guest(server: LiveServer, name: str) -> dict[str, Any]:
    reply = httpx.post(f"{server.http}/api/guest", json={"name": name}, timeout=TIMEOUT)
    reply.raise_for_status()
    body: dict[str, Any] = reply.json()
    return body


def _post(server: LiveServer, token: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    reply = httpx.post(
        f"{server.http}{path}",
        json=body,
        headers={"Authorization": f"Bearer {token}"},
        timeout=TIMEOUT,
    )
    assert reply.status_code == 200, reply.text
    result: dict[str, Any] = reply.json()
    return result


def _still_serves(server: LiveServer, table_id: str) -> None:
    """A new guest can watch the table: a ``state`` first, then ``pong`` for ``ping``."""
    token = _guest(server, "Late")["token"]
    with connect(f"{server.ws}/ws/tables/{table_id}", open_timeout=TIMEOUT) as ws:
        ws.send(json.dumps({"type": "auth", "token": token}))
        assert json.loads(ws.recv(timeout=TIMEOUT))["type"] == "state"
        ws.send(json.dumps({"type": "ping"}))
        while json.loads(ws.recv(timeout=TIMEOUT))["type"] != "pong":
            pass
    assert httpx.get(f"{server.http}/api/health", timeout=TIMEOUT).json()["ok"] is True


# -- the socket fuzz -----------------------------------------------------------------------------


def test_random_frames_on_a_players_socket(tmp_path: Path) -> None:
    with live_server(tmp_path) as server:
        alice = _guest(server, "Alice")
        created = _post(
            server,
            alice["token"],
            "/api/tables",
            {
                "game": "kraken",
                "rules": {"rounds": 1},
                "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 3,
                "public": True,
            },
        )
        table_id = created["table"]["id"]
        player = Player(server, table_id, alice["token"])
        _post(
            server,
            alice["token"],
            f"/api/tables/{table_id}/start",
            {"seed": seed_where_first(0, {"rounds": 1})},
        )

        @FUZZ
        @given(frame=FRAMES)
        def check(frame: Frame) -> None:
            player.check(frame)

        try:
            check()
            # the documented closes happened, and the socket came back each time
            player.check(_text("[" * 1500 + "]" * 1500))
            player.check(Frame(b"\xff\xfe", True))
            player.check(_text("x" * (WS_MAX_SIZE + 1)))
            assert player.closes.get(1007) and player.closes.get(1009)
            for _ in range(MAX_REFUSALS + 1):
                player.check(_text("not json"))
            assert player.closes.get(1008)
        finally:
            player.ws.close()
        _still_serves(server, table_id)


FIRST_FRAMES = st.one_of(
    FRAMES,
    st.builds(
        lambda token, invite: _text(json.dumps({"type": "auth", "token": token, "invite": invite})),
        st.one_of(st.none(), TEXT),
        st.one_of(st.none(), TEXT),
    ),
)


def test_random_first_frames_on_new_sockets(tmp_path: Path) -> None:
    with live_server(tmp_path) as server:
        alice = _guest(server, "Alice")
        created = _post(server, alice["token"], "/api/tables", {"game": "kraken", "public": True})
        table_id = created["table"]["id"]
        url = f"{server.ws}/ws/tables/{table_id}"
        valid = {"type": "auth", "token": alice["token"]}

        @settings(FUZZ, max_examples=60)
        @given(frame=FIRST_FRAMES)
        def check(frame: Frame) -> None:
            with connect(url, open_timeout=TIMEOUT) as ws:
                ws.send(frame.data, text=frame.text)
                try:
                    message = json.loads(ws.recv(timeout=TIMEOUT))
                except ConnectionClosed as refused:  # by the WebSocket layer
                    assert refused.rcvd is not None and refused.rcvd.code in (1007, 1009)
                    return
                if message["type"] == "state":  # a valid auth message, for this table
                    parsed = parse_client_message(frame.data)
                    assert isinstance(parsed, AuthMessage)
                    return
                assert message["type"] == "error", message
                _check_error(message)
                with pytest.raises(ConnectionClosed) as closed:
                    ws.recv(timeout=TIMEOUT)
                assert closed.value.rcvd is not None and closed.value.rcvd.code >= 4000

        check()
        with connect(url, open_timeout=TIMEOUT) as ws:  # the right one still works
            ws.send(json.dumps(valid))
            assert json.loads(ws.recv(timeout=TIMEOUT))["seat"] == 0
        _still_serves(server, table_id)


# -- the HTTP API from its OpenAPI schema ----------------------------------------------------------

SCHEMA = schemathesis.openapi.from_dict(create_app(Settings()).openapi())
OPERATIONS = [result.ok().label for result in SCHEMA.get_all_operations() if isinstance(result, Ok)]


@dataclass
class ApiWorld:
    """A server with something in it: a table (and its invite), a finished game and a
    bot account, all the owner's."""

    server: LiveServer
    ids: dict[str, str]
    invite: str
    owner: str
    """The session of the owner of everything."""

    def session(self, label: str) -> str:
        """The owner's session, or a new guest's for logging out."""
        if label == "POST /api/logout":
            token: str = _guest(self.server, "Fuzz")["token"]
            return token
        return self.owner


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ApiWorld]:
    with live_server(tmp_path_factory.mktemp("api")) as server:
        owner = httpx.post(
            f"{server.http}/api/register",
            json={"username": "owner", "password": "owner-pass-1"},
            timeout=TIMEOUT,
        ).json()
        token = owner["token"]
        bot = _post(server, token, "/api/bots", {"name": "Fuzzbot"})["bot"]
        finished = _post(
            server,
            token,
            "/api/tables",
            {
                "game": "kraken",
                "rules": {"rounds": 1},
                "seats": [{"kind": "bot", "level": "random"}] * 4,
                "public": True,
            },
        )
        with connect(
            f"{server.ws}/ws/tables/{finished['table']['id']}", open_timeout=TIMEOUT
        ) as ws:
            ws.send(json.dumps({"type": "auth", "token": token}))
            game_id = _post(server, token, f"/api/tables/{finished['table']['id']}/start", {})
            while True:  # until the bots have finished the game
                message = json.loads(ws.recv(timeout=TIMEOUT))
                if any(e["type"] == "game_over" for e in message.get("events", [])):
                    break
        table = _post(
            server,
            token,
            "/api/tables",
            {"game": "kraken", "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3},
        )
        ids = {
            "table_id": table["table"]["id"],
            "game_id": game_id["table"]["game_id"],
            "bot_id": bot["id"],
            "player_id": owner["user"]["id"],
        }
        yield ApiWorld(server, ids, table["invite"], token)


@pytest.mark.parametrize("label", OPERATIONS)
def test_no_http_operation_fails_on_the_server(world: ApiWorld, label: str) -> None:
    operation = SCHEMA.find_operation_by_label(label)
    assert operation is not None
    known = {k: v for k, v in world.ids.items() if "{" + k + "}" in operation.path}
    strategies = [
        operation.as_strategy(),
        operation.as_strategy(generation_mode=GenerationMode.NEGATIVE),
    ]
    if known:
        strategies.append(operation.as_strategy(path_parameters=known))
    headers = {"Authorization": f"Bearer {world.session(label)}", "X-Invite": world.invite}
    http = requests.Session()

    @settings(FUZZ, max_examples=25, suppress_health_check=list(HealthCheck))
    @given(case=st.one_of(strategies))
    def check(case: Any) -> None:
        response = case.call(base_url=world.server.http, session=http, headers=headers)
        case.validate_response(response, checks=[not_a_server_error])

    try:
        check()
    finally:
        http.close()
    reply = httpx.get(f"{world.server.http}/api/health", timeout=TIMEOUT)
    assert reply.status_code == 200
