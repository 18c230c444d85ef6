"""Bots, created by name: ``make_bot("ismcts", game="kraken", iterations=2000, seed=1)``.

Each bot declares the games it plays (``games``, None for every registered game);
``make_bot`` with ``game=`` refuses a bot that does not play it, at creation. Other
packages (and extras, such as ``cardtable[rl]``'s ``policy`` bot) add bots through the
entry-point group ``cardtable.bots``: a name and a bot class.

>>> sorted(list_bots())
['expert', 'heuristic', 'ismcts', 'pimc', 'policy', 'random']
>>> make_bot("random", seed=1).name
'random'
>>> sorted(list_bots(game="gurka"))
['expert', 'heuristic', 'ismcts', 'policy', 'random']
>>> make_bot("pimc", game="gurka")
Traceback (most recent call last):
...
ValueError: pimc plays kraken only, not gurka
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from cardtable.bots.base import BaseBot, Bot, BotDriver, decide_once
from cardtable.bots.expert import ExpertBot
from cardtable.bots.heuristic import HeuristicBot
from cardtable.bots.ismcts import IsmctsBot
from cardtable.bots.pimc import PimcBot
from cardtable.bots.random_bot import RandomBot
from cardtable.game import kind

__all__ = [
    "ENTRY_POINT_GROUP",
    "BaseBot",
    "Bot",
    "BotDriver",
    "ExpertBot",
    "HeuristicBot",
    "IsmctsBot",
    "PimcBot",
    "RandomBot",
    "bot_games",
    "decide_once",
    "list_bots",
    "make_bot",
    "plays",
]

_REGISTRY: dict[str, tuple[Callable[..., Bot], str]] = {
    "expert": (
        ExpertBot,
        "the strongest bot of each game: Kraken PIMC with learned bidding and inference "
        "from play; Gurka search (milliseconds, worlds or iterations, seed)",
    ),
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
        "perfect-information Monte Carlo, double-dummy solving of sampled "
        "hands, averaging the round score (worlds or milliseconds per decision, seed)",
    ),
}


ENTRY_POINT_GROUP = "cardtable.bots"
"""The entry-point group under which packages register more bots (name: bot class)."""


@functools.cache
def _plugins() -> dict[str, tuple[Callable[..., Bot], str]]:
    """The bots of the ``cardtable.bots`` entry points whose code can be imported (a
    bot whose extra is not installed is left out)."""
    found: dict[str, tuple[Callable[..., Bot], str]] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name in _REGISTRY:
            raise ValueError(
                f"entry point {point.name!r} of {ENTRY_POINT_GROUP!r} takes a built-in bot's name"
            )
        try:
            factory = point.load()
        except ImportError:
            continue
        doc = (factory.__doc__ or point.name).strip().splitlines()[0]
        found[point.name] = (factory, doc)
    return found


def _all() -> dict[str, tuple[Callable[..., Bot], str]]:
    return {**_REGISTRY, **_plugins()}


def bot_games(name: str) -> frozenset[str] | None:
    """The games bot ``name`` plays (None: every registered game)."""
    factory, _ = _factory(name)
    games: frozenset[str] | None = getattr(factory, "games", None)
    return games


def plays(name: str, game: str) -> bool:
    """Whether bot ``name`` plays ``game`` (a registered game)."""
    factory, _ = _factory(name)
    check = getattr(factory, "plays", None)
    if check is not None:
        return bool(check(game))
    games = bot_games(name)
    return games is None or game in games


def list_bots(game: str | None = None) -> dict[str, str]:
    """Every bot's name with a one-line description; with ``game``, only the bots
    that play it."""
    return {
        name: description
        for name, (_, description) in _all().items()
        if game is None or plays(name, game)
    }


def _factory(name: str) -> tuple[Callable[..., Bot], str]:
    found = _all()
    try:
        return found[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(found)}") from None


def make_bot(name: str, game: str | None = None, **options: Any) -> Bot:
    """Create the bot called ``name`` with its options; unknown names or options raise
    ``ValueError`` saying what is allowed. With ``game`` (a registered name), a bot
    that does not play that game is refused here rather than at its first decision."""
    factory, _ = _factory(name)
    if game is not None:
        kind(game)  # an unknown game names the known ones
        if not plays(name, game):
            games = bot_games(name)
            which = " and ".join(sorted(games)) if games else "other games"
            raise ValueError(f"{name} plays {which} only, not {game}")
    try:
        return factory(**options)
    except TypeError as error:
        raise ValueError(f"bad options for bot {name!r}: {error}") from None
