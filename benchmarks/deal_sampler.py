"""Cost of the Kraken deal sampler under roem from hand: rejection against the exact table.

``python benchmarks/deal_sampler.py [--positions 1500] [--samples 100]`` plays random
legal actions into rounds of ``Rules.preset("g4a")`` (roem declared from hand), keeps
the card-play positions whose observer knows some roem constraint, and draws
``--samples`` deals at each from one :class:`~cardtable.kraken.inference.DealSampler`,
as a bot does for one decision (about 100 at 100 ms, thousands at 700 ms). It does so
under three rules for when the sampler builds its exact table, on the same positions
and draws: ``committed`` (:data:`~cardtable.kraken.inference.ROEM_ATTEMPTS` misses and
:data:`~cardtable.kraken.inference.ROEM_MISSES_PER_DEAL` per deal found), ``misses``
(the misses alone) and ``rejection`` (100,000 misses: rejection nearly alone). It
prints one ``name: value`` line per figure: the positions, how many built the table,
the median, p90, p99 and largest seconds per position, and each rule's total time as
a ratio to the committed rule's.
"""

from __future__ import annotations

import argparse
import random
import time

import cardtable.kraken.inference as inference
from cardtable.kraken import Round, Rules

RULES_OF_THE_TABLE = {
    "committed": (inference.ROEM_ATTEMPTS, inference.ROEM_MISSES_PER_DEAL),
    "misses": (inference.ROEM_ATTEMPTS, 0),
    "rejection": (100_000, 0),
}
"""Per rule: the misses before the table is built, and the misses per deal found."""


def positions(count: int) -> list[inference.Inference]:
    """What the player to move knows, at card-play positions with roem constraints."""
    found = []
    rules = Rules.preset("g4a")
    for seed in range(count):
        round_ = Round.new(rules, seed % 4, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 40)):
            if round_.is_over:
                break
            round_.apply(rng.choice(round_.legal_actions()))
        if round_.is_over or round_.to_move is None or round_.phase != "play":
            continue
        view = inference.infer(round_.observation(round_.to_move))
        if any(roem is not None for roem in view.roem):
            found.append(view)
    return found


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1500, help="rounds to try")
    parser.add_argument("--samples", type=int, default=100, help="deals per position")
    args = parser.parse_args()
    views = positions(args.positions)
    print(f"positions: {len(views)}")
    totals = {}
    for name, (attempts, per_deal) in RULES_OF_THE_TABLE.items():
        inference.ROEM_ATTEMPTS = attempts  # type: ignore[misc]
        inference.ROEM_MISSES_PER_DEAL = per_deal  # type: ignore[misc]
        seconds, built = [], 0
        for index, view in enumerate(views):
            rng = random.Random(index)
            sampler = inference.DealSampler(view)
            start = time.perf_counter()
            for _ in range(args.samples):
                sampler.sample_masks(rng)
            seconds.append(time.perf_counter() - start)
            built += sampler._roem_deals is not None
        seconds.sort()
        totals[name] = sum(seconds)
        print(f"{name}_tables_built: {built}")
        for q in (0.5, 0.9, 0.99):
            value = seconds[min(len(seconds) - 1, int(q * len(seconds)))]
            print(f"{name}_s_p{round(100 * q)}: {value:.4f}")
        print(f"{name}_s_max: {seconds[-1]:.4f}")
    for name, total in totals.items():
        print(f"{name}_total_ratio: {total / totals['committed']:.2f}")


if __name__ == "__main__":
    main()
