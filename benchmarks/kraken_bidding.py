"""Pilot duel of the learned bidding (cardtable.bots.kraken_bidding): PIMC card play
with the model's trump, challenge and roem decisions against plain ``pimc``.

``BiddingPimc`` is :class:`~cardtable.bots.pimc.PimcBot` whose decisions before the
first card come from :meth:`BiddingModel.choose` (no solving), every card from PIMC.
The script registers it for this process as ``pimc-bidding`` and runs the arena's
duplicate match in this process (``--workers 1``, so the registration is seen):

    nice -n 10 .venv/bin/python benchmarks/kraken_bidding.py --deals 150 \\
        --out runs/bidding-pilot

Other arena options follow ``--`` (for instance ``-- --rules rotterdam``). Decisions
per second of the model alone: ``--speed``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from cardtable.bots.kraken_bidding import BiddingModel
from cardtable.bots.pimc import PimcBot

BIDDING_PHASES = ("trump", "challenge", "roem")


class BiddingPimc(PimcBot):
    """PIMC card play; trump, challenges and roem by the learned bidding model."""

    name = "pimc-bidding"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.model = BiddingModel.load()

    def act(self, observation: Any) -> str:
        """The model's choice before the first card, PIMC's after."""
        if observation.phase in BIDDING_PHASES and len(observation.legal_actions) > 1:
            return self.model.choose(observation)
        return super().act(observation)


def register() -> None:
    """Make ``pimc-bidding`` a bot name in this process (not in the arena's workers)."""
    import cardtable.bots as bots

    bots._REGISTRY["pimc-bidding"] = (  # a benchmark's own bot, in this process only
        BiddingPimc,
        "PIMC card play with the learned bidding model (benchmarks/kraken_bidding.py)",
    )


def speed(decisions: int = 2000) -> dict[str, float]:
    """Microseconds per bidding decision of the model (estimates and choice)."""
    from cardtable.kraken import Observation, Round, Rules

    model = BiddingModel.load()
    observations: list[Observation] = []
    seed = 0
    while len(observations) < decisions:
        rules = Rules(roem="hand") if seed % 2 else Rules()
        round_ = Round.new(rules, dealer=seed % 4, seed=seed)
        seed += 1
        while round_.phase in BIDDING_PHASES:
            observation = round_.observation(round_.to_move or 0)
            observations.append(observation)
            round_.apply(model.choose(observation))
    start = time.process_time()
    for observation in observations:
        model.choose(observation)
    elapsed = time.process_time() - start
    return {
        "decisions": len(observations),
        "microseconds_per_decision": 1e6 * elapsed / len(observations),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the duel (or ``--speed``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--worlds", type=int, default=8, help="PIMC worlds per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="the arena's records directory (resumable)")
    parser.add_argument("--speed", action="store_true", help="time the model's decisions")
    parser.add_argument("rest", nargs="*", help="more arena options, after --")
    args = parser.parse_args(argv)
    if args.speed:
        print(json.dumps(speed()))
        return 0
    register()
    from cardtable.cli import main as cardtable

    options = json.dumps({"worlds": args.worlds})
    command = [
        "arena",
        "kraken",
        f"pimc-bidding{options}",
        f"pimc{options}",
        "--format",
        "duplicate",
        "--deals",
        str(args.deals),
        "--seed",
        str(args.seed),
        "--workers",
        "1",
        "--no-progress",
    ]
    if args.out:
        command += ["--out", args.out]
    return cardtable([*command, *args.rest])


if __name__ == "__main__":
    raise SystemExit(main())
