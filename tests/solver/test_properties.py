"""Properties of ``solve`` and ``makes`` on rounds, checked through the Round engine."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import Card
from cardtable.kraken import Round
from cardtable.solver import makes, position_of, solve
from cardtable.solver.reference import reference_value
from cardtable.solver.search import Position
from tests.solver.helpers import random_position


def _declarer_gain(before: Round, after: Round) -> int:
    """What the declarers gained on the scoreboard between two positions (mars too)."""
    assert before.declarer is not None
    team = before.declarer.team
    points = [a - b for a, b in zip(after.card_points, before.card_points, strict=True)]
    roem = [a - b for a, b in zip(after.roem, before.roem, strict=True)]
    gain = points[team] + roem[team] - points[1 - team] - roem[1 - team]
    if after.is_over and after.result().mars is not None:
        gain += 100 if after.result().mars == team else -100
    return gain


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), tricks_left=st.integers(1, 4))
def test_card_values_match_playing_the_card_and_solving_again(seed: int, tricks_left: int) -> None:
    round_ = random_position(random.Random(seed), tricks_left)
    solution = solve(round_)
    assert set(map(str, solution.card_values)) == set(round_.legal_actions())
    mover_declares = round_.to_move is not None and round_.to_move.team == solution.declarers
    pick = max if mover_declares else min
    assert solution.value == pick(solution.card_values.values())
    for card, value in solution.card_values.items():
        after = round_.copy()
        after.apply(str(card))
        assert value == _declarer_gain(round_, after) + solve(after).value
        assert solution.cost(card) >= 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), tricks_left=st.integers(1, 4))
def test_makes_is_nat_with_best_play(seed: int, tricks_left: int) -> None:
    round_ = random_position(random.Random(seed), tricks_left)
    position = position_of(round_)
    no_mars = Position(
        position.hands,
        position.trick,
        position.leader,
        position.trump,
        position.play_rules,
        position.count_roem,
        0,
    )
    assert round_.declarer is not None
    team = round_.declarer.team
    future = reference_value(no_mars) * (1 if team == 0 else -1)
    points, roem = round_.card_points, round_.roem
    past = points[team] + roem[team] - points[1 - team] - roem[1 - team]
    assert makes(round_) == (past + future > 0)
    assert makes(round_, engine="pure") == makes(round_)


def test_a_finished_round() -> None:
    round_ = random_position(random.Random(1), 1)
    while not round_.is_over:
        round_.apply(round_.legal_actions()[0])
    solution = solve(round_)
    assert (solution.value, solution.card_values, solution.to_move) == (0, {}, None)
    assert makes(round_) == (not round_.result().nat)


def test_positions_before_play_are_refused() -> None:
    from cardtable.kraken import Rules

    round_ = Round.new(Rules(), dealer=0, seed=1)
    try:
        solve(round_)
    except ValueError as error:
        assert "play phase" in str(error)
    else:  # pragma: no cover
        raise AssertionError("solve accepted a round in its trump phase")


def test_best_cards_and_cost() -> None:
    round_ = random_position(random.Random(7), 3)
    solution = solve(round_)
    for card in solution.best_cards:
        assert solution.cost(card) == 0
    assert all(isinstance(card, Card) for card in solution.card_values)


MARS_HANDS = [
    "7H 8H 9H TH JH QH KH AH",
    "7C 8C 9C TC JC QC KC AC",
    "7D 8D 9D TD JD QD KD AD",
    "7S 8S 9S TS JS QS KS AS",
]


def test_mars_counts_100_for_the_team_with_every_trick() -> None:
    from cardtable.solver.text import deal_round

    declaring = deal_round(MARS_HANDS, "H", leader="N", declarer="N", rules="amsterdam")
    # North takes every trick; trick roem: none can form (one card of a suit per player
    # except North's hearts, one a trick)
    assert solve(declaring).value == 162 + 100
    defending = deal_round(MARS_HANDS, "H", leader="N", declarer="E", rules="amsterdam")
    assert solve(defending).value == -(162 + 100)
    assert not makes(defending) and makes(declaring)
