"""The Gurka expert: determinized Monte Carlo with inference from play, and buy-backs
judged by the rest of the game (issue 21).

Only ranks matter in Gurka, so the search works on hands as sorted lists of ranks
(:class:`Table` holds the rules of card play; :func:`play_out` finishes a round).

Card play (:class:`CardSearch`): each world deals the others' hands with
:class:`WorldSampler`, which weights the deals by how likely each seat's plays of
this round are under a model of that seat (:class:`PlayModel`, learnt from the
finished rounds of the game: which of two policies it follows and how often it
strays), not only by what the rules allow. In each world every rank the seat may
play is played out to the end of the round, its later cards by the guarded policy
(:meth:`Table.guarded`, better than the heuristic) and the others' by their model;
the round's penalties are valued in chips (:class:`Valuation`: the chance to win
the pot from the scores after the round, a buy-back's worth for a player put out).
As an option, :class:`LookaheadSearch` also takes the seat's next decisions per
information set (the worlds in which it has seen the same cards by then), each
world by the rank best over the set's other worlds (leave-one-out).

Buy-backs (:class:`BuybackSearch`): the rest of the game is played many times in
the abstract after buying back and after passing (:func:`rest_of_game`: the
game's own rules, rounds drawn from pools of rounds played by each seat's
modelled policy), and the choice that wins more chips on average is taken.

>>> from cardtable.gurka import Game, Rules
>>> game = Game.new(Rules(players=4), seed=1)
>>> obs = game.observation(game.to_move)
>>> GurkaExpertBot(iterations=20, seed=1).act(obs) in obs.legal_actions
True
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from cardtable.bots.base import INFERENCE, BaseBot, game_of
from cardtable.bots.gurka_heuristic import choose as heuristic_choice
from cardtable.bots.gurka_heuristic import should_buy_back
from cardtable.cards import CARDS, Card
from cardtable.game import Observation as AnyObservation
from cardtable.gurka.inference import Inference, infer
from cardtable.gurka.ledger import Ledger
from cardtable.gurka.observation import Observation
from cardtable.gurka.rules import Rules
from cardtable.gurka.trick import RANK_AT_LEAST

_RANK_OF: Final[tuple[int, ...]] = tuple(int(c.rank) for c in CARDS)
_RANK_CARDS: Final[tuple[int, ...]] = tuple(
    RANK_AT_LEAST[r] & ~RANK_AT_LEAST[r + 1] if 2 <= r <= 14 else 0 for r in range(16)
)
"""``_RANK_CARDS[r]``: the mask of the four cards of rank ``r``."""


# -- card play on rank lists -----------------------------------------------------------

TableKey = tuple[bool, bool, bool, bool, bool]


class Table:
    """The rules of card play as plain flags, for the fast simulation on rank lists
    (suits never matter in Gurka, so a hand is the sorted list of its ranks)."""

    __slots__ = ("aces", "every", "key", "lead_lowest", "match_previous", "must_head", "plain")

    def __init__(self, rules: Rules) -> None:
        self._use(
            (
                rules.match_previous,
                rules.must_head,
                rules.aces_unbeatable,
                rules.lead_lowest,
                rules.penalty_tricks == "every",
            )
        )

    @classmethod
    def from_key(cls, key: TableKey) -> Table:
        """The table of a :attr:`key`."""
        table = cls.__new__(cls)
        table._use(key)
        return table

    def _use(self, key: TableKey) -> None:
        self.key = key
        """The flags as a tuple: match_previous, must_head, aces_unbeatable,
        lead_lowest, every trick scores."""
        self.match_previous, self.must_head, self.aces, self.lead_lowest, self.every = key
        self.plain = not any(key)
        """No variation of card play: :meth:`heuristic` takes a shortcut."""

    def legal(self, hand: list[int], ranks: list[int], top: int) -> list[int]:
        """The legal ranks of ``hand`` (sorted, lowest first) to a trick of ``ranks``
        whose highest rank is ``top``; sorted, duplicates kept. The kernel's rule
        (:func:`~cardtable.gurka.trick.legal_mask`) on rank lists, for speed; a test
        checks that they agree in every variation."""
        if not ranks:
            return hand[:1] if self.lead_lowest else hand
        target = ranks[-1] if self.match_previous else top
        if target == 14 and self.aces:
            return hand[:1]
        low = hand[0]
        if self.must_head:
            high = [r for r in hand if r >= target]
            return high or [low]
        if low >= target:
            return hand
        return [low, *[r for r in hand if r >= target]]

    def heuristic(
        self, hand: list[int], ranks: list[int], top: int, still: int, tricks_left: int
    ) -> int:
        """The rank :func:`~cardtable.bots.gurka_heuristic.card_policy` plays from
        ``hand`` with ``still`` players after it and ``tricks_left`` tricks left."""
        if self.plain:
            last = hand[-1]
            if not ranks:
                return last
            low = hand[0]
            if last < top or last == low:
                return low  # only the lowest rank may be played, or all ranks are one
            if tricks_left <= 2 or still:
                return last
            # last to play: the cheapest card above the lowest rank that takes the trick
            return hand[bisect.bisect_left(hand, top if top > low else low + 1)]
        legal = self.legal(hand, ranks, top)
        last = legal[-1]
        if legal[0] == last or self.every:
            return legal[0]
        if not ranks:
            return last
        low = hand[0]
        if last == low:
            return low
        if tricks_left <= 2 or still or (top == 14 and self.aces):
            return last
        for r in legal:
            if r != low and r >= top:
                return r
        return last

    def policies(self) -> tuple[Policy, ...]:
        """The policies by number (:data:`HEURISTIC`, :data:`GUARDED`)."""
        return (self.heuristic, self.guarded)

    def guarded(
        self, hand: list[int], ranks: list[int], top: int, still: int, tricks_left: int
    ) -> int:
        """The heuristic, except that a hand of four or more different ranks keeps its
        highest card as a guard (to reach a high target later instead of being forced
        to throw away its lowest card): it leads its second-highest rank, and a
        follower who is not last plays its second-highest card above its lowest rank
        when the highest such card is its top card. Found by self-play on rank lists
        against the heuristic: about 0.6 points a round better."""
        if self.every or self.lead_lowest or len(hand) < 4:
            return self.heuristic(hand, ranks, top, still, tricks_left)
        distinct = sorted(set(hand))
        if len(distinct) < 4 or (ranks and not still):
            return self.heuristic(hand, ranks, top, still, tricks_left)
        legal = sorted(set(self.legal(hand, ranks, top)))
        if len(legal) < 2:
            return legal[0]
        if not ranks:
            return legal[-2]
        above = legal[1:] if legal[0] == hand[0] else legal
        if len(above) >= 2 and above[-1] == distinct[-1]:
            return above[-2]
        return self.heuristic(hand, ranks, top, still, tricks_left)


Policy = Callable[[list[int], list[int], int, int, int], int]
"""A card-play policy on rank lists: ``(hand, ranks, top, still, tricks_left) -> rank``."""

Position = tuple[int, list[int], int, int]
"""A position within a round on rank lists: the trick's leader, its ranks so far, its
highest rank and the tricks left (this one included)."""


def play_out(
    table: Table,
    hands: list[list[int]],
    nxt: list[int],
    count: int,
    leader: int,
    seat: int,
    ranks: list[int],
    tricks_left: int,
    penalties: list[int],
    draw: Callable[[], float],
    noise: Sequence[float],
    policies: Sequence[Policy],
    stop: int = -1,
    seen: list[int] | None = None,
) -> Position | None:
    """Finish a round on rank lists: each seat plays the rank of its policy
    (``policies[seat]``, such as :meth:`Table.heuristic`), or with probability
    ``noise[seat]`` a uniformly random legal rank (``draw()`` gives the random numbers
    in [0, 1): at most two a card). The trick in progress
    was led by ``leader``, holds ``ranks`` and ``seat`` plays next (the trick may be
    complete); the points scored are added to ``penalties``. ``hands`` and ``ranks``
    are changed. Who takes a trick and who scores follow the engine's rules (a test
    plays the same rounds through the search's :class:`~cardtable.bots.gurka_search.RoundSim`
    in every variation).

    Play stops short at the first decision of seat ``stop`` with a choice of cards,
    and the :data:`Position` then is returned (None when the round was played out);
    ``seen`` gets every rank played."""
    top = max(ranks) if ranks else 0
    while True:
        if len(ranks) == count:
            tricks_left -= 1
            taker = _close_trick(table, ranks, top, leader, nxt, tricks_left, penalties)
            if not tricks_left:
                return None
            ranks = []
            top = 0
            leader = seat = taker
        hand = hands[seat]
        if seat == stop and len(hand) > 1:
            return leader, ranks, top, tricks_left
        if len(hand) == 1:
            rank = hand[0]
        else:
            p = noise[seat]
            if p and draw() < p:
                legal = table.legal(hand, ranks, top)
                rank = legal[int(draw() * len(legal))]
            else:
                rank = policies[seat](hand, ranks, top, count - len(ranks) - 1, tricks_left)
        hand.remove(rank)
        ranks.append(rank)
        if seen is not None:
            seen.append(rank)
        if rank > top:
            top = rank
        seat = nxt[seat]


def _close_trick(
    table: Table,
    ranks: list[int],
    top: int,
    leader: int,
    nxt: list[int],
    tricks_left: int,
    penalties: list[int],
) -> int:
    """Score the complete trick ``ranks`` led by ``leader`` (its highest rank ``top``)
    into ``penalties`` when it counts (every trick, or the last: ``tricks_left`` is
    those after it); the seat that takes it."""
    scores = table.every or not tricks_left
    s = taker = leader
    for r in ranks:
        if r == top:
            if scores:
                penalties[s] += top
            taker = s
        s = nxt[s]
    if table.aces and top == 14:
        taker = _first_ace(ranks, leader, nxt)
    return taker


def _first_ace(ranks: list[int], leader: int, nxt: list[int]) -> int:
    """The seat that played the first ace of a complete trick."""
    s = leader
    for r in ranks:
        if r == 14:
            return s
        s = nxt[s]
    raise AssertionError("no ace in the trick")


# -- what the others' play says about their hands ---------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """A card another seat played in this round, with what it knew when it played."""

    seat: int
    rank: int
    ranks: tuple[int, ...]
    """The ranks already in the trick."""
    still: int
    """Players after it in the trick."""
    tricks_left: int
    """Tricks left, this one included."""
    later: tuple[int, ...]
    """The ranks this seat played after this card, in this round."""


def round_plays(obs: Observation) -> list[Play]:
    """Every card played in the current round (finished tricks and the trick in
    progress), in order, as :class:`Play` records."""
    count = len(obs.seats_in_round)
    tricks = [[(s, _RANK_OF[c.index]) for s, c in t.plays] for t in obs.tricks]
    if obs.trick:
        tricks.append([(s, _RANK_OF[c.index]) for s, c in obs.trick])
    flat: list[tuple[int, int, tuple[int, ...], int, int]] = []
    for number, trick in enumerate(tricks):
        ranks: list[int] = []
        for seat, rank in trick:
            still = count - len(ranks) - 1
            flat.append((seat, rank, tuple(ranks), still, obs.tricks_total - number))
            ranks.append(rank)
    plays = []
    for i, (seat, rank, ranks_before, still, tricks_left) in enumerate(flat):
        later = tuple(r for s, r, *_ in flat[i + 1 :] if s == seat)
        plays.append(Play(seat, rank, ranks_before, still, tricks_left, later))
    return plays


HEURISTIC: Final[int] = 0
"""Policy number of :meth:`Table.heuristic`."""
GUARDED: Final[int] = 1
"""Policy number of :meth:`Table.guarded`."""


class PlayModel:
    """How each other seat plays, learnt from the rounds seen.

    A seat is modelled as one of the policies (:data:`HEURISTIC`, :data:`GUARDED`)
    with probability ``1 - e`` and a uniformly random legal rank otherwise. From every
    finished round, where all the cards each seat held are known (every card of a
    round is played), the model counts per seat and per stage of the round (tricks
    left) how often each policy chose the rank played where there was a choice; a
    seat follows the policy that agrees with it most (over the whole game), and ``e``
    comes from that policy's agreement ``A`` at the stage, less what a random card
    would agree by chance (``C``, one in the number of ranks it could play):
    ``1 - e = (A - C) / (decisions - C)``, starting from a prior that favours the
    plain heuristic."""

    PRIORS: ClassVar[tuple[tuple[float, float], ...]] = ((3.0, 1.0), (2.5, 1.5))
    """Per policy, pseudo-counts (agreements, disagreements) before any round."""
    FLOOR: ClassVar[float] = 0.03
    """The smallest off-model probability (nobody is assumed perfectly predictable)."""

    def __init__(self, players: int, fixed: float | None = None) -> None:
        self.fixed = fixed
        """When set, every seat plays the heuristic, off it with this probability;
        nothing is learnt and the worlds are not weighted (no inference from play)."""
        self.decisions = [[0] * 7 for _ in range(players)]
        self.chance = [[0.0] * 7 for _ in range(players)]
        """Per seat and stage, the agreements a uniformly random player would expect."""
        self.agree = [[[0] * 7 for _ in range(players)] for _ in self.PRIORS]

    @property
    def players(self) -> int:
        """The seats of the game modelled."""
        return len(self.decisions)

    def policy(self, seat: int) -> int:
        """The policy ``seat`` follows best."""
        if self.fixed is not None:
            return HEURISTIC
        decisions = sum(self.decisions[seat])

        def rate(k: int) -> float:
            a, d = self.PRIORS[k]
            return (sum(self.agree[k][seat]) + a) / (decisions + a + d)

        return max(range(len(self.PRIORS)), key=rate)

    def epsilon(self, seat: int, tricks_left: int) -> float:
        """The estimated chance that ``seat`` plays off its policy with
        ``tricks_left`` tricks left."""
        if self.fixed is not None:
            return self.fixed
        k = self.policy(seat)
        bucket = min(tricks_left, 6)
        a, d = self.PRIORS[k]
        agree = self.agree[k][seat][bucket] + a
        total = self.decisions[seat][bucket] + a + d
        # a random card agrees with the policy by chance too: one in the ranks it had
        chance = self.chance[seat][bucket] + (a + d) / 3
        on_model = (agree - chance) / (total - chance)
        return min(1.0, max(self.FLOOR, 1.0 - on_model))

    def learn(self, table: Table, obs: Observation) -> None:
        """Count, for a finished round, how often each policy chose the rank each
        other seat played where it had a choice of ranks."""
        policies = table.policies()
        for play in round_plays(obs):
            if play.seat == obs.seat or not play.later:
                continue
            hand = sorted((play.rank, *play.later))
            ranks = list(play.ranks)
            top = max(ranks) if ranks else 0
            legal = table.legal(hand, ranks, top)
            if legal[0] == legal[-1]:
                continue
            bucket = min(play.tricks_left, 6)
            self.decisions[play.seat][bucket] += 1
            self.chance[play.seat][bucket] += 1 / len(set(legal))
            for k, policy in enumerate(policies):
                if policy(hand, ranks, top, play.still, play.tricks_left) == play.rank:
                    self.agree[k][play.seat][bucket] += 1


@functools.cache
def _excluded_ranks(
    key: TableKey,
    rank: int,
    ranks: tuple[int, ...],
    still: bool,
    late: bool,
    size: int,
) -> int:
    """The ranks (a bit per rank) a seat following the heuristic cannot have held
    with ``rank`` when it played ``rank`` to a trick of ``ranks`` holding ``size``
    cards: no hand of ``rank``, that rank and at most one more card makes the
    heuristic play ``rank`` (a close, cheap approximation of the exact condition)."""
    table = Table.from_key(key)
    trick = list(ranks)
    top = max(trick) if trick else 0
    still_count = 1 if still else 0
    tricks_left = 3 if late else 2
    fills: list[list[int]] = [[]] if size <= 2 else [[r] for r in range(2, 15)]
    excluded = 0
    for x in range(2, 15):
        for fill in fills:
            hand = sorted([rank, x, *fill])
            if table.heuristic(hand, trick, top, still_count, tricks_left) == rank:
                break
        else:
            excluded |= 1 << x
    return excluded


class WorldSampler:
    """Deals of the other seats' hands (as rank lists) weighted by how likely the
    others' plays of this round are under the :class:`PlayModel` (policy-based
    inference).

    Each deal is drawn seat by seat (the most constrained first), each seat's cards
    uniformly among the hidden cards still undealt that it may hold, from one of two
    proposals: the ranks the rules allow each seat
    (:func:`~cardtable.gurka.inference.infer`), or those ranks less the ones a seat
    following the heuristic cannot hold (:func:`_excluded_ranks`). A deal's weight is
    the model's likelihood of the others' plays over the mixture's probability of
    drawing its cards, so weighted averages follow the model's posterior over the
    uniformly dealt cards."""

    def __init__(self, obs: Observation, table: Table, model: PlayModel, mix: float = 0.5) -> None:
        self.table = table
        me = obs.seat
        self.me = me
        inference = infer(obs)
        self.hidden = [0] * 15
        for card in inference.hidden:
            self.hidden[int(card.rank)] += 1
        self.counts = inference.counts
        self.own = sorted(_RANK_OF[c.index] for c in obs.hand)
        self.players = len(inference.counts)
        self.plays = (
            [] if model.fixed is not None else [p for p in round_plays(obs) if p.seat != me]
        )
        self.epsilons = [model.epsilon(p.seat, p.tricks_left) for p in self.plays]
        self.policy_of = [model.policy(s) for s in range(len(inference.counts))]
        self.policies = table.policies()
        legal = [_rank_bits(cs.mask) for cs in inference.possible]
        self.components = [legal]
        self.mix = [1.0]
        narrowed = self._narrowed(inference)
        if narrowed is not None and narrowed != legal:
            self.components.append(narrowed)
            self.mix = [mix, 1.0 - mix]
        self.rank_lists = [
            [tuple(r for r in range(2, 15) if bits >> r & 1) for bits in component]
            for component in self.components
        ]
        seats = [s for s in inference.seats if s != me and inference.counts[s] > 0]
        final = self.components[-1]
        self.order = sorted(
            seats, key=lambda s: sum(self.hidden[r] for r in range(2, 15) if final[s] >> r & 1)
        )

    def _narrowed(self, inference: Inference) -> list[int] | None:
        """The ranks each seat may hold if it followed the heuristic (skipping any
        play that was certainly off the heuristic, and the earliest exclusions when
        together they leave no deal), or None when nothing is excluded."""
        possible = [cs.mask for cs in inference.possible]
        extra: list[tuple[int, int]] = []
        for play in self.plays:
            size = 1 + len(play.later) + inference.counts[play.seat]
            if size < 2 or self.policy_of[play.seat] != HEURISTIC:
                continue
            excluded = _excluded_ranks(
                self.table.key,
                play.rank,
                play.ranks,
                play.still > 0,
                play.tricks_left > 2,
                size,
            )
            if any(excluded >> r & 1 for r in play.later):
                continue  # certainly off the heuristic: the card was in the hand
            mask = 0
            for r in range(2, 15):
                if excluded >> r & 1:
                    mask |= _RANK_CARDS[r]
            if mask & possible[play.seat]:
                extra.append((play.seat, mask))
        seats = [s for s in inference.seats if s != self.me and inference.counts[s] > 0]
        while extra:
            narrowed = list(possible)
            for seat, mask in extra:
                narrowed[seat] &= ~mask
            ranks = [_rank_bits(m) for m in narrowed]
            if _dealable(self.hidden, inference.counts, ranks, seats):
                return ranks
            extra.pop(0)
        return None

    def sample(self, rng: random.Random) -> tuple[list[list[int]], float]:
        """The hands of every seat (sorted ranks; the observer's own, empty lists for
        seats not in the round) and the deal's weight (0 when the draw failed)."""
        mix = self.mix
        pick = 0 if len(mix) == 1 or rng.random() < mix[0] else 1
        allowed = self.rank_lists[pick]
        remaining = list(self.hidden)
        hands: list[list[int]] = [[] for _ in range(self.players)]
        hands[self.me] = list(self.own)
        random_ = rng.random
        density = mix[pick]
        for seat in self.order:
            pool = [r for r in allowed[seat] for _ in range(remaining[r])]
            need = self.counts[seat]
            size = len(pool)
            if size < need:
                return hands, 0.0
            density /= _COMB[size][need]
            drawn = []
            for _ in range(need):
                i = int(random_() * size)
                size -= 1
                drawn.append(pool[i])
                pool[i] = pool[size]
            drawn.sort()
            for r in drawn:
                remaining[r] -= 1
            hands[seat] = drawn
        if len(mix) > 1:
            density += self._density(1 - pick, hands)
        return hands, self._likelihood(hands) / density

    def _density(self, component: int, hands: list[list[int]]) -> float:
        """The probability (up to the factor common to every deal) that ``component``
        of the mixture draws the cards of ``hands``, times its share."""
        allowed = self.components[component]
        ranks = self.rank_lists[component]
        remaining = list(self.hidden)
        density = self.mix[component]
        for seat in self.order:
            mask = allowed[seat]
            hand = hands[seat]
            for r in hand:
                if not mask >> r & 1:
                    return 0.0
            density /= _COMB[sum(remaining[r] for r in ranks[seat])][len(hand)]
            for r in hand:
                remaining[r] -= 1
        return density

    def _likelihood(self, hands: list[list[int]]) -> float:
        """The model's probability of the others' plays of this round in this deal."""
        likelihood = 1.0
        table = self.table
        for play, epsilon in zip(self.plays, self.epsilons, strict=True):
            hand = sorted((play.rank, *play.later, *hands[play.seat]))
            ranks = list(play.ranks)
            top = max(ranks) if ranks else 0
            legal = table.legal(hand, ranks, top)
            if legal[0] == legal[-1]:
                continue
            distinct = len(set(legal))
            policy = self.policies[self.policy_of[play.seat]]
            on_model = policy(hand, ranks, top, play.still, play.tricks_left) == play.rank
            likelihood *= (1 - epsilon if on_model else 0.0) + epsilon / distinct
        return likelihood


_COMB: Final[tuple[tuple[float, ...], ...]] = tuple(
    tuple(float(math.comb(a, k)) for k in range(7)) for a in range(53)
)
"""``_COMB[a][k]``: ways to choose ``k`` of ``a`` cards (k up to a hand of six)."""


def _dealable(
    hidden: Sequence[int], counts: Sequence[int], allowed: Sequence[int], seats: Sequence[int]
) -> bool:
    """Whether the hidden cards (``hidden[r]`` of rank ``r``) can give each of
    ``seats`` its ``counts[seat]`` cards among its ``allowed`` ranks: for every group
    of seats, the cards of the ranks any of them may hold are enough for all of them
    (Hall's condition, exact for this supply and demand)."""
    for size in range(1, len(seats) + 1):
        for group in itertools.combinations(seats, size):
            ranks = 0
            for seat in group:
                ranks |= allowed[seat]
            supply = sum(hidden[r] for r in range(2, 15) if ranks >> r & 1)
            if supply < sum(counts[seat] for seat in group):
                return False
    return True


def _rank_bits(mask: int) -> int:
    """The ranks present in a card mask, a bit per rank (bit ``r`` for rank ``r``)."""
    bits = 0
    for r in range(2, 15):
        if mask & _RANK_CARDS[r]:
            bits |= 1 << r
    return bits


def _ranks(mask: int) -> list[int]:
    """The sorted ranks of a card mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_RANK_OF[low.bit_length() - 1])
        mask ^= low
    out.sort()
    return out


# -- the card decision ----------------------------------------------------------------


def round_reward(
    limit: int, seats: Sequence[int], scores: Sequence[int], penalties: Sequence[int], seat: int
) -> float:
    """The value of a finished round's ``penalties`` for ``seat``: its penalty against
    the others' mean (14 points a unit), a unit lost if it takes the seat to the
    elimination score, half a unit shared for eliminating the others."""
    others = [s for s in seats if s != seat]
    mean = sum(penalties[s] for s in others) / len(others)
    value = (mean - penalties[seat]) / 14
    if scores[seat] + penalties[seat] >= limit:
        value -= 1.0
    out = sum(1 for s in others if scores[s] + penalties[s] >= limit)
    return value + 0.5 * out / len(others)


class CardSearch:
    """Determinized Monte Carlo for one card decision: each world (the others' hands
    drawn by :class:`WorldSampler`, with its weight) is played out once for every
    rank the seat may still choose: its own later cards by :meth:`Table.guarded`, the
    others' by their modelled policy with a little noise. The rank with the best
    weighted mean value wins. As worlds accumulate, a rank whose mean falls behind the
    best by more than :data:`PRUNE_Z` standard errors of the difference (paired over
    the same worlds) is no longer played out, which leaves more worlds for the rest;
    the search ends early once one rank is left."""

    PRUNE_Z: ClassVar[float] = 3.5

    def __init__(
        self, obs: Observation, model: PlayModel, chips: bool = True, noise: float = 0.1
    ) -> None:
        rules = obs.rules
        self.obs = obs
        self.valuation = Valuation(obs) if chips else None
        self.table = Table(rules)
        self.sampler = WorldSampler(obs, self.table, model)
        n = rules.players
        seats = obs.seats_in_round
        self.count = len(seats)
        self.nxt = [0] * n
        for i, s in enumerate(seats):
            self.nxt[s] = seats[(i + 1) % self.count]
        self.ranks = [_RANK_OF[c.index] for _, c in obs.trick]
        self.tricks_left = obs.tricks_left
        self.scores = list(obs.scores) if obs.scores is not None else [0] * n
        self.noise = [0.0 if s == obs.seat else noise for s in range(n)]
        policies = self.table.policies()
        self.policies: list[Policy] = [
            self.table.guarded if s == obs.seat else policies[model.policy(s)] for s in range(n)
        ]
        self.choices: dict[int, str] = {}
        for action in obs.legal_actions:
            self.choices.setdefault(_RANK_OF[Card.parse(action).index], action)
        self.active = list(self.choices)
        """The ranks still played out."""
        self.weights: list[float] = []
        self.values: dict[int, list[float]] = {rank: [] for rank in self.choices}
        """Per rank, its value in each weighted world since the start (while active)."""
        self.worlds = 0
        self._next_prune = 64

    def mean(self, rank: int) -> float:
        """The weighted mean value of playing ``rank`` over the worlds it was played in."""
        values = self.values[rank]
        total = sum(self.weights[: len(values)])
        return sum(w * v for w, v in zip(self.weights, values, strict=False)) / total

    def run(self, rng: random.Random, worlds: int | None, deadline: float | None) -> str:
        """Play out worlds until the budget is spent; the chosen action."""
        if len(self.choices) == 1:
            return next(iter(self.choices.values()))
        while (
            len(self.active) > 1
            and (worlds is None or self.worlds < worlds)
            and (deadline is None or self.worlds == 0 or time.thread_time() < deadline)
        ):
            self.step(rng)
            if len(self.weights) >= self._next_prune:
                self._prune()
                self._next_prune *= 2
        if not self.weights:
            return self.choices[min(self.active)]
        best = max(self.active, key=lambda r: (self.mean(r), -r))
        return self.choices[best]

    def _prune(self) -> None:
        """Stop playing out the ranks clearly worse than the best so far."""
        weights = self.weights
        total = sum(weights)
        means = {
            r: sum(w * v for w, v in zip(weights, self.values[r], strict=True)) / total
            for r in self.active
        }
        best = max(self.active, key=lambda r: (means[r], -r))
        squares = sum(w * w for w in weights)
        kept = [best]
        for rank in self.active:
            if rank == best:
                continue
            gap = means[best] - means[rank]
            spread = sum(
                w * w * (b - v - gap) ** 2
                for w, b, v in zip(weights, self.values[best], self.values[rank], strict=True)
            )
            if squares and gap * gap * total * total > self.PRUNE_Z**2 * spread and gap > 0:
                continue
            kept.append(rank)
        self.active = [r for r in self.active if r in kept]

    def step(self, rng: random.Random) -> None:
        """One world: every active choice played out in it."""
        obs = self.obs
        me = obs.seat
        hands, weight = self.sampler.sample(rng)
        self.worlds += 1
        if weight <= 0.0:
            return
        self.weights.append(weight)
        assert obs.leader is not None
        # the same random numbers for every choice: paired differences vary less
        randoms = [rng.random() for _ in range(2 * sum(map(len, hands)))]
        for rank in self.active:
            world = [h[:] for h in hands]
            world[me].remove(rank)
            penalties = list(obs.round_penalties)
            play_out(
                self.table,
                world,
                self.nxt,
                self.count,
                obs.leader,
                self.nxt[me],
                [*self.ranks, rank],
                self.tricks_left,
                penalties,
                iter(randoms).__next__,
                self.noise,
                self.policies,
            )
            self.values[rank].append(self.value(penalties))

    def value(self, penalties: list[int]) -> float:
        """What a finished round with ``penalties`` is worth to the seat: in chips
        (:class:`Valuation`), or by :func:`round_reward` without ``chips``."""
        if self.valuation is not None:
            return self.valuation.value(penalties)
        obs = self.obs
        limit = obs.rules.eliminate_at
        return round_reward(limit, obs.seats_in_round, self.scores, penalties, obs.seat)


Outcomes = dict[tuple[int, ...], "Decision | dict[int, float]"]
"""What follows one of the seat's choices in the lookahead: per sequence of ranks the
others then play up to its next decision (what it sees), that :class:`Decision`, or
after the last decision looked ahead each world's value (world number to value)."""


@dataclass(slots=True)
class Decision:
    """One of the seat's later decisions, in the worlds where it has seen the same
    cards by then (one information set)."""

    default: int
    """The rank the guarded policy plays here."""
    choices: dict[int, Outcomes]
    """Per rank the seat may play, what follows it."""

    def world_values(self, weights: Sequence[float]) -> dict[int, float]:
        """Each world's value with this decision taken by **leave-one-out**: in each
        world the rank best over the *other* worlds of the information set (by their
        values weighted by ``weights``, which sum to 1 so that :data:`TIE` is on the
        scale of a mean), the guarded rank when there are none. Taking the rank best
        over all of them, the world included, would let a set of few worlds choose by
        the very hidden cards the seat cannot see (the strategy fusion the lookahead
        is written against), and would overrate the ranks whose sets are small."""
        per_rank = {rank: _world_values(o, weights) for rank, o in self.choices.items()}
        totals = {
            r: sum(weights[w] * v for w, v in values.items()) for r, values in per_rank.items()
        }

        def left_out(world: int) -> int:
            # a world alone in its set leaves 0 for every rank: a tie, the guarded rank
            weight = weights[world]
            others = {r: totals[r] - weight * per_rank[r][world] for r in per_rank}
            return best_rank(others, self.default)

        return {world: per_rank[left_out(world)][world] for world in per_rank[self.default]}


TIE: Final[float] = 1e-9
"""Values closer than this are a tie (sums of the same values in another order)."""


def best_rank(values: dict[int, float], default: int) -> int:
    """The rank of the best value; among ranks tied with it (within :data:`TIE`),
    ``default`` if it is one, else the lowest."""
    top = max(values.values())
    tied = [rank for rank, value in values.items() if value >= top - TIE]
    return default if default in tied else min(tied)


def _world_values(outcomes: Outcomes, weights: Sequence[float]) -> dict[int, float]:
    """Each world's value after one of the seat's choices (:class:`Decision` for the
    later decisions)."""
    values: dict[int, float] = {}
    for node in outcomes.values():
        values.update(node.world_values(weights) if isinstance(node, Decision) else node)
    return values


class LookaheadSearch(CardSearch):
    """:class:`CardSearch` with the seat's next ``depth`` decisions (this one
    included) chosen per information set rather than per world: in every world each
    rank is played, the others play on by their model up to the seat's next decision,
    and the worlds are grouped by the ranks the seat saw played meanwhile; in each
    group a world takes the rank best over the group's other worlds
    (:meth:`Decision.world_values`), as a player who cannot see the hidden cards must.
    After ``depth`` decisions the seat plays on by the guarded policy. ``depth=1``
    values the ranks as :class:`CardSearch` does (without its pruning).
    :meth:`~CardSearch.run` runs it; ``weights`` holds the weight of each world."""

    def __init__(
        self,
        obs: Observation,
        model: PlayModel,
        depth: int,
        chips: bool = True,
        noise: float = 0.1,
    ) -> None:
        super().__init__(obs, model, chips, noise)
        self.depth = depth
        self.plans: dict[int, Outcomes] = {}

    def mean(self, rank: int) -> float:
        """The value of playing ``rank``, the later decisions taken per information set."""
        # the sampler's weights are relative (from 1e-5 to 1e19 in play): scaled to sum
        # to 1, the later decisions compare weighted means, on the scale of TIE
        total = sum(self.weights)
        weights = [w / total for w in self.weights]
        values = _world_values(self.plans[rank], weights)
        return sum(weights[w] * v for w, v in values.items())

    def _prune(self) -> None:
        """Nothing: a rank's value is not a mean over worlds here, so no rank is
        dropped by the paired test of :class:`CardSearch`."""

    def step(self, rng: random.Random) -> None:
        """One world, added to the tree along every sequence of the seat's choices."""
        hands, weight = self.sampler.sample(rng)
        self.worlds += 1
        if weight <= 0.0:
            return
        self.weights.append(weight)
        cards = 2 * sum(map(len, hands))
        # per stretch between two of the seat's decisions, the same random numbers for
        # every choice: paired differences vary less
        randoms = [[rng.random() for _ in range(cards)] for _ in range(self.depth)]
        obs = self.obs
        assert obs.leader is not None
        top = max(self.ranks) if self.ranks else 0
        penalties = list(obs.round_penalties)
        self._explore(
            self.plans, hands, obs.leader, self.ranks, top, self.tricks_left, penalties, randoms, 0
        )

    def _explore(
        self,
        plans: dict[int, Outcomes],
        hands: list[list[int]],
        leader: int,
        ranks: list[int],
        top: int,
        tricks_left: int,
        penalties: list[int],
        randoms: list[list[float]],
        depth: int,
    ) -> None:
        """Add the latest world to ``plans``, the choices of the seat's decision number
        ``depth`` (0: this one) in the position given: each rank it may play there is
        played in a copy of the world."""
        me = self.obs.seat
        table = self.table
        for rank in sorted(set(table.legal(hands[me], ranks, top))):
            world = [h[:] for h in hands]
            world[me].remove(rank)
            trick = [*ranks, rank]
            scored = list(penalties)
            draw = iter(randoms[depth]).__next__
            # the others play up to the seat's next decision, what the seat sees there
            # the key to it; after the last decision looked ahead, to the end
            ahead = depth + 1 < self.depth
            seen: list[int] | None = [] if ahead else None
            state = play_out(table, world, self.nxt, self.count, leader, self.nxt[me], trick,
                             tricks_left, scored, draw, self.noise, self.policies,
                             me if ahead else -1, seen)  # fmt: skip
            below = plans.setdefault(rank, {})
            key = tuple(seen) if seen else ()
            if state is not None:
                _, trick_ranks, trick_top, left = state
                still = self.count - len(trick_ranks) - 1
                default = table.guarded(world[me], trick_ranks, trick_top, still, left)
                node = below.setdefault(key, Decision(default, {}))
                assert isinstance(node, Decision)
                self._explore(node.choices, world, *state, scored, randoms, depth + 1)
            else:
                leaf = below.setdefault(key, {})
                assert isinstance(leaf, dict)
                leaf[len(self.weights) - 1] = self.value(scored)


LOOKAHEAD: Final[int] = 1
"""The seat's decisions the expert chooses per information set by default: this card
only, the flat search. Two (by leave-one-out), at 100 ms a decision, led the
heuristic by more and ISMCTS by less, neither difference clear of the noise
(docs/bots.md)."""

TRUST: Final[float] = 1.0
"""By default the expert looks ahead (when ``lookahead`` is above 1) whatever the
others' estimated off-model rate (:meth:`GurkaExpertBot.looks_ahead`); looking ahead
only at or below 0.35 did no better than the flat search (docs/bots.md)."""


class GurkaExpertBot(BaseBot):
    """The Gurka expert (see the module docstring); Gurka only.

    The budget is ``iterations`` per decision (worlds for a card, pairs of abstract
    games for a buy-back: four per iteration), or ``milliseconds`` of CPU time of the
    deciding thread per decision (a busy machine makes it slower, not weaker). With an
    iteration budget the bot is deterministic for a given ``seed``. ``chips=False``
    values a round by its penalties instead of in chips, and ``inference="uniform"``
    draws the hidden cards uniformly (what the rules allow) and models every other
    seat as the heuristic: both for measuring what each part adds. ``lookahead`` is
    the number of the seat's decisions, this one included, chosen per information
    set (:class:`LookaheadSearch`); 1 is the flat search (:class:`CardSearch`).
    ``trust`` is the highest mean off-model rate of the other seats in the round (by
    the :class:`PlayModel`) at which the bot looks ahead; above it, it searches flat,
    since looking ahead relies on the others playing as modelled. ``buyback`` is
    ``"search"`` (:class:`BuybackSearch`) or ``"rule"``: the heuristic's rule
    (:func:`~cardtable.bots.gurka_heuristic.should_buy_back`), for measuring what the
    search adds.
    """

    name = "gurka-expert"
    games: ClassVar[frozenset[str] | None] = frozenset({"gurka"})

    def __init__(
        self,
        iterations: int | None = None,
        milliseconds: float | None = None,
        seed: int | None = None,
        chips: bool = True,
        inference: str = "model",
        lookahead: int = LOOKAHEAD,
        trust: float = TRUST,
        buyback: str = "search",
    ) -> None:
        if iterations is None and milliseconds is None:
            iterations = 200
        self.chips = chips
        if inference not in INFERENCE:
            raise ValueError(f"inference must be 'model', 'play' or 'uniform', not {inference!r}")
        self.inference = inference != "uniform"
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if milliseconds is not None and milliseconds <= 0:
            raise ValueError(f"milliseconds must be positive, not {milliseconds}")
        if not 1 <= lookahead <= 6:
            raise ValueError(f"lookahead must be 1 to 6 decisions, not {lookahead}")
        self.lookahead = lookahead
        if not 0.0 <= trust <= 1.0:
            raise ValueError(f"trust must be an off-model rate from 0 to 1, not {trust}")
        self.trust = trust
        if buyback not in ("search", "rule"):
            raise ValueError(f"buyback must be 'search' or 'rule', not {buyback!r}")
        self.buyback = buyback
        self.iterations = iterations
        self.milliseconds = milliseconds
        self._rng = random.Random(seed)
        self._model: PlayModel | None = None

    def start_game(self, game: str, seat: int, players: int, rules: object) -> None:
        """Forget what was learnt about the players of another game."""
        self._model = self._new_model(players)

    def _new_model(self, players: int) -> PlayModel:
        return PlayModel(players) if self.inference else PlayModel(players, fixed=0.1)

    def end_round(self, observation: AnyObservation) -> None:
        """Learn how closely each other seat followed the heuristic in the round."""
        if isinstance(observation, Observation) and observation.tricks and self.inference:
            self._model_for(observation).learn(Table(observation.rules), observation)

    @property
    def model(self) -> PlayModel | None:
        """What was learnt so far of how the other seats of this game play."""
        return self._model

    def _model_for(self, obs: Observation) -> PlayModel:
        if self._model is None or self._model.players != obs.rules.players:
            self._model = self._new_model(obs.rules.players)
        return self._model

    def act(self, observation: AnyObservation) -> str:
        """The chosen action."""
        if game_of(observation) != "gurka":
            raise ValueError("gurka-expert plays gurka only")
        assert isinstance(observation, Observation)
        obs = observation
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "buyback" and self.buyback == "rule":
            return heuristic_choice(obs, self._rng)
        deadline = (
            None if self.milliseconds is None else time.thread_time() + self.milliseconds / 1000
        )
        if obs.phase == "buyback":
            games = None if self.iterations is None else 4 * self.iterations
            return BuybackSearch(obs, self._model_for(obs)).run(self._rng, games, deadline)
        return self.card_search(obs).run(self._rng, self.iterations, deadline)

    def card_search(self, obs: Observation) -> CardSearch:
        """The search :meth:`act` runs for a card decision (with what the bot has
        learnt of the other seats so far)."""
        model = self._model_for(obs)
        if self.looks_ahead(obs):
            return LookaheadSearch(obs, model, self.lookahead, self.chips)
        return CardSearch(obs, model, self.chips)

    def looks_ahead(self, obs: Observation) -> bool:
        """Whether the card decision of ``obs`` is searched with the lookahead: when
        ``lookahead`` is above 1 and the mean estimated off-model rate of the other
        seats in the round, at this stage of it, is at most ``trust``."""
        if self.lookahead == 1:
            return False
        model = self._model_for(obs)
        others = [s for s in obs.seats_in_round if s != obs.seat]
        rate = sum(model.epsilon(s, obs.tricks_left) for s in others) / len(others)
        return rate <= self.trust


# -- the rest of the game in the abstract: buy-backs --------------------------------------

POOL_SIZE: Final[int] = 250
"""Rounds kept per table of four policies, to draw round outcomes from (a table of
``k`` players keeps ``POOL_SIZE * 4 // k`` of them: a round of more players costs
more to play and says more about each of them)."""

_DECK_RANKS: Final[tuple[int, ...]] = tuple(r for r in range(2, 15) for _ in range(4))
_POOLS: dict[tuple[TableKey, tuple[int, ...]], list[tuple[int, ...]]] = {}


def outcome_pool(table: Table, players: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The penalties of rounds (:data:`POOL_SIZE` for four players) played on random deals by
    ``len(players)`` players following the policies ``players`` (policy numbers,
    ascending), seated in that order with the first leader drawn at random each round;
    penalties in the order of ``players``. The same list for every call with the same
    card-play rules and policies (a fixed seed)."""
    key = (table.key, players)
    pool = _POOLS.get(key)
    if pool is None:
        count = len(players)
        rng = random.Random(7919 * count + 17)
        nxt = [(i + 1) % count for i in range(count)]
        noise = [0.0] * count
        policies = [table.policies()[k] for k in players]
        pool = []
        for _ in range(POOL_SIZE * 4 // count):
            deck = rng.sample(_DECK_RANKS, 6 * count)
            hands = [sorted(deck[i::count]) for i in range(count)]
            penalties = [0] * count
            leader = rng.randrange(count)
            play_out(
                table,
                hands,
                nxt,
                count,
                leader,
                leader,
                [],
                6,
                penalties,
                rng.random,
                noise,
                policies,
            )
            pool.append(tuple(penalties))
        _POOLS[key] = pool
    return pool


def rest_of_game(
    ledger: Ledger,
    queue: Sequence[int],
    table: Table,
    rng: random.Random,
    policy_of: Sequence[int] | None = None,
) -> None:
    """Play the rest of a game in the abstract on ``ledger`` (changed; the game's
    own rules of elimination, buy-back and payout): the out players of ``queue``
    decide by the heuristic's rule (:func:`~cardtable.bots.gurka_heuristic.should_buy_back`),
    then each round's penalties are drawn from the :func:`outcome_pool` of the
    policies of the players dealt in (``policy_of[seat]``, every one the heuristic
    without it; where a round was dealt from does not count), until the pot is paid
    out."""
    randrange = rng.randrange
    while True:
        for seat in queue:
            if should_buy_back(
                ledger.buyback_cost(seat),
                ledger.pot,
                ledger.scores,
                ledger.seats_in(),
                ledger.limit,
                ledger.buybacks[seat],
            ):
                ledger.buy_back(seat)
        dealer = ledger.next_dealer()
        seats = ledger.seats_in()
        order = [s for s in seats if s > dealer] + [s for s in seats if s <= dealer]
        if policy_of is None:
            slots = order
            players: tuple[int, ...] = (HEURISTIC,) * len(order)
        else:
            # the seats of each policy take that policy's places in the pool's order
            slots = sorted(order, key=lambda s: policy_of[s])
            players = tuple(policy_of[s] for s in slots)
        pool = outcome_pool(table, players)
        outcome = pool[randrange(len(pool))]
        penalties = [0] * ledger.players
        for s, p in zip(slots, outcome, strict=True):
            penalties[s] = p
        queue = ledger.end_round(seats, penalties)
        if ledger.is_over:
            return


class BuybackSearch:
    """The buy-back decision: the rest of the game is played many times in the
    abstract (:func:`rest_of_game`) after buying back and after passing, with the same
    random round outcomes for both (common random numbers), and the seat buys back
    when that wins more chips on average (the pot it may win minus what it pays)."""

    def __init__(self, obs: Observation, model: PlayModel | None = None) -> None:
        assert obs.scores is not None and obs.alive is not None and obs.to_move is not None
        rules = obs.rules
        n = rules.players
        self.obs = obs
        self.policy_of = [
            GUARDED if s == obs.seat else HEURISTIC if model is None else model.policy(s)
            for s in range(n)
        ]
        self.rules = rules
        self.table = Table(rules)
        self.alive = [s in obs.alive for s in range(n)]
        self.paid = [-c for c in obs.chips] if obs.chips is not None else [rules.stake] * n
        self.buybacks = list(obs.buybacks) if obs.buybacks is not None else [0] * n
        order = [(obs.dealer + k) % n for k in range(1, n + 1)]
        me = obs.seat
        self.after = [s for s in order[order.index(me) + 1 :] if not self.alive[s]]
        self.difference = 0.0
        self.games = 0

    def _play(self, buy: bool, rng: random.Random) -> float:
        """The seat's net chips from now on in one abstract rest of the game."""
        obs = self.obs
        assert obs.scores is not None
        me = obs.seat
        ledger = Ledger.restore(
            self.rules,
            list(obs.scores),
            list(self.alive),
            list(self.paid),
            list(self.buybacks),
            obs.dealer,
        )
        if buy:
            ledger.buy_back(me)
        rest_of_game(ledger, self.after, self.table, rng, self.policy_of)
        return ledger.won[me] - (ledger.paid[me] - self.paid[me])

    def run(self, rng: random.Random, games: int | None, deadline: float | None) -> str:
        """Simulate pairs of games until the budget is spent; ``buyback`` or ``pass``."""
        while (games is None or self.games < games) and (
            deadline is None or self.games == 0 or time.thread_time() < deadline
        ):
            seed = rng.getrandbits(64)
            buy = self._play(True, random.Random(seed))
            stay = self._play(False, random.Random(seed))
            self.difference += buy - stay
            self.games += 1
        return "buyback" if self.difference > 0 else "pass"


class Valuation:
    """What the penalties of the round in progress are worth to a seat, in chips of
    the pot: each player still in after the round wins the pot with a chance
    proportional to ``(margin / hit + OFFSET) ** EXPONENT``, where ``margin`` is its
    distance to the elimination score and ``hit`` the mean penalty of a player who
    scores in a round (fitted to :func:`rest_of_game` over random positions: about
    0.03 off in chance). A player put out may buy back when the rules let it, at the
    highest score still in, for the stake: worth it only when that chance pays."""

    EXPONENT: ClassVar[float] = 3.0
    OFFSET: ClassVar[float] = 1.2

    def __init__(self, obs: Observation) -> None:
        rules = obs.rules
        n = rules.players
        self.seat = obs.seat
        self.players = n
        self.limit = rules.eliminate_at
        self.seats = obs.seats_in_round
        self.scores = list(obs.scores) if obs.scores is not None else [0] * n
        self.pot = obs.pot if obs.pot is not None else n * rules.stake
        taken = obs.buybacks if obs.buybacks is not None else (0,) * n
        self.costs = [0 if rules.free_rebuy and not t else rules.stake for t in taken]
        """What each seat would pay to buy back after this round."""
        pool = outcome_pool(Table(rules), (HEURISTIC,) * max(len(self.seats), 2))
        hits = [p for outcome in pool for p in outcome if p]
        self.hit = sum(hits) / len(hits) if hits else 1.0
        self._cache: dict[tuple[int, ...], dict[int, float]] = {}

    def _weight(self, margin: int) -> float:
        return float(max(margin / self.hit + self.OFFSET, 0.01) ** self.EXPONENT)

    def value(self, penalties: Sequence[int]) -> float:
        """The seat's expected chips from the pot after a round with ``penalties``."""
        return self.values(penalties)[self.seat]

    def values(self, penalties: Sequence[int]) -> dict[int, float]:
        """Every seat's expected chips from the pot after a round with ``penalties``
        (keyed by seat, the seats of the round)."""
        key = tuple(penalties[s] for s in self.seats)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        limit = self.limit
        pot = self.pot
        after = {s: self.scores[s] + penalties[s] for s in self.seats}
        alive = [s for s in self.seats if after[s] < limit]
        values = dict.fromkeys(self.seats, 0.0)
        if not alive:
            low = min(after.values())
            winners = [s for s in self.seats if after[s] == low]
            for s in winners:
                values[s] = pot / len(winners)
        elif len(alive) == 1:
            values[alive[0]] = float(pot)
        else:
            weights = sum(self._weight(limit - after[s]) for s in alive)
            for s in alive:
                values[s] = pot * self._weight(limit - after[s]) / weights
            if 3 <= len(alive) < self.players:
                level = max(after[s] for s in alive)
                mine = self._weight(limit - level)
                chance = mine / (mine + weights)
                for s in self.seats:
                    if s not in alive:
                        cost = self.costs[s]
                        values[s] = max(0.0, chance * (pot + cost) - cost)
        self._cache[key] = values
        return values
