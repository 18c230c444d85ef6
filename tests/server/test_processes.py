"""The server's bot workers never outlive it: not after ``kill -9``, idle or while
its bots think, nor after a SIGTERM while they think; nor does a worker in a search
that would never end outlive a pool's process killed with ``kill -9``.

The server runs as ``cardtable serve --bot-workers 2`` in a session of its own, so
everything it started, workers and any helper process alike, shares its session
id; after the server is gone the test waits (bounded) until no live process of that
session remains. Linux only (reads /proc)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the process table in /proc"
)

TIMEOUT = 60.0
WORKERS = 2
STRONG = {"kind": "bot", "level": "ismcts-strong"}


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (field 3 onwards)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return raw[raw.rindex(")") + 2 :].split()


def session_members(sid: int) -> dict[int, str]:
    """The live (not zombie) processes of session ``sid``: pid to command line."""
    members: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        fields = _stat(int(entry.name))
        if fields is None or fields[0] in "ZX" or int(fields[3]) != sid:
            continue
        with contextlib.suppress(OSError):
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
            members[int(entry.name)] = cmdline.decode(errors="replace").strip()
    return members


def kill_session(sid: int) -> None:
    """SIGKILL every live process of session ``sid``."""
    for pid in session_members(sid):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def wait_session_gone(sid: int, what: str) -> None:
    """Wait (bounded) until no live process of session ``sid`` remains."""
    deadline = time.monotonic() + TIMEOUT
    while left := session_members(sid):
        assert time.monotonic() < deadline, f"processes outlived {what}: {left}"
        time.sleep(0.02)  # polling for exits, bounded by the deadline


def wait_for(condition: Callable[[], Any], what: str, timeout: float = TIMEOUT) -> Any:
    """Poll ``condition`` until it returns something true (bounded)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)  # polling a condition, not timing


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    """A ``cardtable serve`` process and its base URL."""

    process: subprocess.Popen[bytes]
    base: str

    @property
    def pid(self) -> int:
        """The server's pid (and its session's id)."""
        return self.process.pid


@contextlib.contextmanager
def serve(*options: str) -> Iterator[Server]:
    """``cardtable serve`` on a free port with ``options``, in a session of its own,
    once it answers; the session is killed whatever the test's outcome."""
    port = _free_port()
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "cardtable.cli", "serve", "--host", "127.0.0.1"),
            *("--port", str(port), "--log-level", "warning", *options),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    started = Server(process, f"http://127.0.0.1:{port}")

    def healthy() -> bool:
        assert process.poll() is None, "the server exited"
        with contextlib.suppress(httpx.HTTPError):
            return httpx.get(f"{started.base}/api/health", timeout=5).status_code == 200
        return False

    try:
        wait_for(healthy, "the server to answer")
        yield started
    finally:
        kill_session(process.pid)  # a failed test leaves nothing either
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(10)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The server with two bot workers, bots playing at once, a dropped human taken
    over at once."""
    with serve(
        *("--database", f"sqlite:///{tmp_path / 'db.sqlite'}", "--bot-workers", str(WORKERS)),
        *("--bot-delay", "0", "--hold-seconds", "0"),
    ) as started:
        yield started


def workers_ready(server: Server) -> dict[int, str]:
    """The server's bot workers, once all have started: each watches for the
    server's death on a thread of its own, so has two threads."""
    members = session_members(server.pid)
    members.pop(server.pid, None)
    workers = {pid: cmd for pid, cmd in members.items() if "cardtable-bot-" in cmd}
    if len(workers) < WORKERS + 1:  # the search workers and the cheap one
        return {}
    for pid in workers:
        fields = _stat(pid)
        if fields is None or int(fields[17]) < 2:  # num_threads
            return {}
    return members


def start_a_table_of_strong_bots(base: str) -> None:
    """A guest's Kraken table of three ismcts-strong bots and the guest, who is not
    connected (so the heuristic takes the seat at once), started: the bots think."""
    with httpx.Client(base_url=base, timeout=30) as http:
        reply = http.post("/api/guest", json={"name": "Procs"})
        assert reply.status_code == 200, reply.text
        token = reply.json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        body = {"game": "kraken", "seats": [{"kind": "human"}, STRONG, STRONG, STRONG]}
        reply = http.post("/api/tables", json=body, headers=auth)
        assert reply.status_code == 200, reply.text
        table = reply.json()["table"]["id"]
        reply = http.post(f"/api/tables/{table}/start", json={}, headers=auth)
        assert reply.status_code == 200, reply.text


def thinking(workers: dict[int, str]) -> bool:
    """Whether a search worker is running, having used CPU time."""
    for pid, cmd in workers.items():
        fields = _stat(pid)
        if "cardtable-bot-search" in cmd and fields is not None:
            cpu = int(fields[11]) + int(fields[12])  # utime + stime, in ticks
            if fields[0] == "R" and cpu > 0:
                return True
    return False


@pytest.mark.parametrize(
    ("how", "busy"),
    [("kill", False), ("kill", True), ("term", True)],
    ids=["kill-9-idle", "kill-9-thinking", "sigterm-thinking"],
)
def test_no_worker_outlives_the_server(server: Server, how: str, busy: bool) -> None:
    workers = wait_for(lambda: workers_ready(server), "the bot workers to start")
    if busy:
        start_a_table_of_strong_bots(server.base)
        wait_for(lambda: thinking(workers), "a bot to think")
    assert len(session_members(server.pid)) >= WORKERS + 2, "the server and its workers"
    server.process.send_signal(signal.SIGKILL if how == "kill" else signal.SIGTERM)
    status = server.process.wait(TIMEOUT)
    # uvicorn shuts down gracefully on SIGTERM, then re-raises it: -SIGTERM (or 0)
    assert status in ((-signal.SIGKILL,) if how == "kill" else (0, -signal.SIGTERM))
    wait_session_gone(server.pid, "the server")


ROOT = Path(__file__).resolve().parents[2]
HANGING_POOL = """
import asyncio, sys
from cardtable.server.botpool import BotPool
from tests.server.test_bot_pool import hang_searches

async def main():
    pool = BotPool(1, decide_fn=hang_searches, limits={"ismcts": None})
    observation = {"legal_actions": ["a", "b"], "log": sys.argv[1]}
    await pool.decide("kraken", "ismcts", observation, 1, owner="A")

asyncio.run(main())
"""


def test_a_worker_stuck_in_a_search_ends_with_its_killed_parent(tmp_path: Path) -> None:
    # the search never ends, so the worker never reads its socket again: only its
    # watch on the parent (PR_SET_PDEATHSIG, a pidfd) can end it
    log = tmp_path / "searches.log"
    parent = subprocess.Popen(
        [sys.executable, "-c", HANGING_POOL, str(log)], cwd=ROOT, start_new_session=True
    )
    try:
        wait_for(lambda: log.exists() and log.read_text().strip(), "the search to start")
        workers = session_members(parent.pid)
        workers.pop(parent.pid, None)
        assert len(workers) == 2, workers  # the search worker and the cheap one
        parent.kill()
        parent.wait(TIMEOUT)
        wait_session_gone(parent.pid, "their parent")
    finally:
        kill_session(parent.pid)
        with contextlib.suppress(subprocess.TimeoutExpired):
            parent.wait(10)
