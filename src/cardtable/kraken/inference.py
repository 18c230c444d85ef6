"""What a seat can infer about the hidden cards, and deals sampled consistently with it.

From one seat's :class:`~cardtable.kraken.observation.Observation` alone:

- a player who did not follow suit holds none of that suit;
- every card played had to be legal: the cards whose presence would have made it
  illegal were not in that hand (for instance, in Rotterdam a player who did not trump
  holds no trump, and a player who undertrumped holds no higher trump; in Amsterdam the
  same wherever the obligation applied, and a player who undertrumped holds only trumps);
- with roem from hand, a player's dealt hand holds exactly the roem declared, some
  roem if they passed when asked, and none if they were passed over.

The card turned in ``random`` trump choice comes from a second deck, so it says nothing
about where the dealt cards are.

:func:`sample_hidden` returns full deals uniformly among those consistent with all of
this. It sees only the observation, never the true hands.

>>> import random
>>> from cardtable.kraken import Round, Rules, Seat
>>> r = Round.from_hands(Rules(challenges=False), [
...     "7C 8C 9C TC JC QC KC AC", "7D 8D 9D TD JD QD KD AD",
...     "7H 8H 9H TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS"], dealer=Seat.W)
>>> [r.apply(a) for a in ("trump H", "AC", "AD")]   # East shows out of clubs
['trump H', 'AC', 'AD']
>>> view = infer(r.observation(Seat.S))
>>> [c for c in view.possible[Seat.E] if c.suit.letter == "C"]
[]
>>> hands = sample_hidden(r.observation(Seat.S), random.Random(1))
>>> hands[Seat.S] == r.hands[Seat.S], [len(h) for h in hands]
(True, [7, 7, 8, 8])
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from cardtable.cards import CardSet, Suit, iter_bits
from cardtable.kraken.fast import legal_mask
from cardtable.kraken.observation import Observation
from cardtable.kraken.roem import hand_roem
from cardtable.kraken.rules import PlayRules
from cardtable.kraken.seat import Seat
from cardtable.kraken.trick import DECK

__all__ = ["DealSampler", "Inference", "infer", "sample_hidden"]

MAX_ATTEMPTS: Final = 20_000
"""Rejection attempts for the roem constraints before a sampler gives up."""


@dataclass(frozen=True, slots=True)
class Inference:
    """What one seat knows about where the unplayed cards are."""

    observer: Seat
    possible: tuple[CardSet, CardSet, CardSet, CardSet]
    """The cards each seat may hold now (the observer's: exactly its hand)."""
    counts: tuple[int, int, int, int]
    """How many cards each seat holds now."""
    played: tuple[CardSet, CardSet, CardSet, CardSet]
    """The cards each seat has played."""
    roem: tuple[int | None, int | None, int | None, int | None]
    """Per seat, the hand roem its dealt hand must hold: an amount declared, ``-1`` for
    "some roem" (asked and passed), ``0`` for none (passed over), None if unknown."""
    trump: int | None
    """The trump suit, once chosen."""


def _forbidden(card: int, trick: list[int], trump: int, play: PlayRules, unseen: int) -> int:
    """The cards whose presence in the hand would have made ``card`` illegal."""
    forbidden = 0
    for other in iter_bits(unseen):
        hand = (1 << card) | (1 << other)
        if not legal_mask(hand, trick, trump, play) >> card & 1:
            forbidden |= 1 << other
    return forbidden


def infer(observation: Observation) -> Inference:
    """Everything ``observation.seat`` can infer about the other hands."""
    obs = observation
    me = obs.seat
    own = CardSet(obs.hand).mask
    played = [0, 0, 0, 0]
    excluded = [0, 0, 0, 0]
    trump = None if obs.trump is None else int(obs.trump)
    gone = 0
    tricks = [[(Seat(s), c) for s, c in t.plays] for t in obs.tricks]
    if obs.trick:
        tricks.append(list(obs.trick))
    for trick in tricks:
        cards: list[int] = []
        for seat, card in trick:
            if cards and trump is not None and seat != me:
                hidden_then = DECK.mask & ~gone & ~own & ~card.bit
                excluded[seat] |= _forbidden(card.index, cards, trump, obs.rules.play, hidden_then)
            cards.append(card.index)
            played[seat] |= card.bit
            gone |= card.bit
    unseen = DECK.mask & ~gone & ~own
    possible = [unseen & ~excluded[s] for s in Seat]
    possible[me] = own
    counts = [8 - played[s].bit_count() for s in Seat]
    return Inference(
        observer=me,
        possible=(
            CardSet(possible[0]),
            CardSet(possible[1]),
            CardSet(possible[2]),
            CardSet(possible[3]),
        ),
        counts=(counts[0], counts[1], counts[2], counts[3]),
        played=(CardSet(played[0]), CardSet(played[1]), CardSet(played[2]), CardSet(played[3])),
        roem=_roem_constraints(obs),
        trump=trump,
    )


def _roem_constraints(
    obs: Observation,
) -> tuple[int | None, int | None, int | None, int | None]:
    known: list[int | None] = [None, None, None, None]
    if obs.rules.roem != "hand" or obs.phase in ("trump", "challenge"):
        return (None, None, None, None)
    order = [Seat((obs.dealer + 1 + i) % 4) for i in range(4)]
    if obs.phase == "roem":
        assert obs.to_move is not None
        considered = order[: order.index(obs.to_move)]
    else:
        considered = order
    for seat in considered:
        if seat in obs.declared_roem:
            known[seat] = obs.declared_roem[seat]
        elif seat in obs.roem_asked:
            known[seat] = -1
        else:
            known[seat] = 0
    known[obs.seat] = None
    return (known[0], known[1], known[2], known[3])


class DealSampler:
    """Samples the hidden cards uniformly among the deals consistent with an inference.

    The hidden cards are grouped by the set of seats that may hold them; the number of
    consistent deals is counted exactly (memoized over the remaining classes and seat
    capacities), so each draw is uniform. The roem constraints, which concern whole
    hands, are then met by rejection, which keeps the draw uniform.
    """

    def __init__(self, inference: Inference) -> None:
        self._inference = inference
        me = inference.observer
        self._seats = [s for s in Seat if s != me and inference.counts[s] > 0]
        by_class: dict[tuple[int, ...], list[int]] = {}
        hidden = 0
        for seat in self._seats:
            hidden |= inference.possible[seat].mask
        for card in iter_bits(hidden):
            allowed = tuple(
                i for i, s in enumerate(self._seats) if inference.possible[s].mask >> card & 1
            )
            by_class.setdefault(allowed, []).append(card)
        self._classes = list(by_class.items())
        self._caps = tuple(inference.counts[s] for s in self._seats)
        self._memo: dict[
            tuple[int, tuple[int, ...]], tuple[int, list[tuple[int, ...]], list[int]]
        ] = {}
        if sum(len(cards) for _, cards in self._classes) != sum(self._caps):
            raise ValueError("no deal is consistent with this observation")
        if self.count() == 0:
            raise ValueError("no deal is consistent with this observation")

    def count(self) -> int:
        """The number of deals consistent with the card constraints (before roem)."""
        return self._table(0, self._caps)[0]

    def _table(
        self, index: int, caps: tuple[int, ...]
    ) -> tuple[int, list[tuple[int, ...]], list[int]]:
        """Total completions from class ``index`` with ``caps`` left, and per split of
        this class among the seats, its number of completions."""
        key = (index, caps)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        if index == len(self._classes):
            result: tuple[int, list[tuple[int, ...]], list[int]] = (
                (1 if not any(caps) else 0),
                [],
                [],
            )
        else:
            allowed, cards = self._classes[index]
            splits, weights = [], []
            for split in _splits(len(cards), [caps[i] for i in allowed]):
                rest = list(caps)
                for i, n in zip(allowed, split, strict=True):
                    rest[i] -= n
                ways = self._table(index + 1, tuple(rest))[0]
                if ways:
                    splits.append(split)
                    weights.append(ways * _multinomial(split))
            result = (sum(weights), splits, weights)
        self._memo[key] = result
        return result

    def _draw(self, rng: random.Random) -> list[int]:
        hands = [0, 0, 0, 0]
        caps = self._caps
        for index, (allowed, cards) in enumerate(self._classes):
            total, splits, weights = self._table(index, caps)
            pick = rng.randrange(total)
            choice = 0
            while pick >= weights[choice]:
                pick -= weights[choice]
                choice += 1
            split = splits[choice]
            shuffled = list(cards)
            rng.shuffle(shuffled)
            rest = list(caps)
            position = 0
            for i, n in zip(allowed, split, strict=True):
                seat = self._seats[i]
                for card in shuffled[position : position + n]:
                    hands[seat] |= 1 << card
                position += n
                rest[i] -= n
            caps = tuple(rest)
        me = self._inference.observer
        hands[me] = self._inference.possible[me].mask
        return hands

    def _roem_ok(self, hands: list[int]) -> bool:
        inference = self._inference
        trump = inference.trump
        for seat in Seat:
            wanted = inference.roem[seat]
            if wanted is None or trump is None:
                continue
            dealt = CardSet(hands[seat] | inference.played[seat].mask)
            roem = hand_roem(dealt, Suit(trump))
            if (wanted == -1 and roem == 0) or (wanted >= 0 and roem != wanted):
                return False
        return True

    def sample_masks(self, rng: random.Random) -> list[int]:
        """One consistent deal as four card masks (N, E, S, W)."""
        for _ in range(MAX_ATTEMPTS):
            hands = self._draw(rng)
            if self._roem_ok(hands):
                return hands
        raise ValueError("no deal found that matches the roem declarations")

    def sample(self, rng: random.Random) -> list[CardSet]:
        """One consistent deal: the unplayed cards of N, E, S, W."""
        return [CardSet(m) for m in self.sample_masks(rng)]


def _splits(total: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of ``len(caps)`` parts within the caps."""
    if len(caps) == 1:
        if total <= caps[0]:
            yield (total,)
        return
    for first in range(min(total, caps[0]) + 1):
        for rest in _splits(total - first, caps[1:]):
            yield (first, *rest)


def _multinomial(split: tuple[int, ...]) -> int:
    result, total = 1, 0
    for n in split:
        total += n
        result *= math.comb(total, n)
    return result


def sample_hidden(observation: Observation, rng: random.Random) -> list[CardSet]:
    """A full deal of the unplayed cards (N, E, S, W) consistent with everything
    ``observation.seat`` knows, drawn uniformly among all such deals."""
    return DealSampler(infer(observation)).sample(rng)
