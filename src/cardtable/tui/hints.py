"""Hints with a reason, from the strongest bot within a second.

Kraken asks the expert (:class:`~cardtable.bots.kraken_expert.KrakenExpert`, the
strongest Kraken bot of docs/bots.md) for its estimate of every legal action: a card
comes with the round score the bot expects for your team over the deals it sampled;
a bidding decision (trump, challenge, roem) with what the bot's learned evaluation
expects for your team. Gurka asks ISMCTS and says in how many of its simulations the
choice was tried.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from cardtable.bots import Bot, decide_once
from cardtable.bots.adapters import adapter_for
from cardtable.bots.kraken_expert import KrakenExpert
from cardtable.bots.search import search
from cardtable.tui.i18n import _

__all__ = ["HINT_MILLISECONDS", "Hint", "advise"]

HINT_MILLISECONDS: Final = 900
"""The hint bot's budget of CPU time per hint (within the second a hint may take)."""


@dataclass(frozen=True)
class Hint:
    """The action to take and why (None when the bot gives no reason)."""

    action: str
    reason: str | None = None


def advise(
    kind: str,
    observation: Any,
    players: int,
    rules: Any,
    seed: int,
    bot: Bot | None = None,
    milliseconds: float = HINT_MILLISECONDS,
) -> Hint:
    """The hint for ``observation``: from ``bot`` when one is given (no reason), else
    from the strongest bot of the game within ``milliseconds``."""
    legal: list[str] = list(observation.legal_actions)
    if len(legal) == 1:
        return Hint(legal[0], _("It is the only legal choice."))
    if bot is not None:
        action = decide_once(bot, kind, observation, players, rules)
        return Hint(action if action in legal else legal[0])
    if kind == "kraken":
        return _kraken(observation, seed, milliseconds)
    return _searched(observation, seed, milliseconds)


def _kraken(observation: Any, seed: int, milliseconds: float) -> Hint:
    bot = KrakenExpert(milliseconds=milliseconds, seed=seed)
    estimates = bot.estimates(observation)
    action = bot.pick(observation, estimates)
    chosen = estimates[action]
    if chosen.worlds == 0:  # the learned bidding evaluation, not sampled deals
        return Hint(
            action,
            _(
                "The bot's learned evaluation expects {points:+d} points for your team this round."
            ).format(points=round(chosen.mean)),
        )
    return Hint(
        action,
        _("The bot expects {points:+d} points for your team this round ({worlds} deals).").format(
            points=round(chosen.mean), worlds=chosen.worlds
        ),
    )


def _searched(observation: Any, seed: int, milliseconds: float) -> Hint:
    legal = list(observation.legal_actions)
    action, root = search(
        adapter_for(observation), observation.seat, legal, random.Random(seed), None, milliseconds
    )
    total = sum(child.visits for child in root.children.values())
    child = root.children.get(action)
    visits = child.visits if child is not None else 0
    return Hint(
        action,
        _("The bot chose it in {visits} of {total} simulated games.").format(
            visits=visits, total=total
        ),
    )
