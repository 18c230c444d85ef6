"""The round summary's analysis is the solver's (``cardtable.solver.analysis``): the
same costs as before the two were merged, and the same as ``analyze``."""

from __future__ import annotations

import random

import pytest

from cardtable.kraken import Round
from cardtable.solver.analysis import analyze
from cardtable.tui.analysis import round_costs, solver_available
from tests.solver.helpers import random_round

# what the terminal's own analysis gave for these rounds before it used the solver's
GOLDEN: dict[int, list[tuple[int, str, int]]] = {
    0: [
        (0, "TC", 132), (1, "QD", 160), (3, "JD", 30), (1, "7S", 14), (2, "KH", 8),
        (3, "8C", 6), (0, "TH", 40), (1, "9H", 28), (0, "KD", 8),
    ],
    1: [
        (2, "QC", 2), (3, "TS", 28), (2, "KH", 54), (1, "8C", 42), (3, "9C", 10),
        (3, "AC", 32), (0, "AD", 16),
    ],
    2: [
        (3, "AD", 50), (2, "7H", 20), (3, "9H", 12), (0, "KS", 20), (1, "8C", 20),
        (1, "7D", 56), (2, "TH", 36), (3, "KC", 16), (0, "JC", 132),
    ],
    3: [(2, "JC", 16), (3, "AC", 50), (1, "QD", 130), (2, "QS", 196), (3, "9C", 8)],
    4: [
        (1, "KC", 8), (2, "9C", 4), (0, "QH", 24), (1, "KS", 12), (1, "KD", 22),
        (3, "TD", 62), (0, "QD", 82), (3, "9D", 48), (0, "9S", 54), (3, "7S", 18),
        (2, "QC", 2), (1, "8C", 22),
    ],
    5: [(3, "AS", 20), (0, "JD", 32), (2, "QC", 46), (0, "AD", 16), (0, "7D", 6)],
}  # fmt: skip


def played_round(seed: int) -> Round:
    """A random round (random play rules and roem), played at random to the end."""
    rng = random.Random(seed)
    round_ = random_round(rng)
    while not round_.is_over:
        round_.apply(rng.choice(round_.legal_actions()))
    return round_


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_round_costs_are_the_solvers_analysis(seed: int) -> None:
    assert solver_available()
    done = played_round(seed)
    costs = round_costs(done)
    assert costs == GOLDEN[seed]
    assert costs == [(int(c.seat), str(c.card), c.cost) for c in analyze(done) if c.cost]


def test_no_analysis_without_a_declarer_or_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(0)
    fresh = Round.new(random_round(rng).rules, dealer=0, seed=1)
    assert fresh.declarer is None and round_costs(fresh) is None
    import cardtable.tui.analysis as module

    monkeypatch.setattr(module, "_analysis", lambda: None)
    assert not module.solver_available()
    assert module.round_costs(played_round(0)) is None
