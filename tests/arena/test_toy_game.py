"""A third game, defined only in the tests (``tests/conformance/toy_game.py``), plays
through the arena in its fair format with built-in bots and a protocol bot, and its
records replay; nothing in the arena or the bots knows its name."""

from __future__ import annotations

import random
import shlex
import sys
from pathlib import Path

import pytest

from cardtable.arena import Match, run_match, summarize_match
from cardtable.arena.cli import parse_rules
from cardtable.arena.protocol import observation_from_dict
from cardtable.bots import list_bots, make_bot
from cardtable.bots.adapters import GenericSearch
from cardtable.game import kind
from tests.conformance.toy_game import state_from_observation as toy_world

MY_BOT = Path(__file__).resolve().parents[2] / "examples" / "my_bot.py"


def _replays(record: dict) -> bool:
    return kind("toy").from_record(record).to_record() == record


def test_the_toy_plays_its_fair_format_with_random_and_ismcts() -> None:
    match = Match("toy", ("random", 'ismcts{"iterations": 30}'), deals=3, seed=2)
    assert match.resolved_format == "rotated"  # the toy kind's match_format
    plays = run_match(match, workers=1)
    assert len(plays) == 3 * 3  # three seats: every deal in every rotation
    results = summarize_match(match, plays)
    assert [bot.bot for bot in results.bots] == ["random", 'ismcts{"iterations": 30}']
    assert results.faults == []
    for result in plays:
        assert _replays(result.record)
        assert sum(result.scores) == 4  # one point a trick, four tricks
    assert plays == run_match(match, workers=1)  # reproducible


def test_the_toy_plays_a_protocol_bot_and_changed_rules() -> None:
    bot = "cmd:" + shlex.join([sys.executable, str(MY_BOT)])
    rules = parse_rules("toy", None, ["hand_size=3", "players=2"])
    match = Match("toy", (bot, "random"), deals=2, rules=rules, seed=1)
    plays = run_match(match, workers=1)
    assert len(plays) == 2 * 2
    assert all(result.faults == [] for result in plays)
    assert all(_replays(result.record) for result in plays)
    assert plays[0].record["rules"] == {"players": 2, "hand_size": 3}


def test_toy_observations_cross_the_protocol() -> None:
    game = kind("toy").new_game(kind("toy").rules(), 3)
    observation = game.observation(1)
    assert observation_from_dict("toy", observation.to_dict()) == observation


def test_bots_declare_the_games_they_play() -> None:
    assert set(list_bots(game="toy")) == {"random", "ismcts"}
    assert set(list_bots(game="kraken")) == {
        "random",
        "heuristic",
        "ismcts",
        "pimc",
        "policy",
        "expert",
    }
    with pytest.raises(ValueError, match="pimc plays kraken only, not gurka"):
        make_bot("pimc", game="gurka")
    with pytest.raises(ValueError, match="heuristic plays gurka and kraken only, not toy"):
        make_bot("heuristic", game="toy")
    with pytest.raises(ValueError, match="pimc plays kraken only"):
        Match("gurka", ("pimc", "random"), 1)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        make_bot("random", game="chess")


def test_a_toy_world_is_consistent_with_the_observation() -> None:
    toy = kind("toy")
    game = toy.new_game(toy.rules(changes={"players": 4, "hand_size": 5}), 8)
    rng = random.Random(1)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        observation = game.observation(seat)
        world = toy_world(observation)
        assert world.observation(seat) == observation
        search = GenericSearch(toy, observation)
        assert search.determinize(rng).observation(seat) == observation
        game.apply(rng.choice(game.legal_actions()))


def test_the_cli_reads_rules_against_the_schema() -> None:
    with pytest.raises(ValueError, match="Toy has no rules field 'colour'"):
        parse_rules("toy", None, ["colour=red"])
    with pytest.raises(ValueError, match="expected a whole number"):
        parse_rules("toy", None, ["players=four"])
    with pytest.raises(ValueError, match="unknown Toy preset 'standard'"):
        Match("toy", ("random", "random"), 1, rules={"preset": "standard"})
    assert Match("gurka", ("random", "random"), 1, rules={"preset": "standard"})
