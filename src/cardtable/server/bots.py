"""Bots on the server: levels, and decisions in a process pool so a thinking bot
never blocks the event loop.

A decision is computed from the seat's observation only (the same
``Observation.to_dict()`` a human client receives, rebuilt with the arena
protocol's :func:`~cardtable.arena.protocol.observation_from_dict`), so a bot on
the server knows exactly what a human in its seat would know.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["LEVELS", "BotPool", "decide", "level_spec"]

LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "random": ("random", {}),
    "heuristic": ("heuristic", {}),
    "ismcts": ("ismcts", {"iterations": 300}),
    "ismcts-strong": ("ismcts", {"iterations": 2000}),
}
"""Bot levels a seat can be given: the registered bot and its options."""

TAKEOVER_LEVEL = "heuristic"
"""The level that plays for a human who dropped or ran out of time."""


def level_spec(level: str) -> tuple[str, dict[str, Any]]:
    """The bot name and options of ``level``; ``ValueError`` names the allowed levels."""
    try:
        return LEVELS[level]
    except KeyError:
        raise ValueError(
            f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}"
        ) from None


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


class BotPool:
    """Runs :func:`decide` in worker processes (``workers`` > 0) or in one thread."""

    def __init__(self, workers: int) -> None:
        self._executor: Executor
        if workers > 0:
            self._executor = ProcessPoolExecutor(
                max_workers=workers, mp_context=multiprocessing.get_context("spawn")
            )
        else:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")

    async def decide(self, game: str, level: str, observation: dict[str, Any], seed: int) -> str:
        """The bot's action, computed off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, decide, game, level, observation, seed)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run another CPU-bound function (such as a round's analysis) in the pool."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, fn, *args)

    def close(self) -> None:
        """Stop the workers."""
        self._executor.shutdown(wait=False, cancel_futures=True)
