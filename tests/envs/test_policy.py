"""The policy bot plays what its ONNX model scores highest, and only legal actions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cardtable.bots import BotDriver, list_bots, make_bot
from cardtable.envs.registry import encoding
from cardtable.game import kind
from tests.envs.models import linear_policy


def test_the_policy_bot_is_a_registered_bot_of_both_games() -> None:
    assert "policy" in list_bots(game="kraken") and "policy" in list_bots(game="gurka")


def test_it_plays_the_legal_action_the_model_scores_highest(tmp_path: Path) -> None:
    code = encoding("kraken")
    weights = np.zeros((code.size, len(code.actions)))
    hearts = code.action_index("trump H")
    weights[:, hearts] = 1.0  # every observation scores "trump H" highest
    weights[:, code.action_index("AS")] = 5.0  # higher still, but never legal in the auction
    model = linear_policy(tmp_path / "hearts.onnx", "kraken", weights)
    bot = make_bot("policy", game="kraken", model=str(model))
    state = kind("kraken").deal(kind("kraken").rules(), 1)
    assert bot.act(state.observation(state.to_move)) == "trump H"


@pytest.mark.parametrize("name", ["kraken", "gurka"])
def test_it_plays_whole_games_legally(tmp_path: Path, name: str) -> None:
    game = kind(name)
    model = linear_policy(tmp_path / f"{name}.onnx", name)
    rules = game.rules(
        changes={"rounds": 1} if name == "kraken" else {"players": 4, "eliminate_at": 15}
    )
    state = game.new_game(rules, 3)
    bots = [
        make_bot("policy", game=name, model=str(model), temperature=s * 0.5, seed=s)
        for s in range(state.players)
    ]
    BotDriver(name, state, bots, rules).run()
    assert state.is_over


def test_a_model_for_the_other_game_or_no_model_is_refused(tmp_path: Path) -> None:
    gurka_model = linear_policy(tmp_path / "gurka.onnx", "gurka")
    bot = make_bot("policy", model=str(gurka_model))
    state = kind("kraken").deal(kind("kraken").rules(), 1)
    with pytest.raises(ValueError, match="trained on encoding 'gurka-v0', not 'kraken-v0'"):
        bot.act(state.observation(state.to_move))
    with pytest.raises(ValueError, match="needs model=PATH"):
        make_bot("policy")
    with pytest.raises(ValueError, match="no such file"):
        make_bot("policy", model=str(tmp_path / "missing.onnx"))
    (tmp_path / "junk.onnx").write_text("not a model")
    with pytest.raises(ValueError, match="cannot be loaded"):
        make_bot("policy", model=str(tmp_path / "junk.onnx"))


def test_the_terminal_table_seats_a_trained_agent(tmp_path: Path) -> None:
    from cardtable.envs.policy import PolicyBot
    from cardtable.tui.cli import bot_factory

    model = linear_policy(tmp_path / "kraken.onnx", "kraken")
    factory = bot_factory(f'policy{{"model": "{model}"}}', "kraken", seed=4)
    bots = [factory(seat) for seat in range(3)]
    assert all(isinstance(bot, PolicyBot) for bot in bots)
    with pytest.raises(ValueError, match="needs model=PATH"):
        bot_factory("policy", "kraken", seed=1)
    with pytest.raises(ValueError, match="name a built-in bot"):
        bot_factory("cmd:python my_bot.py", "kraken", seed=1)
