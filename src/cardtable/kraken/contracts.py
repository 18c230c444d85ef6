"""Fixed contracts: trump and declarer chosen from the cards by a fixed rule, so that a
match measures card play alone (``cardtable arena kraken --contracts fixed``).

**The rule.** A suit's *strength* in a hand, as trump, is the sum over the hand's
cards of that suit of the card's trump points plus 10 (jack 30, nine 24, ace 21,
ten 20, king 14, queen 13, eight 10, seven 10): length counts, and the high trumps
more. A partnership's *fit* in a suit is the strengths of its two hands added. The
contract goes to the seat and suit with the greatest fit of the seat's partnership,
then the greatest strength of the seat's own hand; what is still equal goes to the
seat that bids earlier (from left of the dealer), then to the suit first in the order
clubs, diamonds, hearts, spades. It depends only on the hands and the dealer, so both
halves of a duplicate deal get the same contract.

**The bidding.** :func:`bid_to` reaches the contract with the round's own actions,
so the round's record replays like any other: the seats before the declarer pass,
the declarer names the suit, the opponents pass when challenges are allowed (no
contra: the multiplier is 1) and, with roem declared from hand, every seat asked
declares. Only card play is then left. Those actions are imposed, not chosen: a model
that reads bidding as evidence should not learn from rounds dealt this way.

>>> from cardtable.kraken.round import Round
>>> from cardtable.kraken.rules import Rules
>>> hands = ["JH 9H AH TH 7C 8C 7D 8D", "7H 9C TC 9D TD 7S 8S 9S",
...          "KH QH 8H JC QC JD QD TS", "KC AC KD AD JS QS KS AS"]
>>> fixed_contract(hands, dealer=Seat.W)   # hearts: N-S fit 95 + 37, E-W spades 44 + 78
Contract(declarer=<Seat.N: 0>, trump=<Suit.HEARTS: 2>)
>>> r = Round.from_hands(Rules(), hands, dealer=Seat.W)
>>> bid_to(r, fixed_contract(hands, Seat.W))
['trump H', 'pass', 'pass']
>>> r.phase, r.declarer, r.trump, r.multiplier
('play', <Seat.N: 0>, <Suit.HEARTS: 2>, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from cardtable.cards import Card, Suit, parse_cards
from cardtable.kraken.actions import trump_action
from cardtable.kraken.round import Round
from cardtable.kraken.rules import Rules
from cardtable.kraken.seat import Seat
from cardtable.kraken.trick import card_points

__all__ = ["LENGTH_BONUS", "Contract", "bid_to", "fixed_contract", "fixed_rules", "strength"]

LENGTH_BONUS: Final = 10
"""What each card of a suit adds to its strength on top of its trump points."""


class Contract(NamedTuple):
    """Who declares and which suit is trump."""

    declarer: Seat
    trump: Suit


def strength(hand: Iterable[Card], suit: Suit) -> int:
    """The strength of ``suit`` as trump in ``hand``: the trump points plus
    :data:`LENGTH_BONUS` of each of its cards of that suit.

    >>> strength(parse_cards("JH 9H 7H AS"), Suit.HEARTS)   # 30 + 24 + 10
    64
    """
    return sum(card_points(c, suit) + LENGTH_BONUS for c in hand if c.suit == suit)


def fixed_contract(hands: Sequence[Iterable[Card] | str], dealer: int) -> Contract:
    """The contract of the rule above for the hands of N, E, S, W (cards or text)
    dealt by ``dealer``."""
    if len(hands) != 4:
        raise ValueError(f"expected four hands (N, E, S, W), got {len(hands)}")
    cards = [parse_cards(h) if isinstance(h, str) else list(h) for h in hands]
    own = [[strength(hand, suit) for suit in Suit] for hand in cards]
    first = Seat.parse(dealer).left
    best: tuple[int, int] | None = None
    contract = Contract(first, Suit.CLUBS)
    for offset in range(4):
        seat = Seat((first + offset) % 4)
        for suit in Suit:
            key = (own[seat][suit] + own[seat.partner][suit], own[seat][suit])
            if best is None or key > best:
                best, contract = key, Contract(seat, suit)
    return contract


def fixed_rules(rules: Rules) -> Rules:
    """The rules a fixed contract is played with: ``rules`` itself, except that a
    trump choice in which the contract could not be named (``utrecht``: only left of
    the dealer may choose; ``random``: a turned card proposes the suit) becomes
    ``free``. Play, roem, challenges, scoring, the deal and signals are unchanged.

    >>> fixed_rules(Rules.preset("g4a")).trump_choice, fixed_rules(Rules()) == Rules()
    ('free', True)
    """
    if rules.trump_choice in ("utrecht", "random"):
        return rules.replace(trump_choice="free")
    return rules


def bid_to(round_: Round, contract: Contract) -> list[str]:
    """Apply to ``round_``, before any action, the actions that reach ``contract``
    (see the module) and return them; the round is then in the play phase.

    ``ValueError`` when the round has started, or when its trump choice cannot
    reach the contract (``random``, or ``utrecht`` for another seat than left of
    the dealer: play with :func:`fixed_rules`); the round is then unchanged.
    """
    if round_.actions:
        raise ValueError("a contract is fixed before the round's first action")
    declarer, trump = Seat.parse(contract.declarer), Suit(contract.trump)
    choice = round_.rules.trump_choice
    if choice == "random" or (choice == "utrecht" and declarer != round_.dealer.left):
        raise ValueError(
            f"trump choice {choice!r} cannot give {declarer.name} the choice of "
            f"{trump.name.lower()}: use fixed_rules(rules), whose trump choice is free"
        )
    applied = []
    while round_.to_move != declarer:
        applied.append(round_.apply("pass"))
    applied.append(round_.apply(trump_action(trump)))
    while round_.phase == "challenge":
        applied.append(round_.apply("pass"))
    while round_.phase == "roem":
        applied.append(round_.apply("roem"))
    return applied
