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

__all__ = [
    "CHEAP_LEVELS",
    "FALLBACK_LEVEL",
    "LEVELS",
    "TAKEOVER_LEVEL",
    "bot_seed",
    "decide",
    "last_resort",
    "level_spec",
    "time_limit",
]

LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "random": ("random", {}),
    "heuristic": ("heuristic", {}),
    "ismcts": ("ismcts", {"iterations": 300, "milliseconds": 1000}),
    "ismcts-strong": ("ismcts", {"iterations": 2000, "milliseconds": 3000}),
}
"""Bot levels a seat can be given: the registered bot and its options. A search's
budget is its iterations or its ``milliseconds`` of CPU time, whichever ends first
(the iterations, ~0.05 s and ~0.3 s on one core, bind in practice, so a decision
depends only on the observation and the seed)."""

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


def decide(game: str, level: str, observation: dict[str, Any], seed: int) -> str:
    """The action the bot of ``level`` takes in ``observation`` (runs in a worker)."""
    from cardtable.bots import make_bot

    name, options = level_spec(level)
    bot = make_bot(name, seed=seed, **options)
    obs = _observation_from_dict(game, observation)
    if len(obs.legal_actions) == 1:
        return str(obs.legal_actions[0])
    bot.start_round(obs)
    action = bot.act(obs)
    if action not in obs.legal_actions:  # a bot bug must not stall a table
        return str(obs.legal_actions[0])
    return action


def _observation_from_dict(game: str, data: dict[str, Any]) -> Any:
    """The engine's ``Observation`` back from its ``to_dict()`` data."""
    if game == "kraken":
        from cardtable.kraken import Observation as KrakenObservation

        return KrakenObservation.from_dict(data)
    if game == "gurka":
        from cardtable.gurka import Observation as GurkaObservation

        return GurkaObservation.from_dict(data)
    raise ValueError(f"unknown game {game!r}")


def last_resort(observation: dict[str, Any], seed: int) -> str:
    """A seeded random legal action, when even the cheap lane failed to answer."""
    return str(random.Random(seed).choice(list(observation["legal_actions"])))
