"""What the arena needs of a game beyond its :class:`~cardtable.game.GameKind`
(a play is ``kind.deal``, scored by ``kind.final_scores`` in ``kind.score_unit``):
the rounds of a play, the seeds of its bots, and rules from a match's fields.

>>> from cardtable.game import kind
>>> seed_stride(kind("kraken"))
4
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.game import GameKind, kind

__all__ = ["make_rules", "play_round", "seed_stride"]


def play_round(game: GameKind) -> Callable[[Any], Any]:
    """The round being played of a play's state: a play of one deal (Kraken's
    matches play deal by deal) is its own round."""
    return game.current_round if game.new_deal is None else _itself


def _itself(state: Any) -> Any:
    return state


def seed_stride(game: GameKind) -> int:
    """The bot in seat ``s`` of a play seeded ``d`` is seeded ``d * seed_stride + s``:
    the most seats the game can have."""
    for field in game.rules_schema()["fields"]:
        if field["name"] == "players" and field.get("max"):
            return int(field["max"])
    return game.seats(game.rules())


def make_rules(game: str, fields: dict[str, Any]) -> Any:
    """The game's rules from a preset (key ``"preset"``) and variant fields;
    ``ValueError`` names a bad preset or field and what is allowed."""
    fields = dict(fields)
    preset = fields.pop("preset", None)
    return kind(game).rules(preset, fields)
