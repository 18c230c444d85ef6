"""Agreed partner signals: what a discard says under the convention of ``Rules.signals``.

The rulebook allows signals "as long as the signalling types were discussed before
the game out loud", so a convention is a rule every seat knows (it is in
:class:`~cardtable.kraken.rules.Rules`, hence in every observation), never a secret
channel. It changes neither what is legal nor the score: it only gives cards a
meaning.

Only a **discard** signals: a card that neither follows the suit led nor is a trump
(its player could not follow suit and did not trump, also when trump was led and the
player had none). A lead, a card that follows suit and a trump say nothing.

A discard is **high** when it is one of the four highest of the plain-suit order
(ace, ten, king, queen) and **low** when it is one of the four lowest (jack, nine,
eight, seven). Under ``high_asks`` a high discard *asks* partner for its suit and a
low discard *denies* it (the player does not want that suit); under ``low_asks`` it
is the reverse; under ``none`` no card signals.

>>> from cardtable.cards import Card, Suit, parse_cards
>>> from cardtable.kraken.rules import Rules
>>> led = parse_cards("7H KH")                  # hearts led, trump spades
>>> signal_of(led, Card.parse("TC"), Suit.SPADES, Rules(signals="high_asks"))
Signal(meaning='asks', suit=<Suit.CLUBS: 0>)
>>> signal_of(led, Card.parse("8D"), Suit.SPADES, Rules(signals="high_asks"))
Signal(meaning='denies', suit=<Suit.DIAMONDS: 1>)
>>> signal_of(led, Card.parse("8D"), Suit.SPADES, Rules(signals="low_asks"))
Signal(meaning='asks', suit=<Suit.DIAMONDS: 1>)
>>> signal_of(led, Card.parse("AH"), Suit.SPADES, Rules(signals="high_asks")) is None  # follows
True
>>> signal_of(led, Card.parse("7S"), Suit.SPADES, Rules(signals="high_asks")) is None  # trumps
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Literal, NamedTuple, TypeVar

from cardtable.cards import Card, Rank, Suit
from cardtable.kraken.rules import Rules
from cardtable.kraken.seat import Seat
from cardtable.kraken.trick import Trick

__all__ = [
    "HIGH_RANKS",
    "LOW_RANKS",
    "GivenSignal",
    "Meaning",
    "Signal",
    "discard_signal",
    "is_discard",
    "latest_signals",
    "signal_of",
    "signalling_choice",
    "signals_in",
]

Meaning = Literal["asks", "denies"]

HIGH_RANKS: Final[frozenset[Rank]] = frozenset({Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN})
"""The high discards: the four highest of the plain-suit order A T K Q J 9 8 7."""
LOW_RANKS: Final[frozenset[Rank]] = frozenset({Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN})
"""The low discards: the four lowest of the plain-suit order."""


class Signal(NamedTuple):
    """What a discard says: its player ``asks`` for ``suit`` or ``denies`` it (does
    not want it led)."""

    meaning: Meaning
    suit: Suit


class GivenSignal(NamedTuple):
    """A signal given in a round: in which trick (counting from 0), by whom, with
    which card."""

    trick: int
    seat: Seat
    card: Card
    signal: Signal


T = TypeVar("T", Card, str)


def is_discard(trick: Sequence[Card], card: Card, trump: Suit) -> bool:
    """Whether ``card`` played to ``trick`` (the cards already in it, the lead first)
    is a discard: not a lead, not of the suit led, not a trump.

    >>> from cardtable.cards import parse_cards
    >>> is_discard(parse_cards("7H"), Card.parse("TC"), Suit.SPADES)
    True
    >>> is_discard([], Card.parse("TC"), Suit.SPADES)  # a lead
    False
    """
    return bool(trick) and card.suit != trick[0].suit and card.suit != trump


def discard_signal(card: Card, rules: Rules, trump: Suit | None = None) -> Signal | None:
    """What ``card`` says when it is discarded under ``rules.signals`` (None under
    ``none``, or when ``card`` is of the ``trump`` suit, since a trump is no discard).

    >>> discard_signal(Card.parse("QD"), Rules(signals="high_asks"))
    Signal(meaning='asks', suit=<Suit.DIAMONDS: 1>)
    >>> discard_signal(Card.parse("JD"), Rules(signals="high_asks"))
    Signal(meaning='denies', suit=<Suit.DIAMONDS: 1>)
    >>> discard_signal(Card.parse("QD"), Rules()) is None
    True
    """
    convention = rules.signals
    if convention == "none" or card.suit == trump:
        return None
    high = card.rank in HIGH_RANKS
    asks = high if convention == "high_asks" else not high
    return Signal("asks" if asks else "denies", card.suit)


def signal_of(trick: Sequence[Card], card: Card, trump: Suit, rules: Rules) -> Signal | None:
    """What ``card``, played to ``trick`` (the cards already in it, the lead first)
    with ``trump``, signals under ``rules.signals``: a :class:`Signal` for a discard,
    None for a lead, a card that follows suit, a trump, or when the rules have no
    signals."""
    if not is_discard(trick, card, trump):
        return None
    return discard_signal(card, rules, trump)


def signals_in(
    tricks: Iterable[Trick],
    trick: Sequence[tuple[int, Card]],
    trump: Suit | None,
    rules: Rules,
) -> tuple[GivenSignal, ...]:
    """Every signal given in a round so far, in playing order: in the completed
    ``tricks`` and the ``trick`` in progress (``(seat, card)`` pairs, the lead first).
    Empty before trump is chosen or when the rules have no signals."""
    if trump is None or rules.signals == "none":
        return ()
    given: list[GivenSignal] = []
    plays_by_trick = [t.plays for t in tricks]
    if trick:
        plays_by_trick.append(tuple(trick))
    for number, plays in enumerate(plays_by_trick):
        cards = [card for _, card in plays]
        for i, (seat, card) in enumerate(plays):
            signal = signal_of(cards[:i], card, trump, rules)
            if signal is not None:
                given.append(GivenSignal(number, Seat(seat), card, signal))
    return tuple(given)


def latest_signals(given: Iterable[GivenSignal], seat: int) -> dict[Suit, Meaning]:
    """Per suit, the last thing ``seat`` signalled about it (a later signal about a
    suit replaces an earlier one): what partner wants, read from
    :attr:`~cardtable.kraken.observation.Observation.signals`.

    >>> from cardtable.cards import parse_cards
    >>> from cardtable.kraken.trick import Trick
    >>> rules = Rules(signals="high_asks")
    >>> tricks = [Trick(0, parse_cards("7H KC 8H 9H"), 3, 4, 0)]  # E discards KC
    >>> latest_signals(signals_in(tricks, [], Suit.SPADES, rules), Seat.E)
    {<Suit.CLUBS: 0>: 'asks'}
    """
    latest: dict[Suit, Meaning] = {}
    for item in given:
        if item.seat == seat:
            latest[item.signal.suit] = item.signal.meaning
    return latest


def _preference(signal: Signal | None, wanted: Suit | None) -> int:
    """Lower is better: how well a discard saying ``signal`` tells partner ``wanted``."""
    if wanted is not None and signal == ("asks", wanted):
        return 0
    if signal is not None and signal.meaning == "denies" and signal.suit != wanted:
        return 1
    if signal is None:
        return 2
    if signal.meaning == "asks":
        return 3  # asks for a suit the player does not want
    return 4  # denies the very suit the player wants


def signalling_choice(
    candidates: Sequence[T], wanted: Suit | None, rules: Rules, trump: Suit | None = None
) -> T:
    """Among ``candidates`` (discards a bot finds equally good, as cards or card
    text, in the bot's own order), the one whose signal under ``rules.signals`` best
    tells partner that the player wants ``wanted`` led (None: no suit in particular).

    In order of preference: a card that asks for ``wanted``; one that denies another
    suit; one that says nothing (a trump: give ``trump`` to know them); one that asks
    for another suit; one that denies ``wanted``. Among equals, and always under
    ``none``, the first candidate. ``ValueError`` when there are no candidates.

    >>> rules = Rules(signals="high_asks")
    >>> signalling_choice(["7C", "KC", "8D"], Suit.CLUBS, rules)
    'KC'
    >>> signalling_choice(["KC", "8D"], Suit.HEARTS, rules)   # deny diamonds, not ask clubs
    '8D'
    >>> signalling_choice(["7C", "KC", "8D"], Suit.CLUBS, Rules(signals="low_asks"))
    '7C'
    >>> signalling_choice(["KC", "8D"], Suit.CLUBS, Rules())  # no signals: the first
    'KC'
    """
    if not candidates:
        raise ValueError("signalling_choice needs at least one candidate card")
    if rules.signals == "none":
        return candidates[0]
    best = candidates[0]
    best_rank = 5
    for candidate in candidates:
        card = Card.parse(candidate) if isinstance(candidate, str) else candidate
        rank = _preference(discard_signal(card, rules, trump), wanted)
        if rank < best_rank:
            best, best_rank = candidate, rank
    return best
