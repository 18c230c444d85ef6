"""The golden records of tests/golden/records/ are what the engines write today, and
they load and replay: a change of the record format or of a rule fails here first.

After an intended change, run ``make golden`` and review the diff of the records.
"""

from __future__ import annotations

import json

import pytest

from cardtable import gurka, kraken

from .records import FOLDER, golden, text

GOLDEN = golden()
LOADERS = {
    ("gurka", "game"): gurka.Game.from_record,
    ("gurka", "round"): gurka.Round.from_record,
    ("kraken", "game"): kraken.Game.from_record,
    ("kraken", "round"): kraken.Round.from_record,
}


def test_the_saved_files_are_exactly_the_golden_records() -> None:
    assert sorted(p.name for p in FOLDER.glob("*.json")) == sorted(GOLDEN)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_engine_still_writes_the_saved_record(name: str) -> None:
    saved = (FOLDER / name).read_text(encoding="utf-8")
    assert text(GOLDEN[name]) == saved, f"{name} changed: run `make golden`, review the diff"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_a_saved_record_replays_to_itself(name: str) -> None:
    saved = json.loads((FOLDER / name).read_text(encoding="utf-8"))
    replayed = LOADERS[saved["game"], saved["type"]](saved)
    assert replayed.to_record() == saved
    assert replayed.is_over


def test_the_gurka_families_take_and_refuse_buy_backs() -> None:
    actions = [a for name, r in GOLDEN.items() if name.startswith("gurka-") for a in r["actions"]]
    assert "buyback" in actions and "pass" in actions
