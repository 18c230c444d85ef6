"""Games played to a target score: the game ends with the round in which a team
reaches it; the higher total wins, equal totals are a draw."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.errors import RecordError
from cardtable.kraken import Game, Rules
from cardtable.kraken.scoring import game_over, game_winner

from .helpers import rules_st


def play_out(game: Game, rng: random.Random) -> None:
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))


def test_rules_validate_the_target_score() -> None:
    assert Rules().target_score is None
    assert Rules(target_score=1500).to_dict()["target_score"] == 1500
    assert Rules.from_dict({"target_score": 750}).target_score == 750
    assert Rules.from_dict({}).target_score is None
    for bad in (0, -5, 10_001, 1.5, "750", True):
        with pytest.raises(ValueError, match="rules field 'target_score': allowed None"):
            Rules(target_score=bad)  # type: ignore[arg-type]


def test_the_game_length_worked_examples() -> None:
    rounds, target = Rules(rounds=3), Rules(target_score=750, rounds=1)
    assert not game_over(rounds, 2, (5000, 0)) and game_over(rounds, 3, (0, 0))
    # With a target the rounds are not counted: round 1 of a one-round rules is not the end.
    assert not game_over(target, 1, (749, 0)) and not game_over(target, 40, (700, 749))
    assert game_over(target, 1, (750, 0)) and game_over(target, 5, (700, 900))
    # Both teams past the target in the same round: the higher total wins...
    assert game_winner((790, 812)) == 1
    # ...and equal totals are a draw.
    assert game_winner((800, 800)) is None


def test_a_target_game_ends_in_the_round_a_team_reaches_it() -> None:
    game = Game(Rules(target_score=400), seed=7)
    play_out(game, random.Random(3))
    totals = [0, 0]
    for number, rnd in enumerate(game.history):
        points = rnd.result().points
        totals = [totals[0] + points[0], totals[1] + points[1]]
        reached = max(totals) >= 400
        assert reached == (number == len(game.history) - 1)
    assert game.scores == tuple(totals)
    assert game.winner == game_winner(game.scores)
    assert not game.legal_actions()


def test_a_target_game_record_replays_and_refuses_rounds_after_the_end() -> None:
    game = Game(Rules(target_score=300), seed=11)
    play_out(game, random.Random(5))
    record = game.to_record()
    replayed = Game.from_record(record)
    assert replayed.scores == game.scores and replayed.is_over
    extra = {**record, "rounds": [*record["rounds"], record["rounds"][0]]}
    with pytest.raises(RecordError, match="recorded after the end of the game"):
        Game.from_record(extra)


@settings(max_examples=25, deadline=None)
@given(rules=rules_st, target=st.integers(1, 900), seed=st.integers(0, 2**32))
def test_property_target_games_stop_at_the_first_round_reaching_the_target(
    rules: Rules, target: int, seed: int
) -> None:
    game = Game(rules.replace(target_score=target), seed=seed)
    play_out(game, random.Random(seed))
    totals = game.scores
    assert max(totals) >= target
    last = game.history[-1].result().points
    before = (totals[0] - last[0], totals[1] - last[1])
    assert max(before) < target
    assert game.winner == (None if totals[0] == totals[1] else int(totals[1] > totals[0]))
