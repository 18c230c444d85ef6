"""The top-level ``cardtable`` command."""

from __future__ import annotations

import subprocess
import sys

RUN_CLI = "import sys; from cardtable.cli import main; sys.exit(main())"


def test_a_reader_that_leaves_early_stops_the_command_quietly() -> None:
    # `cardtable kraken random-game | head` once ended with "error: Broken pipe"; the
    # read end is closed before the command (still starting) writes anything
    child = subprocess.Popen(
        [sys.executable, "-c", RUN_CLI, "kraken", "random-game", "--seed", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) == 1
    assert err == ""
