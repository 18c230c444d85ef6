"""The ``ismcts`` bot: information-set Monte Carlo tree search for any game it can
search (Kraken and Gurka with specialized adapters; another registered game through
:class:`~cardtable.bots.adapters.GenericSearch`).

The search itself is :func:`cardtable.bots.search.search`; the game-specific side of
each decision comes from :func:`cardtable.bots.adapters.adapter_for`.
"""

from __future__ import annotations

import random

from cardtable.bots.adapters import adapter_for, can_search
from cardtable.bots.base import BaseBot
from cardtable.bots.search import search
from cardtable.game import Observation

__all__ = ["IsmctsBot"]


class IsmctsBot(BaseBot):
    """ISMCTS over sampled hidden hands, for every decision of the games it searches.

    The budget is ``iterations`` per decision, or ``milliseconds`` per decision
    counted in CPU time of the deciding thread (one core's worth: a busy machine makes
    the bot slower, not weaker; not reproducible). With an iteration budget the bot
    is deterministic for a given ``seed``.
    """

    name = "ismcts"

    @staticmethod
    def plays(game: str) -> bool:
        """Whether the search can play ``game`` (its ``games`` are not a fixed list)."""
        return can_search(game)

    def __init__(
        self,
        iterations: int | None = None,
        milliseconds: float | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
    ) -> None:
        if iterations is None and milliseconds is None:
            iterations = 1000
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if milliseconds is not None and milliseconds <= 0:
            raise ValueError(f"milliseconds must be positive, not {milliseconds}")
        self.iterations = iterations
        self.milliseconds = milliseconds
        self.exploration = exploration
        self._rng = random.Random(seed)

    def act(self, observation: Observation) -> str:
        """The most visited action after the search budget."""
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        action, _ = search(
            adapter_for(observation),
            observation.seat,
            legal,
            self._rng,
            self.iterations,
            self.milliseconds,
            self.exploration,
        )
        return action
