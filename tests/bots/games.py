"""Whole games driven by bots, every action checked legal, for the bot tests."""

from __future__ import annotations

from cardtable.bots.base import Bot, BotDriver
from cardtable.gurka import Game, Rules


def run_game(rules: Rules, seed: int, bots: list[Bot], limit: int = 1500) -> int:
    """Drive a Gurka game of ``rules`` with ``bots`` (told of every round's start and
    end) for up to ``limit`` decisions (random players may buy back for a long time),
    checking every action is legal; the number of decisions taken."""
    game = Game.new(rules, seed)
    driver = BotDriver("gurka", game, bots, rules)
    driver.start()
    decisions = 0
    while not game.is_over and decisions < limit:
        seat = game.to_move
        assert seat is not None
        obs = game.observation(seat)
        action = bots[seat].act(obs)
        assert action in obs.legal_actions, (action, obs.legal_actions)
        driver.play(action)
        decisions += 1
    return decisions
