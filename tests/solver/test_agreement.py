"""Compiled, pure-Python and reference searches agree exactly on random positions.

The suite checks 2,000 positions with 1 to 4 tricks left and 60 with 5 (all play
rules and roem modes, any point of a trick); ``benchmarks/solver_agreement.py`` runs
the full 10,000 positions and 1,000 full deals.
"""

from __future__ import annotations

import random

import pytest

from cardtable.solver.api import position_of, solve_position
from cardtable.solver.native import AVAILABLE
from cardtable.solver.reference import reference_value
from cardtable.solver.search import INF, Options, PureSearch
from tests.solver.helpers import random_position

CHUNKS = 20
PER_CHUNK = 100


def test_the_compiled_search_is_built() -> None:
    # `pip install -e .` builds it; a failed build would silently fall back to Python
    assert AVAILABLE


def _check(seed: int, tricks_left: int) -> None:
    rng = random.Random(seed)
    round_ = random_position(rng, tricks_left)
    position = position_of(round_)
    expected = reference_value(position)
    value, values, _ = solve_position(position, "pure")
    assert value == expected, (round_.to_record(), position)
    plain = PureSearch(
        position.trump,
        position.play_rules,
        position.count_roem,
        Options(table=False, ordering=False, equivalence=False, bounds=False),
    )
    assert plain.search(position, -INF, INF) == expected
    if AVAILABLE:
        native_value, native_values, _ = solve_position(position, "native")
        assert (native_value, native_values) == (value, values), round_.to_record()
    # every card's value, against the reference after that card
    for card, card_value in values.items():
        after, gained = position.play(card)
        rest = reference_value(after) if any(after.hands) else 0
        assert card_value == gained + rest, (round_.to_record(), card)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_agreement_one_to_four_tricks(chunk: int) -> None:
    for i in range(PER_CHUNK):
        seed = chunk * PER_CHUNK + i
        _check(seed, 1 + seed % 4)


@pytest.mark.parametrize("chunk", range(3))
def test_agreement_five_tricks(chunk: int) -> None:
    for i in range(20):
        _check(100_000 + chunk * 20 + i, 5)


@pytest.mark.skipif(not AVAILABLE, reason="the compiled search is not built")
@pytest.mark.parametrize("tricks_left", [2, 4, 6])
def test_compiled_and_pure_are_the_same_algorithm(tricks_left: int) -> None:
    # the same nodes, not only the same values: move order, equivalent cards, bounds
    # and table are mirrored exactly (the table is far from full at this size)
    for seed in range(12):
        rng = random.Random(f"nodes:{tricks_left}:{seed}")
        position = position_of(random_position(rng, tricks_left))
        pure = solve_position(position, "pure")
        native = solve_position(position, "native")
        assert pure == native, (tricks_left, seed)
