"""A hostile stranger against a real server: each test sends the exact message or
request of one attack on a defect the server had, and checks that it now fails
safely (refused with its code, nobody else disturbed, the table still playing).

1. action ids are the idempotency keys of their sender, not of the game; the
   watchdog; the owner's abort. 2. cross-site WebSocket hijacking. 3. tokens never
   in URLs or logs; sessions end. 4. rate limits and idle tables. 6. deeply nested
   frames. 7. private tables' games stay private. 8. one seat per person at a rated
   table, and invited bot accounts. 9. hardening (headers, bodies, names, proxies).
   10. stable bot seeds. 11. a new socket's first state holds the seats' controllers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator, MutableMapping
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardtable.server.bots import bot_seed
from cardtable.server.runtime import Client
from cardtable.server.store import SessionRow, hash_token
from tests.server.helpers import TIMEOUT, game_over, run, started_service, until
from tests.server.live import (
    Api,
    LiveServer,
    Socket,
    all_joined,
    close_all,
    error_code,
    guests,
    joined,
    live_server,
    play_until_over,
    seed_where_first,
)

HUMAN: dict[str, Any] = {"kind": "human"}
RANDOM: dict[str, Any] = {"kind": "bot", "level": "random"}
ONE_ROUND: dict[str, Any] = {"rounds": 1}


@contextlib.asynccontextmanager
async def anonymous(server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    """An HTTP client with no session, as the server's own page is (its cookies, once
    it has some, come with the page's ``Origin``)."""
    async with httpx.AsyncClient(
        base_url=server.http, headers={"Origin": server.http}, timeout=TIMEOUT
    ) as client:
        yield client


async def turn(sock: Socket, seat: int) -> dict[str, Any]:
    """Read until the message that gives ``seat`` the move (with its observation)."""
    async with asyncio.timeout(TIMEOUT):
        while True:
            message = await sock.recv()
            if message["type"] not in ("state", "update") or message.get("to_move") != seat:
                continue
            observation = message.get("observation")
            if observation and observation["legal_actions"]:
                return message


# -- 1. action ids, the watchdog, abort --------------------------------------------------


def test_a_spectator_cannot_play_a_bots_move_by_guessing_its_id(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, eve = await guests(server, "Alice", "Eve")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "rules": ONE_ROUND,
                    "seats": [HUMAN] + [RANDOM] * 3,
                    "public": True,
                },
            )
            table_id = created["table"]["id"]
            sock = await Socket.open(server.ws, table_id, alice.token)
            spy = await Socket.open(server.ws, table_id, eve.token)  # a public table: no invite
            await sock.until("state")
            await spy.until("state")
            started = await alice.post(f"/api/tables/{table_id}/start", {"seed": 8})
            game_id = started["table"]["game_id"]
            # the ids bot moves used to have: the game's id and the version
            for version in range(4):
                await spy.send(
                    {"type": "action", "id": f"bot:{game_id}:{version}", "action": "pass"}
                )
                assert (await spy.until("error"))["code"] == "not_seated"
            end = await play_until_over(sock, 0)
            assert any(e["type"] == "game_over" for e in end["events"])
            seen = await spy.until("update")
            while not any(e["type"] == "game_over" for e in seen["events"]):
                seen = await spy.until("update")
            assert seen["version"] == end["version"]

            glog = server.app.state.service.store.games.game_log(game_id)
            assert glog is not None and len(glog.actions) == end["version"]
            bots = [a for a in glog.actions if a.seat != 0]
            assert bots and all(a.source == "bot" and a.user_id is None for a in bots)
            assert all(a.user_id == alice.user["id"] for a in glog.actions if a.seat == 0)
            ids = [a.action_id for a in bots]
            assert len(set(ids)) == len(ids)
            for a in bots:  # nothing in a server move's id can be guessed
                assert game_id not in a.action_id and table_id not in a.action_id
                assert alice.user["id"] not in a.action_id and eve.user["id"] not in a.action_id
                assert len(a.action_id) >= 16
            await close_all(sock, spy, alice, eve)

    run(main)


def test_one_players_action_id_is_not_anothers(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob = await guests(server, "Alice", "Bob")
            created = await alice.post(
                "/api/tables",
                {"game": "kraken", "rules": ONE_ROUND, "seats": [HUMAN, HUMAN, RANDOM, RANDOM]},
            )
            table_id = created["table"]["id"]
            await bob.post(f"/api/tables/{table_id}/join", {"invite": created["invite"]})
            a, b = await all_joined(server, table_id, alice, bob)
            seed = seed_where_first(0, ONE_ROUND)  # Alice moves first, Bob right after
            await alice.post(f"/api/tables/{table_id}/start", {"seed": seed})

            mine = await turn(a, 0)
            await a.send(
                {
                    "type": "action",
                    "id": "Alice-1",
                    "action": mine["observation"]["legal_actions"][0],
                }
            )
            first = await a.until("ack")
            assert first["duplicate"] is False and first["version"] == 1

            # Bob sends Alice's id: it is his own first use of it, so his move is applied
            his = await turn(b, 1)
            legal = his["observation"]["legal_actions"]
            await b.send({"type": "action", "id": "Alice-1", "action": legal[0]})
            ack = await b.until("ack")
            assert ack["duplicate"] is False and ack["version"] == his["version"] + 1
            # Bob resends it: a duplicate, nothing applied again
            await b.send({"type": "action", "id": "Alice-1", "action": legal[0]})
            again = await b.until("ack")
            assert again["duplicate"] is True and again["version"] == ack["version"]
            # Bob reuses the id for another move: refused
            other = next((x for x in legal if x != legal[0]), "play AS")
            await b.send({"type": "action", "id": "Alice-1", "action": other})
            assert (await b.until("error"))["code"] == "id_reused"
            service = server.app.state.service
            glog = service.store.games.game_log(mine["game_id"])
            assert glog is not None
            assert [(x.seat, x.action_id) for x in glog.actions[:2]] == [
                (0, "Alice-1"),
                (1, "Alice-1"),
            ]
            assert sum(1 for x in glog.actions if x.seat == 1) == 1
            await close_all(a, b, alice, bob)

    run(main)


def test_the_watchdog_resumes_a_server_seat_left_waiting(tmp_path: Path) -> None:
    async def main() -> None:
        service = await started_service(tmp_path, watchdog_interval=3600.0)
        try:
            owner, _ = await service.accounts.guest("owner", "127.0.0.1")
            # a bot seat whose bot task was lost
            view, _ = await service.tables.create_table(
                owner, "kraken", None, ONE_ROUND, [RANDOM] * 4, False, None
            )
            rt = await service.tables.runtime(view["id"])
            watcher = Client(owner.id, "owner", None)
            await service.play.attach(rt.id, watcher)
            await service.tables.start_game(owner, view["id"], seed=5)
            async with rt.lock:  # no bot can move while the lock is held
                version = rt.version
                lost = rt.bot_task
                assert lost is not None and rt.in_play
                lost.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await lost
            assert rt.version == version
            assert await service.scheduler.sweep() == 1
            await until(watcher, lambda m: m.get("version", -1) > version)
            await until(watcher, game_over)
            assert rt.state is not None and rt.state.is_over

            # a player's turn whose timer was lost, and ran out meanwhile
            timed, _ = await service.tables.create_table(
                owner, "kraken", None, ONE_ROUND, [HUMAN] + [RANDOM] * 3, False, 3600.0
            )
            rt = await service.tables.runtime(timed["id"])
            watcher = Client(owner.id, "owner", 0)
            await service.play.attach(rt.id, watcher)
            await service.tables.start_game(owner, timed["id"], seed=seed_where_first(0, ONE_ROUND))
            async with rt.lock:
                assert rt.state is not None and rt.state.to_move == 0
                assert rt.timer is not None
                rt.timer.cancel()
                rt.timer = None
                rt.turn_started -= 7200.0
                version = rt.version
            assert await service.scheduler.sweep() == 1
            timeout = await until(watcher, lambda m: m.get("type") == "update")
            assert timeout["version"] == version + 1
            assert timeout["events"][0] == {"type": "timeout", "seat": 0}
        finally:
            await service.close()

    run(main)


def test_the_owner_aborts_a_game_nobody_can_finish(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, mallory = await guests(server, "Alice", "Mallory")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "rules": ONE_ROUND,
                    "seats": [HUMAN] + [RANDOM] * 3,
                    "public": True,
                    "rated": False,
                },
            )
            table_id = created["table"]["id"]
            abort = f"/api/tables/{table_id}/abort"
            reply = await alice.client.post(abort)
            assert reply.status_code == 409 and error_code(reply) == "no_game"
            sock = await joined(server, table_id, alice)
            started = await alice.post(f"/api/tables/{table_id}/start", {"seed": 3})
            game_id = started["table"]["game_id"]
            await turn(sock, 0)  # the bots wait for Alice now
            reply = await mallory.client.post(abort)
            assert reply.status_code == 403 and error_code(reply) == "forbidden"
            ended = await alice.post(abort)
            assert ended["table"]["status"] == "waiting"
            state = await sock.until("state")
            assert state["table"]["status"] == "waiting"
            assert state["observation"] is None and state["version"] == 0
            assert (await alice.get(f"/api/tables/{table_id}"))["table"]["status"] == "waiting"
            # an aborted game's record (every hand) is not handed out, nor listed
            reply = await alice.client.get(f"/api/games/{game_id}/record")
            assert reply.status_code == 403
            assert game_id not in {g["id"] for g in (await alice.get("/api/games"))["games"]}
            await sock.send({"type": "action", "id": "late", "action": "pass"})
            assert (await sock.until("error"))["code"] == "not_started"
            again = await alice.post(f"/api/tables/{table_id}/start", {"seed": 4})
            assert again["table"]["status"] == "playing" and again["table"]["game_number"] == 2
            assert again["table"]["game_id"] != game_id
            end = await play_until_over(sock, 0)
            assert any(e["type"] == "game_over" for e in end["events"])
            await close_all(sock, alice, mallory)

    run(main)


def test_a_rated_game_is_aborted_only_when_it_waits_for_another_player(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob = await guests(server, "Alice", "Bob")
            created = await alice.post(
                "/api/tables",
                {"game": "kraken", "rules": ONE_ROUND, "seats": [HUMAN, HUMAN] + [RANDOM] * 2},
            )
            table_id, invite = created["table"]["id"], created["invite"]
            abort = f"/api/tables/{table_id}/abort"
            await bob.post(f"/api/tables/{table_id}/join", {"invite": invite})
            sock, bob_sock = await all_joined(server, table_id, alice, bob)
            # before the first move: allowed
            await alice.post(f"/api/tables/{table_id}/start", {"seed": 3})
            await alice.post(abort)
            # on Alice's own turn once a move was made: refused (no escaping a rating);
            # while the game waits for Bob: allowed
            await alice.post(f"/api/tables/{table_id}/start", {"seed": 3})
            message = await sock.until("state")
            refused = False
            while not (message["to_move"] == 1 and refused):
                if message["to_move"] == 0 and message["version"] > 0 and not refused:
                    # the owner alone may not: her abort becomes a proposal Bob can take
                    proposed = await alice.post(abort)
                    assert proposed["table"]["status"] == "playing"
                    assert proposed["table"]["proposals"] == {"abort": [0]}
                    refused = True
                if message["to_move"] == 0:
                    action = message["observation"]["legal_actions"][0]
                    await sock.send(
                        {"type": "action", "id": f"a{message['version']}", "action": action}
                    )
                elif message["to_move"] == 1:  # Bob plays until Alice was refused, then idles
                    bob_state = await bob_sock.recv()
                    while bob_state.get("to_move") != 1 or not bob_state.get("observation"):
                        bob_state = await bob_sock.recv()
                    action = bob_state["observation"]["legal_actions"][0]
                    await bob_sock.send(
                        {"type": "action", "id": f"b{message['version']}", "action": action}
                    )
                message = await sock.until("update")
            ended = await alice.post(abort)
            assert ended["table"]["status"] == "waiting"
            await close_all(sock, bob_sock, alice, bob)

    run(main)


# -- 2. cross-site WebSocket hijacking ---------------------------------------------------


def test_a_socket_from_another_sites_page_is_refused(tmp_path: Path) -> None:
    async def main() -> None:
        friends = "http://friends.example"
        with live_server(tmp_path, allowed_origins=(friends,)) as server:
            victim = await Api.guest(server.http, "Victim")
            created = await victim.post(
                "/api/tables", {"game": "kraken", "seats": [HUMAN] + [RANDOM] * 3}
            )
            table_id = created["table"]["id"]
            url = f"{server.ws}/ws/tables/{table_id}"
            cookie = {"Cookie": f"cardtable_session={victim.token}"}
            hostile = [
                "http://evil.example",
                "null",  # a sandboxed frame or a file
                f"http://127.0.0.1:{server.port}.evil.example",
                f"http://127.0.0.1:{server.port}@evil.example",
                "http://127.0.0.1",  # another port of the same host
                f"{friends}.evil.example",
                "http://friends.example:8080",
            ]
            for origin in hostile:
                with pytest.raises(InvalidStatus) as refused:
                    await connect(
                        url, additional_headers={**cookie, "Origin": origin}, open_timeout=TIMEOUT
                    )
                assert refused.value.response.status_code == 403, origin
            table = (await victim.get(f"/api/tables/{table_id}"))["table"]
            assert table["seats"][0]["connected"] is False
            # the server's own pages, and the allowed origin, may connect with the cookie
            for origin in (f"http://127.0.0.1:{server.port}", friends):
                async with connect(
                    url, additional_headers={**cookie, "Origin": origin}, open_timeout=TIMEOUT
                ) as ws:
                    await ws.send(json.dumps({"type": "auth"}))
                    state = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                    assert state["type"] == "state" and state["seat"] == 0
            await victim.close()

    run(main)


# -- 3. tokens never in URLs or logs; sessions end ---------------------------------------


def test_credentials_in_a_socket_url_are_refused(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice = await Api.guest(server.http, "Alice")
            created = await alice.post(
                "/api/tables", {"game": "kraken", "seats": [HUMAN] + [RANDOM] * 3}
            )
            table_id, invite = created["table"]["id"], created["invite"]
            base = f"{server.ws}/ws/tables/{table_id}"
            for query in (f"token={alice.token}", f"invite={invite}"):
                async with connect(f"{base}?{query}", open_timeout=TIMEOUT) as ws:
                    with contextlib.suppress(ConnectionClosed):
                        await ws.send(json.dumps({"type": "auth", "token": alice.token}))
                    first = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                    assert first["type"] == "error" and first["code"] == "bad_request"
                    with pytest.raises(ConnectionClosed):
                        while True:  # nothing else: no state
                            extra = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                            assert extra["type"] != "state"
                    assert ws.close_code == 4400
            await alice.close()

    run(main)


class _Lines(logging.Handler):
    """Collects formatted log lines; waits for them with a timeout."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []
        self.changed = threading.Condition()

    def emit(self, record: logging.LogRecord) -> None:
        with self.changed:
            self.lines.append(record.getMessage())
            self.changed.notify_all()

    def wait_for(self, needle: str, count: int) -> None:
        with self.changed:
            assert self.changed.wait_for(
                lambda: sum(needle in line for line in self.lines) >= count, TIMEOUT
            ), self.lines


@contextlib.contextmanager
def _log_lines(names: tuple[str, ...]) -> Iterator[_Lines]:
    handler = _Lines()
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.INFO)
        logger.addHandler(handler)
    try:
        yield handler
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.removeHandler(handler)
            logger.setLevel(level)


def test_tokens_and_invites_never_reach_the_logs(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice = await Api.guest(server.http, "Alice")
            created = await alice.post(
                "/api/tables", {"game": "kraken", "seats": [HUMAN] + [RANDOM] * 3}
            )
            table_id = created["table"]["id"]
            # the server's loggers (not the root: the test's own HTTP client logs URLs)
            names = ("uvicorn", "uvicorn.access", "uvicorn.error", "cardtable", "fastapi")
            with _log_lines(names) as log:
                async with anonymous(server) as http:
                    await http.get(f"/tables/{table_id}?invite=SECRET123")
                    await http.get(f"/api/tables/{table_id}?x=1&invite=SECRET124")
                url = f"{server.ws}/ws/tables/{table_id}?token=SECRET456"
                async with connect(url, open_timeout=TIMEOUT) as ws:
                    with contextlib.suppress(ConnectionClosed):
                        await asyncio.wait_for(ws.recv(), TIMEOUT)
                log.wait_for("[redacted]", 3)
                text = "\n".join(log.lines)
            assert "SECRET" not in text, text
            assert f"/tables/{table_id}?invite=[redacted]" in text
            assert "token=[redacted]" in text
            await alice.close()

    run(main)


def test_sessions_end_at_logout_at_a_new_login_and_when_they_expire(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:

            def bearer(token: str) -> dict[str, str]:
                return {"Authorization": f"Bearer {token}"}

            async with anonymous(server) as http:
                token = (await http.post("/api/guest", json={"name": "Gus"})).json()["token"]
                http.cookies.clear()
                assert (await http.get("/api/me", headers=bearer(token))).status_code == 200
                out = await http.post("/api/logout", headers=bearer(token))
                assert out.status_code == 200
                assert (await http.get("/api/me", headers=bearer(token))).status_code == 401

            # the session id rotates at login: the session the client had ends
            account = {"username": "marit", "password": "kraken-nat-8"}
            async with anonymous(server) as http:
                first = (await http.post("/api/register", json=account)).json()["token"]
                assert http.cookies.get("cardtable_session") == first
                second = (await http.post("/api/login", json=account)).json()["token"]
                assert second != first
                assert http.cookies.get("cardtable_session") == second
            async with anonymous(server) as http:
                assert (await http.get("/api/me", headers=bearer(first))).status_code == 401
                third = (
                    await http.post("/api/login", json=account, headers=bearer(second))
                ).json()["token"]
                http.cookies.clear()
                assert (await http.get("/api/me", headers=bearer(second))).status_code == 401
                assert (await http.get("/api/me", headers=bearer(third))).status_code == 200

            # an expired session
            alice = await Api.guest(server.http, "Alice")
            created = await alice.post(
                "/api/tables", {"game": "kraken", "seats": [HUMAN] + [RANDOM] * 3}
            )
            store = server.app.state.service.store
            with store.session() as s:
                row = s.get(SessionRow, hash_token(alice.token))
                assert row is not None and row.expires_at is not None
                row.expires_at = time.time() - 1
            reply = await alice.client.get("/api/me")
            assert reply.status_code == 401 and error_code(reply) == "unauthorized"
            sock = await Socket.open(server.ws, created["table"]["id"], alice.token)
            assert (await sock.until("error"))["code"] == "unauthorized"
            await sock.close()
            await alice.close()

    run(main)


# -- 4. limits, and idle tables ----------------------------------------------------------


def test_guests_and_logins_are_rate_limited(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path, limits={"guest": "5/minute", "login": "5/minute"}) as server:
            async with anonymous(server) as http:
                for i in range(5):
                    reply = await http.post("/api/guest", json={"name": f"G{i}"})
                    assert reply.status_code == 200
                reply = await http.post("/api/guest", json={"name": "G6"})
                assert reply.status_code == 429 and error_code(reply) == "rate_limited"
                assert int(reply.headers["retry-after"]) > 0

                account = {"username": "marit", "password": "kraken-nat-8"}
                assert (await http.post("/api/register", json=account)).status_code == 200
                wrong = {"username": "marit", "password": "guess-0000"}
                for _ in range(5):
                    reply = await http.post("/api/login", json=wrong)
                    assert reply.status_code == 401 and error_code(reply) == "bad_credentials"
                reply = await http.post("/api/login", json=wrong)
                assert reply.status_code == 429 and error_code(reply) == "rate_limited"
                # even the right password: a guesser cannot tell it from a wrong one
                reply = await http.post("/api/login", json=account)
                assert reply.status_code == 429

    run(main)


def test_a_stranger_cannot_lock_an_owner_out(tmp_path: Path) -> None:
    """A stranger's wrong guesses throttle a username only on devices its owner never
    logged in from: the owner's device (its device cookie) still logs in, and the
    throttled device is told when to try again."""

    async def main() -> None:
        with live_server(tmp_path, limits={"login_name": "3/minute"}) as server:
            account = {"username": "marit", "password": "kraken-nat-8"}
            async with anonymous(server) as owner:
                assert (await owner.post("/api/register", json=account)).status_code == 200
                assert "cardtable_device" in owner.cookies
                async with anonymous(server) as stranger:
                    wrong = {"username": "marit", "password": "guess-0000"}
                    for _ in range(3):
                        reply = await stranger.post("/api/login", json=wrong)
                        assert reply.status_code == 401
                    reply = await stranger.post("/api/login", json=account)
                    assert reply.status_code == 429 and error_code(reply) == "rate_limited"
                    wait = reply.json()["error"]["details"]["retry_after"]
                    assert 0 < wait <= 60 and reply.headers["Retry-After"] == str(wait)
                    # a forged device cookie is no way around it
                    stranger.cookies.set(
                        "cardtable_device", owner.cookies["cardtable_device"][:-1] + "x"
                    )
                    assert (await stranger.post("/api/login", json=account)).status_code == 429
                # the owner's own device is not locked out, and its guesses are its own
                reply = await owner.post("/api/login", json=account)
                assert reply.status_code == 200, reply.text
                reply = await owner.post("/api/login", json={**account, "password": "typo"})
                assert reply.status_code == 401
                assert (await owner.post("/api/login", json=account)).status_code == 200

    run(main)


def test_table_creation_is_limited(tmp_path: Path) -> None:
    async def main() -> None:
        table = {"game": "kraken", "seats": [HUMAN] + [RANDOM] * 3}
        with live_server(tmp_path, limits={"table": "3/minute"}) as server:
            alice = await Api.guest(server.http, "Alice")
            for _ in range(3):
                await alice.post("/api/tables", table)
            reply = await alice.client.post("/api/tables", json=table)
            assert reply.status_code == 429 and error_code(reply) == "rate_limited"
            await alice.close()
        with live_server(tmp_path / "open", max_open_tables=2) as server:
            alice, bob = await guests(server, "Alice", "Bob")
            for _ in range(2):
                await alice.post("/api/tables", table)
            reply = await alice.client.post("/api/tables", json=table)
            assert reply.status_code == 429 and error_code(reply) == "too_many_tables"
            await bob.post("/api/tables", table)  # another owner is not concerned
            for api in (alice, bob):
                await api.close()

    (tmp_path / "open").mkdir()
    run(main)


def test_a_message_flood_is_refused_and_disturbs_nobody_else(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path, limits={"message": "10/minute"}) as server:
            alice, bob = await guests(server, "Alice", "Bob")
            created = await alice.post(
                "/api/tables",
                {"game": "kraken", "seats": [HUMAN] + [RANDOM] * 3, "public": True},
            )
            table_id = created["table"]["id"]
            flood, calm = await all_joined(server, table_id, alice, bob)
            for _ in range(30):
                with contextlib.suppress(ConnectionClosed):
                    await flood.send({"type": "ping"})
            kinds = []
            with contextlib.suppress(ConnectionClosed):
                while True:
                    message = await flood.recv()
                    kinds.append(message["type"] if message["type"] != "error" else message["code"])
            # told once, then closed with 1008 and a reason, and no longer at the table
            assert kinds == ["pong"] * 10 + ["rate_limited"], kinds
            assert flood.ws.close_code == 1008 and "flood" in (flood.ws.close_reason or "")
            left = await calm.until("seat")  # the others see the flooder's seat empty
            assert left["seat"] == 0 and not left["table"]["seats"][0]["connected"]
            runtime = server.app.state.service.tables.runtimes[table_id]
            assert alice.user["id"] not in {c.user_id for c in runtime.clients}
            await calm.send({"type": "ping"})
            assert (await calm.recv())["type"] == "pong"
            await calm.send({"type": "chat", "text": "still here"})
            assert (await calm.until("chat"))["text"] == "still here"
            await close_all(flood, calm, alice, bob)

    run(main)


def test_idle_tables_are_released_from_memory_and_load_again(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path, idle_release=0.0, watchdog_interval=3600.0) as server:
            service = server.app.state.service
            alice = await Api.guest(server.http, "Alice")
            table = {"game": "kraken", "rules": ONE_ROUND, "seats": [HUMAN] + [RANDOM] * 3}
            idle = (await alice.post("/api/tables", table))["table"]["id"]
            watched = (await alice.post("/api/tables", table))["table"]["id"]
            playing = (await alice.post("/api/tables", table))["table"]["id"]
            sock = await joined(server, watched, alice)
            await alice.post(f"/api/tables/{playing}/start", {"seed": 1})

            async def release() -> int:
                count: int = service.tables.release_idle()
                return count

            assert await server.on_server(release) >= 1
            held = set(service.tables.runtimes)
            assert idle not in held and watched in held and playing in held
            again = await alice.get(f"/api/tables/{idle}")
            assert again["table"]["id"] == idle and idle in service.tables.runtimes
            await server.on_server(release)
            back = await Socket.open(server.ws, idle, alice.token)
            assert (await back.until("state"))["table"]["id"] == idle
            for s in (sock, back):
                await s.close()
            await alice.close()

    run(main)


# -- 6. deep nesting ---------------------------------------------------------------------


def test_deeply_nested_frames_are_refused_and_the_socket_stays(tmp_path: Path) -> None:
    async def main() -> None:
        # a size limit above the frames, so that their depth is what refuses them
        with live_server(tmp_path, max_message_bytes=16 * 1024) as server:
            alice = await Api.guest(server.http, "Alice")
            created = await alice.post(
                "/api/tables", {"game": "kraken", "seats": [HUMAN] + [RANDOM] * 3}
            )
            table_id = created["table"]["id"]
            sock = await joined(server, table_id, alice)
            frames: list[str | bytes] = [
                "[" * 1500 + "]" * 1500,  # 3 KB
                "[" * 1500,
                '{"a":' * 1500 + "1" + "}" * 1500,
                '{"type": "ping", "x": ' + "[" * 1500 + "]" * 1500 + "}",
                ("[" * 1500 + "]" * 1500).encode(),  # as a binary frame
            ]
            for frame in frames:
                await sock.ws.send(frame)
                refused = await sock.recv()
                assert refused["type"] == "error" and refused["code"] == "bad_message"
                await sock.send({"type": "ping"})
                assert (await sock.recv())["type"] == "pong"
            # the first message of a new socket: refused, and closed
            async with connect(f"{server.ws}/ws/tables/{table_id}") as ws:
                await ws.send("[" * 1500 + "]" * 1500)
                assert json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))["code"] == (
                    "bad_message"
                )
                with pytest.raises(ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), TIMEOUT)
            await sock.close()
            await alice.close()

    run(main)


# -- 7. private is private ---------------------------------------------------------------


def test_a_private_tables_games_stay_private(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, eve = await guests(server, "Alice", "Eve")
            private = await alice.post(
                "/api/tables",
                {"game": "kraken", "rules": ONE_ROUND, "seats": [HUMAN] + [RANDOM] * 3},
            )
            public = await alice.post(
                "/api/tables",
                {"game": "kraken", "rules": ONE_ROUND, "seats": [RANDOM] * 4, "public": True},
            )
            table_id, invite = private["table"]["id"], private["invite"]
            sock = await Socket.open(server.ws, table_id, alice.token)
            watcher = await Socket.open(server.ws, public["table"]["id"], eve.token)
            await sock.until("state")
            await watcher.until("state")
            game_id = (await alice.post(f"/api/tables/{table_id}/start", {"seed": 11}))["table"][
                "game_id"
            ]
            public_game = (
                await alice.post(f"/api/tables/{public['table']['id']}/start", {"seed": 12})
            )["table"]["game_id"]
            await play_until_over(sock, 0)
            await play_until_over(watcher, -1)

            reads = [
                f"/api/games/{game_id}/replay",
                f"/api/games/{game_id}/record",
                f"/api/tables/{table_id}",
                f"/api/tables/{table_id}/score",
            ]
            async with anonymous(server) as http:
                listed = {g["id"] for g in (await http.get("/api/games")).json()["games"]}
                assert public_game in listed and game_id not in listed
                profile = (await http.get(f"/api/players/{alice.user['id']}")).json()
                assert profile["recent_games"] == []
                mine = await http.get("/api/games", params={"player": alice.user["id"]})
                assert mine.json()["games"] == []
                bots = (await http.get("/api/players/bot:random")).json()["recent_games"]
                assert [g["id"] for g in bots] == [public_game]
                for path in [*reads, f"/api/games/{game_id}/rounds/0/analysis"]:
                    reply = await http.get(path)
                    assert reply.status_code == 404 and error_code(reply) == "not_found", path
                    reply = await http.get(path, headers={"X-Invite": "not-the-invite"})
                    assert reply.status_code == 404, path
                    reply = await eve.client.get(path)
                    assert reply.status_code == 404, path
                for path in reads:
                    assert (await alice.client.get(path)).status_code == 200, path
                    reply = await http.get(path, headers={"X-Invite": invite})
                    assert reply.status_code == 200, path
                # a stranger cannot publish it; the owner can
                reply = await eve.client.post(f"/api/games/{game_id}/publish")
                assert reply.status_code in (403, 404)
                assert game_id not in {
                    g["id"] for g in (await http.get("/api/games")).json()["games"]
                }
                await alice.post(f"/api/games/{game_id}/publish")
                listed = {g["id"] for g in (await http.get("/api/games")).json()["games"]}
                assert {game_id, public_game} <= listed
                assert (await http.get(f"/api/games/{game_id}/replay")).status_code == 200
                assert (await http.get(f"/api/tables/{table_id}")).status_code == 404
            await close_all(sock, watcher, alice, eve)

    run(main)


# -- 8. rated tables ---------------------------------------------------------------------


def test_one_person_holds_one_seat_of_a_rated_table(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            async with anonymous(server) as http:
                sessions = {}
                for name in ("alice", "bob"):
                    reply = await http.post(
                        "/api/register", json={"username": name, "password": f"{name}-pass-123"}
                    )
                    body = reply.json()
                    sessions[name] = Api(server.http, body["token"], body["user"])
            alice, bob = sessions["alice"], sessions["bob"]
            carol = await Api.guest(server.http, "Carol")
            reply = await carol.client.post("/api/bots", json={"name": "Carolbot"})
            assert reply.status_code == 403  # bot accounts belong to registered accounts
            token_seat = [HUMAN, {"kind": "external"}, RANDOM, RANDOM]
            reply = await alice.client.post(
                "/api/tables", json={"game": "kraken", "seats": token_seat}
            )
            assert reply.status_code == 409 and error_code(reply) == "one_seat_rated"
            casual = await alice.post(
                "/api/tables", {"game": "kraken", "seats": token_seat, "rated": False}
            )
            assert casual["table"]["rated"] is False and casual["bot_tokens"]
            own = (await alice.post("/api/bots", {"name": "Alicebot"}))["bot"]
            reply = await alice.client.post(
                "/api/tables",
                json={
                    "game": "kraken",
                    "seats": [HUMAN, {"kind": "external", "bot": own["id"]}, RANDOM, RANDOM],
                },
            )
            assert reply.status_code == 409 and error_code(reply) == "one_seat_rated"

            # Bob's bot is invited: its seat is reserved until it joins
            made = await bob.post("/api/bots", {"name": "Bobbot"})
            bobbot = Api(server.http, made["token"], made["bot"])
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "seats": [
                        HUMAN,
                        {"kind": "external", "bot": bobbot.user["id"]},
                        RANDOM,
                        RANDOM,
                    ],
                },
            )
            table_id, invite = created["table"]["id"], created["invite"]
            seat = created["table"]["seats"][1]
            assert seat["reserved"] is True and seat["open"] is False and seat["user_id"] is None
            reply = await alice.client.post(f"/api/tables/{table_id}/start", json={})
            assert reply.status_code == 409 and error_code(reply) == "seats_open"
            reply = await carol.client.post(
                f"/api/tables/{table_id}/join", json={"seat": 1, "invite": invite}
            )
            assert reply.status_code == 409 and error_code(reply) == "seat_taken"
            reply = await carol.client.post(f"/api/tables/{table_id}/join", json={"invite": invite})
            assert reply.status_code == 409 and error_code(reply) == "table_full"
            tables = (await bobbot.get("/api/me/tables"))["tables"]
            assert [t["id"] for t in tables] == [table_id]
            joined = await bobbot.post(f"/api/tables/{table_id}/join", {})
            assert joined["table"]["seats"][1]["user_id"] == bobbot.user["id"]
            started = await alice.post(f"/api/tables/{table_id}/start", {})
            assert started["table"]["status"] == "playing" and started["table"]["rated"] is True
            for api in (alice, bob, carol, bobbot):
                await api.close()

    run(main)


# -- 9. hardening ------------------------------------------------------------------------


def test_responses_carry_the_security_headers(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            async with anonymous(server) as http:
                for path in ("/", "/tables/abc", "/api/health", "/api/tables/nope"):
                    reply = await http.get(path)
                    policy = reply.headers.get("content-security-policy", "")
                    assert "frame-ancestors 'none'" in policy, path
                    assert "script-src 'self'" in policy, path
                    assert reply.headers.get("x-content-type-options") == "nosniff", path
                    assert reply.headers.get("referrer-policy"), path

    run(main)


def _raw_post(port: int, head: bytes, chunks: Iterator[bytes]) -> tuple[int, bytes]:
    """POST over a plain blocking socket: ``head`` then ``chunks`` until they run out or
    the server stops the upload; returns the bytes sent and all the server said. (An
    asyncio client such as httpx reports the reset that ends a refused upload instead
    of the response that came before it; the kernel still has that response.)"""
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as conn:
        conn.sendall(head)
        sent = 0
        with contextlib.suppress(OSError):  # the server closed the connection
            for chunk in chunks:
                conn.sendall(chunk)
                sent += len(chunk)
        answer = b""
        with contextlib.suppress(OSError):
            while data := conn.recv(65536):
                answer += data
        return sent, answer


def test_a_huge_chunked_body_is_refused_without_being_read(tmp_path: Path) -> None:
    total = 10 * 1024 * 1024
    piece = b"x" * (64 * 1024)

    def body() -> Iterator[bytes]:
        """10 MB of chunks, and never the last chunk that ends the body."""
        yield b'%x\r\n{"name": "\r\n' % len(b'{"name": "')
        for _ in range(total // len(piece)):
            yield b"%x\r\n%s\r\n" % (len(piece), piece)

    async def main() -> None:
        with live_server(tmp_path) as server:
            head = (
                b"POST /api/guest HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            )
            _, answer = await asyncio.to_thread(_raw_post, server.port, head, body())
            # answered although the body never ended: the server did not read it all
            assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
            assert b'"code":"too_large"' in answer
            # a Content-Length over the limit is refused before anything is read
            head = (
                b"POST /api/guest HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 99999999\r\n\r\n"
            )
            sent, answer = await asyncio.to_thread(_raw_post, server.port, head, iter([]))
            assert sent == 0 and answer.startswith(b"HTTP/1.1 413 ")
            async with anonymous(server) as http:
                assert (await http.get("/api/health")).status_code == 200

    run(main)


def test_the_body_limit_stops_reading_at_the_limit() -> None:
    from cardtable.server.security import BodyLimit

    reached = False
    received = 0

    async def app(scope: Any, receive: Any, send: Any) -> None:
        nonlocal reached
        reached = True

    async def receive() -> dict[str, Any]:
        nonlocal received
        received += 1000
        return {"type": "http.request", "body": b"x" * 1000, "more_body": True}

    sent: list[dict[str, Any]] = []

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    scope = {"type": "http", "method": "POST", "path": "/api/guest", "headers": []}
    asyncio.run(BodyLimit(app, limit=64 * 1024)(scope, receive, send))
    assert not reached and sent[0]["status"] == 413
    assert received <= 64 * 1024 + 1000


def test_names_that_hide_or_impersonate_are_refused(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            async with anonymous(server) as http:
                for name in (
                    "Ali\x00ce",
                    "Ali\x07ce",
                    "Ali\x1bce",
                    "\u202eecilA",
                    "Ali\u200bce",
                    "Bot (heuristic)",
                    "bot",
                    "   ",
                    "\ufdfa" * 40,  # NFKC makes 18 characters of each
                ):
                    reply = await http.post("/api/guest", json={"name": name})
                    assert reply.status_code in (400, 422), (name, reply.text)
                    assert error_code(reply) in ("bad_name", "bad_request"), name
                    reply = await http.post(
                        "/api/register",
                        json={"username": "mallory", "password": "password-1", "name": name},
                    )
                    assert reply.status_code in (400, 422), name
            # look-alike names at one table are told apart
            people = [await Api.guest(server.http, n) for n in ("Alice", "ALICE", "ａｌｉｃｅ")]
            created = await people[0].post("/api/tables", {"game": "kraken"})
            table_id, invite = created["table"]["id"], created["invite"]
            for api in people[1:]:
                await api.post(f"/api/tables/{table_id}/join", {"invite": invite})
            seats = (await people[0].get(f"/api/tables/{table_id}"))["table"]["seats"]
            shown = [seat["name"] for seat in seats[:3]]
            assert shown[0] == "Alice" and len({n.casefold() for n in shown}) == 3, shown
            sock = await Socket.open(server.ws, table_id, people[1].token)
            await sock.until("state")
            for text in ("\u202eevil", "a\x00b", "a\u2066b"):
                await sock.send({"type": "chat", "text": text})
                assert (await sock.until("error"))["code"] == "bad_message"
            await sock.send({"type": "chat", "text": "fine"})
            line = await sock.until("chat")
            assert line["text"] == "fine" and line["from"]["seat"] == 1
            await sock.close()
            for api in people:
                await api.close()

    run(main)


def test_serve_has_the_hardening_options(capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.cli import main

    with pytest.raises(SystemExit) as done:
        main(["serve", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    for option in ("--secure-cookies", "--allowed-origin", "--trusted-proxy", "--limit"):
        assert option in text


def test_cookies_are_secure_over_https_and_proxies_are_believed_only_if_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    from cardtable.server import cli

    captured: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: captured.append((app, kw)))

    def serve(*options: str) -> tuple[Any, dict[str, Any]]:
        from cardtable.cli import build_parser

        database = f"sqlite:///{tmp_path / f'serve{len(captured)}.db'}"
        args = build_parser().parse_args(
            ["serve", "--database", database, "--bot-workers", "0", *options]
        )
        assert cli.serve(args) == 0
        return captured[-1]

    async def guest_cookie(server: LiveServer, headers: dict[str, str]) -> str:
        async with anonymous(server) as http:
            reply = await http.post("/api/guest", json={"name": "Pat"}, headers=headers)
            assert reply.status_code == 200, reply.text
            return reply.headers["set-cookie"]

    async def main() -> None:
        with live_server(tmp_path, secure_cookies=True) as server:
            cookie = await guest_cookie(server, {})
            assert "secure" in cookie.lower() and "httponly" in cookie.lower()
            assert "samesite=lax" in cookie.lower()

        forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
        app, options = serve("--trusted-proxy", "127.0.0.1", "--limit", "guest=2/minute")
        assert options["proxy_headers"] is True and options["forwarded_allow_ips"] == "127.0.0.1"
        uv = {k: options[k] for k in ("proxy_headers", "forwarded_allow_ips")}
        server = LiveServer(tmp_path, app=app, uvicorn_options=uv)
        server.start()
        try:
            assert "secure" in (await guest_cookie(server, forwarded)).lower()
            assert "secure" not in (await guest_cookie(server, {})).lower()
            # the limit counts the forwarded address: another client is not refused
            await guest_cookie(server, forwarded)
            async with anonymous(server) as http:
                reply = await http.post("/api/guest", json={"name": "Pat"}, headers=forwarded)
                assert reply.status_code == 429
                other = {**forwarded, "X-Forwarded-For": "198.51.100.9"}
                reply = await http.post("/api/guest", json={"name": "Pat"}, headers=other)
                assert reply.status_code == 200
        finally:
            server.stop()

        # without --trusted-proxy nobody's X-Forwarded-* is believed
        app, options = serve("--limit", "guest=2/minute")
        assert options["proxy_headers"] is False
        uv = {k: options[k] for k in ("proxy_headers", "forwarded_allow_ips")}
        server = LiveServer(tmp_path, app=app, uvicorn_options=uv)
        server.start()
        try:
            assert "secure" not in (await guest_cookie(server, forwarded)).lower()
            await guest_cookie(server, {"X-Forwarded-For": "198.51.100.1"})
            async with anonymous(server) as http:  # a spoofed address evades no limit
                reply = await http.post(
                    "/api/guest", json={"name": "Pat"}, headers={"X-Forwarded-For": "198.51.100.2"}
                )
                assert reply.status_code == 429
        finally:
            server.stop()

    run(main)


# -- 10. bot seeds -----------------------------------------------------------------------


def test_bot_seeds_are_the_same_in_every_process() -> None:
    code = "from cardtable.server.bots import bot_seed; print(bot_seed('g1', 3))"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert int(out.stdout) == bot_seed("g1", 3)
    assert bot_seed("g1", 3) != bot_seed("g1", 4) and 0 <= bot_seed("g1", 3) < 2**32


# -- 11. the first state of a socket -----------------------------------------------------


def test_a_new_sockets_first_state_says_who_controls_each_seat(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path, hold_seconds=0.05) as server:
            alice, bob = await guests(server, "Alice", "Bob")
            created = await alice.post(
                "/api/tables",
                {"game": "kraken", "seats": [HUMAN, HUMAN, RANDOM, RANDOM], "public": True},
            )
            table_id = created["table"]["id"]
            await bob.post(f"/api/tables/{table_id}/join", {})
            a, b = await all_joined(server, table_id, alice, bob)
            await alice.post(f"/api/tables/{table_id}/start", {"seed": seed_where_first(1)})
            await a.close()  # Alice drops; Bob, to move, holds the game
            away = await b.until("seat")  # Alice is away, her seat held for her
            assert away["seat"] == 0 and away["controller"] == "player"
            assert away["table"]["seats"][0]["connected"] is False
            taken = await b.until("seat")
            assert taken["seat"] == 0 and taken["controller"] == "bot"
            assert taken["table"]["seats"][0]["controller"] == "bot"
            guest = await Api.guest(server.http, "Watcher")
            watcher = await Socket.open(server.ws, table_id, guest.token)
            first = await watcher.recv()
            assert first["type"] == "state"
            controllers = [seat["controller"] for seat in first["table"]["seats"]]
            assert controllers[:2] == ["bot", "player"]
            back = await Socket.open(server.ws, table_id, alice.token)
            assert (await back.until("state"))["table"]["seats"][0]["controller"] == "player"
            assert (await watcher.until("seat"))["controller"] == "player"
            await close_all(b, back, watcher, alice, bob, guest)

    run(main)
