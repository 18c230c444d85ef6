"""Results of a match: mean point difference per deal with its 95% interval, win
rates, Bradley-Terry ratings (Elo scale) with 95% intervals, and faults.

>>> [round(x, 1) for x in interval([10.0, -2.0, 4.0, 8.0])]
[5.0, -0.2, 10.2]
>>> bradley_terry(["a", "b"], {("a", "b"): 30.0, ("b", "a"): 10.0}, {("a", "b"): 40})["a"] > 0
True
"""

from __future__ import annotations

import csv
import io
import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from cardtable.arena.faults import FAULT_KINDS
from cardtable.arena.formats import Match, schedule
from cardtable.arena.play import PlayResult
from cardtable.game import kind

__all__ = [
    "BotResult",
    "PairResult",
    "Results",
    "bradley_terry",
    "interval",
    "rating_errors",
    "summarize_match",
]


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95% confidence interval (normal approximation) of ``values``; the
    interval is infinite for fewer than two values."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def win_share(values: Sequence[float]) -> float:
    """Share of positive values, a zero counting half."""
    return sum(1.0 if v > 0 else 0.5 if v == 0 else 0.0 for v in values) / len(values)


def bradley_terry(
    bots: Sequence[str],
    wins: dict[tuple[str, str], float],
    games: dict[tuple[str, str], int],
    iterations: int = 500,
) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale (400 points = 10:1 odds), averaging 0.

    ``wins[(a, b)]`` is how often ``a`` beat ``b`` (a tie counts half to each) and
    ``games[(a, b)]`` (either order) how often they met. One virtual tie per pair
    keeps the ratings finite when a bot wins every game. Fitted by Hunter's
    minorize-maximize iteration.
    """
    index = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    w = [[0.0] * n for _ in range(n)]
    m = [[0.0] * n for _ in range(n)]
    for (a, b), count in games.items():
        i, j = index[a], index[b]
        m[i][j] += count
        m[j][i] += count
    for (a, b), won in wins.items():
        w[index[a]][index[b]] += won
    for i in range(n):
        for j in range(n):
            if i != j and m[i][j] > 0:
                w[i][j] += 0.5
                m[i][j] += 1.0
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            total_wins = sum(w[i])
            denominator = sum(
                m[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i and m[i][j]
            )
            new.append(total_wins / denominator if denominator else strength[i])
        centre = math.exp(statistics.fmean(math.log(s) for s in new))
        new = [s / centre for s in new]
        converged = max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-10
        strength = new
        if converged:
            break
    return {b: 400.0 * math.log10(strength[index[b]]) for b in bots}


@dataclass
class PairResult:
    """Bot ``a`` against bot ``b`` over the same deals."""

    a: str
    b: str
    deals: int
    mean: float
    """Mean point difference per deal, ``a`` minus ``b`` (in the game's unit: Kraken
    team points, Gurka chips per seat), averaged over the deal's plays."""
    low: float
    high: float
    a_wins: float
    """Share of deals where ``a`` came out ahead (ties count half)."""


@dataclass
class BotResult:
    """One bot against the field."""

    bot: str
    deals: int
    mean: float
    """Mean point difference per deal against its opponents."""
    low: float
    high: float
    win_rate: float
    rating: float
    """Bradley-Terry rating, Elo scale, the field averaging 0."""
    rating_low: float
    rating_high: float
    faults: dict[str, int] = field(default_factory=dict)


@dataclass
class Results:
    """Everything a match measured; plain data, the same for a seed on any backend."""

    match: dict[str, Any]
    plays: int
    bots: list[BotResult]
    pairs: list[PairResult]
    faults: list[dict[str, Any]]
    """Every fault with the play (``key``) and bot it happened to."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "match": self.match,
            "plays": self.plays,
            "bots": [asdict(b) for b in self.bots],
            "pairs": [asdict(p) for p in self.pairs],
            "faults": self.faults,
        }

    def to_csv(self) -> str:
        """One row per bot (opponent ``field``) and per pair."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            [
                "bot",
                "opponent",
                "deals",
                "mean",
                "low",
                "high",
                "win_rate",
                "rating",
                "rating_low",
                "rating_high",
                "faults",
            ]
        )
        for b in self.bots:
            writer.writerow(
                [
                    b.bot,
                    "field",
                    b.deals,
                    _r(b.mean),
                    _r(b.low),
                    _r(b.high),
                    _r(b.win_rate),
                    _r(b.rating),
                    _r(b.rating_low),
                    _r(b.rating_high),
                    sum(b.faults.values()),
                ]
            )
        for p in self.pairs:
            writer.writerow(
                [p.a, p.b, p.deals, _r(p.mean), _r(p.low), _r(p.high), _r(p.a_wins), "", "", "", ""]
            )
        return out.getvalue()

    def table(self) -> Any:
        """The bots and pairs as a :class:`rich.table.Table` group for printing."""
        from rich.console import Group
        from rich.table import Table

        unit = kind(self.match["game"]).score_unit
        fixed = ", fixed contracts" if self.match.get("contracts") == "fixed" else ""
        bots = Table(
            title=f"{self.match['game']} {self.match['format']}{fixed}: {self.plays} games"
        )
        for column in ("bot", "deals", f"{unit}/deal vs field [95% CI]", "wins"):
            bots.add_column(column, justify="left" if column == "bot" else "right")
        bots.add_column("rating [95% CI]", justify="right")
        bots.add_column("faults", justify="right")
        for b in self.bots:
            faults = ", ".join(f"{k} {v}" for k, v in b.faults.items()) or "0"
            bots.add_row(
                b.bot,
                str(b.deals),
                f"{b.mean:+.1f} [{b.low:+.1f}, {b.high:+.1f}]",
                f"{b.win_rate:.0%}",
                f"{b.rating:+.0f} [{b.rating_low:+.0f}, {b.rating_high:+.0f}]",
                faults,
            )
        pairs = Table(title="pairs (A minus B per deal)")
        for column in ("A", "B", "deals", f"{unit}/deal [95% CI]", "A ahead"):
            pairs.add_column(column, justify="left" if len(column) == 1 else "right")
        for p in self.pairs:
            pairs.add_row(
                p.a,
                p.b,
                str(p.deals),
                f"{p.mean:+.1f} [{p.low:+.1f}, {p.high:+.1f}]",
                f"{p.a_wins:.0%}",
            )
        return Group(bots, pairs)


def unique_labels(bots: Sequence[str]) -> list[str]:
    """The bots' labels, a repeated one numbered (``heuristic``, ``heuristic#2``)."""
    labels: list[str] = []
    for bot in bots:
        label, n = bot, 1
        while label in labels:
            n += 1
            label = f"{bot}#{n}"
        labels.append(label)
    return labels


def _r(value: float) -> str:
    return f"{value:.4f}" if math.isfinite(value) else str(value)


def _clean(value: float) -> float:
    return round(value, 9) if math.isfinite(value) else value


def pair_diffs(match: Match, plays: Sequence[PlayResult]) -> dict[tuple[int, int], list[float]]:
    """Per pair of bots (indices), the point difference of each deal in deal order."""
    per_deal: dict[tuple[int, int], dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for task, result in zip(schedule(match), plays, strict=True):
        members = sorted(set(task.pair))
        for x in range(len(members)):
            for y in range(x + 1, len(members)):
                a, b = members[x], members[y]
                a_seats = [s for s, bot in enumerate(task.seats) if bot == a]
                b_seats = [s for s, bot in enumerate(task.seats) if bot == b]
                diff = statistics.fmean(result.scores[s] for s in a_seats) - statistics.fmean(
                    result.scores[s] for s in b_seats
                )
                per_deal[(a, b)][task.deal].append(diff)
    return {
        pair: [statistics.fmean(deals[d]) for d in sorted(deals)]
        for pair, deals in sorted(per_deal.items())
    }


def summarize_match(match: Match, plays: Sequence[PlayResult]) -> Results:
    """The results of ``match`` from all its plays (in schedule order)."""
    labels = unique_labels(match.bots)
    diffs = pair_diffs(match, plays)
    pairs = []
    per_bot: dict[int, list[float]] = defaultdict(list)
    for (a, b), values in diffs.items():
        mean, low, high = interval(values)
        pairs.append(
            PairResult(
                labels[a],
                labels[b],
                len(values),
                _clean(mean),
                _clean(low),
                _clean(high),
                _clean(win_share(values)),
            )
        )
        per_bot[a].extend(values)
        per_bot[b].extend(-v for v in values)
    ratings = _ratings(labels, diffs)
    faults: list[dict[str, Any]] = []
    counts: dict[str, dict[str, int]] = {label: {} for label in labels}
    tasks = schedule(match)
    for task, result in zip(tasks, plays, strict=True):
        for fault in result.faults:
            label = labels[task.seats[fault["seat"]]]
            faults.append({"play": task.key, "bot": label, **fault})
            counts[label][fault["kind"]] = counts[label].get(fault["kind"], 0) + 1
    bots = []
    for i, label in enumerate(labels):
        values = per_bot[i]
        mean, low, high = interval(values)
        rating, r_low, r_high = ratings[label]
        ordered = {k: counts[label][k] for k in FAULT_KINDS if k in counts[label]}
        bots.append(
            BotResult(
                label,
                len(values),
                _clean(mean),
                _clean(low),
                _clean(high),
                _clean(win_share(values)),
                _clean(rating),
                _clean(r_low),
                _clean(r_high),
                ordered,
            )
        )
    return Results(match.to_dict(), len(plays), bots, pairs, faults)


def _ratings(
    labels: list[str], diffs: dict[tuple[int, int], list[float]]
) -> dict[str, tuple[float, float, float]]:
    """Each bot's rating with its 95% interval (rating, low, high)."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    games: dict[tuple[str, str], int] = {}
    for (a, b), values in diffs.items():
        la, lb = labels[a], labels[b]
        games[(la, lb)] = len(values)
        wins[(la, lb)] += win_share(values) * len(values)
        wins[(lb, la)] += (1.0 - win_share(values)) * len(values)
    ratings = bradley_terry(labels, wins, games)
    errors = rating_errors(labels, ratings, games)
    return {
        b: (ratings[b], ratings[b] - 1.96 * errors[b], ratings[b] + 1.96 * errors[b])
        for b in labels
    }


def rating_errors(
    bots: Sequence[str], ratings: dict[str, float], games: dict[tuple[str, str], int]
) -> dict[str, float]:
    """Standard errors of Bradley-Terry ratings (Elo scale), from the Fisher information
    of the fit (the virtual ties included) under the constraint that ratings average 0.

    >>> errors = rating_errors(["a", "b"], {"a": 0.0, "b": 0.0}, {("a", "b"): 99})
    >>> round(errors["a"], 1)
    17.4
    """
    import numpy as np

    scale = 400.0 / math.log(10.0)
    index = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    information = np.zeros((n, n))
    for (a, b), count in games.items():
        i, j = index[a], index[b]
        p = 1.0 / (1.0 + math.exp((ratings[b] - ratings[a]) / scale))
        weight = (count + 1) * p * (1.0 - p)
        information[i, i] += weight
        information[j, j] += weight
        information[i, j] -= weight
        information[j, i] -= weight
    covariance = np.linalg.pinv(information)
    return {b: scale * math.sqrt(max(0.0, float(covariance[index[b], index[b]]))) for b in bots}
