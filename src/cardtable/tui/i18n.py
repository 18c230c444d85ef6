"""Languages: gettext catalogs (built with Babel) for every string a player sees.

``_`` translates into the current language; ``N_`` only marks a string for
extraction (it is translated later, where it is shown). The current language is
chosen by ``--lang`` or, failing that, the system locale.

>>> set_language("nl")
>>> _("North")
'Noord'
>>> set_language("en"); _("North")
'North'
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "detect_language",
    "language",
    "missing",
    "set_language",
]

DOMAIN: Final = "cardtable"
"""The gettext domain: ``locale/<lang>/LC_MESSAGES/cardtable.mo``."""
LOCALE_DIR: Final = Path(__file__).parent / "locale"
"""Where the catalogs live, inside the package."""
LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "nl": "Nederlands",
    "fr": "Français",
    "pt": "Português",
    "ar": "العربية",
}
"""The languages offered, each named in itself."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_missing: set[str] = set()


def set_language(code: str) -> None:
    """Translate into ``code`` (one of :data:`LANGUAGES`) from now on.

    Unknown codes raise ``ValueError`` naming the languages offered.
    """
    global _translations, _language
    code = code.strip().lower().replace("-", "_").split("_")[0]
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
    _translations = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    _language = code
    _missing.clear()


def language() -> str:
    """The current language code."""
    return _language


def _(message: str) -> str:
    """``message`` in the current language (English when there is no translation)."""
    catalog: Mapping[str, str] = getattr(_translations, "_catalog", {})
    if message not in catalog:
        _missing.add(message)
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now."""
    return message


def missing() -> set[str]:
    """The messages looked up since the language was set that have no translation."""
    return set(_missing)


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the system locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``), when it is one of :data:`LANGUAGES`; otherwise English.

    >>> detect_language({"LANG": "pt_BR.UTF-8"}), detect_language({"LANG": "C"})
    ('pt', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(name, "").split(":"):
            code = part.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
            if code in LANGUAGES:
                return code
    return "en"


set_language("en")
