"""The Gymnasium environments pass Gymnasium's checker and run in vector environments."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardtable.envs  # noqa: F401 (registers the ids)
from cardtable.envs.single import SingleAgentEnv

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(
    ("env_id", "options"),
    [
        ("cardtable/Kraken-v0", {"rules": {"rounds": 1}}),
        ("cardtable/Kraken-v0", {"rules": {"rounds": 1}, "seats": (1, 3), "opponents": ["random"]}),
        ("cardtable/Gurka-v0", {"players": 5, "opponents": ["random", "heuristic"]}),
    ],
)
def test_gymnasium_checker_passes(env_id: str, options: dict) -> None:
    check_env(gymnasium.make(env_id, **options).unwrapped)


def _first_legal(mask: np.ndarray) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[0]) if legal.size else 0  # the step after an episode resets


def test_vector_environment_plays_whole_episodes() -> None:
    vector = gymnasium.vector.SyncVectorEnv(
        [
            lambda: gymnasium.make("cardtable/Kraken-v0", rules={"rounds": 1}, opponents=["random"])
            for _ in range(3)
        ]
    )
    observations, _ = vector.reset(seed=5)
    assert observations["observation"].shape == (3, 528)
    finished = 0
    for _ in range(40):
        actions = np.array([_first_legal(mask) for mask in observations["action_mask"]])
        observations, _, terminated, _, _ = vector.step(actions)
        finished += int(terminated.sum())
    assert finished >= 3  # a single round takes at most 8 + a few decisions of the learner


def test_the_learner_gets_its_teams_round_score_and_sees_only_its_seats() -> None:
    env = SingleAgentEnv("kraken", rules={"rounds": 2}, seats=(0, 2), opponents=["heuristic"])
    observation, info = env.reset(seed=3)
    total = 0.0
    done = False
    while not done:
        assert info["seat"] in (0, 2)
        assert sorted(
            env.code.actions[i] for i in np.flatnonzero(observation["action_mask"])
        ) == sorted(info["legal_actions"])
        observation, reward, done, _, info = env.step(_first_legal(observation["action_mask"]))
        total += reward
    ns, ew = env.state.scores
    assert total == ns - ew


def test_a_gurka_learner_that_goes_out_ends_its_episode() -> None:
    """Declining every buy-back, the learner's episode ends when it is out, usually
    before the game does; its chips reward is then minus what it paid."""
    ended_early = 0
    for seed in range(5):
        env = SingleAgentEnv(
            "gurka", players=6, rules={"eliminate_at": 8}, reward="chips", opponents=["random"]
        )
        observation, _ = env.reset(seed=seed)
        done, reward = False, 0.0
        while not done:
            mask = observation["action_mask"]
            choice = env.code.action_index("pass") if mask[-1] else _first_legal(mask)
            observation, reward, done, _, _ = env.step(choice)
        if not env.state.is_over:
            ended_early += 1
            assert 0 not in env.state.alive and reward == -env.state.paid[0]
    assert ended_early


def test_bad_options_say_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="several seats only in a team game"):
        SingleAgentEnv("gurka", seats=(0, 1))
    with pytest.raises(ValueError, match="several seats only in a team game"):
        SingleAgentEnv("kraken", seats=(0, 1))
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        SingleAgentEnv("kraken", opponents=["genius"])
    with pytest.raises(ValueError, match="allowed kraken, gurka"):
        SingleAgentEnv("chess")
