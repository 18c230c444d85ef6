"""How much the Gurka expert's play model says about the hidden cards.

Whole games are played by ``--players`` bots (default: the heuristic in every
seat); at every card decision of seat 0 from the third round on (the model has
seen two finished rounds), the other seats' hands are estimated from ``--worlds``
deals drawn by :class:`~cardtable.bots.gurka_expert.WorldSampler`: weighted by the
play model learnt so far, and uniform among the deals the rules allow. For each
other seat and rank, the estimated distribution of how many cards of that rank it
holds (0 to 4, with half a deal's weight of smoothing) is scored on the truth:
the log-loss, in bits per seat, is printed for both, with the number of positions.

Run: ``.venv/bin/python benchmarks/gurka_inference.py [--games N] [--bot NAME]
[--bot-options JSON]``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter

from cardtable.bots import make_bot
from cardtable.bots.gurka_expert import PlayModel, Table, WorldSampler
from cardtable.gurka import Game, Observation, Rules


def log_loss(sampler: WorldSampler, obs: Observation, truth: dict[int, list[int]],
             worlds: int, rng: random.Random) -> float:  # fmt: skip
    """Bits per other seat of the true rank counts under the sampler's weighted deals."""
    counts: dict[tuple[int, int], Counter[int]] = {}
    total = 0.0
    for _ in range(worlds):
        hands, weight = sampler.sample(rng)
        if weight <= 0:
            continue
        total += weight
        for seat in truth:
            held = Counter(hands[seat])
            for rank in range(2, 15):
                counts.setdefault((seat, rank), Counter())[held[rank]] += weight
    bits = 0.0
    smooth = 0.5 * total / worlds
    for seat, hand in truth.items():
        held = Counter(hand)
        for rank in range(2, 15):
            seen = counts.get((seat, rank), Counter())
            p = (seen[held[rank]] + smooth) / (total + 5 * smooth)
            bits -= math.log2(p)
    return bits / len(truth)


def main() -> None:
    """Play the games and print the two log-losses."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--worlds", type=int, default=300)
    parser.add_argument("--bot", default="heuristic", help="the bot in every seat")
    parser.add_argument("--bot-options", default="{}", help="its options, as JSON")
    args = parser.parse_args()
    rules = Rules(players=4)
    table = Table(rules)
    rng = random.Random(1)
    modelled = uniform = 0.0
    positions = 0
    for seed in range(args.games):
        game = Game.new(rules, seed)
        options = json.loads(args.bot_options)
        bots = [make_bot(args.bot, game="gurka", seed=s, **options) for s in range(4)]
        model = PlayModel(4)
        flat = PlayModel(4, fixed=1.0)
        current = game.current
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            obs = game.observation(seat)
            if game.current is not current:
                model.learn(table, current.observation(0))
                current = game.current
            if seat == 0 and obs.phase == "play" and game.round_number >= 3:
                truth = {
                    s: sorted(int(c.rank) for c in game.current.hands[s])
                    for s in obs.seats_in_round
                    if s != 0 and game.current.hands[s]
                }
                if truth and obs.trick + tuple(p for t in obs.tricks for p in t.plays):
                    modelled += log_loss(WorldSampler(obs, table, model), obs, truth,
                                         args.worlds, rng)  # fmt: skip
                    uniform += log_loss(WorldSampler(obs, table, flat), obs, truth,
                                        args.worlds, rng)  # fmt: skip
                    positions += 1
            game.apply(bots[seat].act(obs))
    print(f"positions: {positions}")
    print(f"gurka_inference_bits_per_seat_model: {modelled / positions:.3f}")
    print(f"gurka_inference_bits_per_seat_uniform: {uniform / positions:.3f}")


if __name__ == "__main__":
    main()
