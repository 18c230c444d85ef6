"""Two nodes on PostgreSQL and Redis: the node a game is played on is killed
(``kill -9``) mid-game; no move it acknowledged is lost, and the player goes on at
the other node (its bots too) within 5 seconds."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path

import pytest

from tests.server.helpers import run
from tests.server.live import Api, Socket, play_until_over
from tests.server.test_multinode import REDIS, _reachable, fresh_database
from tests.server.test_processes import Server, kill_session, serve, wait_session_gone

pytestmark = [
    pytest.mark.skipif(_reachable() is not None, reason=str(_reachable())),
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc"),
]

RANDOM = {"kind": "bot", "level": "random"}
CONTINUE_WITHIN = 5.0
"""Seconds from the kill to the player's table on the other node (the requirement)."""


def _node(database: str) -> contextlib.AbstractContextManager[Server]:
    """A ``cardtable serve`` node on ``database`` and Redis."""
    return serve("--database", database, "--redis", REDIS, "--bot-workers", "0", "--bot-delay", "0")


def _actions_seen(sock: Socket) -> list[str]:
    """The actions of every update the socket received, in order."""
    seen = []
    for message in map(json.loads, sock.raw):
        if message["type"] == "update":
            seen += [e["action"] for e in message["events"] if e["type"] == "action"]
    return seen


def test_a_killed_node_loses_no_move_and_its_player_goes_on_elsewhere() -> None:
    async def main() -> None:
        with (
            fresh_database() as database,
            _node(database) as node_a,
            _node(database) as node_b,
        ):
            base_a, base_b = node_a.base, node_b.base
            alice = await Api.guest(base_a, "Alice")
            created = await alice.post(
                "/api/tables",
                {"game": "kraken", "rules": {"rounds": 1}, "seats": [{}, RANDOM, RANDOM, RANDOM]},
            )
            table_id = created["table"]["id"]
            ws_a = base_a.replace("http", "ws")
            sock = await Socket.open(ws_a, table_id, alice.token)
            await sock.until("state")
            await alice.post(f"/api/tables/{table_id}/start", {})
            await play_until_over(sock, 0, stop_at=12)
            seen = _actions_seen(sock)

            kill_session(node_a.pid)
            killed = time.monotonic()
            await asyncio.to_thread(wait_session_gone, node_a.pid, "the kill")
            with contextlib.suppress(Exception):
                await sock.close()

            # the browser reconnects, here to the node that is left
            elsewhere = await Socket.open(base_b.replace("http", "ws"), table_id, alice.token)
            state = await elsewhere.until("state")
            assert time.monotonic() - killed < CONTINUE_WITHIN
            assert state["version"] >= len(seen)  # every move told to the player is kept
            await elsewhere.send({"type": "sync"})  # the state again, to play from
            over = await play_until_over(elsewhere, 0)
            assert any(e["type"] == "game_over" for e in over["events"])
            on_b = Api(base_b, alice.token, alice.user)
            table = (await on_b.get(f"/api/tables/{table_id}"))["table"]
            record = (await on_b.get(f"/api/games/{table['game_id']}/record"))["record"]
            played = [action for r in record["rounds"] for action in r["actions"]]
            assert played[: len(seen)] == seen
            assert len(played) == over["version"]
            await elsewhere.close()
            await on_b.close()
            await alice.close()

    run(main)
