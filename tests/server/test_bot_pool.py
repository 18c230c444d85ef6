"""The bot pool: cheap levels never wait behind searches, searches are served round
robin across owners with at most ``workers`` at once, a search past its limit is
replaced by the heuristic's decision (logged), and ``close()`` ends queued and
running work at once. Order is asserted on what the pool records (``started()``,
``stats()``), never on wall time: the slow jobs here block until the test lets them
go, or for ever."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from cardtable.server import games
from cardtable.server.botpool import BotPool
from cardtable.server.bots import CHEAP_LEVELS, decide

T = TypeVar("T")

TIMEOUT = 60.0
OBS: dict[str, Any] = {"legal_actions": ["a", "b"]}  # enough for the fake bots


def run(main: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine function with an overall bound."""

    async def bounded() -> T:
        return await asyncio.wait_for(main(), TIMEOUT)

    return asyncio.run(bounded())


def run_pool(
    pool: BotPool, main: Callable[[], Awaitable[None]], gate: Gate | None = None
) -> list[int]:
    """Run ``main``, then (whatever happens) open ``gate`` and close ``pool``: the
    pids of its workers just before closing."""
    try:
        run(main)
    finally:
        if gate is not None:
            gate.open()
        pids = pool.pids()
        pool.close()
    return pids


def observation(game: str = "kraken", seed: int = 3) -> dict[str, Any]:
    """A real observation with a choice to make (the first one of a fresh game)."""
    state = games.new_game(game, games.make_rules(game, None, None), seed)
    obs = state.observation(int(state.to_move)).to_dict()  # type: ignore[arg-type]
    assert len(obs["legal_actions"]) > 1
    return obs


class Gate:
    """A fake ``decide``: cheap levels answer at once; a search records its seed and
    blocks until the gate opens."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._open = False
        self.entered: list[int] = []

    def decide(self, game: str, level: str, observation: dict[str, Any], seed: int) -> str:
        """The fake bot."""
        if level in CHEAP_LEVELS:
            return f"{level}:{seed}"
        with self._cond:
            self.entered.append(seed)
            self._cond.notify_all()
            self._cond.wait_for(lambda: self._open, timeout=TIMEOUT)
        return f"{level}:{seed}"

    def open(self) -> None:
        """Let every search through, now and later."""
        with self._cond:
            self._open = True
            self._cond.notify_all()

    def wait_entered(self, count: int) -> None:
        """Block until ``count`` searches have started."""
        with self._cond:
            assert self._cond.wait_for(lambda: len(self.entered) >= count, timeout=TIMEOUT)


async def until_stats(pool: BotPool, **expected: int) -> None:
    """Wait (bounded) until the pool's counters show ``expected``."""
    async with asyncio.timeout(TIMEOUT):
        while any(pool.stats()[key] != value for key, value in expected.items()):
            await asyncio.sleep(0.005)  # polling a condition, not timing


def searches(pool: BotPool) -> list[tuple[str, str]]:
    """(owner, level) of each search the pool started, in order."""
    return [(job.owner, job.label) for job in pool.started() if job.lane == "expensive"]


# -- fairness -------------------------------------------------------------------------------


def test_a_flood_of_searches_does_not_delay_another_owners_bots() -> None:
    gate = Gate()
    pool = BotPool(1, processes=False, decide_fn=gate.decide, limits={"ismcts-strong": None})

    async def main() -> None:
        flood = [
            asyncio.create_task(pool.decide("kraken", "ismcts-strong", OBS, i, owner="A"))
            for i in range(10)
        ]
        await until_stats(pool, running_expensive=1, queued_expensive=9)
        # A's first search holds the only search worker: B's heuristic bot answers anyway
        cheap = await pool.decide("kraken", "heuristic", OBS, 99, owner="B")
        assert cheap == "heuristic:99"
        assert gate.entered == [0], "the search is still blocked"
        b = asyncio.create_task(pool.decide("kraken", "ismcts-strong", OBS, 100, owner="B"))
        await until_stats(pool, queued_expensive=10)
        gate.open()
        results = await asyncio.gather(*flood, b)
        assert results == [f"ismcts-strong:{i}" for i in range(10)] + ["ismcts-strong:100"]
        # B's search is the next one started, ahead of A's nine queued ones
        assert [owner for owner, _ in searches(pool)] == ["A", "B"] + ["A"] * 9
        assert gate.entered == [0, 100, *range(1, 10)], "each owner's jobs in order"

    run_pool(pool, main, gate)


def test_owners_take_turns_and_at_most_workers_searches_run() -> None:
    gate = Gate()
    pool = BotPool(2, processes=False, decide_fn=gate.decide, limits={"ismcts": None})

    async def main() -> None:
        first = [
            asyncio.create_task(pool.decide("gurka", "ismcts", OBS, i, owner="X")) for i in range(2)
        ]
        await asyncio.to_thread(gate.wait_entered, 2)
        rest = [
            asyncio.create_task(pool.decide("gurka", "ismcts", OBS, 10 * n + k, owner=owner))
            for n, owner in enumerate("ABC", start=1)
            for k in range(3)
        ]
        await until_stats(pool, running_expensive=2, queued_expensive=9)
        assert sorted(gate.entered) == [0, 1], "two workers: two searches at a time"
        gate.open()
        await asyncio.gather(*first, *rest)
        owners = [owner for owner, _ in searches(pool)]
        assert owners == ["X", "X"] + ["A", "B", "C"] * 3

    run_pool(pool, main, gate)


def test_cheap_levels_also_take_turns_between_owners() -> None:
    gate = Gate()
    pool = BotPool(1, processes=False, decide_fn=gate.decide)

    async def main() -> None:
        tasks = [
            asyncio.create_task(pool.decide("kraken", level, OBS, k, owner=owner))
            for owner, level in (("A", "heuristic"), ("B", "random"))
            for k in range(3)
        ]
        await asyncio.gather(*tasks)
        cheap = [(j.owner, j.label) for j in pool.started() if j.lane == "cheap"]
        assert sorted(cheap) == [("A", "heuristic")] * 3 + [("B", "random")] * 3
        assert searches(pool) == []

    run_pool(pool, main)


def test_run_uses_the_search_lane_under_its_owner_and_forced_moves_skip_the_queue() -> None:
    pool = BotPool(0)

    async def main() -> None:
        assert await pool.run(pow, 2, 5) == 32
        assert await pool.run(divmod, 7, 2, owner="stats") == (3, 1)
        forced = {"legal_actions": ["only"]}
        assert await pool.decide("kraken", "ismcts-strong", forced, 1, owner="A") == "only"
        assert searches(pool) == [("analysis", "pow"), ("stats", "divmod")]
        with pytest.raises(ValueError, match="unknown bot level"):
            await pool.decide("kraken", "grandmaster", OBS, 1, owner="A")

    run_pool(pool, main)


# -- time limits ------------------------------------------------------------------------------


def test_a_search_past_its_limit_plays_the_heuristic_decision(
    caplog: pytest.LogCaptureFixture,
) -> None:
    obs = observation()
    gate = Gate()

    def slow(game: str, level: str, observation: dict[str, Any], seed: int) -> str:
        if level in CHEAP_LEVELS:
            return decide(game, level, observation, seed)
        return gate.decide(game, level, observation, seed)

    pool = BotPool(0, decide_fn=slow, limits={"ismcts-strong": 0.05, "ismcts": None})

    async def main() -> None:
        with caplog.at_level(logging.WARNING, logger="cardtable.server"):
            action = await pool.decide("kraken", "ismcts-strong", obs, 7, owner="A")
        assert action == decide("kraken", "heuristic", obs, 7)
        assert "overran" in caplog.text and "heuristic decision is played" in caplog.text
        stats = pool.stats()
        assert (stats["overruns"], stats["fallbacks"], stats["running_expensive"]) == (1, 1, 0)
        # the abandoned search does not hold the search slot
        task = asyncio.create_task(pool.decide("kraken", "ismcts", obs, 8, owner="B"))
        await asyncio.to_thread(gate.wait_entered, 2)
        gate.open()
        assert await task == "ismcts:8"

    run_pool(pool, main, gate)


# -- closing ------------------------------------------------------------------------------------


def test_close_cancels_queued_and_running_work_at_once() -> None:
    gate = Gate()
    pool = BotPool(1, processes=False, decide_fn=gate.decide, limits={"ismcts": None})

    async def main() -> None:
        tasks = [
            asyncio.create_task(pool.decide("kraken", "ismcts", OBS, i, owner="A"))
            for i in range(4)
        ]
        await until_stats(pool, running_expensive=1, queued_expensive=3)
        pool.close()
        done = await asyncio.gather(*tasks, return_exceptions=True)
        assert all(isinstance(outcome, asyncio.CancelledError) for outcome in done)
        assert gate.entered == [0]
        with pytest.raises(RuntimeError, match="closed"):
            await pool.decide("kraken", "ismcts", OBS, 9, owner="A")

    run_pool(pool, main, gate)


# -- worker processes ---------------------------------------------------------------------------


def hang_searches(game: str, level: str, observation: dict[str, Any], seed: int) -> str:
    """A fake ``decide`` for worker processes: cheap levels are real; a search appends
    its seed to the file ``observation["log"]`` (if given) and never ends."""
    if level in CHEAP_LEVELS:
        return decide(game, level, observation, seed)
    if "log" in observation:
        with open(observation["log"], "a") as log:
            log.write(f"{seed}\n")
    threading.Event().wait()
    raise AssertionError("unreachable")


def fail(message: str) -> None:
    """A job that raises."""
    raise ValueError(message)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_worker_processes_decide_like_decide_itself() -> None:
    pool = BotPool(1, limits={"ismcts": None})
    cases = [
        ("kraken", level, observation("kraken", seed), seed)
        for level in ("heuristic", "random", "ismcts")
        for seed in (1, 2)
    ] + [("gurka", "ismcts", observation("gurka", 4), 4)]

    async def main() -> None:
        got = await asyncio.gather(
            *(pool.decide(game, lv, obs, seed, owner=lv) for game, lv, obs, seed in cases)
        )
        assert got == [decide(game, lv, obs, seed) for game, lv, obs, seed in cases]
        with pytest.raises(ValueError, match="bot bug"):
            await pool.run(fail, "bot bug")
        assert len(pool.pids()) == 2, "one search worker and one cheap worker"

    assert not any(_alive(pid) for pid in run_pool(pool, main))


def test_a_worker_past_its_limit_is_killed_and_replaced(caplog: pytest.LogCaptureFixture) -> None:
    obs = observation()
    pool = BotPool(1, decide_fn=hang_searches, limits={"ismcts-strong": 0.5})

    async def main() -> None:
        with caplog.at_level(logging.WARNING, logger="cardtable.server"):
            action = await pool.decide("kraken", "ismcts-strong", obs, 11, owner="A")
        assert action == decide("kraken", "heuristic", obs, 11)
        assert "overran" in caplog.text
        assert pool.stats()["overruns"] == 1
        killed = pool.stats()["spawned"]
        assert await pool.run(pow, 3, 4) == 81, "a new search worker took over"
        assert pool.stats()["spawned"] == killed + 1

    assert not any(_alive(pid) for pid in run_pool(pool, main))


def test_close_kills_workers_in_the_middle_of_a_search(tmp_path: Path) -> None:
    pool = BotPool(2, decide_fn=hang_searches, limits={"ismcts": None}, close_grace=0.2)
    log = tmp_path / "searches.log"
    obs = {**OBS, "log": str(log)}
    closed_in: list[float] = []

    async def main() -> None:
        tasks = [
            asyncio.create_task(pool.decide("kraken", "ismcts", obs, i, owner=f"o{i % 2}"))
            for i in range(5)
        ]
        await until_stats(pool, running_expensive=2, queued_expensive=3)
        async with asyncio.timeout(TIMEOUT):  # both search workers are in a search
            while not log.exists() or len(log.read_text().split()) < 2:
                await asyncio.sleep(0.01)  # polling a condition, not timing
        pids = pool.pids()
        assert len(pids) == 3
        start = time.monotonic()
        pool.close()
        closed_in.append(time.monotonic() - start)
        assert not any(_alive(pid) for pid in pids), "killed and reaped"
        done = await asyncio.gather(*tasks, return_exceptions=True)
        assert all(isinstance(outcome, asyncio.CancelledError) for outcome in done)

    run_pool(pool, main)
    # the searches would never end: close() did not wait for them (a generous bound)
    assert closed_in[0] < 15
