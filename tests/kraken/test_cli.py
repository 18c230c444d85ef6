"""The ``cardtable kraken`` command line."""

import json
from pathlib import Path

import pytest

from cardtable.cli import main


def test_random_game_prints_every_round_and_replay_reproduces_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    assert main(["kraken", "random-game", "--seed", "5", "--record", str(record)]) == 0
    printed = capsys.readouterr().out
    assert printed.count("result: declarers") == 16
    assert "Game over after 16 rounds" in printed
    assert main(["kraken", "replay", str(record)]) == 0
    assert capsys.readouterr().out == printed


def test_replay_of_a_single_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.kraken import Round, Rules

    r = Round.from_hands(
        Rules(challenges=False, trump_choice="utrecht"),
        [
            "7C 8C 9C TC JC QC KC AC",
            "7D 8D 9D TD JD QD KD AD",
            "7H 8H 9H TH JH QH KH AH",
            "7S 8S 9S TS JS QS KS AS",
        ],
        dealer=3,
    )
    r.apply("trump H")
    path = tmp_path / "round.json"
    path.write_text(json.dumps(r.to_record()))
    assert main(["kraken", "replay", "--unicode", str(path)]) == 0
    out = capsys.readouterr().out
    assert "trump hearts, declarer N" in out and "A♣" in out


def test_corrupt_record_gives_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "kraken", "type": "round", "version": 1}')
    assert main(["kraken", "replay", str(path)]) == 2
    assert "record has no 'dealer' field" in capsys.readouterr().err
    path.write_text("{not json")
    assert main(["kraken", "replay", str(path)]) == 2
    assert "is not JSON" in capsys.readouterr().err
