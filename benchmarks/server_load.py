"""Load on the game server: N concurrent Kraken tables of four WebSocket clients.

The server runs in its own process and the clients in ``--clients`` other processes
(so the figures measure the server, not a client sharing its event loop). Each
client plays its seat (a uniformly random legal action) over a real socket on
loopback; the benchmark reports actions per second and the latency from sending an
action to receiving the broadcast update of it (p50/p99, over every seat's action).

    .venv/bin/python benchmarks/server_load.py --tables 200 --rounds 1

Without ``--url`` a server is started in a child process on a temporary SQLite file
(``--loop``/``--http`` choose uvicorn's event loop and HTTP parser; ``--src`` runs
another checkout's code, to measure before and after a change with one command).
Setting up the tables (guests, joins, sockets) is not timed: the clock starts when
every socket is connected and every table starts at once.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

SERVER = """
import sys, uvicorn
from cardtable.server.app import create_app
from cardtable.server.config import Settings
database, port, loop, http, deflate = sys.argv[1:6]
settings = Settings(database=database, rate_burst=1000, bot_workers=0)
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(port), loop=loop, http=http,
            log_level="warning", ws_max_size=65536, ws_per_message_deflate=deflate == "on")
"""


async def _guest(http: httpx.AsyncClient, name: str) -> str:
    reply = await http.post("/api/guest", json={"name": name})
    reply.raise_for_status()
    token: str = reply.json()["token"]
    return token


async def _setup_table(
    http: httpx.AsyncClient, ws_base: str, rounds: int
) -> tuple[str, str, list[ClientConnection]]:
    """A table of four guests with their sockets connected; returns its id, the
    owner's token and the sockets (seat order)."""
    tokens = [await _guest(http, f"bench{i}") for i in range(4)]
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    reply = await http.post(
        "/api/tables", json={"game": "kraken", "rules": {"rounds": rounds}}, headers=auth
    )
    reply.raise_for_status()
    created = reply.json()
    table_id, invite = created["table"]["id"], created["invite"]
    for token in tokens[1:]:
        joined = await http.post(
            f"/api/tables/{table_id}/join",
            json={"invite": invite},
            headers={"Authorization": f"Bearer {token}"},
        )
        joined.raise_for_status()
    sockets = []
    for token in tokens:
        ws = await connect(
            f"{ws_base}/ws/tables/{table_id}?token={token}", max_size=2**22, open_timeout=120
        )
        json.loads(await ws.recv())  # the first state
        sockets.append(ws)
    return table_id, tokens[0], sockets


async def _play(ws: ClientConnection, seat: int, latencies: list[float]) -> int:
    """Play ``seat`` to the end of the game; returns the number of actions sent."""
    sent: dict[int, float] = {}
    actions = 0
    rng = random.Random(seat)
    async with ws:
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


async def _client_main(
    http_base: str, tables: int, rounds: int, ready: Any, go: Any
) -> tuple[int, list[float], float]:
    ws_base = http_base.replace("http", "ws", 1)
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=http_base, timeout=120, limits=limits) as http:
        made = await asyncio.gather(*(_setup_table(http, ws_base, rounds) for _ in range(tables)))
        ready.set()
        await asyncio.to_thread(go.wait)
        latencies: list[float] = []
        start = time.perf_counter()
        games = [
            asyncio.create_task(_play(ws, seat, latencies))
            for _, _, sockets in made
            for seat, ws in enumerate(sockets)
        ]
        for table_id, owner, _ in made:
            reply = await http.post(
                f"/api/tables/{table_id}/start",
                json={},
                headers={"Authorization": f"Bearer {owner}"},
            )
            reply.raise_for_status()
        total = sum(await asyncio.gather(*games))
        return total, latencies, time.perf_counter() - start


def _client_process(
    http_base: str, tables: int, rounds: int, ready: Any, go: Any, out: Any
) -> None:
    """One load process: its share of the tables, reported through ``out``."""
    out.send(asyncio.run(_client_main(http_base, tables, rounds, ready, go)))
    out.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_healthy(base: str, server: subprocess.Popen[bytes] | None) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server is not None and server.poll() is not None:
            raise SystemExit("the server exited")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/api/health", timeout=2).status_code == 200:
                return
        time.sleep(0.1)  # polling for start-up, not measuring
    raise SystemExit("the server did not start")


def _cpu_seconds(pid: int | None) -> float | None:
    """User plus system CPU time of process ``pid`` and its threads (Linux)."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(
    args: argparse.Namespace, http_base: str, server_pid: int | None = None
) -> dict[str, float]:
    """Run the load against ``http_base``; returns the figures (with the server's
    CPU time per action when ``server_pid`` is known)."""
    ctx = multiprocessing.get_context("spawn")
    go = ctx.Event()
    shares = [
        args.tables // args.clients + (i < args.tables % args.clients) for i in range(args.clients)
    ]
    procs, pipes, readies = [], [], []
    for share in shares:
        if not share:
            continue
        ready = ctx.Event()
        receive, send = ctx.Pipe(duplex=False)
        proc = ctx.Process(
            target=_client_process, args=(http_base, share, args.rounds, ready, go, send)
        )
        proc.start()
        procs.append(proc)
        pipes.append(receive)
        readies.append(ready)
    for ready in readies:
        if not ready.wait(600):
            raise SystemExit("the clients could not set up their tables")
    cpu_before = _cpu_seconds(server_pid)
    go.set()
    results = [pipe.recv() for pipe in pipes]
    cpu_after = _cpu_seconds(server_pid)
    for proc in procs:
        proc.join(30)
    total = sum(r[0] for r in results)
    latencies = sorted(x for r in results for x in r[1])
    elapsed = max(r[2] for r in results)
    figures = {
        "tables": args.tables,
        "actions": total,
        "seconds": elapsed,
        "actions_per_s": total / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[max(0, int(len(latencies) * 0.99) - 1)] * 1000,
    }
    print(
        f"{args.tables} tables ({args.tables * 4} sockets, {len(procs)} client processes): "
        f"{total} actions in {elapsed:.1f} s: {figures['actions_per_s']:.0f} actions/s, "
        f"action-to-broadcast p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms",
        flush=True,
    )
    if cpu_before is not None and cpu_after is not None:
        figures["server_cpu_s"] = cpu_after - cpu_before
        print(
            f"server CPU {figures['server_cpu_s']:.1f} s "
            f"({figures['server_cpu_s'] / elapsed * 100:.0f}% of one core), "
            f"{figures['server_cpu_s'] / total * 1000:.2f} ms per action",
            flush=True,
        )
    return figures


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    parser.add_argument("--loop", default="auto", choices=("auto", "asyncio", "uvloop"))
    parser.add_argument("--http", default="auto", choices=("auto", "h11", "httptools"))
    parser.add_argument(
        "--ws-compression", action="store_true", help="let the server compress messages"
    )
    parser.add_argument("--src", default=None, help="run the server from this src/ folder")
    args = parser.parse_args()
    if args.url:
        run(args, args.url.rstrip("/"))
        return
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        env = dict(os.environ)
        if args.src:
            env["PYTHONPATH"] = args.src
        server = subprocess.Popen(
            [
                sys.executable,
                "-c",
                SERVER,
                f"sqlite:///{tmp}/bench.db",
                str(port),
                args.loop,
                args.http,
                "on" if args.ws_compression else "off",
            ],
            env=env,
        )
        print(f"server pid {server.pid} on port {port}", flush=True)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_healthy(base, server)
            run(args, base, server.pid)
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
