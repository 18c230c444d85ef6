"""The full agreement check of the solver (the suite runs a smaller part of it).

1. ``--positions`` random positions (default 10,000; every play rule and roem mode,
   1 to 5 tricks left, 0 to 3 cards into the trick): the compiled search, the
   pure-Python search and the reference minimax give the same value, and the compiled
   and pure-Python searches the same value for every legal card.
2. ``--deals`` random full deals (default 1,000): compiled and pure-Python ``solve``
   agree on the value and on every card's value.

    .venv/bin/python benchmarks/solver_agreement.py --workers 2

Exits with status 1 on the first disagreement, printing the position. With
``--progress FILE`` every finished check is appended to FILE (one JSON line: part,
seed, ok, seconds) and a rerun with the same FILE skips what is done, so a long run
can be stopped and resumed; progress is printed every ``--every`` checks.

    nice -n 19 .venv/bin/python benchmarks/solver_agreement.py --positions 0 \
        --progress runs/agreement.jsonl --workers 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.solver.api import position_of, solve_position
from cardtable.solver.native import AVAILABLE
from cardtable.solver.reference import reference_value
from tests.solver.helpers import random_position, random_round


def check_position(seed: int) -> str | None:
    """None if the three searches agree on position ``seed``, else a description."""
    rng = random.Random(f"position:{seed}")
    round_ = random_position(rng, 1 + seed % 5)
    position = position_of(round_)
    expected = reference_value(position)
    pure = solve_position(position, "pure")[:2]
    native = solve_position(position, "native")[:2]
    if not pure[0] == native[0] == expected or pure[1] != native[1]:
        return f"position {seed}: reference {expected}, pure {pure}, compiled {native}: {position}"
    return None


def check_deal(seed: int) -> str | None:
    """None if compiled and pure agree on full deal ``seed``, else a description."""
    rng = random.Random(f"deal:{seed}")
    position = position_of(random_round(rng))
    pure = solve_position(position, "pure")[:2]
    native = solve_position(position, "native")[:2]
    if pure != native:
        return f"deal {seed}: pure {pure}, compiled {native}: {position}"
    return None


def timed(check: Callable[[int], str | None], seed: int) -> tuple[int, str | None, float]:
    start = time.perf_counter()
    problem = check(seed)
    return seed, problem, time.perf_counter() - start


def done_seeds(progress: Path | None, part: str) -> set[int]:
    """The seeds of ``part`` already checked (and agreeing) in the progress file."""
    if progress is None or not progress.exists():
        return set()
    seeds = set()
    for line in progress.read_text().splitlines():
        record = json.loads(line)
        if record["part"] == part and record["ok"]:
            seeds.add(record["seed"])
    return seeds


def run(
    name: str,
    check: Callable[[int], str | None],
    count: int,
    workers: int,
    progress: Path | None = None,
    every: int = 0,
) -> bool:
    start = time.perf_counter()
    done = done_seeds(progress, name)
    todo = [seed for seed in range(count) if seed not in done]
    every = every or max(1, count // 10)
    if done:
        print(f"  {name}: {count - len(todo)} of {count} already agree ({progress})")
    out = progress.open("a") if progress is not None else None
    finished = count - len(todo)
    try:
        with ProcessPoolExecutor(workers) as pool:
            futures = [pool.submit(timed, check, seed) for seed in todo]
            for future in as_completed(futures):
                seed, problem, seconds = future.result()
                if out is not None:
                    record = {"part": name, "seed": seed, "ok": problem is None, "s": seconds}
                    out.write(json.dumps(record) + "\n")
                    out.flush()
                if problem is not None:
                    print(f"DISAGREEMENT {problem}", flush=True)
                    for other in futures:
                        other.cancel()
                    return False
                finished += 1
                if finished % every == 0:
                    elapsed = time.perf_counter() - start
                    print(f"  {name}: {finished}/{count} agree ({elapsed:.0f} s)", flush=True)
    finally:
        if out is not None:
            out.close()
    print(f"{name}: all {count} agree ({time.perf_counter() - start:.0f} s this run)", flush=True)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--deals", type=int, default=1_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--progress", type=Path, help="JSON lines of finished checks; resumes")
    parser.add_argument("--every", type=int, default=0, help="print progress every N checks")
    args = parser.parse_args()
    if not AVAILABLE:
        print("the compiled solver is not built: pip install -e .")
        return 1
    ok = run("positions", check_position, args.positions, args.workers, args.progress, args.every)
    ok = ok and run("full deals", check_deal, args.deals, args.workers, args.progress, args.every)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
