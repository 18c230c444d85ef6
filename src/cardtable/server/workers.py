"""Worker processes that die with the server: plain child processes (``subprocess``,
no multiprocessing helper process) answering ``(function, arguments)`` requests on a
socket, each watching its parent (Linux: ``PR_SET_PDEATHSIG`` plus a pidfd;
elsewhere by polling ``getppid``), so none outlives the server however it ends
(``kill -9`` too). A runner kills a worker whose job overruns its wall-clock limit
and starts a new one; the thread runner does the same work in-process (tests).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import pickle
import select
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

__all__ = ["ProcessRunner", "Runner", "ThreadRunner"]

log = logging.getLogger("cardtable.server")


# -- wire format between the server and a worker ----------------------------------------

_HEADER = struct.Struct("!Q")
_START_TIMEOUT = 120.0  # a worker's start (imports) on a very busy machine
_SEND_TIMEOUT = 30.0
_WORKER_ENV = "CARDTABLE_BOT_WORKER"
_BOOT = (
    "import json, os, sys; "
    f"sys.path[:] = json.loads(os.environ[{_WORKER_ENV!r}])['path']; "
    "from cardtable.server.workers import _worker_main; _worker_main()"
)


def _send(sock: socket.socket, payload: bytes) -> None:
    sock.sendall(_HEADER.pack(len(payload)) + payload)


def _recv_exact(sock: socket.socket, size: int, deadline: float | None) -> bytes:
    data = bytearray()
    while len(data) < size:
        if deadline is None:
            sock.settimeout(None)
        else:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            sock.settimeout(remaining)
        chunk = sock.recv(min(size - len(data), 1 << 20))
        if not chunk:
            raise EOFError
        data += chunk
    return bytes(data)


def _recv(sock: socket.socket, deadline: float | None) -> bytes:
    """One message; ``TimeoutError`` past ``deadline`` (monotonic), ``EOFError`` when
    the other end is gone."""
    (size,) = _HEADER.unpack(_recv_exact(sock, _HEADER.size, deadline))
    return _recv_exact(sock, size, deadline)


# -- the worker process ------------------------------------------------------------------


def _watch_parent(parent: int) -> None:
    """Exit the worker as soon as ``parent`` is gone (runs on a daemon thread)."""
    pidfd = None
    with contextlib.suppress(AttributeError, OSError):
        pidfd = os.pidfd_open(parent)
    if os.getppid() != parent:
        os._exit(0)
    if pidfd is not None:
        select.select([pidfd], [], [])  # readable once the process has exited
        os._exit(0)
    while os.getppid() == parent:  # no pidfd: poll (a re-parented worker sees a new ppid)
        time.sleep(0.5)
    os._exit(0)


def _die_with_parent(parent: int) -> None:
    """Make sure this worker does not outlive the server, even after a SIGKILL."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the server died before the line above
        os._exit(0)
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()


def _worker_main() -> None:
    """A worker process: answer ``(fn, args)`` requests on the socket until it closes."""
    config = json.loads(os.environ.pop(_WORKER_ENV))
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    _die_with_parent(int(config["parent"]))
    if config["nice"]:
        with contextlib.suppress(OSError, AttributeError):
            os.nice(int(config["nice"]))
    sock = socket.socket(fileno=int(config["fd"]))
    import cardtable.bots
    import cardtable.bots.adapters
    import cardtable.gurka
    import cardtable.kraken  # noqa: F401  (warm: the first decision is not slower)

    _send(sock, pickle.dumps(("ready", os.getpid())))
    while True:
        try:
            request = _recv(sock, None)
        except (EOFError, OSError):
            break
        try:
            fn, args = pickle.loads(request)
            reply: tuple[str, Any] = ("ok", fn(*args))
        except BaseException as error:  # the server logs it; the worker goes on
            reply = ("error", error)
        try:
            payload = pickle.dumps(reply)
        except Exception as error:
            payload = pickle.dumps(("error", RuntimeError(f"unpicklable result: {error!r}")))
        try:
            _send(sock, payload)
        except OSError:
            break
    sock.close()


# -- runners: where a slot's jobs execute ---------------------------------------------------


class ProcessRunner:
    """One worker process, replaced when it dies or overruns."""

    def __init__(self, name: str, nice: int) -> None:
        self.name, self.nice = name, nice
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._sock: socket.socket | None = None
        self._stopped = False
        self.spawned = 0

    def pid(self) -> int | None:
        """The worker's pid while it runs."""
        proc = self._proc
        return proc.pid if proc is not None and proc.poll() is None else None

    def prepare(self) -> None:
        """Start the worker (and wait until it is ready) unless it runs already."""
        if self._proc is not None and self._proc.poll() is None and self._sock is not None:
            return
        self._discard()
        parent_sock, child_sock = socket.socketpair()
        with self._lock:
            if self._stopped:
                parent_sock.close()
                child_sock.close()
                raise EOFError("the pool is closing")
            env = dict(os.environ)
            env[_WORKER_ENV] = json.dumps(
                {
                    "path": sys.path,
                    "parent": os.getpid(),
                    "nice": self.nice,
                    "fd": child_sock.fileno(),
                }
            )
            try:
                proc = self._proc = subprocess.Popen(
                    [sys.executable, "-c", _BOOT, f"cardtable-bot-{self.name}"],
                    stdin=subprocess.DEVNULL,
                    pass_fds=(child_sock.fileno(),),
                    env=env,
                )
            finally:
                child_sock.close()
            self._sock = parent_sock
            self.spawned += 1
        try:
            hello = pickle.loads(_recv(parent_sock, time.monotonic() + _START_TIMEOUT))
        except TimeoutError:
            self._discard()
            raise RuntimeError(f"bot worker {self.name} did not start in time") from None
        if hello != ("ready", proc.pid):
            self._discard()
            raise RuntimeError(f"unexpected greeting from bot worker {self.name}: {hello!r}")

    def call(
        self, fn: Callable[..., Any], args: tuple[Any, ...], limit: float | None
    ) -> tuple[str, Any]:
        """``(kind, value)``: ``ok`` and the result, ``error`` and the exception,
        ``overrun`` (the worker was killed), or ``closed``."""
        try:
            payload = pickle.dumps((fn, args))
        except Exception as error:
            return "error", error
        try:
            self.prepare()
            sock = self._sock
            assert sock is not None
            sock.settimeout(_SEND_TIMEOUT)
            _send(sock, payload)
            reply = _recv(sock, None if limit is None else time.monotonic() + limit)
        except TimeoutError:
            if self._stopped:
                return "closed", None
            self._discard()
            return "overrun", None
        except (EOFError, OSError) as error:
            if self._stopped:
                return "closed", None
            status = self._discard()
            return "error", RuntimeError(f"the bot worker failed (exit status {status}): {error}")
        kind, value = pickle.loads(reply)
        return kind, value

    def _discard(self) -> int | None:
        """Kill the worker (if any) and wait for it; its exit status."""
        with self._lock:
            if self._stopped:
                return None
            proc, sock = self._proc, self._sock
            self._proc = self._sock = None
        if sock is not None:
            sock.close()
        if proc is None:
            return None
        if proc.poll() is None:
            proc.kill()
        return proc.wait()

    def stop(self) -> None:
        """Start closing: the idle worker reads the end of its socket and exits, and
        the slot waiting on a busy one wakes up."""
        with self._lock:
            self._stopped = True
            if self._sock is not None:
                with contextlib.suppress(OSError):
                    self._sock.shutdown(socket.SHUT_RDWR)

    def reap(self, deadline: float) -> None:
        """Wait for the worker until ``deadline`` (monotonic), then kill it."""
        proc = self._proc
        if proc is None:
            return
        try:
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                log.error("bot worker %s did not die after SIGKILL", proc.pid)

    def dispose(self) -> None:
        """Release the socket (after the slot thread has stopped)."""
        if self._sock is not None:
            self._sock.close()


class ThreadRunner:
    """Runs each job on a fresh daemon thread (the ``workers=0`` mode); a job past
    its limit is abandoned: it finishes in the background, its result unused."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._lock = threading.Lock()
        self._stopped = False
        self._waiting: threading.Event | None = None
        self.spawned = 0

    def pid(self) -> int | None:
        """None: no process."""
        return None

    def prepare(self) -> None:
        """Nothing to start."""

    def call(
        self, fn: Callable[..., Any], args: tuple[Any, ...], limit: float | None
    ) -> tuple[str, Any]:
        """As :meth:`ProcessRunner.call`."""
        done = threading.Event()
        box: list[tuple[str, Any]] = []

        def target() -> None:
            try:
                box.append(("ok", fn(*args)))
            except BaseException as error:
                box.append(("error", error))
            done.set()

        with self._lock:
            if self._stopped:
                return "closed", None
            self._waiting = done
        self.spawned += 1
        threading.Thread(target=target, name=f"bot-{self.name}", daemon=True).start()
        finished = done.wait(limit)
        with self._lock:
            self._waiting = None
        if box:
            return box[0]
        if self._stopped:
            return "closed", None
        assert not finished
        return "overrun", None

    def stop(self) -> None:
        """Wake the slot waiting on a job."""
        with self._lock:
            self._stopped = True
            if self._waiting is not None:
                self._waiting.set()

    def reap(self, deadline: float) -> None:
        """Nothing to kill (an abandoned thread is a daemon)."""

    def dispose(self) -> None:
        """Nothing to release."""


Runner = ProcessRunner | ThreadRunner
