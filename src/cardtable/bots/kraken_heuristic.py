"""Kraken played by rules of thumb, the way a sound club player does.

- **Trump choice**: value each suit as trump (jack and nine count most, then length,
  aces and guarded tens outside, stuk and declarable roem) and name the best one when
  it is strong enough; forced, name the best anyway.
- **Challenges**: contra when the hand holds the top trumps against the declarer; re
  and superkraken only with a clearly strong hand.
- **Roem from hand**: always declared (a declaration can only add to the team's score).
- **Play**: as declarers, draw trumps while holding the top trump; cash aces and other
  master cards; smear points onto a trick the partner is sure to win; win cheaply or
  duck with the card that gives away the fewest points and roem; keep tens guarded
  and strong trumps in hand.
"""

from __future__ import annotations

import random
from typing import Final

from cardtable.cards import Card, CardSet, Rank, Suit
from cardtable.kraken.fast import POINTS, POWER, SUITS
from cardtable.kraken.observation import Observation
from cardtable.kraken.roem import hand_roem, trick_roem_mask
from cardtable.kraken.trick import DECK

__all__ = ["bid", "choose", "defence_strength", "play_card", "trump_strength"]

_TRUMP_VALUE: Final[dict[Rank, float]] = {
    Rank.JACK: 30,
    Rank.NINE: 22,
    Rank.ACE: 14,
    Rank.TEN: 11,
    Rank.KING: 7,
    Rank.QUEEN: 6,
    Rank.EIGHT: 4,
    Rank.SEVEN: 4,
}
NAME_THRESHOLD: Final = 68.0
"""Strength from which a free choice names a suit instead of passing."""
CONTRA_THRESHOLD: Final = 58.0
RE_THRESHOLD: Final = 95.0
SUPERKRAKEN_THRESHOLD: Final = 80.0


def _holding_tables() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per holding of one suit (bit ``k`` for the ``k``-th lowest Kraken rank, seven
    to ace): what it adds to :func:`trump_strength` as trumps and as a side suit."""
    ranks = sorted(_TRUMP_VALUE)
    as_trumps, as_side = [], []
    for holding in range(256):
        held = [rank for k, rank in enumerate(ranks) if holding >> k & 1]
        count = len(held)
        value = float(sum(_TRUMP_VALUE[rank] for rank in held)) + 6 * max(0, count - 3)
        if Rank.KING in held and Rank.QUEEN in held:
            value += 10
        as_trumps.append(value)
        if Rank.ACE in held:
            side = 23.0 if Rank.TEN in held else 13.0
        elif Rank.TEN in held and count >= 2:
            side = 4.0
        else:
            side = 0.0 if held else 3.0
        as_side.append(side)
    return tuple(as_trumps), tuple(as_side)


_AS_TRUMPS, _AS_SIDE = _holding_tables()
_LOWEST: Final = tuple(Card(suit, Rank.SEVEN).index for suit in Suit)
"""Per suit, the index of its seven: a suit's holding is the 8 bits from there."""


def trump_strength(hand: int, trump: int, roem_from_hand: bool = False) -> float:
    """How good ``hand`` (a card mask) is for the declarer with ``trump`` as trump:
    the trumps' values (jack 30, nine 22, ace 14, ten 11, king 7, queen 6, eight and
    seven 4), 6 for each trump beyond three and 10 for king and queen of trumps; per
    side suit 13 for the ace (23 with its ten), 4 for a ten with a guard, 3 for a
    void; with ``roem_from_hand``, half the roem the hand declares."""
    strength = _AS_TRUMPS[hand >> _LOWEST[trump] & 255] + _side_strength(hand, trump)
    if roem_from_hand:
        strength += hand_roem(CardSet(hand), Suit(trump)) / 2
    return strength


def defence_strength(hand: int, trump: int) -> float:
    """How well ``hand`` defends against declarers who chose ``trump``."""
    strength = 0.0
    for card in _cards(hand & SUITS[trump]):
        strength += {Rank.JACK: 25, Rank.NINE: 18, Rank.ACE: 8}.get(card.rank, 4)
    return strength + _side_strength(hand, trump)


def _side_strength(hand: int, trump: int) -> float:
    return sum(_AS_SIDE[hand >> _LOWEST[suit] & 255] for suit in range(4) if suit != trump)


def _cards(mask: int) -> list[Card]:
    return [c for c in CardSet(mask)]


def choose(observation: Observation, rng: random.Random) -> str:
    """The heuristic's action for any Kraken decision."""
    legal = observation.legal_actions
    if len(legal) == 1:
        return legal[0]
    phase = observation.phase
    hand = CardSet(observation.hand).mask
    if phase == "trump":
        return _trump_choice(observation, hand)
    if phase == "challenge":
        return _challenge(observation, hand)
    if phase == "roem":
        return "roem"
    return play_card(observation, rng)


def _trump_choice(obs: Observation, hand: int) -> str:
    return bid(hand, obs.legal_actions, obs.proposed, obs.rules.roem == "hand")


def bid(hand: int, legal: list[str], proposed: Card | None, roem_from_hand: bool) -> str:
    """The trump-choice action for ``hand``: take or name the strongest suit when it
    reaches :data:`NAME_THRESHOLD` (or when forced), otherwise pass."""
    if "take" in legal:
        assert proposed is not None
        strength = trump_strength(hand, int(proposed.suit), roem_from_hand)
        return "take" if strength >= NAME_THRESHOLD else "pass"
    options = [a for a in legal if a.startswith("trump ")]
    best = max(options, key=lambda a: trump_strength(hand, int(Suit.parse(a[6:])), roem_from_hand))
    if "pass" in legal:
        strength = trump_strength(hand, int(Suit.parse(best[6:])), roem_from_hand)
        if strength < NAME_THRESHOLD:
            return "pass"
    return best


def _challenge(obs: Observation, hand: int) -> str:
    assert obs.trump is not None and obs.declarer is not None
    trump = int(obs.trump)
    word = next(a for a in obs.legal_actions if a != "pass")
    if word == "re":
        return "re" if trump_strength(hand, trump) >= RE_THRESHOLD else "pass"
    strength = defence_strength(hand, trump)
    threshold = CONTRA_THRESHOLD if word == "contra" else SUPERKRAKEN_THRESHOLD
    return word if strength >= threshold else "pass"


def play_card(obs: Observation, rng: random.Random) -> str:
    """The card to play, following the play rules of thumb of the module docstring."""
    assert obs.trump is not None and obs.declarer is not None
    trump = int(obs.trump)
    legal = [Card.parse(a) for a in obs.legal_actions]
    hand = CardSet(obs.hand).mask
    played = 0
    for t in obs.tricks:
        for c in t.cards:
            played |= c.bit
    trick = [c for _, c in obs.trick]
    for c in trick:
        played |= c.bit
    unseen = DECK.mask & ~played & ~hand
    me = obs.seat
    declarers = obs.declarer % 2 == me % 2
    if not trick:
        return str(_lead(legal, hand, unseen, trump, declarers))
    return str(_follow(legal, hand, unseen, trick, trump, obs))


def _top(mask: int, suit: int, trump: int) -> int:
    """The strongest card of ``suit`` in ``mask`` (-1 if none)."""
    cards = mask & SUITS[suit]
    if not cards:
        return -1
    power = POWER[trump][suit]
    return max((c.index for c in CardSet(cards)), key=lambda i: power[i])


def _is_master(card: Card, unseen: int, trump: int) -> bool:
    """No unseen card of the same suit beats ``card``."""
    suit = card.suit
    rival = _top(unseen, suit, trump)
    return rival < 0 or POWER[trump][suit][card.index] > POWER[trump][suit][rival]


def _lead(legal: list[Card], hand: int, unseen: int, trump: int, declarers: bool) -> Card:
    trumps = [c for c in legal if c.suit == trump]
    if declarers and trumps and unseen & SUITS[trump]:
        best = max(trumps, key=lambda c: POWER[trump][trump][c.index])
        if _is_master(best, unseen, trump):
            return best
    plain = [c for c in legal if c.suit != trump]
    masters = [c for c in plain if _is_master(c, unseen, trump)]
    if masters:
        return max(masters, key=lambda c: POINTS[trump][c.index])
    candidates = plain or legal

    def cost(card: Card) -> float:
        suit_cards = hand & SUITS[card.suit]
        ten = Card(card.suit, Rank.TEN).bit
        guard_penalty = 15 if (suit_cards & ten and card.rank != Rank.TEN) else 0
        ten_penalty = 20 if card.rank == Rank.TEN else 0
        return POINTS[trump][card.index] + guard_penalty + ten_penalty - suit_cards.bit_count()

    return min(candidates, key=cost)


def _follow(
    legal: list[Card],
    hand: int,
    unseen: int,
    trick: list[Card],
    trump: int,
    obs: Observation,
) -> Card:
    led = trick[0].suit
    power = POWER[trump][led]
    best = max(range(len(trick)), key=lambda i: power[trick[i].index])
    best_power = power[trick[best].index]
    position = len(trick)
    partner_winning = best == position - 2
    last = position == 3
    points_on_table = sum(POINTS[trump][c.index] for c in trick)
    table_mask = sum(c.bit for c in trick)

    def given_away(card: Card) -> float:
        """Points and roem this card adds to a trick the opponents take, plus what
        losing it costs the hand later."""
        roem = trick_roem_mask(table_mask | card.bit, trump) if position == 3 else 0
        keep = 0.0
        if card.suit == trump:
            keep += 6 + POINTS[trump][card.index] / 2
        suit_cards = hand & SUITS[card.suit]
        ten = Card(card.suit, Rank.TEN).bit
        if suit_cards & ten and card.rank != Rank.TEN and suit_cards.bit_count() == 2:
            keep += 8  # the last guard of a ten
        return POINTS[trump][card.index] + roem + keep

    if partner_winning:
        partner_card = trick[best]
        safe = last or (
            _is_master(partner_card, unseen, trump)
            and (partner_card.suit == trump or not unseen & SUITS[trump])
        )
        if safe:
            smear = [c for c in legal if c.suit != trump or c.rank not in (Rank.JACK, Rank.NINE)]

            def smear_value(card: Card) -> float:
                # keep a master card that can still take a trick of its own
                own_top = _top(hand, card.suit, trump) == card.index
                winner_later = own_top and _is_master(card, unseen, trump)
                length = (hand & SUITS[card.suit]).bit_count()
                return POINTS[trump][card.index] - (12 if winner_later and length > 1 else 0)

            return max(smear or legal, key=smear_value)
        return min(legal, key=given_away)
    winners = [c for c in legal if power[c.index] > best_power]
    if winners:
        if last:
            return max(winners, key=lambda c: POINTS[trump][c.index] - (c.suit == trump) * 5)
        masters = [
            c
            for c in winners
            if _is_master(c, unseen, trump) and (c.suit == trump or not unseen & SUITS[trump])
        ]
        if masters:
            return max(masters, key=lambda c: POINTS[trump][c.index])
        trump_winners = [c for c in winners if c.suit == trump]
        if trump_winners and points_on_table >= 10:
            return min(trump_winners, key=lambda c: power[c.index])
    return min(legal, key=given_away)
