"""What every score sheet shares: the JSON envelope, refusals and field checks.

A sheet is plain JSON (``docs/sheet.md``): ``format``, ``version``, ``game``, the
rules as the engine's ``Rules.to_dict()``, names, the first dealer and the rounds as
entered. Results are never stored: the engines compute them from the entries.

>>> check_envelope({"format": "cardtable-sheet", "version": 1, "game": "kraken"})
'kraken'
>>> check_envelope({"format": "cardtable-sheet", "version": 2, "game": "kraken"})
Traceback (most recent call last):
...
cardtable.sheet.model.SheetError: format: version 2 is not supported: this program reads version 1
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

__all__ = [
    "FORMAT",
    "GAMES",
    "MAX_NAME",
    "MAX_ROUNDS",
    "VERSION",
    "SheetError",
    "SheetRounds",
    "check_envelope",
    "check_int",
    "check_keys",
    "check_names",
    "check_title",
    "entries_of",
    "envelope",
    "in_round",
    "sheet_header",
]

FORMAT: Final[str] = "cardtable-sheet"
"""The ``format`` of every sheet file."""
VERSION: Final[int] = 1
"""The version of the sheet format this module reads and writes."""
GAMES: Final[tuple[str, ...]] = ("kraken", "gurka")
"""The games a sheet scores."""
MAX_NAME: Final[int] = 40
"""The longest team or player name, in characters."""
MAX_TITLE: Final[int] = 100
"""The longest sheet title, in characters."""
MAX_ROUNDS: Final[int] = 1000
"""The most rounds one sheet holds."""


class _Scored(Protocol):
    @property
    def entry(self) -> Any: ...


EntryT = TypeVar("EntryT")
ScoredT = TypeVar("ScoredT", bound=_Scored)


class SheetError(ValueError):
    """An entry or a sheet the rules refuse; nothing was changed.

    ``code`` names the refusal (``docs/sheet.md`` lists them all) and the message says
    what was wrong and what is allowed.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def in_round(error: SheetError, number: int, fresh: int | None) -> SheetError:
    """``error`` found in round ``number`` while scoring a sheet's rounds again: as
    it is when that round is the one being entered (``fresh``), ``edit_conflict``
    when a change elsewhere made it no longer fit, and named by its round when a
    whole sheet is loaded (``fresh`` None)."""
    if number == fresh:
        return error
    if fresh is None:
        return SheetError(error.code, f"round {number}: {error.message}")
    return SheetError(
        "edit_conflict", f"with this change round {number} no longer fits: {error.message}"
    )


def envelope(game: str, title: str) -> dict[str, Any]:
    """The first fields of a sheet's JSON."""
    return {"format": FORMAT, "version": VERSION, "game": game, "title": title}


def check_envelope(data: object) -> str:
    """The game of sheet JSON ``data`` after checking its format and version."""
    if not isinstance(data, Mapping):
        raise SheetError("format", "a sheet is a JSON object")
    if data.get("format") != FORMAT:
        raise SheetError("format", f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise SheetError(
            "format",
            f"version {data.get('version')!r} is not supported: "
            f"this program reads version {VERSION}",
        )
    game = data.get("game")
    if game not in GAMES:
        raise SheetError("format", f"'game' must be one of {', '.join(GAMES)}, not {game!r}")
    return str(game)


def check_keys(data: object, where: str, allowed: Sequence[str]) -> Mapping[str, Any]:
    """``data`` as a mapping with no key outside ``allowed``."""
    if not isinstance(data, Mapping):
        raise SheetError("format", f"{where} must be a JSON object, not {data!r}")
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise SheetError(
            "format", f"{where}: unknown field {unknown[0]!r}: allowed {', '.join(allowed)}"
        )
    return data


def check_int(value: object, where: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise SheetError(
            "format", f"{where} must be a whole number from {low} to {high}, not {value!r}"
        )
    return value


def check_names(value: object, where: str, low: int, high: int) -> tuple[str, ...]:
    """``value`` as a list of ``low`` to ``high`` names of 1 to :data:`MAX_NAME`
    characters (surrounding spaces dropped)."""
    if not isinstance(value, list) or not low <= len(value) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise SheetError("format", f"{where} must be a list of {count} names, not {value!r}")
    names = []
    for name in value:
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
            raise SheetError(
                "format", f"{where}: each name has 1 to {MAX_NAME} characters, not {name!r}"
            )
        names.append(name.strip())
    return tuple(names)


RulesT = TypeVar("RulesT")


def sheet_header(
    data: object, game: str, fields: Sequence[str], rules_from: Callable[[Any], RulesT]
) -> tuple[Mapping[str, Any], RulesT]:
    """Sheet JSON ``data`` of ``game`` as a mapping with no key outside ``fields``, and
    its rules read by ``rules_from`` (the engine's ``Rules.from_dict``)."""
    if check_envelope(data) != game:
        raise SheetError("format", f"this is not a {game.title()} sheet")
    checked = check_keys(data, "sheet", fields)
    rules = checked.get("rules", {})
    if not isinstance(rules, Mapping):
        raise SheetError("format", "'rules' must be a JSON object")
    try:
        return checked, rules_from(rules)
    except (TypeError, ValueError) as error:
        raise SheetError("format", f"'rules': {error}") from None


def entries_of(data: Mapping[str, Any], parse: Callable[[object, str], EntryT]) -> list[EntryT]:
    """The ``rounds`` of sheet JSON ``data``, each read by ``parse(round, where)``."""
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list) or len(rounds) > MAX_ROUNDS:
        raise SheetError("format", f"'rounds' must be a list of at most {MAX_ROUNDS} rounds")
    return [parse(entry, f"round {number}") for number, entry in enumerate(rounds, 1)]


def check_title(value: object) -> str:
    """A sheet's title: text of at most :data:`MAX_TITLE` characters."""
    if not isinstance(value, str) or len(value) > MAX_TITLE:
        raise SheetError("format", f"'title' must be text of at most {MAX_TITLE} characters")
    return value.strip()


class SheetRounds(ABC, Generic[EntryT, ScoredT]):
    """The rounds of a sheet and their changes (add, replace, delete, undo): each
    change scores every round again first and is refused, changing nothing, when a
    round no longer fits.

    A sheet keeps its scored rounds in ``_scored`` and the entries before each change
    in ``_undo``; it says how to score a list of entries (:meth:`_rescored`, which
    raises :class:`SheetError`) and how to keep the result (:meth:`_keep`).
    """

    __slots__ = ()
    _scored: list[ScoredT]
    _undo: list[list[EntryT]]

    @abstractmethod
    def _rescored(self, entries: Sequence[EntryT], fresh: int | None) -> Any:
        """Every round of ``entries`` scored (``fresh``: the number of the round being
        entered, see :func:`in_round`)."""

    @abstractmethod
    def _keep(self, rescored: Any) -> None:
        """Keep what :meth:`_rescored` gave."""

    @property
    def entries(self) -> list[EntryT]:
        """The rounds as entered."""
        return [scored.entry for scored in self._scored]

    @property
    def rounds(self) -> list[ScoredT]:
        """The rounds with their results."""
        return list(self._scored)

    def _change(self, entries: list[EntryT], fresh: int) -> None:
        rescored = self._rescored(entries, fresh)
        self._undo.append(self.entries)
        self._keep(rescored)

    def add(self, entry: EntryT) -> ScoredT:
        """Enter the next round; return it scored."""
        if len(self._scored) >= MAX_ROUNDS:
            raise SheetError("format", f"a sheet holds at most {MAX_ROUNDS} rounds")
        self._change([*self.entries, entry], len(self._scored) + 1)
        return self._scored[-1]

    def replace(self, index: int, entry: EntryT) -> ScoredT:
        """Change round ``index`` (from 0); the later rounds are scored again."""
        self._check_index(index)
        entries = self.entries
        entries[index] = entry
        self._change(entries, index + 1)
        return self._scored[index]

    def delete(self, index: int) -> None:
        """Delete round ``index`` (from 0); the later rounds move up and are scored again."""
        self._check_index(index)
        entries = self.entries
        del entries[index]
        self._change(entries, 0)

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self._scored):
            raise SheetError(
                "no_round", f"there is no round {index + 1}: the sheet has {len(self._scored)}"
            )

    @property
    def can_undo(self) -> bool:
        """Whether a change can be taken back."""
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the last add, change or delete."""
        if not self._undo:
            raise SheetError("no_undo", "there is nothing to undo")
        self._keep(self._rescored(self._undo.pop(), None))
