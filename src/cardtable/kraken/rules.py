"""The rules of a Kraken game as data: every variant is a field of :class:`Rules`.

>>> Rules().play, Rules.preset("rotterdam").play
('amsterdam', 'rotterdam')
>>> Rules(roem="double")
Traceback (most recent call last):
...
ValueError: invalid value 'double' for rules field 'roem': allowed 'tricks', 'hand', 'none'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, get_args

__all__ = ["PRESETS", "Rules", "SignalConvention"]

TrumpChoice = Literal["free", "free_dealer", "utrecht", "random"]
RandomFallback = Literal["second_card", "call_other"]
PlayRules = Literal["amsterdam", "rotterdam"]
RoemMode = Literal["tricks", "hand", "none"]
SignalConvention = Literal["none", "high_asks", "low_asks"]

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "trump_choice": get_args(TrumpChoice),
    "random_fallback": get_args(RandomFallback),
    "play": get_args(PlayRules),
    "roem": get_args(RoemMode),
    "signals": get_args(SignalConvention),
}


_RANGE: Final[dict[str, int]] = {"min": 1, "max": 1000}
"""The rounds a game may have."""

_TARGET_RANGE: Final[dict[str, int]] = {"min": 1, "max": 10_000}
"""The target scores a game may be played to."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The variant fields of Kraken; the defaults are the Amsterdam club game.

    Invalid values raise ``ValueError`` naming the field and the allowed values.
    """

    trump_choice: TrumpChoice = "free"
    """``free``: from left of the dealer each names a suit or passes, the starter is
    forced if all pass; ``free_dealer``: the same from the dealer; ``utrecht``: left of
    the dealer must name one; ``random``: a turned card proposes the suit."""
    random_fallback: RandomFallback = "second_card"
    """In ``random`` when all pass: ``second_card`` turns cards until another suit
    shows, which left of the dealer must play; ``call_other``: left of the dealer names
    any other suit."""
    play: PlayRules = "amsterdam"
    """When a player who cannot follow suit must trump: ``amsterdam`` or ``rotterdam``."""
    roem: RoemMode = "tricks"
    """Bonus points: ``tricks`` (roem in each trick), ``hand`` (declared from hand) or
    ``none``."""
    challenges: bool = True
    """Contra, re and superkraken (x2, x4, x8) are allowed."""
    double_spades: bool = False
    """The round score counts double when spades are trump."""
    multiply_roem: bool = True
    """``False``: multipliers apply to card points only, not roem or the mars bonus."""
    rounds: int = field(default=16, metadata=_RANGE)
    """Rounds in a game (when ``target_score`` is None)."""
    target_score: int | None = field(default=None, metadata=_TARGET_RANGE)
    """None: the game is ``rounds`` rounds. A number (1,500 or 750 as clubs play): the
    game ends with the round in which a team's total reaches it, ``rounds`` unused;
    the higher total wins, equal totals are a draw."""
    deal: tuple[int, ...] = field(default=(3, 2, 3), metadata={"type": "deal"})
    """Packet sizes dealt to each player in turn; they sum to 8."""
    signals: SignalConvention = "none"
    """The partner signals agreed out loud before the game (the rulebook allows them
    when discussed so): ``none``; ``high_asks``: a discard (a card that neither follows
    suit nor trumps) of an ace, ten, king or queen asks partner for that suit, of a
    jack, nine, eight or seven says it is not wanted; ``low_asks``: the reverse. Public
    to every seat; it changes neither what is legal nor the score
    (:mod:`cardtable.kraken.signals`)."""

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                listed = ", ".join(repr(a) for a in allowed)
                raise ValueError(
                    f"invalid value {value!r} for rules field {name!r}: allowed {listed}"
                )
        for name in ("challenges", "double_spades", "multiply_roem"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(
                    f"invalid value {getattr(self, name)!r} for rules field {name!r}: "
                    "allowed True or False"
                )
        low, high = _RANGE["min"], _RANGE["max"]
        if (
            not isinstance(self.rounds, int)
            or isinstance(self.rounds, bool)
            or not low <= self.rounds <= high
        ):
            raise ValueError(
                f"invalid value {self.rounds!r} for rules field 'rounds': allowed {low} to {high}"
            )
        target = self.target_score
        low, high = _TARGET_RANGE["min"], _TARGET_RANGE["max"]
        if target is not None and (
            not isinstance(target, int) or isinstance(target, bool) or not low <= target <= high
        ):
            raise ValueError(
                f"invalid value {target!r} for rules field 'target_score': "
                f"allowed None (play 'rounds' rounds) or {low} to {high}"
            )
        deal = self.deal
        if isinstance(deal, list):
            deal = tuple(deal)
            object.__setattr__(self, "deal", deal)
        if (
            not isinstance(deal, tuple)
            or not deal
            or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in deal)
            or sum(deal) != 8
        ):
            raise ValueError(
                f"invalid value {self.deal!r} for rules field 'deal': allowed positive "
                "packet sizes that sum to 8, such as (3, 2, 3) or (4, 4)"
            )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named rule set: ``amsterdam``, ``rotterdam`` or ``g4a`` (the app of the seeds).

        >>> Rules.preset("g4a").roem, Rules.preset("g4a").trump_choice
        ('hand', 'utrecht')
        """
        try:
            return PRESETS[name.lower()]
        except KeyError:
            allowed = ", ".join(repr(p) for p in PRESETS)
            raise ValueError(f"unknown rules preset {name!r}: allowed {allowed}") from None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated like the constructor)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The fields as plain JSON data."""
        data = {name: getattr(self, name) for name in _FIELD_NAMES}
        data["deal"] = list(self.deal)  # every field but this one is a plain value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` data; unknown fields raise ``ValueError`` naming them.

        >>> Rules.from_dict({"play": "rotterdam", "deal": [4, 4]}).deal
        (4, 4)
        """
        fields = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - fields)
        if unknown:
            raise ValueError(
                f"unknown rules field {unknown[0]!r}: allowed {', '.join(sorted(fields))}"
            )
        values = dict(data)
        if "deal" in values and isinstance(values["deal"], list):
            values["deal"] = tuple(values["deal"])
        return cls(**values)


PRESETS: Final[dict[str, Rules]] = {
    "amsterdam": Rules(),
    "rotterdam": Rules(play="rotterdam"),
    "g4a": Rules(trump_choice="utrecht", play="amsterdam", roem="hand", challenges=True),
}


_FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))
"""The fields of :class:`Rules` (``to_dict`` runs for every observation sent)."""
