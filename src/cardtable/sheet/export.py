"""A sheet as CSV: one row per round with what the rules made of it, for spreadsheets.

>>> from cardtable.kraken import Rules
>>> from cardtable.sheet.kraken import KrakenEntry, KrakenSheet
>>> sheet = KrakenSheet(Rules(rounds=2), teams=("Us", "Them"))
>>> _ = sheet.add(KrakenEntry(declarers=0, points_of=0, card_points=90, challenge="contra"))
>>> header, row = csv_text(sheet).splitlines()
>>> header.split(",")[:5], header.split(",")[-2:]
(['round', 'dealer', 'declarers', 'card points Us', 'card points Them'], ['total Us', 'total Them'])
>>> row
'1,0,Us,90,72,0,0,contra,2,,no,180,144,180,144'
"""

from __future__ import annotations

import csv
import io

from cardtable.sheet.gurka import GurkaSheet
from cardtable.sheet.kraken import KrakenSheet

__all__ = ["csv_text"]


def csv_text(sheet: KrakenSheet | GurkaSheet) -> str:
    """The rounds of ``sheet`` as CSV text with a header row (names from the sheet)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if isinstance(sheet, KrakenSheet):
        a, b = sheet.teams
        writer.writerow(
            ["round", "dealer", "declarers"]
            + [f"{what} {team}" for what in ("card points", "roem") for team in (a, b)]
            + ["challenge", "multiplier", "mars", "nat"]
            + [f"{what} {team}" for what in ("points", "total") for team in (a, b)]
        )
        for scored in sheet.rounds:
            result = scored.result
            dealer = sheet.players[scored.dealer] if sheet.players else scored.dealer
            writer.writerow(
                [
                    scored.number,
                    dealer,
                    sheet.teams[result.declarers],
                    *result.card_points,
                    *result.roem,
                    scored.entry.challenge,
                    result.multiplier,
                    "" if result.mars is None else sheet.teams[result.mars],
                    "yes" if result.nat else "no",
                    *result.points,
                    *scored.totals,
                ]
            )
    else:
        names = sheet.players
        writer.writerow(
            ["round", "dealer"]
            + [f"{what} {name}" for name in names for what in ("penalty", "score")]
            + ["out", "bought back", "pot"]
        )
        for round_ in sheet.rounds:
            writer.writerow(
                [round_.number, names[round_.dealer]]
                + [v for pair in zip(round_.penalties, round_.scores, strict=True) for v in pair]
                + [" ".join(names[s] for s in round_.eliminated)]
                + [" ".join(names[s] for s in round_.entry.buybacks), round_.pot]
            )
    return out.getvalue()
