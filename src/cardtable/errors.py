"""Errors shared by every game of the project.

Both are ``ValueError``: an action that is not legal now (:class:`IllegalAction`,
whose message names the rule that forbids it) and a record that cannot be
replayed (:class:`RecordError`, whose message names the bad entry).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["IllegalAction", "RecordError", "allowed"]


class IllegalAction(ValueError):
    """An action that cannot be taken now; the state is left exactly as it was.

    Raised both for text that is not an action at all and for a well-formed
    action that the rules forbid; the message says which and what is allowed.
    """


class RecordError(ValueError):
    """A record that is malformed or does not replay; the message names the bad entry."""


def allowed(check: Callable[[str], object], action: str) -> bool:
    """Whether ``check(action)`` passes, that is raises no :class:`IllegalAction`
    (how a state's ``can_apply`` asks its ``verify``).

    >>> def only_pass(action: str) -> None:
    ...     if action != "pass":
    ...         raise IllegalAction(f"{action!r}: only 'pass' is allowed")
    >>> allowed(only_pass, "pass"), allowed(only_pass, "play")
    (True, False)
    """
    try:
        check(action)
    except IllegalAction:
        return False
    return True
