"""The two games as the server sees them: create, rebuild by replay, and describe
what an action showed to everybody.

The server never re-implements a rule: legality, canonical action text and the
observations all come from the engines (:mod:`cardtable.kraken`, :mod:`cardtable.gurka`).
A game is persisted as its initial record (rules, seed and deal) plus the log of
accepted actions; :func:`rebuild` replays them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable import gurka, kraken

__all__ = [
    "GAMES",
    "AnyGame",
    "apply_action",
    "game_result",
    "make_rules",
    "new_game",
    "players",
    "public_events",
    "rebuild",
    "snapshot",
]

GAMES = ("kraken", "gurka")
"""The games a table can play."""

AnyGame = kraken.Game | gurka.Game


def make_rules(game: str, preset: str | None, fields: Mapping[str, Any] | None) -> dict[str, Any]:
    """The rules of ``game`` as a dict: a preset (Kraken only) changed by ``fields``.

    Raises ``ValueError`` naming the bad field or preset."""
    fields = dict(fields or {})
    if game == "kraken":
        base = kraken.Rules.preset(preset) if preset else kraken.Rules()
        return kraken.Rules.from_dict({**base.to_dict(), **fields}).to_dict()
    if game == "gurka":
        if preset not in (None, "", "standard"):
            raise ValueError(f"unknown Gurka preset {preset!r}: Gurka has only 'standard'")
        return gurka.Rules.from_dict({**gurka.Rules().to_dict(), **fields}).to_dict()
    raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")


def players(game: str, rules: Mapping[str, Any]) -> int:
    """The number of seats of ``game`` with ``rules``."""
    return 4 if game == "kraken" else int(gurka.Rules.from_dict(rules).players)


def new_game(game: str, rules: Mapping[str, Any], seed: int) -> AnyGame:
    """A fresh game dealt from ``seed``."""
    if game == "kraken":
        return kraken.Game.new(kraken.Rules.from_dict(rules), seed)
    return gurka.Game.new(gurka.Rules.from_dict(rules), seed)


def initial_record(game: AnyGame) -> dict[str, Any]:
    """The record of a game before any action (rules, seed, the deal)."""
    return game.to_record()


def rebuild(game: str, record: Mapping[str, Any], actions: Sequence[str]) -> AnyGame:
    """The game of ``record`` with ``actions`` applied in order (replay)."""
    state: AnyGame
    state = kraken.Game.from_record(record) if game == "kraken" else gurka.Game.from_record(record)
    for action in actions:
        state.apply(action)
    return state


def apply_action(state: AnyGame, action: str) -> str:
    """Apply ``action`` and return its canonical text (as the engine logged it).

    Raises :class:`~cardtable.errors.IllegalAction` (changing nothing) when refused."""
    return state.apply(action)


def _snapshot(state: AnyGame) -> tuple[int, int]:
    """(finished rounds, finished tricks of the current round)."""
    return len(state.history), len(state.current.tricks)


def public_events(
    state: AnyGame, before: tuple[int, int], seat: int, action: str
) -> list[dict[str, Any]]:
    """The public events of one accepted action: the action itself, each trick it
    completed, the round it finished and the end of the game. Nothing here depends on
    a hidden card."""
    rounds_before, tricks_before = before
    events: list[dict[str, Any]] = [{"type": "action", "seat": seat, "action": action}]
    finished_round = len(state.history) > rounds_before
    rnd = state.history[rounds_before] if finished_round else state.current
    for trick in rnd.tricks[tricks_before:]:
        events.append({"type": "trick", "trick": trick.to_dict()})
    if finished_round:
        events.append({"type": "round", "number": rounds_before + 1, "result": _round_result(rnd)})
    if state.is_over:
        events.append({"type": "game_over", "result": game_result(state)})
    return events


def snapshot(state: AnyGame) -> tuple[int, int]:
    """What :func:`public_events` compares against: call it before applying."""
    return _snapshot(state)


def _round_result(rnd: kraken.Round | gurka.Round) -> dict[str, Any]:
    if isinstance(rnd, kraken.Round):
        return rnd.result().to_dict()
    return {"penalties": list(rnd.result())}


def game_result(state: AnyGame) -> dict[str, Any]:
    """The public result of a finished (or current) game: scores and winners."""
    if isinstance(state, kraken.Game):
        return {
            "scores": list(state.scores),
            "winner": state.winner,
            "rounds": [r.result().to_dict() for r in state.history],
        }
    return {
        "scores": list(state.scores),
        "chips": list(state.chips),
        "winners": list(state.winners),
        "buybacks": list(state.buybacks),
    }
