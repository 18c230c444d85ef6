"""The ``heuristic`` bot: plays like a sound club player, in Kraken and Gurka."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, ClassVar

from cardtable.bots.base import BaseBot, game_of
from cardtable.game import Observation

__all__ = ["HeuristicBot"]

_CHOOSERS: dict[str, str] = {
    "kraken": "cardtable.bots.kraken_heuristic",
    "gurka": "cardtable.bots.gurka_heuristic",
}
"""Each game's heuristic: a module with ``choose(observation, rng) -> str``."""


class HeuristicBot(BaseBot):
    """Rule-of-thumb play: hand evaluation for bidding, sound card play.

    Kraken: :mod:`cardtable.bots.kraken_heuristic`; Gurka:
    :mod:`cardtable.bots.gurka_heuristic`. ``seed`` breaks ties reproducibly.
    """

    name = "heuristic"
    games: ClassVar[frozenset[str] | None] = frozenset(_CHOOSERS)

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._choosers: dict[type, Callable[[Any, random.Random], str]] = {}

    def act(self, observation: Observation) -> str:
        """The heuristic's choice among ``observation.legal_actions``."""
        choose = self._choosers.get(type(observation))
        if choose is None:
            game = game_of(observation)
            if game not in _CHOOSERS:
                raise ValueError(f"heuristic plays gurka and kraken only, not {game}")
            choose = importlib.import_module(_CHOOSERS[game]).choose
            self._choosers[type(observation)] = choose
        return choose(observation, self._rng)
