"""What one seat may know about a round: its own hand and everything public."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, Suit
from cardtable.kraken.rules import Rules
from cardtable.kraken.seat import Seat
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
