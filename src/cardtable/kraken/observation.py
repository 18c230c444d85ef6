"""What one seat may know about a round: its own hand and everything public."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, Suit
from cardtable.kraken.rules import Rules
from cardtable.kraken.seat import Seat
from cardtable.kraken.signals import GivenSignal, signals_in
from cardtable.kraken.trick import Trick

__all__ = ["Observation"]


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of a round. It never holds another seat's unplayed cards.

    Every action in Kraken is public (trump choices, passes, challenges, roem
    declarations with their amounts, cards played), so ``actions`` lists them all.
    """

    seat: Seat
    rules: Rules
    dealer: Seat
    phase: str
    to_move: Seat | None
    hand: tuple[Card, ...]
    """This seat's unplayed cards."""
    legal_actions: list[str]
    """This seat's legal actions now (empty unless it is to move)."""
    trump: Suit | None
    declarer: Seat | None
    multiplier: int
    proposed: Card | None
    """In ``random`` trump choice: the turned card whose suit is on offer (or was)."""
    turned: tuple[Card, ...]
    """Every card turned from the second deck, in order."""
    actions: tuple[tuple[Seat, str], ...]
    """Every action so far with the seat that took it."""
    tricks: tuple[Trick, ...]
    """Completed tricks."""
    trick: tuple[tuple[Seat, Card], ...]
    """The cards of the trick in progress, with who played them."""
    declared_roem: dict[Seat, int]
    """Hand roem declared by each seat (``roem="hand"``)."""
    roem_asked: tuple[Seat, ...]
    """The seats that said ``roem`` or ``pass`` in the roem phase, in order; the seats
    passed over hold no roem."""
    card_points: tuple[int, int]
    """Card points taken so far per team."""
    roem: tuple[int, int]
    """Roem scored so far per team (trick roem, or declared roem once play starts)."""

    @property
    def signals(self) -> tuple[GivenSignal, ...]:
        """Every partner signal given so far under ``rules.signals``, in playing order
        (derived from the public cards played; empty when the rules have none). See
        :mod:`cardtable.kraken.signals`."""
        return signals_in(self.tricks, self.trick, self.trump, self.rules)

    def to_dict(self) -> dict[str, Any]:
        """The observation as JSON-serializable data."""
        return {
            "game": "kraken",
            "seat": int(self.seat),
            "rules": self.rules.to_dict(),
            "dealer": int(self.dealer),
            "phase": self.phase,
            "to_move": None if self.to_move is None else int(self.to_move),
            "hand": [str(c) for c in self.hand],
            "legal_actions": list(self.legal_actions),
            "trump": None if self.trump is None else self.trump.letter,
            "declarer": None if self.declarer is None else int(self.declarer),
            "multiplier": self.multiplier,
            "proposed": None if self.proposed is None else str(self.proposed),
            "turned": [str(c) for c in self.turned],
            "actions": [[int(seat), action] for seat, action in self.actions],
            "tricks": [t.to_dict() for t in self.tricks],
            "trick": [[int(seat), str(card)] for seat, card in self.trick],
            "declared_roem": {str(int(s)): v for s, v in self.declared_roem.items()},
            "roem_asked": [int(s) for s in self.roem_asked],
            "card_points": list(self.card_points),
            "roem": list(self.roem),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Observation:
        """The observation back from its :meth:`to_dict` data (as a bot behind the
        protocol or a server worker receives it); ``ValueError`` when the data is not
        a Kraken observation.

        >>> from cardtable.kraken.round import Round
        >>> obs = Round.new(Rules(), Seat.W, 5).observation(Seat.N)
        >>> Observation.from_dict(obs.to_dict()) == obs
        True
        """
        if data.get("game", "kraken") != "kraken":
            raise ValueError(f"not a Kraken observation: game {data.get('game')!r}")
        try:
            return cls(
                seat=Seat(data["seat"]),
                rules=Rules.from_dict(data["rules"]),
                dealer=Seat(data["dealer"]),
                phase=str(data["phase"]),
                to_move=_seat(data["to_move"]),
                hand=_cards(data["hand"]),
                legal_actions=[str(action) for action in data["legal_actions"]],
                trump=None if data["trump"] is None else Suit.parse(data["trump"]),
                declarer=_seat(data["declarer"]),
                multiplier=int(data["multiplier"]),
                proposed=None if data["proposed"] is None else Card.parse(data["proposed"]),
                turned=_cards(data["turned"]),
                actions=tuple((Seat(seat), str(action)) for seat, action in data["actions"]),
                tricks=tuple(_trick(trick) for trick in data["tricks"]),
                trick=tuple((Seat(seat), Card.parse(card)) for seat, card in data["trick"]),
                declared_roem={Seat(int(s)): int(v) for s, v in data["declared_roem"].items()},
                roem_asked=tuple(Seat(seat) for seat in data["roem_asked"]),
                card_points=_pair(data["card_points"]),
                roem=_pair(data["roem"]),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not a Kraken observation: {error!r}") from None


def _seat(value: Any) -> Seat | None:
    return None if value is None else Seat(value)


def _cards(texts: Any) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def _pair(values: Any) -> tuple[int, int]:
    first, second = values
    return (int(first), int(second))


def _trick(data: Mapping[str, Any]) -> Trick:
    return Trick(
        Seat(data["leader"]),
        _cards(data["cards"]),
        Seat(data["winner"]),
        int(data["points"]),
        int(data["roem"]),
    )
