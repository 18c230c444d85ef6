"""The fast path: whole Gurka games of random legal play on plain ints.

This is what benchmarks use. It deals exactly as :class:`~cardtable.gurka.Game` does
(same seed, same deals) and applies the same rules: card play as the kernel
:func:`~cardtable.gurka.trick.legal_mask` (inlined for speed), and elimination,
buy-backs and payout through the game's own :class:`~cardtable.gurka.ledger.Ledger`;
it keeps no objects, text or history. The tests replay its recorded actions through
the public :class:`~cardtable.gurka.Game` and check the outcome is identical.

>>> from cardtable.gurka import Rules
>>> result = random_game(Rules(players=4), seed=5, policy_seed=5)
>>> sum(result.chips), len(result.winners) >= 1
(0, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from cardtable.cards import CARDS
from cardtable.gurka.ledger import Ledger
from cardtable.gurka.round import HAND_SIZE, deal_masks
from cardtable.gurka.rules import Rules
from cardtable.gurka.trick import RANK_AT_LEAST, lowest_mask

__all__ = ["PlayoutResult", "random_game"]

_RANK_OF: Final[tuple[int, ...]] = tuple(int(c.rank) for c in CARDS)
_TEXT: Final[tuple[str, ...]] = tuple(str(c) for c in CARDS)


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """The outcome of one fast random game."""

    scores: tuple[int, ...]
    """Final penalty score per seat."""
    chips: tuple[int, ...]
    """Net chips per seat (sums to zero)."""
    winners: tuple[int, ...]
    """The seats that won the pot, first clockwise from the last dealer first."""
    rounds: int
    """Rounds played."""
    actions: tuple[str, ...] | None
    """Every action in canonical text when recorded, else None."""


def random_game(
    rules: Rules,
    seed: int,
    policy_seed: int = 0,
    buyback_chance: float = 0.5,
    record: bool = False,
) -> PlayoutResult:
    """Play a whole game with the deals of ``Game.new(rules, seed)``: each card is
    uniform among the legal ones, and an out player buys back with probability
    ``buyback_chance`` (both drawn from ``policy_seed``)."""
    n = rules.players
    every = rules.penalty_tricks == "every"
    match_previous = rules.match_previous
    must_head = rules.must_head
    aces_unbeatable = rules.aces_unbeatable
    lead_lowest = rules.lead_lowest
    rank_of = _RANK_OF
    at_least = RANK_AT_LEAST
    game_rng = random.Random(seed)
    policy = random.Random(policy_seed)
    randrange = policy.randrange
    actions: list[str] | None = [] if record else None

    ledger = Ledger.new(rules, game_rng.randrange(n))
    alive = ledger.alive
    rounds = 0
    while True:
        if rounds:
            ledger.next_dealer()
        dealer = ledger.dealer
        seats = ledger.seats_in()
        hands = deal_masks(seats, dealer, game_rng.getrandbits(64))
        hand = [hands.get(s, 0) for s in range(n)]
        penalties = [0] * n
        nxt = [0] * n
        count = len(seats)
        for i, s in enumerate(seats):
            nxt[s] = seats[(i + 1) % count]
        leader = nxt[dealer] if alive[dealer] else next((s for s in seats if s > dealer), seats[0])
        rounds += 1
        for trick_no in range(HAND_SIZE):
            seat = leader
            top = 0
            target = 0
            ranks: list[int] = []
            taker = leader
            for _ in range(count):
                h = hand[seat]
                # legal cards, as in trick.legal_mask
                if not target:
                    legal = lowest_mask(h) if lead_lowest else h
                elif target == 14 and aces_unbeatable:
                    legal = lowest_mask(h)
                else:
                    high = h & at_least[target]
                    legal = (high or lowest_mask(h)) if must_head else high | lowest_mask(h)
                k = randrange(legal.bit_count()) if legal & (legal - 1) else 0
                while k:
                    legal &= legal - 1
                    k -= 1
                bit = legal & -legal
                hand[seat] = h ^ bit
                index = bit.bit_length() - 1
                if actions is not None:
                    actions.append(_TEXT[index])
                rank = rank_of[index]
                ranks.append(rank)
                if rank > top:
                    top = rank
                    taker = seat
                elif rank == top and not (rank == 14 and aces_unbeatable):
                    taker = seat
                target = rank if match_previous else top
                seat = nxt[seat]
            if every or trick_no == HAND_SIZE - 1:
                s = leader
                for rank in ranks:
                    if rank == top:
                        penalties[s] += top
                    s = nxt[s]
            leader = taker
        for s in ledger.end_round(seats, penalties):
            if policy.random() < buyback_chance:
                ledger.buy_back(s)
                if actions is not None:
                    actions.append("buyback")
            elif actions is not None:
                actions.append("pass")
        if ledger.is_over:
            break

    return PlayoutResult(
        scores=tuple(ledger.scores),
        chips=ledger.chips(),
        winners=ledger.winners,
        rounds=rounds,
        actions=None if actions is None else tuple(actions),
    )
