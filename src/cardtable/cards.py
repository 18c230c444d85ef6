"""The shared card model: suits, ranks, cards, and a bitmask card set.

Every card of a 52-card deck has an index ``suit * 13 + (rank - 2)`` and a bit
``1 << index``. Hot paths (legal moves, playouts, search) work on plain ``int``
masks of those bits; people work on :class:`Card` and :class:`CardSet`.

>>> card = Card.parse("10H")
>>> card, str(card), card.unicode()
(Card.parse('TH'), 'TH', '10♥')
>>> parse_cards("JH 9H AC")
[Card.parse('JH'), Card.parse('9H'), Card.parse('AC')]
>>> hand = CardSet.parse("7H 8H AC")
>>> Card.parse("8H") in hand, len(hand), str(hand.of_suit(Suit.HEARTS))
(True, 3, '7H 8H')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

__all__ = [
    "CARDS",
    "DECK_52",
    "SUIT_MASKS",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "deck",
    "iter_bits",
    "parse_cards",
]


class Suit(IntEnum):
    """The four suits, in the order used for indices and sorting."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One-letter notation: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, for people."""
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter, symbol or English name (case-insensitive).

        >>> Suit.parse("h"), Suit.parse("♠"), Suit.parse("Clubs")
        (<Suit.HEARTS: 2>, <Suit.SPADES: 3>, <Suit.CLUBS: 0>)
        """
        key = text.strip().upper()
        suit = _SUIT_BY_TEXT.get(key)
        if suit is None:
            raise ValueError(
                f"invalid suit {text!r}: expected C, D, H or S (or clubs, diamonds, hearts, spades)"
            )
        return suit


_SUIT_BY_TEXT: Final[dict[str, Suit]] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.letter] = _suit
    _SUIT_BY_TEXT[_suit.symbol] = _suit
    _SUIT_BY_TEXT[_suit.name] = _suit


class Rank(IntEnum):
    """Ranks 2 to Ace; Kraken uses 7 to Ace, Gurka all thirteen."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """One-character notation: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @property
    def display(self) -> str:
        """How people write the rank: ``10`` for the ten, otherwise the letter."""
        return "10" if self is Rank.TEN else self.letter

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A`` (case-insensitive).

        >>> Rank.parse("10"), Rank.parse("q")
        (<Rank.TEN: 10>, <Rank.QUEEN: 12>)
        """
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise ValueError(f"invalid rank {text!r}: expected 2-9, T or 10, J, Q, K or A")
        return rank


_RANK_BY_TEXT: Final[dict[str, Rank]] = {rank.letter: rank for rank in Rank}
_RANK_BY_TEXT["10"] = Rank.TEN


class Card:
    """An immutable playing card; there is exactly one object per card.

    >>> Card(Suit.HEARTS, Rank.JACK) is Card.parse("jh")
    True
    >>> sorted(parse_cards("AS 7C TH"))
    [Card.parse('7C'), Card.parse('TH'), Card.parse('AS')]
    """

    __slots__ = ("bit", "index", "rank", "suit")

    suit: Suit
    rank: Rank
    index: int
    bit: int

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        return CARDS[int(suit) * 13 + int(rank) - 2]

    @classmethod
    def _create(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        index = int(suit) * 13 + int(rank) - 2
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the given index (0..51)."""
        return CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card: rank then suit, as in ``"JH"``, ``"TH"``, ``"10H"`` or ``"J♥"``."""
        card = _CARD_BY_TEXT.get(text.strip().upper())
        if card is None:
            raise ValueError(
                f"invalid card {text!r}: expected a rank (2-9, T or 10, J, Q, K, A) "
                "followed by a suit (C, D, H, S), for example 'JH' or '10H'"
            )
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        return _CARD_TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def unicode(self) -> str:
        """The card for people: ``J♥``, ``10♠``."""
        return self.rank.display + self.suit.symbol


CARDS: Final[tuple[Card, ...]] = tuple(
    Card._create(suit, rank) for suit in Suit for rank in sorted(Rank)
)
_CARD_TEXT: Final[tuple[str, ...]] = tuple(c.rank.letter + c.suit.letter for c in CARDS)
_CARD_BY_TEXT: Final[dict[str, Card]] = {}
for _card in CARDS:
    for _rank_text in (_card.rank.letter, _card.rank.display):
        for _suit_text in (_card.suit.letter, _card.suit.symbol):
            _CARD_BY_TEXT[_rank_text + _suit_text] = _card

SUIT_MASKS: Final[tuple[int, int, int, int]] = (
    0x1FFF,
    0x1FFF << 13,
    0x1FFF << 26,
    0x1FFF << 39,
)
DECK_52: Final[int] = (1 << 52) - 1


def deck(lowest: Rank = Rank.TWO) -> CardSet:
    """All cards of rank ``lowest`` and up: the 52-card deck, or the 32 cards from 7.

    >>> len(deck()), len(deck(Rank.SEVEN))
    (52, 32)
    """
    return CardSet(c for c in CARDS if c.rank >= lowest)


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas, keeping their order.

    >>> parse_cards("10H, 9h")
    [Card.parse('TH'), Card.parse('9H')]
    """
    return [Card.parse(part) for part in text.replace(",", " ").split()]


def iter_bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class CardSet:
    """A set of cards stored as an int bitmask (``mask``), ordered by index.

    >>> hearts = CardSet.parse("7H 8H 9H")
    >>> hearts | CardSet.parse("AC")
    CardSet.parse('AC 7H 8H 9H')
    >>> int(hearts & CardSet.parse("9H")) == Card.parse("9H").bit
    True
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] | int = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards > DECK_52:
                raise ValueError(f"card mask out of range: {cards:#x} (allowed 0..{DECK_52:#x})")
            mask = cards
        else:
            mask = 0
            for card in cards:
                mask |= card.bit
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse cards separated by spaces or commas."""
        return cls(parse_cards(text))

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __iter__(self) -> Iterator[Card]:
        return (CARDS[i] for i in iter_bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        if isinstance(other, set | frozenset):
            return self == CardSet(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __invert__(self) -> CardSet:
        return CardSet(DECK_52 & ~self.mask)

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet(self.mask | card.bit)

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card``; raises ``KeyError`` if it is not in the set."""
        if not self.mask & card.bit:
            raise KeyError(card)
        return CardSet(self.mask & ~card.bit)

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def suits(self) -> set[Suit]:
        """The suits present in the set."""
        return {suit for suit in Suit if self.mask & SUIT_MASKS[suit]}

    def __str__(self) -> str:
        return " ".join(_CARD_TEXT[i] for i in iter_bits(self.mask))

    def __repr__(self) -> str:
        return f"CardSet.parse('{self}')"

    def unicode(self) -> str:
        """The cards for people, space-separated: ``7♥ 8♥ A♣``."""
        return " ".join(card.unicode() for card in self)
