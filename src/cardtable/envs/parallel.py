"""The parallel API over a turn-based :class:`~cardtable.envs.aec.CardGameEnv`.

Each parallel step every live agent submits an action; only the agent to move acts
(its observation's ``action_mask`` is the only one with a 1), the others' actions are
ignored. Agents that finish leave ``agents`` as the parallel API expects, and
``max_cycles`` counts parallel steps.
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv

from cardtable.envs.aec import CardGameEnv

__all__ = ["TurnParallelEnv"]

Observation = dict[str, npt.NDArray[Any]]


class TurnParallelEnv(ParallelEnv[str, Observation, int]):
    """One decision per parallel step: that of the agent to move."""

    def __init__(self, aec_env: CardGameEnv, max_cycles: int | None = None) -> None:
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1 or None, not {max_cycles!r}")
        self.aec_env = aec_env
        self.max_cycles = max_cycles
        self.metadata = {**aec_env.metadata, "is_parallelizable": True}
        self.possible_agents = list(aec_env.possible_agents)
        self.render_mode = aec_env.render_mode
        self.agents: list[str] = []
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """As in the AEC environment."""
        return self.aec_env.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """As in the AEC environment."""
        return self.aec_env.action_space(agent)

    @property
    def agent_to_move(self) -> str:
        """The agent whose action the next step applies."""
        return self.aec_env.agent_selection

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game (``seed`` as in the AEC environment)."""
        self.aec_env.reset(seed=seed, options=options)
        self.agents = list(self.aec_env.agents)
        self._steps = 0
        observations = {agent: self.aec_env.observe(agent) for agent in self.agents}
        return observations, {agent: dict(self.aec_env.infos[agent]) for agent in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Apply the action of the agent to move; every live agent gets its observation,
        reward, termination, truncation and info."""
        aec = self.aec_env
        mover = aec.agent_selection
        if mover not in actions:
            raise ValueError(f"{mover} is to move but has no action in {sorted(actions)}")
        live = list(self.agents)
        aec.step(actions[mover])
        self._steps += 1
        rewards = {agent: float(aec.rewards.get(agent, 0.0)) for agent in live}
        terminations = {agent: bool(aec.terminations.get(agent, True)) for agent in live}
        truncations = {agent: bool(aec.truncations.get(agent, False)) for agent in live}
        infos = {agent: dict(aec.infos.get(agent, {})) for agent in live}
        if self.max_cycles is not None and self._steps >= self.max_cycles:
            truncations = {agent: not terminations[agent] for agent in live}
        observations = {agent: aec.observe(agent) for agent in live}
        while aec.agents and (
            aec.terminations[aec.agent_selection] or aec.truncations[aec.agent_selection]
        ):
            aec.step(None)
        self.agents = [
            agent for agent in aec.agents if not (terminations.get(agent) or truncations.get(agent))
        ]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """As in the AEC environment."""
        return self.aec_env.render()

    def close(self) -> None:
        """Nothing to release."""
        self.aec_env.close()
