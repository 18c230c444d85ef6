"""Speed of the arena: prints one ``name: value`` line per figure.

- ``<bot>_kraken_deals_per_s_<n>p``: Kraken duplicate deals (each played twice) per
  second with the bot in every seat, on ``n`` worker processes (1: in this process);
- ``<bot>_scaling_2p``: the 2-process rate over the 1-process rate (2.0 is perfect);
- ``<bot>_cpu_efficiency_2p``: CPU time per deal in one process over CPU time per
  deal with 2 workers (the arena's process included); 1.0 means the parallel run adds
  no work, so on two idle cores it would scale by 2 times this. It is the figure to
  read when other work shares the cores and the wall-clock ratio means little;
- ``proc_random_kraken_deals_per_s_1p``: the same with one side behind the bot
  protocol (``proc:random``), the cost of the JSON-lines round trips.

Run: ``.venv/bin/python benchmarks/arena.py [--deals N] [--repeats N]``. The scaling
figure needs two idle cores.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

from cardtable.arena import Match, run_match

DEALS = {"random": 2000, "heuristic": 1000, "proc:random": 200}


def deals_per_second(bot: str, deals: int, workers: int) -> float:
    """Kraken duplicate deals per second of ``bot`` against itself."""
    other = "random" if bot.startswith("proc:") else bot
    match = Match("kraken", (bot, other), deals=deals, seed=1)
    start = time.perf_counter()
    run_match(match, workers=workers)
    return deals / (time.perf_counter() - start)


def cpu_seconds_per_deal(bot: str, deals: int, workers: int) -> float:
    """CPU seconds (this process and its finished workers) per deal."""

    def used() -> float:
        me = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime

    start = used()
    run_match(Match("kraken", (bot, bot), deals=deals, seed=2), workers=workers)
    return (used() - start) / deals


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the deal counts")
    args = parser.parse_args()
    for bot in ("random", "heuristic"):
        deals = max(10, int(DEALS[bot] * args.scale))
        rates = {}
        for workers in (1, 2):
            rates[workers] = statistics.median(
                deals_per_second(bot, deals, workers) for _ in range(args.repeats)
            )
            print(f"{bot}_kraken_deals_per_s_{workers}p: {rates[workers]:.0f}")
        print(f"{bot}_scaling_2p: {rates[2] / rates[1]:.2f}")
        cpu = {w: cpu_seconds_per_deal(bot, deals, w) for w in (1, 2)}
        print(f"{bot}_cpu_efficiency_2p: {cpu[1] / cpu[2]:.2f}")
    deals = max(10, int(DEALS["proc:random"] * args.scale))
    rate = statistics.median(deals_per_second("proc:random", deals, 1) for _ in range(args.repeats))
    print(f"proc_random_kraken_deals_per_s_1p: {rate:.0f}")


if __name__ == "__main__":
    main()
