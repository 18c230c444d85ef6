"""Fan-out between server nodes.

A node that accepts an action publishes only ``(table id, game id, version)``; every
node subscribed to the table then reads the new actions from the database and
sends each of its own clients that client's view. No card, and no message meant
for one seat, ever travels through the hub.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["Hub", "LocalHub", "RedisHub", "make_hub"]

log = logging.getLogger("cardtable.server")

Listener = Callable[[dict[str, Any]], Awaitable[None]]


class Hub:
    """Publishes table notices to the other nodes (none on a single node)."""

    async def start(self, listener: Listener) -> None:
        """Begin delivering other nodes' notices to ``listener``."""

    async def publish(self, notice: dict[str, Any]) -> None:
        """Tell the other nodes about ``notice``."""

    async def close(self) -> None:
        """Stop."""


class LocalHub(Hub):
    """One node: nothing to tell anyone."""


class RedisHub(Hub):
    """Redis pub/sub on one channel; each node ignores its own notices."""

    CHANNEL = "cardtable:tables"

    def __init__(self, url: str, node: str) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(url)  # type: ignore[no-untyped-call]
        self._node = node
        self._task: asyncio.Task[None] | None = None

    async def start(self, listener: Listener) -> None:
        """Subscribe and dispatch notices from other nodes."""
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(self.CHANNEL)

        async def run() -> None:
            async for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                try:
                    notice = json.loads(message["data"])
                    if notice.get("node") != self._node:
                        await listener(notice)
                except Exception:
                    log.exception("bad hub notice")

        self._task = asyncio.create_task(run())

    async def publish(self, notice: dict[str, Any]) -> None:
        """Publish to every node."""
        await self._redis.publish(self.CHANNEL, json.dumps({**notice, "node": self._node}))

    async def close(self) -> None:
        """Unsubscribe and close the connection."""
        if self._task is not None:
            self._task.cancel()
        await self._redis.aclose()


def make_hub(url: str | None, node: str) -> Hub:
    """A Redis hub for ``url``, or the single-node hub."""
    return RedisHub(url, node) if url else LocalHub()
