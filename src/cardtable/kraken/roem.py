"""Roem: bonus points for runs, stuk and four of a kind.

Runs follow the natural order 7 8 9 T J Q K A within one suit (the same in trumps),
stuk is the king and queen of trump, and four tens, queens, kings or aces are
worth 100, four jacks 200. Nines, eights and sevens never make four of a kind.

>>> from cardtable.cards import Suit, parse_cards
>>> trick_roem(parse_cards("7H 8H 9H AC"), Suit.SPADES)
20
>>> trick_roem(parse_cards("KS QS JS 7D"), Suit.SPADES)  # run of three plus stuk
40
>>> hand_roem(parse_cards("7C 8C 9C TC JC JD JH JS"), Suit.HEARTS)  # run of five, four jacks
300
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Final

from cardtable.cards import Card, Rank, Suit
from cardtable.kraken.trick import DECK, check_cards

__all__ = [
    "declared_roem",
    "hand_roem",
    "hand_roem_mask",
    "hand_roem_values",
    "has_stuk",
    "roem_parts",
    "stuk_mask",
    "trick_roem",
    "trick_roem_mask",
    "trick_roem_values",
]

_FOURS: Final[dict[Rank, int]] = {
    Rank.JACK: 200,
    Rank.ACE: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
    Rank.TEN: 100,
}
_SUIT_RANKS: Final[int] = sum(1 << (rank - 2) for rank in Rank if rank >= Rank.SEVEN)
"""The Kraken ranks (7 to ace) as a 13-bit mask of one suit."""
_FOUR_RANKS: Final[int] = sum(1 << (rank - 2) for rank in _FOURS)
"""The ranks whose four of a kind is roem (ten to ace), as a 13-bit mask of one suit."""
_SPREAD: Final[int] = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Multiplying a 13-bit mask of one suit by this copies it into all four suits."""
_FOUR_MASKS: Final[tuple[tuple[int, int], ...]] = tuple(
    (sum(1 << (suit * 13 + rank - 2) for suit in range(4)), value) for rank, value in _FOURS.items()
)


def stuk_mask(trump: Suit) -> int:
    """The bits of the king and queen of trump."""
    return Card(trump, Rank.KING).bit | Card(trump, Rank.QUEEN).bit


def _mask(cards: Iterable[Card]) -> int:
    cards = list(cards)
    check_cards(cards)
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def has_stuk(cards: Iterable[Card], trump: Suit) -> bool:
    """Whether ``cards`` hold both the king and the queen of trump."""
    stuk = stuk_mask(trump)
    return _mask(cards) & stuk == stuk


def _run_lengths(mask: int) -> list[int]:
    """Lengths of the maximal runs of consecutive ranks, per suit, in a card mask."""
    lengths = []
    for suit in range(4):
        bits = (mask >> (13 * suit)) & 0x1FFF
        length = 0
        for rank_bit in range(14):
            if bits >> rank_bit & 1:
                length += 1
            else:
                if length:
                    lengths.append(length)
                length = 0
    return lengths


def _fours(mask: int) -> int:
    return sum(value for four, value in _FOUR_MASKS if mask & four == four)


@cache
def trick_roem_mask(mask: int, trump: int) -> int:
    """:func:`trick_roem` for a card mask; memoized, for the hot paths."""
    longest = max(_run_lengths(mask), default=0)
    roem = 50 if longest >= 4 else 20 if longest == 3 else 0
    stuk = stuk_mask(Suit(trump))
    if mask & stuk == stuk:
        roem += 20
    return roem + _fours(mask)


def trick_roem(trick: Iterable[Card], trump: Suit) -> int:
    """The roem in the cards of one trick: a run of 3 is 20, of 4 is 50; stuk 20 is
    added to any run; four T, Q, K or A 100; four J 200."""
    return trick_roem_mask(_mask(trick), int(trump))


def hand_roem(hand: Iterable[Card], trump: Suit) -> int:
    """The roem a hand can declare: each run of 3 is 20, of 4 is 50, of 5 or more 100;
    stuk 20 on top; each four T, Q, K or A 100, four J 200. A card may count in a run
    and in a four of a kind."""
    return hand_roem_mask(_mask(hand), int(trump))


def hand_roem_mask(mask: int, trump: int) -> int:
    """:func:`hand_roem` for a card mask and a trump suit number, for the hot paths."""
    stuk = stuk_mask(Suit(trump))
    return _hand_runs(mask) + (20 if mask & stuk == stuk else 0) + _fours(mask)


def _hand_runs(mask: int) -> int:
    return sum(100 if n >= 5 else 50 if n == 4 else 20 if n == 3 else 0 for n in _run_lengths(mask))


@cache
def trick_roem_values() -> tuple[int, ...]:
    """Every roem above 0 that the four cards of one trick can hold, ascending.

    >>> trick_roem_values()
    (20, 40, 50, 70, 100, 200)
    """
    masks = [card.bit for card in DECK]
    values = {
        trick_roem_mask(a | b | c | d, int(Suit.SPADES))
        for i, a in enumerate(masks)
        for j, b in enumerate(masks[i + 1 :], i + 1)
        for k, c in enumerate(masks[j + 1 :], j + 1)
        for d in masks[k + 1 :]
    }
    return tuple(sorted(values - {0}))


@cache
def hand_roem_values(stuk: bool) -> frozenset[int]:
    """Every roem above 0 that a hand of eight cards (7 to ace) declares from hand
    (:func:`hand_roem`), for hands with stuk or without.

    A hand's roem is the runs of each suit, stuk in the trump suit and the fours of a
    kind across the suits, so the hands are built suit by suit (trump first) keeping
    the card count, the ranks held in every suit so far, stuk, and the run roem.

    >>> 20 in hand_roem_values(stuk=False), 30 in hand_roem_values(stuk=False)
    (True, False)
    >>> sorted(hand_roem_values(stuk=True))[:4]
    [20, 40, 60, 70]
    """
    # Each suit's holding as what matters here: its size, its run roem (in tens), the
    # ranks that make fours of a kind, and whether it has the king and queen.
    king_queen = stuk_mask(Suit.CLUBS)
    holdings = {
        (
            held.bit_count(),
            _hand_runs(held) // 10,
            held & _FOUR_RANKS,
            held & king_queen == king_queen,
        )
        for held in range(1 << 13)
        if held & ~_SUIT_RANKS == 0
    }
    # State: (cards so far, four-ranks held in every suit so far, stuk) -> the run roem
    # reachable, as a bit set of tens.
    states: dict[tuple[int, int, bool], int] = {(0, _FOUR_RANKS, False): 1}
    for suit in range(4):
        following: dict[tuple[int, int, bool], int] = {}
        for (count, common, has), runs in states.items():
            for size, tens, fours, kq in holdings:
                if count + size <= 8:
                    key = (count + size, common & fours, has or (suit == 0 and kq))
                    following[key] = following.get(key, 0) | runs << tens
        states = following
    values = {
        10 * tens + 20 * has + _fours(common * _SPREAD)
        for (count, common, has), runs in states.items()
        if count == 8 and has == stuk
        for tens in range(runs.bit_length())
        if runs >> tens & 1
    }
    return frozenset(values - {0})


def roem_parts(cards: Iterable[Card], trump: Suit, *, hand: bool = False) -> list[tuple[str, int]]:
    """The roem in ``cards`` named part by part, as ``(name, points)``: ``run3``,
    ``run4``, ``run5`` (a run of five or more, from a hand only), ``stuk`` and
    ``four`` plus a rank letter (``fourJ``). ``hand``: the parts of a hand
    declaration (:func:`hand_roem`, every run), else of one trick (:func:`trick_roem`,
    its longest run); the points add up to those functions' totals.

    >>> from cardtable.cards import parse_cards
    >>> roem_parts(parse_cards("KS QS JS 7D"), Suit.SPADES)
    [('run3', 20), ('stuk', 20)]
    >>> roem_parts(parse_cards("7C 8C 9C TC JC JD JH JS"), Suit.HEARTS, hand=True)
    [('run5', 100), ('fourJ', 200)]
    """
    mask = _mask(cards)
    runs = [n for n in _run_lengths(mask) if n >= 3]
    if not hand:
        runs = [min(max(runs), 4)] if runs else []
    parts = [(f"run{min(n, 5)}", 100 if n >= 5 else 50 if n == 4 else 20) for n in runs]
    stuk = stuk_mask(trump)
    if mask & stuk == stuk:
        parts.append(("stuk", 20))
    for rank, value in _FOURS.items():
        if all(mask >> (suit * 13 + rank - 2) & 1 for suit in range(4)):
            parts.append((f"four{rank.letter}", value))
    return parts


def declared_roem(declared: Mapping[int, int], stuk: Mapping[int, int]) -> tuple[int, int]:
    """The roem each team scores from hand declarations.

    ``declared`` maps each declaring seat to the roem it declared, ``stuk`` maps a
    declaring seat to the part of it that is stuk. The team of the seat with the
    highest declaration scores all its declared roem; the other team keeps only its
    stuk. If both teams' highest declarations are equal, both keep their own.

    >>> declared_roem({0: 50, 1: 20, 3: 40}, {3: 20})
    (50, 20)
    >>> declared_roem({0: 50, 1: 50}, {})
    (50, 50)
    """
    totals = [0, 0]
    best = [0, 0]
    stuks = [0, 0]
    for seat, amount in declared.items():
        team = seat % 2
        totals[team] += amount
        best[team] = max(best[team], amount)
        stuks[team] += stuk.get(seat, 0)
    if best[0] == best[1]:
        return totals[0], totals[1]
    if best[0] > best[1]:
        return totals[0], stuks[1]
    return stuks[0], totals[1]
