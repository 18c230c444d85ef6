"""What players are told of actions. The public events of an action name each player
it puts out of a game that eliminates players (Gurka): a seat is announced out exactly
when it leaves the seats still in (again if it bought back and went out once more); a
game without elimination (Kraken) never has one. A refused card's details name the
rule it breaks and the cards that may be played instead."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.errors import IllegalAction
from cardtable.server import games
from cardtable.server.play import _refusal

Step = tuple[list[dict[str, Any]], set[int], set[int]]
KRAKEN_PLAY_RULES = {
    "follow_suit",
    "head_trick",
    "must_trump",
    "must_overtrump",
    "no_undertrump_partner",
    "no_undertrump",
}


def _play(game: str, rules: dict[str, Any], seed: int) -> list[Step]:
    """Each action of a random game: its events, the seats in before and after."""
    rng = random.Random(seed)
    state = games.new_game(game, games.make_rules(game, None, rules), seed)
    steps = []
    while not state.is_over:
        seat = int(state.to_move)
        before = games.snapshot(state)
        legal = list(state.observation(seat).legal_actions)
        action = games.apply_action(state, rng.choice(legal))
        events = games.public_events(game, state, before, seat, action)
        steps.append((events, set(before[2]), set(getattr(state, "alive", ()))))
    return steps


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5))
def test_each_player_put_out_is_announced_when_it_happens(seed: int, players: int) -> None:
    steps = _play("gurka", {"players": players}, seed)
    for events, before, after in steps:
        assert {e["seat"] for e in events if e["type"] == "out"} == before - after
        outs = [i for i, e in enumerate(events) if e["type"] == "out"]
        assert all(events[i]["type"] != "game_over" for i in range(max(outs, default=0) + 1))
    announced = {e["seat"] for events, _, _ in steps for e in events if e["type"] == "out"}
    assert set(range(players)) - steps[-1][2] <= announced and announced


def test_kraken_has_no_out_events() -> None:
    steps = _play("kraken", {"rounds": 1}, 4)
    assert not [e for events, _, _ in steps for e in events if e["type"] == "out"]


def test_a_refused_card_says_the_rule_and_what_may_be_played() -> None:
    refused = 0
    for seed in range(30):
        state = games.new_game("kraken", games.make_rules("kraken", None, {}), seed)
        rng = random.Random(seed)
        while not state.is_over and refused <= seed:
            seat = int(state.to_move)
            seen = state.observation(seat)
            wrong = [str(c) for c in seen.hand if str(c) not in seen.legal_actions]
            if seen.phase == "play" and wrong:
                try:
                    games.apply_action(state, wrong[0])
                except IllegalAction as error:
                    details = _refusal(wrong[0], error)
                assert details["action"] == wrong[0]
                assert details["rule"] in {
                    "follow_suit",
                    "head_trick",
                    "must_trump",
                    "must_overtrump",
                    "no_undertrump_partner",
                    "no_undertrump",
                }
                assert details["legal"] == list(seen.legal_actions)
                refused += 1
            games.apply_action(state, rng.choice(list(seen.legal_actions)))
    assert refused >= 30
