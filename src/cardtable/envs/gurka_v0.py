"""Gurka as a PettingZoo environment: ``env()`` (AEC), ``parallel_env()``, ``raw_env()``.

An episode is a whole game of ``players`` (3 to 8; default 4) until the pot is won.
The actions are the 52 cards and the buy-back decision (``buyback`` or ``pass``).
A player who is out and turns a buy-back down (or is out when no buy-back is
offered) leaves the game: its agent terminates and leaves ``agents``; the
environment turns down every later offer for it.

Rewards (``reward=``):

- ``"penalty"`` (default): at the end of each round, minus the penalty points the
  seat scored in it;
- ``"chips"``: when the seat leaves or the game ends, its net chips (pot won minus
  stakes and buy-backs paid); nothing before.

>>> from cardtable.envs import gurka_v0
>>> env = gurka_v0.env(players=5)
>>> env.reset(seed=2)
>>> len(env.agents), env.last()[0]["observation"].shape
(5, (1153,))
"""

from __future__ import annotations

from typing import Any

from cardtable.envs.aec import CardGameEnv, EnvSpec, Reward
from cardtable.envs.parallel import TurnParallelEnv
from cardtable.game import GameState
from cardtable.gurka import Game, Round

__all__ = ["REWARDS", "SPEC", "env", "parallel_env", "raw_env"]


def _penalty(rnd: Round, state: GameState) -> list[float]:
    return [-float(points) for points in rnd.result()]


def _no_round_reward(rnd: Round, state: GameState) -> list[float]:
    return [0.0] * rnd.players


def _chips(state: GameState, seat: int) -> float:
    assert isinstance(state, Game)
    return float(state.chips[seat])


def _none(state: GameState, seat: int) -> float:
    return 0.0


REWARDS = {
    "penalty": Reward(_penalty, _none, "minus my penalty points of each round"),
    "chips": Reward(_no_round_reward, _chips, "my net chips when I leave or the game ends"),
}
"""The reward schemes by name."""


def _out(state: GameState) -> frozenset[int]:
    assert isinstance(state, Game)
    return frozenset(range(state.players)) - frozenset(state.alive)


def _offering(state: GameState) -> bool:
    assert isinstance(state, Game)
    return state.phase == "buyback"


SPEC = EnvSpec("gurka", REWARDS, "penalty", out_seats=_out, offering=_offering, decline="pass")


def raw_env(**options: Any) -> CardGameEnv:
    """The same as :func:`env` (the environment checks the order of calls itself)."""
    return CardGameEnv(SPEC, **options)


def env(**options: Any) -> CardGameEnv:
    """A Gurka AEC environment: ``rules`` (Rules or dict of changes), ``players``
    (3 to 8), ``render_mode`` (None, ``"human"``, ``"ansi"``), ``reward``
    (``"penalty"``, ``"chips"``), ``max_cycles``, ``illegal`` (``"random"`` or
    ``"raise"``) and ``illegal_reward``."""
    return CardGameEnv(SPEC, **options)


def parallel_env(max_cycles: int | None = None, **options: Any) -> TurnParallelEnv:
    """The parallel form: one decision per step, that of the agent to move."""
    return TurnParallelEnv(raw_env(**options), max_cycles=max_cycles)
