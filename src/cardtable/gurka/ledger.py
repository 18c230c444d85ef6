"""The one home of Gurka's game-level rules: scores, elimination, buy-backs and payout.

A :class:`Ledger` holds what a game keeps between rounds (penalty scores, who is in,
chips paid, buy-backs, the dealer) and applies the rules to it. The public
:class:`~cardtable.gurka.Game`, the fast playouts (:mod:`cardtable.gurka.playout`) and
the ISMCTS buy-back simulation (:class:`cardtable.bots.gurka_search.GameSim`) all use
it, so those rules exist once.

The cycle of a game: :meth:`Ledger.next_dealer` (except before the first round),
deal to :meth:`Ledger.seats_in`, play, :meth:`Ledger.end_round` with the round's
penalties, which eliminates and either pays the pot out (:attr:`Ledger.is_over`) or
returns the out players who may buy back, in order; each that does calls
:meth:`Ledger.buy_back`.

>>> from cardtable.gurka.rules import Rules
>>> ledger = Ledger.new(Rules(players=4, eliminate_at=10), dealer=0)
>>> ledger.end_round([0, 1, 2, 3], [12, 0, 3, 0])
[0]
>>> ledger.buy_back(0)
>>> ledger.scores, ledger.paid, ledger.alive
([3, 0, 3, 0], [2, 1, 1, 1], [True, True, True, True])
>>> ledger.end_round([0, 1, 2, 3], [10, 10, 10, 0])
[]
>>> ledger.is_over, ledger.winners, ledger.won
(True, (3,), [0, 0, 0, 5])
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.gurka.rules import Rules

__all__ = ["Ledger"]


class Ledger:
    """Scores, seats in, chips and buy-backs of a Gurka game, and the rules that move
    them between rounds (elimination, buy-back, payout)."""

    __slots__ = (
        "alive",
        "buybacks",
        "dealer",
        "free_rebuy",
        "level",
        "limit",
        "paid",
        "players",
        "scores",
        "stake",
        "winners",
        "won",
    )

    players: int
    stake: int
    limit: int
    free_rebuy: bool
    scores: list[int]
    """Penalty score per seat (out players keep the score that put them out)."""
    paid: list[int]
    """Chips each seat has paid into the pot (stake and buy-backs)."""
    alive: list[bool]
    """Whether each seat is in."""
    buybacks: list[int]
    """Buy-backs taken per seat."""
    won: list[int]
    """Chips of the pot won per seat (all zero until the payout)."""
    dealer: int
    """The dealer of the current (or last) round."""
    level: int
    """The score a player who buys back in now comes back at."""
    winners: tuple[int, ...]
    """The seats that won the pot, first clockwise from the dealer's left; empty before."""

    def __init__(self) -> None:
        raise TypeError("create a Ledger with Ledger.new(rules, dealer) or Ledger.restore")

    @classmethod
    def new(cls, rules: Rules, dealer: int) -> Ledger:
        """A game's start: everyone in at 0, having paid the stake; ``dealer`` deals first."""
        n = rules.players
        return cls.restore(rules, [0] * n, [True] * n, [rules.stake] * n, [0] * n, dealer)

    @classmethod
    def restore(
        cls,
        rules: Rules,
        scores: list[int],
        alive: list[bool],
        paid: list[int],
        buybacks: list[int],
        dealer: int,
    ) -> Ledger:
        """A ledger in the middle of a game (the lists are kept, not copied); the
        buy-back level is the highest score of the seats in."""
        ledger = object.__new__(cls)
        ledger.players = rules.players
        ledger.stake = rules.stake
        ledger.limit = rules.eliminate_at
        ledger.free_rebuy = rules.free_rebuy
        ledger.scores = scores
        ledger.alive = alive
        ledger.paid = paid
        ledger.buybacks = buybacks
        ledger.won = [0] * rules.players
        ledger.dealer = dealer
        ledger.level = max((scores[s] for s in range(rules.players) if alive[s]), default=0)
        ledger.winners = ()
        return ledger

    def copy(self) -> Ledger:
        """An independent copy."""
        other = object.__new__(Ledger)
        for name in Ledger.__slots__:
            value = getattr(self, name)
            setattr(other, name, list(value) if isinstance(value, list) else value)
        return other

    @property
    def is_over(self) -> bool:
        """True once the pot has been paid out."""
        return bool(self.winners)

    @property
    def pot(self) -> int:
        """Chips paid into the pot so far."""
        return sum(self.paid)

    def seats_in(self) -> list[int]:
        """The seats still in, ascending."""
        return [s for s in range(self.players) if self.alive[s]]

    def buyback_cost(self, seat: int) -> int:
        """What ``seat`` pays to buy back now: the stake, or 0 for a first buy-back
        with ``free_rebuy``."""
        return 0 if self.free_rebuy and not self.buybacks[seat] else self.stake

    def end_round(self, seats: Sequence[int], penalties: Sequence[int]) -> list[int]:
        """Score a finished round of ``seats`` (``penalties`` indexed by seat) and
        eliminate those at or over the limit. Then: nobody left in pays the pot to the
        lowest scores of the round; one left in wins it; otherwise, if at least three
        are in and someone is out, return the out players who may buy back, clockwise
        from the dealer's left (they come back at :attr:`level`, the highest score in).
        Returns ``[]`` when the next round is dealt at once or the game is over."""
        scores = self.scores
        alive = self.alive
        limit = self.limit
        for s in seats:
            scores[s] += penalties[s]
            if scores[s] >= limit:
                alive[s] = False
        still_in = self.seats_in()
        if not still_in:
            low = min(scores[s] for s in seats)
            self.pay([s for s in seats if scores[s] == low])
            return []
        if len(still_in) == 1:
            self.pay(still_in)
            return []
        n = self.players
        if 3 <= len(still_in) < n:
            self.level = max(scores[s] for s in still_in)
            return [s for s in ((self.dealer + k) % n for k in range(1, n + 1)) if not alive[s]]
        return []

    def buy_back(self, seat: int) -> None:
        """``seat``, out, pays :meth:`buyback_cost` and comes back in at :attr:`level`."""
        self.paid[seat] += self.buyback_cost(seat)
        self.buybacks[seat] += 1
        self.scores[seat] = self.level
        self.alive[seat] = True

    def next_dealer(self) -> int:
        """Pass the deal to the next seat in, clockwise; return it."""
        n = self.players
        alive = self.alive
        self.dealer = next(s for s in ((self.dealer + k) % n for k in range(1, n + 1)) if alive[s])
        return self.dealer

    def pay(self, winners: Sequence[int]) -> None:
        """Share the pot among ``winners``; a remainder goes to the first of them
        clockwise from the dealer's left. The game is over."""
        n = self.players
        dealer = self.dealer
        ordered = sorted(winners, key=lambda s: (s - dealer - 1) % n)
        share, remainder = divmod(self.pot, len(ordered))
        for s in ordered:
            self.won[s] += share
        self.won[ordered[0]] += remainder
        self.winners = tuple(ordered)

    def chips(self) -> tuple[int, ...]:
        """Net chips per seat: pot won minus paid (sums to zero once over)."""
        return tuple(w - p for w, p in zip(self.won, self.paid, strict=True))
