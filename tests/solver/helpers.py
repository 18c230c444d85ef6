"""Random positions for the solver tests and the agreement benchmark."""

from __future__ import annotations

import random

from cardtable.kraken import Round, Rules

PLAY_RULES = ("amsterdam", "rotterdam")
ROEM_MODES = ("tricks", "hand", "none")


def random_round(rng: random.Random, rules: Rules | None = None) -> Round:
    """A freshly dealt round in its play phase: random trump, random roem answers."""
    if rules is None:
        rules = Rules(play=rng.choice(PLAY_RULES), roem=rng.choice(ROEM_MODES), challenges=False)
    round_ = Round.new(rules, dealer=rng.randrange(4), seed=rng.randrange(10**9))
    while round_.phase != "play":
        legal = round_.legal_actions()
        trumps = [a for a in legal if a.startswith("trump")]
        round_.apply(rng.choice(trumps or legal))
    return round_


def random_position(rng: random.Random, tricks_left: int, rules: Rules | None = None) -> Round:
    """A round with ``tricks_left`` tricks not complete, 0 to 3 cards into the first."""
    round_ = random_round(rng, rules)
    for _ in range((8 - tricks_left) * 4 + rng.randrange(4)):
        round_.apply(rng.choice(round_.legal_actions()))
    return round_
