"""The rules of a Gurka game as data: every variation is a field of :class:`Rules`.

>>> Rules().eliminate_at, Rules(players=6, must_head=True).players
(30, 6)
>>> Rules(players=9)
Traceback (most recent call last):
...
ValueError: invalid value 9 for rules field 'players': allowed 3 to 8
>>> Rules(colour="red")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown rules field 'colour': allowed aces_unbeatable, eliminate_at, ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, get_args

__all__ = ["PenaltyTricks", "Rules"]

PenaltyTricks = Literal["last", "every"]

_BOOLEAN_FIELDS: Final[tuple[str, ...]] = (
    "match_previous",
    "must_head",
    "aces_unbeatable",
    "lead_lowest",
    "free_rebuy",
)


def _field_names() -> list[str]:
    return sorted(f.name for f in dataclasses.fields(Rules))


@dataclass(frozen=True, slots=True)
class Rules:
    """The variation fields of Gurka; the defaults are the game as decided in issue 3.

    Every field is independent of the others, so variations combine freely.
    Invalid values and unknown field names raise ``ValueError`` naming the field
    and what is allowed.
    """

    players: int = field(default=4, metadata={"min": 3, "max": 8})
    """Seats at the table, 3 to 8."""
    stake: int = field(default=1, metadata={"min": 0, "max": 1_000_000})
    """Chips each player pays into the pot before the game and for each buy-back (>= 0)."""
    eliminate_at: int = field(default=30, metadata={"min": 1, "max": 10_000})
    """A player whose penalty score reaches this (or more) is out; the rulebook's
    variation is 20."""
    match_previous: bool = False
    """The target is the card played just before yours, not the highest in the trick."""
    must_head: bool = False
    """You must play a card at least as high as the target if you hold one; only if
    you hold none do you play your lowest."""
    aces_unbeatable: bool = False
    """Once an ace is the target, nobody can match or beat it: every following
    player plays their lowest card, and the first ace takes the trick."""
    lead_lowest: bool = False
    """The leader must lead their lowest card."""
    free_rebuy: bool = False
    """Each player's first buy-back costs no stake."""
    penalty_tricks: PenaltyTricks = "last"
    """``"last"``: only the sixth trick scores; ``"every"``: the highest card of
    every trick scores."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Rules:
        # Reject unknown keywords as ValueError (not the TypeError of a plain call).
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise ValueError(
                f"unknown rules field {unknown[0]!r}: allowed {', '.join(sorted(known))}"
            )
        return object.__new__(cls)

    def __post_init__(self) -> None:
        for spec in dataclasses.fields(self):
            if "min" in spec.metadata:
                _check_int(spec.name, getattr(self, spec.name), **spec.metadata)
        for name in _BOOLEAN_FIELDS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ValueError(
                    f"invalid value {value!r} for rules field {name!r}: allowed True or False"
                )
        if self.penalty_tricks not in get_args(PenaltyTricks):
            raise ValueError(
                f"invalid value {self.penalty_tricks!r} for rules field 'penalty_tricks': "
                "allowed 'last', 'every'"
            )

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated like the constructor).

        >>> Rules().replace(eliminate_at=20).eliminate_at
        20
        """
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The fields as plain JSON data."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` data; missing fields take their defaults.

        >>> Rules.from_dict({"players": 5, "penalty_tricks": "every"}).penalty_tricks
        'every'
        >>> Rules.from_dict({"elimination": 20})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: unknown rules field 'elimination': allowed aces_unbeatable, ...
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"rules must be a mapping of field names to values, not {data!r}")
        unknown = sorted(str(key) for key in set(data) - set(_field_names()))
        if unknown:
            raise ValueError(
                f"unknown rules field {unknown[0]!r}: allowed {', '.join(_field_names())}"
            )
        return cls(**data)


def _check_int(name: str, value: object, min: int, max: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not min <= value <= max:
        raise ValueError(
            f"invalid value {value!r} for rules field {name!r}: allowed {min} to {max}"
        )
