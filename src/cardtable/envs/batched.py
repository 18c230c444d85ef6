"""Kraken card play for many tables at once, on numpy arrays.

:class:`KrakenBatch` takes N rounds whose play phase is about to start (trump,
challenges and roem settled by the engine) and plays their 32 cards in lockstep:
every :meth:`KrakenBatch.step` plays one card at every table. Observations
(:meth:`~KrakenBatch.observations`, the 528 numbers of
:data:`~cardtable.envs.kraken_encoding.KRAKEN`, for the seat to move), masks
(:meth:`~KrakenBatch.masks`) and rewards (the round's point difference per seat, at
the last card) are arrays of N rows; they equal what the engine and the encoding
give table by table (``tests/envs/test_batched.py`` plays both side by side).

>>> import numpy as np
>>> batch = KrakenBatch.deal(8, seed=1)
>>> batch.observations().shape, batch.masks().shape
((8, 528), (8, 42))
>>> rng = np.random.default_rng(0)
>>> while not batch.done:
...     rewards = batch.step(batch.random_actions(rng))
>>> rewards.shape, bool((rewards[:, 0] == -rewards[:, 1]).all())
((8, 4), True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.envs.kraken_encoding import KRAKEN, SCALE
from cardtable.kraken.fast import ABOVE, POINTS, POWER, SUITS
from cardtable.kraken.round import Round
from cardtable.kraken.rules import Rules
from cardtable.kraken.scoring import MARS_BONUS, TOTAL_CARD_POINTS

__all__ = ["KrakenBatch"]

_INDEX_52: Final = np.array([13 * (k // 8) + k % 8 + 5 for k in range(32)], dtype=np.int64)
"""The 52-card index of each of the 32 card actions."""
_POWER: Final = np.array(POWER, dtype=np.int64)  # [trump, led, card52]
_POINTS: Final = np.array(POINTS, dtype=np.int64)  # [trump, card52]
_SUITS: Final = np.array(SUITS, dtype=np.int64)
_ABOVE: Final = np.array([*ABOVE, 0], dtype=np.int64)  # index 52: no trump yet
_STUK: Final = np.array(
    [(1 << (13 * s + 11)) | (1 << (13 * s + 10)) for s in range(4)], dtype=np.int64
)
_FOURS: Final = [
    (int(sum(1 << (13 * s + rank - 2) for s in range(4))), value)
    for rank, value in ((11, 200), (14, 100), (13, 100), (12, 100), (10, 100))
]
_RUN_LANES: Final = np.int64(sum(0x1FFF << (13 * s) for s in range(4)))
_AT = {segment.name: KRAKEN.layout.slice(segment.name) for segment in KRAKEN.layout.segments}
_SIZE: Final = KRAKEN.size
_SEATS: Final = np.arange(4)


def _bits(masks: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8]:
    """The 32 card-action bits (0 or 1) of an array of 52-card masks: shape
    ``masks.shape + (32,)``. Each suit's 7 to A are bits 5 to 12 of its 13."""
    compact = np.zeros((*masks.shape, 4), dtype=np.uint8)
    for suit in range(4):
        compact[..., suit] = (masks >> (13 * suit + 5)) & 0xFF
    return np.unpackbits(compact, axis=-1, bitorder="little")


class KrakenBatch:
    """N Kraken rounds in their play phase, played one card per table per step."""

    def __init__(self, rounds: Sequence[Round]) -> None:
        if not rounds:
            raise ValueError("a batch needs at least one round")
        for i, rnd in enumerate(rounds):
            if rnd.phase != "play" or rnd.tricks or rnd.trick:
                raise ValueError(
                    f"round {i} is in phase {rnd.phase!r} with {len(rnd.tricks)} tricks: a batch "
                    "starts where play starts (trump, challenges and roem settled)"
                )
        n = len(rounds)
        self.size = n
        self.rounds = list(rounds)
        rows = np.arange(n)
        self._rows = rows
        self._trump = np.array([int(r.trump or 0) for r in rounds], dtype=np.int64)
        self._hands = np.array([[h.mask for h in r.hands] for r in rounds], dtype=np.int64)
        self._leader = np.array([int(r.to_move or 0) for r in rounds], dtype=np.int64)
        self._declarers = np.array([int(r.declarer or 0) % 2 for r in rounds], dtype=np.int64)
        self._multiplier = np.array([r.multiplier for r in rounds], dtype=np.int64)
        self._multiply_roem = np.array([r.rules.multiply_roem for r in rounds])
        self._trick_roem = np.array([r.rules.roem == "tricks" for r in rounds])
        self._amsterdam = np.array([r.rules.play == "amsterdam" for r in rounds])
        self._points = np.zeros((n, 2), dtype=np.int64)
        self._roem = np.array([r.roem for r in rounds], dtype=np.int64)
        self._won = np.zeros((n, 2), dtype=np.int64)
        self._cards = np.zeros((n, 4), dtype=np.int64)  # the trick's cards by position
        self._position = 0
        self._tricks = 0
        self.rewards = np.zeros((n, 4), dtype=np.float32)
        self._legal_now: npt.NDArray[np.int64] | None = None
        # every seat's observation vector, kept up to date card by card; what the
        # moment decides (who is to move, the leader, the phase, the points) is written
        # when the observations are read
        self._views = np.stack(
            [np.stack([KRAKEN.encode(r.observation(seat)) for seat in range(4)]) for r in rounds]
        )
        self._cells = self._views.reshape(-1)  # the same numbers, for flat indices
        self._row_base = rows * (4 * _SIZE)

    @classmethod
    def deal(cls, n: int, rules: Rules | None = None, seed: int = 0) -> KrakenBatch:
        """``n`` new rounds dealt from ``seed``, their auctions played at random by the
        engine."""
        rules = rules or Rules()
        rng = random.Random(seed)
        rounds = []
        for _ in range(n):
            rnd = Round.new(rules, rng.randrange(4), rng.getrandbits(48))
            while rnd.phase != "play":
                rnd.apply(rng.choice(rnd.legal_actions()))
            rounds.append(rnd)
        return cls(rounds)

    @property
    def done(self) -> bool:
        """True once the 32 cards are played."""
        return self._tricks == 8

    @property
    def to_move(self) -> npt.NDArray[np.int64]:
        """The seat to move at each table (the last leader once done)."""
        return (self._leader + self._position) % 4

    def _observer(self) -> npt.NDArray[np.int64]:
        return np.zeros(self.size, dtype=np.int64) if self.done else self.to_move

    def observations(self) -> npt.NDArray[np.float32]:
        """``[N, 528]``: each table's observation vector for the seat to move (seat 0
        once done), as :data:`KRAKEN` encodes the engine's observation."""
        rows, me = self._rows, self._observer()
        out = np.take(self._views.reshape(-1, _SIZE), rows * 4 + me, axis=0)
        done = self.done
        out[:, _AT["phase"]] = 0
        out[:, _AT["phase"].start + (4 if done else 3)] = 1
        out[:, _AT["to_move"]] = 0
        out[:, _AT["trick_leader"]] = 0
        if not done:
            out[:, _AT["to_move"].start] = 1
            out[rows, _AT["trick_leader"].start + (self._leader - me) % 4] = 1
        team = me % 2
        for name, values in (("card_points", self._points), ("roem", self._roem)):
            start = _AT[name].start
            out[:, start] = values[rows, team] / SCALE
            out[:, start + 1] = values[rows, 1 - team] / SCALE
        return out

    def _legal(self) -> npt.NDArray[np.int64]:
        """Each table's legal cards for the seat to move, as a 52-card mask (computed
        once per step)."""
        if self._legal_now is None:
            self._legal_now = self._compute_legal()
        return self._legal_now

    def _compute_legal(self) -> npt.NDArray[np.int64]:
        rows, mover = self._rows, self.to_move
        hand = self._hands[rows, mover]
        if self._position == 0 or self.done:
            return hand if not self.done else np.zeros(self.size, dtype=np.int64)
        trump = self._trump
        cards = self._cards[:, : self._position]
        led = cards[:, 0] // 13
        power = _POWER[trump[:, None], led[:, None], cards]
        best = power.argmax(axis=1)
        top = cards[rows, best]
        top_trump = np.where(top // 13 == trump, top, 52)
        partner = best == self._position - 2
        follow = hand & _SUITS[led]
        trumps = hand & _SUITS[trump]
        higher = trumps & _ABOVE[top_trump]
        not_trumps = hand & ~_SUITS[trump]
        led_trump = np.where(
            follow != 0,
            np.where((follow & _ABOVE[top_trump]) != 0, follow & _ABOVE[top_trump], follow),
            hand,
        )
        no_trump_yet = np.where(partner & self._amsterdam, hand, trumps)
        rotterdam = np.where(higher != 0, higher, trumps)
        partner_wins = np.where(((not_trumps | higher) != 0), not_trumps | higher, hand)
        otherwise = np.where(higher != 0, higher, np.where(not_trumps != 0, not_trumps, hand))
        amsterdam = np.where(partner, partner_wins, otherwise)
        over_trump = np.where(self._amsterdam, amsterdam, rotterdam)
        cannot_follow = np.where(
            trumps == 0, hand, np.where(top_trump == 52, no_trump_yet, over_trump)
        )
        plain = np.where(follow != 0, follow, cannot_follow)
        return np.where(led == trump, led_trump, plain)

    def masks(self) -> npt.NDArray[np.int8]:
        """``[N, 42]``: 1 for each legal action of the seat to move (only cards)."""
        out = np.zeros((self.size, len(KRAKEN.actions)), dtype=np.int8)
        out[:, :32] = _bits(self._legal())
        return out

    def random_actions(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """A uniformly random legal card action at every table."""
        legal = _bits(self._legal()).astype(np.float64)
        scores = rng.random(legal.shape) * legal
        chosen: npt.NDArray[np.int64] = scores.argmax(axis=1)
        return chosen

    def step(self, actions: npt.ArrayLike) -> npt.NDArray[np.float32]:
        """Play card action ``actions[i]`` at table ``i``; return the rewards (the
        round's point difference per seat, ``[N, 4]``: zeros until the last card).
        ``ValueError`` names the tables whose action is not legal (nothing changes)."""
        if self.done:
            raise ValueError("the rounds are over: every card is played")
        actions = np.asarray(actions, dtype=np.int64)
        if actions.shape != (self.size,):
            raise ValueError(f"expected {self.size} actions, got shape {actions.shape}")
        cards = _INDEX_52[np.clip(actions, 0, 31)]
        bits = np.int64(1) << cards
        bad = (actions < 0) | (actions > 31) | ((self._legal() & bits) == 0)
        if bad.any():
            tables = np.flatnonzero(bad)[:10].tolist()
            raise ValueError(
                f"illegal card actions at tables {tables}: play a card the mask allows"
            )
        rows, mover = self._rows, self.to_move
        self._legal_now = None
        self._hands[rows, mover] ^= bits
        self._cards[:, self._position] = cards
        cells, base = self._cells, self._row_base
        cells[base + mover * _SIZE + _AT["hand"].start + actions] = 0
        # in each seat's view: the card, in the mover's relative row of played and trick
        seat_base = (base + actions)[:, np.newaxis] + _SEATS * _SIZE
        relative = seat_base + 32 * ((mover[:, np.newaxis] - _SEATS) % 4)
        cells[relative + _AT["played"].start] = 1
        cells[relative + _AT["trick"].start] = 1
        cells[seat_base + _AT["trick_number"].start] = (self._tricks + 1) / 8
        self._position += 1
        if self._position == 4:
            self._finish_trick()
        return self.rewards

    def _finish_trick(self) -> None:
        rows, trump, cards = self._rows, self._trump, self._cards
        power = _POWER[trump[:, None], (cards[:, 0] // 13)[:, None], cards]
        winner = (self._leader + power.argmax(axis=1)) % 4
        points = _POINTS[trump[:, None], cards].sum(axis=1)
        last = self._tricks == 7
        if last:
            points += 10
        team = winner % 2
        self._points[rows, team] += points
        self._won[rows, team] += 1
        mask = np.bitwise_or.reduce(np.int64(1) << cards, axis=1)
        self._roem[rows, team] += np.where(self._trick_roem, _trick_roem(mask, trump), 0)
        self._views[:, :, _AT["trick"]] = 0
        where = self._row_base[:, np.newaxis] + _SEATS * _SIZE + _AT["trick_winners"].start
        self._cells[where + 4 * self._tricks + (winner[:, np.newaxis] - _SEATS) % 4] = 1
        self._leader = winner
        self._position = 0
        self._tricks += 1
        if last:
            self.rewards = self._score()

    def _score(self) -> npt.NDArray[np.float32]:
        """The round's points per seat's team minus the other team's (as
        :func:`~cardtable.kraken.scoring.score_round` scores it)."""
        rows = self._rows
        declarers = self._declarers
        defenders = 1 - declarers
        cards = self._points.copy()
        bonus = self._roem.copy()
        nat = (
            cards[rows, declarers] + bonus[rows, declarers]
            <= cards[rows, defenders] + bonus[rows, defenders]
        )
        both = bonus.sum(axis=1)
        cards[rows, declarers] = np.where(nat, 0, cards[rows, declarers])
        bonus[rows, declarers] = np.where(nat, 0, bonus[rows, declarers])
        cards[rows, defenders] = np.where(nat, TOTAL_CARD_POINTS, cards[rows, defenders])
        bonus[rows, defenders] = np.where(nat, both, bonus[rows, defenders])
        mars = np.where(self._won[:, 0] == 8, 0, np.where(self._won[:, 1] == 8, 1, -1))
        gets_mars = (mars >= 0) & ~(nat & (mars == declarers))
        bonus[rows[gets_mars], mars[gets_mars]] += MARS_BONUS
        factor = np.where(self._multiply_roem, self._multiplier, 1)
        points = cards * self._multiplier[:, None] + bonus * factor[:, None]
        difference = (points[:, 0] - points[:, 1]).astype(np.float32)
        return np.stack([difference, -difference, difference, -difference], axis=1)


def _trick_roem(mask: npt.NDArray[np.int64], trump: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The roem of each trick's four cards (52-card masks), as
    :func:`~cardtable.kraken.roem.trick_roem_mask` counts it."""
    lanes = mask & _RUN_LANES
    three = lanes & (lanes >> 1) & (lanes >> 2) & _RUN_LANES
    four = three & (lanes >> 3)
    roem = np.where(four != 0, 50, np.where(three != 0, 20, 0))
    stuk = _STUK[trump]
    roem += np.where((mask & stuk) == stuk, 20, 0)
    for cards, value in _FOURS:
        roem += np.where((mask & cards) == cards, value, 0)
    return roem
