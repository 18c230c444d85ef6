"""The game clock: an optional time budget per seat, chosen when the table is made
(``{"initial": seconds, "increment": seconds}``). A seat's time runs only while it
must act (bidding, challenges, roem and card play alike) and gains the increment
after each of its moves. Only the seats people hold run a clock: the server's bots
and outside bots have none. A seat whose time runs out loses on time, as if it
resigned (:meth:`cardtable.server.tables.Tables.concede`).

The remaining times are not stored: they follow from the stored actions (their
seats and times) and the game's start, so a node that loads a table (after a
restart, or from another node) computes them again.

>>> check_clock({"initial": 300, "increment": 2})
{'initial': 300.0, 'increment': 2.0}
>>> check_clock({"initial": 0})
Traceback (most recent call last):
...
ValueError: clock initial is the seconds each player starts with: more than 0, at most 10800
"""

from __future__ import annotations

import math
from typing import Any, TypeGuard

from cardtable.server.runtime import Runtime

__all__ = [
    "MAX_INCREMENT",
    "MAX_INITIAL",
    "charge",
    "check_clock",
    "clock_view",
    "remaining",
    "reset",
    "running",
]

MAX_INITIAL = 3 * 3600.0
"""The most seconds a player may start with."""
MAX_INCREMENT = 600.0
"""The most seconds a move may add."""


def check_clock(clock: Any) -> dict[str, float] | None:
    """The clock option as stored, or a ``ValueError`` saying what is allowed."""
    if clock is None:
        return None
    if not isinstance(clock, dict) or set(clock) - {"initial", "increment"}:
        raise ValueError('clock is {"initial": seconds, "increment": seconds} (increment optional)')
    initial, increment = clock.get("initial"), clock.get("increment", 0)
    if not _number(initial) or not 0 < initial <= MAX_INITIAL:
        raise ValueError(
            "clock initial is the seconds each player starts with: "
            f"more than 0, at most {MAX_INITIAL:.0f}"
        )
    if not _number(increment) or not 0 <= increment <= MAX_INCREMENT:
        raise ValueError(f"clock increment is the seconds a move adds: 0 to {MAX_INCREMENT:.0f}")
    return {"initial": float(initial), "increment": float(increment)}


def _number(value: Any) -> TypeGuard[float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _clocked(rt: Runtime, seat: int) -> bool:
    """Whether ``seat`` runs a clock: the table has one and a person holds the seat."""
    return rt.clock_left is not None and rt.seats[seat].kind == "human"


def reset(rt: Runtime) -> None:
    """Give every seat its initial time (a game starts)."""
    clock = rt.table.clock
    rt.clock_left = None if clock is None else [float(clock["initial"])] * len(rt.seats)


def charge(rt: Runtime, seat: int, moved_at: float) -> None:
    """``seat`` moved at ``moved_at``: take the time since the turn began
    (``rt.turn_started``) from its clock and add the increment."""
    clock, left = rt.table.clock, rt.clock_left
    if clock is None or left is None or not _clocked(rt, seat):
        return
    left[seat] -= moved_at - rt.turn_started
    left[seat] += float(clock["increment"])


def running(rt: Runtime) -> int | None:
    """The seat whose clock runs now (the one to move, a person's), or None."""
    state = rt.state
    if not rt.in_play or state is None or state.to_move is None:
        return None
    seat = int(state.to_move)
    return seat if _clocked(rt, seat) else None


def remaining(rt: Runtime, seat: int, now: float) -> float:
    """The seconds ``seat`` has left at ``now`` (its clock may be running)."""
    assert rt.clock_left is not None
    left = rt.clock_left[seat]
    if running(rt) == seat:
        left -= now - rt.turn_started
    return max(0.0, left)


def clock_view(rt: Runtime, now: float) -> dict[str, Any] | None:
    """What clients see: the seconds each seat has left at ``now`` (None for a seat
    without a clock), the seat whose clock runs, and ``now`` itself (server time).
    A client counts the running seat down from when it received the message."""
    if rt.table.clock is None or rt.clock_left is None:
        return None
    return {
        "remaining": [
            round(remaining(rt, s.seat, now), 3) if _clocked(rt, s.seat) else None for s in rt.seats
        ],
        "running": running(rt),
        "at": now,
    }
