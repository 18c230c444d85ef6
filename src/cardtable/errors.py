"""Errors shared by every game of the project.

Both are ``ValueError``: an action that is not legal now (:class:`IllegalAction`,
whose message names the rule that forbids it) and a record that cannot be
replayed (:class:`RecordError`, whose message names the bad entry).
"""

from __future__ import annotations

__all__ = ["IllegalAction", "RecordError"]


class IllegalAction(ValueError):
    """An action that cannot be taken now; the state is left exactly as it was.

    Raised both for text that is not an action at all and for a well-formed
    action that the rules forbid; the message says which and what is allowed.
    """


class RecordError(ValueError):
    """A record that is malformed or does not replay; the message names the bad entry."""
