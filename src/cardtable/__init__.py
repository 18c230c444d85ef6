"""cardtable: rules engines, bots and tables for the card games Kraken and Gurka."""

from cardtable.cards import Card, CardSet, Rank, Suit, parse_cards
from cardtable.errors import IllegalAction, RecordError

__all__ = ["Card", "CardSet", "IllegalAction", "Rank", "RecordError", "Suit", "parse_cards"]
__version__ = "0.1.0"
