"""SVG snapshots of the main screens, compared with ``tests/tui/snapshots/``.

Regenerate after an intended change of the screens with
``CARDTABLE_UPDATE_SNAPSHOTS=1 .venv/bin/pytest tests/tui/test_snapshots.py`` and
review the diff; the README's PNG screenshots are made from these files (docs/tui.md).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cardtable import gurka, kraken
from cardtable.tui.app import CardTableApp
from cardtable.tui.i18n import set_language
from cardtable.tui.session import Settings

from .helpers import fast_app, press_legal_card, settle

pytestmark = pytest.mark.anyio

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (110, 34)


def check(name: str, app: CardTableApp) -> None:
    """Compare the app's screen with the stored snapshot ``name``."""
    svg = app.export_screenshot(title=f"cardtable · {name}")
    path = SNAPSHOTS / f"{name}.svg"
    if os.environ.get("CARDTABLE_UPDATE_SNAPSHOTS"):
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        return
    assert path.exists(), f"no snapshot {path}: run with CARDTABLE_UPDATE_SNAPSHOTS=1"
    expected = path.read_text(encoding="utf-8")
    if svg != expected:
        text = " ".join(re.findall(r">([^<>]+)</text>", svg))
        raise AssertionError(f"{name} differs from its snapshot; the screen now reads: {text}")


async def to_card(pilot, tricks: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Answer dialogs with 1 until a card of yours is due (after ``tricks`` tricks)."""
    app = pilot.app
    while True:
        state = await settle(pilot)
        observation = app.session.observation()
        if state == "card" and len(observation.tricks) >= tricks and observation.trick:
            return
        if state == "card":
            await press_legal_card(pilot)
        else:
            await pilot.press("1" if state == "dialog" else "enter")


async def test_kraken_table() -> None:
    app = fast_app(Settings(seed=12))
    async with app.run_test(size=SIZE) as pilot:
        await to_card(pilot, tricks=2)
        check("kraken-table", app)


async def test_kraken_table_in_dutch() -> None:
    set_language("nl")
    app = fast_app(Settings(seed=12))
    async with app.run_test(size=SIZE) as pilot:
        await to_card(pilot, tricks=2)
        check("kraken-table-nl", app)


async def test_gurka_table() -> None:
    settings = Settings(game="gurka", rules_by_game={"gurka": gurka.Rules(players=5)}, seed=12)
    app = fast_app(settings)
    async with app.run_test(size=SIZE) as pilot:
        await to_card(pilot, tricks=1)
        check("gurka-table", app)


async def test_trump_dialog() -> None:
    """The Dutch trump dialog: four suits and Passen, none of them clipped."""
    set_language("nl")
    app = fast_app(Settings(seed=3, seat=0))
    async with app.run_test(size=SIZE) as pilot:
        assert await settle(pilot) == "dialog" and app.session.phase == "trump"
        labels = [str(button.label) for button in app.screen.query("Button")]
        assert labels[-1] == "5 Passen"
        assert all(button.region.right <= app.size.width for button in app.screen.query("Button"))
        check("trump-dialog", app)


async def test_round_summary() -> None:
    app = fast_app(Settings(seed=12, rules_by_game={"kraken": kraken.Rules(rounds=2)}))
    async with app.run_test(size=SIZE) as pilot:
        while (state := await settle(pilot)) != "summary":
            if state == "card":
                await press_legal_card(pilot)
            else:
                await pilot.press("1")
        check("round-summary", app)


async def test_rules_in_arabic() -> None:
    set_language("ar")
    app = fast_app(Settings(seed=12))
    async with app.run_test(size=SIZE) as pilot:
        await to_card(pilot)
        await pilot.press("r")
        await pilot.pause()
        check("rules-ar", app)


async def test_settings_screen() -> None:
    app = fast_app(Settings(seed=12))
    async with app.run_test(size=SIZE) as pilot:
        await to_card(pilot)
        await pilot.press("o")
        await pilot.pause()
        check("settings", app)
