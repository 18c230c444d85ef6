"""Named segments of a flat observation vector: where each fact lives in the tensor.

An encoding is a list of :class:`Segment` (name, shape, meaning); :class:`Layout` gives
each its offset, so encoding, decoding and the documentation's diagram read the same
table.

>>> layout = Layout([Segment("seat", (4,), "my seat"), Segment("hand", (32,), "my cards")])
>>> layout.size, layout.slice("hand")
(36, slice(4, 36, None))
>>> print(layout.diagram())
offset  size  shape  segment  meaning
     0     4  4      seat     my seat
     4    32  32     hand     my cards
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["Layout", "Segment"]


@dataclass(frozen=True)
class Segment:
    """One named block of a vector."""

    name: str
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        """How many numbers the segment holds."""
        return math.prod(self.shape)


class Layout:
    """Segments laid end to end in one flat ``float32`` vector."""

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = tuple(segments)
        self._slices: dict[str, slice] = {}
        offset = 0
        for segment in self.segments:
            if segment.name in self._slices:
                raise ValueError(f"segment {segment.name!r} appears twice")
            self._slices[segment.name] = slice(offset, offset + segment.size)
            offset += segment.size
        self.size = offset
        self._shapes = {segment.name: segment.shape for segment in self.segments}

    def slice(self, name: str) -> slice:
        """Where segment ``name`` lies in the flat vector."""
        return self._slices[name]

    def view(self, vector: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
        """Segment ``name`` of ``vector`` (the last axis), shaped as the segment: a
        view, so writing to it writes to the vector."""
        block = vector[..., self._slices[name]]
        return block.reshape((*vector.shape[:-1], *self._shapes[name]))

    def diagram(self) -> str:
        """A table of the segments with offsets and sizes (for the documentation)."""
        rows = [("offset", "size", "shape", "segment", "meaning")]
        for segment in self.segments:
            where = self._slices[segment.name]
            shape = "x".join(str(n) for n in segment.shape)
            rows.append((str(where.start), str(segment.size), shape, segment.name, segment.meaning))
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        lines = []
        for row in rows:
            lines.append(
                f"{row[0]:>{widths[0]}}  {row[1]:>{widths[1]}}  {row[2]:<{widths[2]}}  "
                f"{row[3]:<{widths[3]}}  {row[4]}"
            )
        return "\n".join(line.rstrip() for line in lines)
