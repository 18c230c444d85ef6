"""Speed of Kraken random play: prints one ``name: value`` line per figure.

Figures (each the median of several runs on one core):
- ``public_api_rounds_per_s``: whole rounds (deal, trump, challenges, play) through
  ``Round.new`` / ``legal_actions`` / ``apply`` with uniformly random legal actions.
- ``fast_path_rounds_per_s``: deal plus play-out through ``fast.random_playout``,
  the path bots and search use.
- ``fast_playout_only_per_s``: the same play-outs from hands dealt in advance.
- ``legal_plays_calls_per_s``: the public ``legal_plays`` on cards, and
  ``legal_mask_calls_per_s`` for its bitmask twin, on positions from real play.
- ``*_vs_naive``: ratios against a plain string-card reading of the rules run in
  this same process (the baseline the issue quotes as about 5,000 rounds/s).

Run: ``.venv/bin/python benchmarks/kraken_playout.py [--repeats N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardtable.cards import iter_bits
from cardtable.kraken import Round, Rules, legal_plays
from cardtable.kraken.fast import legal_mask, random_playout
from cardtable.kraken.trick import DECK

RULES = Rules(trump_choice="utrecht")


def rate(work: Callable[[], int], repeats: int) -> float:
    """Median items per second over ``repeats`` timed runs of ``work``."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        items = work()
        rates.append(items / (time.perf_counter() - start))
    return statistics.median(rates)


def public_api(n: int) -> Callable[[], int]:
    def work() -> int:
        rng = random.Random(1)
        for seed in range(n):
            r = Round.new(RULES, seed % 4, seed)
            while r.phase != "done":
                r.apply(rng.choice(r.legal_actions()))
        return n

    return work


def fast_path(n: int, deal_each: bool) -> Callable[[], int]:
    deck = list(iter_bits(DECK.mask))
    rng = random.Random(2)

    def deal() -> list[int]:
        rng.shuffle(deck)
        return [sum(1 << c for c in deck[i : i + 8]) for i in (0, 8, 16, 24)]

    dealt = [deal() for _ in range(n)]

    def work() -> int:
        for i in range(n):
            hands = deal() if deal_each else dealt[i]
            random_playout(hands, i & 3, i & 3, "amsterdam", True, rng)
        return n

    return work


def naive_round(rng: random.Random) -> None:
    """A plain reading of the rules on string cards: the baseline."""
    trump_order, plain_order = "J9ATKQ87", "ATKQJ987"
    points_t = dict(zip(trump_order, (20, 14, 11, 10, 4, 3, 0, 0), strict=True))
    points_p = dict(zip(plain_order, (11, 10, 4, 3, 2, 0, 0, 0), strict=True))
    deck = [r + s for s in "CDHS" for r in "789TJQKA"]
    rng.shuffle(deck)
    hands = [deck[i : i + 8] for i in (0, 8, 16, 24)]
    trump = rng.choice("CDHS")
    leader, score = 0, [0, 0]

    def power(card: str, led: str) -> int:
        if card[1] == trump:
            return 20 - trump_order.index(card[0])
        return 10 - plain_order.index(card[0]) if card[1] == led else 0

    for n in range(8):
        trick: list[str] = []
        for i in range(4):
            hand = hands[(leader + i) % 4]
            options = hand
            if trick:
                led = trick[0][1]
                follow = [c for c in hand if c[1] == led]
                trumps = [c for c in hand if c[1] == trump]
                best = max(trick, key=lambda c: power(c, led))
                if follow:
                    options = follow
                    if led == trump:
                        higher = [c for c in follow if power(c, led) > power(best, led)]
                        options = higher or follow
                elif trumps:
                    higher = [c for c in trumps if power(c, led) > power(best, led)]
                    options = higher or trumps
            card = rng.choice(options)
            hand.remove(card)
            trick.append(card)
        led = trick[0][1]
        win = max(range(4), key=lambda k: power(trick[k], led))
        leader = (leader + win) % 4
        pts = sum(points_t[c[0]] if c[1] == trump else points_p[c[0]] for c in trick)
        score[leader % 2] += pts + (10 if n == 7 else 0)


def naive(n: int) -> Callable[[], int]:
    def work() -> int:
        rng = random.Random(3)
        for _ in range(n):
            naive_round(rng)
        return n

    return work


def legal_positions() -> list[tuple[list, list, int]]:  # type: ignore[type-arg]
    positions = []
    rng = random.Random(4)
    for seed in range(300):
        r = Round.new(RULES, 0, seed)
        r.apply("trump " + "CDHS"[seed % 4])
        while r.phase == "challenge":
            r.apply("pass")
        while not r.is_over:
            assert r.to_move is not None and r.trump is not None
            positions.append((list(r.hands[r.to_move]), [c for _, c in r.trick], int(r.trump)))
            r.apply(rng.choice(r.legal_actions()))
    return positions


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    repeats = args.repeats

    baseline = rate(naive(2000), repeats)
    public = rate(public_api(1000), repeats)
    fast = rate(fast_path(10000, deal_each=True), repeats)
    playout = rate(fast_path(10000, deal_each=False), repeats)

    positions = legal_positions()
    masks = [
        (sum(c.bit for c in hand), [c.index for c in trick], trump)
        for hand, trick, trump in positions
    ]
    from cardtable.cards import Suit

    def legal_cards() -> int:
        for hand, trick, trump in positions:
            legal_plays(hand, trick, Suit(trump), RULES)
        return len(positions)

    def legal_bits() -> int:
        for hand, trick, trump in masks:
            legal_mask(hand, trick, trump, "amsterdam")
        return len(masks)

    print(f"naive_baseline_rounds_per_s: {baseline:,.0f}")
    print(f"public_api_rounds_per_s: {public:,.0f}")
    print(f"fast_path_rounds_per_s: {fast:,.0f}")
    print(f"fast_playout_only_per_s: {playout:,.0f}")
    print(f"legal_plays_calls_per_s: {rate(legal_cards, repeats):,.0f}")
    print(f"legal_mask_calls_per_s: {rate(legal_bits, repeats):,.0f}")
    print(f"public_api_vs_naive: {public / baseline:.2f}")
    print(f"fast_path_vs_naive: {fast / baseline:.2f}")


if __name__ == "__main__":
    main()
