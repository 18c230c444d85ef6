"""Observations as fixed-shape arrays, actions as fixed indices: what a network sees.

An :class:`Encoding` turns one seat's observation into a flat ``float32`` vector of
:attr:`Encoding.size` numbers (a function of the observation only, so it never holds
what the seat may not know) and its legal actions into a 0/1 mask over a fixed list
of actions (:attr:`Encoding.actions`). :meth:`Encoding.decode` reads the facts back
from a vector. Seats in a vector are relative to the observer (0 is the observer,
1 the next seat clockwise...), so one network plays every seat.

>>> from cardtable.game import kind
>>> from cardtable.envs.registry import encoding
>>> code = encoding("kraken")
>>> state = kind("kraken").new_game(kind("kraken").rules(), 3)
>>> vector = code.encode(state.observation(state.to_move))
>>> vector.shape, vector.dtype, len(code.actions)
((528,), dtype('float32'), 42)
>>> [code.actions[i] for i in code.mask(state.observation(state.to_move)).nonzero()[0]]
['trump C', 'trump D', 'trump H', 'trump S', 'pass']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.envs.layout import Layout

__all__ = ["Encoding", "indices", "one_hot_index"]


class Encoding(ABC):
    """How one game's observations and actions become arrays."""

    game: str
    """The registered name of the game."""
    version: str
    """Changes whenever the layout or the actions change (a model names the one it
    was trained on)."""
    layout: Layout
    actions: tuple[str, ...]
    """Every action of the game in canonical text; an action's index is its place here."""

    def __init__(self) -> None:
        self._index = {action: index for index, action in enumerate(self.actions)}
        self._at = {
            segment.name: self.layout.slice(segment.name).start for segment in self.layout.segments
        }
        """Where each segment starts."""

    @property
    def size(self) -> int:
        """Numbers in an observation vector."""
        return self.layout.size

    def action_index(self, action: str) -> int:
        """The index of the canonical ``action``; ``ValueError`` names the actions."""
        try:
            return self._index[action]
        except KeyError:
            raise ValueError(
                f"{action!r} is not a {self.game} action: the actions are {', '.join(self.actions)}"
            ) from None

    def mask(self, observation: Any) -> npt.NDArray[np.int8]:
        """1 for each legal action of ``observation`` (all 0 when the seat is not to move)."""
        return self.mask_of(observation.legal_actions)

    def mask_of(self, legal: Iterable[str]) -> npt.NDArray[np.int8]:
        """1 for each action of ``legal`` (canonical texts)."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        index = self._index
        for action in legal:
            mask[index[action]] = 1
        return mask

    def encode(
        self, observation: Any, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """The vector of ``observation`` (written into ``out`` when given)."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out[:] = 0
        self._fill(observation, out)
        return out

    @abstractmethod
    def _fill(self, observation: Any, out: npt.NDArray[np.float32]) -> None:
        """Write ``observation`` into the zeroed vector ``out``."""

    @abstractmethod
    def decode(self, vector: npt.NDArray[np.float32]) -> dict[str, Any]:
        """The facts a vector holds, as plain data (seats absolute again)."""


def one_hot_index(block: npt.NDArray[np.float32]) -> int | None:
    """The index of the 1 of a one-hot block, None when it is all 0."""
    hits = np.flatnonzero(block > 0.5)
    return int(hits[0]) if hits.size else None


def indices(block: npt.NDArray[np.float32]) -> list[int]:
    """The indices of the 1s of a 0/1 block."""
    return [int(i) for i in np.flatnonzero(block > 0.5)]
