"""The ``heuristic`` bot: plays like a sound club player, in either game."""

from __future__ import annotations

import random

from cardtable.bots.base import BaseBot
from cardtable.game import Observation

__all__ = ["HeuristicBot"]


class HeuristicBot(BaseBot):
    """Rule-of-thumb play: hand evaluation for bidding, sound card play.

    Kraken: :mod:`cardtable.bots.kraken_heuristic`; Gurka:
    :mod:`cardtable.bots.gurka_heuristic`. ``seed`` breaks ties reproducibly.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: Observation) -> str:
        """The heuristic's choice among ``observation.legal_actions``."""
        from cardtable import gurka, kraken

        if isinstance(observation, kraken.Observation):
            from cardtable.bots import kraken_heuristic

            return kraken_heuristic.choose(observation, self._rng)
        if isinstance(observation, gurka.Observation):
            from cardtable.bots import gurka_heuristic

            return gurka_heuristic.choose(observation, self._rng)
        raise TypeError(f"no heuristic for {type(observation).__name__}")
