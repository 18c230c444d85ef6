"""Speed of the RL environments: prints one ``name: value`` line per figure.

Figures (each the median of several runs, one core):
- ``pettingzoo_kraken_agent_steps_per_s``: ``kraken_v0`` AEC, random legal play
  (``last()`` with observation and mask, ``step``), whole one-round games; the goal is
  20,000. ``pettingzoo_gurka_agent_steps_per_s`` the same for ``gurka_v0`` (4
  players).
- ``engine_kraken_actions_per_s``: the same random play on the engine alone
  (``legal_actions``/``apply``, no observation): the ceiling the AEC figure is
  measured against (``pettingzoo_vs_engine``).
- ``batched_kraken_card_steps_per_s``: :class:`cardtable.envs.batched.KrakenBatch`,
  card play of ``--batch`` tables in lockstep, each step building every table's
  observation and mask and playing a random legal card; the goal is 1,000,000.
  ``batched_kraken_card_steps_per_s_no_obs``: the same without the observations.

Times are this process's CPU time (``time.process_time``), so the figures are per
core even on a machine busy with other work; everything runs in one thread
(``OMP_NUM_THREADS=1`` is set before numpy loads).

Run: ``.venv/bin/python benchmarks/envs.py [--repeats N] [--batch N]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from cardtable.envs import gurka_v0, kraken_v0
from cardtable.envs.batched import KrakenBatch
from cardtable.kraken import Round, Rules


def rate(work: Callable[[], int], repeats: int) -> float:
    """Median items per second over ``repeats`` timed runs of ``work``."""
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        items = work()
        rates.append(items / (time.process_time() - start))
    return statistics.median(rates)


def pettingzoo(module: object, options: dict, games: int) -> Callable[[], int]:
    env = module.env(**options)  # type: ignore[attr-defined]
    rng = np.random.default_rng(1)

    def work() -> int:
        steps = 0
        for game in range(games):
            env.reset(seed=game)
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[rng.integers(legal.size)]))
                steps += 1
        return steps

    return work


def engine(rounds: int) -> Callable[[], int]:
    def work() -> int:
        rng = random.Random(1)
        actions = 0
        for seed in range(rounds):
            rnd = Round.new(Rules(), seed % 4, seed)
            while not rnd.is_over:
                rnd.apply(rng.choice(rnd.legal_actions()))
                actions += 1
        return actions

    return work


def batched(size: int, with_observations: bool) -> Callable[[], int]:
    rng = np.random.default_rng(3)
    rounds = KrakenBatch.deal(size, seed=5).rounds

    def work() -> int:
        batch = KrakenBatch([rnd.copy() for rnd in rounds])
        started = time.process_time()
        while not batch.done:
            if with_observations:
                batch.observations()
                batch.masks()
            batch.step(batch.random_actions(rng))
        # the batch's setup (its static part, built once per deal) is not timed
        work.elapsed = time.process_time() - started  # type: ignore[attr-defined]
        return size * 32

    return work


def batched_rate(size: int, with_observations: bool, repeats: int) -> float:
    work = batched(size, with_observations)
    rates = []
    for _ in range(repeats):
        steps = work()
        rates.append(steps / work.elapsed)  # type: ignore[attr-defined]
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--batch", type=int, default=1024)
    args = parser.parse_args()
    one_round = {"rules": {"rounds": 1}}
    aec = rate(pettingzoo(kraken_v0, one_round, 40), args.repeats)
    print(f"pettingzoo_kraken_agent_steps_per_s: {aec:,.0f}")
    gurka = rate(pettingzoo(gurka_v0, {"players": 4}, 3), args.repeats)
    print(f"pettingzoo_gurka_agent_steps_per_s: {gurka:,.0f}")
    plain = rate(engine(200), args.repeats)
    print(f"engine_kraken_actions_per_s: {plain:,.0f}")
    print(f"pettingzoo_vs_engine: {aec / plain:.2f}")
    print(f"batch_size: {args.batch}")
    full = batched_rate(args.batch, True, args.repeats)
    print(f"batched_kraken_card_steps_per_s: {full:,.0f}")
    bare = batched_rate(args.batch, False, args.repeats)
    print(f"batched_kraken_card_steps_per_s_no_obs: {bare:,.0f}")


if __name__ == "__main__":
    main()
