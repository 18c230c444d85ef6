"""The Kraken side of the ``expert`` bot: PIMC with its known weaknesses taken on.

Card play is PIMC (:class:`~cardtable.bots.pimc.PimcBot`: hidden cards dealt by the
inference sampler, each world solved double dummy, the round score averaged) with:

- **endgame**: in its last ``endgame`` tricks the bot chooses its next card once per
  information set rather than once per world (:mod:`cardtable.bots.kraken_endgame`),
  which removes the strategy-fusion error of the nearest own decision.

Every part can be switched off, which is how the ablation table of docs/bots.md is
measured (``expert{"endgame": 0}`` and so on).

>>> from cardtable.kraken import Round, Rules
>>> r = Round.new(Rules(), dealer=3, seed=4)
>>> bot = KrakenExpert(worlds=4, seed=1)
>>> bot.act(r.observation(r.to_move)) in r.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from cardtable.bots.base import game_of
from cardtable.bots.kraken_endgame import InformationSets
from cardtable.bots.kraken_search import KrakenSearch
from cardtable.bots.pimc import Estimate, PimcBot
from cardtable.kraken.observation import Observation as KrakenObservation

__all__ = ["ENDGAME_TRICKS", "KrakenExpert"]

ENDGAME_TRICKS = 3
"""The last tricks in which the bot's next card is chosen per information set."""


class KrakenExpert(PimcBot):
    """PIMC for Kraken with the expert's parts (each can be switched off).

    ``endgame``: the last tricks (0 to 8) played with the information-set lookahead.
    The budget is ``worlds`` or ``milliseconds`` of CPU time per decision, as for
    :class:`~cardtable.bots.pimc.PimcBot`.
    """

    name = "expert"

    def __init__(
        self,
        worlds: int | None = None,
        milliseconds: float | None = None,
        seed: int | None = None,
        engine: str = "auto",
        endgame: int = ENDGAME_TRICKS,
    ) -> None:
        super().__init__(worlds, milliseconds, seed, engine)
        if not 0 <= endgame <= 8:
            raise ValueError(f"endgame must be 0 to 8 tricks, not {endgame}")
        self.endgame = endgame

    def estimates(self, observation: Any) -> dict[str, Estimate]:
        """Each legal action's :class:`~cardtable.bots.pimc.Estimate` within the budget."""
        if not isinstance(observation, KrakenObservation):
            raise ValueError(f"a Kraken observation is needed, not {game_of(observation)}")
        search = KrakenSearch(observation)
        if observation.phase == "play" and len(observation.hand) <= self.endgame:
            sets = InformationSets(list(observation.legal_actions), self.engine)
            for _ in self.budget(observation):
                sets.add(search.determinize(self._rng))
            return sets.estimates()
        return self.average(
            observation, lambda: (search.determinize(self._rng), 1.0), self.evaluate
        )
