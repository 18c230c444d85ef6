"""One PettingZoo AEC environment for every game with an encoding.

:class:`CardGameEnv` plays a whole game of any registered game (``cardtable.game.kind``)
with any of its rules; :mod:`cardtable.envs.kraken_v0` and :mod:`cardtable.envs.gurka_v0`
give it each game's rewards and, for Gurka, the players who leave.

The agents are ``player_0`` ... ``player_{n-1}`` (seat order). Each agent observes
``{"observation": float32 vector, "action_mask": int8 vector}``; an action is an index
into the encoding's action list. Rewards come at the end of each round (and when an
agent leaves). An action the mask forbids is replaced by a uniformly random legal one
(``info["illegal_action"]`` says so, ``illegal_reward`` is added), or raises with
``illegal="raise"``. Stepping or observing before ``reset()`` raises: the checks of
PettingZoo's order-enforcing wrapper are built in, so the environments need no
wrapper (which would cost a fifth of their speed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable.envs.registry import encoding
from cardtable.game import GameState, kind

__all__ = ["CardGameEnv", "EnvSpec", "Reward", "make_rules", "play_scored"]

RoundReward = Callable[[Any, GameState], list[float]]
"""``(finished round, game) -> reward per seat`` at the end of each round."""
FinalReward = Callable[[GameState, int], float]
"""``(game, seat) -> reward`` when ``seat`` leaves or the game ends."""


def _nothing(state: GameState, seat: int) -> float:
    return 0.0


@dataclass(frozen=True)
class Reward:
    """A reward scheme: what each seat gets at each round's end and when it leaves."""

    at_round_end: RoundReward
    at_leave: FinalReward = _nothing
    description: str = ""


def _nobody(state: GameState) -> frozenset[int]:
    return frozenset()


def _never(state: GameState) -> bool:
    return False


@dataclass(frozen=True)
class EnvSpec:
    """What the environment needs to know of one game beyond its kind and encoding."""

    game: str
    rewards: Mapping[str, Reward]
    default_reward: str
    out_seats: Callable[[GameState], frozenset[int]] = _nobody
    """The seats that are out of the game now (Gurka: eliminated)."""
    offering: Callable[[GameState], bool] = _never
    """True while out seats are asked whether to come back (Gurka: buy-backs)."""
    decline: str = "pass"
    """The action that turns the offer down."""
    options: Mapping[str, Any] = field(default_factory=dict)


def make_rules(game: str, rules: Any = None, players: int | None = None) -> Any:
    """Rules of ``game`` from a rules object, a preset name, a dict of changes or None
    (the defaults), with ``players`` seats; ``ValueError`` says what is wrong."""
    game_kind = kind(game)
    if rules is None or isinstance(rules, str):
        made = game_kind.rules(rules)
    elif isinstance(rules, Mapping):
        made = game_kind.rules(changes=rules)
    elif isinstance(rules, game_kind.rules_type):
        made = rules
    else:
        raise ValueError(
            f"rules must be a {game_kind.rules_type.__name__}, a preset name, a dict of "
            f"changes or None, not {rules!r}"
        )
    if players is not None and players != game_kind.seats(made):
        if "players" not in made.to_dict():
            raise ValueError(
                f"{game_kind.title} has {game_kind.seats(made)} seats, not players={players}"
            )
        made = game_kind.rules_type.from_dict({**made.to_dict(), "players": players})
    return made


def play_scored(
    current_round: Callable[[Any], Any], reward: Reward, state: GameState, play: Callable[[], Any]
) -> list[float]:
    """Run ``play`` (one action on ``state``, whose round ``current_round`` finds);
    return each seat's reward if it ended a round, else ``[]``."""
    before = current_round(state)
    was_over = before.is_over  # between rounds (Gurka's buy-backs) the last one is over
    play()
    if before.is_over and not was_over:
        return reward.at_round_end(before, state)
    return []


class CardGameEnv(AECEnv[str, dict[str, npt.NDArray[Any]], int]):
    """A whole game of ``spec.game`` as a PettingZoo AEC environment.

    ``rules``: a rules object, preset name or dict of changes; ``players``: the seats
    (games whose rules have a ``players`` field); ``reward``: a name of
    ``spec.rewards``; ``max_cycles``: truncate when the agent to move has already
    acted this many times (None: play to the end); ``render_mode``: ``"human"``
    (print) or ``"ansi"`` (return the text).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi"],
        "name": "cardtable",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        spec: EnvSpec,
        rules: Any = None,
        players: int | None = None,
        render_mode: str | None = None,
        reward: str | None = None,
        max_cycles: int | None = None,
        illegal: Literal["random", "raise"] = "random",
        illegal_reward: float = 0.0,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: allowed None, 'human', 'ansi'")
        reward = reward or spec.default_reward
        if reward not in spec.rewards:
            raise ValueError(f"reward {reward!r}: allowed {', '.join(spec.rewards)}")
        if illegal not in ("random", "raise"):
            raise ValueError(f"illegal {illegal!r}: allowed 'random', 'raise'")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1 or None, not {max_cycles!r}")
        self.spec = spec
        self.kind = kind(spec.game)
        self.code = encoding(spec.game)
        self.rules = make_rules(spec.game, rules, players)
        self.render_mode = render_mode
        self.reward_name = reward
        self._reward = spec.rewards[reward]
        self.max_cycles = max_cycles
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.metadata = {**self.metadata, "name": f"{spec.game}_v0"}
        seats = self.kind.seats(self.rules)
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Box(-np.inf, np.inf, (self.code.size,), np.float32)
        self._observation_space = spaces.Dict(
            {
                "observation": observation,
                "action_mask": spaces.Box(0, 1, (len(self.code.actions),), np.int8),
            }
        )
        self._action_space: spaces.Space[Any] = spaces.Discrete(len(self.code.actions))
        self._rng = np.random.default_rng()
        self._departures = spec.out_seats is not _nobody
        self.state: GameState | None = None

    # --- spaces ---------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same for every agent: the vector and the action mask."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """An index into the encoding's actions."""
        return self._action_space

    # --- the cycle ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, dealt from ``seed`` (None: the next seed of the environment's
        generator, itself seeded from the last seed given, or at random)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.kind.new_game(self.rules, int(self._rng.integers(2**62)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._acted = dict.fromkeys(self.agents, 0)
        self._left: set[int] = set()
        self._skip_agent_selection = None
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        assert self.state is not None
        seat = self.state.to_move
        return self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's vector and mask (the mask is all 0 unless it is to move)."""
        if self.state is None:
            raise RuntimeError("call reset() before observe()")
        observation = self.state.observation(self._seat_of[agent])
        return {
            "observation": self.code.encode(observation),
            "action_mask": self.code.mask(observation),
        }

    def step(self, action: int | None) -> None:
        """The agent selected takes ``action`` (None for an agent that is done)."""
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        for info in self.infos.values():
            info.pop("illegal_action", None)
        legal = state.legal_actions()
        text = (
            self.code.actions[int(action)]
            if action is not None and _is_index(action, len(self.code.actions))
            else None
        )
        if text not in legal:
            if self.illegal == "raise":
                raise ValueError(
                    f"action {action!r} ({text or 'no action'}) is not legal for {agent} now: "
                    f"legal are {[self.code.action_index(a) for a in legal]} ({', '.join(legal)})"
                )
            text = legal[int(self._rng.integers(len(legal)))]
            self.rewards[agent] += self.illegal_reward
            self.infos[agent]["illegal_action"] = True
        self._play(seat, text)
        self._acted[agent] += 1
        self._after_step()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _play(self, seat: int, action: str) -> None:
        """Apply ``action``; reward the end of a round; decline offers for seats gone."""
        state = self.state
        assert state is not None
        scored = play_scored(
            self.kind.current_round, self._reward, state, lambda: state.apply(action)
        )
        for other, value in enumerate(scored):
            agent = self.possible_agents[other]
            if value and agent in self.rewards:
                self.rewards[agent] += value
        if not self._departures:
            return
        if seat in self.spec.out_seats(state) and not self._offered_again(seat):
            self._left.add(seat)  # turned the offer down: gone for good
        while not state.is_over and state.to_move in self._left:
            state.apply(self.spec.decline)

    def _offered_again(self, seat: int) -> bool:
        state = self.state
        assert state is not None
        return self.spec.offering(state) and state.to_move == seat

    def _after_step(self) -> None:
        state = self.state
        assert state is not None
        over = state.is_over
        if over:
            leaving = [self._seat_of[agent] for agent in self.agents]
        elif not self._departures:
            leaving = []
        else:
            out = self.spec.out_seats(state)
            if not self.spec.offering(state):
                self._left |= out
            leaving = [seat for seat in self._left if self.possible_agents[seat] in self.agents]
        for seat in leaving:
            agent = self.possible_agents[seat]
            if not self.terminations[agent]:
                self.terminations[agent] = True
                self.rewards[agent] += self._reward.at_leave(state, seat)
        if not over:
            self.agent_selection = self._agent_to_move()
            if self.max_cycles is not None and self._acted[self.agent_selection] >= self.max_cycles:
                for agent in self.agents:
                    self.truncations[agent] = not self.terminations[agent]
        self._deads_step_first()

    # --- views ----------------------------------------------------------------------------

    def render(self) -> str | None:
        """The game's text so far (``ansi``), or print it (``human``)."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.kind.text(self.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


def _is_index(action: Any, count: int) -> bool:
    return bool(
        isinstance(action, (int, np.integer))
        and not isinstance(action, bool)
        and 0 <= action < count
    )
