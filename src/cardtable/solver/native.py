"""The compiled search (the C extension ``cardtable.solver._native``), if it is built.

:class:`NativeSearch` has the interface of :class:`~cardtable.solver.search.PureSearch`
and runs the same algorithm; ``AVAILABLE`` is False when the extension is missing, and
everything then falls back to the pure-Python search.
"""

from __future__ import annotations

from types import ModuleType

from cardtable.kraken.fast import PLAY_CODES
from cardtable.kraken.rules import PlayRules
from cardtable.solver.search import Options, Position

__all__ = ["AVAILABLE", "NativeSearch"]

_native: ModuleType | None
try:
    from cardtable.solver import _native  # type: ignore[attr-defined, no-redef, unused-ignore]
except ImportError:  # pragma: no cover - the extension is built by pip install
    _native = None

AVAILABLE: bool = _native is not None
"""Whether the compiled search can be used."""


class NativeSearch:
    """The compiled search for one deal (same trump and rules).

    All searches of a process share one table of 4 MB (small enough to stay in the
    cache); each search object stamps its entries with its own generation number and
    never reads another's, so searches cannot mix up their entries.
    """

    def __init__(self, trump: int, play: PlayRules, count_roem: bool, options: Options) -> None:
        if _native is None:
            raise RuntimeError(
                "the compiled solver is not built: reinstall with `pip install -e .`"
            )
        self.trump = trump
        self.play = play
        self.count_roem = count_roem
        flags = (
            (1 if options.table else 0)
            | (2 if options.ordering else 0)
            | (4 if options.equivalence else 0)
            | (8 if options.bounds else 0)
        )
        self._context = _native.Context(trump, PLAY_CODES[play], int(count_roem), flags)
        self.nodes = 0

    def search(self, position: Position, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta value of ``position`` in the window (alpha, beta)."""
        assert _native is not None
        hands = position.hands
        value, nodes = self._context.search(
            hands[0],
            hands[1],
            hands[2],
            hands[3],
            position.trick,
            position.leader,
            position.mars,
            alpha,
            beta,
        )
        self.nodes += nodes
        return int(value)
