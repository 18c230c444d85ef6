"""Faults never stop a match: each kind is recorded with its reason, the seat plays the
first legal action, a crashed bot is restarted up to the limit."""

import sys
from pathlib import Path

import pytest

from cardtable.arena import Match, run_match, summarize_match

FAKE = Path(__file__).with_name("fake_bot.py")


def _run(mode: str, game: str = "kraken", **options: object) -> dict:
    bot = f"cmd:{sys.executable} {FAKE} {mode}"
    match = Match(game, (bot, "random"), deals=1, seed=6, **options)  # type: ignore[arg-type]
    results = summarize_match(match, run_match(match, workers=1))
    assert results.plays == 2
    return results.to_dict()


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("illegal", "'5Z'"),
        ("malformed", "not a JSON line"),
        ("missing", "no action for decision"),
    ],
)
def test_each_bad_answer_is_a_fault_and_the_match_finishes(mode: str, reason: str) -> None:
    results = _run(mode)
    faults = results["faults"]
    assert faults and {f["kind"] for f in faults} == {mode}
    assert all(reason in f["reason"] and f["action"] for f in faults)
    assert results["bots"][0]["faults"] == {mode: len(faults)}
    assert results["bots"][1]["faults"] == {}


def test_a_late_answer_is_a_fault() -> None:
    results = _run("late", time_limit=0.02)
    assert {f["kind"] for f in results["faults"]} == {"late"}
    assert "no answer within 0.02 s" in results["faults"][0]["reason"]


def test_a_crashed_bot_is_restarted_up_to_the_limit() -> None:
    results = _run("crash", game="gurka", max_restarts=2)
    faults = results["faults"]
    assert {f["kind"] for f in faults} == {"crash"}
    crashes = [f for f in faults if "exited with code 3" in f["reason"]]
    assert "crashing on purpose" in crashes[0]["reason"]
    given_up = [f for f in faults if "restart limit" in f["reason"]]
    assert given_up, "after the limit the seat plays the first legal action"
    # Per play and seat: the first crash and two restarts that crash again.
    first_play = [f for f in crashes if f["play"] == faults[0]["play"]]
    for seat in {f["seat"] for f in first_play}:
        assert len([f for f in first_play if f["seat"] == seat]) == 3
