"""Which cards may be played: following suit and the Amsterdam and Rotterdam trump rules.

The readable statement of the play rules is :func:`refusal` (why a card may not be
played); :func:`legal_plays` computes the same on bitmasks, and the tests prove that
they agree.

>>> from cardtable.cards import Suit, parse_cards
>>> from cardtable.kraken.rules import Rules
>>> hand = parse_cards("7H JS 8C")
>>> sorted(legal_plays(hand, parse_cards("AD"), Suit.SPADES, Rules()))
[Card.parse('JS')]
>>> refusal(hand, parse_cards("AD"), Suit.SPADES, Rules(), parse_cards("7H")[0])
'must trump: an opponent is winning the trick and you hold a trump (JS)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from cardtable.cards import Card, Suit
from cardtable.kraken.fast import legal_mask
from cardtable.kraken.rules import Rules
from cardtable.kraken.trick import beats, card_power, check_cards, trick_taker

__all__ = ["Refusal", "legal_plays", "refusal", "why_refused"]

_SUIT_NAMES = {s: s.name.lower() for s in Suit}


def _names(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards))


class Refusal(NamedTuple):
    """Why a card is refused: the rule's ``code``, its facts and the English text."""

    code: str
    params: dict[str, Any]
    text: str


def _refused(code: str, text: str, card: Card, cards: Iterable[Card] = (), **facts: Any) -> Refusal:
    return Refusal(
        code, {"card": str(card), "cards": [str(c) for c in sorted(cards)], **facts}, text
    )


def refusal(
    hand: Iterable[Card], trick: Sequence[Card], trump: Suit, rules: Rules, card: Card
) -> str | None:
    """Why ``card`` may not be played from ``hand`` to ``trick``, or None if it may.

    ``trick`` holds the cards already played, leader first; the player to move is
    next, so their partner's card, if any, is ``trick[-2]``.
    """
    reason = why_refused(hand, trick, trump, rules, card)
    return None if reason is None else reason.text


def why_refused(
    hand: Iterable[Card], trick: Sequence[Card], trump: Suit, rules: Rules, card: Card
) -> Refusal | None:
    """:func:`refusal` with the rule's code and facts (for interfaces that say it in
    their own words): codes ``not_held``, ``follow_suit``, ``head_trick``,
    ``must_trump``, ``must_overtrump``, ``no_undertrump_partner``, ``no_undertrump``;
    facts ``card``, ``cards`` (the cards that may be played instead, as text),
    ``suit`` (led), ``best`` (the best trump in the trick).

    >>> from cardtable.cards import parse_cards
    >>> why_refused(parse_cards("7H JS"), parse_cards("AD"), Suit.SPADES, Rules(),
    ...             parse_cards("7H")[0]).code
    'must_trump'
    """
    hand = list(hand)
    check_cards([*hand, *trick, card])
    if card not in hand:
        return _refused("not_held", f"you do not hold {card}", card)
    if not trick:
        return None
    led = trick[0].suit
    following = [c for c in hand if c.suit == led]
    trumps = [c for c in hand if c.suit == trump]
    played_trumps = [c for c in trick if c.suit == trump]
    best_trump = (
        max(played_trumps, key=lambda c: card_power(c, led, trump)) if played_trumps else None
    )
    higher = [t for t in trumps if best_trump is None or beats(t, best_trump, led, trump)]

    if led == trump:
        if following and card.suit != trump:
            return _refused(
                "follow_suit",
                f"must follow suit: you hold {_SUIT_NAMES[led]} ({_names(following)})",
                card,
                following,
                suit=led.letter,
            )
        if card.suit == trump and higher and card not in higher:
            return _refused(
                "head_trick",
                f"must head the trick: trumps were led and you hold a trump higher "
                f"than {best_trump} ({_names(higher)})",
                card,
                higher,
                best=str(best_trump),
            )
        return None
    if following:
        if card.suit != led:
            return _refused(
                "follow_suit",
                f"must follow suit: you hold {_SUIT_NAMES[led]} ({_names(following)})",
                card,
                following,
                suit=led.letter,
            )
        return None
    if not trumps:
        return None

    if rules.play == "rotterdam":
        if card.suit != trump:
            return _refused(
                "must_trump",
                "must trump (Rotterdam): you cannot follow suit and hold a trump "
                f"({_names(trumps)})",
                card,
                trumps,
            )
        if higher and card not in higher:
            return _refused(
                "must_overtrump",
                f"must overtrump (Rotterdam): you hold a trump higher than {best_trump} "
                f"({_names(higher)})",
                card,
                higher,
                best=str(best_trump),
            )
        return None

    partner_winning = len(trick) >= 2 and trick_taker(trick, trump) == len(trick) - 2
    if partner_winning:
        if best_trump is None or card.suit != trump or card in higher:
            return None
        others = [c for c in hand if c.suit != trump or c in higher]
        if others:
            return _refused(
                "no_undertrump_partner",
                f"may not undertrump your partner's {best_trump}: you hold other cards "
                f"({_names(others)})",
                card,
                others,
                best=str(best_trump),
            )
        return None
    if best_trump is None:
        if card.suit != trump:
            return _refused(
                "must_trump",
                "must trump: an opponent is winning the trick and you hold a trump "
                f"({_names(trumps)})",
                card,
                trumps,
            )
        return None
    if higher:
        if card not in higher:
            return _refused(
                "must_overtrump",
                f"must overtrump: an opponent is winning with {best_trump} and you hold "
                f"a higher trump ({_names(higher)})",
                card,
                higher,
                best=str(best_trump),
            )
        return None
    plain = [c for c in hand if c.suit != trump]
    if card.suit == trump and plain:
        return _refused(
            "no_undertrump",
            f"may not undertrump {best_trump}: you cannot overtrump, so discard a card of "
            f"another suit ({_names(plain)})",
            card,
            plain,
            best=str(best_trump),
        )
    return None


def legal_plays(
    hand: Iterable[Card], trick: Sequence[Card], trump: Suit, rules: Rules
) -> set[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards already played,
    leader first) when ``trump`` is trump, under the play rules of ``rules``.

    Computed on bitmasks by :func:`cardtable.kraken.fast.legal_mask`; the tests prove
    it equal to the cards :func:`refusal` does not refuse.
    """
    hand = list(hand)
    check_cards([*hand, *trick])
    mask = 0
    for card in hand:
        mask |= card.bit
    legal = legal_mask(mask, [c.index for c in trick], trump, rules.play)
    return {card for card in hand if legal & card.bit}
