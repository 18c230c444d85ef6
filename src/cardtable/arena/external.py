"""An external bot process: start, send lines, receive lines with a deadline, stop.

Lines are read by a thread into a queue, so a slow or stuck bot never blocks the
arena beyond the time control. Processes are kept per worker and reused across games
(each game starts with its own handshake); :func:`close_all` stops them.
"""

from __future__ import annotations

import collections
import contextlib
import queue
import subprocess
import threading
import time
from typing import IO

from cardtable.arena.faults import BotCrashed

__all__ = ["BotProcess", "close_all", "shared_process"]

_EOF = object()


class BotProcess:
    """One running bot program speaking JSON lines on stdin and stdout."""

    def __init__(self, command: list[str]) -> None:
        self.command = list(command)
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=5)
        self._lines: queue.Queue[object] = queue.Queue()
        self._process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
            start_new_session=True,  # Ctrl-C goes to the arena, which stops its bots
        )
        assert self._process.stdout is not None and self._process.stderr is not None
        threading.Thread(target=self._pump, args=(self._process.stdout,), daemon=True).start()
        self._stderr_reader = threading.Thread(
            target=self._drain, args=(self._process.stderr,), daemon=True
        )
        self._stderr_reader.start()

    def _pump(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                self._lines.put(line)
        except (ValueError, OSError):  # the arena closed the pipe while we read
            pass
        self._lines.put(_EOF)

    def _drain(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                self.stderr_tail.append(line.rstrip())
        except (ValueError, OSError):  # the arena closed the pipe while we read
            pass

    @property
    def alive(self) -> bool:
        """True while the process runs."""
        return self._process.poll() is None

    def describe_exit(self) -> str:
        """Why the process is gone, with the last line it wrote to stderr."""
        try:
            code = self._process.wait(timeout=5.0)
        except subprocess.TimeoutExpired:
            code = None
        else:  # it has exited: once its stderr is read to the end, the tail is complete
            self._stderr_reader.join(timeout=5.0)
        text = "closed its output" if code is None else f"exited with code {code}"
        if self.stderr_tail:
            text += f": {self.stderr_tail[-1]}"
        return text

    def send(self, line: str) -> None:
        """Write one line; raises :class:`BotCrashed` if the process is gone."""
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(line)
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise BotCrashed(self.describe_exit()) from None

    def receive(self, timeout: float | None) -> str | None:
        """The next line, or None if none arrives within ``timeout`` seconds (None: wait
        as long as it takes); raises :class:`BotCrashed` at the end of the output."""
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            if deadline is None:
                item = self._lines.get()
            else:
                item = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None
        if item is _EOF:
            self._lines.put(_EOF)
            raise BotCrashed(self.describe_exit())
        assert isinstance(item, str)
        return item

    def close(self, grace: float = 1.0) -> None:
        """Ask the bot to quit, then kill it if it has not exited after ``grace`` seconds."""
        if self.alive:
            try:
                self.send('{"type":"quit"}\n')
                self._process.wait(timeout=grace)
            except (BotCrashed, subprocess.TimeoutExpired):
                pass
        if self.alive:
            self._process.kill()
        self._process.wait()
        for stream in (self._process.stdin, self._process.stdout, self._process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


_SHARED: dict[tuple[tuple[str, ...], int], BotProcess] = {}
_FINALIZER_SET = False


def shared_process(command: list[str], seat: int, fresh: bool = False) -> BotProcess:
    """This worker's process for ``command`` at ``seat``, started if needed (or anew
    when ``fresh``)."""
    global _FINALIZER_SET
    key = (tuple(command), seat)
    process = _SHARED.get(key)
    if process is not None and (fresh or not process.alive):
        process.close(grace=0.2)
        process = None
    if process is None:
        process = BotProcess(command)
        _SHARED[key] = process
    if not _FINALIZER_SET:
        # Worker processes of multiprocessing exit without atexit; this runs there too.
        import atexit
        from multiprocessing import util

        util.Finalize(None, close_all, exitpriority=100)
        atexit.register(close_all)
        _FINALIZER_SET = True
    return process


def close_all() -> None:
    """Stop every bot process this worker started."""
    while _SHARED:
        _, process = _SHARED.popitem()
        process.close()
