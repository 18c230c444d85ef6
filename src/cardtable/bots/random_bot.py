"""The ``random`` bot: uniform among the legal actions."""

from __future__ import annotations

import random

from cardtable.bots.base import BaseBot
from cardtable.game import Observation

__all__ = ["RandomBot"]


class RandomBot(BaseBot):
    """Plays a uniformly random legal action; reproducible for a given ``seed``."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: Observation) -> str:
        """A uniformly random legal action."""
        return self._rng.choice(observation.legal_actions)
