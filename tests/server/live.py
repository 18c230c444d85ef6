"""A real server on a loopback port (uvicorn in a thread) and WebSocket/HTTP clients
for the tests."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from cardtable.server import games
from cardtable.server.app import create_app
from tests.server.helpers import TIMEOUT, settings

T = TypeVar("T")


class LiveServer:
    """uvicorn serving the app on 127.0.0.1 in a background thread."""

    def __init__(
        self,
        tmp: Path,
        app: Any = None,
        uvicorn_options: dict[str, Any] | None = None,
        **changes: Any,
    ) -> None:
        """A server of ``create_app`` with the test settings changed by ``changes`` (or
        of ``app`` as given), uvicorn configured with ``uvicorn_options`` too."""
        self.app = app if app is not None else create_app(settings(tmp, **changes))
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        options: dict[str, Any] = {"log_level": "warning", "ws_max_size": 64 * 1024}
        config = uvicorn.Config(self.app, **{**options, **(uvicorn_options or {})})
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]})

    @property
    def http(self) -> str:
        """The base HTTP URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The base WebSocket URL."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start and wait until the server accepts connections."""
        self.thread.start()
        for _ in range(400):
            if self.server.started:
                return
            self.thread.join(0.025)
        raise RuntimeError("the test server did not start")

    async def on_server(self, fn: Callable[[], Awaitable[T]], timeout: float = TIMEOUT) -> T:
        """Run ``fn()`` on the server's event loop (in its thread), where the service
        lives, and return its result."""
        loop = self.server.servers[0].get_loop()
        future = asyncio.run_coroutine_threadsafe(_call(fn), loop)
        return await asyncio.wait_for(asyncio.wrap_future(future), timeout)

    def stop(self) -> None:
        """Stop the server and wait for its thread."""
        self.server.should_exit = True
        self.thread.join(15)
        self.sock.close()


async def _call(fn: Callable[[], Awaitable[T]]) -> T:
    return await fn()


@contextlib.contextmanager
def live_server(tmp: Path, **changes: Any) -> Iterator[LiveServer]:
    """A started :class:`LiveServer`, stopped afterwards (``changes`` as for it)."""
    server = LiveServer(tmp, **changes)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class Api:
    """A logged-in HTTP client."""

    def __init__(self, base: str, token: str, user: dict[str, Any]) -> None:
        self.base, self.token, self.user = base, token, user
        self.client = httpx.AsyncClient(
            base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=TIMEOUT
        )

    @classmethod
    async def guest(cls, base: str, name: str) -> Api:
        """A new guest."""
        async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as anonymous:
            reply = await anonymous.post("/api/guest", json={"name": name})
            reply.raise_for_status()
            body = reply.json()
        return cls(base, body["token"], body["user"])

    @classmethod
    async def account(
        cls, base: str, username: str, password: str = "pass-word-1", name: str | None = None
    ) -> Api:
        """A new account (registered), logged in."""
        async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as anonymous:
            reply = await anonymous.post(
                "/api/register", json={"username": username, "password": password, "name": name}
            )
            reply.raise_for_status()
            body = reply.json()
        return cls(base, body["token"], body["user"])

    @classmethod
    def of(cls, base: str, reply: httpx.Response) -> Api:
        """The client of the session a login (or password change) ``reply`` gave."""
        body = reply.json()
        return cls(base, body["token"], body["user"])

    async def post(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """POST and return the JSON body (raising on an error status)."""
        reply = await self.client.post(path, json=body or {})
        if reply.status_code >= 400:
            raise AssertionError(f"{path}: {reply.status_code} {reply.text}")
        result: dict[str, Any] = reply.json()
        return result

    async def get(self, path: str) -> dict[str, Any]:
        """GET and return the JSON body."""
        reply = await self.client.get(path)
        reply.raise_for_status()
        result: dict[str, Any] = reply.json()
        return result

    async def close(self) -> None:
        """Close the HTTP client."""
        await self.client.aclose()


async def log_in(base: str, username: str, password: str) -> httpx.Response:
    """``POST /api/login`` without a session, its reply as it came."""
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as anonymous:
        return await anonymous.post("/api/login", json={"username": username, "password": password})


def error_code(reply: httpx.Response) -> str:
    """The ``code`` of an HTTP error reply."""
    code: str = reply.json()["error"]["code"]
    return code


class Socket:
    """A table WebSocket that keeps every raw message it received."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.raw: list[str] = []

    @classmethod
    async def open(cls, base: str, table_id: str, token: str, invite: str | None = None) -> Socket:
        """Connect to a table's socket and authenticate with the first message."""
        url = f"{base}/ws/tables/{table_id}"
        ws = await connect(url, open_timeout=TIMEOUT, max_size=2**22)
        auth: dict[str, Any] = {"type": "auth", "token": token}
        if invite:
            auth["invite"] = invite
        await ws.send(json.dumps(auth))
        return cls(ws)

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message."""
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(raw, str)
        self.raw.append(raw)
        message: dict[str, Any] = json.loads(raw)
        return message

    async def until(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Read until a message of type ``kind``."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.recv(timeout)
                if message["type"] == kind:
                    return message

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict as JSON, a str as is)."""
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def close(self) -> None:
        """Close the socket."""
        await self.ws.close()


async def guests(server: LiveServer, *names: str) -> list[Api]:
    """A guest session for each name, made in order."""
    return [await Api.guest(server.http, name) for name in names]


async def two_people(server: LiveServer, rated: bool = True) -> tuple[Api, Api, Api, str]:
    """Alice's public one-round Kraken table with Bob at seat 1 (two random bots), and a
    stranger, Mallory."""
    alice, bob, mallory = await guests(server, "Alice", "Bob", "Mallory")
    human, bot = {"kind": "human"}, {"kind": "bot", "level": "random"}
    created = await alice.post(
        "/api/tables",
        {
            "game": "kraken",
            "rules": {"rounds": 1},
            "seats": [human, human, bot, bot],
            "public": True,
            "rated": rated,
        },
    )
    table_id: str = created["table"]["id"]
    await bob.post(f"/api/tables/{table_id}/join", {"seat": 1})
    return alice, bob, mallory, table_id


async def joined(server: LiveServer, table_id: str, api: Api) -> Socket:
    """``api``'s socket on a table, past its first state."""
    sock = await Socket.open(server.ws, table_id, api.token)
    await sock.until("state")
    return sock


async def all_joined(server: LiveServer, table_id: str, *apis: Api) -> list[Socket]:
    """A socket on a table for each of ``apis``: all opened first, then each read past
    its first state."""
    socks = [await Socket.open(server.ws, table_id, api.token) for api in apis]
    for sock in socks:
        await sock.until("state")
    return socks


async def close_all(*closables: Socket | Api) -> None:
    """Close sockets and HTTP clients, in the order given."""
    for closable in closables:
        await closable.close()


async def play_until_over(sock: Socket, seat: int, stop_at: int | None = None) -> dict[str, Any]:
    """Play ``seat`` (first legal action, ids ``seat-version``) until the game is over
    (or the version reaches ``stop_at``); returns the last update."""
    async with asyncio.timeout(120):
        while True:
            message = await sock.recv()
            if message["type"] not in ("update", "state"):
                continue
            if any(e["type"] == "game_over" for e in message.get("events", [])):
                return message
            if stop_at is not None and message["version"] >= stop_at:
                return message
            obs = message.get("observation")
            if obs and message["to_move"] == seat and obs["legal_actions"]:
                action = obs["legal_actions"][0]
                await sock.send(
                    {"type": "action", "id": f"{seat}-{message['version']}", "action": action}
                )


def seed_where_first(seat: int, rules: dict[str, Any] | None = None) -> int:
    """A Kraken seed whose deal (with ``rules``) gives ``seat`` the first move: the
    engine decides, so a test knows who moves first without waiting to see."""
    full = games.make_rules("kraken", None, rules)
    return next(s for s in range(1000) if games.new_game("kraken", full, s).to_move == seat)
