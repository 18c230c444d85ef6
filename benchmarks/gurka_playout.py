"""Speed of Gurka random play: prints one ``name: value`` line per figure.

Figures (each the median of several timed runs over the same set of games, one core):
- ``public_api_games_per_s_{n}p``: complete games (stakes, deals, every card, every
  buy-back decision, payout) through ``Game.new`` / ``legal_actions`` / ``apply``,
  each action uniform among the legal ones (so an out player buys back half the
  time), for ``n`` = 4 and 8 players.
- ``fast_path_games_per_s_{n}p``: the same kind of games through
  ``cardtable.gurka.playout.random_game``, the int-mask path for bots and search.
- ``*_rounds_per_s_{n}p``: the same runs counted in rounds, which does not depend on
  how long random buy-backs keep a game going.
- ``*_mean_rounds_per_game_{n}p``: the average game length in these runs.

Run: ``.venv/bin/python benchmarks/gurka_playout.py [--repeats N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardtable.gurka import Game, Rules
from cardtable.gurka.playout import random_game

GAMES = {4: 200, 8: 12}


def timed(work: Callable[[], int], repeats: int) -> tuple[float, int]:
    """Median seconds over ``repeats`` runs of ``work``, and the rounds it played."""
    times = []
    rounds = 0
    for _ in range(repeats):
        start = time.perf_counter()
        rounds = work()
        times.append(time.perf_counter() - start)
    return statistics.median(times), rounds


def public_api(rules: Rules, games: int) -> Callable[[], int]:
    def work() -> int:
        rounds = 0
        for seed in range(games):
            game = Game.new(rules, seed)
            rng = random.Random(seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            rounds += len(game.history)
        return rounds

    return work


def fast_path(rules: Rules, games: int) -> Callable[[], int]:
    def work() -> int:
        return sum(random_game(rules, seed, seed, 0.5).rounds for seed in range(games))

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per figure")
    args = parser.parse_args()
    for players, games in GAMES.items():
        rules = Rules(players=players)
        for name, make in (("public_api", public_api), ("fast_path", fast_path)):
            seconds, rounds = timed(make(rules, games), args.repeats)
            print(f"{name}_games_per_s_{players}p: {games / seconds:.1f}", flush=True)
            print(f"{name}_rounds_per_s_{players}p: {rounds / seconds:.0f}", flush=True)
            print(f"{name}_mean_rounds_per_game_{players}p: {rounds / games:.1f}", flush=True)


if __name__ == "__main__":
    main()
