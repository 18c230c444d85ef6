"""Kraken as a PettingZoo environment: ``env()`` (AEC), ``parallel_env()``, ``raw_env()``.

An episode is a whole game (``rules.rounds`` rounds; ``rules={"rounds": 1}`` for
single deals). Agents ``player_0`` to ``player_3`` are N, E, S, W; N-S play E-W.

Rewards, at the end of each round, to every seat (``reward=``):

- ``"difference"`` (default): the round's points of the seat's team minus the other
  team's (a zero-sum team reward);
- ``"points"``: the round's points of the seat's team;
- ``"win"``: +1 if the seat's team scored more in the round, -1 if less, 0 if equal.

>>> from cardtable.envs import kraken_v0
>>> env = kraken_v0.env(rules={"rounds": 1})
>>> env.reset(seed=4)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((528,), 5)
"""

from __future__ import annotations

from typing import Any

from cardtable.envs.aec import CardGameEnv, EnvSpec, Reward
from cardtable.envs.parallel import TurnParallelEnv
from cardtable.game import GameState
from cardtable.kraken import Round

__all__ = ["REWARDS", "SPEC", "env", "parallel_env", "raw_env"]


def _points(rnd: Round) -> tuple[int, int]:
    points = rnd.result().points
    return points[0], points[1]


def _difference(rnd: Round, state: GameState) -> list[float]:
    ns, ew = _points(rnd)
    return [float(ns - ew if seat % 2 == 0 else ew - ns) for seat in range(4)]


def _team_points(rnd: Round, state: GameState) -> list[float]:
    points = _points(rnd)
    return [float(points[seat % 2]) for seat in range(4)]


def _win(rnd: Round, state: GameState) -> list[float]:
    return [float((d > 0) - (d < 0)) for d in _difference(rnd, state)]


REWARDS = {
    "difference": Reward(_difference, description="my team's round points minus theirs"),
    "points": Reward(_team_points, description="my team's round points"),
    "win": Reward(_win, description="+1, 0 or -1: who scored more in the round"),
}
"""The reward schemes by name."""

SPEC = EnvSpec("kraken", REWARDS, "difference")


def raw_env(**options: Any) -> CardGameEnv:
    """The same as :func:`env` (the environment checks the order of calls itself)."""
    return CardGameEnv(SPEC, **options)


def env(**options: Any) -> CardGameEnv:
    """A Kraken AEC environment: ``rules`` (Rules, preset name or dict of changes),
    ``players`` (4 or None), ``render_mode`` (None, ``"human"``, ``"ansi"``),
    ``reward`` (``"difference"``, ``"points"``, ``"win"``), ``max_cycles``,
    ``illegal`` (``"random"`` or ``"raise"``) and ``illegal_reward``."""
    return CardGameEnv(SPEC, **options)


def parallel_env(max_cycles: int | None = None, **options: Any) -> TurnParallelEnv:
    """The parallel form: one decision per step, that of the agent to move."""
    return TurnParallelEnv(raw_env(**options), max_cycles=max_cycles)
