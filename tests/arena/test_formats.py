"""Scheduling: duplicate swaps the partnerships on identical deals, rotation seats
every bot everywhere, round-robin pairs everyone."""

from collections import Counter

import pytest

from cardtable.arena import Match, play, schedule


def test_duplicate_swaps_seats_on_identical_deals() -> None:
    plays = schedule(Match("kraken", ("heuristic", "random"), deals=3, seed=5))
    assert len(plays) == 6
    for first, second in zip(plays[::2], plays[1::2], strict=True):
        assert first.deal == second.deal and first.seed == second.seed
        assert first.seats == (0, 1, 0, 1) and second.seats == (1, 0, 1, 0)
        one, two = play(first).record, play(second).record
        assert one["hands"] == two["hands"] and one["dealer"] == two["dealer"]
        assert one["seed"] == two["seed"]
    assert len({p.seed for p in plays}) == 3


def test_rotated_seats_each_bot_everywhere_on_the_same_deal() -> None:
    match = Match("gurka", ("random", "heuristic", "random{}"), deals=2, rules={"players": 5})
    plays = schedule(match)
    assert len(plays) == 10
    for deal in (0, 1):
        seatings = [p.seats for p in plays if p.deal == deal]
        assert len({p.seed for p in plays if p.deal == deal}) == 1
        for seat in range(5):
            assert {s[seat] for s in seatings} == {0, 1, 2}


def test_round_robin_pairs_every_bot_on_the_same_deals() -> None:
    match = Match("kraken", ("random", "heuristic", "random{}"), deals=2, format="round-robin")
    plays = schedule(match)
    assert Counter(p.pair for p in plays) == {(0, 1): 4, (0, 2): 4, (1, 2): 4}
    assert {p.seed for p in plays if p.deal == 0} == {plays[0].seed}


def test_bad_matches_say_why() -> None:
    with pytest.raises(ValueError, match="duplicate format is for two Kraken bots"):
        Match("kraken", ("random", "heuristic", "random{}"), 2, format="duplicate")
    with pytest.raises(ValueError, match="unknown bot"):
        Match("kraken", ("random", "nobody"), 2)
    with pytest.raises(ValueError, match="bad options"):
        Match("kraken", ("random", 'heuristic{"depth": 3}'), 2)
