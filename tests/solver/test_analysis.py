"""Post-game analysis, and ``cardtable kraken solve`` / ``analyze``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.kraken import Game, Rules
from cardtable.solver import solve
from cardtable.solver.analysis import analyze, render_analysis, totals
from tests.solver.helpers import random_round
from tests.solver.test_reference_deals import DEALS

DEAL_TEXT = " | ".join(f"{seat}: {hand}" for seat, hand in zip("NESW", DEALS[0][:4], strict=True))


def test_best_play_costs_nothing_and_a_random_round_adds_up() -> None:
    rng = random.Random(4)
    best = random_round(rng)
    while not best.is_over:
        best.apply(str(solve(best).best_cards[0]))
    costs = analyze(best)
    assert len(costs) == 32 and all(c.cost == 0 for c in costs)

    played = random_round(rng)
    while not played.is_over:
        played.apply(rng.choice(played.legal_actions()))
    costs = analyze(played)
    assert [c.card for c in costs] == [c for t in played.tricks for c in t.cards]
    for entry in costs:
        assert entry.cost == abs(entry.best - entry.value) >= 0
    running = {seat: 0 for seat in totals(costs)}
    for entry in costs:
        running[entry.seat] += entry.cost
        assert entry.total == running[entry.seat]
    assert running == totals(costs)
    text = render_analysis(costs)
    assert text.count("\n") == 33 and text.startswith("trick  seat  card")


def test_solve_command(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["kraken", "solve", DEAL_TEXT, "--trump", "H", "--leader", "N"]
    assert main([*args, "--rules", "rotterdam", "--roem", "none"]) == 0
    out = capsys.readouterr().out
    assert "value +86" in out and "best" in out
    assert main([*args, "--rules", "rotterdam", "--roem", "none", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == 86 and (162 + data["value"]) // 2 == DEALS[0][4]
    assert max(data["card_values"].values()) == 86 and data["to_move"] == "N"


def test_solve_command_refuses_a_bad_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kraken", "solve", "N: 7H 8H", "--trump", "H"]) != 0
    assert "expected four hands" in capsys.readouterr().err


def test_analyze_command_on_round_and_game_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.new(Rules(rounds=2), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    game_path = tmp_path / "game.json"
    game_path.write_text(json.dumps(game.to_record()))
    assert main(["kraken", "analyze", str(game_path)]) == 0
    out = capsys.readouterr().out
    assert "Round 2" in out and out.count("points given away") == 2
    round_path = tmp_path / "round.json"
    round_path.write_text(json.dumps(game.history[0].to_record()))
    assert main(["kraken", "analyze", "--json", str(round_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data) == 1 and len(data[0]) == 32
    assert data[0] == [c.to_dict() for c in analyze(game.history[0])]
