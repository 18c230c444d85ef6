"""The checked-in sheet vectors are exactly what the engines generate now."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.sheet import GurkaEntry, KrakenEntry, SheetError, load_sheet
from cardtable.sheet.vectors import DEFAULT_PATH, dumps, generate

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / DEFAULT_PATH).read_text(encoding="utf-8"))
ENTRIES = {"kraken": KrakenEntry, "gurka": GurkaEntry}


def test_checked_in_vectors_equal_the_generated() -> None:
    checked_in = (ROOT / DEFAULT_PATH).read_text(encoding="utf-8")
    assert checked_in == dumps(generate()), "run `make sheet-vectors` and commit the result"


def test_every_vector_sheet_loads_and_scores_as_expected() -> None:
    vectors = json.loads((ROOT / DEFAULT_PATH).read_text(encoding="utf-8"))
    for vector in vectors["kraken"] + vectors["gurka"]:
        sheet = load_sheet(vector["sheet"])
        assert sheet.summary() == vector["expected"], vector["name"]
        assert sheet.to_dict() == vector["sheet"], vector["name"]


@pytest.mark.parametrize("vector", VECTORS["refusals"], ids=lambda v: v["name"])
def test_every_refusal_changes_nothing(vector: dict[str, Any]) -> None:
    sheet = load_sheet(vector["sheet"])
    before = sheet.summary()
    with pytest.raises(SheetError) as refused:
        sheet.add(ENTRIES[vector["sheet"]["game"]].from_dict(vector["entry"]))
    assert (refused.value.code, refused.value.message) == (vector["code"], vector["message"])
    assert sheet.summary() == before and sheet.to_dict() == vector["sheet"]
    assert not sheet.can_undo
