"""Reading record files, for every game and every command that loads one."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardtable.errors import RecordError

__all__ = ["check_header", "load_record"]


def load_record(path: Path | str) -> dict[str, Any]:
    """Read a JSON record; ``RecordError`` when it is not JSON or not an object."""
    try:
        record = json.loads(Path(path).expanduser().read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not JSON: {error}") from None
    if not isinstance(record, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return record


def check_header(record: Mapping[str, Any], game: str, title: str, kind: str, version: int) -> None:
    """``RecordError`` unless ``record`` is a ``kind`` record of ``game`` (called
    ``title``) in the format ``version``: the header every engine checks first.

    >>> check_header({"game": "toy", "type": "round", "version": 1}, "toy", "Toy", "round", 1)
    >>> check_header({"game": "toy", "type": "round", "version": 2}, "toy", "Toy", "round", 1)
    Traceback (most recent call last):
    ...
    cardtable.errors.RecordError: round record: unsupported 'version' 2: expected 1
    """
    if record.get("game") != game:
        raise RecordError(f"not a {title} record: 'game' is {record.get('game')!r}")
    if record.get("type") != kind:
        raise RecordError(f"not a {kind} record: 'type' is {record.get('type')!r}")
    if "version" not in record:
        raise RecordError(f"{kind} record: missing 'version': expected {version}")
    found = record["version"]
    if type(found) is not int or found != version:
        raise RecordError(f"{kind} record: unsupported 'version' {found!r}: expected {version}")
