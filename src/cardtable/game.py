"""The one interface through which everything plays (bots, arena, tables, tests), and
the registry of the games that exist.

Each game package (:mod:`cardtable.kraken`, :mod:`cardtable.gurka`) provides a
``Game`` and a ``Round`` that satisfy :class:`GameState`, an ``Observation`` that
satisfies :class:`Observation`, and a :class:`GameKind` registered under the
entry-point group ``cardtable.games`` (``pyproject.toml``), so a game shipped in
another package appears everywhere once installed. Actions are text in every game,
so a client never re-implements a rule: it asks for ``legal_actions()`` and shows
the message of :class:`~cardtable.errors.IllegalAction` when an action is refused.

>>> kinds()[:2]  # and any game another installed package registers
('gurka', 'kraken')
>>> kind("kraken").name, kind("kraken").seats(kind("kraken").rules())
('kraken', 4)
>>> kind("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown game 'chess': the games are gurka, kraken...
"""

from __future__ import annotations

import dataclasses
import functools
import random
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Literal, Protocol, runtime_checkable

__all__ = [
    "ENTRY_POINT_GROUP",
    "GameKind",
    "GameState",
    "JSONDict",
    "Observation",
    "kind",
    "kinds",
    "rules_schema",
]

ENTRY_POINT_GROUP = "cardtable.games"
"""The entry-point group under which packages register their :class:`GameKind`."""

JSONDict = dict[str, Any]
"""A plain JSON object, as produced by ``to_dict()`` and ``to_record()``."""


@runtime_checkable
class Observation(Protocol):
    """What one seat may know; never another seat's unplayed cards."""

    @property
    def seat(self) -> int:
        """The seat this observation is for."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None when nobody is to move."""
        ...

    @property
    def legal_actions(self) -> list[str]:
        """The actions this seat may take now (empty when it is not to move)."""
        ...

    def to_dict(self) -> JSONDict:
        """The observation as JSON-serializable data."""
        ...


@runtime_checkable
class GameState(Protocol):
    """A position of a game or round that can be played by text actions."""

    @property
    def players(self) -> int:
        """Number of seats."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the state is over."""
        ...

    @property
    def is_over(self) -> bool:
        """True when no further action is possible."""
        ...

    def legal_actions(self) -> list[str]:
        """Every legal action for the seat to move, in canonical text."""
        ...

    def apply(self, action: str) -> str:
        """Take ``action`` for the seat to move and return its canonical text; raise
        ``IllegalAction`` and change nothing if it is not legal."""
        ...

    def can_apply(self, action: str) -> bool:
        """Whether ``action`` is legal now."""
        ...

    def verify(self, action: str) -> None:
        """Raise ``IllegalAction`` naming the rule if ``action`` is not legal now;
        change nothing either way."""
        ...

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        ...

    def to_record(self) -> JSONDict:
        """A plain JSON record that replays this state exactly."""
        ...


@dataclass(frozen=True)
class GameKind:
    """Everything a layer above the engines needs to know about one game, so that
    none of them switches on a game's name.

    ``rules_type`` is a frozen dataclass with ``to_dict()`` and ``from_dict()``
    whose fields are the variants (a ``Literal`` is a choice, a ``bool`` a switch,
    an ``int`` carries ``min``/``max`` in its field metadata).
    """

    name: str
    """The registered name (``"kraken"``), as in records and on the wire."""
    title: str
    """The name people read (``"Kraken"``)."""
    rules_type: type[Any]
    presets: Mapping[str, Any]
    """Named rule sets (instances of ``rules_type``); may be empty."""
    new_game: Callable[[Any, int], GameState]
    """A new game of these rules dealt from a seed."""
    from_record: Callable[[Mapping[str, Any]], GameState]
    """The game a record describes, replayed (``RecordError`` names a bad entry)."""
    observation_from_dict: Callable[[Mapping[str, Any]], Observation]
    """An observation back from its ``to_dict()``."""
    seat_names: Callable[[Any], tuple[str, ...]]
    """The names of the seats with these rules, in seat order."""
    current_round: Callable[[Any], GameState]
    """The round being played of a game (a game of one deal returns itself)."""
    resample: Callable[[Any, int, random.Random], GameState]
    """A copy of a round (:attr:`current_round`) in which the cards hidden from a
    seat are dealt again, drawn uniformly among the deals consistent with that
    seat's observation: the determinization search plays on. The seat's
    observation of the copy is its observation of the original."""
    scoring: Literal["teams", "ranking"]
    """How a result is scored for matches and ratings: partnerships, or every seat
    for itself."""
    match_format: Literal["duplicate", "rotated"]
    """The fair match: the same deals played from both sides, or seats rotated."""
    new_deal: Callable[[Any, int], GameState] | None = None
    """One deal of a match, from the rules and the deal's seed (None: a whole
    :attr:`new_game`)."""
    scores: Callable[[Any], list[float]] | None = None
    """Each seat's score at the end of a deal or game (None: the ``scores`` of the
    finished state's public observation)."""
    score_unit: str = "points"
    """What a score counts, in result tables."""
    render: Callable[[Any], str] | None = None
    """The text of a game (or round) and everything that happened in it, for logs and
    plain output (None: its actions, one a line)."""
    state_from_observation: Callable[[Any], GameState] | None = None
    """A round (as :attr:`current_round` gives it) that the observing seat cannot
    tell from the real one, the hidden cards dealt in any consistent way: how a
    search with no game-specific code builds its worlds (then :attr:`resample`)."""
    fixed_deal: Callable[[Any, int], GameState] | None = None
    """One deal of a match whose contract (trump, declarer) is fixed from the cards
    by a deterministic rule, so that only card play is left to the players: the same
    cards as :attr:`new_deal` of that seed (None: the game has no contract to fix;
    Kraken's rule is :mod:`cardtable.kraken.contracts`)."""

    def rules(self, preset: str | None = None, changes: Mapping[str, Any] | None = None) -> Any:
        """The rules of a preset (or the defaults) with ``changes`` applied;
        ``ValueError`` names a bad preset or field and what is allowed."""
        if preset:
            if preset not in self.presets:
                allowed = ", ".join(self.presets) or "none"
                raise ValueError(f"unknown {self.title} preset {preset!r}: allowed {allowed}")
            base = self.presets[preset]
        else:
            base = self.rules_type()
        return self.rules_type.from_dict({**base.to_dict(), **dict(changes or {})})

    def seats(self, rules: Any) -> int:
        """The number of seats with ``rules``."""
        return len(self.seat_names(rules))

    def deal(self, rules: Any, seed: int, fixed: bool = False) -> GameState:
        """One deal of a match (:attr:`new_deal`, or a whole game); with ``fixed``,
        its contract fixed from the cards (:attr:`fixed_deal`; ``ValueError`` for a
        game that has none)."""
        if fixed:
            if self.fixed_deal is None:
                raise ValueError(f"{self.title} has no contracts to fix")
            return self.fixed_deal(rules, seed)
        return (self.new_deal or self.new_game)(rules, seed)

    def text(self, state: GameState) -> str:
        """The text of ``state`` and its actions (:attr:`render`, or the record's
        actions, one a line)."""
        if self.render is not None:
            return self.render(state)
        actions = state.to_record().get("actions", [])
        return "\n".join(str(action) for action in actions)

    def final_scores(self, state: GameState) -> list[float]:
        """Each seat's score at the end of ``state`` (:attr:`scores`, or the public
        ``scores`` of its observation)."""
        if self.scores is not None:
            return self.scores(state)
        data = state.observation(0).to_dict()
        if "scores" not in data:
            raise ValueError(f"{self.title} says no scores: its observations have none")
        return [float(score) for score in data["scores"]]

    def rules_schema(self) -> dict[str, Any]:
        """The rules as machine-readable data: fields, defaults and presets
        (:func:`rules_schema`)."""
        return rules_schema(self.rules_type, self.presets)


def rules_schema(rules_type: type[Any], presets: Mapping[str, Any]) -> dict[str, Any]:
    """A rules dataclass as data every interface reads (the terminal's settings, the
    web lobby's rule editor, the command line's ``--set``): each field's name, type
    (``choice`` with its ``options``, ``bool``, ``int`` with ``min`` and ``max`` and,
    for a field that may be None, ``optional: True``, or the ``type`` its metadata
    names), the defaults, and the presets.

    >>> from dataclasses import field
    >>> @dataclass(frozen=True)
    ... class Toy:
    ...     colour: Literal["red", "blue"] = "red"
    ...     cards: int = field(default=5, metadata={"min": 1, "max": 9})
    ...     def to_dict(self) -> dict[str, Any]:
    ...         return dataclasses.asdict(self)
    >>> rules_schema(Toy, {})["fields"]  # doctest: +NORMALIZE_WHITESPACE
    [{'name': 'colour', 'type': 'choice', 'options': ['red', 'blue']},
     {'name': 'cards', 'type': 'int', 'min': 1, 'max': 9}]
    """
    hints = typing.get_type_hints(rules_type)
    fields: list[dict[str, Any]] = []
    for spec in dataclasses.fields(rules_type):
        hint = hints[spec.name]
        entry: dict[str, Any] = {"name": spec.name}
        if "type" in spec.metadata:
            entry["type"] = spec.metadata["type"]
        elif typing.get_origin(hint) is Literal:
            entry.update(type="choice", options=list(typing.get_args(hint)))
        elif hint is bool:
            entry["type"] = "bool"
        elif hint is int:
            entry.update(type="int", min=spec.metadata.get("min"), max=spec.metadata.get("max"))
        elif hint == int | None:
            entry.update(
                type="int",
                min=spec.metadata.get("min"),
                max=spec.metadata.get("max"),
                optional=True,
            )
        else:
            raise TypeError(f"rules field {spec.name!r} has a type no interface can edit: {hint}")
        fields.append(entry)
    return {
        "fields": fields,
        "defaults": rules_type().to_dict(),
        "presets": {name: rules.to_dict() for name, rules in presets.items()},
    }


@functools.cache
def _registry() -> dict[str, GameKind]:
    found: dict[str, GameKind] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        loaded = point.load()
        if not isinstance(loaded, GameKind):
            raise TypeError(
                f"entry point {point.name!r} of {ENTRY_POINT_GROUP!r} ({point.value}) "
                f"is not a GameKind"
            )
        if loaded.name != point.name:
            raise ValueError(
                f"entry point {point.name!r} of {ENTRY_POINT_GROUP!r} names the game "
                f"{loaded.name!r}: the two must agree"
            )
        found[loaded.name] = loaded
    return dict(sorted(found.items()))


def kinds() -> tuple[str, ...]:
    """The names of the registered games, sorted."""
    return tuple(_registry())


def kind(name: str) -> GameKind:
    """The registered game called ``name``; ``ValueError`` lists the known names."""
    try:
        return _registry()[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}: the games are {', '.join(kinds())}") from None
