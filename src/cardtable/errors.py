"""Errors shared by every game of the project.

Both are ``ValueError``: an action that is not legal now (:class:`IllegalAction`,
whose message names the rule that forbids it) and a record that cannot be
replayed (:class:`RecordError`, whose message names the bad entry).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["IllegalAction", "RecordError", "allowed"]


class IllegalAction(ValueError):
    """An action that cannot be taken now; the state is left exactly as it was.

    Raised both for text that is not an action at all and for a well-formed
    action that the rules forbid; the message says which and what is allowed.

    ``code`` and ``params`` say the same for programs (an interface shows the
    reason in its own language and notation): ``code`` names the rule
    (``follow_suit``, ``too_low``...; empty when the engine gives none) and
    ``params`` its facts, with cards as card text (``"JS"``), lists of cards as
    lists, seats as 0-based indices.

    >>> error = IllegalAction("S may not play AH: ...", code="follow_suit", suit="S")
    >>> str(error), error.code, dict(error.params)
    ('S may not play AH: ...', 'follow_suit', {'suit': 'S'})
    """

    def __init__(self, message: str = "", *, code: str = "", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: Mapping[str, Any] = params

    def __reduce__(self) -> tuple[Any, ...]:
        return (_illegal_action, (type(self), str(self), self.code, dict(self.params)))


def _illegal_action(
    cls: type[IllegalAction], message: str, code: str, params: dict[str, Any]
) -> IllegalAction:
    """Rebuild a pickled :class:`IllegalAction` with its code and facts."""
    return cls(message, code=code, **params)


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
