"""``Observation.from_dict``: every observation comes back equal from its JSON data."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.gurka import Game, Observation, Round, Rules
from tests.gurka.strategies import rules_strategy


def assert_round_trips(observation: Observation) -> None:
    data = json.loads(json.dumps(observation.to_dict()))
    rebuilt = Observation.from_dict(data)
    assert rebuilt == observation
    assert rebuilt.to_dict() == observation.to_dict()


@settings(max_examples=100, deadline=None)
@given(rules_strategy, st.integers(0, 2**40), st.integers(0, 400), st.sampled_from([0.0, 0.3]))
def test_every_seat_s_observation_of_a_game_round_trips_at_a_random_position(
    rules: Rules, seed: int, moves: int, buyback_chance: float
) -> None:
    game = Game.new(rules, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        if game.phase == "buyback":
            game.apply("buyback" if rng.random() < buyback_chance else "pass")
        else:
            game.apply(rng.choice(game.legal_actions()))
    for seat in range(rules.players):
        assert_round_trips(game.observation(seat))


@settings(max_examples=50, deadline=None)
@given(rules_strategy, st.integers(0, 2**40), st.integers(0, 40))
def test_every_seat_s_observation_of_a_bare_round_round_trips(
    rules: Rules, seed: int, moves: int
) -> None:
    round_ = Round.new(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    for _ in range(moves):
        if round_.is_over:
            break
        round_.apply(rng.choice(round_.legal_actions()))
    for seat in range(rules.players):
        observation = round_.observation(seat)
        assert observation.scores is None
        assert_round_trips(observation)


def test_other_data_is_refused_with_a_value_error() -> None:
    data = Game.new(Rules(), 1).observation(0).to_dict()
    with pytest.raises(ValueError, match="not a Gurka observation"):
        Observation.from_dict({**data, "game": "kraken"})
    del data["hand_sizes"]
    with pytest.raises(ValueError, match="not a Gurka observation: KeyError"):
        Observation.from_dict(data)
