"""The bot pool: bot decisions and other CPU work off the event loop, shared by every
table, fairly between table owners and within each level's time budget.

* Two lanes. Cheap levels (:data:`~cardtable.server.bots.CHEAP_LEVELS`: milliseconds
  a decision) run in their own worker and never wait behind a search. Expensive
  levels (ISMCTS) and other CPU work (:meth:`BotPool.run`, such as a round's
  analysis) share ``workers`` search workers, at most one job each.
* Fairness. Each lane keeps a FIFO per *owner* (the table owner's user id, or
  ``"analysis"``) and a free worker takes the oldest job of the owner served longest
  ago (round robin), so one user's twenty tables of strong bots delay another user's
  table by at most one job per busy owner, not by their whole queue.
* Priority. Search workers run at a lower CPU priority (``nice`` 10), so on a small
  machine the event loop and the cheap lane preempt them.
* Budgets. Each level's search stops at its iteration count or its CPU-time cap
  (:data:`~cardtable.server.bots.LEVELS`); the pool also enforces a wall-clock limit
  (:func:`~cardtable.server.bots.time_limit`). A search still running past it is
  killed (its worker replaced), a warning is logged and the seat plays the
  heuristic's decision instead.
* Lifetime. Workers (:mod:`cardtable.server.workers`) exit when the server does,
  however it ends, and :meth:`BotPool.close` kills any still computing after a
  short grace.

With ``workers=0`` the same lanes, fairness and limits run on in-process threads
(for tests): a job past its limit is abandoned rather than killed there.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from cardtable.server.bots import (
    CHEAP_LEVELS,
    FALLBACK_LEVEL,
    decide,
    last_resort,
    level_for,
    level_spec,
    time_limit,
)
from cardtable.server.workers import ProcessRunner, Runner, ThreadRunner

__all__ = ["BotPool", "JobStart"]

T = TypeVar("T")

log = logging.getLogger("cardtable.server")

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

    @property
    def size(self) -> int:
        """How many jobs are queued (cancelled ones included until popped)."""
        return sum(len(queue) for queue in self._queues.values())

    def push(self, job: _Job) -> None:
        """Queue ``job`` behind its owner's earlier jobs."""
        self._queues.setdefault(job.owner, deque()).append(job)

    def pop(self) -> _Job | None:
        """The next live job in turn, or None."""
        while self._queues:
            owner = min(self._queues, key=lambda name: self._served.get(name, -1))
            queue = self._queues[owner]
            job = queue.popleft()
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
        return jobs


class _Slot:
    """A worker of a lane: the thread that feeds jobs to its runner."""

    def __init__(self, lane: str, runner: Runner) -> None:
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
        decide_fn: Callable[..., str] = decide,
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
        self._counts = dict.fromkeys(
            ("started", "completed", "failed", "overruns", "fallbacks", "cancelled"), 0
        )
        self._started: deque[JobStart] = deque(maxlen=1000)
        self._closed = False
        searchers = max(1, workers)
        self._slots: list[_Slot] = []
        for index in range(searchers):
            runner: Runner
            if use_processes:
                runner = ProcessRunner(f"search{index}", nice=10)
            else:
                runner = ThreadRunner(f"search{index}")
            self._slots.append(_Slot(EXPENSIVE, runner))
        cheap: Runner = ProcessRunner("cheap", 0) if use_processes else ThreadRunner("cheap")
        self._slots.append(_Slot(CHEAP, cheap))
        for slot in self._slots:
            slot.thread = threading.Thread(
                target=self._serve, args=(slot,), name=f"botpool-{slot.runner.name}", daemon=True
            )
            slot.thread.start()

    # -- the API --------------------------------------------------------------------------

    async def decide(
        self,
        game: str,
        level: str,
        observation: dict[str, Any],
        seed: int,
        *,
        owner: str,
        rules: dict[str, Any] | None = None,
    ) -> str:
        """The action of the bot of ``level`` in ``observation`` (see :func:`decide`;
        ``rules``: the table's, told to the bot as its game starts), computed off the
        event loop in the lane of ``level``, in turn with the other ``owner`` keys (the
        table owner's user id). A search past its time limit is replaced by the
        heuristic's decision (logged as a warning)."""
        table = () if rules is None else (rules,)
        level_spec(level)
        legal = observation.get("legal_actions")
        if isinstance(legal, list) and len(legal) == 1:  # forced: no need to queue
            return str(legal[0])
        lane = CHEAP if level in CHEAP_LEVELS else EXPENSIVE
        limit = self._limit(level)
        try:
            result: str = await self._submit(
                lane, owner, level, self._decide_fn, (game, level, observation, seed, *table), limit
            )
            return result
        except _Overrun:
            pass
        self._count("fallbacks")
        if level not in CHEAP_LEVELS:
            fallback_level = level_for(FALLBACK_LEVEL, game)
            log.warning(
                "bot level %s (owner %s) overran its %.1f s limit: its worker was stopped "
                "and the %s decision is played instead",
                level,
                owner,
                limit,
                fallback_level,
            )
            fallback = (game, fallback_level, observation, seed, *table)
            try:
                result = await self._submit(
                    CHEAP,
                    owner,
                    fallback_level,
                    self._decide_fn,
                    fallback,
                    self._limit(fallback_level),
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
        return last_resort(observation, seed)

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
                out[f"running_{lane}"] = sum(
                    slot.lane == lane and slot.job is not None for slot in self._slots
                )
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
                    order = self._counts["started"]
                    self._counts["started"] += 1
                    self._started.append(JobStart(order, slot.lane, job.owner, job.label))
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
                name = {"ok": "completed", "error": "failed", "overrun": "overruns"}.get(
                    kind, "cancelled"
                )
                self._counts[name] += 1
            job.settle(kind, value)
