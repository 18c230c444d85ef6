"""Ending a session ends its sockets: a table socket opened before a logout, a
password change or a bot token's replacement is closed with code 4401 (and reads
nothing more), while other people's sockets stay open."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.helpers import TIMEOUT, run
from tests.server.live import Api, LiveServer, Socket, close_all, guests, live_server, log_in

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}


async def _closed_with(sock: Socket) -> int | None:
    """Read until the server closes ``sock``; its close code."""
    with pytest.raises(ConnectionClosed):
        async with asyncio.timeout(TIMEOUT):
            while True:
                await sock.recv()
    return sock.ws.close_code


async def _table(api: Api, seats: list[dict[str, str]]) -> str:
    created = await api.post("/api/tables", {"game": "kraken", "seats": seats, "public": True})
    table_id: str = created["table"]["id"]
    return table_id


async def _open(server: LiveServer, table_id: str, token: str) -> Socket:
    sock = await Socket.open(server.ws, table_id, token)
    await sock.until("state")
    return sock


def test_logging_out_closes_the_sessions_sockets(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob = await guests(server, "Alice", "Bob")
            table_id = await _table(alice, [HUMAN, RANDOM, RANDOM, RANDOM])
            await alice.post(f"/api/tables/{table_id}/start", {})
            mine = await _open(server, table_id, alice.token)
            watching = await _open(server, table_id, bob.token)
            await alice.post("/api/logout")
            assert await _closed_with(mine) == 4401
            # the old token opens no socket again; Bob's socket was not touched
            again = await Socket.open(server.ws, table_id, alice.token)
            assert await _closed_with(again) == 4401
            await watching.send({"type": "ping"})
            assert (await watching.until("pong"))["type"] == "pong"
            await close_all(watching, alice, bob)

    run(main)


def test_a_password_change_closes_every_socket_of_the_account(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            first = await Api.account(server.http, "marit", "kraken-nat-8")
            second = Api.of(server.http, await log_in(server.http, "marit", "kraken-nat-8"))
            (bob,) = await guests(server, "Bob")
            table_id = await _table(first, [HUMAN, HUMAN, RANDOM, RANDOM])
            await bob.post(f"/api/tables/{table_id}/join", {"seat": 1})
            phone = await _open(server, table_id, first.token)
            laptop = await _open(server, table_id, second.token)
            others = await _open(server, table_id, bob.token)
            changed = await first.client.post(
                "/api/me/password", json={"current": "kraken-nat-8", "password": "new-pass-99"}
            )
            assert changed.status_code == 200
            assert await _closed_with(phone) == 4401
            assert await _closed_with(laptop) == 4401
            # the new session connects; Bob's socket stays open
            renewed = await _open(server, table_id, changed.json()["token"])
            await others.send({"type": "ping"})
            assert (await others.until("pong"))["type"] == "pong"
            await close_all(renewed, others, first, second, bob)

    run(main)


def test_a_new_bot_token_closes_the_bots_sockets(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            owner = await Api.account(server.http, "ownr", "kraken-nat-8")
            made = await owner.post("/api/bots", {"name": "Helper"})
            table_id = await _table(owner, [HUMAN, RANDOM, RANDOM, RANDOM])
            sock = await _open(server, table_id, made["token"])
            await owner.post(f"/api/bots/{made['bot']['id']}/token")
            assert await _closed_with(sock) == 4401
            await owner.close()

    run(main)
