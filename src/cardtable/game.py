"""The one interface through which everything plays (bots, arena, tables, tests).

Each game package (:mod:`cardtable.kraken`, :mod:`cardtable.gurka`) provides a
``Game`` and a ``Round`` that satisfy :class:`GameState`, and an
``Observation`` that satisfies :class:`Observation`. Actions are text in both
games, so a client never re-implements a rule: it asks for
``legal_actions()`` and shows the message of :class:`~cardtable.errors.IllegalAction`
when an action is refused.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

__all__ = ["GameState", "JSONDict", "Observation"]

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

    def apply(self, action: str) -> None:
        """Take ``action`` for the seat to move; raise ``IllegalAction`` and change nothing
        if it is not legal."""
        ...

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        ...

    def to_record(self) -> JSONDict:
        """A plain JSON record that replays this state exactly."""
        ...
