"""What the arena needs of a game: all of it from the game's
:class:`~cardtable.game.GameKind`, except the few things a kind does not say yet,
which are in the one table :data:`OVERRIDES` (until ``GameKind`` carries them).

A game with no entry is played generically: a play is ``kind.new_game(rules, seed)``,
its rounds are ``kind.current_round``, and each seat's score is read from the public
``scores`` of the finished game's observation.

>>> arena_game("gurka").unit, arena_game("kraken").seed_stride
('chips', 4)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.game import GameKind, GameState, kind

__all__ = ["OVERRIDES", "ArenaGame", "arena_game", "make_rules", "public_scores"]


def public_scores(state: GameState) -> list[float]:
    """Each seat's score from the public ``scores`` of a finished state's observation."""
    data = state.observation(0).to_dict()
    if "scores" not in data:
        raise ValueError("the arena needs the scores: this game's observations have none")
    return [float(score) for score in data["scores"]]


@dataclass(frozen=True)
class ArenaGame:
    """How the arena plays and scores one game."""

    kind: GameKind
    new_play: Callable[[Any, int], GameState]
    """The state of one play from the rules and the deal's seed."""
    current_round: Callable[[Any], Any]
    """The round being played of a play's state."""
    scores: Callable[[Any], list[float]]
    """Each seat's score at the end of a play (Kraken: its team's points; Gurka: its
    net chips; generic: the observation's public ``scores``)."""
    seed_stride: int = 8
    """The bot in seat ``s`` of a play seeded ``d`` is seeded ``d * seed_stride + s``."""
    unit: str = "points"
    """What a score counts, in the result tables."""


def _kraken_play(rules: Any, seed: int) -> GameState:
    from cardtable.kraken import Round

    state: GameState = Round.new(rules, seed % 4, seed)
    return state


def _kraken_scores(state: Any) -> list[float]:
    points = state.result().points
    return [float(points[seat % 2]) for seat in range(4)]


def _gurka_scores(state: Any) -> list[float]:
    return [float(chips) for chips in state.chips]


def _itself(state: Any) -> Any:
    return state


OVERRIDES: dict[str, dict[str, Any]] = {
    # a Kraken play is one deal (dealer seed % 4), not a game of several rounds
    "kraken": {
        "new_play": _kraken_play,
        "current_round": _itself,
        "scores": _kraken_scores,
        "seed_stride": 4,
    },
    "gurka": {"scores": _gurka_scores, "unit": "chips"},
}
"""Per game, what differs from the generic play (fields of :class:`ArenaGame`)."""


def arena_game(game: str) -> ArenaGame:
    """How the arena plays ``game`` (``ValueError`` lists the games for an unknown one)."""
    found = kind(game)
    fields: dict[str, Any] = {
        "new_play": found.new_game,
        "current_round": found.current_round,
        "scores": public_scores,
    }
    fields.update(OVERRIDES.get(game, {}))
    return ArenaGame(found, **fields)


def make_rules(game: str, fields: dict[str, Any]) -> Any:
    """The game's rules from a preset (key ``"preset"``) and variant fields;
    ``ValueError`` names a bad preset or field and what is allowed."""
    fields = dict(fields)
    preset = fields.pop("preset", None)
    return kind(game).rules(preset, fields)
