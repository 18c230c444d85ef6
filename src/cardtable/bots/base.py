"""The bot protocol: what every bot, built in or external, offers to a table.

A bot sees only observations (never a full state). It is told when a game and a
round start and end, and asked for an action whenever it is to move; it must
return one of ``observation.legal_actions``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol, runtime_checkable

from cardtable.game import Observation

__all__ = ["BaseBot", "Bot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that can take a seat at a table."""

    name: str
    """The bot's registered name, such as ``"ismcts"``."""

    def start_game(self, game: str, seat: int, players: int, rules: Any) -> None:
        """A game of ``game`` (``"kraken"`` or ``"gurka"``) starts with this bot in ``seat``."""
        ...

    def start_round(self, observation: Observation) -> None:
        """A round was dealt; ``observation`` is this bot's first view of it."""
        ...

    def act(self, observation: Observation) -> str:
        """The action to take; one of ``observation.legal_actions``."""
        ...

    def end_round(self, observation: Observation) -> None:
        """The round is over; ``observation`` shows its end."""
        ...

    def end_game(self, observation: Observation) -> None:
        """The game is over."""
        ...


class BaseBot(ABC):
    """A bot with do-nothing notifications; subclasses implement :meth:`act`."""

    name = "base"

    def start_game(self, game: str, seat: int, players: int, rules: Any) -> None:  # noqa: B027 (optional hook)
        """Remember nothing by default."""

    def start_round(self, observation: Observation) -> None:  # noqa: B027 (optional hook)
        """Remember nothing by default."""

    @abstractmethod
    def act(self, observation: Observation) -> str:
        """Subclasses choose an action."""

    def end_round(self, observation: Observation) -> None:  # noqa: B027 (optional hook)
        """Remember nothing by default."""

    def end_game(self, observation: Observation) -> None:  # noqa: B027 (optional hook)
        """Remember nothing by default."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
