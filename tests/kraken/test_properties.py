"""Invariants over random games under every combination of rules (Hypothesis)."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS
from cardtable.errors import IllegalAction
from cardtable.kraken import Round, Rules, Seat
from cardtable.kraken.actions import KEYWORDS
from cardtable.kraken.trick import DECK

from .helpers import play_randomly, play_up_to, rules_st, snapshot

seeds = st.integers(0, 2**32)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EVERY_ACTION = (
    sorted(KEYWORDS) + [f"trump {s}" for s in "CDHS"] + [str(c) for c in CARDS if DECK.mask & c.bit]
)


@SETTINGS
@given(rules_st, st.integers(0, 3), seeds)
def test_every_random_round_ends_with_162_card_points_and_consistent_score(
    rules: Rules, dealer: int, seed: int
) -> None:
    r = Round.new(rules, dealer, seed)
    play_randomly(r, random.Random(seed))
    result = r.result()
    assert sum(result.card_points) == 162
    assert len(r.tricks) == 8
    assert sum(t.points for t in r.tricks) == 162
    assert all(not h for h in r.hands)
    assert result.points[result.declarers] == 0 or not result.nat
    assert result.multiplier == r.multiplier in {1, 2, 4, 8, 16}
    assert result.points[0] >= 0 and result.points[1] >= 0


@SETTINGS
@given(rules_st, st.integers(0, 3), seeds)
def test_legal_actions_never_raise_and_illegal_ones_always_raise_and_change_nothing(
    rules: Rules, dealer: int, seed: int
) -> None:
    r = Round.new(rules, dealer, seed)
    rng = random.Random(seed)
    while not r.is_over:
        legal = r.legal_actions()
        assert legal
        illegal = [a for a in EVERY_ACTION if a not in legal]
        before = snapshot(r)
        for action in rng.sample(illegal, min(4, len(illegal))):
            try:
                r.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"illegal {action!r} accepted in {r!r}")
            assert not r.can_apply(action)
        assert snapshot(r) == before
        action = rng.choice(legal)
        assert r.can_apply(action)
        r.apply(action.lower())


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


@SETTINGS
@given(rules_st, st.integers(0, 3), seeds)
def test_observations_never_show_another_seats_unplayed_cards(
    rules: Rules, dealer: int, seed: int
) -> None:
    r = Round.new(rules, dealer, seed)
    rng = random.Random(seed)
    while not r.is_over:
        for seat in Seat:
            data = r.observation(seat).to_dict()
            json.dumps(data)
            # the turned cards of `random` trump come from a second deck
            public = {k: v for k, v in data.items() if k not in ("turned", "proposed")}
            tokens = {t for s in _strings(public) for t in s.split()}
            for other in Seat:
                if other != seat:
                    leaked = tokens & {str(c) for c in r.hands[other]}
                    assert not leaked, f"{seat.name} sees {leaked} of {other.name}"
        r.apply(rng.choice(r.legal_actions()))


@SETTINGS
@given(rules_st, st.integers(0, 3), seeds, st.integers(0, 45))
def test_records_round_trip_and_replay_exactly(
    rules: Rules, dealer: int, seed: int, stop: int
) -> None:
    r = Round.new(rules, dealer, seed)
    rng = random.Random(seed)
    play_up_to(r, rng, stop)
    record = json.loads(json.dumps(r.to_record()))
    replayed = Round.from_record(record)
    assert replayed.to_record() == r.to_record()
    assert vars(replayed) == vars(r)
