"""Cards as players of each language write them: Dutch ``B`` (boer), ``V`` (vrouw),
``H`` (heer) and ``8r`` for the eight of ruiten; French and Portuguese ``V``, ``D``,
``R``. The table shows a card with its language's rank letter and the suit symbol,
and accepts the language's letters as well as the English ones (the two never
clash: no English rank letter is a Dutch or French one, and the Dutch suit letters
K and R are no English suit letters).

>>> from cardtable.tui.i18n import set_language
>>> set_language("nl")
>>> show_card("JH"), read_card("8r"), read_card("hk"), read_card("JH"), read_card("pas")
('B♥', '8D', 'KC', 'JH', None)
>>> set_language("fr"); show_card("QS"), read_card("dd")
('D♠', 'QD')
>>> set_language("en")
"""

from __future__ import annotations

from typing import Any, Final

from cardtable.cards import Card, Rank
from cardtable.tui.i18n import language

__all__ = ["rank_text", "read_card", "show_card", "typed_card"]

_RANKS: Final[dict[str, dict[str, str]]] = {
    "nl": {"J": "B", "Q": "V", "K": "H"},
    "fr": {"J": "V", "Q": "D", "K": "R"},
    "pt": {"J": "V", "Q": "D", "K": "R"},
}
"""Rank letters that differ from English, by language (English letter: local)."""
_SUITS: Final[dict[str, dict[str, str]]] = {
    "nl": {"C": "K", "D": "R", "H": "H", "S": "S"},
}
"""Suit letters by language where players write their own (English: local):
klaveren, ruiten, harten, schoppen."""


def rank_text(rank: str) -> str:
    """A rank as the current language writes it (``"J"`` is ``"B"`` in Dutch)."""
    return _RANKS.get(language(), {}).get(rank, rank)


def show_card(card: Card | str | Any) -> str:
    """A card for people: ``10♥``, ``B♥`` in Dutch (a game's own cards as their text)."""
    try:
        parsed = card if isinstance(card, Card) else Card.parse(str(card))
    except ValueError:
        return str(card)
    return rank_text(parsed.rank.display) + parsed.suit.symbol


def typed_card(card: str) -> str:
    """How a player of the current language types ``card``: ``bh`` for ``JH`` in
    Dutch, ``10h`` in English."""
    parsed = Card.parse(card)
    suit = _SUITS.get(language(), {}).get(parsed.suit.letter, parsed.suit.letter)
    return (rank_text(parsed.rank.display) + suit).lower()


def read_card(text: str) -> str | None:
    """The card (English text, ``"8D"``) that ``text`` names in English or in the
    current language's letters; None when it names no card."""
    word = text.strip().upper()
    try:
        return str(Card.parse(word))
    except ValueError:
        pass
    ranks = {local: english for english, local in _RANKS.get(language(), {}).items()}
    suits = {local: english for english, local in _SUITS.get(language(), {}).items()}
    for rank_word in sorted({r.display for r in Rank} | set(ranks), key=len, reverse=True):
        if word.startswith(rank_word) and len(word) > len(rank_word):
            rank = ranks.get(rank_word, rank_word)
            suit = word[len(rank_word) :]
            suit = suits.get(suit, suit)
            try:
                return str(Card.parse(rank + suit))
            except ValueError:
                return None
    return None
