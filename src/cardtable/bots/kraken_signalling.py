"""How the expert gives and reads the agreed partner signals of ``Rules.signals``.

The convention is public (:mod:`cardtable.kraken.signals`): a discard asks for its
suit or denies it. The expert **gives** a signal only when it costs nothing it can
see: among the discards its search finds within :data:`FREE_SIGNAL` points of the
best, it plays the one that asks for the suit it wants led, a plain suit whose ace it
holds (the longest such suit; none without an ace), or else denies another suit.

It **reads** its partner's signals as evidence about the hand they came from: a
sampled world in which partner held the ace of a suit it asked for, or lacked the ace
of a suit it denied, is more likely than one in which it did not. Opponents' discards
are not read: nothing makes an opponent signal honestly (a pilot that read them
against bots that do not signal lost points). The weights are soft
(:data:`ASK_WITHOUT_ACE`, :data:`DENY_WITH_ACE`), since a player short of choices may
signal by accident.

>>> from cardtable.cards import Suit, parse_cards
>>> wanted_suit(parse_cards("AC 7C 8C AD 9S"), Suit.SPADES)
<Suit.CLUBS: 0>
>>> wanted_suit(parse_cards("KC 7D"), Suit.SPADES) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final

from cardtable.bots.pimc import Estimate
from cardtable.cards import Card, Rank, Suit
from cardtable.kraken.observation import Observation
from cardtable.kraken.round import Round
from cardtable.kraken.signals import is_discard, signalling_choice

__all__ = [
    "ASK_WITHOUT_ACE",
    "DENY_WITH_ACE",
    "FREE_SIGNAL",
    "signal_choice",
    "signal_reader",
    "wanted_suit",
]

FREE_SIGNAL: Final = 1.0
"""Points of expected round score a signalling discard may cost against the best."""
ASK_WITHOUT_ACE: Final = 0.3
"""The weight of a world in which a seat asked for a suit without holding its ace."""
DENY_WITH_ACE: Final = 0.5
"""The weight of a world in which a seat denied a suit while holding its ace."""


def wanted_suit(hand: Iterable[Card], trump: Suit) -> Suit | None:
    """The plain suit a player holding ``hand`` wants partner to lead: the longest
    suit whose ace it holds (the lowest suit among equals), or None."""
    cards = list(hand)
    aces = [c.suit for c in cards if c.rank == Rank.ACE and c.suit != trump]
    if not aces:
        return None
    return max(aces, key=lambda suit: (sum(c.suit == suit for c in cards), -suit))


def signal_choice(observation: Observation, estimates: Mapping[str, Estimate]) -> str | None:
    """The discard that signals what the bot wants among those within
    :data:`FREE_SIGNAL` of the best estimate, or None when there is no choice of
    discards to make (or the rules agree no signals)."""
    if observation.rules.signals == "none" or observation.trump is None:
        return None
    trick = [card for _, card in observation.trick]
    best = max(estimate.mean for estimate in estimates.values())
    free = [
        action
        for action, estimate in sorted(estimates.items(), key=lambda item: -item[1].mean)
        if estimate.mean >= best - FREE_SIGNAL
        and is_discard(trick, Card.parse(action), observation.trump)
    ]
    if len(free) < 2:
        return None
    wanted = wanted_suit(observation.hand, observation.trump)
    return signalling_choice(free, wanted, observation.rules, observation.trump)


def signal_reader(observation: Observation) -> Callable[[Round], float] | None:
    """How much more or less likely a world is given partner's signals so far (None
    when it gave none): for a world, the product over its signals of
    :data:`ASK_WITHOUT_ACE` or :data:`DENY_WITH_ACE` where the hand partner held then
    (its cards in the world plus those it played since) disagrees."""
    plays = [trick.plays for trick in observation.tricks]
    plays.append(tuple(observation.trick))
    evidence: list[tuple[int, Card, bool]] = []  # seat, ace, asked (else denied)
    for signal in observation.signals:
        seat = int(signal.seat)
        if seat != (int(observation.seat) + 2) % 4:
            continue
        ace = Card(signal.signal.suit, Rank.ACE)
        since = {card for trick in plays[signal.trick :] for s, card in trick if int(s) == seat}
        if ace in since:  # it held the ace then, in every world: nothing to weigh
            continue
        evidence.append((seat, ace, signal.signal.meaning == "asks"))
    if not evidence:
        return None

    def weight(world: Round) -> float:
        result = 1.0
        for seat, ace, asked in evidence:
            held = ace in world.hands[seat]
            if asked and not held:
                result *= ASK_WITHOUT_ACE
            elif not asked and held:
                result *= DENY_WITH_ACE
        return result

    return weight
