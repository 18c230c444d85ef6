"""Which cards of a Kraken round cost points: the solver's round analysis
(:func:`cardtable.solver.analysis.analyze`), presented for the round summary.

The solver (:mod:`cardtable.solver`) is optional: without it :func:`round_costs`
returns None and the round summary simply leaves the analysis out.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from cardtable import kraken

__all__ = ["round_costs", "solver_available"]


def _analysis() -> ModuleType | None:
    """:mod:`cardtable.solver.analysis`, or None when the solver cannot be imported."""
    try:
        return importlib.import_module("cardtable.solver.analysis")
    except ImportError:
        return None


def solver_available() -> bool:
    """True when the solver's round analysis (:mod:`cardtable.solver.analysis`) can be
    imported."""
    return _analysis() is not None


def round_costs(done: kraken.Round) -> list[tuple[int, str, int]] | None:
    """``(seat, card, cost)`` for every card of the finished round ``done`` that gave
    away points against the best card with all hands known (declarers' points minus
    defenders' points, as the solver counts them), in the order played. None without
    the solver or a declarer."""
    analysis = _analysis()
    if analysis is None or done.declarer is None:
        return None
    return [(int(c.seat), str(c.card), c.cost) for c in analysis.analyze(done) if c.cost]
