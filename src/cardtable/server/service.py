"""The game service of one node: it owns the database, the fan-out hub, the bot
pool and the rate limits, and composes the modules that each do one job:

- :class:`~cardtable.server.accounts.Accounts`: people, sessions, bot accounts;
- :class:`~cardtable.server.tables.Tables`: tables and seats, loading, access;
- :class:`~cardtable.server.play.Play`: the play pipeline and connections;
- :class:`~cardtable.server.scheduler.Scheduler`: holds, timers, bots, watchdog;
- :class:`~cardtable.server.stats.Stats`: records, statistics, ratings, analysis;
- :class:`~cardtable.server.seeks.Seeks`: quick play, people seated together.

The wire messages are built in :mod:`cardtable.server.protocol`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from cardtable.server import gameclock
from cardtable.server.accounts import Accounts
from cardtable.server.botpool import BotPool
from cardtable.server.clock import Clock, SystemClock
from cardtable.server.config import Settings
from cardtable.server.hub import Hub, make_hub
from cardtable.server.play import Play
from cardtable.server.ratelimit import RateLimits
from cardtable.server.scheduler import Scheduler
from cardtable.server.seeks import Seeks
from cardtable.server.stats import Stats
from cardtable.server.store import Store, new_id
from cardtable.server.tables import Tables

__all__ = ["Service"]

T = TypeVar("T")


class Service:
    """Everything the HTTP and WebSocket layer asks of a server node."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.clock: Clock = settings.clock or SystemClock()
        """Wall-clock time and timers (a test injects a :class:`ManualClock`)."""
        self.store = Store(settings.database)
        self.node = new_id(6)
        self.hub: Hub = make_hub(settings.redis, self.node)
        self.pool = BotPool(settings.bot_workers)
        self.limits = RateLimits(settings)
        self.loading = asyncio.Lock()
        """Serializes loading tables into memory."""
        self._db = ThreadPoolExecutor(
            max_workers=1 if self.store.is_sqlite else 8, thread_name_prefix="db"
        )
        self._tasks: set[asyncio.Task[Any]] = set()
        self.accounts = Accounts(self)
        self.tables = Tables(self)
        self.play = Play(self)
        self.scheduler = Scheduler(self)
        self.stats = Stats(self)
        self.seeks = Seeks(self)

    async def start(self) -> None:
        """Subscribe to the other nodes, resume every unfinished table, and start the
        watchdog."""
        await self.hub.start(self.play.on_notice)
        now = self.clock.now()
        for table_id in await self.db(self.store.tables.unfinished_tables):
            rt = await self.tables.runtime(table_id)
            async with rt.lock:
                timer = rt.table.turn_timer
                if timer:  # a turn that ran while the server was down gets a grace
                    grace = min(timer, self.settings.turn_grace)
                    rt.turn_started = max(rt.turn_started, now - timer + grace)
                seat = gameclock.running(rt)
                if seat is not None:  # ... and so does a game clock that ran
                    left = gameclock.remaining(rt, seat, rt.turn_started)
                    grace = min(left, self.settings.turn_grace)
                    rt.turn_started = max(rt.turn_started, now - left + grace)
                self.scheduler.arm_holds(rt)
                self.scheduler.after_change(rt)
        self.scheduler.start()

    async def close(self) -> None:
        """Stop timers, bots and connections."""
        self.scheduler.close()
        for rt in self.tables.runtimes.values():
            for client in rt.clients:
                client.close()
        await self.hub.close()
        self.pool.close()
        self._db.shutdown(wait=True)
        self.store.close()

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, fn, *args)

    def spawn(self, coro: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Run ``coro`` as a task the service keeps until it ends."""
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task
