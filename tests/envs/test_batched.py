"""The batched card play is the engine's, table by table: observations, masks, rewards."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.envs.batched import KrakenBatch
from cardtable.envs.kraken_encoding import KRAKEN
from tests.kraken.helpers import rules_st


@given(rules=st.lists(rules_st, min_size=1, max_size=4), seed=st.integers(0, 10**6))
@settings(max_examples=15, deadline=None)
def test_batched_play_equals_the_engine_on_random_play(rules: list, seed: int) -> None:
    """Tables of mixed rules dealt and bid by the engine; at every card the batch's
    observation, mask and (at the end) reward equal the engine's."""
    rng = random.Random(seed)
    rounds = []
    for i in range(8):
        batch_rules = rules[i % len(rules)]
        from cardtable.kraken import Round

        rnd = Round.new(batch_rules, rng.randrange(4), rng.getrandbits(32))
        while rnd.phase != "play":
            rnd.apply(rng.choice(rnd.legal_actions()))
        rounds.append(rnd)
    engines = [rnd.copy() for rnd in rounds]
    batch = KrakenBatch(rounds)
    choices = np.random.default_rng(seed)
    while not batch.done:
        observations, masks = batch.observations(), batch.masks()
        for i, engine in enumerate(engines):
            seat = engine.to_move
            assert seat == batch.to_move[i]
            obs = engine.observation(seat)
            assert np.array_equal(observations[i], KRAKEN.encode(obs)), f"table {i}"
            assert np.array_equal(masks[i], KRAKEN.mask(obs)), f"table {i}"
        actions = batch.random_actions(choices)
        rewards = batch.step(actions)
        for i, engine in enumerate(engines):
            engine.apply(KRAKEN.actions[actions[i]])
    observations = batch.observations()
    for i, engine in enumerate(engines):
        assert engine.is_over
        assert np.array_equal(observations[i], KRAKEN.encode(engine.observation(0)))
        points = engine.result().points
        difference = points[0] - points[1]
        assert rewards[i].tolist() == [difference, -difference, difference, -difference]


def test_illegal_cards_are_refused_and_change_nothing() -> None:
    batch = KrakenBatch.deal(4, seed=2)
    before = batch.observations()
    illegal = np.argmin(batch.masks()[:, :32], axis=1)  # a card the mover may not play
    with pytest.raises(ValueError, match="illegal card actions at tables"):
        batch.step(illegal)
    assert np.array_equal(batch.observations(), before)
    with pytest.raises(ValueError, match="expected 4 actions"):
        batch.step([0, 1])


def test_a_batch_starts_where_play_starts() -> None:
    from cardtable.kraken import Round, Rules

    with pytest.raises(ValueError, match="starts where play starts"):
        KrakenBatch([Round.new(Rules(), 0, 1)])
