"""Gymnasium environments: one learner holds a seat (or, in a team game, several),
cardtable bots hold the others.

``SingleAgentEnv(game="kraken", seats=(0, 2), opponents=["heuristic"])`` plays whole
games of ``game``; the learner sees ``{"observation", "action_mask"}`` for the seat of
its own that is to move, acts with an index into the encoding's actions, and gets its
seat's reward (as in the PettingZoo environments, ``reward=``) at the end of each
round. The episode ends with the game, or when the learner's seat leaves it (Gurka:
out without a buy-back). Registered as ``cardtable/Kraken-v0`` and
``cardtable/Gurka-v0`` when :mod:`cardtable.envs` is imported.

>>> import gymnasium
>>> import cardtable.envs
>>> env = gymnasium.make("cardtable/Kraken-v0", rules={"rounds": 1}, opponents=["random"])
>>> observation, info = env.reset(seed=1)
>>> observation["observation"].shape, sorted(info)
((528,), ['legal_actions', 'seat'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardtable.bots import Bot, BotDriver, make_bot
from cardtable.envs import gurka_v0, kraken_v0
from cardtable.envs.aec import EnvSpec, make_rules, play_scored
from cardtable.envs.registry import encoding
from cardtable.game import GameState, kind

__all__ = ["SPECS", "SingleAgentEnv"]

SPECS: dict[str, EnvSpec] = {"kraken": kraken_v0.SPEC, "gurka": gurka_v0.SPEC}
"""Each game's rewards and leaving rules, as in its PettingZoo environment."""

Observation = dict[str, npt.NDArray[Any]]


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """A whole game with the learner in ``seats`` and ``opponents`` (bot names, given
    in seat order to the other seats and repeated as needed, or bots) elsewhere.

    ``rules``, ``players`` and ``reward`` as in the PettingZoo environments;
    ``seat`` is a shorthand for ``seats=(seat,)``; several seats only in a team game,
    all of one team (their reward is the team's). An action the mask forbids is
    replaced by a random legal one (``info["illegal_action"]``) and costs
    ``illegal_reward``.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium reads it from the class)

    def __init__(
        self,
        game: str = "kraken",
        rules: Any = None,
        players: int | None = None,
        seat: int = 0,
        seats: Sequence[int] | None = None,
        opponents: Sequence[str | Bot] = ("heuristic",),
        reward: str | None = None,
        illegal_reward: float = 0.0,
        render_mode: str | None = None,
    ) -> None:
        if game not in SPECS:
            raise ValueError(f"game {game!r}: allowed {', '.join(SPECS)}")
        self.game = game
        self.spec_of_game = SPECS[game]
        self.kind = kind(game)
        self.code = encoding(game)
        self.rules = make_rules(game, rules, players)
        count = self.kind.seats(self.rules)
        self.seats = tuple(seats) if seats is not None else (seat,)
        if not self.seats or any(not 0 <= s < count for s in self.seats):
            raise ValueError(f"seats {self.seats}: each must be 0 to {count - 1}")
        if len(set(self.seats)) != len(self.seats):
            raise ValueError(f"seats {self.seats}: a seat appears twice")
        if len(self.seats) > 1 and (
            self.kind.scoring != "teams" or len({s % 2 for s in self.seats}) != 1
        ):
            raise ValueError(
                f"seats {self.seats}: the learner holds several seats only in a team game, "
                "all of one team"
            )
        if not opponents:
            raise ValueError("opponents: name at least one bot, such as 'heuristic'")
        for opponent in opponents:
            if isinstance(opponent, str):
                make_bot(opponent, game=game)  # an unknown bot or game says so now
        self.opponents = list(opponents)
        reward = reward or self.spec_of_game.default_reward
        if reward not in self.spec_of_game.rewards:
            raise ValueError(f"reward {reward!r}: allowed {', '.join(self.spec_of_game.rewards)}")
        self._reward = self.spec_of_game.rewards[reward]
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: allowed None, 'ansi'")
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.code.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.code.actions),), np.int8),
            }
        )
        self.action_space = spaces.Discrete(len(self.code.actions))
        self.state: GameState | None = None
        self._driver: BotDriver | None = None

    def _bots(self) -> list[Bot | None]:
        bots: list[Bot | None] = []
        others = 0
        for seat in range(self.kind.seats(self.rules)):
            if seat in self.seats:
                bots.append(None)
                continue
            opponent = self.opponents[others % len(self.opponents)]
            others += 1
            if isinstance(opponent, str):
                opponent = make_bot(
                    opponent, game=self.game, seed=int(self.np_random.integers(2**31))
                )
            bots.append(opponent)
        return bots

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game (dealt from the environment's generator, seeded by ``seed``)."""
        super().reset(seed=seed)
        self.state = self.kind.new_game(self.rules, int(self.np_random.integers(2**62)))
        self._driver = BotDriver(self.game, self.state, self._bots(), self.rules)
        self._driver.start()
        self._gone = False
        self._advance()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner's seat to move takes ``action``; the bots play until the
        learner is to move again or the episode ends."""
        state, driver = self.state, self._driver
        if state is None or driver is None:
            raise RuntimeError("call reset() before step()")
        if self._done():
            raise RuntimeError("the episode is over: call reset()")
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        index = int(action)
        text = self.code.actions[index] if 0 <= index < len(self.code.actions) else None
        reward = 0.0
        illegal = text not in legal
        if illegal:
            text = legal[int(self.np_random.integers(len(legal)))]
            reward += self.illegal_reward
        assert text is not None
        chosen = text
        reward += self._scored(lambda: driver.play(chosen))
        if seat in self.spec_of_game.out_seats(state) and not (
            self.spec_of_game.offering(state) and state.to_move == seat
        ):
            self._gone = True  # out, and turned the buy-back down
        reward += self._advance()
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        return self._observe(), reward, self._done(), False, info

    def _scored(self, play: Any) -> float:
        assert self.state is not None
        scored = play_scored(self.kind.current_round, self._reward, self.state, play)
        return float(scored[self.seats[0]]) if scored else 0.0

    def _advance(self) -> float:
        """Let the bots play until the learner is to move or the episode is over."""
        state, driver = self.state, self._driver
        assert state is not None and driver is not None
        reward = 0.0
        while True:
            if not self._gone and not state.is_over:
                out = self.spec_of_game.out_seats(state)
                if any(s in out for s in self.seats) and not self.spec_of_game.offering(state):
                    self._gone = True
            if self._done() or state.to_move in self.seats:
                break
            reward += self._scored(driver.step)
        if self._done():
            reward += sum(self._reward.at_leave(state, s) for s in self.seats[:1])
        return reward

    def _done(self) -> bool:
        assert self.state is not None
        return self.state.is_over or self._gone

    def _observe(self) -> Observation:
        state = self.state
        assert state is not None
        seat = state.to_move if state.to_move in self.seats else self.seats[0]
        assert seat is not None
        observation = state.observation(seat)
        return {
            "observation": self.code.encode(observation),
            "action_mask": self.code.mask(observation),
        }

    def _info(self) -> dict[str, Any]:
        state = self.state
        assert state is not None
        seat = state.to_move if state.to_move in self.seats else self.seats[0]
        return {"seat": seat, "legal_actions": state.legal_actions() if not self._done() else []}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now as booleans (the name sb3-contrib's MaskablePPO reads)."""
        return self._observe()["action_mask"].astype(bool)

    def render(self) -> str | None:  # type: ignore[override]
        """The game's text so far (``ansi``)."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.kind.text(self.state)
