"""The Textual table driven by key presses with the pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button, Input, Select, Switch

from cardtable import gurka, kraken
from cardtable.tui import text
from cardtable.tui.dialogs import ChoiceDialog, InputDialog, MessageDialog
from cardtable.tui.screens import ReplayScreen, RulesScreen, SettingsScreen, TableScreen
from cardtable.tui.session import Settings

from .helpers import SIZE, fast_app, play_until, press_legal_card, settle, table, until

pytestmark = pytest.mark.anyio


async def play_through(pilot, rounds_wanted: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Answer every dialog with 1 / Enter and play legal cards until the game ends."""
    app = pilot.app
    seen: list[str] = []
    for _ in range(2000):
        state = await settle(pilot)
        seen.append(state)
        if state == "card":
            await press_legal_card(pilot)
        elif state == "dialog":
            assert isinstance(app.screen, ChoiceDialog)
            await pilot.press("1")
        elif state == "summary":
            assert isinstance(app.screen, MessageDialog)
            await pilot.press("enter")
        elif state == "over":
            return seen
    raise AssertionError("the game did not end")


async def test_a_whole_kraken_round_by_key_presses() -> None:
    app = fast_app(Settings(seed=21, rules_by_game={"kraken": kraken.Rules(rounds=1)}))
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_through(pilot, 1)
        assert "card" in seen and "summary" in seen
        assert app.session.is_over and len(app.session.summaries) == 1
        message = str(app.screen.query_one("#dialog-message").render())
        assert "The game is over." in message
        await pilot.press("enter")  # New game
        await settle(pilot)
        assert not app.session.is_over


async def test_a_whole_gurka_game_by_key_presses() -> None:
    settings = Settings(
        game="gurka", rules_by_game={"gurka": gurka.Rules(players=3, eliminate_at=15)}, seed=8
    )
    app = fast_app(settings)
    async with app.run_test(size=SIZE) as pilot:
        await play_through(pilot, 0)
        assert app.session.is_over
        assert sum(app.session.game.chips) == 0


async def test_an_illegal_card_is_refused_with_a_message_and_changes_nothing() -> None:
    settings = Settings(seed=5, rules_by_game={"kraken": kraken.Rules(trump_choice="utrecht")})
    app = fast_app(settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)

        def illegal_cards() -> list[int]:
            hand = screen.query_one("HandView").cards  # type: ignore[attr-defined]
            return [i for i, (_card, ok) in enumerate(hand, 1) if not ok]

        # play on until you hold a card you may not play (with this seed: in the
        # first round)
        await play_until(pilot, lambda: bool(illegal_cards()))
        assert app.session.round_number == 1
        before = list(app.session.actions)
        number = illegal_cards()[0]
        await pilot.press(str(number))
        prompt = str(screen.query_one("#prompt").render())
        # the reason in the table's words and notation (10♣, not TC), with the legal cards
        assert prompt.startswith("Refused: You must "), prompt
        legal = app.session.legal_actions()
        assert prompt.endswith(
            "Legal now: " + ", ".join(text.card_text(card) for card in legal) + "."
        ), prompt
        assert screen.query_one("#prompt").has_class("error")
        await pilot.press("9")  # no ninth card at this point of the round
        assert "There is no choice 9." in str(screen.query_one("#prompt").render())
        await pilot.press("t")
        await pilot.press("x", "x", "enter")
        assert str(screen.query_one("#prompt").render()) == "Refused: “xx” is no card or action."
        assert app.session.actions == before
        # a typed legal card is played
        card = app.session.legal_actions()[0]
        await pilot.press("t", *card.lower(), "enter")
        assert app.session.actions[len(before)] == card


async def test_hint_and_undo() -> None:
    app = fast_app(Settings(seed=6, rules_by_game={"kraken": kraken.Rules(trump_choice="utrecht")}))
    async with app.run_test(size=SIZE) as pilot:
        while await settle(pilot) != "card":
            await pilot.press("1")
        screen = table(app)
        await pilot.press("u")
        assert "no card of yours" in str(screen.query_one("#prompt").render())
        await pilot.press("h")
        await until(pilot, lambda: str(screen.query_one("#prompt").render()).startswith("Hint: "))
        before = list(app.session.actions)
        await press_legal_card(pilot)
        await settle(pilot)
        await pilot.press("u")
        assert app.session.actions == before
        assert str(screen.query_one("#prompt").render()).startswith("You take back ")


async def test_decision_dialogs_offer_the_legal_actions_and_a_hint() -> None:
    app = fast_app(Settings(seed=3, rules_by_game={"kraken": kraken.Rules(roem="hand")}))
    async with app.run_test(size=SIZE) as pilot:
        assert await settle(pilot) == "dialog"
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        labels = [str(b.label) for b in dialog.query(Button)]
        assert len(labels) == len(app.session.legal_actions())
        await pilot.press("h")
        assert str(dialog.query_one("#dialog-help").render()).startswith("Hint: ")
        await pilot.press("9")  # no such option: nothing happens
        assert app.screen is dialog
        await pilot.press("1")
        assert app.session.actions


async def test_buy_back_dialog_in_gurka() -> None:
    settings = Settings(
        game="gurka", rules_by_game={"gurka": gurka.Rules(players=5, eliminate_at=10)}, seed=6
    )
    app = fast_app(settings)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(500):
            state = await settle(pilot)
            if state == "dialog":
                assert app.session.legal_actions() == ["buyback", "pass"]
                labels = [str(b.label) for b in app.screen.query(Button)]
                assert labels == ["1 Buy back in", "2 Pass"]
                await pilot.press("1")
                return
            if state == "card":
                await press_legal_card(pilot, highest=True)
            elif state == "summary":
                await pilot.press("enter")
            else:
                break
        raise AssertionError("you were never offered a buy-back")


async def test_save_and_load_dialogs(tmp_path: Path) -> None:
    app = fast_app(Settings(seed=4))
    path = tmp_path / "saved.json"
    async with app.run_test(size=SIZE) as pilot:
        while await settle(pilot) != "card":
            await pilot.press("1")
        actions = list(app.session.actions)
        await pilot.press("s")
        assert isinstance(app.screen, InputDialog)
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        prompt = table(app).query_one("#prompt")
        await until(pilot, lambda: "Saved to" in str(prompt.render()))
        assert path.exists()
        await pilot.press("l")
        # the load dialog proposes the file just saved
        assert app.screen.query_one(Input).value == str(path)
        missing = tmp_path / "missing.json"
        app.screen.query_one(Input).value = str(missing)
        await pilot.press("enter")
        await until(pilot, lambda: "Could not load" in str(prompt.render()))
        assert str(prompt.render()) == f"Could not load: There is no file {missing}."
        await pilot.press("l")
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.actions[: len(actions)] == actions
        await pilot.press("s")
        await pilot.press("escape")
        assert not isinstance(app.screen, InputDialog)


async def test_rules_screen_and_replay_viewer() -> None:
    app = fast_app(Settings(seed=4))
    async with app.run_test(size=SIZE) as pilot:
        while await settle(pilot) != "card":
            await pilot.press("1")
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        assert len(app.screen.query(".paragraph")) == 8
        await pilot.press("escape")
        await pilot.press("p")
        await pilot.press("enter")  # empty: this game
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        assert viewer.replay.position == 0
        await pilot.press("right", "right")
        assert viewer.replay.position == 2
        await pilot.press("end")
        assert viewer.replay.position == viewer.replay.length
        await pilot.press("home", "pagedown")
        await pilot.press("escape")
        assert app.screen is table(app)


async def test_the_replay_viewer_alone(tmp_path: Path) -> None:
    from cardtable.tui.session import Session

    session = Session(
        Settings(seed=2, level="easy", rules_by_game={"kraken": kraken.Rules(rounds=1)})
    )
    session.run_bots()
    app = fast_app(Settings(), replay=session.to_record())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("right")
        assert app.screen.replay.position == 1
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running)


async def test_settings_change_the_rules_actually_used() -> None:
    app = fast_app(Settings(seed=4))
    async with app.run_test(size=SIZE) as pilot:
        while await settle(pilot) != "card":
            await pilot.press("1")
        await pilot.press("o")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        # every rule field of both games has a control
        for name in kraken.Rules.__dataclass_fields__:
            assert screen.query_one(f"#kraken-{name}")
        for name in gurka.Rules.__dataclass_fields__:
            assert screen.query_one(f"#gurka-{name}")
        screen.query_one("#kraken-play", Select).value = "rotterdam"
        screen.query_one("#kraken-double_spades", Switch).value = True
        screen.query_one("#kraken-rounds", Input).value = "2"
        screen.query_one("#kraken-deal", Input).value = "4 4"
        screen.query_one("#kraken-rounds", Input).value = "x"
        screen.query_one("#apply", Button).press()
        error = screen.query_one("#settings-error")
        await until(pilot, lambda: "Refused" in str(error.render()))
        screen.query_one("#kraken-rounds", Input).value = "2"
        screen.query_one("#apply", Button).press()
        # new rules start a new game: the table asks first
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        assert "new game" in str(app.screen.query_one("#dialog-message").render())
        await pilot.press("enter")  # Start a new game
        # the new game is dealt once the settings are closed: wait for that, not for
        # whatever the old table was waiting for
        await until(pilot, lambda: isinstance(app.screen, (TableScreen, ChoiceDialog)))
        await settle(pilot)
        rules = app.session.game.rules
        assert isinstance(rules, kraken.Rules)
        assert (rules.play, rules.double_spades, rules.rounds, rules.deal) == (
            "rotterdam",
            True,
            2,
            (4, 4),
        )
        # switch to Gurka with five players
        while await settle(pilot) != "card":
            await pilot.press("1")
        await pilot.press("o")
        screen = app.screen
        screen.query_one("#set-game", Select).value = "gurka"
        screen.query_one("#gurka-players", Input).value = "5"
        screen.query_one("#gurka-must_head", Switch).value = True
        screen.query_one("#set-language", Select).value = "fr"
        screen.query_one("#apply", Button).press()
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, (SettingsScreen, MessageDialog)))
        await settle(pilot)
        assert app.session.kind == "gurka" and app.session.players == 5
        assert app.session.game.rules.must_head
        assert "Joueur 1 (vous)" in str(table(app).query_one("#seat-0").render())
