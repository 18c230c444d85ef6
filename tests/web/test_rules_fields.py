"""The browser's create-a-table form offers every rule variant: it reads them from
``GET /api/kinds``, which must match the engines' Rules, presets and bot levels (the
client keeps no copy of its own)."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable import gurka, kraken
from cardtable.kraken.rules import PRESETS
from cardtable.server.app import create_app
from cardtable.server.bots import LEVELS
from tests.server.helpers import settings

WEB = Path(__file__).parents[2] / "web" / "src" / "lib"


@pytest.fixture(scope="module")
def kinds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What ``GET /api/kinds`` answers."""
    with TestClient(create_app(settings(tmp_path_factory.mktemp("kinds")))) as client:
        reply = client.get("/api/kinds")
    assert reply.status_code == 200
    data: dict[str, Any] = reply.json()
    return data


def _game(kinds: dict[str, Any], name: str) -> dict[str, Any]:
    return next(k for k in kinds["kinds"] if k["name"] == name)


def _choices(rules_type: type) -> dict[str, tuple[str, ...]]:
    hints = typing.get_type_hints(rules_type)
    return {
        f.name: typing.get_args(hints[f.name])
        for f in dataclasses.fields(rules_type)
        if typing.get_origin(hints[f.name]) is typing.Literal
    }


def test_kraken_fields_defaults_and_presets(kinds: dict[str, Any]) -> None:
    entry = _game(kinds, "kraken")
    assert entry["title"] == "Kraken" and entry["seats"] == 4 and entry["scoring"] == "teams"
    schema = entry["rules"]
    assert schema["defaults"] == kraken.Rules().to_dict()
    assert schema["presets"] == {name: rules.to_dict() for name, rules in PRESETS.items()}
    assert [f["name"] for f in schema["fields"]] == list(kraken.Rules().to_dict())
    choices = _choices(kraken.Rules)
    for field in schema["fields"]:
        if field["type"] == "choice":
            assert tuple(field["options"]) == choices[field["name"]]
    assert {f["type"] for f in schema["fields"]} <= {"choice", "bool", "int", "deal"}


def test_gurka_fields_and_defaults(kinds: dict[str, Any]) -> None:
    entry = _game(kinds, "gurka")
    assert entry["seats"] == gurka.Rules().players and entry["scoring"] == "ranking"
    schema = entry["rules"]
    assert schema["defaults"] == gurka.Rules().to_dict()
    assert [f["name"] for f in schema["fields"]] == list(gurka.Rules().to_dict())
    choices = _choices(gurka.Rules)
    for field in schema["fields"]:
        if field["type"] == "choice":
            assert tuple(field["options"]) == choices[field["name"]]
        if field["type"] == "int":
            gurka.Rules.from_dict({field["name"]: field["min"]})
            gurka.Rules.from_dict({field["name"]: field["max"]})


def test_bot_levels(kinds: dict[str, Any]) -> None:
    assert kinds["levels"] == list(LEVELS)
    for entry in kinds["kinds"]:
        assert "random" in entry["levels"]
        assert [level for level in LEVELS if level in entry["levels"]] == entry["levels"]
    assert _game(kinds, "kraken")["levels"] == list(LEVELS)


def test_the_client_keeps_no_copy_of_the_rules() -> None:
    assert not (WEB / "rules.json").exists()
    assert "/api/kinds" in (WEB / "rules.ts").read_text()


def test_every_rules_field_and_choice_has_its_words_in_the_catalog(
    kinds: dict[str, Any],
) -> None:
    """The create form labels a field ``rule.NAME`` and a choice ``opt.NAME.VALUE``
    (tests/i18n.test.ts holds every language to the English keys); a game installed
    from elsewhere (the conformance suite's toy game) shows its own names."""
    catalog = (WEB.parent / "i18n" / "en.ts").read_text(encoding="utf-8")
    for entry in (_game(kinds, "kraken"), _game(kinds, "gurka")):
        for field in entry["rules"]["fields"]:
            assert f"'rule.{field['name']}'" in catalog, field["name"]
            for option in field.get("options", []):
                assert f"'opt.{field['name']}.{option}'" in catalog, (field["name"], option)
