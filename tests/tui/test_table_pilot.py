"""The table as a card player meets it, driven by key presses at 120x40, 80x24 and
60x20, in English, Dutch and Arabic: what is shown (the trick, whose turn, the
winning card, the last trick, the score sheet, every hand in the replay), what is
asked (quit, new rules) and what is refused (in the table's words)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from textual.widgets import Button, RichLog, Switch

from cardtable import gurka, kraken
from cardtable.cards import Card
from cardtable.tui import text
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs import ChoiceDialog, InputDialog, MessageDialog
from cardtable.tui.i18n import set_language
from cardtable.tui.notation import typed_card
from cardtable.tui.screens import ReplayScreen, RulesScreen, SettingsScreen
from cardtable.tui.session import Session, Settings
from cardtable.tui.widgets import CardView, card_colour

from .conftest import random_bots
from .helpers import fast_app, play_until, press_legal_card, settle, table, until
from .test_session import play_to_end

pytestmark = pytest.mark.anyio


def screen_text(app: CardTableApp) -> str:
    """Every character on screen (from the SVG export), for what a player sees."""
    svg = app.export_screenshot()
    return html.unescape(" ".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ")


def illegal_cards(app: CardTableApp) -> list[int]:
    hand = table(app).query_one("HandView").cards  # type: ignore[attr-defined]
    return [number for number, (_card, ok) in enumerate(hand, 1) if not ok]


async def test_the_kraken_table_at_120x40_80x24_and_60x20(tmp_path: Path) -> None:
    autosave = tmp_path / "state" / "autosave.json"
    settings = Settings(seed=5, rules_by_game={"kraken": kraken.Rules(trump_choice="utrecht")})
    app = fast_app(settings, autosave=autosave)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = table(app)
        await play_until(pilot, lambda: bool(app.session.observation().trick))
        session = app.session
        plays = list(session.observation().trick)
        # whose turn it is, who led and which card wins the trick so far
        assert screen.query_one(f"#seat-{session.human}").has_class("to-move")
        winner = session.presenter.winning(session.game, plays)
        assert winner is not None
        assert screen.query_one(f"#seat-{winner}").has_class("winning")
        assert "★" in str(screen.query_one(f"#seat-{winner}").render())
        assert "leads" in str(screen.query_one(f"#seat-{plays[0][0]}").render())
        for size in ((120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            shown = screen_text(app)
            # every card of the trick is on screen, and the log shows its newest line
            for _seat, card in plays:
                assert text.card_text(card) in shown, (size, card)
            log = screen.query_one("#log", RichLog)
            assert log.scroll_y == log.max_scroll_y
            assert log.lines[-1].text.strip() in text.describe_event(session, session.events[-1])
            assert not screen.query_one("#notice").display
        # too small: said so, and the hand still fits
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        notice = screen.query_one("#notice")
        assert notice.display and "too small" in str(notice.render())
        assert all(card.region.right <= 60 for card in screen.query(CardView))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        # the last trick and the score sheet, at any time
        await pilot.press("v")
        assert isinstance(app.screen, MessageDialog)
        assert "Last trick" in screen_text(app)
        await pilot.press("enter")
        await pilot.press("k")
        assert isinstance(app.screen, MessageDialog) and "Score sheet" in screen_text(app)
        await pilot.press("enter")
        # undo keeps the log: it is rebuilt from the record
        await press_legal_card(pilot)
        await settle(pilot)
        await pilot.press("u")
        assert len(log.lines) >= len(session.events) > 0
        assert str(screen.query_one("#prompt").render()).startswith("You take back ")
        # quit asks, then saves for --resume
        await pilot.press("q")
        assert isinstance(app.screen, MessageDialog) and "Quit?" in screen_text(app)
        await pilot.press("enter")  # Save and quit
        await until(pilot, lambda: not app.is_running)
    assert Session.load(autosave).actions == session.actions


async def test_the_dutch_table_asks_and_refuses_in_dutch() -> None:
    set_language("nl")
    app = fast_app(Settings(seed=3, seat=0))  # North chooses trump first
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot) == "dialog"
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        # every button shows whole, the last one too ("5 Passen")
        buttons = list(dialog.query(Button))
        assert str(buttons[-1].label) == "5 Passen"
        assert all(b.region.right <= 80 and b.region.bottom <= 24 for b in buttons)
        # the dialog does not block the table: save and the rules open over it
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, InputDialog))
        await pilot.press("escape")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is dialog)
        await pilot.press("5")  # Passen
        await settle(pilot)
        log = table(app).query_one("#log", RichLog)
        assert any("Noord (jij) past voor troef." in line.text for line in log.lines)
        # a refused card: in Dutch, with the table's card letters
        await play_until(pilot, lambda: bool(illegal_cards(app)))
        await pilot.press(str(illegal_cards(app)[0]))
        prompt = str(table(app).query_one("#prompt").render())
        legal = app.session.legal_actions()
        assert prompt.startswith("Geweigerd: Je "), prompt
        assert prompt.endswith(f"Nu toegestaan: {', '.join(map(text.card_text, legal))}.")
        # a card typed the Dutch way is played
        before = len(app.session.actions)
        await pilot.press("t", *typed_card(legal[0]), "enter")
        assert app.session.actions[before] == legal[0]
        # settings that keep the rules apply at once: the same game goes on
        await settle(pilot)
        actions = list(app.session.actions)
        await pilot.press("o")
        settings_screen = app.screen
        assert isinstance(settings_screen, SettingsScreen)
        settings_screen.query_one("#set-four_colour", Switch).value = True
        await pilot.press("enter")  # Apply has the focus
        await until(pilot, lambda: not isinstance(app.screen, SettingsScreen))
        await settle(pilot)
        assert app.session.actions[: len(actions)] == actions
        assert app.session.settings.four_colour and app.session.seed == 3
        cards = table(app).query(CardView)
        diamonds = [c for c in cards if c.card.endswith("D")]
        for view in diamonds:
            legal_now = view.has_class("legal")
            assert view.styles.color.hex.lower() == card_colour(
                Card.parse(view.card), legal_now, True
            )


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_arabic_gurka_table(size: tuple[int, int]) -> None:
    set_language("ar")
    settings = Settings(game="gurka", rules_by_game={"gurka": gurka.Rules(players=5)}, seed=4)
    app = fast_app(settings)
    async with app.run_test(size=size) as pilot:
        while await settle(pilot) != "card":
            await pilot.press("1")
        screen = table(app)
        assert not screen.query_one("#notice").display
        for seat in range(5):
            view = screen.query_one(f"#seat-{seat}")
            assert view.region.right <= size[0] and view.region.bottom <= size[1]
        assert "اللاعب 1" in str(screen.query_one("#seat-0").render())
        await pilot.press("k")
        assert "ورقة النتائج" in screen_text(app)


async def test_the_replay_of_a_game_of_bots_shows_every_hand() -> None:
    session = Session(
        Settings(seed=2, level="easy", rules_by_game={"kraken": kraken.Rules(rounds=1)}),
        bot_factory=random_bots,
    )
    play_to_end(session)
    record = session.to_record()
    del record["table"]  # a record of bots: nobody is "you"
    app = fast_app(Settings(), replay=record)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        viewer = app.screen
        for seat in range(4):
            shown = str(viewer.query_one(f"#seat-{seat}").render())
            assert sum(shown.count(symbol) for symbol in "♣♦♥♠") == 8, shown
            assert "(you)" not in shown and "(partner)" not in shown
        await pilot.press("end")
        prompt = str(viewer.query_one("#prompt").render())
        assert "North–South" in prompt or "East–West" in prompt
        assert "We " not in prompt and "They " not in prompt
