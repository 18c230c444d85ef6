"""Strength check for the bots of a rotated game (Gurka; any game whose kind's
``match_format`` is ``rotated``): whole games with the seats rotated over the same deals.

Bot A sits at the even seats and bot B at the odd ones; every game (one seed: the
first dealer and every shuffle) is then replayed with the seating rotated by one seat,
``players`` times in all, so each bot meets every deal from every seat. The score of a
game seed is the mean, over the rotations, of bot A's average net chips per seat minus
bot B's (Gurka: net chips; the arena's score of the game,
:meth:`cardtable.game.GameKind.final_scores`). The mean over game seeds comes with a
95% confidence interval. Each game is driven by :class:`~cardtable.bots.base.BotDriver`.

>>> result = gurka_rotated(("heuristic", {}), ("random", {"seed": 1}), 4, players=4, seed=1)
>>> result.deals
4
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardtable.arena.duel import DuelResult, summarize
from cardtable.bots import make_bot
from cardtable.bots.base import Bot, BotDriver
from cardtable.game import kind

__all__ = ["game_score", "gurka_rotated", "main", "play_game", "rotated"]

BotSpec = tuple[str, dict[str, Any]]


def play_game(rules: Any, seed: int, bots: Sequence[Bot], game: str = "gurka") -> list[float]:
    """Play one whole game of ``game`` with ``bots[seat]`` in each seat; each seat's
    score (Gurka: net chips)."""
    played = kind(game)
    state = BotDriver(game, played.new_game(rules, seed), bots, rules).run()
    return played.final_scores(state)


def game_score(game: str, spec_a: BotSpec, spec_b: BotSpec, rules: Any, seed: int) -> float:
    """Bot A's mean score per seat minus bot B's on game ``seed`` of ``game``, averaged
    over every rotation of the seating (A at the even seats of the first seating)."""
    n = kind(game).seats(rules)
    total = 0.0
    for shift in range(n):
        labels = [(seat + shift) % 2 == 0 for seat in range(n)]
        bots = [
            make_bot(spec_a[0], game=game, **spec_a[1])
            if is_a
            else make_bot(spec_b[0], game=game, **spec_b[1])
            for is_a in labels
        ]
        chips = play_game(rules, seed, bots, game)
        a = [c for c, is_a in zip(chips, labels, strict=True) if is_a]
        b = [c for c, is_a in zip(chips, labels, strict=True) if not is_a]
        total += sum(a) / len(a) - sum(b) / len(b)
    return total / n


def gurka_rotated(
    spec_a: BotSpec,
    spec_b: BotSpec,
    games: int,
    players: int = 4,
    seed: int = 0,
    workers: int | None = None,
    rules: Any = None,
    log: Path | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> DuelResult:
    """:func:`rotated` for Gurka with ``players`` players (or ``rules``)."""
    if rules is None:
        rules = kind("gurka").rules(changes={"players": players})
    return rotated("gurka", spec_a, spec_b, games, rules, seed, workers, log, progress)


def rotated(
    game: str,
    spec_a: BotSpec,
    spec_b: BotSpec,
    games: int,
    rules: Any = None,
    seed: int = 0,
    workers: int | None = None,
    log: Path | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> DuelResult:
    """Play ``games`` game seeds (``seed``, ``seed + 1``...) of ``game`` (its default
    rules without ``rules``), each with every rotation, between two bots given as
    (name, options); the mean difference in score per seat (Gurka: net chips) with its
    95% interval. ``workers`` > 1 runs games in parallel processes.

    With ``log``, each finished seed is appended to that JSON-lines file as it ends,
    and seeds already there are not played again: a killed run resumes where it was.
    ``progress(seed, diff)`` is called as each seed ends."""
    rules = rules if rules is not None else kind(game).rules()
    diffs = _logged(log) if log is not None else {}
    todo = [s for s in range(seed, seed + games) if s not in diffs]

    def finished(game_seed: int, diff: float) -> None:
        diffs[game_seed] = diff
        if log is not None:
            with log.open("a") as out:
                out.write(json.dumps({"seed": game_seed, "diff": diff}) + "\n")
        if progress is not None:
            progress(game_seed, diff)

    if workers is not None and workers > 1:
        with concurrent.futures.ProcessPoolExecutor(workers) as pool:
            futures = {pool.submit(game_score, game, spec_a, spec_b, rules, s): s for s in todo}
            for future in concurrent.futures.as_completed(futures):
                finished(futures[future], future.result())
    else:
        for s in todo:
            finished(s, game_score(game, spec_a, spec_b, rules, s))
    return summarize([diffs[s] for s in range(seed, seed + games)])


def _logged(log: Path) -> dict[int, float]:
    """The seeds already played in a run's log (none if it does not exist yet)."""
    if not log.exists():
        return {}
    done = {}
    for number, line in enumerate(log.read_text().splitlines(), 1):
        try:
            entry = json.loads(line)
            done[int(entry["seed"])] = float(entry["diff"])
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{log}:{number}: not a duel log entry ({error}): {line!r}") from None
    return done


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardtable.arena.gurka_duel A B --games N``: print the rotated result."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--a-options", default="{}")
    parser.add_argument("--b-options", default="{}")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log", type=Path, help="JSON-lines file of finished seeds (resumes)")
    args = parser.parse_args(argv)
    played: list[float] = []

    def progress(game_seed: int, diff: float) -> None:
        played.append(diff)
        print(f"seed {game_seed}: {diff:+.2f}  ({summarize(played)})", flush=True)

    result = gurka_rotated(
        (args.a, json.loads(args.a_options)),
        (args.b, json.loads(args.b_options)),
        args.games,
        players=args.players,
        seed=args.seed,
        workers=args.workers,
        log=args.log,
        progress=progress,
    )
    print(f"{args.a} vs {args.b}: {result}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
