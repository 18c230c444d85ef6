"""What one seat may know: :class:`Observation`, built by ``Round`` and ``Game``.

An observation holds the seat's own hand and everything public (cards played and
by whom, hand sizes, scores, chips), never another seat's unplayed cards nor
the cards set aside at the deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card
from cardtable.gurka.rules import Rules
from cardtable.gurka.trick import Trick

__all__ = ["Observation"]


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of a Gurka round, and of the game when the round is part of one.

    The game fields (``scores``, ``alive``, ``pot``, ``chips``, ``buybacks``,
    ``round_number``, ``winners``) are None when observing a bare :class:`Round`.
    """

    seat: int
    """The seat this observation is for."""
    to_move: int | None
    """The seat whose decision it is (a card or a buy-back), or None."""
    legal_actions: list[str]
    """This seat's legal actions now (empty when it is not to move)."""
    phase: str
    """``"play"`` or ``"done"`` for a round; ``"play"``, ``"buyback"`` or ``"over"`` in a game."""
    rules: Rules
    """The rules in force."""
    dealer: int
    """The dealer of the current (or last) round."""
    seats_in_round: tuple[int, ...]
    """The seats dealt into the current round."""
    hand: tuple[Card, ...]
    """This seat's unplayed cards, lowest rank first."""
    hand_sizes: tuple[int, ...]
    """Unplayed cards per seat (0 for seats not in the round)."""
    leader: int | None
    """The seat that led (or is to lead) the current trick; None when the round is done."""
    trick: tuple[tuple[int, Card], ...]
    """The current trick so far: ``(seat, card)``, leader first."""
    tricks: tuple[Trick, ...]
    """The finished tricks of the current round."""
    tricks_total: int
    """Tricks in the current round (6 in a dealt round)."""
    round_penalties: tuple[int, ...]
    """Penalty points scored so far in the current round, per seat."""
    scores: tuple[int, ...] | None = None
    """Penalty score per seat in the game."""
    alive: tuple[int, ...] | None = None
    """Seats still in the game."""
    pot: int | None = None
    """Chips staked into the pot so far."""
    chips: tuple[int, ...] | None = None
    """Net chips per seat (winnings minus stakes paid)."""
    buybacks: tuple[int, ...] | None = None
    """Buy-backs taken per seat."""
    round_number: int | None = None
    """The current round, counting from 1."""
    winners: tuple[int, ...] | None = None
    """The seats that won the pot, once the game is over."""

    @property
    def tricks_left(self) -> int:
        """Tricks of the current round not yet finished (the current one included)."""
        return self.tricks_total - len(self.tricks)

    def to_dict(self) -> dict[str, Any]:
        """The observation as JSON-serializable data (cards as text such as ``"QS"``)."""
        return {
            "seat": self.seat,
            "to_move": self.to_move,
            "legal_actions": list(self.legal_actions),
            "phase": self.phase,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "seats_in_round": list(self.seats_in_round),
            "hand": [str(card) for card in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "leader": self.leader,
            "trick": [[seat, str(card)] for seat, card in self.trick],
            "tricks": [trick.to_dict() for trick in self.tricks],
            "tricks_total": self.tricks_total,
            "round_penalties": list(self.round_penalties),
            "scores": _list(self.scores),
            "alive": _list(self.alive),
            "pot": self.pot,
            "chips": _list(self.chips),
            "buybacks": _list(self.buybacks),
            "round_number": self.round_number,
            "winners": _list(self.winners),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Observation:
        """The observation back from its :meth:`to_dict` data (as a bot behind the
        protocol or a server worker receives it); ``ValueError`` when the data is not
        a Gurka observation.

        >>> from cardtable.gurka.game import Game
        >>> obs = Game.new(Rules(players=5), 3).observation(2)
        >>> Observation.from_dict(obs.to_dict()) == obs
        True
        """
        if data.get("game", "gurka") != "gurka":
            raise ValueError(f"not a Gurka observation: game {data.get('game')!r}")
        try:
            return cls(
                seat=int(data["seat"]),
                to_move=_int(data["to_move"]),
                legal_actions=[str(action) for action in data["legal_actions"]],
                phase=str(data["phase"]),
                rules=Rules.from_dict(data["rules"]),
                dealer=int(data["dealer"]),
                seats_in_round=_ints(data["seats_in_round"]),
                hand=tuple(Card.parse(card) for card in data["hand"]),
                hand_sizes=_ints(data["hand_sizes"]),
                leader=_int(data["leader"]),
                trick=_plays(data["trick"]),
                tricks=tuple(_trick(trick) for trick in data["tricks"]),
                tricks_total=int(data["tricks_total"]),
                round_penalties=_ints(data["round_penalties"]),
                scores=_optional_ints(data.get("scores")),
                alive=_optional_ints(data.get("alive")),
                pot=_int(data.get("pot")),
                chips=_optional_ints(data.get("chips")),
                buybacks=_optional_ints(data.get("buybacks")),
                round_number=_int(data.get("round_number")),
                winners=_optional_ints(data.get("winners")),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not a Gurka observation: {error!r}") from None


def _list(values: tuple[int, ...] | None) -> list[int] | None:
    return None if values is None else list(values)


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _ints(values: Any) -> tuple[int, ...]:
    return tuple(int(value) for value in values)


def _optional_ints(values: Any) -> tuple[int, ...] | None:
    return None if values is None else _ints(values)


def _plays(pairs: Any) -> tuple[tuple[int, Card], ...]:
    return tuple((int(seat), Card.parse(card)) for seat, card in pairs)


def _trick(data: Mapping[str, Any]) -> Trick:
    return Trick(
        int(data["leader"]), _plays(data["plays"]), int(data["taker"]), _ints(data["scorers"])
    )
