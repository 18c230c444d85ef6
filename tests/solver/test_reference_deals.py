"""The reference deals of the issue: exact North-South card points with best play."""

from __future__ import annotations

import pytest

from cardtable.kraken import Round, Rules
from cardtable.solver import makes, solve
from cardtable.solver.native import AVAILABLE

# trump hearts, North leads and declares, Rotterdam play, no roem
DEALS = [
    (
        "8H QH AH 7D 9D TD AD 8S",
        "TH JH 8D 7C 9C QC 9S TS",
        "9H JD QD 8C KC AC JS AS",
        "7H KH KD TC JC 7S QS KS",
        124,
    ),
    (
        "JH AD 7C JC QC AC 7S QS",
        "QH 7D 9D QD TC KC 8S AS",
        "7H 8H 9H KD 8C 9S TS KS",
        "TH KH AH 8D TD JD 9C JS",
        131,
    ),
    (
        "JH KH AH TD QD KD TC QC",
        "7H 7D AD 7C JC 7S JS AS",
        "8H 8D 9D 8C 9C 8S TS KS",
        "9H TH QH JD KC AC 9S QS",
        63,
    ),
]
ENGINES = ["pure", "native"] if AVAILABLE else ["pure"]


def reference_round(n: str, e: str, s: str, w: str) -> Round:
    """North leads (West deals) and declares hearts."""
    round_ = Round.from_hands(
        Rules(play="rotterdam", roem="none", challenges=False), [n, e, s, w], dealer="W"
    )
    round_.apply("trump H")
    return round_


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("deal", DEALS, ids=[f"deal{i + 1}" for i in range(len(DEALS))])
def test_reference_deal(deal: tuple[str, str, str, str, int], engine: str) -> None:
    *hands, north_south = deal
    round_ = reference_round(*hands)
    solution = solve(round_, engine=engine)  # type: ignore[arg-type]
    # no mars in these deals, so the difference converts to North-South's points
    assert (162 + solution.value) // 2 == north_south
    assert solution.value == max(solution.card_values.values())
    assert makes(round_, engine=engine) == (north_south > 81)  # type: ignore[arg-type]


def test_pure_fallback_without_the_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.solver import native
    from cardtable.solver.api import searcher_for
    from cardtable.solver.search import PureSearch

    round_ = reference_round(*DEALS[2][:4])
    for _ in range(20):  # a few tricks in, to keep the pure search quick
        round_.apply(round_.legal_actions()[0])
    monkeypatch.setattr(native, "AVAILABLE", False)
    from cardtable.solver.api import position_of

    assert isinstance(searcher_for(position_of(round_)), PureSearch)
    with pytest.raises(RuntimeError, match="not built"):
        solve(round_, engine="native")
    monkeypatch.undo()
    assert solve(round_, engine="auto") == solve(round_, engine="pure")
