"""Text that people type (names, chat), checked before anyone else sees it.

A name is normalized (NFKC, spaces folded) and refused (``bad_name``, with the
reason) when it holds a control, format or direction character, is nothing but
invisible fillers, mixes scripts whose letters look alike, or passes for one of the
reserved words (``bot``, ``admin``, ``system``, ``moderator``). Whether it looks
like another account's name is decided by comparing :func:`name_skeleton` (the
confusable skeleton of Unicode TS #39, case folded), which the accounts store.

>>> clean_name("  Alice   Smith ")
'Alice Smith'
>>> clean_name("Zoë"), clean_name("محمد"), clean_name("李雷"), clean_name("山田たろう")
('Zoë', 'محمد', '李雷', '山田たろう')
>>> clean_name("\u202eecilA")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.server.protocol.ServerError: a name may not contain U+202E (a control, ...)
>>> clean_name("\u3164\u2800")
Traceback (most recent call last):
...
cardtable.server.protocol.ServerError: a name needs at least one visible character
>>> clean_name("\u0410lice")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.server.protocol.ServerError: a name may not mix look-alike letters of ...
>>> clean_name("\u0299\u1d0f\u1d1b")  # small capitals
Traceback (most recent call last):
...
cardtable.server.protocol.ServerError: a name may not pass for 'bot': the word is reserved
>>> clean_name("\ufdfa" * 3)  # NFKC makes 18 characters of each
Traceback (most recent call last):
...
cardtable.server.protocol.ServerError: a name has at most 40 characters
>>> name_skeleton("\u0410lice") == name_skeleton("alice") == name_skeleton("ALICE")
True
"""

from __future__ import annotations

import functools
import re
import unicodedata

from confusable_homoglyphs import categories, confusables

from cardtable.server.protocol import ServerError

__all__ = ["MAX_NAME", "RESERVED_WORDS", "clean_chat", "clean_name", "name_skeleton", "same_name"]

MAX_NAME = 40
"""The longest name, counted after normalization (which can lengthen a name many
times over: NFKC makes U+FDFA 18 characters), so that it fits the database's
columns."""

RESERVED_WORDS = ("bot", "admin", "system", "moderator")
"""Words no name may contain, in any look-alike spelling (a bot account's name may
contain ``bot``): a person must not pass for a bot or for the house."""

_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

_INVISIBLE = frozenset(
    chr(code)
    for first, last in (
        (0x034F, 0x034F),  # combining grapheme joiner
        (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
        (0x17B4, 0x17B5),  # Khmer inherent vowels
        (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
        (0x2800, 0x2800),  # Braille pattern blank
        (0x3164, 0x3164),  # Hangul filler
        (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
        (0x1D173, 0x1D17A),  # musical formatting
    )
    for code in range(first, last + 1)
)
"""Characters that show nothing but are letters or marks to Unicode (the Default
Ignorable code points outside the refused categories, and the Braille blank)."""

_VARIATION_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
"""Dropped quietly: they only choose how an emoji is drawn."""

_ALLOWED_MIXES = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
"""Scripts written together (TS #39's highly restrictive level): Japanese, Chinese
with Bopomofo and Korean, each with Latin."""

_NEUTRAL_SCRIPTS = frozenset({"COMMON", "INHERITED"})
_SMALL_CAPITAL = re.compile(r"LATIN LETTER SMALL CAPITAL ([A-Z])")


def _refuse_hidden(text: str, what: str, code: str, allowed: str = "") -> None:
    for char in text:
        if char not in allowed and unicodedata.category(char) in _REFUSED_CATEGORIES:
            raise ServerError(
                code,
                f"{what} may not contain U+{ord(char):04X} "
                "(a control, format or direction character)",
            )


def clean_name(name: str, bot: bool = False) -> str:
    """``name`` normalized (NFKC, spaces folded, variation selectors dropped), or
    ``bad_name`` saying why not: empty once invisible characters are left out,
    longer than :data:`MAX_NAME`, with a control, format, direction or invisible
    character, mixing look-alike letters of several scripts, or passing for a
    reserved word (``bot`` is allowed in a ``bot`` account's name)."""
    _refuse_hidden(name, "a name", "bad_name")
    cleaned = " ".join(_VARIATION_SELECTORS.sub("", unicodedata.normalize("NFKC", name)).split())
    if not "".join(char for char in cleaned if char not in _INVISIBLE):
        raise ServerError("bad_name", "a name needs at least one visible character")
    for char in name:
        if char in _INVISIBLE or unicodedata.normalize("NFKC", char) in _INVISIBLE:
            raise ServerError(
                "bad_name", f"a name may not contain U+{ord(char):04X} (an invisible character)"
            )
    if len(cleaned) > MAX_NAME:
        raise ServerError("bad_name", f"a name has at most {MAX_NAME} characters")
    _refuse_confusable_mix(cleaned)
    skeleton = name_skeleton(cleaned)
    for word in RESERVED_WORDS:
        if bot and word == "bot":
            continue
        if re.search(rf"(?<![^\W\d_]){re.escape(name_skeleton(word))}(?![^\W\d_])", skeleton):
            raise ServerError("bad_name", f"a name may not pass for {word!r}: the word is reserved")
    return cleaned


def _refuse_confusable_mix(name: str) -> None:
    """``bad_name`` when ``name`` mixes scripts not written together and one of its
    letters looks like a letter of another script in it (``Аlice``, Cyrillic А)."""
    scripts = {categories.alias(char) for char in name} - _NEUTRAL_SCRIPTS
    if len(scripts) < 2 or any(scripts <= mix for mix in _ALLOWED_MIXES):
        return
    found = []
    for char in name:
        script = categories.alias(char)
        for glyph in confusables.confusables_data.get(char, ()):
            look_alike = glyph["c"].strip("\u200e")
            if look_alike and all(categories.alias(c) in scripts - {script} for c in look_alike):
                found.append((sum(categories.alias(c) == script for c in name), char, look_alike))
                break
    if found:  # name the letter of the script the name uses least
        _, char, look_alike = min(found)
        raise ServerError(
            "bad_name",
            "a name may not mix look-alike letters of several scripts: "
            f"{char!r} ({unicodedata.name(char, '?')}) looks like {look_alike!r}",
        )


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (the one its look-alikes map to in
    TS #39's confusables data; of two characters that only look like each other,
    the smaller)."""
    data = confusables.confusables_data
    prototypes: dict[str, str] = {}
    for char, glyphs in data.items():
        if len(char) != 1:
            continue  # a sequence is only ever a prototype
        targets = [glyph["c"].strip("\u200e") for glyph in glyphs]
        if len(targets) != 1:
            continue  # a prototype: many characters look like it
        target = targets[0]
        back = data.get(target, ())
        prototypes[char] = min(char, target) if len(back) == 1 and len(target) == 1 else target
    return prototypes


def _fold(text: str) -> str:
    prototypes = _prototypes()
    text = unicodedata.normalize("NFD", text.casefold())
    out = []
    for char in text:
        small = _SMALL_CAPITAL.fullmatch(unicodedata.name(char, ""))
        char = small.group(1).lower() if small else char
        out.append(prototypes.get(char, char))
    return unicodedata.normalize("NFD", "".join(out))


def name_skeleton(name: str) -> str:
    """What ``name`` looks like: its TS #39 confusable skeleton, case folded and
    with Latin small capitals read as letters, so that two names with one skeleton
    are told apart by nobody at a glance.

    >>> name_skeleton("b0t") == name_skeleton("bot") == name_skeleton("B\u043eT")
    True
    >>> name_skeleton("Zoë") == name_skeleton("Zoe")
    False
    """
    text = unicodedata.normalize("NFKC", name)
    for _ in range(4):  # a prototype can be upper case ("0" looks like "O"): fold again
        folded = _fold(text)
        if folded == text:
            break
        text = folded
    return text


def same_name(a: str, b: str) -> bool:
    """Whether two names would look alike at a table (one :func:`name_skeleton`).

    >>> same_name("ALICE", "ａｌｉｃｅ"), same_name("Alice", "Alicia")
    (True, False)
    """
    return name_skeleton(a.strip()) == name_skeleton(b.strip())


def clean_chat(text: str) -> str:
    """A chat line without leading or trailing space; ``bad_message`` when it has a
    control, format or direction character (a line break is allowed)."""
    _refuse_hidden(text, "a chat line", "bad_message", allowed="\n")
    cleaned = text.strip()
    if not cleaned:
        raise ServerError("bad_message", "a chat line needs at least one visible character")
    return cleaned
