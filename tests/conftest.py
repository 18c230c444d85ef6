"""Checks for the whole test session: it leaves no process behind."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# `make mutation` runs the tests under this profile: no deadline (a loaded machine
# must not pass off a slow run as a killed mutant) and no example database (each
# mutant meets the same examples, not those earlier mutants failed on).
settings.register_profile("mutation", deadline=None, database=None)
# Every run: no per-example deadline. A deadline is a timing check, and on a loaded
# machine (CI beside other work, or two pytest workers on two cores) it fails
# examples that are merely slow; speed is measured in benchmarks/, not in tests.
settings.register_profile("default", deadline=None)
settings.load_profile("default")

_PROC = Path("/proc")
_LEFTOVER_TIMEOUT = 30.0


def _children() -> dict[int, str]:
    """The live (not zombie) child processes of this process: pid to command line.
    Zombies are reaped on the way (nobody else will wait for them now)."""
    pids: set[int] = set()
    for listing in (_PROC / "self" / "task").glob("*/children"):
        with contextlib.suppress(OSError):
            pids.update(int(pid) for pid in listing.read_text().split())
    live: dict[int, str] = {}
    for pid in pids:
        try:
            stat = (_PROC / str(pid) / "stat").read_text()
            cmdline = (_PROC / str(pid) / "cmdline").read_bytes()
        except OSError:
            continue  # gone meanwhile
        if stat[stat.rindex(")") + 2] in "ZX":
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, os.WNOHANG)
            continue
        live[pid] = cmdline.replace(b"\0", b" ").decode(errors="replace").strip()
    return live


def _release_multiprocessing_helpers() -> None:
    """Let the multiprocessing helpers of this process (the resource tracker, the
    forkserver) exit as they do when it ends: by closing the pipe that keeps each
    alive. Either then exits unless a leaked worker still holds that pipe (and then
    both are reported)."""
    from multiprocessing import forkserver, resource_tracker

    helpers = (
        (getattr(resource_tracker, "_resource_tracker", None), "_fd", "_pid"),
        (getattr(forkserver, "_forkserver", None), "_forkserver_alive_fd", "_forkserver_pid"),
    )
    for helper, fd_name, pid_name in helpers:
        fd = getattr(helper, fd_name, None)
        if helper is None or not isinstance(fd, int):
            continue
        with getattr(helper, "_lock", contextlib.nullcontext()):
            with contextlib.suppress(OSError):
                os.close(fd)
            setattr(helper, fd_name, None)
            setattr(helper, pid_name, None)


@pytest.fixture(scope="session", autouse=True)
def no_process_left_behind() -> Iterator[None]:
    """At the end of the session (of each xdist worker), no child process started
    during it may still run: a server's bot workers, a spawned command, a
    multiprocessing helper kept alive by a leaked worker. Waits (bounded) for children
    that are still exiting; kills and reports any that remain. Linux only (reads
    /proc)."""
    if not (_PROC / "self" / "task").is_dir():
        yield
        return
    before = set(_children())
    yield
    _release_multiprocessing_helpers()
    deadline = time.monotonic() + _LEFTOVER_TIMEOUT
    while True:
        left = {pid: cmd for pid, cmd in _children().items() if pid not in before}
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.05)  # polling for exits, bounded by the deadline
    for pid in left:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    assert not left, "the test session left processes running: " + "; ".join(
        f"{pid}: {cmd[:200]}" for pid, cmd in sorted(left.items())
    )
