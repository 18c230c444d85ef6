"""``cardtable arena``: the table, JSON, CSV and the plot; ``bots duel`` still works."""

import csv
import json
from pathlib import Path

import pytest

from cardtable.arena.cli import parse_rules
from cardtable.cli import main


def test_arena_writes_results_as_json_csv_and_a_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["arena", "gurka", "random", "--bot", "random{}", "--players", "3", "--deals", "3"]
    args += ["--workers", "1", "--no-progress", "--out", str(tmp_path / "run")]
    args += ["--json", str(tmp_path / "r.json"), "--csv", str(tmp_path / "r.csv")]
    assert main([*args, "--plot", str(tmp_path / "ratings")]) == 0
    assert "gurka rotated" in capsys.readouterr().out
    data = json.loads((tmp_path / "r.json").read_text())
    assert data == json.loads((tmp_path / "run" / "results.json").read_text())
    assert [b["bot"] for b in data["bots"]] == ["random", "random{}"]
    assert data["match"]["rules"]["players"] == 3 and data["plays"] == 9
    rows = list(csv.DictReader((tmp_path / "r.csv").open()))
    assert rows[0]["bot"] == "random" and rows[0]["opponent"] == "field"
    assert (tmp_path / "ratings.png").stat().st_size > 0
    assert "<svg" in (tmp_path / "ratings.svg").read_text()


def test_arena_rules_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "kraken", "heuristic", "random", "--deals", "2", "--workers", "1"]
    args += ["--rules", "rotterdam", "--set", "roem=none", "--json", "-"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["match"]["rules"]["play"] == "rotterdam"
    assert data["match"]["rules"]["roem"] == "none"
    assert main(["arena", "kraken", "random", "--deals", "2"]) == 2
    assert "at least two bots" in capsys.readouterr().err


def test_bots_duel_runs_on_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bots", "duel", "kraken", "heuristic", "random", "--deals", "4", "--workers", "1"]
    assert main(args) == 0
    assert "heuristic vs random: 4 deals" in capsys.readouterr().out


def test_kraken_target_score_through_set() -> None:
    assert parse_rules("kraken", None, ["target_score=1500"])["target_score"] == 1500
    assert parse_rules("kraken", None, ["target_score=none"])["target_score"] is None
    with pytest.raises(ValueError, match="target_score=many: expected a whole number"):
        parse_rules("kraken", None, ["target_score=many"])
