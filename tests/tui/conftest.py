"""Shared helpers: fast sessions (random or heuristic bots, no pace) and English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtable.bots import make_bot
from cardtable.tui.i18n import set_language


@pytest.fixture(autouse=True)
def the_package_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's tests see the games this package ships, whatever else the test
    run registers (the conformance suite's toy game): the settings screen, the game
    list and the snapshots show every registered game."""
    from cardtable import game

    shipped = {
        name: kind
        for name, kind in game._registry().items()
        if kind.rules_type.__module__.startswith("cardtable.")
    }
    monkeypatch.setattr(game, "_registry", lambda: shipped)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts (and ends) in English."""
    set_language("en")
    yield
    set_language("en")


def random_bots(seat: int) -> object:
    """A random bot for ``seat`` (fast and reproducible)."""
    return make_bot("random", seed=seat)


def hint_bot() -> object:
    """A cheap hint bot for tests."""
    return make_bot("heuristic", seed=0)


@pytest.fixture
def anyio_backend() -> str:
    """The pilot tests run on asyncio (through the anyio pytest plugin)."""
    return "asyncio"
