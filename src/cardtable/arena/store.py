"""Saving a match as it runs, so an interrupted run resumes without losing a game.

``DIR/match.json`` holds the :class:`~cardtable.arena.formats.Match`; ``DIR/plays.jsonl``
gets one line per finished play (its scores, faults and full game record), written
and flushed as soon as the play ends. A line cut short by a kill is ignored on
resume, and that play is simply played again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from cardtable.arena.formats import Match
from cardtable.arena.play import PlayResult

__all__ = ["Store"]


class Store:
    """The directory of one match: its description and the plays finished so far."""

    def __init__(self, directory: str | os.PathLike[str], match: Match) -> None:
        """Open ``directory`` for ``match``, creating it; a directory that holds another
        match raises ``ValueError``. A match that differs only in its number of deals is
        the same match (deal ``i`` is the same whatever the number): more deals extend
        it (the description then says so) and fewer read the first ones."""
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        described = self.directory / "match.json"
        data = match.to_dict()
        if described.exists():
            saved = json.loads(described.read_text(encoding="utf-8"))
            saved = {"contracts": "bid", **saved}  # saved before matches had contracts
            if {**saved, "deals": data["deals"]} != data:
                raise ValueError(
                    f"{described} describes another match; use a new --out directory "
                    "(or the same options, with any number of deals, to resume it)"
                )
            if data["deals"] > saved["deals"]:
                described.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        else:
            described.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        self.plays_path = self.directory / "plays.jsonl"

    def load(self) -> dict[str, PlayResult]:
        """The plays saved so far, by key (the last complete line of each wins)."""
        done: dict[str, PlayResult] = {}
        if not self.plays_path.exists():
            return done
        with self.plays_path.open(encoding="utf-8") as lines:
            for line in lines:
                if not line.endswith("\n"):
                    break  # cut short by a kill
                try:
                    result = PlayResult.from_dict(json.loads(line))
                except (ValueError, KeyError, TypeError):
                    continue
                done[result.key] = result
        return done

    def open_for_append(self) -> None:
        """Drop a cut-short last line, then open the plays file for appending."""
        if self.plays_path.exists():
            data = self.plays_path.read_bytes()
            if data and not data.endswith(b"\n"):
                self.plays_path.write_bytes(data[: data.rfind(b"\n") + 1])
        self._out = self.plays_path.open("a", encoding="utf-8")

    def save(self, result: PlayResult) -> None:
        """Append one finished play and flush it to the operating system (so a killed
        arena loses nothing; the file is synced to disk when closed)."""
        self._out.write(json.dumps(result.to_dict(), separators=(",", ":")) + "\n")
        self._out.flush()

    def close(self) -> None:
        """Close the plays file."""
        out = getattr(self, "_out", None)
        if out is not None:
            out.flush()
            os.fsync(out.fileno())
            out.close()
