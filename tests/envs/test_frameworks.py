"""OpenSpiel, Shimmy and RLlib run the games."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from shimmy import OpenSpielCompatibilityV0

import cardtable.envs.openspiel  # noqa: F401 (registers python_kraken and python_gurka)
from cardtable.envs import kraken_v0
from cardtable.envs.registry import encoding

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::UserWarning")


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_kraken", {}),
        ("python_kraken", {"rules": '{"trump_choice": "random", "roem": "hand", "deal": [4, 4]}'}),
        ("python_gurka", {}),
        ("python_gurka", {"players": 7, "rules": '{"penalty_tricks": "every"}'}),
    ],
)
def test_openspiel_random_simulation_test_passes(name: str, params: dict) -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game(name, params), num_sims=2, serialize=False, verbose=False
    )


def test_openspiel_deals_by_chance_and_tensors_are_the_encoding() -> None:
    game = pyspiel.load_game("python_kraken")
    state = game.new_initial_state()
    assert [p for _, p in state.chance_outcomes()] == [0.25] * 4
    state.apply_action(3)  # W deals
    for card in range(32):
        assert len(state.chance_outcomes()) == 32 - card
        state.apply_action(card)  # in order: N gets 7C 8C 9C, E 7D..., by packets of 3-2-3
    assert state.current_player() == 0
    rnd = state.round
    assert [str(c) for c in rnd.hands[0]][:3] == ["7C", "8C", "9C"]
    code = encoding("kraken")
    assert np.array_equal(
        np.array(state.observation_tensor(1), dtype=np.float32), code.encode(rnd.observation(1))
    )
    assert np.array_equal(
        np.array(state.information_state_tensor(0), dtype=np.float32),
        code.encode(rnd.observation(0)),
    )
    assert sorted(state.legal_actions()) == sorted(
        code.action_index(a) for a in rnd.legal_actions()
    )


@pytest.mark.parametrize("name", ["python_kraken", "python_gurka"])
def test_shimmy_runs_them_as_pettingzoo_environments(name: str) -> None:
    env = OpenSpielCompatibilityV0(game_name=name)
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        _, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
        steps += 1
    assert steps >= 6 * 4 and not env.agents


def test_rllib_pettingzoo_wrapper_runs_kraken() -> None:
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    env = PettingZooEnv(kraken_v0.env(rules={"rounds": 1}))
    observations, _ = env.reset(seed=1)
    done, steps = False, 0
    while not done:
        ((agent, observation),) = observations.items()
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observations, rewards, terminated, truncated, _ = env.step({agent: action})
        done = terminated["__all__"] or truncated["__all__"]
        steps += 1
    assert steps >= 32
    assert rewards["player_0"] == -rewards["player_1"] != 0
