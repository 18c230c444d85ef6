"""Load on the game server: N concurrent Kraken tables of four WebSocket bot clients.

Each client plays its seat (a uniformly random legal action) over a real socket on
loopback; the benchmark reports actions per second and the latency from sending an
action to receiving the broadcast update of it (p50/p99).

    .venv/bin/python benchmarks/server_load.py --tables 200 --rounds 1

Without ``--url`` a server is started in this process on a temporary SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


async def _guest(http: httpx.AsyncClient, name: str) -> str:
    reply = await http.post("/api/guest", json={"name": name})
    token: str = reply.json()["token"]
    return token


async def _player(
    ws_base: str, table_id: str, token: str, seat: int, latencies: list[float], ready: asyncio.Event
) -> int:
    sent: dict[int, float] = {}
    actions = 0
    rng = random.Random(seat)
    async with connect(f"{ws_base}/ws/tables/{table_id}?token={token}", max_size=2**22) as ws:
        ready.set()
        while True:
            message = json.loads(await ws.recv())
            if message["type"] not in ("state", "update"):
                continue
            version = message["version"]
            if version in sent:
                latencies.append(time.perf_counter() - sent.pop(version))
            if any(e["type"] == "game_over" for e in message.get("events", [])):
                return actions
            obs = message.get("observation")
            if obs and message["to_move"] == seat and obs["legal_actions"]:
                action = rng.choice(obs["legal_actions"])
                sent[version + 1] = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "action", "id": f"{seat}-{version}", "action": action})
                )
                actions += 1


async def _table(http_base: str, ws_base: str, rounds: int, latencies: list[float]) -> int:
    async with httpx.AsyncClient(base_url=http_base, timeout=120) as http:
        tokens = [await _guest(http, f"bench{i}") for i in range(4)]
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        created = (
            await http.post(
                "/api/tables", json={"game": "kraken", "rules": {"rounds": rounds}}, headers=auth
            )
        ).json()
        table_id, invite = created["table"]["id"], created["invite"]
        for token in tokens[1:]:
            await http.post(
                f"/api/tables/{table_id}/join",
                json={"invite": invite},
                headers={"Authorization": f"Bearer {token}"},
            )
        events = [asyncio.Event() for _ in range(4)]
        players = [
            asyncio.create_task(_player(ws_base, table_id, tokens[s], s, latencies, events[s]))
            for s in range(4)
        ]
        for event in events:
            await event.wait()
        await http.post(f"/api/tables/{table_id}/start", json={}, headers=auth)
        return sum(await asyncio.gather(*players))


async def _run(args: argparse.Namespace, http_base: str) -> None:
    ws_base = http_base.replace("http", "ws", 1)
    latencies: list[float] = []
    start = time.perf_counter()
    counts = await asyncio.gather(
        *(_table(http_base, ws_base, args.rounds, latencies) for _ in range(args.tables))
    )
    elapsed = time.perf_counter() - start
    latencies.sort()
    total = sum(counts)
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    print(
        f"{args.tables} tables ({args.tables * 4} sockets), {total} actions in {elapsed:.1f} s: "
        f"{total / elapsed:.0f} actions/s, action-to-broadcast p50 {p50:.1f} ms, p99 {p99:.1f} ms"
    )


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    args = parser.parse_args()
    if args.url:
        asyncio.run(_run(args, args.url.rstrip("/")))
        return
    import socket
    import threading

    import uvicorn

    from cardtable.server.app import create_app
    from cardtable.server.config import Settings

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database=f"sqlite:///{tmp}/bench.db", rate_burst=1000)
        server = uvicorn.Server(uvicorn.Config(create_app(settings), log_level="warning"))
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        while not server.started:
            thread.join(0.05)
        try:
            asyncio.run(_run(args, f"http://127.0.0.1:{port}"))
        finally:
            server.should_exit = True
            thread.join(10)


if __name__ == "__main__":
    main()
