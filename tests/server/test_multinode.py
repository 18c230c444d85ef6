"""Two server nodes on one PostgreSQL database and one Redis serve the same table to
clients connected to different nodes. Skipped when either service is unreachable."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.helpers import run
from tests.server.live import Api, Socket, live_server, play_until_over

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/0"
RANDOM_SEAT = {"kind": "bot", "level": "random"}


def _reachable() -> str | None:
    try:
        import psycopg
        import redis

        psycopg.connect(PG_ADMIN, connect_timeout=3).close()
        redis.Redis.from_url(REDIS, socket_connect_timeout=3).ping()
    except Exception as error:
        return f"PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379 are needed: {error}"
    return None


@contextlib.contextmanager
def fresh_database() -> Iterator[str]:
    """A new PostgreSQL database for this test, dropped afterwards."""
    import psycopg

    name = f"cardtable_test_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.mark.skipif(_reachable() is not None, reason=str(_reachable()))
def test_two_nodes_serve_one_table(tmp_path: Path) -> None:
    async def main() -> None:
        with (
            fresh_database() as database,
            live_server(tmp_path / "a", database=database, redis=REDIS) as node_a,
            live_server(tmp_path / "b", database=database, redis=REDIS) as node_b,
        ):
            alice = await Api.guest(node_a.http, "Alice")
            bob = await Api.guest(node_b.http, "Bob")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "rules": {"rounds": 1},
                    "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}] * 2,
                },
            )
            table_id, invite = created["table"]["id"], created["invite"]
            await bob.post(f"/api/tables/{table_id}/join", {"invite": invite})
            a = await Socket.open(node_a.ws, table_id, alice.token)
            b = await Socket.open(node_b.ws, table_id, bob.token)
            watcher = await Socket.open(node_b.ws, table_id, alice.token)
            for sock in (a, b, watcher):
                await sock.until("state")
            await alice.post(f"/api/tables/{table_id}/start", {"seed": 12})
            ends = await asyncio.gather(
                play_until_over(a, 0), play_until_over(b, 2), play_until_over(watcher, -1)
            )
            final = ends[0]["version"]
            assert all(end["version"] == final for end in ends)
            for sock in (a, b, watcher):
                _check_sequence(sock, final)
            table = (await bob.get(f"/api/tables/{table_id}"))["table"]
            record = await bob.get(f"/api/games/{table['game_id']}/record")
            assert sum(len(r["actions"]) for r in record["record"]["rounds"]) == final
            # the result was rated once, in the transaction of the last action
            board = (await alice.get("/api/leaderboard?game=kraken"))["entries"]
            assert {e["player_id"]: e["games"] for e in board} == {
                alice.user["id"]: 1,
                bob.user["id"]: 1,
                "bot:random": 2,
            }
            for sock in (a, b, watcher):
                await sock.close()
            await alice.close()
            await bob.close()

    run(main)


def _check_sequence(sock: Socket, final: int) -> None:
    """Every update follows the version before it (a ``state`` message resynchronises:
    a node that learns of a new game after a bot already moved sends the state)."""
    version = None
    for message in map(json.loads, sock.raw):
        if message["type"] == "state":
            version = message["version"]
        elif message["type"] == "update":
            assert version is not None and message["version"] == version + 1, "a gap"
            version = message["version"]
    assert version == final


@pytest.mark.skipif(_reachable() is not None, reason=str(_reachable()))
def test_a_logout_on_one_node_closes_the_sessions_socket_on_the_other(tmp_path: Path) -> None:
    async def main() -> None:
        with (
            fresh_database() as database,
            live_server(tmp_path / "a", database=database, redis=REDIS) as node_a,
            live_server(tmp_path / "b", database=database, redis=REDIS) as node_b,
        ):
            alice = await Api.guest(node_a.http, "Alice")
            created = await alice.post(
                "/api/tables",
                {"game": "kraken", "seats": [{"kind": "human"}] + [RANDOM_SEAT] * 3},
            )
            sock = await Socket.open(node_b.ws, created["table"]["id"], alice.token)
            await sock.until("state")
            await alice.post("/api/logout")  # on node A
            with pytest.raises(ConnectionClosed):
                async with asyncio.timeout(10):
                    while True:
                        await sock.recv()
            assert sock.ws.close_code == 4401
            await alice.close()

    run(main)
