"""Speed of the bots: prints one ``name: value`` line per figure.

- ``<bot>_<game>_decisions_per_s``: decisions per second of each bot over whole
  rounds (Kraken) or games (Gurka, 4 players), median of several runs;
- ``ismcts_<game>_iterations_per_s``: ISMCTS iterations per second at a fixed budget;
- ``heuristic_vs_random_speed``: the ratio of the heuristic's to the random bot's
  decision rate, measured in the same process.

Run: ``.venv/bin/python benchmarks/bots.py [--repeats N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from cardtable import gurka, kraken
from cardtable.bots import make_bot

ISMCTS_ITERATIONS = 200


def decisions_per_second(game: str, name: str, options: dict[str, Any], rounds: int) -> float:
    """Decisions per second of bot ``name`` playing every seat."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(rounds):
        state: Any
        if game == "kraken":
            state = kraken.Round.new(kraken.Rules(), seed % 4, seed)
            players = 4
        else:
            state = gurka.Game.new(gurka.Rules(players=4), seed)
            players = 4
        bots = [make_bot(name, seed=seed * 8 + s, **options) for s in range(players)]
        while not state.is_over:
            seat = state.to_move
            observation = state.observation(seat)
            state.apply(bots[seat].act(observation))
            if len(observation.legal_actions) > 1:
                decisions += 1
    return decisions / (time.perf_counter() - start)


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    figures: dict[str, float] = {}
    plan: list[tuple[str, str, dict[str, Any], int]] = [
        ("kraken", "random", {}, 300),
        ("kraken", "heuristic", {}, 100),
        ("kraken", "ismcts", {"iterations": ISMCTS_ITERATIONS}, 2),
        ("gurka", "random", {}, 30),
        ("gurka", "heuristic", {}, 10),
        ("gurka", "ismcts", {"iterations": ISMCTS_ITERATIONS}, 1),
    ]
    for game, name, options, rounds in plan:
        rate = statistics.median(
            decisions_per_second(game, name, options, rounds) for _ in range(args.repeats)
        )
        figures[f"{name}_{game}_decisions_per_s"] = rate
        print(f"{name}_{game}_decisions_per_s: {rate:,.1f}", flush=True)
        if name == "ismcts":
            print(f"ismcts_{game}_iterations_per_s: {rate * ISMCTS_ITERATIONS:,.0f}", flush=True)
    for game in ("kraken", "gurka"):
        ratio = (
            figures[f"heuristic_{game}_decisions_per_s"] / figures[f"random_{game}_decisions_per_s"]
        )
        print(f"heuristic_vs_random_speed_{game}: {ratio:.3f}")


if __name__ == "__main__":
    main()
