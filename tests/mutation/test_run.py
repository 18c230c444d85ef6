"""The table of ``make mutation`` and its list of equivalent mutants."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .run import MEMORY, MODULES, _limit_memory, equivalent_mutants, module_of, table


def test_every_listed_equivalent_mutant_is_of_the_rules_core_and_has_a_reason() -> None:
    listed = equivalent_mutants()
    assert listed
    for name, reason in listed.items():
        assert module_of(name) in MODULES and "__mutmut_" in name
        assert len(reason.split()) >= 5, f"{name}: say why it changes nothing"


def test_a_name_without_a_reason_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "equivalent.txt"
    path.write_text("# comment\ncardtable.gurka.trick.x_f__mutmut_1\n", encoding="utf-8")
    with pytest.raises(ValueError) as raised:
        equivalent_mutants(path)
    assert (
        str(raised.value)
        == f"{path}: cardtable.gurka.trick.x_f__mutmut_1 is listed without a reason"
    )


def test_the_table_counts_scores_and_names_unexplained_and_stale_entries() -> None:
    found = {
        "cardtable.gurka.trick.x_f__mutmut_1": "killed",
        "cardtable.gurka.trick.x_f__mutmut_2": "killed",
        "cardtable.gurka.trick.x_f__mutmut_3": "killed",
        "cardtable.gurka.trick.x_f__mutmut_4": "survived",
        "cardtable.gurka.trick.x_f__mutmut_5": "survived",
        "cardtable.gurka.trick.x_f__mutmut_6": "not checked",
        "cardtable.gurka.trick.x_f__mutmut_7": "timeout",
        "cardtable.gurka.trick.x_f__mutmut_8": "timeout",
        "cardtable.gurka.game.x_g__mutmut_1": "survived",
    }
    equivalent = {
        "cardtable.gurka.trick.x_f__mutmut_4": "a reason",
        "cardtable.gurka.trick.x_f__mutmut_1": "was equivalent once",
        "cardtable.gurka.trick.x_f__mutmut_8": "hung, so not equivalent",
        "cardtable.gurka.trick.x_f__mutmut_9": "the function changed",
    }
    assert table(found, equivalent, ["cardtable.gurka.trick"]) == [
        "| module | mutants | killed | timeout | survived | equivalent | not checked | score |",
        "|---|---|---|---|---|---|---|---|",
        "| gurka.trick | 8 | 3 | 2 | 2 | 1 | 1 | 83.3% |",
        "",
        "Survivors neither killed nor listed as equivalent:",
        "cardtable.gurka.trick.x_f__mutmut_5: survived",
        "",
        "Listed in equivalent.txt but caught or gone (check the entries):",
        "cardtable.gurka.trick.x_f__mutmut_1: killed",
        "cardtable.gurka.trick.x_f__mutmut_8: timeout",
        "cardtable.gurka.trick.x_f__mutmut_9: no such mutant",
    ]


def test_mutmut_runs_with_its_address_space_limited() -> None:
    """The limit ``make mutation`` sets before starting mutmut holds in the process."""
    code = "import resource; print(*resource.getrlimit(resource.RLIMIT_AS))"
    shown = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        preexec_fn=_limit_memory,
    ).stdout.split()
    assert shown == [str(MEMORY), str(MEMORY)]
