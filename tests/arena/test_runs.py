"""Reproducibility: the same seed gives the same results across runs, worker counts
and backends; an interrupted run resumes to the same final table."""

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.arena import Match, run_match, summarize_match

MATCH = Match("kraken", ("heuristic", "random"), deals=12, seed=3)


def _results(match: Match, **options: object) -> dict:
    return summarize_match(match, run_match(match, **options)).to_dict()  # type: ignore[arg-type]


def test_same_seed_same_results_across_runs_and_workers() -> None:
    one = _results(MATCH, workers=1)
    assert one == _results(MATCH, workers=1)
    assert one == _results(MATCH, workers=2)
    assert one != _results(Match("kraken", ("heuristic", "random"), deals=12, seed=4), workers=1)


def test_gurka_round_robin_is_reproducible() -> None:
    match = Match("gurka", ("random", "random{}", "proc:random"), deals=2, format="round-robin")
    assert _results(match, workers=1) == _results(match, workers=2)


def test_ray_backend_gives_the_same_results_as_processes() -> None:
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert _results(MATCH, backend="ray") == _results(MATCH, workers=2)
    finally:
        ray.shutdown()


RESUMED = Match("kraken", ("heuristic", "random"), deals=20, seed=9)
KILL_AFTER = 15

# A child process that plays RESUMED into the directory argv[1] with two workers and
# kills itself and its workers (SIGKILL, no clean-up) as soon as KILL_AFTER plays are
# saved: a kill at a known point, with no timing involved.
_KILLED_RUN = f"""
import os, signal, sys
from cardtable.arena import Match, run_match

def progress(done, total):
    if done == {KILL_AFTER}:
        os.killpg(0, signal.SIGKILL)

run_match(Match.from_dict({RESUMED.to_dict()!r}), workers=2, out=sys.argv[1], progress=progress)
"""


def test_resume_after_a_kill_gives_the_same_final_table(tmp_path: Path) -> None:
    killed = subprocess.run(
        [sys.executable, "-c", _KILLED_RUN, str(tmp_path)],
        start_new_session=True,
        capture_output=True,
        check=False,
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr.decode()
    plays = tmp_path / "plays.jsonl"
    assert plays.read_bytes().count(b"\n") == KILL_AFTER
    with plays.open("a", encoding="utf-8") as torn:
        torn.write('{"index": 3, "key": "cut short by a ki')  # a kill mid-write

    resumed = run_match(RESUMED, workers=2, out=tmp_path)
    fresh = run_match(RESUMED, workers=1)
    assert summarize_match(RESUMED, resumed).to_dict() == (
        summarize_match(RESUMED, fresh).to_dict()
    )
    assert [r.record for r in resumed] == [r.record for r in fresh]
    keys = [json.loads(line)["key"] for line in plays.read_text().splitlines()]
    total = len(fresh)
    assert total == 2 * RESUMED.deals > KILL_AFTER
    assert len(keys) == len(set(keys)) == total, "no saved play is played twice"


def test_a_saved_match_extends_to_more_deals_and_reads_fewer(tmp_path: Path) -> None:
    """Deal ``i`` is the same in a match of any length: more deals play only the new
    ones, fewer read the first ones; anything else still refuses the directory."""
    short = Match("kraken", ("heuristic", "random"), deals=2, seed=5)
    longer = Match("kraken", ("heuristic", "random"), deals=4, seed=5)
    run_match(short, workers=1, out=tmp_path)
    extended = run_match(longer, workers=1, out=tmp_path)
    assert [r.record for r in extended] == [r.record for r in run_match(longer, workers=1)]
    plays = (tmp_path / "plays.jsonl").read_text().splitlines()
    assert len(plays) == len({json.loads(line)["key"] for line in plays}) == 2 * longer.deals
    assert json.loads((tmp_path / "match.json").read_text())["deals"] == longer.deals
    first = run_match(short, workers=1, out=tmp_path)
    assert [r.record for r in first] == [r.record for r in extended[: 2 * short.deals]]
    assert json.loads((tmp_path / "match.json").read_text())["deals"] == longer.deals
    other = Match("kraken", ("heuristic", "random"), deals=4, seed=6)
    with pytest.raises(ValueError, match="describes another match"):
        run_match(other, workers=1, out=tmp_path)
