"""Helpers shared by the Kraken tests."""

import copy
import random
from typing import Any

from hypothesis import strategies as st

from cardtable.kraken import Round, Rules

ALL_RULES = [
    Rules(trump_choice=tc, random_fallback=fb, play=play, roem=roem, challenges=ch)
    for tc in ("free", "free_dealer", "utrecht", "random")
    for fb in ("second_card", "call_other")
    for play in ("amsterdam", "rotterdam")
    for roem in ("tricks", "hand", "none")
    for ch in (True, False)
    if tc == "random" or fb == "second_card"
]

# Record versions every engine refuses, with the message (``kind`` is the record's type).
BAD_VERSIONS = [
    (None, "{kind} record: missing 'version': expected 1"),
    (2, "{kind} record: unsupported 'version' 2: expected 1"),
    ("1", "{kind} record: unsupported 'version' '1': expected 1"),
    (True, "{kind} record: unsupported 'version' True: expected 1"),
]

# Every combination of rules, with the doubling, roem, deal and signals options drawn too.
rules_st = st.sampled_from(ALL_RULES).flatmap(
    lambda r: st.builds(
        r.replace,
        double_spades=st.booleans(),
        multiply_roem=st.booleans(),
        deal=st.sampled_from([(3, 2, 3), (4, 4)]),
        signals=st.sampled_from(["none", "high_asks", "low_asks"]),
    )
)


def play_randomly(round_: Round, rng: random.Random) -> None:
    """Play a round to its end with uniformly random legal actions."""
    while not round_.is_over:
        round_.apply(rng.choice(round_.legal_actions()))


def play_up_to(engine: Any, rng: random.Random, moves: int) -> None:
    """Play up to ``moves`` uniformly random legal actions on a round or game, stopping
    early if it ends."""
    for _ in range(moves):
        if engine.is_over:
            break
        engine.apply(rng.choice(engine.legal_actions()))


def snapshot(round_: Round) -> dict[str, Any]:
    """A deep copy of every field of a round, to prove an action changed nothing."""
    round_.legal_actions()
    return copy.deepcopy(vars(round_))


def deal(text: str) -> list[str]:
    """Four hands from 'N: ... / E: ... / S: ... / W: ...'-less text: four lines."""
    return [line.strip() for line in text.strip().splitlines()]


def play_with_bots(round_: Round, bots: list[Any]) -> list[str]:
    """Play a round to its end with one bot per seat, checking every action is legal."""
    actions = []
    while not round_.is_over:
        seat = round_.to_move
        assert seat is not None
        observation = round_.observation(seat)
        action = bots[seat].act(observation)
        assert action in observation.legal_actions
        round_.apply(action)
        actions.append(action)
    return actions
