"""What knowing the hidden cards would be worth to the Kraken expert: an upper bound.

An arena match (``cardtable arena kraken ...``, its arguments after ``--``) in which,
at the expert's card decisions with ``--tricks LOW,HIGH`` cards in its hand (1 to 8:
all of them), every world it solves is the true deal. Its bidding and everything else
are unchanged. Played on the deals of a match of the plain expert, the two pair up
deal by deal: how much of what the expert leaves to ``pimc`` is information it does
not have, and at which stage of the round that information would count.

This is a diagnostic, not a bot: the true deal reaches the expert only through the
patches this script makes to its own process (and the worker processes it forks).

Run (the card-play match of docs/bots.md, with the true deal at every card; the
opening-lead prior off, or its 20 pseudo-worlds would outweigh the true one at the
first card)::

    .venv/bin/python benchmarks/kraken_oracle.py --tricks 1,8 -- \\
        'expert{"milliseconds":100,"inference":"play","endgame":0,"lead":0}' \\
        'pimc{"milliseconds":100}' \\
        --format duplicate --contracts fixed --deals 200 --seed 1 --workers 2 \\
        --out runs/kraken-oracle-ams
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any

from oracle_driver import TellingDriver, Truth

from cardtable import cli
from cardtable.bots.kraken_expert import KrakenExpert
from cardtable.kraken.observation import Observation
from cardtable.kraken.round import Round

_plain_sampler = KrakenExpert._sampler


def _oracle_sampler(
    stages: range,
) -> Callable[[KrakenExpert, Observation], tuple[Callable[[], tuple[Round, float]], float]]:
    """The expert's sampler, except that at its card decisions with a hand size in
    ``stages`` every world is the true deal."""

    def sampler(
        self: KrakenExpert, observation: Observation
    ) -> tuple[Callable[[], tuple[Round, float]], float]:
        truth = Truth.round
        if observation.phase == "play" and len(observation.hand) in stages and truth:
            return (lambda: (truth.copy(), 1.0)), 0.0
        return _plain_sampler(self, observation)

    return sampler


def main() -> None:
    """Patch the expert and the arena's driver, then run the arena command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricks", default="1,8", help="LOW,HIGH cards in hand (default 1,8)")
    parser.add_argument("arena", nargs=argparse.REMAINDER, help="-- then the arena's arguments")
    args = parser.parse_args()
    low, high = (int(part) for part in args.tricks.split(","))
    KrakenExpert._sampler = _oracle_sampler(range(low, high + 1))  # type: ignore[method-assign,assignment]
    # the module, not the function of the same name that cardtable.arena exports
    arena_play: Any = importlib.import_module("cardtable.arena.play")
    arena_play.BotDriver = TellingDriver
    arena = args.arena[1:] if args.arena[:1] == ["--"] else args.arena
    raise SystemExit(cli.main(["arena", "kraken", *arena]))


if __name__ == "__main__":
    main()
