"""Load on the game server, in two scenarios (``--scenario load``, ``abuse``, or
``all``: both, one after the other, each on a fresh server).

``load``: N concurrent Kraken tables of four WebSocket clients. The clients run in
``--clients`` other processes (so the figures measure the server, not a client
sharing its event loop). Each client plays its seat (a uniformly random legal
action) over a real socket on loopback; the benchmark reports actions per second and
the latency from sending an action to receiving the broadcast update of it (median,
p95, p99 over every seat's action; the p99 should stay under 100 ms at 200 tables).

``abuse``: one user keeps 20 tables of four ``ismcts-strong`` bots busy while 50
normal tables play, each normal table one human (this benchmark, answering at once)
and three ``heuristic`` bots, owned by its own guest. Measured: the normal tables'
bot-move latency, from the broadcast that made it a bot's turn to the broadcast of
that bot's action (as the human's socket receives them; ``bot_delay`` is 0, and
subtracted if it were not). A warm-up game first, then a baseline (the 50 normal
tables alone), then the same 50 tables again (same deals: the seeds are chosen)
while the abuser's 20 tables run, all in one process against one server. The goal:
the normal tables' p99 with the abuser within 2x of the baseline's. The abuser's
games are aborted at the end of the phase (and dealt again meanwhile if one ends).
``--repeat N`` runs N such pairs of phases and pools each side's figures, which
evens out a machine whose other load changes during the run. The normal tables'
heuristic bots run in the pool's cheap lane, so this measures the lanes and the
searches' low priority; ``--normal-level ismcts`` puts the normal tables' bots in the
search lane beside the abuser's, which measures the round robin between owners.

    .venv/bin/python benchmarks/server_load.py                      # both, a few minutes
    .venv/bin/python benchmarks/server_load.py --scenario load --tables 200
    .venv/bin/python benchmarks/server_load.py --scenario abuse --normal-tables 50 \\
        --abusive-tables 20 --normal-rounds 20 --repeat 3 --seconds 600

Without ``--url`` a server is started in a child process on a temporary SQLite
file: ``create_app(Settings(...))`` served by uvicorn, with the real bot pool
(``--bot-workers``, default 2 as in ``cardtable serve``), ``bot_delay`` 0, the rate
limits switched off (``limits={name: ""}``), and ``max_open_tables`` raised to the
abuser's table count (20 by default; the server's default is 10). ``--loop``/``--http``
choose uvicorn's event loop and HTTP parser; ``--src`` runs another checkout's code
(it must speak the same protocol: auth by the first socket message). With ``--url``
the server must allow that many tables per user and not rate-limit the benchmark.

Setting up the tables (guests, tables, sockets) is not timed. Every wait is bounded:
each phase by ``--seconds``, and a phase that runs out says how many tables did not
finish. Only loopback addresses are used.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookiejar import DefaultCookiePolicy
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

SERVER = """
import json, sys, uvicorn
from cardtable.server.app import create_app
from cardtable.server.config import DEFAULT_LIMITS, Settings
port, loop, http, deflate, options = sys.argv[1:6]
settings = Settings(limits={name: "" for name in DEFAULT_LIMITS}, **json.loads(options))
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(port), loop=loop, http=http,
            log_level="warning", ws_max_size=65536, ws_per_message_deflate=deflate == "on",
            timeout_graceful_shutdown=5)
"""

P99_GOAL_MS = 100.0
"""The ``load`` scenario's p99 action-to-broadcast goal."""

RATIO_GOAL = 2.0
"""The ``abuse`` scenario's goal: normal tables' p99 with the abuser / without."""

BOT_DELAY = 0.0
"""The server's ``bot_delay`` in this benchmark (subtracted from bot-move latencies)."""

MAX_MESSAGES = 1_000_000
"""Bound on the messages one socket reads in one game (besides the time bound)."""

SETUP_SECONDS = 600.0
"""Bound on setting up the tables of one scenario."""


# -- figures ------------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank ``p`` percentile (0 < p <= 100) of ``values``.

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50), percentile(list(range(1, 101)), 99)
    (3.0, 99)
    """
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def summary(seconds: list[float]) -> dict[str, float]:
    """Median, p95 and p99 (in ms) and the count of ``seconds``."""
    if not seconds:
        return {"n": 0, "median_ms": math.nan, "p95_ms": math.nan, "p99_ms": math.nan}
    ms = [s * 1000 for s in seconds]
    return {
        "n": len(ms),
        "median_ms": statistics.median(ms),
        "p95_ms": percentile(ms, 95),
        "p99_ms": percentile(ms, 99),
        "max_ms": max(ms),
    }


def _line(figures: dict[str, float]) -> str:
    return (
        f"median {figures['median_ms']:.1f} ms, p95 {figures['p95_ms']:.1f} ms, "
        f"p99 {figures['p99_ms']:.1f} ms (n={figures['n']:.0f})"
    )


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


# -- the server ---------------------------------------------------------------------------


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


def _children(pid: int | None) -> dict[int, float]:
    """The CPU seconds of each live child process of ``pid`` (the bot workers; Linux)."""
    out: dict[int, float] = {}
    if pid is None or not os.path.isdir("/proc"):
        return out
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out[int(name)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return out


def _children_used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds the children used between two :func:`_children` readings (a worker
    replaced meanwhile counts from 0; one that ended is lost)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


@contextlib.contextmanager
def _server(args: argparse.Namespace, options: dict[str, Any]) -> Iterator[tuple[str, int | None]]:
    """A server for one scenario (or ``--url``): its base URL and pid."""
    if args.url:
        yield args.url.rstrip("/"), None
        return
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        env = dict(os.environ)
        if args.src:
            env["PYTHONPATH"] = args.src
        settings = {
            "database": f"sqlite:///{tmp}/bench.db",
            "bot_workers": args.bot_workers,
            "bot_delay": BOT_DELAY,
            **options,
        }
        server = subprocess.Popen(
            [
                sys.executable,
                "-c",
                SERVER,
                str(port),
                args.loop,
                args.http,
                "on" if args.ws_compression else "off",
                json.dumps(settings),
            ],
            env=env,
        )
        shown = {k: v for k, v in settings.items() if k != "database"}
        print(
            f"server pid {server.pid} on 127.0.0.1:{port}: Settings({shown}, rate limits off)",
            flush=True,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_healthy(base, server)
            yield base, server.pid
        finally:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)


# -- the API ------------------------------------------------------------------------------


def _without_cookies(http: httpx.AsyncClient) -> httpx.AsyncClient:
    """``http`` keeping no cookie: a bearer token speaks for the benchmark (a session
    cookie would make its requests need the server's own Origin)."""
    http.cookies.jar.set_policy(DefaultCookiePolicy(allowed_domains=[]))
    return http


async def _post(http: httpx.AsyncClient, path: str, token: str | None, body: Any) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    reply = await http.post(path, json=body, headers=headers)
    if reply.status_code >= 400:
        raise SystemExit(f"POST {path}: {reply.status_code} {reply.text}")
    return reply.json()


async def _guest(http: httpx.AsyncClient, name: str) -> str:
    token: str = (await _post(http, "/api/guest", None, {"name": name}))["token"]
    return token


async def _recv(ws: ClientConnection, deadline: float) -> Any:
    """The next message, parsed, or None once ``deadline`` (monotonic) has passed."""
    try:
        async with asyncio.timeout(deadline - time.monotonic()):
            return json.loads(await ws.recv())
    except TimeoutError:
        return None


async def _open_socket(ws_base: str, table_id: str, token: str) -> ClientConnection:
    """A table socket, authenticated by its first message, its first ``state`` read."""
    ws = await connect(f"{ws_base}/ws/tables/{table_id}", max_size=2**22, open_timeout=120)
    await ws.send(json.dumps({"type": "auth", "token": token}))
    first = json.loads(await asyncio.wait_for(ws.recv(), 120))
    if first.get("type") != "state":
        raise SystemExit(f"table {table_id}: the socket was refused: {first}")
    return ws


# -- scenario "load": tables of four human clients ---------------------------------------


async def _setup_table(
    http: httpx.AsyncClient, ws_base: str, rounds: int, gate: asyncio.Semaphore
) -> tuple[str, str, list[ClientConnection]]:
    """A table of four guests with their sockets connected; returns its id, the
    owner's token and the sockets (seat order)."""
    async with gate:
        tokens = [await _guest(http, f"bench{i}") for i in range(4)]
        created = await _post(
            http, "/api/tables", tokens[0], {"game": "kraken", "rules": {"rounds": rounds}}
        )
        table_id, invite = created["table"]["id"], created["invite"]
        for token in tokens[1:]:
            await _post(http, f"/api/tables/{table_id}/join", token, {"invite": invite})
        sockets = [await _open_socket(ws_base, table_id, token) for token in tokens]
        return table_id, tokens[0], sockets


async def _play(
    ws: ClientConnection, seat: int, latencies: list[float], deadline: float
) -> tuple[int, bool]:
    """Play ``seat`` to the end of the game or ``deadline`` (monotonic); returns the
    number of actions sent and whether the game ended."""
    sent: dict[int, float] = {}
    actions = 0
    rng = random.Random(seat)
    try:
        async with ws, asyncio.timeout(deadline - time.monotonic()):
            for _ in range(MAX_MESSAGES):
                message = json.loads(await ws.recv())
                if message["type"] not in ("state", "update"):
                    continue
                version = message["version"]
                if version in sent:
                    latencies.append(time.perf_counter() - sent.pop(version))
                if any(e["type"] == "game_over" for e in message.get("events", [])):
                    return actions, True
                obs = message.get("observation")
                if obs and message["to_move"] == seat and obs["legal_actions"]:
                    action = rng.choice(obs["legal_actions"])
                    sent[version + 1] = time.perf_counter()
                    text = json.dumps(
                        {"type": "action", "id": f"{seat}-{version}", "action": action}
                    )
                    await ws.send(text)
                    actions += 1
    except TimeoutError:
        pass
    return actions, False


async def _client_main(
    http_base: str, tables: int, rounds: int, seconds: float, ready: Any, go: Any
) -> tuple[int, list[float], float, int]:
    ws_base = http_base.replace("http", "ws", 1)
    limits = httpx.Limits(max_connections=20)
    gate = asyncio.Semaphore(20)
    async with httpx.AsyncClient(base_url=http_base, timeout=120, limits=limits) as http:
        _without_cookies(http)
        made = await asyncio.wait_for(
            asyncio.gather(*(_setup_table(http, ws_base, rounds, gate) for _ in range(tables))),
            SETUP_SECONDS,
        )
        ready.set()
        if not await asyncio.to_thread(go.wait, SETUP_SECONDS):
            raise SystemExit("the other client processes did not get ready")
        latencies: list[float] = []
        start = time.perf_counter()
        deadline = time.monotonic() + seconds
        games = [
            asyncio.create_task(_play(ws, seat, latencies, deadline))
            for _, _, sockets in made
            for seat, ws in enumerate(sockets)
        ]
        for table_id, owner, _ in made:
            await _post(http, f"/api/tables/{table_id}/start", owner, {})
        played = await asyncio.gather(*games)
        unfinished = sum(not ended for _, ended in played) // 4
        total = sum(actions for actions, _ in played)
        return total, latencies, time.perf_counter() - start, unfinished


def _client_process(
    http_base: str, tables: int, rounds: int, seconds: float, ready: Any, go: Any, out: Any
) -> None:
    """One load process: its share of the tables, reported through ``out``."""
    out.send(asyncio.run(_client_main(http_base, tables, rounds, seconds, ready, go)))
    out.close()


def _ratios(figures: dict[str, float], baseline: dict[str, float]) -> str:
    """This run's figures as ratios of the baseline's (same load, same machine)."""
    per_action = {
        name: f["server_cpu_s"] / max(f["actions"], 1) * 1000
        for name, f in (("this", figures), ("baseline", baseline))
        if "server_cpu_s" in f
    }
    parts = [
        f"actions/s x{figures['actions_per_s'] / baseline['actions_per_s']:.2f}",
        f"p99 {figures['p99_ms']:.1f} ms vs {baseline['p99_ms']:.1f} ms "
        f"(x{figures['p99_ms'] / baseline['p99_ms']:.2f})",
    ]
    if len(per_action) == 2:
        parts.append(
            f"server CPU per action {per_action['this']:.2f} ms vs "
            f"{per_action['baseline']:.2f} ms (x{per_action['this'] / per_action['baseline']:.2f})"
        )
    return "against the baseline: " + "; ".join(parts)


def run_load(
    args: argparse.Namespace, http_base: str, server_pid: int | None = None
) -> dict[str, float]:
    """The ``load`` scenario against ``http_base``; returns the figures (with the
    server's CPU time per action when ``server_pid`` is known)."""
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
            target=_client_process,
            args=(http_base, share, args.rounds, args.seconds, ready, go, send),
        )
        proc.start()
        procs.append(proc)
        pipes.append(receive)
        readies.append(ready)
    try:
        for ready in readies:
            if not ready.wait(SETUP_SECONDS):
                raise SystemExit("the clients could not set up their tables")
        print(f"load: {args.tables} tables set up; {_load()}", flush=True)
        cpu_before = _cpu_seconds(server_pid)
        go.set()
        results = []
        for pipe in pipes:
            if not pipe.poll(args.seconds + 120):
                raise SystemExit("a client process did not report")
            results.append(pipe.recv())
        cpu_after = _cpu_seconds(server_pid)
    finally:
        for proc in procs:
            proc.join(30)
            if proc.is_alive():
                proc.kill()
    total = sum(r[0] for r in results)
    latencies = [x for r in results for x in r[1]]
    elapsed = max(r[2] for r in results)
    unfinished = sum(r[3] for r in results)
    figures: dict[str, float] = {
        "tables": args.tables,
        "actions": total,
        "seconds": elapsed,
        "actions_per_s": total / elapsed,
        **summary(latencies),
    }
    verdict = "yes" if figures["p99_ms"] < P99_GOAL_MS else "NO"
    print(
        f"load: {args.tables} tables ({args.tables * 4} sockets, {len(procs)} client "
        f"processes): {total} actions in {elapsed:.1f} s: {figures['actions_per_s']:.0f} "
        f"actions/s; action-to-broadcast {_line(figures)}; "
        f"p99 under {P99_GOAL_MS:.0f} ms: {verdict}",
        flush=True,
    )
    if unfinished:
        print(f"load: {unfinished} tables did not finish within {args.seconds:g} s", flush=True)
    if cpu_before is not None and cpu_after is not None:
        figures["server_cpu_s"] = cpu_after - cpu_before
        print(
            f"load: server CPU {figures['server_cpu_s']:.1f} s "
            f"({figures['server_cpu_s'] / elapsed * 100:.0f}% of one core), "
            f"{figures['server_cpu_s'] / max(total, 1) * 1000:.2f} ms per action; {_load()}",
            flush=True,
        )
    return figures


# -- scenario "abuse": normal tables beside one user's tables of strong bots ---------------


@dataclass
class _Normal:
    """A normal table: its owner's token and socket (seat 0, the human), and the deal."""

    table_id: str
    token: str
    ws: ClientConnection
    seed: int
    game_id: str | None = None
    """The game being played, or the last one."""


@dataclass
class _Samples:
    bot: list[float] = field(default_factory=list)
    """Normal tables: a bot's turn broadcast to its action's broadcast (seconds)."""
    human: list[float] = field(default_factory=list)
    """Normal tables: the human's action sent to its broadcast received (seconds)."""
    errors: list[str] = field(default_factory=list)


async def _normal_game(table: _Normal, deadline: float, samples: _Samples) -> bool:
    """Play the table's next game (the first whose id is not ``table.game_id``) as the
    human of seat 0, timing the bots' moves; True if the game ended by ``deadline``."""
    try:
        async with asyncio.timeout(deadline - time.monotonic()):
            return await _normal_moves(table, samples)
    except TimeoutError:
        return False


async def _normal_moves(table: _Normal, samples: _Samples) -> bool:
    previous = table.game_id
    rng = random.Random(table.seed)
    pending: tuple[int, int, float] | None = None  # version, bot seat, when its turn came
    sent: dict[int, float] = {}
    for _ in range(MAX_MESSAGES):
        raw = await table.ws.recv()
        now = time.perf_counter()
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "error":
            samples.errors.append(f"{table.table_id}: {message.get('code')}")
            continue
        if kind not in ("state", "update"):
            continue
        game_id = message.get("game_id")
        if game_id is None or game_id == previous:
            continue  # the start of the last game, or the table before a game
        table.game_id = game_id
        version, to_move = message["version"], message.get("to_move")
        events = message.get("events") or []
        if pending is not None and kind == "update" and version == pending[0] + 1:
            first = events[0] if events else {}
            if first.get("source") == "bot" and first.get("seat") == pending[1]:
                samples.bot.append(now - pending[2] - BOT_DELAY)
        pending = None
        if version in sent:
            samples.human.append(now - sent.pop(version))
        if any(e.get("type") == "game_over" for e in events) or message.get("result"):
            return True
        if to_move is None:
            continue
        if to_move != 0:
            pending = (version, to_move, now)
            continue
        legal = (message.get("observation") or {}).get("legal_actions")
        if legal:
            sent[version + 1] = time.perf_counter()
            action = {"type": "action", "id": f"g{version}-{game_id}", "action": rng.choice(legal)}
            await table.ws.send(json.dumps(action))
    return False


async def _play_normal(
    http: httpx.AsyncClient, tables: list[_Normal], seconds: float, samples: _Samples
) -> tuple[float, int]:
    """Start (or restart, with the same deals) every normal table's game and play
    them all; returns the seconds taken and how many did not finish in time (their
    games are aborted, so that the next phase can deal again)."""
    deadline = time.monotonic() + seconds
    start = time.perf_counter()
    games = [asyncio.create_task(_normal_game(t, deadline, samples)) for t in tables]
    for t in tables:
        await _post(http, f"/api/tables/{t.table_id}/start", t.token, {"seed": t.seed})
    ended = await asyncio.gather(*games)
    elapsed = time.perf_counter() - start
    for t, done in zip(tables, ended, strict=True):
        if not done:
            with contextlib.suppress(SystemExit):
                await _post(http, f"/api/tables/{t.table_id}/abort", t.token, {})
    return elapsed, sum(not e for e in ended)


_CASUAL = {"public": False, "rated": False}
"""The abuse scenario's tables: private, and casual so that a game still running at
the end of a phase can be aborted (a rated game cannot be once it has begun)."""


async def _make_normal(
    http: httpx.AsyncClient,
    ws_base: str,
    index: int,
    rounds: int,
    level: str,
    gate: asyncio.Semaphore,
) -> _Normal:
    async with gate:
        token = await _guest(http, f"player{index}")
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": level}] * 3
        body = {"game": "kraken", "rules": {"rounds": rounds}, "seats": seats, **_CASUAL}
        table_id = (await _post(http, "/api/tables", token, body))["table"]["id"]
        ws = await _open_socket(ws_base, table_id, token)
        return _Normal(table_id, token, ws, seed=1000 + index)


@dataclass
class _Abuser:
    """The abusive user: one token, its tables (with a socket each, as a spectator)
    and their games in play, and the moves seen at them."""

    token: str
    tables: list[str]
    sockets: list[ClientConnection]
    games: dict[str, str] = field(default_factory=dict)
    moves: list[float] = field(default_factory=list)
    dealt: int = 0

    async def deal(self, http: httpx.AsyncClient, table_id: str) -> None:
        """Start a new game at ``table_id`` and remember its id."""
        view = (await _post(http, f"/api/tables/{table_id}/start", self.token, {}))["table"]
        self.games[table_id] = view["game_id"]
        self.dealt += 1

    async def watch(self, http: httpx.AsyncClient, index: int, deadline: float) -> None:
        """Count the bot moves of one table's current game, and deal again whenever the
        game ends, until ``deadline`` (or until cancelled)."""
        ws, table_id = self.sockets[index], self.tables[index]
        while time.monotonic() < deadline:
            message = await _recv(ws, deadline)
            if message is None:
                return
            if message.get("type") != "update" or message.get("game_id") != self.games.get(
                table_id
            ):
                continue  # a table message, or a move of an aborted game
            self.moves.append(time.perf_counter())
            if any(e.get("type") == "game_over" for e in message.get("events") or []):
                await self.deal(http, table_id)

    async def stop(self, http: httpx.AsyncClient) -> None:
        """Abort every table's game."""
        for table_id in self.tables:
            self.games.pop(table_id, None)
            reply = await http.post(
                f"/api/tables/{table_id}/abort", headers={"Authorization": f"Bearer {self.token}"}
            )
            if reply.status_code != 200:
                print(f"abort {table_id}: {reply.status_code} {reply.text}", flush=True)


async def _make_abuser(
    http: httpx.AsyncClient, ws_base: str, count: int, rounds: int, gate: asyncio.Semaphore
) -> _Abuser:
    token = await _guest(http, "abuser")
    seats = [{"kind": "bot", "level": "ismcts-strong"}] * 4
    body = {"game": "kraken", "rules": {"rounds": rounds}, "seats": seats, **_CASUAL}

    async def one() -> tuple[str, ClientConnection]:
        async with gate:
            table_id = (await _post(http, "/api/tables", token, body))["table"]["id"]
            return table_id, await _open_socket(ws_base, table_id, token)

    made = await asyncio.gather(*(one() for _ in range(count)))
    return _Abuser(token, [t for t, _ in made], [ws for _, ws in made])


def _report(name: str, samples: _Samples, seconds: float, unfinished: int) -> dict[str, float]:
    figures = summary(samples.bot)
    human = summary(samples.human)
    print(
        f"abuse/{name}: normal tables' bot-move latency {_line(figures)}; "
        f"their human's action-to-broadcast {_line(human)}; {seconds:.1f} s",
        flush=True,
    )
    if unfinished:
        print(f"abuse/{name}: {unfinished} normal tables did not finish in time", flush=True)
    if samples.errors:
        print(f"abuse/{name}: {len(samples.errors)} errors, e.g. {samples.errors[:3]}", flush=True)
    figures["human_p99_ms"] = human["p99_ms"]
    figures["seconds"] = seconds
    return figures


def _cpu_line(
    server_pid: int | None, cpu0: float | None, kids0: dict[int, float], seconds: float
) -> str:
    """The server's and its bot workers' CPU time since ``cpu0``/``kids0``."""
    cpu1, kids1 = _cpu_seconds(server_pid), _children(server_pid)
    if cpu0 is None or cpu1 is None:
        return ""
    used = _children_used(kids0, kids1)
    return (
        f"server CPU {cpu1 - cpu0:.1f} s ({(cpu1 - cpu0) / seconds:.2f} cores), its bot "
        f"workers {used:.1f} s ({used / seconds:.2f} cores); "
    )


async def _baseline(
    http: httpx.AsyncClient, tables: list[_Normal], args: argparse.Namespace, pid: int | None
) -> _Samples:
    """The normal tables alone."""
    print(f"abuse/baseline: starting; {_load()}", flush=True)
    samples = _Samples()
    cpu0, kids0 = _cpu_seconds(pid), _children(pid)
    seconds, unfinished = await _play_normal(http, tables, args.seconds, samples)
    cpu = _cpu_line(pid, cpu0, kids0, seconds)
    _report("baseline", samples, seconds, unfinished)
    print(f"abuse/baseline: {cpu}{_load()}", flush=True)
    return samples


async def _with_abuser(
    http: httpx.AsyncClient,
    tables: list[_Normal],
    abuser: _Abuser,
    args: argparse.Namespace,
    pid: int | None,
) -> _Samples:
    """The same normal tables again while the abuser's tables run (dealt first, and
    aborted at the end)."""
    phase_end = time.monotonic() + args.seconds + 180
    watchers = [
        asyncio.create_task(abuser.watch(http, i, phase_end)) for i in range(len(abuser.tables))
    ]
    samples = _Samples()
    try:
        for table_id in abuser.tables:
            await abuser.deal(http, table_id)
        moves_before = len(abuser.moves)
        busy_by = time.monotonic() + 120
        while len(abuser.moves) == moves_before and time.monotonic() < busy_by:
            await asyncio.sleep(0.05)  # until the first search has been played
        print(
            f"abuse/with-abuser: {len(abuser.tables)} abusive tables dealt (their first "
            f"search done); {_load()}",
            flush=True,
        )
        moves_before, dealt_before = len(abuser.moves), abuser.dealt
        cpu0, kids0 = _cpu_seconds(pid), _children(pid)
        seconds, unfinished = await _play_normal(http, tables, args.seconds, samples)
        cpu = _cpu_line(pid, cpu0, kids0, seconds)
        moves = len(abuser.moves) - moves_before
        _report("with-abuser", samples, seconds, unfinished)
        print(
            f"abuse/with-abuser: meanwhile the abuser's tables made {moves} moves "
            f"({moves / seconds:.1f}/s; {abuser.dealt - dealt_before} games dealt again); "
            f"{cpu}{_load()}",
            flush=True,
        )
    finally:
        for task in watchers:
            task.cancel()
        await asyncio.gather(*watchers, return_exceptions=True)
        await abuser.stop(http)
        waited = await _workers_idle(pid)
        print(f"abuse/with-abuser: aborted; the bot workers idle after {waited:.1f} s", flush=True)
    return samples


async def _workers_idle(pid: int | None, limit: float = 20.0) -> float:
    """Wait until the server's bot workers have stopped computing (the searches in
    flight when the abuser's games were aborted run to their end), at most ``limit``
    seconds; returns the seconds waited. Without a pid, waits for the longest
    search's wall-clock limit (6 s)."""
    start = time.monotonic()
    if pid is None:
        await asyncio.sleep(6.0)
        return 6.0
    before = _children(pid)
    while time.monotonic() - start < limit:
        await asyncio.sleep(0.5)
        after = _children(pid)
        if _children_used(before, after) < 0.05:  # under a tenth of a core
            break
        before = after
    return time.monotonic() - start


async def _abuse_main(
    args: argparse.Namespace, http_base: str, server_pid: int | None
) -> dict[str, float]:
    ws_base = http_base.replace("http", "ws", 1)
    limits = httpx.Limits(max_connections=20)
    gate = asyncio.Semaphore(10)
    async with httpx.AsyncClient(base_url=http_base, timeout=120, limits=limits) as http:
        _without_cookies(http)
        tables, warm, abuser = await asyncio.wait_for(
            asyncio.gather(
                asyncio.gather(
                    *(
                        _make_normal(http, ws_base, i, args.normal_rounds, args.normal_level, gate)
                        for i in range(args.normal_tables)
                    )
                ),
                _make_normal(http, ws_base, args.normal_tables, 1, args.normal_level, gate),
                _make_abuser(http, ws_base, args.abusive_tables, args.abusive_rounds, gate),
            ),
            SETUP_SECONDS,
        )
        print(
            f"abuse: {len(tables)} normal tables (1 human + 3 {args.normal_level} bots, one owner "
            f"each, {args.normal_rounds} round(s) a game); 1 abuser owning "
            f"{len(abuser.tables)} tables of 4 ismcts-strong bots ({args.abusive_rounds} "
            f"rounds a game); max_open_tables={_max_open_tables(args)} (server default 10)",
            flush=True,
        )
        await _play_normal(http, [warm], args.seconds, _Samples())  # the workers warm up
        alone, abused = _Samples(), _Samples()
        for repeat in range(args.repeat):
            if args.repeat > 1:
                print(f"abuse: pair {repeat + 1} of {args.repeat}", flush=True)
            one = await _baseline(http, tables, args, server_pid)
            two = await _with_abuser(http, tables, abuser, args, server_pid)
            for pooled, new in ((alone, one), (abused, two)):
                pooled.bot += new.bot
                pooled.human += new.human
                pooled.errors += new.errors
        for ws in [t.ws for t in [*tables, warm]] + abuser.sockets:
            await ws.close()
    baseline, with_abuser = summary(alone.bot), summary(abused.bot)
    if args.repeat > 1:
        print(f"abuse: pooled over {args.repeat} pairs:", flush=True)
        print(f"abuse/baseline: normal tables' bot-move latency {_line(baseline)}", flush=True)
        print(f"abuse/with-abuser: normal tables' bot-move latency {_line(with_abuser)}")
    ratio = with_abuser["p99_ms"] / baseline["p99_ms"]
    verdict = "yes" if ratio <= RATIO_GOAL else "NO"
    print(
        f"abuse: normal tables' bot-move p99 {baseline['p99_ms']:.1f} ms alone, "
        f"{with_abuser['p99_ms']:.1f} ms with the abuser: ratio {ratio:.2f} "
        f"(median {with_abuser['median_ms'] / baseline['median_ms']:.2f}, "
        f"p95 {with_abuser['p95_ms'] / baseline['p95_ms']:.2f}); "
        f"within {RATIO_GOAL:g}x: {verdict}",
        flush=True,
    )
    return {
        **{f"baseline_{k}": v for k, v in baseline.items()},
        **{f"abused_{k}": v for k, v in with_abuser.items()},
        "p99_ratio": ratio,
    }


def _max_open_tables(args: argparse.Namespace) -> int:
    """The server's ``max_open_tables`` for the abuse scenario: the abuser's table
    count (the default cap, 10, would refuse the abuser's 11th table)."""
    return max(10, args.abusive_tables)


def run_abuse(
    args: argparse.Namespace, http_base: str, server_pid: int | None = None
) -> dict[str, float]:
    """The ``abuse`` scenario against ``http_base`` (the client in this process)."""
    return asyncio.run(_abuse_main(args, http_base, server_pid))


# -- the command --------------------------------------------------------------------------


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scenario", default="all", choices=("load", "abuse", "all"))
    parser.add_argument("--tables", type=int, default=200, help="load: tables of 4 humans")
    parser.add_argument("--clients", type=int, default=2, help="load: client processes")
    parser.add_argument("--normal-tables", type=int, default=50, help="abuse: normal tables")
    parser.add_argument("--abusive-tables", type=int, default=20, help="abuse: the abuser's tables")
    parser.add_argument("--rounds", type=int, default=1, help="load: rounds a game")
    parser.add_argument(
        "--normal-rounds", type=int, default=8, help="abuse: rounds a game at the normal tables"
    )
    parser.add_argument(
        "--normal-level",
        default="heuristic",
        help="abuse: the normal tables' bot level (ismcts: they share the search lane "
        "with the abuser, in turn by owner)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="abuse: pairs of phases (baseline, with the abuser), figures pooled",
    )
    parser.add_argument(
        "--abusive-rounds",
        type=int,
        default=8,
        help="abuse: rounds a game at the abuser's tables (aborted at the end anyway)",
    )
    parser.add_argument("--seconds", type=float, default=240, help="bound on each measured phase")
    parser.add_argument("--bot-workers", type=int, default=2, help="the server's bot_workers")
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    parser.add_argument("--loop", default="auto", choices=("auto", "asyncio", "uvloop"))
    parser.add_argument("--http", default="auto", choices=("auto", "h11", "httptools"))
    parser.add_argument(
        "--ws-compression", action="store_true", help="let the server compress messages"
    )
    parser.add_argument("--src", default=None, help="run the server from this src/ folder")
    parser.add_argument(
        "--baseline",
        default=None,
        help="load: first run the same load on a server from this src/ folder (another "
        "checkout, such as main's), then print this one's figures as ratios of its",
    )
    args = parser.parse_args()
    if args.scenario in ("load", "all"):
        baseline = None
        if args.baseline:
            print(f"load: baseline from {args.baseline}", flush=True)
            with _server(argparse.Namespace(**{**vars(args), "src": args.baseline}), {}) as (
                base,
                pid,
            ):
                baseline = run_load(args, base, pid)
            print(f"load: this checkout ({args.src or 'src'})", flush=True)
        with _server(args, {}) as (base, pid):
            figures = run_load(args, base, pid)
        if baseline is not None:
            print(f"load: {_ratios(figures, baseline)}", flush=True)
    if args.scenario in ("abuse", "all"):
        options = {"max_open_tables": _max_open_tables(args), "allow_seed": True}
        with _server(args, options) as (base, pid):
            run_abuse(args, base, pid)


if __name__ == "__main__":
    main()
