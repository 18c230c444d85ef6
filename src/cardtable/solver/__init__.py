"""Double-dummy solving of Kraken play, and the post-game analysis built on it.

``solve(round)`` gives the value the declarers can guarantee over the remaining play
with every hand known (declarers' points minus defenders'), and the value after each
legal card; ``makes(round)`` tells whether they can still avoid nat. The search runs
compiled (a C extension built by ``pip install``) when available and in pure Python
otherwise; both implement the same algorithm (see :mod:`cardtable.solver.search`).
"""

from __future__ import annotations

from cardtable.solver.api import Solution, makes, position_of, solve, solve_position
from cardtable.solver.search import Options, Position

__all__ = ["Options", "Position", "Solution", "makes", "position_of", "solve", "solve_position"]
