"""``Observation.from_dict``: every observation comes back equal from its JSON data."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.kraken import Observation, Round, Rules, Seat

from .helpers import play_up_to, rules_st


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_st, st.integers(0, 3), st.integers(0, 2**32), st.integers(0, 60))
def test_every_seat_s_observation_round_trips_through_json_at_a_random_position(
    rules: Rules, dealer: int, seed: int, moves: int
) -> None:
    round_ = Round.new(rules, dealer, seed)
    rng = random.Random(seed)
    play_up_to(round_, rng, moves)
    for seat in Seat:
        observation = round_.observation(seat)
        data = json.loads(json.dumps(observation.to_dict()))
        rebuilt = Observation.from_dict(data)
        assert rebuilt == observation
        assert rebuilt.to_dict() == observation.to_dict()


def test_other_data_is_refused_with_a_value_error() -> None:
    data = Round.new(Rules(), Seat.W, 1).observation(Seat.N).to_dict()
    with pytest.raises(ValueError, match="not a Kraken observation"):
        Observation.from_dict({**data, "game": "gurka"})
    del data["hand"]
    with pytest.raises(ValueError, match="not a Kraken observation: KeyError"):
        Observation.from_dict(data)
