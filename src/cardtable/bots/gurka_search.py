"""The Gurka side of ISMCTS: determinizations, rollouts and rewards for every decision.

Card play: each determinization deals the hidden cards with the exactly uniform
sampler of :mod:`cardtable.gurka.inference` (built once per decision), onto a small
mask-based copy of the round (:class:`RoundSim`); the horizon is the end of the round
and the rollout policy is the heuristic (:func:`~cardtable.bots.gurka_heuristic.card_policy`)
with a little randomness. The reward for a seat is its round penalty against the
average of the others (a penalty of 14 is worth a full point), with a heavy extra
loss if it takes the seat to the elimination score and a small gain for each other
player it eliminates.

Buy-backs: nothing is hidden but the future. A :class:`GameSim` holds the scores,
stakes and the queue of out players still to decide; the search tree covers the rest
of this buy-back break, and the rollout plays the rest of the game (fresh random deals,
heuristic cards and buy-backs). The reward is the seat's net chips from now on (the
share of the pot won minus what it pays from now), as a fraction of the final pot.

>>> import random
>>> from cardtable.bots.search import search
>>> from cardtable.gurka import Game, Rules
>>> game = Game.new(Rules(players=4), seed=1)
>>> obs = game.observation(game.to_move)
>>> action, root = search(GurkaSearch(obs), obs.seat, obs.legal_actions, random.Random(1), 50)
>>> action in obs.legal_actions, sum(child.visits for child in root.children.values())
(True, 50)
"""

from __future__ import annotations

import random
from typing import Final

from cardtable.bots.gurka_heuristic import card_policy, should_buy_back
from cardtable.bots.search import SearchState
from cardtable.cards import CARDS
from cardtable.gurka.inference import DealSampler, infer
from cardtable.gurka.ledger import Ledger
from cardtable.gurka.observation import Observation
from cardtable.gurka.round import HAND_SIZE
from cardtable.gurka.rules import Rules
from cardtable.gurka.trick import legal_mask

__all__ = ["EPSILON", "GameSim", "GurkaSearch", "RoundSim"]

EPSILON: Final[float] = 0.1
"""The chance that a rollout plays a uniformly random legal card instead of the
heuristic's, so that rollouts do not all follow one line."""

MAX_ROUNDS: Final[int] = 200
"""Rounds after which a simulated game is cut short (the pot split among those in)."""

_RANK_OF: Final[tuple[int, ...]] = tuple(int(c.rank) for c in CARDS)
_TEXT: Final[tuple[str, ...]] = tuple(str(c) for c in CARDS)
_INDEX: Final[dict[str, int]] = {text: i for i, text in enumerate(_TEXT)}


def _pick(legal: int, rng: random.Random) -> int:
    """A uniformly random card of a non-empty mask."""
    k = rng.randrange(legal.bit_count())
    while k:
        legal &= legal - 1
        k -= 1
    return (legal & -legal).bit_length() - 1


class RoundSim:
    """A round on card masks for search: the hands are a determinization; the state is
    over at the end of the round."""

    __slots__ = (
        "count",
        "hands",
        "leader",
        "nxt",
        "penalties",
        "ranks",
        "rules",
        "seats",
        "to_move",
        "top",
        "tricks_left",
    )

    def __init__(
        self,
        rules: Rules,
        seats: tuple[int, ...],
        hands: list[int],
        leader: int | None,
        to_move: int | None,
        ranks: list[int],
        tricks_left: int,
        penalties: list[int],
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.count = len(seats)
        self.nxt = [0] * rules.players
        for i, seat in enumerate(seats):
            self.nxt[seat] = seats[(i + 1) % len(seats)]
        self.hands = hands
        self.leader = leader
        self.to_move = to_move
        self.ranks = ranks
        self.top = max(ranks) if ranks else 0
        self.tricks_left = tricks_left
        self.penalties = penalties

    @property
    def is_over(self) -> bool:
        """True once the round's last trick is complete."""
        return self.to_move is None

    def legal_mask(self) -> int:
        """The legal cards of the seat to move, as a mask."""
        seat = self.to_move
        if seat is None:
            return 0
        ranks = self.ranks
        rules = self.rules
        target = (ranks[-1] if rules.match_previous else self.top) if ranks else 0
        return legal_mask(self.hands[seat], target, rules)

    def legal_actions(self) -> list[str]:
        """The legal cards of the seat to move, as text."""
        mask = self.legal_mask()
        actions = []
        while mask:
            low = mask & -mask
            actions.append(_TEXT[low.bit_length() - 1])
            mask ^= low
        return actions

    def apply(self, action: str) -> None:
        """Play a card given as canonical text (no legality check: search only plays
        the actions it was offered)."""
        self.play(_INDEX[action])

    def play(self, index: int) -> None:
        """Play card ``index`` for the seat to move."""
        seat = self.to_move
        assert seat is not None
        self.hands[seat] &= ~(1 << index)
        rank = _RANK_OF[index]
        self.ranks.append(rank)
        if rank > self.top:
            self.top = rank
        if len(self.ranks) < self.count:
            self.to_move = self.nxt[seat]
            return
        # the trick is complete: find the taker and score it if it counts
        ranks = self.ranks
        top = self.top
        leader = self.leader
        assert leader is not None
        taker = _taker(ranks, leader, self.nxt, top, top == 14 and self.rules.aces_unbeatable)
        self.tricks_left -= 1
        if self.tricks_left == 0 or self.rules.penalty_tricks == "every":
            s = leader
            for r in ranks:
                if r == top:
                    self.penalties[s] += top
                s = self.nxt[s]
        self.ranks = []
        self.top = 0
        if self.tricks_left == 0:
            self.leader = None
            self.to_move = None
        else:
            self.leader = taker
            self.to_move = taker

    def rollout(self, rng: random.Random, epsilon: float = EPSILON) -> None:
        """Finish the round with the heuristic, playing a random legal card with
        probability ``epsilon``."""
        rules = self.rules
        while self.to_move is not None:
            if rng.random() < epsilon:
                index = _pick(self.legal_mask(), rng)
            else:
                index = card_policy(
                    self.hands[self.to_move],
                    self.ranks,
                    self.count - len(self.ranks) - 1,
                    self.tricks_left,
                    rules,
                )
            self.play(index)


def _taker(ranks: list[int], leader: int, nxt: list[int], top: int, aces: bool) -> int:
    """The seat taking a complete trick: the last card of the top rank, or the first
    ace when aces are unbeatable."""
    taker = leader
    s = leader
    for r in ranks:
        if r == top:
            taker = s
            if aces:
                return s
        s = nxt[s]
    return taker


def _round_reward(
    rules: Rules, seats: tuple[int, ...], scores: list[int], penalties: list[int], seat: int
) -> float:
    """The card-play reward of ``seat`` once a round is over (see the module docstring)."""
    others = [s for s in seats if s != seat]
    mean = sum(penalties[s] for s in others) / len(others)
    value = (mean - penalties[seat]) / 14
    limit = rules.eliminate_at
    if scores[seat] + penalties[seat] >= limit:
        value -= 1.0
    out = sum(1 for s in others if scores[s] + penalties[s] >= limit)
    value += 0.5 * out / len(others)
    return max(-1.0, min(1.0, value / 2))


class GameSim:
    """The rest of a game from a buy-back break, for search: the tree covers the
    break (``is_over`` once every out player has decided); :meth:`rollout` plays the
    remaining rounds. Scores, elimination, buy-backs and payout are the game's own
    rules (:class:`~cardtable.gurka.ledger.Ledger`)."""

    __slots__ = ("ledger", "paid_before", "queue", "rules")

    def __init__(
        self,
        rules: Rules,
        scores: list[int],
        alive: list[bool],
        paid: list[int],
        buybacks: list[int],
        dealer: int,
        queue: list[int],
    ) -> None:
        self.rules = rules
        self.ledger = Ledger.restore(rules, scores, alive, paid, buybacks, dealer)
        self.paid_before = list(paid)
        self.queue = queue

    @property
    def scores(self) -> list[int]:
        """Penalty score per seat."""
        return self.ledger.scores

    @property
    def alive(self) -> list[bool]:
        """Whether each seat is in."""
        return self.ledger.alive

    @property
    def paid(self) -> list[int]:
        """Chips each seat has paid into the pot."""
        return self.ledger.paid

    @property
    def buybacks(self) -> list[int]:
        """Buy-backs taken per seat."""
        return self.ledger.buybacks

    @property
    def won(self) -> list[int]:
        """Chips of the pot won per seat (zero until the payout)."""
        return self.ledger.won

    @property
    def finished(self) -> bool:
        """True once the pot has been paid out."""
        return self.ledger.is_over

    @property
    def to_move(self) -> int | None:
        """The out player deciding now, or None once the break is over."""
        return self.queue[0] if self.queue else None

    @property
    def is_over(self) -> bool:
        """True once every out player of this break has decided."""
        return not self.queue

    def legal_actions(self) -> list[str]:
        """``buyback`` and ``pass`` while the break lasts."""
        return ["buyback", "pass"] if self.queue else []

    def cost(self, seat: int) -> int:
        """What ``seat`` pays to buy back now."""
        return self.ledger.buyback_cost(seat)

    def apply(self, action: str) -> None:
        """Buy back or pass for the out player deciding now."""
        seat = self.queue.pop(0)
        if action == "buyback":
            self.ledger.buy_back(seat)

    def end_round(self, seats: tuple[int, ...], penalties: list[int]) -> None:
        """Score a finished round: eliminations, then the payout or the next
        buy-back break (its out players in :attr:`queue`)."""
        self.queue = self.ledger.end_round(seats, penalties)

    def next_round(self) -> tuple[int, ...]:
        """Pass the deal on; return the seats dealt in."""
        self.ledger.next_dealer()
        return tuple(self.ledger.seats_in())

    def heuristic_buyback(self) -> bool:
        """Whether the heuristic buys back the out player deciding now."""
        ledger = self.ledger
        seat = self.queue[0]
        return should_buy_back(
            ledger.buyback_cost(seat),
            ledger.pot,
            ledger.scores,
            ledger.seats_in(),
            ledger.limit,
            ledger.buybacks[seat],
        )

    def rollout(self, rng: random.Random, epsilon: float = EPSILON) -> None:
        """Play the rest of the game: heuristic buy-backs for the rest of the break,
        then fresh random deals played by the heuristic (random cards with
        probability ``epsilon``), until the pot is paid out."""
        rules = self.rules
        n = rules.players
        ledger = self.ledger
        while self.queue:
            self.apply("buyback" if self.heuristic_buyback() else "pass")
        if ledger.is_over:
            return
        for _ in range(MAX_ROUNDS):
            seats = self.next_round()
            picks = rng.sample(range(52), HAND_SIZE * len(seats))
            hands = [0] * n
            for i, index in enumerate(picks):
                hands[seats[i % len(seats)]] |= 1 << index
            leader = next((s for s in seats if s > ledger.dealer), seats[0])
            rnd = RoundSim(rules, seats, hands, leader, leader, [], HAND_SIZE, [0] * n)
            rnd.rollout(rng, epsilon)
            self.end_round(seats, rnd.penalties)
            if ledger.is_over:
                return
            while self.queue:
                self.apply("buyback" if self.heuristic_buyback() else "pass")
        ledger.pay(ledger.seats_in())

    def reward(self, seat: int) -> float:
        """Net chips won by ``seat`` from the break on, as a fraction of the pot."""
        spent = self.paid[seat] - self.paid_before[seat]
        return (self.won[seat] - spent) / max(sum(self.paid), 1)


class GurkaSearch:
    """The :class:`~cardtable.bots.search.SearchAdapter` for one Gurka decision."""

    def __init__(self, observation: Observation, epsilon: float = EPSILON) -> None:
        obs = observation
        self.observation = obs
        self.epsilon = epsilon
        rules = obs.rules
        n = rules.players
        self._scores = list(obs.scores) if obs.scores is not None else [0] * n
        self._buyback = obs.phase == "buyback"
        if self._buyback:
            assert obs.alive is not None and obs.to_move is not None
            alive = [s in obs.alive for s in range(n)]
            order = [(obs.dealer + k) % n for k in range(1, n + 1)]
            queue = [s for s in order[order.index(obs.to_move) :] if not alive[s]]
            pot = obs.pot if obs.pot is not None else n * rules.stake
            # who paid what is public only as net chips; before the payout the
            # chips are minus what each paid
            paid = [-c for c in obs.chips] if obs.chips is not None else [rules.stake] * n
            assert sum(paid) == pot
            self._game = (alive, paid, queue)
            return
        if obs.phase not in ("play",) or obs.to_move is None:
            raise ValueError("no decision to search: the observation has no seat to move")
        self._sampler = DealSampler(infer(obs))
        self._ranks = [int(card.rank) for _, card in obs.trick]

    def determinize(self, rng: random.Random) -> SearchState:
        """A fresh state: the hidden cards dealt by the sampler (card play), or the
        public game state (buy-backs)."""
        obs = self.observation
        if self._buyback:
            alive, paid, queue = self._game
            return GameSim(
                obs.rules,
                list(self._scores),
                list(alive),
                list(paid),
                list(obs.buybacks or [0] * obs.rules.players),
                obs.dealer,
                list(queue),
            )
        return RoundSim(
            obs.rules,
            obs.seats_in_round,
            self._sampler.sample_masks(rng),
            obs.leader,
            obs.to_move,
            list(self._ranks),
            obs.tricks_left,
            list(obs.round_penalties),
        )

    def default_action(self, state: SearchState, rng: random.Random) -> str:
        """The heuristic's action in ``state``."""
        if isinstance(state, GameSim):
            return "buyback" if state.heuristic_buyback() else "pass"
        assert isinstance(state, RoundSim) and state.to_move is not None
        index = card_policy(
            state.hands[state.to_move],
            state.ranks,
            state.count - len(state.ranks) - 1,
            state.tricks_left,
            state.rules,
        )
        return _TEXT[index]

    def rollout(self, state: SearchState, rng: random.Random) -> None:
        """Play to the end of the horizon: the round (cards) or the game (buy-backs)."""
        assert isinstance(state, (RoundSim, GameSim))
        state.rollout(rng, self.epsilon)

    def reward(self, state: SearchState, seat: int) -> float:
        """The outcome for ``seat`` at the end of the horizon, in [-1, 1]."""
        if isinstance(state, GameSim):
            return state.reward(seat)
        assert isinstance(state, RoundSim)
        return _round_reward(state.rules, state.seats, self._scores, state.penalties, seat)
