"""What the arena needs of a game, all from the game's
:class:`~cardtable.game.GameKind`: a play is one deal (``kind.deal``: Kraken's
matches play deal by deal) or a whole game, its rounds are ``kind.current_round``,
and each seat's score is ``kind.final_scores``.

>>> arena_game("gurka").unit, arena_game("kraken").seed_stride
('chips', 4)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.game import GameKind, GameState, kind

__all__ = ["ArenaGame", "arena_game", "make_rules"]


@dataclass(frozen=True)
class ArenaGame:
    """How the arena plays and scores one game, all from its kind."""

    kind: GameKind
    new_play: Callable[[Any, int], GameState]
    """The state of one play from the rules and the deal's seed (:meth:`GameKind.deal`)."""
    current_round: Callable[[Any], Any]
    """The round being played of a play's state."""
    scores: Callable[[Any], list[float]]
    """Each seat's score at the end of a play (:meth:`GameKind.final_scores`)."""
    seed_stride: int
    """The bot in seat ``s`` of a play seeded ``d`` is seeded ``d * seed_stride + s``:
    the most seats the game can have."""
    unit: str
    """What a score counts, in the result tables."""


def _most_seats(game: GameKind) -> int:
    for field in game.rules_schema()["fields"]:
        if field["name"] == "players" and field.get("max"):
            return int(field["max"])
    return game.seats(game.rules())


def arena_game(game: str) -> ArenaGame:
    """How the arena plays ``game`` (``ValueError`` lists the games for an unknown one)."""
    found = kind(game)
    return ArenaGame(
        found,
        new_play=found.deal,
        current_round=found.current_round if found.new_deal is None else _itself,
        scores=found.final_scores,
        seed_stride=_most_seats(found),
        unit=found.score_unit,
    )


def _itself(state: Any) -> Any:
    return state


def make_rules(game: str, fields: dict[str, Any]) -> Any:
    """The game's rules from a preset (key ``"preset"``) and variant fields;
    ``ValueError`` names a bad preset or field and what is allowed."""
    fields = dict(fields)
    preset = fields.pop("preset", None)
    return kind(game).rules(preset, fields)
