"""A learned value of Kraken's opening lead, for the expert's PIMC to lean on.

PIMC chooses the first card of a round over the few worlds that fit in its budget
(about five at 100 ms, where every world is the whole deal to solve), and the opening
lead is where two PIMC players part most often. This module holds a small network
trained (:mod:`cardtable.bots.training.train_kraken_lead`) on many solved worlds of
the same sampler PIMC uses: for the leader's hand, the trump and where the declarer
sits, it estimates each card's average round score over the worlds the sampler deals,
so it stands for the average over thousands of worlds rather than five. Its values are
relative: each card's round score minus the average of the hand's eight cards, since
only the differences decide a lead. The expert adds them to its own worlds as ``lead``
pseudo-worlds (:mod:`cardtable.bots.kraken_expert`).

The inputs are the hand in a canonical order: the trump suit first, then the three
other suits by length and by their cards (so hands that differ only by naming the
plain suits differently are one input), each suit as eight bits in the order of its
power (trump: J 9 A T K Q 8 7; plain: A T K Q J 9 8 7), followed by the declarer's
place from the leader (the leader, left, partner, right). The eight outputs are the
values of the hand's cards in that same order, in points for the leader's team with
multiplier 1, relative to the hand's average.

The model is trained for the default roem in play (``roem="tricks"``) under both
play rules; for other rules, a hand roem declared, or any position other than the
first card of the round it gives nothing, and the expert plays plain PIMC.

>>> from cardtable.kraken import Round, Rules
>>> from cardtable.kraken.contracts import bid_to, fixed_contract
>>> r = Round.new(Rules(), dealer=3, seed=4)
>>> _ = bid_to(r, fixed_contract(r.initial_hands, r.dealer))
>>> values = LeadModel.load().values(r.observation(r.to_move))
>>> sorted(values) == sorted(r.legal_actions())
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from statistics import fmean
from typing import Any, Final

import numpy as np

from cardtable.bots.kraken_bidding import Head
from cardtable.cards import Card, Suit
from cardtable.kraken.observation import Observation
from cardtable.kraken.rules import Rules
from cardtable.kraken.trick import PLAIN_ORDER, TRUMP_ORDER

__all__ = ["INPUTS", "MODEL_PATH", "LeadModel", "canonical", "inputs", "lead_inputs", "variant"]

MODEL_PATH: Final = Path(__file__).parent / "models" / "kraken_lead.json"
"""The committed model, made by ``python -m cardtable.bots.training.train_kraken_lead``."""
INPUTS: Final = 4 * 8 + 4
"""Four suits of eight bits, and the declarer's place from the leader."""


def variant(rules: Rules) -> str | None:
    """The key of the model trained for ``rules`` (``"amsterdam"`` or ``"rotterdam"``),
    or None when no model covers them (roem other than ``"tricks"``)."""
    return rules.play if rules.roem == "tricks" else None


def canonical(hand: Iterable[Card], trump: Suit) -> list[Card]:
    """The cards of ``hand`` in the model's order: trump first, then the plain suits
    longest first (equal lengths: higher cards first), each suit by power.

    >>> from cardtable.cards import parse_cards
    >>> " ".join(map(str, canonical(parse_cards("7C AH 9S JS TH KH 8D QD"), Suit.SPADES)))
    'JS 9S AH TH KH QD 8D 7C'
    """
    cards = list(hand)

    def ordered(suit: Suit) -> list[Card]:
        order = TRUMP_ORDER if suit == trump else PLAIN_ORDER
        return sorted((c for c in cards if c.suit == suit), key=lambda c: order.index(c.rank))

    def plain_key(suit: Suit) -> tuple[int, list[int]]:
        held = ordered(suit)
        return -len(held), [PLAIN_ORDER.index(c.rank) for c in held]

    plain = sorted((s for s in Suit if s != trump), key=plain_key)
    return [card for suit in (trump, *plain) for card in ordered(suit)]


def lead_inputs(hand: Sequence[Card], trump: Suit, declarer_offset: int) -> np.ndarray:
    """The model's input for ``hand`` (already :func:`canonical`), ``trump`` and the
    declarer's place from the leader (0 the leader, 1 left, 2 partner, 3 right)."""
    x = np.zeros(INPUTS)
    suits = [trump]
    for card in hand:
        if card.suit not in suits:
            suits.append(card.suit)
    for card in hand:
        order = TRUMP_ORDER if card.suit == trump else PLAIN_ORDER
        x[8 * suits.index(card.suit) + order.index(card.rank)] = 1.0
    x[32 + declarer_offset % 4] = 1.0
    return x


def inputs(observation: Observation) -> tuple[list[Card], np.ndarray]:
    """The observer's hand in the model's order (:func:`canonical`) and the model's input
    for it (:func:`lead_inputs`), for an observation in play: the same for training and
    for play. ``ValueError`` before trump and declarer are known."""
    trump, declarer = observation.trump, observation.declarer
    if trump is None or declarer is None:
        raise ValueError("the opening-lead inputs need the trump and the declarer")
    hand = canonical(observation.hand, trump)
    return hand, lead_inputs(hand, trump, (int(declarer) - observation.seat) % 4)


class LeadModel:
    """The learned opening-lead values: one :class:`~cardtable.bots.kraken_bidding.Head`
    per play rule (:func:`variant`), and ``info`` on how it was trained."""

    def __init__(self, heads: Mapping[str, Head], info: Mapping[str, Any] | None = None) -> None:
        self.heads = dict(heads)
        self.info = dict(info or {})

    @classmethod
    def load(cls, path: Path | str | None = None) -> LeadModel:
        """The model at ``path`` (default: the committed one, read once)."""
        return _committed() if path is None else cls.from_dict(json.loads(Path(path).read_text()))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LeadModel:
        """A model from :meth:`to_dict` data."""
        heads = {key: Head.from_dict(head) for key, head in data["heads"].items()}
        return cls(heads, data.get("info"))

    def to_dict(self) -> dict[str, Any]:
        """The model as JSON data."""
        return {"heads": {k: h.to_dict() for k, h in self.heads.items()}, "info": self.info}

    def save(self, path: Path | str) -> None:
        """Write the model as JSON."""
        Path(path).write_text(json.dumps(self.to_dict(), separators=(",", ":")) + "\n")

    def values(self, observation: Observation) -> dict[str, float]:
        """Each legal card's value (round score for the observer's team, the multiplier
        applied, minus the average of its hand's cards) when ``observation`` is the first
        card of a round this model covers; else an empty dict. Plain suits holding the
        same ranks are alike, so their cards of one rank get the mean of their outputs."""
        key = variant(observation.rules)
        if (
            key not in self.heads
            or observation.phase != "play"
            or observation.tricks
            or observation.trick
            or len(observation.hand) != 8
            or any(observation.roem)
        ):
            return {}
        hand, x = inputs(observation)
        out = self.heads[key](x[None, :])[0]
        trump = observation.trump
        assert trump is not None  # inputs() checked it
        likeness = [_likeness(hand, card, trump) for card in hand]
        alike: dict[tuple[object, ...], list[float]] = {}
        for like, value in zip(likeness, out, strict=True):
            alike.setdefault(like, []).append(float(value))
        cards = {card: fmean(alike[like]) for card, like in zip(hand, likeness, strict=True)}
        multiplier = observation.multiplier
        return {
            action: multiplier * cards[Card.parse(action)] for action in observation.legal_actions
        }


def _likeness(hand: Sequence[Card], card: Card, trump: Suit) -> tuple[object, ...]:
    """What ``card`` shares with the same rank of every plain suit holding the same ranks."""
    if card.suit == trump:
        return (card,)
    return card.rank, frozenset(c.rank for c in hand if c.suit == card.suit)


@cache
def _committed() -> LeadModel:
    return LeadModel.from_dict(json.loads(MODEL_PATH.read_text()))
