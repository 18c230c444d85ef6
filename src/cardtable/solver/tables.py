"""Precomputed facts the searches share: card order inside a suit, roem neighbours.

Cards are the indices of :mod:`cardtable.cards` (``suit * 13 + rank - 2``); masks are
ints, as in :mod:`cardtable.kraken.fast`.
"""

from __future__ import annotations

from typing import Final

from cardtable.kraken.fast import POINTS, POWER, SUITS
from cardtable.kraken.roem import trick_roem_mask

__all__ = [
    "FOUR_VALUE",
    "MARS",
    "ORDER",
    "RUN_WINDOWS",
    "apart",
    "cached_trick_roem",
    "roem_bound",
]

MARS: Final = 100
"""The mars bonus counted in the solver's value."""
_KRAKEN_RANKS: Final = range(7, 15)


def _suit_order(trump: int, suit: int) -> tuple[int, ...]:
    power = POWER[trump][suit]
    return tuple(sorted((suit * 13 + rank - 2 for rank in _KRAKEN_RANKS), key=lambda c: -power[c]))


ORDER: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_suit_order(trump, suit) for suit in range(4)) for trump in range(4)
)
"""``ORDER[trump][suit]``: the cards of ``suit``, highest first when that suit is led."""

RUN_WINDOWS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sum(1 << (card - rank + r) for r in range(low, low + 3)) & ~(1 << card)
        for low in range(max(7, rank - 2), min(12, rank) + 1)
    )
    if 7 <= (rank := card % 13 + 2) <= 14
    else ()
    for card in range(52)
)
"""``RUN_WINDOWS[card]``: for each run of three natural ranks holding ``card``, the mask
of the two other cards."""

FOUR_VALUE: Final[dict[int, int]] = {10: 100, 11: 200, 12: 100, 13: 100, 14: 100}
"""Roem of four of a kind by rank."""
_FOUR_MASKS: Final[tuple[int, ...]] = tuple(
    sum(1 << (s * 13 + card % 13) for s in range(4)) if (card % 13 + 2) in FOUR_VALUE else 0
    for card in range(52)
)
"""``_FOUR_MASKS[card]``: the four cards of its rank when that rank makes roem, else 0."""

_ROEM_CACHE: Final[tuple[dict[int, int], ...]] = ({}, {}, {}, {})


def cached_trick_roem(mask: int, trump: int) -> int:
    """:func:`~cardtable.kraken.roem.trick_roem_mask`, memoized per trump in a dict."""
    cache = _ROEM_CACHE[trump]
    roem = cache.get(mask)
    if roem is None:
        roem = cache[mask] = trick_roem_mask(mask, trump)
    return roem


def apart(cards: int, hands: tuple[int, ...] | list[int]) -> bool:
    """Whether no hand holds two of ``cards``: cards that must fall in one trick have to
    come from different hands."""
    for hand in hands:
        common = hand & cards
        if common & (common - 1):
            return False
    return True


def run_neutral(
    card: int,
    hands: tuple[int, ...] | list[int],
    others: int,
    trick: int = 0,
    waiting: tuple[int, ...] | list[int] = (),
) -> bool:
    """Whether ``card`` can never be part of a run of trick roem: every run of three
    through it misses a card still in play elsewhere (``others``: the other hands and the
    trick) or needs two cards of one hand.

    The search asks only about cards that could be equivalent, cards of one suit with
    the same points: the zero-point cards (9 8 7, trumps 8 7), which stuk and four of a
    kind never involve, so runs are all that can keep them apart.

    With a trick in progress (``trick``: its cards; ``waiting``: the hands of the players
    still to play to it), a card played now makes a run only with the trick's cards and
    one card from each waiting hand, and a card played later only with cards still in
    the hands: a run through a card of the trick and a card of a player who has already
    played can never form.
    """
    held = others & ~trick
    now = trick
    for hand in waiting:
        now |= hand
    for window in RUN_WINDOWS[card]:
        if window & held == window and apart(window, hands):
            return False
        if trick and window & now == window and apart(window, waiting):
            return False
    return True


def suit_runs(ranks: int, held: list[int]) -> int:
    """The most run roem disjoint runs of one suit can make (``ranks``: its natural
    ranks 7..A left as bits, ``held``: each hand's): a run of three (20) or four (50)
    consecutive ranks left, each card from a different hand (they fall in one trick)."""
    best = [0] * 9
    for i in range(1, 9):
        value = best[i - 1]
        for length, roem in ((3, 20), (4, 50)):
            if i < length:
                continue
            window = ((1 << length) - 1) << (i - length)
            if ranks & window == window and apart(window, held):
                value = max(value, best[i - length] + roem)
        best[i] = value
    return best[8]


def roem_bound(hands: tuple[int, ...] | list[int], trump: int) -> int:
    """An upper bound of the trick roem still to be scored with ``hands`` left: disjoint
    runs of consecutive ranks left, each card from a different hand (:func:`suit_runs`),
    stuk if its two cards are in different hands, each four of a kind held one card a
    hand; and no more than 70 a trick (a run of four and stuk) besides fours."""
    remaining = hands[0] | hands[1] | hands[2] | hands[3]
    fours = 0
    for rank, value in FOUR_VALUE.items():
        four = _FOUR_MASKS[rank - 2]
        if remaining & four == four and apart(four, hands):
            fours += value
    runs = 0
    for suit in range(4):
        shift = suit * 13 + 5
        ranks = (remaining >> shift) & 0xFF
        if ranks & ranks >> 1 & ranks >> 2:  # some three ranks in a row are left
            runs += suit_runs(ranks, [(hand >> shift) & 0xFF for hand in hands])
    stuk = (1 << (trump * 13 + 10)) | (1 << (trump * 13 + 11))
    if remaining & stuk == stuk and apart(stuk, hands):
        runs += 20
    tricks = max(hand.bit_count() for hand in hands)
    return min(runs, 70 * tricks) + fours


def points_of(mask: int, trump: int) -> int:
    """Card points of the cards in ``mask``."""
    pts = POINTS[trump]
    total = 0
    while mask:
        low = mask & -mask
        total += pts[low.bit_length() - 1]
        mask ^= low
    return total


__all__ += ["POINTS", "POWER", "SUITS", "points_of", "run_neutral"]
