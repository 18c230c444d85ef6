"""The pimc bot: legal actions only, reproducible per seed, score-aware, Kraken only."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import list_bots, make_bot
from cardtable.bots.pimc import PimcBot, round_utility
from cardtable.kraken import Round, Rules
from tests.kraken.helpers import play_with_bots
from tests.solver.helpers import random_position


def _play(rules: Rules, seed: int, worlds: int = 3) -> list[str]:
    round_ = Round.new(rules, dealer=seed % 4, seed=seed)
    bots = [make_bot("pimc", worlds=worlds, seed=seed * 4 + s) for s in range(4)]
    return play_with_bots(round_, bots)


def test_registered() -> None:
    assert "pimc" in list_bots()
    assert isinstance(make_bot("pimc", worlds=2, seed=1), PimcBot)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(play="rotterdam", roem="none", trump_choice="random"),
        Rules.preset("g4a"),
    ],
    ids=["amsterdam", "rotterdam-random-trump", "g4a-hand-roem"],
)
def test_plays_whole_rounds_legally_and_reproducibly(rules: Rules) -> None:
    assert _play(rules, 3) == _play(rules, 3)


def test_milliseconds_budget() -> None:
    round_ = random_position(random.Random(2), 3)
    seat = round_.to_move
    assert seat is not None
    bot = PimcBot(milliseconds=20, seed=1)
    assert bot.act(round_.observation(seat)) in round_.legal_actions()


def test_bad_options_and_gurka() -> None:
    with pytest.raises(ValueError, match="worlds"):
        make_bot("pimc", worlds=0)
    with pytest.raises(ValueError, match="milliseconds"):
        PimcBot(milliseconds=0)
    from cardtable.gurka import Game as GurkaGame

    game = GurkaGame.new(seed=1)
    seat = game.to_move
    observation = game.observation(seat)
    with pytest.raises(ValueError, match="pimc plays kraken only, not gurka"):
        PimcBot(worlds=1).act(observation)


def test_utility_knows_nat() -> None:
    round_ = random_position(random.Random(5), 8)
    assert round_.declarer is not None
    team = round_.declarer.team
    # winning by 2 points is worth 2; losing by 2 is nat: 162 (plus roem) to the others
    assert round_utility(round_, 2, team) == 2 * round_.multiplier
    assert round_utility(round_, 0, team) <= -162 * round_.multiplier
    assert round_utility(round_, 0, 1 - team) == -round_utility(round_, 0, team)
