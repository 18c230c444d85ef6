"""The pure rules kernel of Gurka: penalties, legal plays and who takes a trick.

Suits never matter, only ranks. The functions on :class:`~cardtable.cards.Card`
values are for people and tests; the ``*_mask`` functions do the same work on
plain ``int`` card masks and are what the round and the fast playouts use.

>>> from cardtable.cards import parse_cards
>>> hand = parse_cards("2C 5D 9H KS")
>>> sorted(str(c) for c in legal_plays(hand, parse_cards("8S TD"), Rules()))
['2C', 'KS']
>>> trick_taker(parse_cards("8S KD 3C KH")), penalty(parse_cards("KH")[0])
(3, 13)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import CARDS, Card, CardSet, Rank
from cardtable.gurka.rules import Rules

__all__ = [
    "RANK_AT_LEAST",
    "Trick",
    "explain_illegal",
    "legal_mask",
    "legal_plays",
    "lowest_mask",
    "lowest_rank",
    "penalty",
    "rank_mask",
    "scoring_seats",
    "sort_cards",
    "target_rank",
    "trick_penalties",
    "trick_taker",
    "why_refused",
]

_SPREAD: Final[int] = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Multiplying a 13-bit rank mask by this copies it into all four suits."""

RANK_AT_LEAST: Final[tuple[int, ...]] = tuple(
    sum(c.bit for c in CARDS if c.rank >= r) for r in range(16)
)
"""``RANK_AT_LEAST[r]``: the mask of every card of rank ``r`` or higher (``r`` 0..15)."""

_RANK_OF: Final[tuple[int, ...]] = tuple(int(c.rank) for c in CARDS)


def penalty(card: Card) -> int:
    """The penalty value of a card: A 14, K 13, Q 12, J 11, others their number.

    >>> penalty(Card.parse("AS")), penalty(Card.parse("10D")), penalty(Card.parse("2C"))
    (14, 10, 2)
    """
    return int(card.rank)


def rank_mask(hand: int) -> int:
    """The ranks present in a card mask, as a 13-bit mask (bit ``rank - 2``)."""
    return (hand | hand >> 13 | hand >> 26 | hand >> 39) & 0x1FFF


def lowest_mask(hand: int) -> int:
    """The cards of the lowest rank in ``hand`` (several when suits share it)."""
    ranks = (hand | hand >> 13 | hand >> 26 | hand >> 39) & 0x1FFF
    return hand & (ranks & -ranks) * _SPREAD


def lowest_rank(hand: int) -> int:
    """The lowest rank in a non-empty card mask (2..14)."""
    ranks = rank_mask(hand)
    return (ranks & -ranks).bit_length() + 1


def target_rank(trick_ranks: Sequence[int], rules: Rules) -> int:
    """The rank the next player must match or beat; 0 when leading.

    By default the highest rank in the trick; with ``match_previous`` the rank of
    the card played just before.
    """
    if not trick_ranks:
        return 0
    return trick_ranks[-1] if rules.match_previous else max(trick_ranks)


def legal_mask(hand: int, target: int, rules: Rules) -> int:
    """The legal cards of ``hand`` (a card mask) against ``target`` (0 when leading).

    >>> legal_mask(CardSet.parse("3C 7D QH").mask, 8, Rules()) == CardSet.parse("3C QH").mask
    True
    """
    lowest = lowest_mask(hand)
    if not target:
        return lowest if rules.lead_lowest else hand
    if target == 14 and rules.aces_unbeatable:
        return lowest
    high = hand & RANK_AT_LEAST[target]
    if rules.must_head:
        return high or lowest
    return high | lowest


def legal_plays(hand: Iterable[Card] | CardSet, trick: Sequence[Card], rules: Rules) -> set[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards already played,
    leader first).

    A player with a single card may always play it (it is their lowest card).

    >>> from cardtable.cards import parse_cards
    >>> sorted(map(str, legal_plays(parse_cards("4C 4D 9S"), parse_cards("JH"), Rules())))
    ['4C', '4D']
    >>> sorted(map(str, legal_plays(parse_cards("4C QD"), parse_cards("JH 5S"),
    ...                             Rules(match_previous=True, must_head=True))))
    ['QD']
    """
    mask = hand.mask if isinstance(hand, CardSet) else CardSet(hand).mask
    ranks = [_RANK_OF[c.index] for c in trick]
    legal = legal_mask(mask, target_rank(ranks, rules), rules)
    return set(CardSet(legal))


def trick_taker(trick: Sequence[Card], rules: Rules | None = None) -> int:
    """Index into ``trick`` of the card that takes it: the highest rank, and among
    equal highest ranks the one played last.

    With ``rules.aces_unbeatable`` an ace cannot be matched, so the first ace
    played takes the trick.

    >>> from cardtable.cards import parse_cards
    >>> trick_taker(parse_cards("9C 9D 4S 9H"))
    3
    >>> trick_taker(parse_cards("AC 4D AS"), Rules(aces_unbeatable=True))
    0
    """
    if not trick:
        raise ValueError("an empty trick has no taker")
    return _taker([_RANK_OF[c.index] for c in trick], rules)


def _taker(ranks: Sequence[int], rules: Rules | None) -> int:
    top = max(ranks)
    if top == 14 and rules is not None and rules.aces_unbeatable:
        return ranks.index(14)
    return len(ranks) - 1 - ranks[::-1].index(top)


def scoring_seats(ranks: Sequence[int]) -> list[int]:
    """Indices of every card of the highest rank in a trick: the players who score
    penalty points when the trick counts.

    >>> scoring_seats([9, 12, 3, 12])
    [1, 3]
    """
    top = max(ranks)
    return [i for i, r in enumerate(ranks) if r == top]


def trick_penalties(ranks: Sequence[int]) -> list[int]:
    """The penalty each card of a trick scores when the trick counts: every card of
    the highest rank scores that rank (ties all score), the others 0.

    >>> trick_penalties([9, 12, 3, 12])
    [0, 12, 0, 12]
    """
    top = max(ranks)
    return [top if r == top else 0 for r in ranks]


def explain_illegal(
    hand: Iterable[Card] | CardSet, trick: Sequence[Card], rules: Rules, card: Card
) -> str | None:
    """Why ``card`` may not be played from ``hand`` to ``trick``; None when it may.

    >>> from cardtable.cards import parse_cards
    >>> hand, trick = parse_cards("3C 7D QH"), parse_cards("8S")
    >>> print(explain_illegal(hand, trick, Rules(), Card.parse("7D")))
    7D is too low: play a card of rank 8 or higher (the highest card in the trick is 8) \
or your lowest card (3)
    """
    mask = hand.mask if isinstance(hand, CardSet) else CardSet(hand).mask
    return _explain(mask, [_RANK_OF[c.index] for c in trick], rules, card)


def _rank_text(rank: int) -> str:
    return Rank(rank).display


def _explain(hand: int, trick_ranks: Sequence[int], rules: Rules, card: Card) -> str | None:
    """The reason ``card`` is illegal, given a hand mask and the ranks in the trick."""
    reason = why_refused(hand, trick_ranks, rules, card)
    return None if reason is None else reason[2]


def why_refused(
    hand: int, trick_ranks: Sequence[int], rules: Rules, card: Card
) -> tuple[str, dict[str, Any], str] | None:
    """:func:`explain_illegal` on a hand mask, as ``(code, facts, English text)``:
    codes ``not_held``, ``lead_lowest``, ``ace_unbeatable``, ``must_head``,
    ``too_low``; facts ``card``, ``cards`` (your hand, for ``not_held``),
    ``rank`` (the rank to match), ``lowest`` (your lowest rank) and ``previous``
    (True when only the card just before counts)."""
    facts: dict[str, Any] = {"card": str(card)}
    if not hand & card.bit:
        cards = sorted(CardSet(hand), key=_sort_key)
        held = " ".join(str(c) for c in cards)
        facts["cards"] = [str(c) for c in cards]
        return "not_held", facts, f"you do not hold {card}: your hand is {held or 'empty'}"
    target = target_rank(trick_ranks, rules)
    if legal_mask(hand, target, rules) & card.bit:
        return None
    low = _rank_text(lowest_rank(hand))
    facts["lowest"] = low
    if not target:
        return (
            "lead_lowest",
            facts,
            f"{card} may not lead: the leader must lead their lowest card ({low})",
        )
    if target == 14 and rules.aces_unbeatable:
        return (
            "ace_unbeatable",
            facts,
            f"{card} is not allowed: an ace cannot be matched or beaten, "
            f"so you must play your lowest card ({low})",
        )
    what = (
        "the card played just before" if rules.match_previous else "the highest card in the trick"
    )
    need = _rank_text(target)
    facts.update(rank=need, previous=rules.match_previous)
    if rules.must_head:
        return (
            "must_head",
            facts,
            f"{card} is not allowed: you hold a card of rank {need} or higher "
            f"({what} is {need}), so you must play one",
        )
    return (
        "too_low",
        facts,
        f"{card} is too low: play a card of rank {need} or higher "
        f"({what} is {need}) or your lowest card ({low})",
    )


def _sort_key(card: Card) -> tuple[int, int]:
    return (card.rank, card.suit)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in Gurka order: by rank (2 first), then by suit."""
    return sorted(cards, key=_sort_key)


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, who played what in order, and who took it.

    The same names as :class:`cardtable.kraken.Trick`: ``leader``, ``cards``, ``plays``
    and ``taker``.
    """

    leader: int
    """The seat that led."""
    plays: tuple[tuple[int, Card], ...]
    """``(seat, card)`` in the order played, leader first."""
    taker: int
    """The seat that took the trick (and leads the next one)."""
    scorers: tuple[int, ...]
    """The seats that played a card of the highest rank (they score when the trick counts)."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order played, leader first."""
        return tuple(card for _, card in self.plays)

    def to_dict(self) -> dict[str, Any]:
        """The trick as JSON data."""
        return {
            "leader": self.leader,
            "plays": [[seat, str(card)] for seat, card in self.plays],
            "taker": self.taker,
            "scorers": list(self.scorers),
        }
