"""Duplicate matches between two bots, for measuring strength (built on the arena):
Kraken, or any game whose kind's ``match_format`` is ``duplicate``.

Kraken: every deal is played twice with the partnerships swapped (the same cards,
the same dealer); the score of a deal is bot A's team points minus bot B's, averaged
over the two plays. The mean over deals comes with a 95% confidence interval
(normal approximation). Deals run in parallel processes. The general tool is
:mod:`cardtable.arena` (``cardtable arena``), which this module delegates to;
``cardtable bots duel`` runs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.arena.formats import Match
from cardtable.arena.results import interval, pair_diffs, win_share
from cardtable.arena.runner import run_match
from cardtable.arena.specs import BotSpec

__all__ = ["DuelResult", "duplicate", "summarize"]


@dataclass(frozen=True)
class DuelResult:
    """Mean score difference per deal of bot A over bot B, with its 95% interval."""

    deals: int
    mean: float
    low: float
    high: float
    wins: float
    """Share of deals where A scored more than B (ties count half)."""

    def __str__(self) -> str:
        return (
            f"{self.deals} deals: mean {self.mean:+.1f} per deal, "
            f"95% CI [{self.low:+.1f}, {self.high:+.1f}], A ahead on {self.wins:.0%}"
        )


def summarize(diffs: Sequence[float]) -> DuelResult:
    """Mean, 95% confidence interval and win share of per-deal differences.

    >>> print(summarize([10.0, -2.0, 4.0, 8.0]))
    4 deals: mean +5.0 per deal, 95% CI [-0.2, +10.2], A ahead on 75%
    """
    mean, low, high = interval(diffs)
    return DuelResult(len(diffs), mean, low, high, win_share(diffs))


def _match(
    spec_a: tuple[str, dict[str, Any]],
    spec_b: tuple[str, dict[str, Any]],
    deals: int,
    rules: Any,
    seed: int,
    game: str = "kraken",
    contracts: str = "bid",
) -> Match:
    bots = (BotSpec.builtin(*spec_a).label, BotSpec.builtin(*spec_b).label)
    data = rules.to_dict() if rules is not None else {}
    return Match(game, bots, deals, "duplicate", data, seed, contracts=contracts)


def duplicate(
    game: str,
    spec_a: tuple[str, dict[str, Any]],
    spec_b: tuple[str, dict[str, Any]],
    deals: int,
    rules: Any = None,
    seed: int = 0,
    workers: int | None = None,
    contracts: str = "bid",
) -> DuelResult:
    """A duplicate match of ``game`` (its default rules without ``rules``) over
    ``deals`` deals between two bots given as (name, options); ``contracts="fixed"``
    fixes each deal's contract from its cards (card play alone,
    :data:`~cardtable.arena.formats.CONTRACTS`)."""
    match = _match(spec_a, spec_b, deals, rules, seed, game, contracts)
    diffs = pair_diffs(match, run_match(match, workers=workers))
    return summarize(diffs[(0, 1)])
