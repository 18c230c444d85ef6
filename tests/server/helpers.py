"""Shared helpers of the server tests: a service on a temporary SQLite file, and
waiting on client queues with timeouts (never sleeping for timing)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from cardtable.server.config import DEFAULT_LIMITS, Settings
from cardtable.server.runtime import Client
from cardtable.server.service import Service

T = TypeVar("T")

TIMEOUT = 30.0


def settings(tmp: Path, **changes: Any) -> Settings:
    """Test settings: a SQLite file in ``tmp``, bots in a thread, seeds allowed, no
    rate limits (the tests of the limits set their own)."""
    base = Settings(
        database=f"sqlite:///{tmp / 'server.db'}",
        bot_workers=0,
        hold_seconds=60.0,
        allow_seed=True,
        limits={name: "" for name in DEFAULT_LIMITS},
        max_open_tables=1000,
    )
    for key, value in changes.items():
        setattr(base, key, value)
    return base


def run(main: Callable[[], Awaitable[T]], timeout: float = 120.0) -> T:
    """Run a coroutine function with an overall time bound."""

    async def bounded() -> T:
        return await asyncio.wait_for(main(), timeout)

    return asyncio.run(bounded())


async def next_message(client: Client, timeout: float = TIMEOUT) -> dict[str, Any]:
    """The next message queued for an in-process client."""
    raw = await asyncio.wait_for(client.queue.get(), timeout)
    assert raw is not None, "the client was closed"
    message: dict[str, Any] = json.loads(raw)
    return message


async def until(
    client: Client, predicate: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
) -> dict[str, Any]:
    """Read messages until one satisfies ``predicate``."""
    async with asyncio.timeout(timeout):
        while True:
            message = await next_message(client, timeout)
            if predicate(message):
                return message


def game_over(message: dict[str, Any]) -> bool:
    """Whether ``message`` announces the end of the game."""
    return message.get("type") == "update" and any(
        e["type"] == "game_over" for e in message.get("events", [])
    )


async def started_service(tmp: Path, **changes: Any) -> Service:
    """A started service for a test."""
    service = Service(settings(tmp, **changes))
    await service.start()
    return service
