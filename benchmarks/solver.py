"""Speed of the double-dummy solver on full 32-card deals (prints; not a timed test).

For each configuration (play rules x trick roem or not) it deals random rounds (random
trump, dealer and declarer) and times, per deal:

- ``value``: the value of the deal from the first card (MTD(f));
- ``table``: ``solve()``, the value of every card the leader may lead (a DDS table).

It prints median, p90, p99 and max per deal and nodes per second for the compiled
path (``--deals``, default 1,000 per configuration) and the pure-Python path
(``--pure-deals``), then plain alpha-beta without a table, ordering, equivalent cards
or bounds (``--plain-deals``, compiled) and the ratio, and each technique switched off
one at a time (``--off-deals``, compiled). Run on an idle machine:

    .venv/bin/python benchmarks/solver.py --deals 1000 --pure-deals 5 --plain-deals 100
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from cardtable.kraken import Round, Rules
from cardtable.solver.api import Engine, mtdf, position_of, searcher_for, solve_position
from cardtable.solver.native import AVAILABLE
from cardtable.solver.search import INF, Options, Position

CONFIGURATIONS = [
    ("amsterdam", "none"),
    ("amsterdam", "tricks"),
    ("rotterdam", "none"),
    ("rotterdam", "tricks"),
]
PLAIN = Options(table=False, ordering=False, equivalence=False, bounds=False)


@dataclass
class Timing:
    """Seconds and nodes per deal."""

    seconds: list[float]
    nodes: int
    per_deal: list[int] | None = None
    """Nodes of each deal (a measure the load of the machine does not move)."""

    def line(self, label: str) -> str:
        s = sorted(self.seconds)

        def q(f: float) -> float:
            return s[min(len(s) - 1, int(f * len(s)))] * 1000

        rate = self.nodes / sum(s) if sum(s) else 0.0
        nodes = ""
        if self.per_deal:
            n = sorted(self.per_deal)
            nodes = (
                f"  nodes median {statistics.median(n) / 1000:7.1f} k"
                f"  p99 {n[min(len(n) - 1, int(0.99 * len(n)))] / 1000:7.1f} k"
            )
        return (
            f"{label:<34} deals {len(s):>5}  median {q(0.5):8.1f} ms  p90 {q(0.9):8.1f}  "
            f"p99 {q(0.99):8.1f}  max {s[-1] * 1000:8.1f}  {rate / 1e6:6.2f} M nodes/s{nodes}"
        )

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


def deals(count: int, play: str, roem: str, seed: int) -> list[Position]:
    """Random full deals at their first card."""
    rng = random.Random(f"{seed}:{play}:{roem}")
    positions = []
    for _ in range(count):
        rules = Rules(play=play, roem=roem, challenges=False)  # type: ignore[arg-type]
        round_ = Round.new(rules, dealer=rng.randrange(4), seed=rng.randrange(10**9))
        while round_.phase != "play":
            legal = round_.legal_actions()
            trumps = [a for a in legal if a.startswith("trump")]
            round_.apply(rng.choice(trumps) if trumps and rng.random() < 0.5 else legal[0])
        positions.append(position_of(round_))
    return positions


def measure(
    positions: list[Position], run: Callable[[Position], int], progress: str = ""
) -> Timing:
    seconds, per_deal = [], []
    for position in positions:
        start = time.perf_counter()
        per_deal.append(run(position))
        seconds.append(time.perf_counter() - start)
    return Timing(seconds, sum(per_deal), per_deal)


def value_run(engine: Engine, options: Options | None = None) -> Callable[[Position], int]:
    def run(position: Position) -> int:
        searcher = searcher_for(position, engine, options)
        mtdf(searcher, position)
        return searcher.nodes

    return run


def table_run(engine: Engine) -> Callable[[Position], int]:
    def run(position: Position) -> int:
        return solve_position(position, engine)[2]

    return run


def plain_run(engine: Engine) -> Callable[[Position], int]:
    def run(position: Position) -> int:
        searcher = searcher_for(position, engine, PLAIN)
        searcher.search(position, -INF, INF)
        return searcher.nodes

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="compiled, per configuration")
    parser.add_argument("--pure-deals", type=int, default=20, help="pure Python, per config")
    parser.add_argument("--plain-deals", type=int, default=10, help="plain alpha-beta, per config")
    parser.add_argument(
        "--off-deals", type=int, default=10, help="each technique off in turn, per config"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--configurations", type=int, default=len(CONFIGURATIONS), help="how many to run"
    )
    args = parser.parse_args()
    print(f"compiled solver available: {AVAILABLE}")
    all_value: list[float] = []
    all_table: list[float] = []
    all_nodes: list[list[int]] = [[], []]
    for play, roem in CONFIGURATIONS[: args.configurations]:
        print(f"\n== {play} play, roem {roem} ==", flush=True)
        positions = deals(args.deals, play, roem, args.seed)
        if AVAILABLE:
            value = measure(positions, value_run("native"))
            table = measure(positions, table_run("native"))
            print(value.line("compiled value"))
            print(table.line("compiled table (solve)"))
            all_value += value.seconds
            all_table += table.seconds
            all_nodes[0] += value.per_deal or []
            all_nodes[1] += table.per_deal or []
        few = positions[: args.pure_deals]
        if few:
            pure_value = measure(few, value_run("pure"))
            print(pure_value.line("pure value"))
            print(measure(few, table_run("pure")).line("pure table (solve)"))
            if AVAILABLE:
                same = measure(few, value_run("native"))
                ratio = pure_value.median / same.median
                print(f"{'pure / compiled (same deals)':<34} {ratio:.0f}x")
        plain = positions[: args.plain_deals]
        if AVAILABLE and plain:
            plain_c = measure(plain, plain_run("native"))
            fast_c = measure(plain, value_run("native"))
            print(plain_c.line("compiled plain alpha-beta"))
            per_deal = statistics.median(
                p / f for p, f in zip(plain_c.seconds, fast_c.seconds, strict=True)
            )
            print(
                f"{'plain / full (compiled, same deals)':<34} "
                f"{plain_c.median / fast_c.median:.0f}x median, "
                f"{per_deal:.0f}x median of the deals' ratios, "
                f"{sum(plain_c.seconds) / sum(fast_c.seconds):.0f}x total"
            )
        for name in ("table", "ordering", "equivalence", "bounds"):
            if not AVAILABLE or not args.off_deals:
                break
            off = Options(**{name: False})  # type: ignore[arg-type]
            timing = measure(positions[: args.off_deals], value_run("native", off))
            print(timing.line(f"compiled value, no {name}"))
    if all_value:
        print("\n== all configurations, compiled ==")
        print(Timing(all_value, sum(all_nodes[0]), all_nodes[0]).line("compiled value"))
        print(Timing(all_table, sum(all_nodes[1]), all_nodes[1]).line("compiled table (solve)"))


if __name__ == "__main__":
    main()
