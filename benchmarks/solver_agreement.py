"""The full agreement check of the solver (the suite runs a smaller part of it).

1. ``--positions`` random positions (default 10,000; every play rule and roem mode,
   1 to 5 tricks left, 0 to 3 cards into the trick): the compiled search, the
   pure-Python search and the reference minimax give the same value, and the compiled
   and pure-Python searches the same value for every legal card.
2. ``--deals`` random full deals (default 1,000): compiled and pure-Python ``solve``
   agree on the value and on every card's value.

    .venv/bin/python benchmarks/solver_agreement.py --workers 2

Exits with status 1 on the first disagreement, printing the position.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
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


def run(name: str, check: object, count: int, workers: int) -> bool:
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        for done, problem in enumerate(pool.map(check, range(count), chunksize=4), 1):  # type: ignore[call-overload]
            if problem is not None:
                print(f"DISAGREEMENT {problem}")
                return False
            if done % max(1, count // 10) == 0:
                print(f"  {name}: {done}/{count} agree ({time.perf_counter() - start:.0f} s)")
    print(f"{name}: all {count} agree in {time.perf_counter() - start:.0f} s")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--deals", type=int, default=1_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if not AVAILABLE:
        print("the compiled solver is not built: pip install -e .")
        return 1
    ok = run("positions", check_position, args.positions, args.workers)
    ok = ok and run("full deals", check_deal, args.deals, args.workers)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
