"""Inference from play: where are the hidden cards, uniform against weighted worlds.

``python benchmarks/inference.py [--deals 40] [--worlds 32,128]`` plays (or reads from
``data/kraken-play-model``) ``--deals`` held-out self-play rounds of four
``pimc{"worlds": 8}`` bots in each rule set (default Amsterdam rules and Rotterdam),
from a seed the model was neither trained nor calibrated on. At every card-play
position the seat to play samples ``--worlds`` consistent worlds uniformly; each
hidden card is scored by ``-log P(true holder)``, P estimated from the worlds
(a) unweighted, as the inference sampler draws them, and (b) weighted by the play
model (:class:`cardtable.bots.kraken_play_model.WeightedWorlds`, the committed
temperature, tremble and mix), the same worlds for both; and (c) resampled: each
of the N worlds picked among k uniform ones in proportion to their weights, as
``WeightedWorlds(candidates=k)`` does (k = 2 and 4). It prints one ``name: value``
line per figure: nats per hidden card and ratios to uniform, per rule set and
overall, with a bootstrap interval over rounds, per trick, and the cost per world of
the weighting against drawing a world and solving it double dummy.

What the weights are worth in play is measured by the arena: the expert with only
its inference (``expert{"bidding": "search", "endgame": 0, "signals": false}``)
against ``pimc``, or the expert against ``expert{"inference": "uniform"}``
(docs/bots.md). Run it under ``nice -n 10``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.bots.kraken_play_model import PlayModel, WeightedWorlds
from cardtable.bots.kraken_search import KrakenSearch
from cardtable.bots.training.train_kraken_play_model import (
    RULE_SETS,
    PositionSample,
    games,
    log_loss,
    positions,
    sample_position,
)
from cardtable.solver.api import solve

CANDIDATES = (2, 4)
"""Candidates per world of the resampled figures (``WeightedWorlds(candidates=k)``)."""

HELD_OUT_SEED = 3
"""The seed of the held-out games (training uses 1, calibration 1001)."""


# --- the log-loss figure ---------------------------------------------------------------


def log_loss_figures(deals: int, worlds: list[int], cache: Path, solve_every: int) -> None:
    """Print the hidden-card log-loss (for each number of worlds per position, the
    smaller counts being the first worlds of the largest) and the cost figures."""
    model = PlayModel.load()
    most = max(worlds)
    # totals[(rules, n, trick)] = [uniform, weighted, hidden cards]
    totals: dict[tuple[str, int, int], list[float]] = {}
    sizes: dict[int, list[float]] = {n: [] for n in worlds}
    counts: dict[str, int] = {}
    likelihood_seconds = draw_seconds = solve_seconds = 0.0
    likelihood_worlds = solved = 0
    # per game and number of worlds: [uniform, weighted], for a bootstrap interval
    per_game: dict[Any, list[list[float]]] = {n: [] for n in worlds}
    rng = random.Random(HELD_OUT_SEED)
    picker = random.Random(HELD_OUT_SEED + 1)
    for name in RULE_SETS:
        records = games(name, deals, HELD_OUT_SEED, 8, cache, log=True)
        counts[name] = 0
        for index, (observation, truth) in enumerate(positions(records)):
            if not observation.tricks and not observation.trick:  # a new round
                for n in worlds:
                    per_game[n].append([0.0, 0.0])
                    for k in CANDIDATES:
                        per_game.setdefault((n, k), []).append([0.0, 0.0])
            full = sample_position(observation, truth, {model.tremble: model}, most, rng)
            if full is None:
                continue
            counts[name] += 1
            likelihood_seconds += full.seconds
            likelihood_worlds += most
            trick = len(observation.tricks) + 1
            position_uniform: dict[int, float] = {}
            for n in worlds:
                sample = PositionSample(
                    full.truth,
                    full.holders[:n],
                    full.allowed,
                    {model.tremble: full.logs[model.tremble][:n]},
                    0.0,
                )
                uniform, hidden = log_loss(sample, None, 0.0, 0.0)
                weighted = log_loss(sample, model.tremble, model.temperature, model.mix)[0]
                position_uniform[n] = uniform
                per_game[n][-1][0] += uniform
                per_game[n][-1][1] += weighted
                for key in ((name, n, 0), (name, n, trick)):
                    entry = totals.setdefault(key, [0.0, 0.0, 0])
                    entry[0] += uniform
                    entry[1] += weighted
                    entry[2] += hidden
                weights = WeightedWorlds.normalize(
                    list(model.temperature * sample.logs[model.tremble]), model.mix
                )
                sizes[n].append(WeightedWorlds.effective_size(weights))
            for n in worlds:
                for k in CANDIDATES:
                    if n * k <= most:
                        resampled = _resample(full, model, n, k, picker)
                        loss = log_loss(resampled, model.tremble, 1.0, model.mix)[0]
                        entry = totals.setdefault((name, n, -k), [0.0, 0.0, 0])
                        entry[1] += loss
                        per_game[(n, k)][-1][0] += position_uniform[n]
                        per_game[(n, k)][-1][1] += loss
            if index % solve_every == 0:
                search = KrakenSearch(observation)
                for _ in range(4):
                    start = time.process_time()
                    world = search.determinize(rng)
                    middle = time.process_time()
                    solve(world)
                    draw_seconds += middle - start
                    solve_seconds += time.process_time() - middle
                    solved += 1
    print(f"positions: {sum(counts.values())}")
    for name, count in counts.items():
        print(f"{name}_positions: {count}")
    print(f"hidden_cards: {sum(totals[(name, worlds[0], 0)][2] for name in RULE_SETS):.0f}")
    for n in worlds:
        for scope in [*RULE_SETS, "all"]:
            names = list(RULE_SETS) if scope == "all" else [scope]
            uniform = sum(totals[(name, n, 0)][0] for name in names)
            weighted = sum(totals[(name, n, 0)][1] for name in names)
            cards = sum(totals[(name, n, 0)][2] for name in names)
            prefix = "" if scope == "all" else f"{scope}_"
            print(f"{prefix}uniform_nats_per_hidden_card_{n}_worlds: {uniform / cards:.4f}")
            print(f"{prefix}weighted_nats_per_hidden_card_{n}_worlds: {weighted / cards:.4f}")
            print(f"{prefix}ratio_{n}_worlds: {weighted / uniform:.4f}")
        low, high = _bootstrap_ratio(per_game[n], random.Random(n))
        print(f"ratio_{n}_worlds_95ci: [{low:.4f}, {high:.4f}]")
        print(f"mean_effective_worlds_of_{n}: {statistics.fmean(sizes[n]):.1f}")
        for k in CANDIDATES:
            if (next(iter(RULE_SETS)), n, -k) in totals:
                uniform = sum(totals[(name, n, 0)][0] for name in RULE_SETS)
                resampled = sum(totals[(name, n, -k)][1] for name in RULE_SETS)
                cards = sum(totals[(name, n, 0)][2] for name in RULE_SETS)
                print(
                    f"resampled_{k}_candidates_nats_per_hidden_card_{n}_worlds: "
                    f"{resampled / cards:.4f}"
                )
                print(f"resampled_{k}_candidates_ratio_{n}_worlds: {resampled / uniform:.4f}")
                low, high = _bootstrap_ratio(per_game[(n, k)], random.Random(n * k))
                print(f"resampled_{k}_candidates_ratio_{n}_worlds_95ci: [{low:.4f}, {high:.4f}]")
    n = worlds[0]
    for trick in range(1, 9):
        uniform = sum(totals.get((name, n, trick), [0.0])[0] for name in RULE_SETS)
        weighted = sum(totals.get((name, n, trick), [0.0, 0.0])[1] for name in RULE_SETS)
        if uniform:
            print(f"ratio_{n}_worlds_trick_{trick}: {weighted / uniform:.4f}")
    print(f"likelihood_ms_per_world: {1000 * likelihood_seconds / likelihood_worlds:.3f}")
    print(f"draw_ms_per_world: {1000 * draw_seconds / max(solved, 1):.3f}")
    print(f"solve_ms_per_world: {1000 * solve_seconds / max(solved, 1):.3f}", flush=True)


def _resample(
    sample: PositionSample, model: PlayModel, n: int, k: int, rng: random.Random
) -> PositionSample:
    """``n`` worlds picked as ``WeightedWorlds(candidates=k)`` picks them, from the first
    ``n * k`` uniform worlds of ``sample``: one of each block of ``k`` in proportion to
    its tempered likelihood, weighted by the block's mean (its log in ``logs``)."""
    logs = model.temperature * sample.logs[model.tremble]
    rows = []
    weights = []
    for block in range(n):
        part = logs[block * k : (block + 1) * k]
        top = float(part.max())
        likely = [math.exp(x - top) for x in part]
        pick = rng.choices(range(k), weights=likely)[0]
        rows.append(sample.holders[block * k + pick])
        weights.append(top + math.log(sum(likely) / k))
    return PositionSample(
        sample.truth, np.array(rows), sample.allowed, {model.tremble: np.array(weights)}, 0.0
    )


def _bootstrap_ratio(games: list[list[float]], rng: random.Random) -> tuple[float, float]:
    """The 95% percentile interval of weighted / uniform log-loss, resampling games
    (the positions of one game are not independent)."""
    ratios = []
    for _ in range(2000):
        picks = [games[rng.randrange(len(games))] for _ in games]
        ratios.append(sum(g[1] for g in picks) / sum(g[0] for g in picks))
    ratios.sort()
    return ratios[int(0.025 * len(ratios))], ratios[int(0.975 * len(ratios)) - 1]


def main() -> None:
    """Print the log-loss figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument(
        "--worlds", default="32,128", help="worlds per position, a comma-separated list"
    )
    parser.add_argument("--cache", type=Path, default=Path("data/kraken-play-model"))
    parser.add_argument("--solve-every", type=int, default=10)
    args = parser.parse_args()
    counts = [int(n) for n in args.worlds.split(",")]
    log_loss_figures(args.deals, counts, args.cache, args.solve_every)


if __name__ == "__main__":
    main()
