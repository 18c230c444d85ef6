"""Reading record files, for every game and every command that loads one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.errors import RecordError

__all__ = ["load_record"]


def load_record(path: Path | str) -> dict[str, Any]:
    """Read a JSON record; ``RecordError`` when it is not JSON or not an object."""
    try:
        record = json.loads(Path(path).expanduser().read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not JSON: {error}") from None
    if not isinstance(record, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return record
