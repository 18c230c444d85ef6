"""Seats and teams: North, East, South, West, clockwise; N+S are team 0, E+W team 1.

>>> Seat.N.left, Seat.W.left, Seat.E.partner, Seat.W.team
(<Seat.E: 1>, <Seat.N: 0>, <Seat.W: 3>, 1)
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Seat"]


class Seat(IntEnum):
    """A seat at the table; play and dealing go clockwise N -> E -> S -> W."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise (the player on this seat's left)."""
        return _SEATS[(self + 1) & 3]

    @property
    def right(self) -> Seat:
        """The previous seat clockwise (the player on this seat's right)."""
        return _SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return _SEATS[(self + 2) & 3]

    @property
    def team(self) -> int:
        """0 for North-South, 1 for East-West."""
        return self % 2

    @property
    def letter(self) -> str:
        """``N``, ``E``, ``S`` or ``W``."""
        return self.name

    @classmethod
    def parse(cls, text: str | int) -> Seat:
        """A seat from its letter, name or number.

        >>> Seat.parse("south"), Seat.parse(3)
        (<Seat.S: 2>, <Seat.W: 3>)
        """
        if isinstance(text, int) and not isinstance(text, bool) and 0 <= text <= 3:
            return cls(text)
        key = str(text).strip().upper()[:1]
        if isinstance(text, str) and key and key in "NESW":
            return cls("NESW".index(key))
        raise ValueError(f"invalid seat {text!r}: expected N, E, S or W (or 0-3)")


_SEATS: tuple[Seat, ...] = tuple(Seat)
