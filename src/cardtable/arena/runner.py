"""Running a match's plays: in this process, on local processes, or on a Ray cluster.

Every backend plays the same :class:`~cardtable.arena.formats.Play` tasks, each a pure
function of its fields, and the results are put back in schedule order, so a seed
gives the same results whatever the backend and the number of workers.
"""

from __future__ import annotations

import itertools
import os
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from cardtable.arena.formats import Match, Play, schedule
from cardtable.arena.play import PlayResult, play
from cardtable.arena.store import Store

__all__ = ["BACKENDS", "run_match", "run_plays"]

BACKENDS = ("processes", "ray")


def _inline(plays: list[Play]) -> Iterator[PlayResult]:
    from cardtable.arena.external import close_all

    try:
        for task in plays:
            yield play(task)
    finally:
        close_all()


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the arena, which stops saving and shuts them down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(chunk: list[Play]) -> list[PlayResult]:
    return [play(task) for task in chunk]


def _chunks(plays: list[Play], workers: int) -> list[list[Play]]:
    """Small games go to the workers in chunks, so that sending them costs little; a
    chunk stays small enough for a smooth progress bar and little lost work on a kill."""
    size = max(1, min(16, len(plays) // (workers * 8)))
    return [plays[i : i + size] for i in range(0, len(plays), size)]


def _processes(plays: list[Play], workers: int) -> Iterator[PlayResult]:
    # A bounded window of submitted chunks keeps memory flat on long runs.
    window = workers * 4
    with ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts) as pool:
        queue = iter(_chunks(plays, workers))
        pending: set[Future[list[PlayResult]]] = {
            pool.submit(_play_chunk, chunk) for chunk in itertools.islice(queue, window)
        }
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield from future.result()
                following = next(queue, None)
                if following is not None:
                    pending.add(pool.submit(_play_chunk, following))


def _ray(plays: list[Play], workers: int | None, address: str | None) -> Iterator[PlayResult]:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'cardtable[ray]'") from None
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address:
            options["address"] = address
        elif workers:
            options["num_cpus"] = workers
        ray.init(**options)
        started = True
    try:
        remote = ray.remote(_play_chunk)
        cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
        window = max(8, 4 * cpus)
        queue = iter(_chunks(plays, cpus))
        pending = [remote.remote(chunk) for chunk in itertools.islice(queue, window)]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                yield from ray.get(ref)
                following = next(queue, None)
                if following is not None:
                    pending.append(remote.remote(following))
    finally:
        if started:
            ray.shutdown()


def run_plays(
    plays: list[Play],
    backend: str = "processes",
    workers: int | None = None,
    address: str | None = None,
) -> Iterator[PlayResult]:
    """Yield the result of every play as it finishes (in any order).

    ``workers`` defaults to every core; one worker plays in this process.
    """
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    if not plays:
        return iter(())
    if backend == "ray":
        return _ray(plays, workers, address)
    workers = workers or os.cpu_count() or 1
    if workers == 1 or len(plays) == 1:
        return _inline(plays)
    return _processes(plays, min(workers, len(plays)))


def run_match(
    match: Match,
    backend: str = "processes",
    workers: int | None = None,
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[PlayResult]:
    """Play ``match`` and return every play's result in schedule order.

    With ``out``, each finished play is saved there and a rerun with the same match
    resumes: saved plays are not played again. ``progress(done, total)`` is called
    after each play (and once at the start).
    """
    plays = schedule(match)
    store = Store(out, match) if out is not None else None
    done: dict[str, PlayResult] = store.load() if store else {}
    results: dict[int, PlayResult] = {}
    for task in plays:
        if task.key in done:
            saved = done[task.key]
            results[task.index] = PlayResult(
                task.index, task.key, saved.scores, saved.record, saved.faults
            )
    todo = [task for task in plays if task.index not in results]
    if progress:
        progress(len(results), len(plays))
    if store:
        store.open_for_append()
    try:
        for result in run_plays(todo, backend, workers, address):
            results[result.index] = result
            if store:
                store.save(result)
            if progress:
                progress(len(results), len(plays))
    finally:
        if store:
            store.close()
    return [results[task.index] for task in plays]
