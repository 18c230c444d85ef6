"""The Kraken side of the ``expert`` bot: PIMC with its known weaknesses taken on.

Card play is PIMC (:class:`~cardtable.bots.pimc.PimcBot`: hidden cards dealt by the
inference sampler, each world solved double dummy, the round score averaged) with:

- **endgame** (off by default): in its last ``endgame`` tricks the bot chooses its
  next card once per information set rather than once per world
  (:mod:`cardtable.bots.kraken_endgame`), which removes the strategy-fusion error of
  the nearest own decision but leaves the other seats omniscient: measured, it cost
  about 3 points a deal at 100 ms (docs/bots.md), so it is an option to study;
- **inference**: the worlds are weighted by how likely the other seats' actions so
  far were in each, under the play model of :mod:`cardtable.bots.kraken_play_model`
  (each world picked among ``candidates`` uniform draws in proportion to those
  weights), not only dealt as the rules allow;
- **lead**: the first card of a round is chosen with the learned opening-lead values
  of :mod:`cardtable.bots.kraken_lead` counted as ``lead`` worlds beside the sampled
  ones (the average over a handful of worlds is PIMC's noisiest choice);
- **signals**: when the rules agree partner signals, the bot gives them when they
  cost next to nothing it can see and weighs its worlds by its partner's signals
  (:mod:`cardtable.bots.kraken_signalling`).

Decisions before the first card (trump, challenges, roem from hand) come from the
learned evaluation of :mod:`cardtable.bots.kraken_bidding` (``bidding="model"``)
rather than from PIMC's few noisy worlds (``bidding="search"``).

Every part can be switched off, which is how the ablation table of docs/bots.md is
measured (``expert{"endgame": 0}`` and so on).

>>> from cardtable.kraken import Round, Rules
>>> r = Round.new(Rules(), dealer=3, seed=4)
>>> bot = KrakenExpert(worlds=4, seed=1)
>>> bot.act(r.observation(r.to_move)) in r.legal_actions()
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from statistics import fmean
from typing import Any

from cardtable.bots import kraken_heuristic as heuristic
from cardtable.bots.base import INFERENCE, game_of
from cardtable.bots.kraken_bidding import BiddingModel
from cardtable.bots.kraken_endgame import InformationSets
from cardtable.bots.kraken_lead import LeadModel
from cardtable.bots.kraken_play_model import PlayModel, WeightedWorlds
from cardtable.bots.kraken_search import KrakenSearch
from cardtable.bots.kraken_signalling import signal_choice, signal_reader
from cardtable.bots.pimc import Estimate, PimcBot
from cardtable.kraken.observation import Observation as KrakenObservation
from cardtable.kraken.round import Round

__all__ = ["CANDIDATES", "ENDGAME_TRICKS", "INFERENCE", "LEAD_WORLDS", "KrakenExpert"]

ENDGAME_TRICKS = 0
"""The last tricks in which the bot's next card is chosen per information set by
default: none (three cost 2.8 points a deal, 95% interval [0.4, 5.2], over the two
matches of docs/bots.md that measured it)."""
CANDIDATES = 4
"""Uniform draws among which each world solved is picked by its weight."""
LEAD_WORLDS = 20
"""The worlds the learned opening-lead values count for beside the sampled ones."""


class KrakenExpert(PimcBot):
    """PIMC for Kraken with the expert's parts (each can be switched off).

    ``endgame``: the last tricks (0 to 8) played with the information-set lookahead;
    ``signals``: give and read the partner signals the rules agree (if any);
    ``lead``: the worlds the learned opening-lead values count for (0: none);
    ``bidding``: ``"model"`` (the learned evaluation) or ``"search"`` (PIMC's);
    ``inference``: ``"model"`` (worlds weighted by the play model's likelihood of the
    other seats' actions, each picked among ``candidates`` draws), ``"play"`` (the
    same, reading the card play only: for the arena's fixed contracts, whose bidding
    is imposed) or ``"uniform"`` (every consistent deal alike).
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
        signals: bool = True,
        bidding: str = "model",
        inference: str = "model",
        candidates: int = CANDIDATES,
        lead: int = LEAD_WORLDS,
    ) -> None:
        super().__init__(worlds, milliseconds, seed, engine)
        if not 0 <= endgame <= 8:
            raise ValueError(f"endgame must be 0 to 8 tricks, not {endgame}")
        self.endgame = endgame
        self.signals = signals
        if bidding not in ("model", "search"):
            raise ValueError(f"bidding must be 'model' or 'search', not {bidding!r}")
        self.bidding = bidding
        if inference not in INFERENCE:
            raise ValueError(f"inference must be one of {', '.join(INFERENCE)}, not {inference!r}")
        self.inference = inference
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, not {candidates}")
        self.candidates = candidates
        if lead < 0:
            raise ValueError(f"lead must be 0 worlds or more, not {lead}")
        self.lead = lead

    def pick(self, observation: KrakenObservation, estimates: dict[str, Estimate]) -> str:
        """The action :meth:`act` takes given the ``estimates``: a free signalling
        discard (when the bot signals), else PIMC's choice; cards the worlds value
        exactly alike (say, every world ends nat) go to the heuristic's choice."""
        if observation.phase != "play" and self.bidding == "model":
            return BiddingModel.load().choose(observation)
        if self.signals and observation.phase == "play":
            signal = signal_choice(observation, estimates)
            if signal is not None:
                return signal
        choice = self.choose(observation, estimates)
        if observation.phase == "play":
            best = estimates[choice].total
            tied = [action for action, e in estimates.items() if e.total == best]
            if len(tied) > 1 and (preferred := heuristic.play_card(observation, self._rng)) in tied:
                return preferred
        return choice

    def estimates(self, observation: Any) -> dict[str, Estimate]:
        """Each legal action's :class:`~cardtable.bots.pimc.Estimate` within the budget."""
        if not isinstance(observation, KrakenObservation):
            raise ValueError(f"a Kraken observation is needed, not {game_of(observation)}")
        if observation.phase != "play" and self.bidding == "model":
            # the learned evaluation, not sampled worlds: worlds 0 says so
            values = BiddingModel.load().estimates(observation)
            return {
                action: Estimate(value, value * value, 0, 0) for action, value in values.items()
            }
        reader = signal_reader(observation) if self.signals else None
        draw_world, mix = self._sampler(observation)

        def draw() -> tuple[Round, float]:
            world, weight = draw_world()
            return world, weight if reader is None else weight * reader(world)

        if observation.phase == "play" and len(observation.hand) <= self.endgame:
            sets = InformationSets(list(observation.legal_actions), self.engine)
            for _ in self.budget(observation):
                sets.add(*draw())
            return sets.estimates()
        estimates = self.average(observation, draw, self.evaluate, mix)
        prior = LeadModel.load().values(observation) if self.lead else {}
        if prior:  # relative values: the sampled average of the cards is their level
            level = fmean(e.mean for e in estimates.values())
            return {a: _with_prior(e, level + prior[a], self.lead) for a, e in estimates.items()}
        return estimates

    def _sampler(
        self, observation: KrakenObservation
    ) -> tuple[Callable[[], tuple[Round, float]], float]:
        """A source of worlds with their inference weights, and the share of the
        uniform average to mix in (:meth:`~cardtable.bots.pimc.PimcBot.average`)."""
        if self.inference == "uniform":
            search = KrakenSearch(observation)
            return lambda: (search.determinize(self._rng), 1.0), 0.0
        model = PlayModel.load()
        worlds = WeightedWorlds(
            observation,
            model,
            self._rng,
            candidates=self.candidates,
            bidding=self.inference == "model",
        )

        def draw() -> tuple[Round, float]:
            world, log_weight = worlds.draw_log()  # at least -700: exp stays above 0
            return world, math.exp(log_weight)

        return draw, model.mix


def _with_prior(estimate: Estimate, value: float, weight: int) -> Estimate:
    """``estimate`` with ``value`` counted as ``weight`` more worlds in its mean (and
    its mean square); its ``worlds`` stay the worlds sampled."""
    worlds = estimate.worlds
    share = worlds / (worlds + weight)
    return Estimate(
        share * (estimate.total + weight * value),
        share * (estimate.squares + weight * value * value),
        estimate.nat,
        worlds,
    )
