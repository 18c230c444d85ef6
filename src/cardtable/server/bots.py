"""Bots on the server: the levels a seat can be given with their time budgets, the
stable seeds, and the decision function the pool's workers run.

A decision is computed from the seat's observation only (the same
``Observation.to_dict()`` a human client receives, rebuilt with the game's
``Observation.from_dict``), so a bot on
the server knows exactly what a human in its seat would know. Where decisions run,
and how fairly, is :mod:`cardtable.server.botpool`'s job.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from cardtable.game import kind

__all__ = [
    "CHEAP_LEVELS",
    "FALLBACK_LEVEL",
    "LEVELS",
    "TAKEOVER_LEVEL",
    "bot_seed",
    "check_level",
    "decide",
    "last_resort",
    "level_for",
    "level_spec",
    "levels_for",
    "time_limit",
]

LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "random": ("random", {}),
    "heuristic": ("heuristic", {}),
    "ismcts": ("ismcts", {"iterations": 300, "milliseconds": 1000}),
    "ismcts-strong": ("ismcts", {"iterations": 2000, "milliseconds": 3000}),
    "expert": ("expert", {"milliseconds": 700}),
}
"""Bot levels a seat can be given: the registered bot and its options. A search's
budget is its iterations or its ``milliseconds`` of CPU time, whichever ends first
(for ``ismcts`` the iterations, ~0.05 s and ~0.3 s on one core, bind in practice, so a
decision depends only on the observation and the seed). ``expert``, the strongest bot
(labelled "Strong" at the table), thinks up to 0.7 s of CPU time per decision, so it
answers within a second (docs/bots.md)."""

TAKEOVER_LEVEL = "heuristic"
"""The level that plays for a human who dropped or ran out of time."""

CHEAP_LEVELS = frozenset({"random", "heuristic"})
"""Levels that decide in milliseconds: they run in the cheap lane."""

FALLBACK_LEVEL = "heuristic"
"""The level whose decision is played when a search overruns its time limit."""

CHEAP_LIMIT = 10.0
"""Wall-clock seconds a cheap decision may take before it is given up."""


def level_spec(level: str) -> tuple[str, dict[str, Any]]:
    """The bot name and options of ``level``; ``ValueError`` names the allowed levels."""
    try:
        return LEVELS[level]
    except KeyError:
        raise ValueError(
            f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}"
        ) from None


def levels_for(game: str) -> list[str]:
    """The levels whose bot plays ``game``, in :data:`LEVELS` order."""
    return [level for level in LEVELS if _plays(LEVELS[level][0], game)]


def check_level(level: str, game: str) -> None:
    """``ValueError`` unless ``level`` exists and its bot plays ``game``: a seat is
    refused at the table's creation, not at its first decision."""
    name, _options = level_spec(level)
    if not _plays(name, game):
        allowed = ", ".join(levels_for(game)) or "none"
        raise ValueError(
            f"bot level {level!r} does not play {kind(game).title}: choose one of {allowed}"
        )


def level_for(preferred: str, game: str) -> str:
    """``preferred`` if its bot plays ``game``, else the first level that does (the
    takeover, fallback and default levels on a game the heuristic does not play)."""
    if _plays(level_spec(preferred)[0], game):
        return preferred
    return next(iter(levels_for(game)), "random")


def _plays(bot: str, game: str) -> bool:
    """Whether the bot called ``bot`` plays ``game`` (as the bot declares it)."""
    from cardtable.bots import plays

    return plays(bot, game)


def time_limit(level: str) -> float:
    """The wall-clock seconds the pool waits for a decision of ``level`` once started,
    before it plays the fallback: the CPU budget plus as much again (at least two
    seconds) for a busy machine, where the low-priority search gets less than a core.

    >>> time_limit("ismcts-strong"), time_limit("heuristic")
    (6.0, 10.0)
    """
    milliseconds = level_spec(level)[1].get("milliseconds")
    if milliseconds is None:
        return CHEAP_LIMIT
    budget = float(milliseconds) / 1000
    return budget + max(2.0, budget)


def bot_seed(game_id: str, version: int) -> int:
    """The seed of the bot deciding at ``version`` of game ``game_id``: a 32-bit
    BLAKE2b hash, the same in every process and on every run (unlike ``hash()``,
    which is salted per process), so a replayed decision is the same decision.

    >>> bot_seed("g7Kq2ZpX", 12)
    1509016962
    >>> bot_seed("g7Kq2ZpX", 12) == bot_seed("g7Kq2ZpX", 12) != bot_seed("g7Kq2ZpX", 13)
    True
    """
    data = f"{game_id}\x00{version}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=4).digest(), "big")


def decide(
    game: str,
    level: str,
    observation: dict[str, Any],
    seed: int,
    rules: dict[str, Any] | None = None,
) -> str:
    """The action the bot of ``level`` takes in ``observation`` at a table with
    ``rules`` (runs in a worker): one decision through the bots' lifecycle
    (:func:`~cardtable.bots.decide_once`)."""
    from cardtable.bots import decide_once, make_bot

    name, options = level_spec(level)
    bot = make_bot(name, game=game, seed=seed, **options)
    played = kind(game)
    obs = played.observation_from_dict(observation)
    if len(obs.legal_actions) == 1:
        return str(obs.legal_actions[0])
    table_rules = played.rules(None, rules or {})
    action = decide_once(bot, game, obs, played.seats(table_rules), table_rules)
    if action not in obs.legal_actions:  # a bot bug must not stall a table
        return str(obs.legal_actions[0])
    return action


def last_resort(observation: dict[str, Any], seed: int) -> str:
    """A seeded random legal action, when even the cheap lane failed to answer."""
    return str(random.Random(seed).choice(list(observation["legal_actions"])))
