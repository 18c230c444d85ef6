"""Durability: the server is killed with SIGKILL mid-round, restarted on the same
database, the clients reconnect, and the game finishes with no action lost."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from cardtable.server.store import Store
from tests.server.helpers import run
from tests.server.live import Api, Socket


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """``cardtable serve`` in a child process."""

    def __init__(self, port: int, database: str) -> None:
        self.port, self.database = port, database
        self.process: subprocess.Popen[bytes] | None = None

    async def start(self) -> None:
        """Start and wait for the health endpoint."""
        self.process = subprocess.Popen(
            [
                *(sys.executable, "-m", "cardtable.cli", "serve", "--port", str(self.port)),
                *("--database", self.database, "--bot-workers", "0", "--bot-delay", "0"),
                *("--hold-seconds", "60", "--log-level", "warning"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        async with httpx.AsyncClient() as http, asyncio.timeout(30):
            while True:
                with contextlib.suppress(httpx.HTTPError):
                    reply = await http.get(f"http://127.0.0.1:{self.port}/api/health")
                    if reply.status_code == 200:
                        return
                assert self.process.poll() is None, "the server exited"
                await asyncio.sleep(0.05)  # polling for startup, not timing a test

    def kill(self) -> None:
        """SIGKILL, no goodbyes."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


async def resilient_player(
    base: str, table_id: str, token: str, seat: int, acked: set[str]
) -> dict[str, Any]:
    """Play ``seat`` to the end, reconnecting whenever the server goes away; action
    ids are ``seat-version`` so a resend after a restart is applied once."""
    async with asyncio.timeout(120):
        while True:
            try:
                sock = await Socket.open(base, table_id, token)
            except OSError:
                await asyncio.sleep(0.05)  # the server is restarting
                continue
            try:
                while True:
                    message = await sock.recv()
                    if message["type"] == "ack":
                        acked.add(message["id"])
                    if message["type"] not in ("update", "state"):
                        continue
                    if any(e["type"] == "game_over" for e in message.get("events", [])):
                        await sock.close()
                        return message
                    if message["type"] == "state" and message.get("result"):
                        await sock.close()
                        return message
                    obs = message.get("observation")
                    if obs and message["to_move"] == seat and obs["legal_actions"]:
                        await sock.send(
                            {
                                "type": "action",
                                "id": f"{seat}-{message['version']}",
                                "action": obs["legal_actions"][0],
                            }
                        )
            except Exception:
                with contextlib.suppress(Exception):
                    await sock.close()


def test_kill_9_mid_round_loses_nothing(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'durable.db'}"
    port = _free_port()
    base_http, base_ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = ServerProcess(port, database)

    async def main() -> None:
        try:
            await server.start()
            alice = await Api.guest(base_http, "Alice")
            bob = await Api.guest(base_http, "Bob")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "rules": {"rounds": 2},
                    "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}] * 2,
                },
            )
            table_id = created["table"]["id"]
            await bob.post(f"/api/tables/{table_id}/join", {"invite": created["invite"]})
            await alice.post(f"/api/tables/{table_id}/start", {})
            acked: set[str] = set()
            players = [
                asyncio.create_task(resilient_player(base_ws, table_id, alice.token, 0, acked)),
                asyncio.create_task(resilient_player(base_ws, table_id, bob.token, 2, acked)),
            ]
            # a spectator watches the first round until mid-round, then the kill
            watcher = await Socket.open(base_ws, table_id, alice.token)
            async with asyncio.timeout(60):
                while True:
                    message = await watcher.recv()
                    if message["type"] == "update" and message["version"] >= 13:
                        break
            seen = message["version"]
            server.kill()
            await server.start()
            ends = await asyncio.gather(*players)
            assert ends[0]["version"] == ends[1]["version"] > seen
            store = Store(database)
            table = store.tables.table(table_id)
            assert table is not None and table[0].game_id
            glog = store.games.game_log(table[0].game_id)
            assert glog is not None and glog.game.status == "finished"
            ids = [row.action_id for row in glog.actions]
            assert [row.index for row in glog.actions] == list(range(len(ids)))
            assert len(ids) == len(set(ids)) == ends[0]["version"]
            assert acked <= set(ids), "an acknowledged action was lost"
            store.close()
            await alice.close()
            await bob.close()
        finally:
            server.kill()

    run(main, timeout=180)
