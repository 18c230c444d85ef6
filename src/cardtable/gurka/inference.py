"""What a seat can infer about the hidden cards of a Gurka round, and deals sampled
consistently with it.

The hidden cards are the other players' unplayed cards and the cards set aside at
the deal. Suits never matter to the rules, but every card played had to be legal, and
that says something about the rest of the player's hand at that moment:

- a card played below the target (or led under ``lead_lowest``, or played to an ace
  under ``aces_unbeatable``) was that player's lowest card, so every card they still
  hold is of the same or a higher rank;
- with ``must_head``, a card played below the target also shows that they held no card
  reaching the target;
- a card that reached the target, or a free lead, says nothing.

In general: for a card ``c`` played to a trick, a card ``x`` is *forbidden* (cannot be
in that hand now) exactly when ``c`` would not be legal from the two-card hand
``{c, x}``. Legality in Gurka is a conjunction over the other cards in the hand, so this
pairwise test is exact (a property test checks it against ``legal_mask`` for every
variation). Each seat's possible cards are then a set of ranks, and the constraints
concern single cards only, so the sampler is exactly uniform without rejection.

>>> import random
>>> from cardtable.gurka import Round, Rules
>>> rnd = Round.from_hands(Rules(players=3), {0: "9D 4C", 1: "5C KS", 2: "7H 3H"}, dealer=2)
>>> rnd.apply("9D"), rnd.apply("5C")        # seat 1 could not reach 9: 5 was its lowest
('9D', '5C')
>>> view = infer(rnd.observation(2))
>>> min(int(card.rank) for card in view.possible[1])
5
>>> deal = sample_hidden(rnd.observation(2), random.Random(1))
>>> [str(c) for c in deal[2]], len(deal[0]), len(deal[1])
(['3H', '7H'], 1, 1)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from cardtable.cards import CARDS, CardSet, iter_bits
from cardtable.gurka.observation import Observation
from cardtable.gurka.rules import Rules
from cardtable.gurka.trick import RANK_AT_LEAST, legal_mask, target_rank

__all__ = ["DealSampler", "Inference", "forbidden_mask", "infer", "sample_hidden"]

FULL_DECK: Final[int] = (1 << 52) - 1
"""The mask of all 52 cards."""

_RANK_OF: Final[tuple[int, ...]] = tuple(int(c.rank) for c in CARDS)

_RANK_CARDS: Final[tuple[int, ...]] = tuple(
    RANK_AT_LEAST[r] & ~RANK_AT_LEAST[r + 1] if 2 <= r <= 14 else 0 for r in range(16)
)
"""``_RANK_CARDS[r]``: the four cards of rank ``r``."""


def forbidden_mask(card: int, trick_ranks: list[int], rules: Rules) -> int:
    """The cards that cannot have been in the hand of a player who played card index
    ``card`` to a trick whose earlier cards have ranks ``trick_ranks`` (leader first).

    A card ``x`` is forbidden when ``card`` is not legal from the hand ``{card, x}``.
    Only ranks matter, so the answer is a union of whole ranks.

    >>> from cardtable.cards import Card, CardSet
    >>> nine, five = Card.parse("9S"), Card.parse("5C")
    >>> str(CardSet(forbidden_mask(five.index, [9], Rules())))  # doctest: +ELLIPSIS
    '2C 3C 4C 2D 3D 4D ...'
    >>> forbidden_mask(nine.index, [5], Rules())   # reached the target: nothing learnt
    0
    """
    target = target_rank(trick_ranks, rules)
    bit = 1 << card
    rank = _RANK_OF[card]
    forbidden = 0
    for r in range(2, 15):
        if r == rank:
            continue
        # any card of rank r serves: legality only looks at ranks
        other = _RANK_CARDS[r] & -_RANK_CARDS[r]
        if not legal_mask(bit | other, target, rules) & bit:
            forbidden |= _RANK_CARDS[r]
    return forbidden


@dataclass(frozen=True, slots=True)
class Inference:
    """What one seat knows about where the unplayed cards of a round are."""

    observer: int
    """The seat that knows this."""
    seats: tuple[int, ...]
    """The seats dealt into the round."""
    possible: tuple[CardSet, ...]
    """Per seat (indexed by seat, all ``rules.players`` of them), the cards it may hold
    now; the observer's is exactly its hand, and seats not in the round hold nothing."""
    counts: tuple[int, ...]
    """Per seat, how many cards it holds now."""
    played: tuple[CardSet, ...]
    """Per seat, the cards it has played in this round."""
    hidden: CardSet
    """Every card the observer has not seen: the others' unplayed cards and the cards
    set aside at the deal."""
    set_aside: int
    """How many of the hidden cards were set aside at the deal (never played)."""


def infer(observation: Observation) -> Inference:
    """Everything ``observation.seat`` can infer about the other hands of the round."""
    obs = observation
    rules = obs.rules
    me = obs.seat
    n = rules.players
    own = CardSet(obs.hand).mask
    played = [0] * n
    excluded = [0] * n
    tricks = [list(t.plays) for t in obs.tricks]
    if obs.trick:
        tricks.append(list(obs.trick))
    for trick in tricks:
        ranks: list[int] = []
        for seat, card in trick:
            if seat != me:
                excluded[seat] |= forbidden_mask(card.index, ranks, rules)
            ranks.append(_RANK_OF[card.index])
            played[seat] |= card.bit
    gone = 0
    for mask in played:
        gone |= mask
    hidden = FULL_DECK & ~gone & ~own
    counts = list(obs.hand_sizes)
    possible = [0] * n
    for seat in obs.seats_in_round:
        possible[seat] = hidden & ~excluded[seat] if counts[seat] else 0
    possible[me] = own
    counts[me] = own.bit_count()
    set_aside = hidden.bit_count() - sum(counts[s] for s in obs.seats_in_round if s != me)
    return Inference(
        observer=me,
        seats=tuple(obs.seats_in_round),
        possible=tuple(CardSet(m) for m in possible),
        counts=tuple(counts),
        played=tuple(CardSet(m) for m in played),
        hidden=CardSet(hidden),
        set_aside=set_aside,
    )


class DealSampler:
    """Samples the hidden cards uniformly among the deals consistent with an inference.

    The set-aside pile may hold any hidden card, and so may every seat about which
    nothing was learnt; these *free* holders are merged into one, whose cards are then
    split among them at random (every split of a given set is equally likely, so this
    keeps the draw uniform). The constrained seats with the same possible cards are
    merged the same way into one holder. The cards are grouped by which holders may
    hold them, and the number of consistent deals is counted exactly (memoized over the
    classes and the capacities left), so each draw is uniform.
    """

    def __init__(self, inference: Inference) -> None:
        self._inference = inference
        hidden = inference.hidden.mask
        me = inference.observer
        others = [s for s in inference.seats if s != me and inference.counts[s] > 0]
        self._free = [s for s in others if inference.possible[s].mask == hidden]
        groups: dict[int, list[int]] = {}
        for seat in others:
            mask = inference.possible[seat].mask
            if mask != hidden:
                groups.setdefault(mask, []).append(seat)
        self._holders = list(groups.values())
        """Constrained seats with the same possible cards form one holder."""
        by_class: dict[tuple[int, ...], list[int]] = {}
        for card in iter_bits(hidden):
            allowed = tuple(i for i, mask in enumerate(groups) if mask >> card & 1)
            by_class.setdefault(allowed, []).append(card)
        # the possible cards of a seat are a range of ranks: sweeping the classes by
        # rank retires each holder early, which keeps the memo small
        self._classes = sorted(by_class.items(), key=lambda item: _RANK_OF[item[1][0]])
        self._caps = tuple(sum(inference.counts[s] for s in holder) for holder in self._holders)
        # the plan: per class, a step for each holder that may take from it, then a
        # step that sends the class's leftover cards to the free pool; each step has
        # (holder or -1, cards of later classes the holder may hold, size of the next class)
        self._plan: list[tuple[int, int, int]] = []
        self._class_of_step: list[int] = []
        for i, (allowed, _) in enumerate(self._classes):
            later = [0] * len(self._holders)
            for others_allowed, cards in self._classes[i + 1 :]:
                for j in others_allowed:
                    later[j] += len(cards)
            for j in allowed:
                self._plan.append((j, later[j], 0))
                self._class_of_step.append(i)
            following = len(self._classes[i + 1][1]) if i + 1 < len(self._classes) else 0
            self._plan.append((-1, 0, following))
            self._class_of_step.append(i)
        self._memo: dict[tuple[int, int, tuple[int, ...]], int] = {}
        if inference.set_aside < 0 or self.count() == 0:
            raise ValueError("no deal is consistent with this observation")

    def count(self) -> int:
        """The number of consistent deals: ways to give every other seat its cards
        (the rest being the set-aside pile)."""
        counts = self._inference.counts
        first = len(self._classes[0][1]) if self._classes else 0
        ways = self._ways(0, first, self._caps)
        for holder, cap in zip(self._holders, self._caps, strict=True):
            ways *= _multinomial(tuple(counts[s] for s in holder), cap)
        rest = self._inference.hidden.mask.bit_count() - sum(self._caps)
        for seat in self._free:
            k = counts[seat]
            ways *= math.comb(rest, k)
            rest -= k
        return ways

    def _ways(self, step: int, left: int, caps: tuple[int, ...]) -> int:
        """Ways to finish the deal from ``step`` with ``left`` cards of the current class
        still unplaced and ``caps`` cards still wanted per holder."""
        if step == len(self._plan):
            return 0 if any(caps) else 1
        key = (step, left, caps)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        total = sum(option[1] for option in self._options(step, left, caps))
        self._memo[key] = total
        return total

    def _options(
        self, step: int, left: int, caps: tuple[int, ...]
    ) -> list[tuple[int, int, tuple[int, ...]]]:
        """At ``step``, each number ``k`` of cards the holder may take, with the number
        of completions and the capacities after it."""
        holder, later, next_left = self._plan[step]
        options = []
        if holder < 0:  # the class is finished: its leftover cards go to the free pool
            ways = self._ways(step + 1, next_left, caps)
            if ways:
                options.append((left, ways, caps))
            return options
        cap = caps[holder]
        low = max(0, cap - later)
        rest = list(caps)
        for k in range(low, min(left, cap) + 1):
            rest[holder] = cap - k
            after = tuple(rest)
            ways = self._ways(step + 1, left - k, after)
            if ways:
                options.append((k, ways * math.comb(left, k), after))
        return options

    def sample_masks(self, rng: random.Random) -> list[int]:
        """One consistent deal as card masks indexed by seat (``rules.players`` of
        them; seats not in the round get 0). The set-aside cards are the hidden
        cards in no hand."""
        inference = self._inference
        hands = [0] * len(inference.counts)
        caps = self._caps
        rest_pool: list[int] = []
        pools: list[list[int]] = [[] for _ in self._holders]
        left = len(self._classes[0][1]) if self._classes else 0
        shuffled: list[int] = []
        if self._classes:
            shuffled = list(self._classes[0][1])
            rng.shuffle(shuffled)
        for step in range(len(self._plan)):
            holder, _, next_left = self._plan[step]
            options = self._options(step, left, caps)
            pick = rng.randrange(sum(option[1] for option in options))
            chosen = 0
            while pick >= options[chosen][1]:
                pick -= options[chosen][1]
                chosen += 1
            k, _, after = options[chosen]
            if holder < 0:
                rest_pool.extend(shuffled)
                klass = self._class_of_step[step + 1] if step + 1 < len(self._plan) else None
                shuffled = [] if klass is None else list(self._classes[klass][1])
                rng.shuffle(shuffled)
                left = next_left
            else:
                pools[holder].extend(shuffled[:k])
                del shuffled[:k]
                left -= k
                caps = after
        for holder_seats, pool in zip(self._holders, pools, strict=True):
            _share(pool, holder_seats, inference.counts, hands, rng)
        _share(rest_pool, self._free, inference.counts, hands, rng)
        hands[inference.observer] = inference.possible[inference.observer].mask
        return hands

    def sample(self, rng: random.Random) -> dict[int, CardSet]:
        """One consistent deal: the unplayed cards of every seat in the round."""
        masks = self.sample_masks(rng)
        return {seat: CardSet(masks[seat]) for seat in self._inference.seats}


def _share(
    pool: list[int], seats: list[int], counts: tuple[int, ...], hands: list[int], rng: random.Random
) -> None:
    """Deal cards of ``pool`` at random to ``seats``, each getting its count."""
    rng.shuffle(pool)
    position = 0
    for seat in seats:
        k = counts[seat]
        for card in pool[position : position + k]:
            hands[seat] |= 1 << card
        position += k


def _multinomial(split: tuple[int, ...], size: int) -> int:
    """Ways to choose the given numbers of cards, in order, from ``size`` cards."""
    result, left = 1, size
    for k in split:
        result *= math.comb(left, k)
        left -= k
    return result


def sample_hidden(observation: Observation, rng: random.Random) -> dict[int, CardSet]:
    """A full deal of the round's unplayed cards, keyed by seat, consistent with
    everything ``observation.seat`` knows and drawn uniformly among all such deals.

    The observer's hand is its own; the hidden cards in no hand are the set-aside pile.
    """
    return DealSampler(infer(observation)).sample(rng)
