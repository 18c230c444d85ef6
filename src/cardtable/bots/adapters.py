"""The search adapter for an observation's game (used by the ``ismcts`` bot).

Kraken and Gurka have specialized adapters (:mod:`cardtable.bots.kraken_search`,
:mod:`cardtable.bots.gurka_search`), fast and with a heuristic rollout policy. Any
other registered game is searched by :class:`GenericSearch`, through its
:class:`~cardtable.game.GameKind` and the :class:`~cardtable.game.GameState` shape:
it needs one world consistent with the observation (the kind's
``state_from_observation``),
from which every iteration's world is drawn with ``kind.resample``; rollouts play
uniformly random legal actions to the end of the round, and the reward is read from
the public ``scores`` of the finished round's observation.
"""

from __future__ import annotations

import importlib
import random
import statistics
from typing import Any

from cardtable.bots.base import game_of
from cardtable.bots.search import SearchAdapter
from cardtable.game import GameKind, GameState, Observation, kind

__all__ = ["GenericSearch", "adapter_for", "can_search"]

_SPECIALIZED: dict[str, tuple[str, str]] = {
    "kraken": ("cardtable.bots.kraken_search", "KrakenSearch"),
    "gurka": ("cardtable.bots.gurka_search", "GurkaSearch"),
}
"""The games with a specialized adapter: module and class, built from an observation."""


def can_search(game: str) -> bool:
    """Whether ISMCTS can play ``game``: a specialized adapter, or a kind that builds
    worlds from observations (``state_from_observation``)."""
    return game in _SPECIALIZED or kind(game).state_from_observation is not None


def adapter_for(observation: Observation) -> SearchAdapter[Any]:
    """A :class:`~cardtable.bots.search.SearchAdapter` for this observation's game."""
    game = game_of(observation)
    if game in _SPECIALIZED:
        module, name = _SPECIALIZED[game]
        adapter: SearchAdapter[Any] = getattr(importlib.import_module(module), name)(observation)
        return adapter
    return GenericSearch(kind(game), observation)


class GenericSearch:
    """ISMCTS for any registered game, through its kind (slower than a specialized
    adapter: a world is a full copy of the round and rollouts are random)."""

    def __init__(self, game: GameKind, observation: Observation) -> None:
        build = game.state_from_observation
        if build is None:
            raise ValueError(
                f"ismcts cannot search {game.name}: no world can be built from its "
                "observations (its GameKind has no state_from_observation)"
            )
        if "scores" not in observation.to_dict():
            raise ValueError(f"ismcts cannot search {game.name}: its observations have no scores")
        self.kind = game
        self.seat = observation.seat
        self.world = build(observation)

    def determinize(self, rng: random.Random) -> GameState:
        """A world with the hidden cards drawn uniformly (``kind.resample``)."""
        return self.kind.resample(self.world, self.seat, rng)

    def default_action(self, state: GameState, rng: random.Random) -> str:
        """A uniformly random legal action."""
        return rng.choice(state.legal_actions())

    def rollout(self, state: GameState, rng: random.Random) -> None:
        """Random legal actions to the end of the round."""
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))

    def reward(self, state: GameState, seat: int) -> float:
        """The seat's score against the others' mean, over the spread of the scores:
        in [-1, 1]."""
        scores = [float(s) for s in state.observation(seat).to_dict()["scores"]]
        others = [s for k, s in enumerate(scores) if k != seat]
        spread = max(scores) - min(scores)
        if not others or spread == 0:
            return 0.0
        return (scores[seat] - statistics.fmean(others)) / spread
