"""Shared helpers: fast sessions (random or heuristic bots, no pace) and English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtable.bots import make_bot
from cardtable.tui.i18n import set_language


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
