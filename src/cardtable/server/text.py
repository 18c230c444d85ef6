"""Text that people type (names, chat), checked before anyone else sees it: no NUL,
control, formatting or direction-override characters, and no name that passes for
a bot.

>>> clean_name("  Alice   Smith ")
'Alice Smith'
>>> clean_name("\u202eecilA")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.server.protocol.ServerError: a name may not contain U+202E (a control, ...)
>>> clean_name("Bot (strong)")
Traceback (most recent call last):
...
cardtable.server.protocol.ServerError: a name may not pass for a bot: 'bot' is reserved
>>> clean_name("\ufdfa" * 3)  # NFKC makes 18 characters of each
Traceback (most recent call last):
...
cardtable.server.protocol.ServerError: a name has at most 40 characters
"""

from __future__ import annotations

import re
import unicodedata

from cardtable.server.protocol import ServerError

__all__ = ["MAX_NAME", "clean_chat", "clean_name", "same_name"]

MAX_NAME = 40
"""The longest name, counted after normalization (which can lengthen a name many
times over: NFKC makes U+FDFA 18 characters), so that it fits the database's
columns."""

_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_BOT = re.compile(r"(?<![^\W\d_])bot(?![^\W\d_])", re.IGNORECASE)


def _refuse_hidden(text: str, what: str, code: str, allowed: str = "") -> None:
    for char in text:
        if char not in allowed and unicodedata.category(char) in _REFUSED_CATEGORIES:
            raise ServerError(
                code,
                f"{what} may not contain U+{ord(char):04X} "
                "(a control, format or direction character)",
            )


def clean_name(name: str, bot: bool = False) -> str:
    """``name`` normalized (NFKC, spaces folded); ``bad_name`` when it is empty or
    longer than :data:`MAX_NAME` once normalized, has a control, format or direction
    character, or (unless it names a ``bot`` account) contains the word "bot"."""
    _refuse_hidden(name, "a name", "bad_name")
    cleaned = " ".join(unicodedata.normalize("NFKC", name).split())
    if not cleaned:
        raise ServerError("bad_name", "a name needs at least one visible character")
    if len(cleaned) > MAX_NAME:
        raise ServerError("bad_name", f"a name has at most {MAX_NAME} characters")
    if not bot and _BOT.search(cleaned):
        raise ServerError("bad_name", "a name may not pass for a bot: 'bot' is reserved")
    return cleaned


def same_name(a: str, b: str) -> bool:
    """Whether two names would look alike at a table (case and width folded).

    >>> same_name("ALICE", "ａｌｉｃｅ"), same_name("Alice", "Alicia")
    (True, False)
    """
    return _fold(a) == _fold(b)


def _fold(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().strip()


def clean_chat(text: str) -> str:
    """A chat line without leading or trailing space; ``bad_message`` when it has a
    control, format or direction character (a line break is allowed)."""
    _refuse_hidden(text, "a chat line", "bad_message", allowed="\n")
    cleaned = text.strip()
    if not cleaned:
        raise ServerError("bad_message", "a chat line needs at least one visible character")
    return cleaned
