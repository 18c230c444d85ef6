"""``make mutation``: mutation testing of the rules core with mutmut, and its table.

Each module is run on its own (``mutmut run "cardtable.kraken.play.*"``, with the
configuration of ``[tool.mutmut]`` in pyproject.toml: the engine tests and doctests,
Hypothesis seeded), and tests every mutant of that module again; mutmut keeps the
results and the logs in ``mutants/``. Then one line per module: mutants,
killed, timed out (the tests ran past mutmut's time limit: the mutant made them
hang, and counts as caught, as mutmut counts it), survived, survivors judged
equivalent (listed with their reason in ``equivalent.txt`` beside this file), not
checked, and the score, (killed + timeout) / (mutants - not checked - equivalent).
Survivors not in the list are printed; the command fails if there is one.

    .venv/bin/python -m tests.mutation.run                      # every module
    .venv/bin/python -m tests.mutation.run cardtable.gurka.trick  # one
    .venv/bin/python -m tests.mutation.run --table                # no run, the table
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
from collections import Counter
from pathlib import Path

MODULES = (
    "cardtable.kraken.play",
    "cardtable.kraken.scoring",
    "cardtable.kraken.roem",
    "cardtable.kraken.trick",
    "cardtable.kraken.fast",
    "cardtable.gurka.trick",
    "cardtable.gurka.round",
    "cardtable.gurka.game",
)
"""The rules core: the modules mutated (``only_mutate`` in pyproject.toml)."""

MEMORY = 4 * 2**30
"""The address space each mutmut process may take (bytes): a mutant that makes a
loop grow a list without end (``Round.legal_actions`` never leaving its loop) then
fails with ``MemoryError``, caught like any failure, instead of filling the machine."""
CAUGHT = ("killed", "timeout")
"""The statuses of a mutant the tests caught: they failed, or hung past mutmut's
time limit (as ``PlayState.play`` never emptying a hand makes a search loop)."""
EQUIVALENT = Path(__file__).with_name("equivalent.txt")
MUTMUT = Path(sys.executable).with_name("mutmut")
LOGS = Path("mutants")


def equivalent_mutants(path: Path = EQUIVALENT) -> dict[str, str]:
    """The surviving mutants judged equivalent, by name, with the reason.

    One per line: the mutant's name, then the reason; ``#`` starts a comment.
    """
    listed: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, reason = line.partition(" ")
            if not reason.strip():
                raise ValueError(f"{path}: {name} is listed without a reason")
            listed[name] = reason.strip()
    return listed


def module_of(mutant: str) -> str:
    """The module of a mutant name (``cardtable.gurka.trick.x_f__mutmut_3``)."""
    return mutant.rsplit(".", 1)[0]


def statuses() -> dict[str, str]:
    """Every mutant's status as mutmut reports it (killed, survived, not checked...)."""
    out = subprocess.run(
        [str(MUTMUT), "results", "--all", "true"], capture_output=True, text=True, check=True
    ).stdout
    found: dict[str, str] = {}
    for line in out.splitlines():
        name, sep, status = line.strip().partition(": ")
        if sep:
            found[name] = status
    return found


def table(found: dict[str, str], equivalent: dict[str, str], modules: list[str]) -> list[str]:
    """The table of ``modules`` (markdown), and below it every unexplained survivor."""
    lines = [
        "| module | mutants | killed | timeout | survived | equivalent | not checked | score |",
        "|---|---|---|---|---|---|---|---|",
    ]
    unexplained: list[str] = []
    for module in modules:
        mine = {n: s for n, s in found.items() if module_of(n) == module}
        counts = Counter(mine.values())
        survivors = [n for n, s in mine.items() if s not in (*CAUGHT, "not checked")]
        judged = [n for n in survivors if n in equivalent]
        unexplained += [f"{n}: {mine[n]}" for n in survivors if n not in equivalent]
        tested = len(mine) - counts["not checked"] - len(judged)
        caught = counts["killed"] + counts["timeout"]
        score = f"{100 * caught / tested:.1f}%" if tested else "-"
        lines.append(
            f"| {module.removeprefix('cardtable.')} | {len(mine)} | {counts['killed']} "
            f"| {counts['timeout']} | {len(survivors)} | {len(judged)} "
            f"| {counts['not checked']} | {score} |"
        )
    stale = [
        f"{n}: {found.get(n, 'no such mutant')}"
        for n in equivalent
        if module_of(n) in modules and found.get(n) in (*CAUGHT, None)
    ]
    if unexplained:
        lines += ["", "Survivors neither killed nor listed as equivalent:", *unexplained]
    if stale:
        lines += [
            "",
            f"Listed in {EQUIVALENT.name} but caught or gone (check the entries):",
        ]
        lines += stale
    return lines


def _limit_memory() -> None:
    """Limit the address space of the mutmut process and its children to :data:`MEMORY`."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def main(argv: list[str] | None = None) -> int:
    """Run mutmut on the chosen modules (all by default), then print the table."""
    parser = argparse.ArgumentParser(prog="make mutation", description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*", default=list(MODULES), help="dotted module names")
    parser.add_argument("--max-children", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--table", action="store_true", help="print the table of past runs")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.modules) - set(MODULES))
    if unknown:
        parser.error(f"not a rules-core module: {', '.join(unknown)} (allowed: {MODULES})")
    if not args.table:
        for module in args.modules:
            LOGS.mkdir(exist_ok=True)
            log = LOGS / f"run-{module}.log"
            print(f"mutmut: {module} (log: {log})", flush=True)
            with log.open("w", encoding="utf-8") as out:
                command = [str(MUTMUT), "run", "--max-children", str(args.max_children)]
                subprocess.run(
                    [*command, f"{module}.*"],
                    stdout=out,
                    stderr=out,
                    check=True,
                    preexec_fn=_limit_memory,
                )
    lines = table(statuses(), equivalent_mutants(), args.modules)
    print("\n".join(lines))
    return 1 if any(line.startswith("Survivors") for line in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
