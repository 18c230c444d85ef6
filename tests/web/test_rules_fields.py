"""The browser's create-a-table form offers every rule variant: its field list
(web/src/lib/rules.json) matches the engines' Rules, presets and bot levels."""

from __future__ import annotations

import dataclasses
import json
import typing
from pathlib import Path
from typing import Any

from cardtable import gurka, kraken
from cardtable.kraken.rules import PRESETS
from cardtable.server.bots import LEVELS

SCHEMA = Path(__file__).parents[2] / "web" / "src" / "lib" / "rules.json"


def _schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SCHEMA.read_text())
    return data


def _choices(rules_type: type) -> dict[str, tuple[str, ...]]:
    hints = typing.get_type_hints(rules_type)
    return {
        f.name: typing.get_args(hints[f.name])
        for f in dataclasses.fields(rules_type)
        if typing.get_origin(hints[f.name]) is typing.Literal
    }


def test_kraken_fields_defaults_and_presets() -> None:
    schema = _schema()["kraken"]
    assert schema["defaults"] == kraken.Rules().to_dict()
    assert schema["presets"] == {name: rules.to_dict() for name, rules in PRESETS.items()}
    assert [f["name"] for f in schema["fields"]] == list(kraken.Rules().to_dict())
    choices = _choices(kraken.Rules)
    for field in schema["fields"]:
        if field["type"] == "choice":
            assert tuple(field["options"]) == choices[field["name"]]


def test_gurka_fields_and_defaults() -> None:
    schema = _schema()["gurka"]
    assert schema["defaults"] == gurka.Rules().to_dict()
    assert [f["name"] for f in schema["fields"]] == list(gurka.Rules().to_dict())
    choices = _choices(gurka.Rules)
    for field in schema["fields"]:
        if field["type"] == "choice":
            assert tuple(field["options"]) == choices[field["name"]]
        if field["type"] == "int":
            gurka.Rules.from_dict({field["name"]: field["min"]})
            gurka.Rules.from_dict({field["name"]: field["max"]})


def test_bot_levels() -> None:
    assert _schema()["levels"] == list(LEVELS)
