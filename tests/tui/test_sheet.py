"""``cardtable sheet``: the plain mode through a pipe, and the Textual app driven by
its pilot (typing rounds, the preview, refusals, edit from the history, undo,
buy-back offers)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Static

from cardtable.gurka import Rules as GurkaRules
from cardtable.kraken import Rules
from cardtable.sheet import GurkaSheet, KrakenSheet, load_sheet
from cardtable.tui.i18n import set_language
from cardtable.tui.sheet import SheetSession
from cardtable.tui.sheet_app import SheetApp
from cardtable.tui.sheet_text import parse_kraken

from .helpers import until

pytestmark = pytest.mark.anyio

RUN_CLI = "import sys; from cardtable.cli import main; sys.exit(main(sys.argv[1:]))"


def cardtable(args: list[str], lines: list[str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", RUN_CLI, *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def test_plain_kraken_sheet_through_a_pipe_saves_the_browsers_json(tmp_path: Path) -> None:
    path, csv = tmp_path / "club.json", tmp_path / "club.csv"
    out = cardtable(
        ["sheet", "kraken", str(path), "--plain", "--lang", "en", "--target", "300"],
        ["1 81", "2 60 other roem=20/", "1 163", "edit 1 1 82", "2 162 mars", f"csv {csv}", "quit"],
    )
    assert "Kraken: Us 0 - Them 0, playing to 300 points" in out
    assert "(nat: 81 is not more than 81)" in out
    assert (
        "Refused: card points are 0 to 162 (all eight tricks with the last trick's 10), not 163"
        in out
    )
    assert "The game is over: Them win." in out
    sheet = load_sheet(json.loads(path.read_text(encoding="utf-8")))
    assert isinstance(sheet, KrakenSheet)
    assert [e.card_points for e in sheet.entries] == [82, 60, 162]
    assert sheet.totals == (82 + 80 + 0, 80 + 102 + 262) and sheet.winner == 1
    assert csv.read_text(encoding="utf-8").count("\n") == 4
    again = cardtable(["sheet", "kraken", str(path), "--plain", "--lang", "nl"], ["history"])
    assert "Ronde 3 (gever S): Them speelde" in again
    seats = ["sheet", "kraken", "--plain", "--lang", "en", "--players", "Ann", "Bo", "Cy", "Di"]
    assert "Round 2 (dealer Bo): Us declared" in cardtable([*seats], ["1 90", "1 90"])


def test_plain_gurka_sheet_asks_for_buy_backs() -> None:
    out = cardtable(
        ["sheet", "gurka", "--plain", "--lang", "en", "--players", "Ann", "Bo", "Cy", "Di"],
        ["t Ann:KS Bo:KD Cy:4C Di:2H", "p 14 0 0 0", "p 0 0 9 0", "p 14 0 0 0", "y", "p 0 15 0 0"],
    )
    assert "Round 1 (dealer Ann): Ann 13 (+13), Bo 13 (+13), Cy 0, Di 0" in out
    assert "Ann is out: buy back in at 13 for 1 chips? (y/n)" in out
    assert "out: Ann; bought back at 13: Ann" in out
    assert "Refused: a penalty is the rank of the highest card of the last trick" in out


async def test_the_app_enters_previews_refuses_edits_and_undoes() -> None:
    set_language("en")
    session = SheetSession(KrakenSheet(Rules(rounds=2), teams=("Us", "Them")))
    app = SheetApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        entry = app.query_one("#entry", Input)
        preview = app.query_one("#preview", Static)
        await pilot.press(*"1 81")
        await until(pilot, lambda: "nat: 81 is not more than 81" in str(preview.render()))
        await pilot.press("enter")
        await until(pilot, lambda: len(session.sheet.rounds) == 1)
        await pilot.press(*"2 170")
        await until(pilot, lambda: "Refused: card points are 0 to 162" in str(preview.render()))
        await pilot.press("enter")
        message = app.query_one("#message", Static)
        await until(pilot, lambda: "Refused" in str(message.render()))
        assert len(session.sheet.rounds) == 1 and entry.value == ""
        table = app.query_one("#history", DataTable)
        table.focus()
        await pilot.press("enter")
        await until(pilot, lambda: entry.value == "edit 1 1 81")
        entry.value = "edit 1 1 100 contra"
        await pilot.press("enter")
        await until(pilot, lambda: session.sheet.totals == (200, 124))
        await pilot.press("ctrl+z")
        await until(pilot, lambda: session.sheet.totals == (0, 162))
        status = app.query_one("#status", Static)
        assert "Us 0 - Them 162" in str(status.render())


async def test_the_app_asks_out_players_whether_they_buy_back() -> None:
    set_language("en")
    sheet = GurkaSheet(GurkaRules(players=3, eliminate_at=20), ("Ann", "Bo", "Cy"))
    session = SheetSession(sheet)
    app = SheetApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        app.query_one("#entry", Input).value = "p 14 0 0"
        await pilot.press("enter")
        app.query_one("#entry", Input).value = "p 0 13 0"
        await pilot.press("enter")
        app.query_one("#entry", Input).value = "p 14 0 0"
        await pilot.press("enter")
        # Ann is out with 28 but only two would be left in: no offer (three must stay in).
        await until(pilot, lambda: len(sheet.rounds) == 3)
        assert sheet.alive == (1, 2) and sheet.rounds[-1].offered == ()

    four = GurkaSheet(GurkaRules(players=4, eliminate_at=20), ("Ann", "Bo", "Cy", "Di"))
    session = SheetSession(four)
    app = SheetApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        for line in ("p 14 0 0 0", "p 0 9 0 0", "p 14 0 0 0"):
            app.query_one("#entry", Input).value = line
            await pilot.press("enter")
        message = app.query_one("#message", Static)
        await until(pilot, lambda: "Ann is out: buy back in at 9" in str(message.render()))
        assert len(four.rounds) == 2  # nothing is entered before the answer
        await pilot.press("y", "enter")
        await until(pilot, lambda: len(four.rounds) == 3)
        assert four.rounds[-1].entry.buybacks == (0,) and four.scores[0] == 9


@pytest.mark.parametrize("written", ["roem=20/0", "roem=20/-", "roem=20/", "roem=20+0/"])
def test_a_team_without_roem_may_be_written_as_nothing_zero_or_dash(written: str) -> None:
    assert parse_kraken(f"1 90 {written}").roem == ((20,), ())
