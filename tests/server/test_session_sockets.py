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


def test_a_guest_that_becomes_an_account_has_its_guest_sockets_closed(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            (guest,) = await guests(server, "Gus")
            table_id = await _table(guest, [HUMAN, RANDOM, RANDOM, RANDOM])
            sock = await _open(server, table_id, guest.token)
            made = await guest.post(
                "/api/me/upgrade", {"username": "gus", "password": "long-enough"}
            )
            assert await _closed_with(sock) == 4401
            renewed = await _open(server, table_id, made["token"])
            assert renewed.ws.close_code is None
            await close_all(renewed, guest)

    run(main)


def test_removing_an_account_ends_everything_of_it(tmp_path: Path) -> None:
    """``DELETE /api/me``: a wrong password changes nothing; the right one closes the
    account's and its bot's sockets (4401), frees its seat, closes the table it owns,
    and the account cannot log in again; other people are not touched."""

    async def main() -> None:
        with live_server(tmp_path) as server:
            marit = await Api.account(server.http, "marit", "kraken-nat-8", "Marit")
            helper = await marit.post("/api/bots", {"name": "Marit's bot"})
            (bob,) = await guests(server, "Bob")
            owned = await _table(marit, [HUMAN, HUMAN, RANDOM, RANDOM])
            elsewhere = await _table(bob, [HUMAN, HUMAN, RANDOM, RANDOM])
            await marit.post(f"/api/tables/{elsewhere}/join", {"seat": 1})
            phone = await _open(server, elsewhere, marit.token)
            bot_sock = await _open(server, owned, helper["token"])
            watching = await _open(server, elsewhere, bob.token)

            wrong = await marit.client.request("DELETE", "/api/me", json={"password": "nope"})
            assert wrong.status_code == 401
            assert (await marit.get("/api/me"))["username"] == "marit"

            gone = await marit.client.request(
                "DELETE", "/api/me", json={"password": "kraken-nat-8"}
            )
            assert gone.status_code == 200, gone.text
            assert await _closed_with(phone) == 4401
            assert await _closed_with(bot_sock) == 4401
            seats = (await bob.get(f"/api/tables/{elsewhere}"))["table"]["seats"]
            assert seats[1]["open"] and seats[1]["name"] is None
            assert (await bob.get(f"/api/tables/{owned}"))["table"]["status"] == "closed"
            assert (await marit.client.get("/api/me")).status_code == 401
            assert (await log_in(server.http, "marit", "kraken-nat-8")).status_code == 401
            # the name and the username are free again
            again = await Api.account(server.http, "marit", "other-pass-9", "Marit")
            await watching.send({"type": "ping"})
            assert (await watching.until("pong"))["type"] == "pong"
            # a guest removes itself without a password
            (gus,) = await guests(server, "Gus")
            assert (await gus.client.delete("/api/me")).status_code == 200
            assert (await gus.client.get("/api/me")).status_code == 401
            await close_all(watching, marit, bob, again, gus)

    run(main)
