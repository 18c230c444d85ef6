"""examples/rl trains, exports and measures an agent: a smoke test with a tiny budget."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from cardtable.bots import make_bot
from cardtable.game import kind

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl" / "train_kraken.py"


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_example_trains_exports_and_measures_an_agent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("train_kraken", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    model = tmp_path / "agent.onnx"
    args = ["--episodes", "4", "--tables", "4", "--deals", "1", "--out", str(model)]
    assert example.main(args) == 0
    printed = capsys.readouterr().out
    assert "trained on 4 episodes" in printed
    assert "policy vs random: 1 deals" in printed and "policy vs heuristic: 1 deals" in printed
    bot = make_bot("policy", game="kraken", model=str(model))
    state = kind("kraken").deal(kind("kraken").rules(), 2)
    assert bot.act(state.observation(state.to_move)) in state.legal_actions()
