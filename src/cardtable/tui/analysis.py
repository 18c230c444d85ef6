"""Which cards of a Kraken round cost points, from the double-dummy solver.

The solver (:mod:`cardtable.solver`) is optional: without it :func:`round_costs`
returns None and the round summary simply leaves the analysis out.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from cardtable import kraken

__all__ = ["round_costs", "solver_available"]


def _solver() -> Any | None:
    try:
        module = importlib.import_module("cardtable.solver")
    except ImportError:
        return None
    return module if callable(getattr(module, "solve", None)) else None


def solver_available() -> bool:
    """True when :mod:`cardtable.solver` can be imported and offers ``solve``."""
    return _solver() is not None


def _value_of(values: Any, card: str) -> float | None:
    """The solver's value after ``card`` from ``card_values`` (keyed by text or card)."""
    if isinstance(values, Mapping):
        for key, value in values.items():
            if str(key) == card:
                return float(value)
    return None


def round_costs(done: kraken.Round) -> list[tuple[int, str, int]] | None:
    """``(seat, card, cost)`` for every card of the finished round ``done`` that gave
    away points against the best card with all hands known (declarers' points minus
    defenders' points, as the solver counts them). None without the solver."""
    solver = _solver()
    if solver is None or done.declarer is None:
        return None
    record = done.to_record()
    replay = kraken.Round.from_record({**record, "actions": []})
    declarers = done.declarer.team
    costs: list[tuple[int, str, int]] = []
    for seat, action in done.actions:
        if replay.phase == "play" and len(replay.legal_actions()) > 1:
            values = getattr(solver.solve(replay), "card_values", None)
            played = _value_of(values, action)
            if played is not None:
                options = [
                    v for c in replay.legal_actions() if (v := _value_of(values, c)) is not None
                ]
                best = max(options) if seat.team == declarers else min(options)
                cost = round(abs(best - played))
                if cost:
                    costs.append((int(seat), action, cost))
        replay.apply(action)
    return costs
