"""Helpers shared by the Kraken tests."""

import copy
import random
from typing import Any

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


def play_randomly(round_: Round, rng: random.Random) -> None:
    """Play a round to its end with uniformly random legal actions."""
    while not round_.is_over:
        round_.apply(rng.choice(round_.legal_actions()))


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
