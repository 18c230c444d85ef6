"""Kraken actions as text: parsing any accepted spelling into the canonical one.

>>> parse_action("10h"), parse_action(" TRUMP hearts "), parse_action("Contra")
('TH', 'trump H', 'contra')
"""

from __future__ import annotations

from typing import Final

from cardtable.cards import Card, Suit
from cardtable.errors import IllegalAction
from cardtable.kraken.trick import DECK

__all__ = ["KEYWORDS", "parse_action", "trump_action"]

KEYWORDS: Final[frozenset[str]] = frozenset({"pass", "take", "contra", "re", "superkraken", "roem"})
"""The actions that are a single word."""

_EXPECTED = (
    "expected a card such as 'JH' or '10H', 'trump C', 'trump D', 'trump H', 'trump S', "
    "'pass', 'take', 'contra', 're', 'superkraken' or 'roem'"
)


def trump_action(suit: Suit) -> str:
    """The canonical action that names ``suit`` as trump: ``"trump H"``."""
    return "trump " + suit.letter


def parse_action(text: str) -> str:
    """The canonical form of an action (case-insensitive in, canonical out).

    Raises :class:`~cardtable.errors.IllegalAction` for text that is no Kraken action.
    """
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text, not {type(text).__name__}: {_EXPECTED}")
    words = text.split()
    if len(words) == 1:
        word = words[0].lower()
        if word in KEYWORDS:
            return word
        try:
            card = Card.parse(word)
        except ValueError:
            pass
        else:
            if not DECK.mask & card.bit:
                raise IllegalAction(
                    f"{card} is not a Kraken card: the deck holds 7 to A",
                    code="not_in_deck",
                    card=str(card),
                )
            return str(card)
    elif len(words) == 2 and words[0].lower() == "trump":
        try:
            return trump_action(Suit.parse(words[1]))
        except ValueError as error:
            raise IllegalAction(
                f"unknown action {text!r}: {error}", code="unknown_action", text=text
            ) from None
    raise IllegalAction(f"unknown action {text!r}: {_EXPECTED}", code="unknown_action", text=text)
