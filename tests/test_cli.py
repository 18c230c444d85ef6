"""The top-level ``cardtable`` command."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from cardtable.cli import main

ROOT = Path(__file__).resolve().parents[1]
RUN_CLI = "import sys; from cardtable.cli import main; sys.exit(main())"


def test_a_reader_that_leaves_early_stops_the_command_quietly() -> None:
    # `cardtable kraken random-game | head` once ended with "error: Broken pipe"; the
    # read end is closed before the command (still starting) writes anything
    child = subprocess.Popen(
        [sys.executable, "-c", RUN_CLI, "kraken", "random-game", "--seed", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) == 1
    assert err == ""


# ``pip install cardtable`` without its extras, simulated: importing any module that an
# extra brings fails as it would there (and is recorded, to show it was not tried).
WITHOUT_EXTRAS = """
import importlib.abc, sys

EXTRAS = set(sys.argv.pop(1).split(","))
tried = []

class NoExtras(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in EXTRAS:
            tried.append(name)
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NoExtras())
from cardtable.cli import main
code = main()
print("tried:", sorted(tried), sorted(m for m in sys.modules if m.partition(".")[0] in EXTRAS))
sys.exit(code)
"""


SOLVE_DEAL = (
    "N: 8H QH AH 7D 9D TD AD 8S | E: TH JH 8D 7C 9C QC 9S TS | "
    "S: 9H JD QD 8C KC AC JS AS | W: 7H KH KD TC JC 7S QS KS"
)


def run_without_extras(*args: str) -> subprocess.CompletedProcess[str]:
    from cardtable.cli import EXTRAS

    return subprocess.run(
        [sys.executable, "-c", WITHOUT_EXTRAS, ",".join(EXTRAS), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_engine_bot_and_solver_commands_need_no_extra() -> None:
    for args in (
        ("kraken", "random-game", "--rounds", "1"),
        ("gurka", "random-game", "--players", "3"),
        ("kraken", "deal", "--seed", "3"),
        ("kraken", "solve", SOLVE_DEAL, "--trump", "H"),
        ("bots", "list"),
    ):
        done = run_without_extras(*args)
        assert done.returncode == 0, (args, done.stderr)
        assert done.stdout.splitlines()[-1] == "tried: [] []", args


def test_a_command_that_needs_a_missing_extra_names_the_pip_command() -> None:
    for args, extra in (
        (("serve",), "server"),
        (("db", "heads"), "server"),
        (("play",), "tui"),
        (("arena", "kraken", "random", "random", "--deals", "1", "--plot", "x.png"), "plot"),
    ):
        done = run_without_extras(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.startswith("cardtable: error: No module named"), done.stderr
        assert done.stderr.strip().endswith(f"pip install 'cardtable[{extra}]'"), done.stderr
        assert "games played" not in done.stdout  # the arena fails before its match


def test_every_optional_module_is_known_with_the_extra_that_brings_it() -> None:
    from cardtable.cli import EXTRAS

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    modules: dict[str, set[str]] = {}
    for module, distributions in importlib.metadata.packages_distributions().items():
        for distribution in distributions:
            modules.setdefault(canonical(distribution), set()).add(module)
    for extra in ("server", "tui", "plot", "ray"):
        for requirement in extras[extra]:
            distribution = canonical(re.split(r"[\[<>=!~; ]", requirement)[0])
            known = {EXTRAS.get(module) for module in modules[distribution]}
            assert extra in known, (extra, requirement, modules[distribution])
    assert set(EXTRAS.values()) <= set(extras)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@pytest.mark.parametrize(
    ("game", "make"),
    [("kraken", ["--rounds", "1"]), ("gurka", ["--players", "3"])],
)
def test_replay_reads_a_record_of_any_game(
    game: str, make: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    assert main([game, "random-game", "--seed", "3", *make, "--record", str(record)]) == 0
    played = capsys.readouterr().out
    assert main([game, "replay", str(record)]) == 0
    own = capsys.readouterr().out
    assert main(["replay", str(record)]) == 0
    assert capsys.readouterr().out == own == played and own.strip()


def test_replay_names_what_a_record_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "odd.json"
    record.write_text('{"moves": []}')
    assert main(["replay", str(record)]) == 2
    assert 'a record names its game ("game": one of gurka, kraken' in capsys.readouterr().err
