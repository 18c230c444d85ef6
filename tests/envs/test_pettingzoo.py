"""The PettingZoo environments pass PettingZoo's own tests and keep the game's rules."""

from __future__ import annotations

import types

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test

from cardtable.envs import gurka_v0, kraken_v0
from cardtable.envs.registry import encoding

CASES = [
    pytest.param(kraken_v0, {"rules": {"rounds": 2}}, id="kraken"),
    pytest.param(
        kraken_v0,
        {"rules": {"rounds": 1, "trump_choice": "random", "roem": "hand"}},
        id="kraken-random-hand",
    ),
    pytest.param(gurka_v0, {"players": 5, "rules": {"eliminate_at": 12}}, id="gurka-5"),
    pytest.param(gurka_v0, {"players": 3, "reward": "chips"}, id="gurka-3-chips"),
]


@pytest.mark.parametrize(("module", "options"), CASES)
def test_pettingzoo_api_seed_and_parallel_tests_pass(
    module: types.ModuleType, options: dict
) -> None:
    api_test(module.env(**options), num_cycles=200)
    seed_test(lambda: module.env(**options), num_cycles=200)
    parallel_api_test(module.parallel_env(**options), num_cycles=200)


def test_gurka_passes_max_cycles_test() -> None:
    max_cycles_test(gurka_v0)


def test_no_kraken_agent_acts_more_than_max_cycles_times() -> None:
    """Kraken's auction lets some seats speak more than others, so PettingZoo's
    max_cycles_test (which assumes every agent acts once per cycle) does not apply
    to the AEC form; the cap itself holds: nobody acts more than max_cycles times,
    and the parallel form stops after max_cycles steps."""
    env = kraken_v0.env(max_cycles=6)
    env.reset(seed=3)
    acted = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        acted[agent] += 1
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert max(acted.values()) == 6
    assert not env.agents
    parallel = kraken_v0.parallel_env(max_cycles=4)
    parallel.reset(seed=1)
    steps = 0
    while parallel.agents:
        actions = {agent: 0 for agent in parallel.agents}
        *_, truncations, _ = parallel.step(actions)
        steps += 1
    assert steps == 4 and all(truncations.values())


def _play(env, seed: int, choose) -> tuple[dict[str, float], list[str]]:
    """Play a whole game; return the total reward per agent and the agents in the
    order they left."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    left = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            left.append(agent)
            env.step(None)
            continue
        env.step(choose(observation))
    return totals, left


def _first_legal(observation) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


def test_kraken_rewards_are_the_round_score_differences() -> None:
    env = kraken_v0.env(rules={"rounds": 3})
    totals, left = _play(env, 7, _first_legal)
    game = env.unwrapped.state
    ns, ew = game.scores
    assert totals == {
        "player_0": ns - ew,
        "player_1": ew - ns,
        "player_2": ns - ew,
        "player_3": ew - ns,
    }
    assert sorted(left) == env.possible_agents
    wins, _ = _play(kraken_v0.env(rules={"rounds": 3}, reward="win"), 7, _first_legal)
    signs = [
        np.sign(sum(r.result().points[0] - r.result().points[1] for r in [rnd]))
        for rnd in game.history
    ]
    assert wins["player_0"] == sum(signs)


def test_gurka_players_leave_when_out_and_rewards_add_up() -> None:
    """Players out without a buy-back leave the agents list before the end; the
    penalty reward adds up to minus the scores the rounds gave, the chips reward to
    the game's chips."""
    for seed in range(6):
        env = gurka_v0.env(players=6, rules={"eliminate_at": 10})
        seen_fewer = False
        env.reset(seed=seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            seen_fewer |= len(env.agents) < 6
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            # always decline a buy-back, so players go out for good
            choice = (
                encoding("gurka").action_index("pass") if mask[53] else _first_legal(observation)
            )
            env.step(choice)
        game = env.unwrapped.state
        assert game.is_over and seen_fewer
        penalties = [sum(r.result()[s] for r in game.history) for s in range(6)]
        assert totals == {f"player_{s}": -float(penalties[s]) for s in range(6)}
        chips, _ = _play(
            gurka_v0.env(players=6, rules={"eliminate_at": 10}, reward="chips"), seed, _first_legal
        )
        assert sum(chips.values()) == 0


def test_an_illegal_action_is_replaced_or_refused() -> None:
    env = kraken_v0.env(illegal_reward=-1.0)
    env.reset(seed=1)
    agent = env.agent_selection
    card = encoding("kraken").action_index("AS")  # no card is legal while trump is chosen
    env.step(card)
    assert env.infos[agent]["illegal_action"] is True
    assert env.unwrapped._cumulative_rewards[agent] == -1.0
    strict = kraken_v0.env(illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="is not legal for player_"):
        strict.step(card)


def test_bad_options_say_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="allowed difference, points, win"):
        kraken_v0.env(reward="chips")
    with pytest.raises(ValueError, match="Kraken has 4 seats, not players=5"):
        kraken_v0.env(players=5)
    with pytest.raises(ValueError, match="players"):
        gurka_v0.env(players=9)


def test_same_seed_same_game_and_render() -> None:
    one, two = (
        kraken_v0.env(render_mode="ansi", rules={"rounds": 1}),
        kraken_v0.env(render_mode="ansi", rules={"rounds": 1}),
    )
    _play(one, 11, _first_legal)
    _play(two, 11, _first_legal)
    assert one.render() == two.render() and "trump" in one.render()


def test_stepping_or_observing_before_reset_says_so() -> None:
    env = kraken_v0.env()
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        env.step(0)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before observe\(\)"):
        env.observe("player_0")
