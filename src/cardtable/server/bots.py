"""Bots on the server: levels, stable seeds, and a shared pool that computes decisions
off the event loop, fairly between table owners, within each level's time budget.

A decision is computed from the seat's observation only (the same
``Observation.to_dict()`` a human client receives, rebuilt with the arena
protocol's :func:`~cardtable.arena.protocol.observation_from_dict`), so a bot on
the server knows exactly what a human in its seat would know.

How :class:`BotPool` schedules work:

* Two lanes. Cheap levels (:data:`CHEAP_LEVELS`: milliseconds a decision) run in
  their own worker and never wait behind a search. Expensive levels (ISMCTS) and
  other CPU work (:meth:`BotPool.run`, such as a round's analysis) share ``workers``
  search workers, at most one job each.
* Fairness. Each lane keeps a FIFO per *owner* (the table owner's user id, or
  ``"analysis"``) and a free worker takes the oldest job of the owner served longest
  ago (round robin), so one user's twenty tables of strong bots delay another user's
  table by at most one job per busy owner, not by their whole queue.
* Priority. Search workers run at a lower CPU priority (``nice`` 10), so on a small
  machine the event loop and the cheap lane preempt them.
* Budgets. Each level's search stops at its iteration count or its CPU-time cap
  (:data:`LEVELS`), whichever comes first; the pool also enforces a wall-clock
  limit (:func:`time_limit`). A search still running past it is killed (its worker
  replaced), a warning is logged and the seat plays the heuristic's decision
  instead (:data:`FALLBACK_LEVEL`).
* Lifetime. Workers are plain child processes (``subprocess``, no multiprocessing
  helper process) that exit when the server does, however it ends: each watches its
  parent (Linux: ``PR_SET_PDEATHSIG`` plus a pidfd; elsewhere by polling
  ``getppid``), an idle worker exits when its socket closes, and :meth:`BotPool.close`
  kills any still computing after a short grace.

With ``workers=0`` the same lanes, fairness and limits run on in-process threads
(for tests): a job past its limit is abandoned rather than killed there.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import pickle
import random
import select
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = [
    "CHEAP_LEVELS",
    "FALLBACK_LEVEL",
    "LEVELS",
    "TAKEOVER_LEVEL",
    "BotPool",
    "JobStart",
    "bot_seed",
    "decide",
    "level_spec",
    "time_limit",
]

log = logging.getLogger("cardtable.server")

LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "random": ("random", {}),
    "heuristic": ("heuristic", {}),
    "ismcts": ("ismcts", {"iterations": 300, "milliseconds": 1000}),
    "ismcts-strong": ("ismcts", {"iterations": 2000, "milliseconds": 3000}),
}
"""Bot levels a seat can be given: the registered bot and its options. A search's
budget is its iterations or its ``milliseconds`` of CPU time, whichever ends first
(the iterations, ~0.05 s and ~0.3 s on one core, bind in practice, so a decision
depends only on the observation and the seed)."""

TAKEOVER_LEVEL = "heuristic"
"""The level that plays for a human who dropped or ran out of time."""

CHEAP_LEVELS = frozenset({"random", "heuristic"})
"""Levels that decide in milliseconds: they run in the cheap lane."""

FALLBACK_LEVEL = "heuristic"
"""The level whose decision is played when a search overruns its time limit."""

CHEAP_LIMIT = 10.0
"""Wall-clock seconds a cheap decision may take before it is given up."""


def level_spec(level: str) -> tuple[str, dict[str, Any]]:
    """The bot name and options of ``level``; ``ValueError`` names the allowed levels."""
    try:
        return LEVELS[level]
    except KeyError:
        raise ValueError(
            f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}"
        ) from None


def time_limit(level: str) -> float:
    """The wall-clock seconds the pool waits for a decision of ``level`` once started,
    before it plays the fallback: the CPU budget plus as much again (at least two
    seconds) for a busy machine, where the low-priority search gets less than a core.

    >>> time_limit("ismcts-strong"), time_limit("heuristic")
    (6.0, 10.0)
    """
    milliseconds = level_spec(level)[1].get("milliseconds")
    if milliseconds is None:
        return CHEAP_LIMIT
    budget = float(milliseconds) / 1000
    return budget + max(2.0, budget)


def bot_seed(game_id: str, version: int) -> int:
    """The seed of the bot deciding at ``version`` of game ``game_id``: a 32-bit
    BLAKE2b hash, the same in every process and on every run (unlike ``hash()``,
    which is salted per process), so a replayed decision is the same decision.

    >>> bot_seed("g7Kq2ZpX", 12)
    1509016962
    >>> bot_seed("g7Kq2ZpX", 12) == bot_seed("g7Kq2ZpX", 12) != bot_seed("g7Kq2ZpX", 13)
    True
    """
    data = f"{game_id}\x00{version}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=4).digest(), "big")


def decide(game: str, level: str, observation: dict[str, Any], seed: int) -> str:
    """The action the bot of ``level`` takes in ``observation`` (runs in a worker)."""
    from cardtable.arena.protocol import observation_from_dict
    from cardtable.bots import make_bot

    name, options = level_spec(level)
    bot = make_bot(name, seed=seed, **options)
    obs = observation_from_dict(game, observation)
    if len(obs.legal_actions) == 1:
        return str(obs.legal_actions[0])
    bot.start_round(obs)
    action = bot.act(obs)
    if action not in obs.legal_actions:  # a bot bug must not stall a table
        return str(obs.legal_actions[0])
    return action


def _last_resort(observation: dict[str, Any], seed: int) -> str:
    """A seeded random legal action, when even the cheap lane failed to answer."""
    return str(random.Random(seed).choice(list(observation["legal_actions"])))


# -- the fair queue ----------------------------------------------------------------------

CHEAP, EXPENSIVE = "cheap", "expensive"


@dataclass(frozen=True)
class JobStart:
    """A job taken by a worker: the global start ``order`` (from 0), its ``lane``
    (``"cheap"`` or ``"expensive"``), ``owner`` and ``label`` (the level, or the name
    of the function given to :meth:`BotPool.run`)."""

    order: int
    lane: str
    owner: str
    label: str


class _Overrun(Exception):
    """A job ran past its wall-clock limit (its worker was killed or abandoned)."""


class _Job:
    __slots__ = ("args", "cancelled", "fn", "future", "label", "limit", "loop", "owner")

    def __init__(
        self,
        owner: str,
        label: str,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        limit: float | None,
        loop: asyncio.AbstractEventLoop,
        future: asyncio.Future[Any],
    ) -> None:
        self.owner, self.label, self.fn, self.args, self.limit = owner, label, fn, args, limit
        self.loop, self.future = loop, future
        self.cancelled = False

    def on_done(self, future: asyncio.Future[Any]) -> None:
        """Remember that nobody waits for the result any more (skipped if queued)."""
        if future.cancelled():
            self.cancelled = True

    def settle(self, kind: str, value: Any) -> None:
        """Hand the outcome to the waiting coroutine (from any thread)."""

        def apply() -> None:
            if self.future.done():
                return
            if kind == "ok":
                self.future.set_result(value)
            elif kind == "error":
                self.future.set_exception(value)
            elif kind == "overrun":
                self.future.set_exception(_Overrun(self.label))
            else:  # closed
                self.future.cancel()

        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self.loop:
            apply()
            return
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits
            self.loop.call_soon_threadsafe(apply)


class _FairQueue:
    """A FIFO per owner; each pop serves the owner whose last job started longest ago
    (owners never served first, in order of arrival). That is round robin in which an
    owner just served, or coming back with a new job, waits for the others' turns."""

    _MEMORY = 4096  # owners remembered; beyond, only those with queued jobs are kept

    def __init__(self) -> None:
        self._queues: dict[str, deque[_Job]] = {}
        self._served: dict[str, int] = {}
        self._clock = 0
        self.size = 0

    def push(self, job: _Job) -> None:
        """Queue ``job`` behind its owner's earlier jobs."""
        self._queues.setdefault(job.owner, deque()).append(job)
        self.size += 1

    def pop(self) -> _Job | None:
        """The next live job in turn, or None."""
        while self._queues:
            owner = min(self._queues, key=lambda name: self._served.get(name, -1))
            queue = self._queues[owner]
            job = queue.popleft()
            self.size -= 1
            if not queue:
                del self._queues[owner]
            if job.cancelled:
                continue
            self._clock += 1
            self._served[owner] = self._clock
            if len(self._served) > self._MEMORY:
                self._served = {k: v for k, v in self._served.items() if k in self._queues}
            return job
        return None

    def drain(self) -> list[_Job]:
        """Remove and return every queued job."""
        jobs = [job for queue in self._queues.values() for job in queue]
        self._queues.clear()
        self.size = 0
        return jobs


# -- wire format between the server and a worker ----------------------------------------

_HEADER = struct.Struct("!Q")
_START_TIMEOUT = 120.0  # a worker's start (imports) on a very busy machine
_SEND_TIMEOUT = 30.0
_WORKER_ENV = "CARDTABLE_BOT_WORKER"
_BOOT = (
    "import json, os, sys; "
    f"sys.path[:] = json.loads(os.environ[{_WORKER_ENV!r}])['path']; "
    "from cardtable.server.bots import _worker_main; _worker_main()"
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
    import cardtable.arena.protocol
    import cardtable.bots
    import cardtable.bots.adapters  # noqa: F401  (warm: the first decision is not slower)

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


class _ProcessRunner:
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

    def call(self, fn: Callable[..., Any], args: tuple[Any, ...], limit: float | None) -> Any:
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


class _ThreadRunner:
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

    def call(self, fn: Callable[..., Any], args: tuple[Any, ...], limit: float | None) -> Any:
        """As :meth:`_ProcessRunner.call`."""
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


_Runner = _ProcessRunner | _ThreadRunner


class _Slot:
    """A worker of a lane: the thread that feeds jobs to its runner."""

    def __init__(self, lane: str, runner: _Runner) -> None:
        self.lane, self.runner = lane, runner
        self.job: _Job | None = None
        self.thread: threading.Thread | None = None


# -- the pool -----------------------------------------------------------------------------


class BotPool:
    """Bot decisions and other CPU work off the event loop, shared by every table.

    ``workers`` > 0: that many search worker processes (low priority) plus one for the
    cheap levels, started at once (warm). ``workers`` = 0: in-process threads (one
    search slot and one cheap slot; for tests). ``processes`` overrides the mode, so
    ``BotPool(3, processes=False)`` gives three search threads. Worker processes need
    a POSIX system; elsewhere the pool uses threads.

    ``decide_fn`` replaces :func:`decide` (tests inject slow ones; with processes it
    must be importable by name), ``limits`` replaces :func:`time_limit` for some levels
    (None: no limit), and ``close_grace`` is how long :meth:`close` lets workers exit
    before killing them.
    """

    def __init__(
        self,
        workers: int,
        *,
        processes: bool | None = None,
        decide_fn: Callable[[str, str, dict[str, Any], int], str] = decide,
        limits: Mapping[str, float | None] | None = None,
        close_grace: float = 0.5,
    ) -> None:
        if workers < 0:
            raise ValueError(f"workers must be 0 or more, not {workers}")
        use_processes = workers > 0 if processes is None else processes
        use_processes = use_processes and os.name == "posix"  # workers inherit a socket
        self._decide_fn = decide_fn
        self._limits = dict(limits or {})
        self._close_grace = close_grace
        self._lock = threading.Lock()
        self._ready = {lane: threading.Condition(self._lock) for lane in (CHEAP, EXPENSIVE)}
        self._queues = {CHEAP: _FairQueue(), EXPENSIVE: _FairQueue()}
        self._running = {CHEAP: 0, EXPENSIVE: 0}
        self._counts = dict.fromkeys(
            ("started", "completed", "failed", "overruns", "fallbacks", "cancelled"), 0
        )
        self._started: deque[JobStart] = deque(maxlen=1000)
        self._order = 0
        self._closed = False
        searchers = max(1, workers)
        self._slots: list[_Slot] = []
        for index in range(searchers):
            runner: _Runner
            if use_processes:
                runner = _ProcessRunner(f"search{index}", nice=10)
            else:
                runner = _ThreadRunner(f"search{index}")
            self._slots.append(_Slot(EXPENSIVE, runner))
        cheap: _Runner = _ProcessRunner("cheap", 0) if use_processes else _ThreadRunner("cheap")
        self._slots.append(_Slot(CHEAP, cheap))
        for slot in self._slots:
            slot.thread = threading.Thread(
                target=self._serve, args=(slot,), name=f"botpool-{slot.runner.name}", daemon=True
            )
            slot.thread.start()

    @property
    def workers(self) -> int:
        """How many search jobs may run at once."""
        return sum(slot.lane == EXPENSIVE for slot in self._slots)

    # -- the API --------------------------------------------------------------------------

    async def decide(
        self, game: str, level: str, observation: dict[str, Any], seed: int, *, owner: str
    ) -> str:
        """The action of the bot of ``level`` in ``observation`` (see :func:`decide`),
        computed off the event loop in the lane of ``level``, in turn with the other
        ``owner`` keys (the table owner's user id). A search past its time limit is
        replaced by the heuristic's decision (logged as a warning)."""
        level_spec(level)
        legal = observation.get("legal_actions")
        if isinstance(legal, list) and len(legal) == 1:  # forced: no need to queue
            return str(legal[0])
        lane = CHEAP if level in CHEAP_LEVELS else EXPENSIVE
        limit = self._limit(level)
        try:
            result: str = await self._submit(
                lane, owner, level, self._decide_fn, (game, level, observation, seed), limit
            )
            return result
        except _Overrun:
            pass
        self._count("fallbacks")
        if level not in CHEAP_LEVELS:
            log.warning(
                "bot level %s (owner %s) overran its %.1f s limit: its worker was stopped "
                "and the %s decision is played instead",
                level,
                owner,
                limit,
                FALLBACK_LEVEL,
            )
            fallback = (game, FALLBACK_LEVEL, observation, seed)
            try:
                result = await self._submit(
                    CHEAP,
                    owner,
                    FALLBACK_LEVEL,
                    self._decide_fn,
                    fallback,
                    self._limit(FALLBACK_LEVEL),
                )
                return result
            except _Overrun:
                pass
        log.error(
            "bot level %s (owner %s) got no decision in time, even from the cheap lane: "
            "playing a random legal action",
            level,
            owner,
        )
        return _last_resort(observation, seed)

    async def run(self, fn: Callable[..., T], *args: Any, owner: str = "analysis") -> T:
        """``fn(*args)`` for other CPU-bound work (such as a round's analysis), in the
        search lane in turn with the bots, without a time limit. With processes,
        ``fn``, its arguments and its result must pickle."""
        result: T = await self._submit(
            EXPENSIVE, owner, getattr(fn, "__qualname__", repr(fn)), fn, args, None
        )
        return result

    def close(self) -> None:
        """Stop: cancel queued and running jobs, let idle workers exit, kill those still
        computing after ``close_grace`` seconds, and reap them all (returns promptly)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            pending = [job for queue in self._queues.values() for job in queue.drain()]
            pending += [slot.job for slot in self._slots if slot.job is not None]
            for ready in self._ready.values():
                ready.notify_all()
        for job in pending:
            job.settle("closed", None)
        for slot in self._slots:
            slot.runner.stop()
        deadline = time.monotonic() + self._close_grace
        for slot in self._slots:
            slot.runner.reap(deadline)
        for slot in self._slots:
            if slot.thread is not None:
                slot.thread.join(timeout=5)
            slot.runner.dispose()

    # -- what the pool did (for tests and monitoring) -------------------------------------

    def stats(self) -> dict[str, int]:
        """Counters: jobs queued and running per lane, started, completed, failed (an
        exception), overruns, fallbacks, cancelled, and workers spawned."""
        with self._lock:
            out = dict(self._counts)
            for lane in (CHEAP, EXPENSIVE):
                out[f"queued_{lane}"] = self._queues[lane].size
                out[f"running_{lane}"] = self._running[lane]
        out["spawned"] = sum(slot.runner.spawned for slot in self._slots)
        return out

    def started(self) -> list[JobStart]:
        """The last (up to 1000) jobs taken by a worker, in the order they started."""
        with self._lock:
            return list(self._started)

    def pids(self) -> list[int]:
        """The pids of the live worker processes (none with threads)."""
        return [pid for slot in self._slots if (pid := slot.runner.pid()) is not None]

    # -- internals --------------------------------------------------------------------------

    def _limit(self, level: str) -> float | None:
        if level in self._limits:
            return self._limits[level]
        return time_limit(level)

    def _count(self, name: str) -> None:
        with self._lock:
            self._counts[name] += 1

    async def _submit(
        self,
        lane: str,
        owner: str,
        label: str,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        limit: float | None,
    ) -> Any:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        job = _Job(str(owner), label, fn, args, limit, loop, future)
        future.add_done_callback(job.on_done)
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot pool is closed")
            self._queues[lane].push(job)
            self._ready[lane].notify()
        return await future

    def _next(self, slot: _Slot) -> _Job | None:
        """The slot's next job (blocking), or None once the pool closes."""
        with self._lock:
            queue = self._queues[slot.lane]
            while not self._closed:
                job = queue.pop()
                if job is not None:
                    slot.job = job
                    self._running[slot.lane] += 1
                    self._counts["started"] += 1
                    self._started.append(JobStart(self._order, slot.lane, job.owner, job.label))
                    self._order += 1
                    return job
                self._ready[slot.lane].wait()
            return None

    def _serve(self, slot: _Slot) -> None:
        """A slot's thread: start the worker, then run jobs until the pool closes."""
        try:
            slot.runner.prepare()
        except Exception:
            if not self._closed:
                log.exception(
                    "bot worker %s failed to start (retried with its first job)", slot.runner.name
                )
        while True:
            job = self._next(slot)
            if job is None:
                return
            try:
                kind, value = slot.runner.call(job.fn, job.args, job.limit)
            except Exception as error:  # a bug here must not kill the slot
                kind, value = "error", error
            with self._lock:
                slot.job = None
                self._running[slot.lane] -= 1
                name = {"ok": "completed", "error": "failed", "overrun": "overruns"}.get(
                    kind, "cancelled"
                )
                self._counts[name] += 1
            job.settle(kind, value)
