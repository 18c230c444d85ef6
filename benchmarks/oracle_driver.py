"""The bot driver of the oracle diagnostics (``gurka_oracle.py``, ``kraken_oracle.py``):
before each decision it keeps the round in play where the patched sampler of the
script can read it. Nothing in ``src/`` reads it."""

from __future__ import annotations

from typing import Any

from cardtable.bots.base import BotDriver


class Truth:
    """The round in play at the decision being made (None before the first)."""

    round: Any = None


class TellingDriver(BotDriver):
    """A driver that sets :attr:`Truth.round` before asking a bot to act."""

    def _act(self, seat: int, observation: Any) -> str:
        Truth.round = self.current_round(self.state)
        return super()._act(seat, observation)
