"""Duplicate matches between two bots, for measuring strength.

Kraken: every deal is played twice with the partnerships swapped (the same cards,
the same dealer); the score of a deal is bot A's team points minus bot B's, averaged
over the two plays. The mean over deals comes with a 95% confidence interval
(normal approximation). Deals run in parallel processes.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from cardtable.bots import make_bot
from cardtable.bots.base import Bot
from cardtable.kraken import Round, Rules

__all__ = ["DuelResult", "kraken_deal", "kraken_duplicate", "summarize"]


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
    """Mean, 95% confidence interval and win share of per-deal differences."""
    n = len(diffs)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    wins = sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in diffs) / n
    return DuelResult(n, mean, mean - half, mean + half, wins)


def _play_round(rules: Rules, dealer: int, seed: int, bots: Sequence[Bot]) -> tuple[int, int]:
    round_ = Round.new(rules, dealer, seed)
    for index, bot in enumerate(bots):
        bot.start_round(round_.observation(index))
    while not round_.is_over:
        seat = round_.to_move
        assert seat is not None
        round_.apply(bots[seat].act(round_.observation(seat)))
    for index, bot in enumerate(bots):
        bot.end_round(round_.observation(index))
    return round_.result().points


def kraken_deal(
    spec_a: tuple[str, dict[str, Any]],
    spec_b: tuple[str, dict[str, Any]],
    rules: Rules,
    seed: int,
) -> float:
    """Play deal ``seed`` twice, partnerships swapped; A's mean lead in points."""
    total = 0.0
    for a_team in (0, 1):
        bots = []
        for seat in range(4):
            name, options = spec_a if seat % 2 == a_team else spec_b
            bots.append(make_bot(name, **{**options, "seed": seed * 4 + seat}))
        points = _play_round(rules, seed % 4, seed, bots)
        total += points[a_team] - points[1 - a_team]
    return total / 2


def kraken_duplicate(
    spec_a: tuple[str, dict[str, Any]],
    spec_b: tuple[str, dict[str, Any]],
    deals: int,
    rules: Rules | None = None,
    seed: int = 0,
    workers: int | None = None,
) -> DuelResult:
    """A duplicate match of ``deals`` deals between two bots given as (name, options)."""
    rules = rules or Rules()
    seeds = [seed * 1_000_003 + i for i in range(deals)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        diffs = list(
            pool.map(kraken_deal, [spec_a] * deals, [spec_b] * deals, [rules] * deals, seeds)
        )
    return summarize(diffs)
