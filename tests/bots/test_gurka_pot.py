"""The chances to win a Gurka pot from the scores (``cardtable.bots.gurka_pot``) and the
expert's valuation of a round built on them."""

from __future__ import annotations

import dataclasses
import itertools
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.bots.gurka_expert import (
    EXACT_LIMIT,
    Table,
    Valuation,
    pot_chances,
    rest_of_game,
)
from cardtable.bots.gurka_pot import PotChances
from cardtable.gurka import Observation, Rules
from cardtable.gurka.ledger import Ledger
from tests.bots.test_gurka_expert import buyback_observation

OUTCOMES = [(0, 0), (4, 0), (0, 7), (2, 3), (9, 0), (0, 0), (6, 0)]


def linear_solve(outcomes: list[tuple[int, int]], limit: int) -> np.ndarray:
    """The duel by solving its Markov chain as one linear system (rounds where
    nobody scores included), independently of the class's ordering of the states."""
    pairs = list(outcomes) + [(b, a) for a, b in outcomes]
    p = 1 / len(pairs)
    n = limit * limit
    matrix = np.eye(n)
    rhs = np.zeros(n)
    for a in range(limit):
        for b in range(limit):
            row = a * limit + b
            for x, y in pairs:
                after_a, after_b = a + x, b + y
                if after_a >= limit and after_b >= limit:
                    rhs[row] += p * (1.0 if after_a < after_b else 0.5 if after_a == after_b else 0)
                elif after_b >= limit:
                    rhs[row] += p
                elif after_a < limit:
                    matrix[row, after_a * limit + after_b] -= p
    return np.linalg.solve(matrix, rhs).reshape(limit, limit)


def test_the_duel_is_the_markov_chain_solved() -> None:
    chances = PotChances(OUTCOMES, limit=15)
    expected = linear_solve(OUTCOMES, 15)
    for a in range(15):
        for b in range(15):
            assert chances.duel(a, b) == pytest.approx(expected[a, b], abs=1e-12)


@given(
    st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=1, max_size=8).filter(
        lambda outcomes: any(outcome != (0, 0) for outcome in outcomes)
    ),
    st.integers(1, 14),
)
def test_a_duel_is_a_chance_shared_by_the_two_and_worse_the_higher_the_score(
    outcomes: list[tuple[int, int]], limit: int
) -> None:
    chances = PotChances(outcomes, limit)
    for a in range(limit):
        for b in range(limit):
            duel = chances.duel(a, b)
            assert -1e-12 <= duel <= 1 + 1e-12
            assert duel + chances.duel(b, a) == pytest.approx(1, abs=1e-12)
            if a + 1 < limit:
                assert chances.duel(a + 1, b) <= duel + 1e-12
    strengths = [chances.strength(score) for score in range(limit)]
    assert all(s > 0 for s in strengths)
    assert all(later <= earlier + 1e-9 for earlier, later in itertools.pairwise(strengths))


def test_the_strengths_reproduce_the_duels_of_the_default_rules() -> None:
    chances = pot_chances(Table(Rules()), 30)
    assert chances is not None
    errors = [
        abs(chances.strength(a) / (chances.strength(a) + chances.strength(b)) - chances.duel(a, b))
        for a in range(30)
        for b in range(30)
    ]
    assert max(errors) < 0.06
    assert sum(errors) / len(errors) < 0.01


def test_bad_scores_and_outcomes_are_refused() -> None:
    chances = PotChances(OUTCOMES, limit=10)
    with pytest.raises(ValueError, match="a score of 0 to 9, not 10"):
        chances.duel(10, 0)
    with pytest.raises(ValueError, match="no round of the outcomes gives a penalty"):
        PotChances([(0, 0)], limit=10)
    with pytest.raises(ValueError, match="at least 1, not 0"):
        PotChances(OUTCOMES, limit=0)


def observation(
    scores: tuple[int, ...], alive: tuple[int, ...], rules: Rules | None = None
) -> Observation:
    """Seat 0 in a round of a four-player game (pot 4), the seats of ``alive`` dealt in."""
    obs = buyback_observation(scores, alive, 4)
    return dataclasses.replace(obs, seats_in_round=alive, rules=rules or obs.rules)


def simulated_share(scores: tuple[int, ...], alive: tuple[int, ...], games: int) -> float:
    """Seat 0's share of the pot over ``games`` abstract rests of the game between
    heuristic players, buy-backs used up (what the valuation stands for)."""
    rules = Rules(players=4)
    table = Table(rules)
    rng = random.Random(5)
    won = 0.0
    for _ in range(games):
        ledger = Ledger.restore(
            rules, list(scores), [s in alive for s in range(4)], [1] * 4, [9] * 4, 3
        )
        rest_of_game(ledger, [], table, rng)
        won += ledger.won[0] / ledger.pot
    return won / games


@pytest.mark.parametrize(
    ("scores", "alive"),
    [
        ((29, 20, 40, 40), (0, 1)),
        ((29, 25, 25, 40), (0, 1, 2)),
        ((29, 20, 20, 20), (0, 1, 2, 3)),
        ((5, 24, 12, 22), (0, 1, 2, 3)),
    ],
)
def test_the_valuation_agrees_with_simulated_games(
    scores: tuple[int, ...], alive: tuple[int, ...]
) -> None:
    """Near elimination too: a player one point from it who does not score in the
    round keeps a fair chance (the former formula gave it 0.15 of the pot at 29 v 20,
    0.17 at 29 v 25 v 25, 0.05 at 29 v 20 v 20 v 20)."""
    value = Valuation(observation(scores, alive)).value([0, 0, 0, 0]) / 4
    assert value == pytest.approx(simulated_share(scores, alive, 3000), abs=0.03)


def test_with_two_left_a_likely_small_penalty_beats_a_less_likely_elimination() -> None:
    """At 25 against 20: three points half the time (to 28) cost less than being put
    out a fifth of the time, since a player at 28 is not much worse off than one at 25."""
    value = Valuation(observation((25, 20, 40, 40), (0, 1))).value
    small = 0.5 * value([3, 0, 0, 0]) + 0.5 * value([0, 0, 0, 0])
    out = 0.2 * value([5, 0, 0, 0]) + 0.8 * value([0, 0, 0, 0])
    assert small > out


def test_above_the_exact_limit_the_valuation_uses_the_formula_of_margins() -> None:
    rules = Rules(players=4, eliminate_at=EXACT_LIMIT + 1)
    assert pot_chances(Table(rules), rules.eliminate_at) is None
    obs = observation((150, 20, 20, 20), (0, 1, 2, 3), rules)
    value = Valuation(obs).value
    assert 0 < value([0, 9, 0, 0]) < 4
    assert value([0, 9, 0, 0]) > value([0, 0, 0, 0]) > value([9, 0, 0, 0])
