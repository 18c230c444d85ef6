"""Driving the Textual app in tests: a fast app and waiting without sleeping."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from cardtable.bots import make_bot
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens import TableScreen
from cardtable.tui.session import Settings

from .conftest import random_bots

SIZE = (120, 36)


def fast_app(settings: Settings, **options: Any) -> CardTableApp:
    """An app with random bots, a cheap hint bot, no pace and no threads."""
    return CardTableApp(
        settings.replace(pace=0),
        threaded_bots=False,
        analysis=False,
        bot_factory=random_bots,  # type: ignore[arg-type]
        hint_bot=make_bot("heuristic", seed=0),
        **options,
    )


def table(app: CardTableApp) -> TableScreen:
    """The table screen (under any dialogs)."""
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


async def settle(pilot: Pilot[None], until: tuple[str, ...] = ()) -> str:
    """Let the app run until the table waits for you (in one of ``until`` if given)."""
    screen = table(pilot.app)  # type: ignore[arg-type]
    for _ in range(200):
        await pilot.pause()
        if screen.waiting is not None and (not until or screen.waiting in until):
            return screen.waiting
    raise AssertionError(f"the table never waited for {until or 'anything'}")


async def until(pilot: Pilot[None], condition: Callable[[], bool]) -> None:
    """Let the app process its messages until ``condition()`` holds."""
    for _ in range(200):
        await pilot.pause()
        if condition():
            return
    raise AssertionError("the app never reached the expected state")


async def press_legal_card(pilot: Pilot[None], highest: bool = False) -> None:
    """Play the first (or last) legal card of the hand by its number key."""
    app: CardTableApp = pilot.app  # type: ignore[assignment]
    hand = table(app).query_one("HandView")
    legal = app.session.legal_actions()
    numbered = list(enumerate(hand.cards, 1))  # type: ignore[attr-defined]
    for number, (card, _ok) in reversed(numbered) if highest else numbered:
        if str(card) in legal:
            await pilot.press(str(number))
            return
    raise AssertionError("no legal card in the hand")


async def play_until(pilot: Pilot[None], condition: Callable[[], bool]) -> None:
    """Play on (pass when a dialog allows it, otherwise its first choice; Enter on a
    summary; the first legal card) until the table waits for your card and
    ``condition()`` holds."""
    app: CardTableApp = pilot.app  # type: ignore[assignment]
    while await settle(pilot) != "card" or not condition():
        waiting = table(app).waiting
        if waiting == "dialog":
            await pilot.press("2" if "pass" in app.session.legal_actions() else "1")
        elif waiting == "summary":
            await pilot.press("enter")
        else:
            await press_legal_card(pilot)
