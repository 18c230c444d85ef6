"""Faults: what went wrong with a bot's answer, recorded instead of stopping the match.

A faulty decision is replaced by the first legal action; the fault keeps its kind and
reason, and the results count faults per bot and kind.

>>> Fault("late", "no answer within 0.5 s", seat=2, decision=7).to_dict()["kind"]
'late'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["FAULT_KINDS", "BotCrashed", "Fault"]

FAULT_KINDS = ("late", "illegal", "malformed", "missing", "crash")
"""``late``: no answer within the time control; ``illegal``: a well-formed action that is
not legal now; ``malformed``: a line that is not a valid protocol message (or a bad
handshake); ``missing``: an answer without an action (the bot quit the decision or
answered a decision it was not asked); ``crash``: the bot process ended or raised (it is
restarted up to the limit, then its seat plays the first legal action)."""


@dataclass(frozen=True)
class Fault:
    """One fault of the bot in ``seat`` at decision number ``decision`` (None: outside a
    decision, such as at a notification)."""

    kind: str
    reason: str
    seat: int
    decision: int | None = None
    action: str | None = None
    """The action played instead (the first legal one)."""

    def to_dict(self) -> dict[str, Any]:
        """The fault as plain JSON data."""
        return asdict(self)


class BotCrashed(Exception):
    """The bot process is gone (it exited, or its pipes broke)."""
