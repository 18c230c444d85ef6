"""Score sheets for Kraken and Gurka played with real cards, scored by the engines.

A sheet is the rounds as the table entered them (``docs/sheet.md`` gives the JSON);
:mod:`cardtable.sheet.kraken` and :mod:`cardtable.sheet.gurka` check each entry and
score it with the engine's own functions, so a sheet and a game played on the
computer never disagree.
"""

from __future__ import annotations

from typing import Any

from cardtable.sheet.gurka import GurkaEntry, GurkaSheet
from cardtable.sheet.kraken import KrakenEntry, KrakenSheet
from cardtable.sheet.model import FORMAT, VERSION, SheetError, check_envelope

__all__ = [
    "FORMAT",
    "VERSION",
    "GurkaEntry",
    "GurkaSheet",
    "KrakenEntry",
    "KrakenSheet",
    "SheetError",
    "load_sheet",
]


def load_sheet(data: Any) -> KrakenSheet | GurkaSheet:
    """A sheet of either game from its JSON, every round checked and scored again.

    Raises :class:`SheetError` naming what is wrong.
    """
    if check_envelope(data) == "kraken":
        return KrakenSheet.from_dict(data)
    return GurkaSheet.from_dict(data)
