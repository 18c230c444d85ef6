"""Shared helpers for the Gurka tests: rigged deals and random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping

import pytest

from cardtable.gurka import Game, Round, Rules
from cardtable.gurka import game as game_module

Deal = Mapping[int, str]


@pytest.fixture
def rig(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[list[Deal]], None]]:
    """Make ``Game`` deal the given hands (one mapping per round, in order).

    Hands may hold fewer than six cards: a one-card hand makes a one-trick round,
    which is all the game logic (scores, eliminations, buy-backs, pot) needs.
    """
    queue: list[Deal] = []

    class RiggedRound:
        @staticmethod
        def new(rules: Rules, players_in: list[int], dealer: int, seed: int) -> Round:
            assert queue, "the test dealt more rounds than it rigged"
            hands = queue.pop(0)
            assert sorted(hands) == list(players_in), (sorted(hands), players_in)
            return Round.from_hands(rules, hands, dealer)

    def load(deals: list[Deal]) -> None:
        queue.extend(deals)

    monkeypatch.setattr(game_module, "Round", RiggedRound)
    yield load
    assert not queue, "some rigged deals were never dealt"


def play_randomly(game: Game, rng: random.Random, buyback_chance: float = 0.2) -> None:
    """Finish ``game`` with uniform legal cards and buy-backs at ``buyback_chance``."""
    for _ in range(100_000):
        if game.is_over:
            return
        if game.phase == "buyback":
            game.apply("buyback" if rng.random() < buyback_chance else "pass")
        else:
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("the game did not end within 100,000 actions")
