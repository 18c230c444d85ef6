"""The games as the server sees them: create, rebuild by replay, describe what an
action showed to everybody, and read a result.

Every game comes from the registry (:func:`cardtable.game.kind`), so a game installed
as a package plays on the server with no change here. The server never re-implements a
rule: legality, canonical action text and the observations all come from the engines.
A game is persisted as its initial record (rules, seed and deal) plus the log of
accepted actions; :func:`rebuild` replays them.

This module is also the one place that reads the shape of a game's result (the
``result`` of ``game_over`` events, of the score endpoint and of the records):
partnership games (``scoring == "teams"``, Kraken) give team ``scores``, a ``winner``
team and their ``rounds``; ranking games give per-seat ``scores`` and, when the engine
has them, ``chips``, ``winners`` and ``buybacks`` (Gurka). :func:`standings` turns
either into one score and one win per seat, for statistics and ratings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard, runtime_checkable

from cardtable.game import GameKind, GameState, kind, kinds

__all__ = [
    "ANALYSED",
    "AnyGame",
    "Standing",
    "apply_action",
    "game_kind",
    "game_names",
    "game_result",
    "make_rules",
    "new_game",
    "players",
    "public_events",
    "rebuild",
    "resigned_result",
    "snapshot",
    "split_record",
    "standings",
]

AnyGame = GameState
"""A game being played on a table (any registered kind's ``Game``)."""

ANALYSED = frozenset({"kraken"})
"""The games whose finished rounds the double-dummy solver analyses (fallback until a
game kind declares its round analysis)."""


@runtime_checkable
class _Rounds(Protocol):
    """A game played in rounds of tricks (Kraken, Gurka): its events name each trick
    and round as it ends. A game without rounds announces its actions and its end."""

    @property
    def history(self) -> Sequence[Any]: ...

    @property
    def current(self) -> Any: ...


_IN_ROUNDS: dict[type, bool] = {}


def _in_rounds(state: AnyGame) -> TypeGuard[_Rounds]:
    """Whether ``state`` is played in rounds (:class:`_Rounds`), known once per type:
    an ``isinstance`` against a runtime protocol is slow, and this runs every action."""
    known = _IN_ROUNDS.get(type(state))
    if known is None:
        known = _IN_ROUNDS[type(state)] = isinstance(state, _Rounds)
    return known


_PRIVATE_FIELDS = frozenset({"hand", "legal_actions", "actions", "tricks", "turned", "seat"})
"""What an observation holds that a spectator may not see, or that the events carry:
the seat's hand and its legal actions, and the histories (actions, tricks, the
turned cards) the updates and the record tell already."""


def public_view(state: AnyGame) -> dict[str, Any]:
    """What everyone may see of a game now (the contract, the trick, the points and
    the roem: an observation without its seat's hand), for spectators and replays.

    >>> from cardtable import kraken
    >>> view = public_view(kraken.Game.new(kraken.Rules(), 3))
    >>> "hand" in view, view["phase"], view["multiplier"]
    (False, 'trump', 1)
    """
    return {
        key: value
        for key, value in state.observation(0).to_dict().items()
        if key not in _PRIVATE_FIELDS
    }


def game_names() -> tuple[str, ...]:
    """The games a table can play: every registered kind."""
    return kinds()


def game_kind(game: str) -> GameKind:
    """The registered kind ``game``; ``ValueError`` lists the games."""
    return kind(game)


def make_rules(game: str, preset: str | None, fields: Mapping[str, Any] | None) -> dict[str, Any]:
    """The rules of ``game`` as a dict: a preset (or the defaults) changed by ``fields``.

    Raises ``ValueError`` naming the bad game, field or preset."""
    return dict(kind(game).rules(preset or None, fields).to_dict())


def players(game: str, rules: Mapping[str, Any]) -> int:
    """The number of seats of ``game`` with ``rules``."""
    k = kind(game)
    return k.seats(k.rules_type.from_dict(rules))


def new_game(game: str, rules: Mapping[str, Any], seed: int) -> AnyGame:
    """A fresh game dealt from ``seed``."""
    k = kind(game)
    return k.new_game(k.rules_type.from_dict(rules), seed)


def initial_record(game: AnyGame) -> dict[str, Any]:
    """The record of a game before any action (rules, seed, the deal)."""
    return game.to_record()


def rebuild(game: str, record: Mapping[str, Any], actions: Sequence[str]) -> AnyGame:
    """The game of ``record`` with ``actions`` applied in order (replay)."""
    state = kind(game).from_record(record)
    for action in actions:
        state.apply(action)
    return state


def split_record(record: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A finished game's record as its record before any action and its actions, in
    order: what a replay starts from and steps through. A record with ``rounds`` holds
    each round's deal and actions (Kraken); else one deal and the ``actions`` (Gurka
    deals again from its seed, the toy game has one deal)."""
    unplayed = {k: v for k, v in record.items() if k != "result"}
    if "rounds" in record:
        first = {k: v for k, v in record["rounds"][0].items() if k != "result"}
        initial = {**unplayed, "rounds": [{**first, "actions": []}]}
        return initial, [a for rnd in record["rounds"] for a in rnd["actions"]]
    return {**unplayed, "actions": []}, list(record["actions"])


def apply_action(state: AnyGame, action: str) -> str:
    """Apply ``action`` and return its canonical text (as the engine logged it).

    Raises :class:`~cardtable.errors.IllegalAction` (changing nothing) when refused."""
    return state.apply(action)


Snapshot = tuple[int, int, tuple[int, ...]]
"""What :func:`public_events` compares against: (finished rounds, finished tricks of
the current round, the seats still in: a game that eliminates players has ``alive``)."""


def snapshot(state: AnyGame) -> Snapshot:
    """The :data:`Snapshot` of ``state``: call it before applying an action."""
    alive = tuple(getattr(state, "alive", ()))
    if _in_rounds(state):
        return len(state.history), len(state.current.tricks), alive
    return 0, 0, alive


def public_events(
    game: str, state: AnyGame, before: Snapshot, seat: int, action: str
) -> list[dict[str, Any]]:
    """The public events of one accepted action: the action itself, each trick it
    completed, the round it finished, each player it put out of the game and the end
    of the game. Nothing here depends on a hidden card."""
    events: list[dict[str, Any]] = [{"type": "action", "seat": seat, "action": action}]
    if _in_rounds(state):
        rounds_before, tricks_before, _alive = before
        finished_round = len(state.history) > rounds_before
        rnd = state.history[rounds_before] if finished_round else state.current
        for trick in rnd.tricks[tricks_before:]:
            events.append({"type": "trick", "trick": trick.to_dict()})
        if finished_round:
            number = rounds_before + 1
            events.append({"type": "round", "number": number, "result": _round_result(rnd)})
    still_in = set(getattr(state, "alive", ()))
    events += [{"type": "out", "seat": out} for out in before[2] if out not in still_in]
    if state.is_over:
        events.append({"type": "game_over", "result": game_result(game, state)})
    return events


def _round_result(rnd: Any) -> dict[str, Any]:
    """A finished round's result as data: the engine's ``to_dict()`` (Kraken), or the
    penalty of each seat (Gurka's ``result()`` is a tuple)."""
    result = rnd.result()
    if hasattr(result, "to_dict"):
        return dict(result.to_dict())
    return {"penalties": list(result)}


_RANKING_EXTRAS = ("chips", "winners", "buybacks")
"""Per-seat results a ranking game's engine may have besides ``scores`` (Gurka)."""


def game_result(game: str, state: AnyGame) -> dict[str, Any]:
    """The public result of a finished (or current) game of ``game``: scores and
    winners."""
    scores: Sequence[int] = getattr(state, "scores", ())
    result: dict[str, Any] = {"scores": list(scores)}
    if kind(game).scoring == "teams":
        result["winner"] = getattr(state, "winner", None)
        history = state.history if _in_rounds(state) else []
        result["rounds"] = [_round_result(r) for r in history]
        return result
    for name in _RANKING_EXTRAS:
        if hasattr(state, name):
            result[name] = list(getattr(state, name))
    return result


def resigned_result(game: str, state: AnyGame, seat: int) -> dict[str, Any]:
    """The result of a game ``seat`` resigned: the game's result as it stands, with
    ``"resigned": seat``. In a partnership game the seat's team concedes (the other
    team is the ``winner``); in a ranking game the seat is last and the best of the
    others (by :func:`standings`) win.

    >>> from cardtable import kraken
    >>> g = kraken.Game.new(kraken.Rules(rounds=2), 7)
    >>> r = resigned_result("kraken", g, 2)
    >>> r["resigned"], r["winner"], [s.won for s in standings("kraken", 4, r)]
    (2, 1, [False, True, False, True])
    """
    result = game_result(game, state)
    result["resigned"] = seat
    if kind(game).scoring == "teams":
        result["winner"] = 1 - seat % 2
        return result
    result.pop("winners", None)
    values = [s.score for s in standings(game, state.players, result)]
    best = max(v for s, v in enumerate(values) if s != seat)
    result["winners"] = [s for s, v in enumerate(values) if s != seat and v == best]
    return result


@dataclass(frozen=True)
class Standing:
    """How a finished game went for one seat."""

    score: int
    """The seat's team's points (teams) or its own result (ranking: net chips where
    the game has chips, else its score)."""
    won: bool
    team: int
    """The seat's partnership (teams), or the seat itself (ranking)."""
    rounds: int = 0
    declared: int = 0
    nat: int = 0
    mars: int = 0
    resigned: bool = False
    """The seat (or its team) resigned: it ranks last whatever its points."""


def standings(game: str, players: int, result: Mapping[str, Any]) -> list[Standing]:
    """One :class:`Standing` per seat from a :func:`game_result` of ``game``."""
    resigned = result.get("resigned")
    if kind(game).scoring == "teams":
        rounds = result.get("rounds", [])
        out = []
        for seat in range(players):
            team = seat % 2
            out.append(
                Standing(
                    score=int(result["scores"][team]),
                    won=result.get("winner") == team,
                    team=team,
                    rounds=len(rounds),
                    declared=sum(1 for r in rounds if r.get("declarers") == team),
                    nat=sum(1 for r in rounds if r.get("declarers") == team and r.get("nat")),
                    mars=sum(1 for r in rounds if r.get("mars") == team),
                    resigned=resigned is not None and int(resigned) % 2 == team,
                )
            )
        return out
    values = [int(v) for v in result.get("chips", result["scores"])]
    if "winners" in result:
        winners = {int(s) for s in result["winners"]}
    else:
        winners = {s for s, v in enumerate(values) if values and v == max(values)}
    return [
        Standing(score=values[seat], won=seat in winners, team=seat, resigned=seat == resigned)
        for seat in range(players)
    ]
