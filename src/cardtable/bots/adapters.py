"""The search adapter for an observation's game (used by the ``ismcts`` bot)."""

from __future__ import annotations

from typing import Any

from cardtable.bots.search import SearchAdapter
from cardtable.game import Observation

__all__ = ["adapter_for"]


def adapter_for(observation: Observation) -> SearchAdapter[Any]:
    """A :class:`~cardtable.bots.search.SearchAdapter` for this observation's game."""
    from cardtable import gurka, kraken

    if isinstance(observation, kraken.Observation):
        from cardtable.bots.kraken_search import KrakenSearch

        return KrakenSearch(observation)
    if isinstance(observation, gurka.Observation):
        from cardtable.bots.gurka_search import GurkaSearch

        return GurkaSearch(observation)
    raise TypeError(f"no search adapter for {type(observation).__name__}")
