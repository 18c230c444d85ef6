"""Bots for both games, created by name: ``make_bot("ismcts", iterations=2000, seed=1)``.

>>> sorted(list_bots())
['heuristic', 'ismcts', 'pimc', 'random']
>>> make_bot("random", seed=1).name
'random'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.bots.base import BaseBot, Bot
from cardtable.bots.heuristic import HeuristicBot
from cardtable.bots.ismcts import IsmctsBot
from cardtable.bots.pimc import PimcBot
from cardtable.bots.random_bot import RandomBot

__all__ = [
    "BaseBot",
    "Bot",
    "HeuristicBot",
    "IsmctsBot",
    "PimcBot",
    "RandomBot",
    "list_bots",
    "make_bot",
]

_REGISTRY: dict[str, tuple[Callable[..., Bot], str]] = {
    "random": (RandomBot, "uniform among the legal actions (options: seed)"),
    "heuristic": (
        HeuristicBot,
        "plays like a sound club player: hand evaluation, drawing trumps, smearing (seed)",
    ),
    "ismcts": (
        IsmctsBot,
        "information-set MCTS over inferred hidden hands "
        "(iterations or milliseconds per decision, seed, exploration)",
    ),
    "pimc": (
        PimcBot,
        "Kraken only: perfect-information Monte Carlo, double-dummy solving of sampled "
        "hands, averaging the round score (worlds or milliseconds per decision, seed)",
    ),
}


def list_bots() -> dict[str, str]:
    """Every bot's name with a one-line description."""
    return {name: description for name, (_, description) in _REGISTRY.items()}


def make_bot(name: str, **options: Any) -> Bot:
    """Create the bot called ``name`` with its options; unknown names or options raise
    ``ValueError`` saying what is allowed."""
    try:
        factory, _ = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(_REGISTRY)}") from None
    try:
        return factory(**options)
    except TypeError as error:
        raise ValueError(f"bad options for bot {name!r}: {error}") from None
