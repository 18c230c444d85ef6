"""The server's clock, injected so that time is testable: the turn timer, seat
holds and every deadline read :meth:`Clock.now` and wait with
:meth:`Clock.call_later`. :class:`SystemClock` is the real one; :class:`ManualClock`
moves only when told (tests advance it instead of sleeping).

>>> clock = ManualClock(start=100.0)
>>> fired = []
>>> _ = clock.call_later(5, lambda: fired.append(clock.now()))
>>> late = clock.call_later(9, lambda: fired.append("late"))
>>> late.cancel()
>>> clock.advance(4.9), fired
(None, [])
>>> clock.advance(10), fired
(None, [105.0])
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Protocol

__all__ = ["Clock", "Handle", "ManualClock", "SystemClock"]


class Handle(Protocol):
    """A callback waiting for its time; ``cancel`` stops it."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """Wall-clock time (Unix seconds) and callbacks after a delay."""

    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[], object]) -> Handle: ...


class SystemClock:
    """The real time, and the running event loop's timers."""

    def now(self) -> float:
        """``time.time()``."""
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], object]) -> Handle:
        """Call ``callback`` after ``delay`` seconds on the running loop."""
        return asyncio.get_running_loop().call_later(max(0.0, delay), callback)


class _ManualHandle:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that stands still until :meth:`advance` moves it, then runs, in order,
    every callback whose time has come."""

    def __init__(self, start: float | None = None) -> None:
        self._now = time.time() if start is None else start
        self._due: list[tuple[float, int, _ManualHandle, Callable[[], object]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        """The clock's time."""
        return self._now

    def call_later(self, delay: float, callback: Callable[[], object]) -> Handle:
        """Call ``callback`` once the clock has advanced ``delay`` seconds."""
        handle = _ManualHandle()
        heapq.heappush(
            self._due, (self._now + max(0.0, delay), next(self._order), handle, callback)
        )
        return handle

    def advance(self, seconds: float) -> None:
        """Move the clock on and run the callbacks that fall due, each at its time."""
        target = self._now + seconds
        while self._due and self._due[0][0] <= target:
            when, _n, handle, callback = heapq.heappop(self._due)
            self._now = max(self._now, when)
            if not handle.cancelled:
                callback()
        self._now = target
