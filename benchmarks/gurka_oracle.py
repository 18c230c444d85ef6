"""What knowing the hidden cards would be worth to the Gurka expert: an upper bound.

The expert plays the rotated games of ``python -m cardtable.arena.gurka_duel`` against
``--opponent`` (the heuristic by default), except that at its card decisions with
``--tricks LOW,HIGH`` tricks left (1 to 6: all of them) its worlds are the true deal:
every world it plays out holds the other seats' real hands. Its buy-backs, its model
of the other seats and the playouts are unchanged. Comparing the result, seed by
seed, with the plain expert's log on the same seeds says how much of what separates
the expert from winning every game is information it does not have, and at which
stage of the round that information would count.

This is a diagnostic, not a bot: the true deal reaches the expert only through the
patches this script makes to its own process (and the worker processes it forks).

Run: ``.venv/bin/python benchmarks/gurka_oracle.py --games 81 --tricks 1,6 --workers 2
--log runs/gurka-oracle.jsonl``; the log's lines are ``{"seed": ..., "diff": ...}`` as
those of ``gurka_duel``, so the two pair up seed by seed.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from oracle_driver import TellingDriver, Truth

from cardtable.arena import gurka_duel
from cardtable.bots import gurka_expert
from cardtable.gurka.observation import Observation


class _OracleSampler(gurka_expert.WorldSampler):
    """The expert's sampler, except that within the chosen ``stages`` of the round
    every world is the true deal (:attr:`Truth.round`)."""

    stages = range(1, 7)

    def __init__(self, obs: Observation, *args: Any, **kwargs: Any) -> None:
        super().__init__(obs, *args, **kwargs)
        self.truth: list[list[int]] | None = None
        if obs.tricks_left in self.stages and Truth.round is not None:
            self.truth = [[] for _ in range(self.players)]
            for seat, held in Truth.round.hands.items():
                self.truth[seat] = sorted(int(card.rank) for card in held)

    def sample(self, rng: random.Random) -> tuple[list[list[int]], float]:
        """The true hands within the chosen stages, else a weighted draw."""
        if self.truth is None:
            return super().sample(rng)
        return [hand[:] for hand in self.truth], 1.0


def main() -> None:
    """Play the games and print the expert's lead per seat with its interval."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=81)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--tricks", default="1,6", help="LOW,HIGH tricks left (default 1,6)")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--opponent-options", default="{}", help="its options, as JSON")
    parser.add_argument("--milliseconds", type=float, default=100.0)
    parser.add_argument("--log", type=Path)
    args = parser.parse_args()
    low, high = (int(part) for part in args.tricks.split(","))
    _OracleSampler.stages = range(low, high + 1)
    gurka_expert.WorldSampler = _OracleSampler  # type: ignore[misc]
    gurka_duel.BotDriver = TellingDriver  # type: ignore[attr-defined]
    result = gurka_duel.gurka_rotated(
        ("expert", {"milliseconds": args.milliseconds}),
        (args.opponent, json.loads(args.opponent_options)),
        args.games,
        seed=args.seed,
        workers=args.workers,
        log=args.log,
    )
    print(f"seeds: {result.deals}")
    print(f"gurka_oracle_lead_per_seat: {result.mean:+.3f}")
    print(f"gurka_oracle_ci95: [{result.low:+.3f}, {result.high:+.3f}]")


if __name__ == "__main__":
    main()
