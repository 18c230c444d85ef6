"""Reproducibility: the same seed gives the same results across runs, worker counts
and backends; an interrupted run resumes to the same final table."""

import json
import os
import signal
import subprocess
import sys
import time
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


def _arena(out: Path, workers: int) -> subprocess.Popen[bytes]:
    command = (
        "from cardtable.cli import main; import sys; sys.exit(main(sys.argv[1:]))",
        "arena", "kraken", "heuristic", "random", "--deals", "300", "--seed", "9",
        "--no-progress", "--out", str(out), "--workers", str(workers),
    )  # fmt: skip
    return subprocess.Popen(
        [sys.executable, "-c", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def test_resume_after_a_kill_gives_the_same_final_table(tmp_path: Path) -> None:
    killed = _arena(tmp_path / "run", workers=2)
    plays = tmp_path / "run" / "plays.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if plays.exists() and plays.read_bytes().count(b"\n") >= 40:
            break
        time.sleep(0.01)
    os.killpg(killed.pid, signal.SIGKILL)
    killed.wait()
    saved = plays.read_bytes().count(b"\n")
    assert 40 <= saved < 600, "the run must be killed mid-way"
    assert not (tmp_path / "run" / "results.json").exists()

    assert _arena(tmp_path / "run", workers=2).wait() == 0
    assert _arena(tmp_path / "fresh", workers=2).wait() == 0
    resumed = json.loads((tmp_path / "run" / "results.json").read_text())
    fresh = json.loads((tmp_path / "fresh" / "results.json").read_text())
    assert resumed == fresh
    keys = [json.loads(line)["key"] for line in plays.read_text().splitlines()]
    assert len(keys) == len(set(keys)) == 600, "no saved play is played twice"
