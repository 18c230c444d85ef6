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

import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from cardtable.cards import Card, CardSet, Rank, Suit, iter_bits
from cardtable.kraken.fast import legal_mask
from cardtable.kraken.observation import Observation
from cardtable.kraken.roem import hand_roem_mask
from cardtable.kraken.rules import PlayRules
from cardtable.kraken.seat import Seat
from cardtable.kraken.trick import DECK

__all__ = ["DealSampler", "Inference", "infer", "sample_hidden"]

ROEM_ATTEMPTS: Final = 2_000
"""Draws, over all its samples, that a sampler may see fail the roem constraints
before it builds the exact table of the deals that meet them (:class:`_RoemDeals`):
about 30 ms of rejection; the table takes 0.05 to 1 s (benchmarks/deal_sampler.py)."""
ROEM_MISSES_PER_DEAL: Final = 20
"""Nor is the table built while rejection finds a deal for every this many misses (an
acceptance above about 5%): then a draw costs little more than one from the table."""
_FOUR_RANKS: Final = tuple(r for r in Rank if r >= Rank.TEN)
"""The ranks whose four of a kind is roem."""
_UNSET: Final = -2
"""A rank no suit has been assigned for yet (:class:`_RoemDeals`)."""
_DEAD: Final = -1
"""A rank whose four cards cannot all lie with one constrained seat."""


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
    hands, are first met by rejection; once :data:`ROEM_ATTEMPTS` draws have missed
    them, and :data:`ROEM_MISSES_PER_DEAL` for every deal found (a rare declaration),
    the sampler counts the deals that meet them exactly (:class:`_RoemDeals`) and
    draws from those from then on. Both ways are uniform.
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
        self._roem_deals: _RoemDeals | None = None
        self._misses = self._found = 0

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
            split = splits[_weighted_index(rng, total, weights)]
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
            roem = hand_roem_mask(hands[seat] | inference.played[seat].mask, trump)
            if not _meets(roem, wanted):
                return False
        return True

    def sample_masks(self, rng: random.Random) -> list[int]:
        """One consistent deal as four card masks (N, E, S, W).

        Raises ValueError if no consistent deal meets the roem declarations (a record
        whose declarations its own cards contradict)."""
        while self._roem_deals is None:
            hands = self._draw(rng)
            if self._roem_ok(hands):
                self._found += 1
                return hands
            self._misses += 1
            if self._misses >= max(ROEM_ATTEMPTS, ROEM_MISSES_PER_DEAL * self._found):
                self._roem_deals = _RoemDeals(self._inference, self._seats)
        return self._roem_deals.draw(rng)

    def sample(self, rng: random.Random) -> list[CardSet]:
        """One consistent deal: the unplayed cards of N, E, S, W."""
        return [CardSet(m) for m in self.sample_masks(rng)]


def _weighted_index(rng: random.Random, total: int, weights: list[int]) -> int:
    """An index drawn in proportion to the integer ``weights`` (summing to ``total``),
    exactly, however large they are."""
    pick = rng.randrange(total)
    index = 0
    while pick >= weights[index]:
        pick -= weights[index]
        index += 1
    return index


def _meets(roem: int, wanted: int) -> bool:
    """Whether a dealt hand's ``roem`` meets a constraint of :attr:`Inference.roem`."""
    return roem > 0 if wanted == -1 else roem == wanted


_Tail = tuple[tuple[int, ...], tuple[int, ...]]
"""Run and stuk roem per constrained seat (capped at 1 for "some roem"), and the holder
of each rank that may still make a four: of the hands so far, or of one suit."""
_Ways = list[tuple[int, ...]]
"""Ways to give out one suit: per way, the cards each seat gets."""
_Table = tuple[int, list[int], list[tuple[_Ways, tuple[int, ...], int]]]
"""Deals from one suit on; and per signature of that suit, its deals, its ways and the
cards per seat and roem (as a tail number) after it."""


class _RoemDeals:
    """The consistent deals that meet the roem constraints, counted exactly, suit by suit.

    A hand's roem is its runs and stuk, suit by suit, plus its fours across the suits.
    So the hidden cards of each suit are given out to the seats in every way their
    possible sets allow, and a way matters to the rest only through its signature:
    the number of cards each seat gets, each constrained seat's run and stuk roem in
    that suit, and who holds the suit's card of each rank that could still make a four
    for a constrained seat. The deals are counted over the suits, memoized on the cards
    per seat, the roem and the four holders so far; a draw walks the suits choosing a
    signature in proportion to the deals below it, then one of its ways uniformly.
    The roem and four holders (a tail) are numbered, so that the hot loop hashes
    small integers.
    """

    def __init__(self, inference: Inference, seats: list[Seat]) -> None:
        trump = inference.trump
        assert trump is not None
        self._observer = inference.observer
        self._hand = inference.possible[inference.observer].mask
        self._seats = seats
        self._caps = tuple(inference.counts[s] for s in seats)
        constrained = [s for s in seats if inference.roem[s] is not None]
        self._wanted = tuple(int(inference.roem[s] or 0) for s in constrained)
        hidden = 0
        for seat in seats:
            hidden |= inference.possible[seat].mask
        played = [inference.played[s].mask for s in constrained]
        positions = [seats.index(s) for s in constrained]
        known = hidden | sum(played)
        ranks = [
            rank
            for rank in _FOUR_RANKS
            if all(known >> Card(suit, rank).index & 1 for suit in Suit)
        ]
        self._values = tuple(200 if rank == Rank.JACK else 100 for rank in ranks)
        self._tails: list[_Tail] = []
        self._tail_numbers: dict[_Tail, int] = {}
        suits: list[dict[tuple[int, ...], list[tuple[int, _Ways]]]] = []
        for suit in Suit:
            cards = [c for c in iter_bits(hidden) if c // 13 == suit]
            allowed = [
                [i for i, s in enumerate(seats) if inference.possible[s].mask >> c & 1]
                for c in cards
            ]
            parts: dict[tuple[tuple[int, ...], int], _Ways] = {}
            for owners in itertools.product(*allowed):
                given = [0] * len(seats)
                for card, i in zip(cards, owners, strict=True):
                    given[i] |= 1 << card
                held = [
                    given[i] | (p & 0x1FFF << 13 * suit)
                    for i, p in zip(positions, played, strict=True)
                ]
                roem = self._capped([hand_roem_mask(h, trump) for h in held])
                if roem is None:
                    continue
                holders = tuple(
                    next((k for k, h in enumerate(held) if h >> Card(suit, rank).index & 1), _DEAD)
                    for rank in ranks
                )
                signature = (tuple(g.bit_count() for g in given), self._number((roem, holders)))
                parts.setdefault(signature, []).append(tuple(given))
            by_dealt: dict[tuple[int, ...], list[tuple[int, _Ways]]] = {}
            for (dealt, part), ways in parts.items():
                by_dealt.setdefault(dealt, []).append((part, ways))
            suits.append(by_dealt)
        # The first suit is counted from one state and the last only for the cards
        # that complete the hands, so the suits with the most signatures go there;
        # the states multiply through the middle, so the smaller middle suit first.
        suits.sort(key=lambda by_dealt: -sum(map(len, by_dealt.values())))
        self._suits = [suits[0], *suits[:1:-1], suits[1]]
        self._merged: dict[tuple[int, int], int] = {}
        self._memo: dict[tuple[int, tuple[int, ...], int], _Table] = {}
        self._last_memo: dict[tuple[tuple[int, ...], int], _Table] = {}
        self._start = self._number(((0,) * len(constrained), (_UNSET,) * len(ranks)))
        if self.count() == 0:
            raise ValueError("no deal is consistent with the roem declarations")

    def _number(self, tail: _Tail) -> int:
        number = self._tail_numbers.get(tail)
        if number is None:
            number = self._tail_numbers[tail] = len(self._tails)
            self._tails.append(tail)
        return number

    def _merge(self, tail: int, part: int) -> int:
        """The tail after one more suit given out as ``part``; -1 if over a target."""
        key = (tail, part)
        merged = self._merged.get(key)
        if merged is not None:
            return merged
        (roem, holders), (extra, suit_holders) = self._tails[tail], self._tails[part]
        total = self._capped([a + b for a, b in zip(roem, extra, strict=True)])
        if total is None:
            merged = -1
        else:
            # A seat that already has some roem, as it must, needs no fours.
            done = {k for k, w in enumerate(self._wanted) if w == -1 and total[k]}
            merged = self._number(
                (
                    total,
                    tuple(
                        _DEAD
                        if old in done or new in done
                        else new
                        if old == _UNSET
                        else old
                        if old == new
                        else _DEAD
                        for old, new in zip(holders, suit_holders, strict=True)
                    ),
                )
            )
        self._merged[key] = merged
        return merged

    def _capped(self, roem: list[int]) -> tuple[int, ...] | None:
        """Run and stuk roem per constrained seat as the tails keep it (1 for any,
        where "some roem" is wanted), or None if a declared amount is exceeded."""
        if any(r > w >= 0 for r, w in zip(roem, self._wanted, strict=True)):
            return None
        return tuple(min(r, 1) if w == -1 else r for r, w in zip(roem, self._wanted, strict=True))

    def _complete(self, tail: int) -> bool:
        """Whether hands with this roem and these four holders meet the constraints."""
        roem, holders = self._tails[tail]
        totals = list(roem)
        for holder, value in zip(holders, self._values, strict=True):
            if holder >= 0:
                totals[holder] += value
        return all(_meets(t, w) for t, w in zip(totals, self._wanted, strict=True))

    def _table(self, suit: int, cards: tuple[int, ...], tail: int) -> _Table:
        """The deals from ``suit`` on, given the cards per seat and the tail so far."""
        key = (suit, cards, tail)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        if suit == len(self._suits) - 1:
            # The last suit completes every hand: only its own cards matter, so the
            # work is shared among the states that need the same cards.
            needed = tuple(cap - n for cap, n in zip(self._caps, cards, strict=True))
            last = self._memo[key] = self._last(needed, tail)
            return last
        weights: list[int] = []
        choices: list[tuple[_Ways, tuple[int, ...], int]] = []
        for dealt, parts in self._suits[suit].items():
            now = tuple(a + b for a, b in zip(cards, dealt, strict=True))
            if any(map(int.__gt__, now, self._caps)):
                continue
            for part, ways in parts:
                # the hot loop: the caches are read here before any call
                merged = self._merged.get((tail, part))
                if merged is None:
                    merged = self._merge(tail, part)
                if merged < 0:
                    continue
                cached = self._memo.get((suit + 1, now, merged))
                below = (cached or self._table(suit + 1, now, merged))[0]
                if below:
                    weights.append(below * len(ways))
                    choices.append((ways, now, merged))
        result = (sum(weights), weights, choices)
        self._memo[key] = result
        return result

    def _last(self, needed: tuple[int, ...], tail: int) -> _Table:
        """The deals that complete the hands with the last suit."""
        key = (needed, tail)
        cached = self._last_memo.get(key)
        if cached is not None:
            return cached
        weights: list[int] = []
        choices: list[tuple[_Ways, tuple[int, ...], int]] = []
        for part, ways in self._suits[-1].get(needed, ()):
            merged = self._merge(tail, part)
            if merged >= 0 and self._complete(merged):
                weights.append(len(ways))
                choices.append((ways, self._caps, merged))
        result = (sum(weights), weights, choices)
        self._last_memo[key] = result
        return result

    def count(self) -> int:
        """The number of consistent deals that meet the roem constraints."""
        return self._table(0, (0,) * len(self._seats), self._start)[0]

    def draw(self, rng: random.Random) -> list[int]:
        """One deal, uniform among those that meet the constraints, as four masks."""
        hands = [0, 0, 0, 0]
        hands[self._observer] = self._hand
        cards, tail = (0,) * len(self._seats), self._start
        for suit in range(len(self._suits)):
            total, weights, choices = self._table(suit, cards, tail)
            ways, cards, tail = choices[_weighted_index(rng, total, weights)]
            for seat, given in zip(self._seats, ways[rng.randrange(len(ways))], strict=True):
                hands[seat] |= given
        return hands


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
