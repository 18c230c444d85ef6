"""Rate limits per person and per address, with the ``limits`` library: moving
windows kept in memory on one node, in Redis when several nodes share the work.

A limit is refused with :class:`~cardtable.server.protocol.ServerError`
``rate_limited`` (HTTP 429), saying when to try again (``retry_after`` seconds in its
details, HTTP's ``Retry-After``).
"""

from __future__ import annotations

import time

from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

from cardtable.server.config import DEFAULT_LIMITS, Settings
from cardtable.server.protocol import ServerError

__all__ = ["RateLimits"]


class RateLimits:
    """The named limits of :data:`~cardtable.server.config.DEFAULT_LIMITS`, as changed
    by ``Settings.limits``, checked with :meth:`hit`."""

    def __init__(self, settings: Settings) -> None:
        self._items: dict[str, list[RateLimitItem]] = {}
        for name, text in {**DEFAULT_LIMITS, **settings.limits}.items():
            try:
                self._items[name] = parse_many(text) if text else []
            except ValueError:
                raise ValueError(
                    f"rate limit {name!r}: {text!r} is not like '10/minute;100/hour'"
                ) from None
        self._storage: Storage = MemoryStorage()
        if settings.redis:
            shared = storage_from_string("async+" + settings.redis, implementation="redispy")
            assert isinstance(shared, Storage)
            self._storage = shared
        self._limiter = MovingWindowRateLimiter(self._storage)

    async def hit(self, name: str, *keys: str) -> None:
        """Count one event of limit ``name`` for each key (a user id, an address);
        raises ``rate_limited`` when any is over its limit."""
        for key in keys:
            for item in self._items[name]:
                if not await self._limiter.hit(item, name, key):
                    await self._refuse(item, name, key)

    async def check(self, name: str, key: str) -> None:
        """Raise ``rate_limited`` when ``key`` is already at limit ``name``, counting
        nothing (for limits that count failures: :meth:`hit` once one happens)."""
        for item in self._items[name]:
            if not await self._limiter.test(item, name, key):
                await self._refuse(item, name, key)

    async def _refuse(self, item: RateLimitItem, name: str, key: str) -> None:
        stats = await self._limiter.get_window_stats(item, name, key)
        wait = max(1, round(stats.reset_time - time.time()))
        raise ServerError(
            "rate_limited",
            f"too many requests ({item}): try again in {wait} s",
            429,
            {"retry_after": wait},
        )

    async def reset(self) -> None:
        """Forget every count (tests)."""
        await self._storage.reset()
