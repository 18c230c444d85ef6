"""``--contracts fixed``: card play measured alone. Both halves of a duplicate deal
get the same contract, the records replay, the option works from the command line,
and the search bots play such deals."""

import json
from pathlib import Path

import pytest

from cardtable.arena import Match, play, run_match, schedule
from cardtable.arena.duel import duplicate
from cardtable.cli import main
from cardtable.kraken import Round
from cardtable.kraken.contracts import fixed_contract


def _contract(record: dict) -> tuple:
    round_ = Round.from_record(record)
    return round_.declarer, round_.trump, round_.multiplier


def test_both_halves_of_a_duplicate_deal_get_the_same_contract() -> None:
    match = Match("kraken", ("heuristic", "random"), deals=4, seed=3, contracts="fixed")
    plays = schedule(match)
    assert {p.contracts for p in plays} == {"fixed"}
    contracts = set()
    for first, second in zip(plays[::2], plays[1::2], strict=True):
        assert first.seats != second.seats
        one, two = play(first).record, play(second).record
        assert one["hands"] == two["hands"] and one["dealer"] == two["dealer"]
        # the same contract, reached by the same imposed actions, in both halves
        bidding = [a for a in one["actions"] if len(a) != 2]
        assert bidding == [a for a in two["actions"] if len(a) != 2]
        contract = _contract(one)
        assert contract == _contract(two)
        assert contract[:2] == fixed_contract(one["hands"], one["dealer"])
        assert contract[2] == 1
        contracts.add(contract)
    assert len(contracts) > 1  # a rule of the cards, not one contract for every deal


def test_the_full_game_stays_the_default_and_both_are_saved_with_the_match(
    tmp_path: Path,
) -> None:
    bid = Match("kraken", ("heuristic", "random"), deals=1, seed=3)
    assert bid.contracts == "bid" and bid.to_dict()["contracts"] == "bid"
    fixed = Match("kraken", ("heuristic", "random"), deals=1, seed=3, contracts="fixed")
    # the same cards either way: only who makes the contract differs
    bid_record, fixed_record = (play(schedule(m)[0]).record for m in (bid, fixed))
    assert bid_record["hands"] == fixed_record["hands"]
    assert Match.from_dict(fixed.to_dict()).to_dict() == fixed.to_dict()
    assert Match.from_dict(fixed.to_dict()).contracts == "fixed"
    with pytest.raises(ValueError, match="unknown contracts 'free': expected one of bid, fixed"):
        Match("kraken", ("random", "random"), deals=1, contracts="free")
    with pytest.raises(ValueError, match="Gurka has no contracts to fix"):
        Match("gurka", ("random", "random"), deals=1, contracts="fixed")
    # a run saved as bid does not resume as fixed
    run_match(bid, workers=1, out=tmp_path / "run")
    with pytest.raises(ValueError, match="describes another match"):
        run_match(fixed, workers=1, out=tmp_path / "run")
    # a directory saved before matches had contracts resumes as bid
    described = tmp_path / "run" / "match.json"
    saved = json.loads(described.read_text())
    del saved["contracts"]
    described.write_text(json.dumps(saved))
    assert len(run_match(bid, workers=1, out=tmp_path / "run")) == 2


def test_the_command_line_option(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "kraken", "heuristic", "random", "--deals", "2", "--workers", "1"]
    args += ["--rules", "g4a", "--contracts", "fixed", "--no-progress"]
    assert main(args) == 0
    assert "kraken duplicate, fixed contracts: 4 games" in capsys.readouterr().out
    assert main([*args[:-1], "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["match"]["contracts"] == "fixed" and data["match"]["rules"]["roem"] == "hand"
    duel = ["bots", "duel", "kraken", "heuristic", "random", "--deals", "2", "--workers", "1"]
    assert main([*duel, "--contracts", "fixed"]) == 0
    assert "heuristic vs random: 2 deals" in capsys.readouterr().out
    assert main(["arena", "gurka", "random", "random", "--contracts", "fixed"]) == 2
    assert "Gurka has no contracts to fix" in capsys.readouterr().err
    assert main(["bots", "duel", "gurka", "random", "random", "--contracts", "fixed"]) == 2


def test_the_search_bots_play_fixed_contracts() -> None:
    match = Match("kraken", ('pimc{"worlds": 2}', "heuristic"), deals=1, seed=11, contracts="fixed")
    plays = run_match(match, workers=1)
    assert [p.faults for p in plays] == [[], []]
    for result in plays:
        round_ = Round.from_record(result.record)
        assert round_.is_over and sum(result.scores) > 0
    result = duplicate(
        "kraken", ("ismcts", {"iterations": 20}), ("random", {}), 1, contracts="fixed", workers=1
    )
    assert result.deals == 1
