"""Card order, card points and who takes a trick.

Trumps rank J 9 A T K Q 8 7 and are worth 20 14 11 10 4 3 0 0; the other suits
rank A T K Q J 9 8 7 and are worth 11 10 4 3 2 0 0 0. The deck is the 32 cards
from seven to ace.

>>> from cardtable.cards import Card, Suit, parse_cards
>>> card_points(Card.parse("9H"), Suit.HEARTS), card_points(Card.parse("9H"), Suit.SPADES)
(14, 0)
>>> trick_taker(parse_cards("AS TS 7H KS"), Suit.HEARTS)
2
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import CARDS, SUIT_MASKS, Card, CardSet, Rank, Suit

__all__ = [
    "DECK",
    "PLAIN_ORDER",
    "TRUMP_ORDER",
    "Trick",
    "beats",
    "card_points",
    "card_power",
    "check_cards",
    "suit_mask",
    "trick_taker",
]

TRUMP_ORDER: Final[tuple[Rank, ...]] = (
    Rank.JACK,
    Rank.NINE,
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.EIGHT,
    Rank.SEVEN,
)
"""Trump ranks, highest first."""
PLAIN_ORDER: Final[tuple[Rank, ...]] = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
"""Ranks of the other suits, highest first."""

_TRUMP_POINTS: Final[dict[Rank, int]] = dict(
    zip(TRUMP_ORDER, (20, 14, 11, 10, 4, 3, 0, 0), strict=True)
)
_PLAIN_POINTS: Final[dict[Rank, int]] = dict(
    zip(PLAIN_ORDER, (11, 10, 4, 3, 2, 0, 0, 0), strict=True)
)
_TRUMP_POWER: Final[dict[Rank, int]] = {r: 8 - i for i, r in enumerate(TRUMP_ORDER)}
_PLAIN_POWER: Final[dict[Rank, int]] = {r: 8 - i for i, r in enumerate(PLAIN_ORDER)}

DECK: Final[CardSet] = CardSet(c for c in CARDS if c.rank >= Rank.SEVEN)
"""The 32 Kraken cards."""


def check_cards(cards: Iterable[Card]) -> None:
    """Raise ``ValueError`` if a card is not one of the 32 Kraken cards (7 to A)."""
    for card in cards:
        if not DECK.mask & card.bit:
            raise ValueError(f"{card} is not a Kraken card: the deck holds 7 to A of each suit")


def card_points(card: Card, trump: Suit) -> int:
    """The points ``card`` is worth in a trick when ``trump`` is trump."""
    check_cards((card,))
    return (_TRUMP_POINTS if card.suit == trump else _PLAIN_POINTS)[card.rank]


def card_power(card: Card, led: Suit, trump: Suit) -> int:
    """How strong ``card`` is in a trick led with ``led``: trumps 17-24, the suit led
    1-8, any other card 0."""
    if card.suit == trump:
        return 16 + _TRUMP_POWER[card.rank]
    if card.suit == led:
        return _PLAIN_POWER[card.rank]
    return 0


def beats(card: Card, other: Card, led: Suit, trump: Suit) -> bool:
    """Whether ``card`` ranks above ``other`` in a trick led with ``led``.

    >>> from cardtable.cards import Card, Suit
    >>> beats(Card.parse("9H"), Card.parse("AH"), Suit.HEARTS, Suit.HEARTS)
    True
    """
    return card_power(card, led, trump) > card_power(other, led, trump)


def trick_taker(trick: Sequence[Card], trump: Suit) -> int:
    """The index in ``trick`` (leader first) of the card that takes it so far."""
    if not trick:
        raise ValueError("an empty trick has no taker")
    check_cards(trick)
    led = trick[0].suit
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], led, trump):
            best = i
    return best


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """Deprecated since 0.2.0: the old name of :func:`trick_taker`."""
    _renamed("cardtable.kraken.trick_winner", "trick_taker")
    return trick_taker(trick, trump)


def _renamed(old: str, new: str) -> None:
    warnings.warn(
        f"{old} is deprecated and will be removed: use {new}", DeprecationWarning, stacklevel=3
    )


def suit_mask(suit: Suit) -> int:
    """The bits of the Kraken cards of ``suit``."""
    return SUIT_MASKS[suit] & DECK.mask


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the cards in playing order, who took it, what it scored.

    The same names as :class:`cardtable.gurka.Trick`: ``leader``, ``cards``, ``plays``
    and ``taker``.
    """

    leader: int
    """The seat that led."""
    cards: tuple[Card, ...]
    """The four cards, leader first."""
    taker: int
    """The seat that took it (and leads the next trick); its team scores it."""
    points: int
    """Card points in it, plus 10 if it was the last trick."""
    roem: int
    """Roem scored by it (0 unless roem is counted in tricks)."""

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` pairs in playing order, leader first."""
        return tuple(((self.leader + i) % 4, card) for i, card in enumerate(self.cards))

    @property
    def winner(self) -> int:
        """Deprecated since 0.2.0: the old name of :attr:`taker`."""
        _renamed("Trick.winner", "Trick.taker")
        return self.taker

    def played_by(self) -> tuple[tuple[int, Card], ...]:
        """Deprecated since 0.2.0: the old name of :attr:`plays` (now a property)."""
        _renamed("Trick.played_by()", "Trick.plays")
        return self.plays

    def to_dict(self) -> dict[str, Any]:
        """The trick as plain JSON data.

        The wire keys are unchanged: the seat that took the trick is ``"winner"``
        here (``"taker"`` in Gurka), which clients and bots already read.
        """
        return {
            "leader": self.leader,
            "cards": [str(c) for c in self.cards],
            "winner": self.taker,
            "points": self.points,
            "roem": self.roem,
        }
