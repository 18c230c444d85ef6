"""``cardtable sheet``: the score sheet in the terminal, its commands and plain mode.

:class:`SheetSession` holds a sheet and the file it is saved to (the JSON of
``docs/sheet.md``, the browser's export), and carries out the commands both the
plain mode (:class:`PlainSheet`) and the Textual app (:mod:`cardtable.tui.sheet_app`)
offer: enter a round, edit or delete one, undo, save, export CSV.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from cardtable.sheet import GurkaEntry, GurkaSheet, KrakenSheet, SheetError, load_sheet
from cardtable.sheet.export import csv_text
from cardtable.sheet.kraken import ScoredRound
from cardtable.tui import sheet_text
from cardtable.tui.i18n import _

__all__ = ["PlainSheet", "SheetSession", "load_file"]


def load_file(path: Path) -> KrakenSheet | GurkaSheet:
    """The sheet saved in ``path``; ``ValueError`` says what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ValueError(_("cannot read {path}: {error}").format(path=path, error=error)) from None
    return load_sheet(data)


class SheetSession:
    """A sheet being kept, saved to ``path`` after every change (when given)."""

    def __init__(self, sheet: KrakenSheet | GurkaSheet, path: Path | None = None) -> None:
        self.sheet = sheet
        self.path = path

    @property
    def names(self) -> tuple[str, ...]:
        """The players (Gurka) or teams (Kraken)."""
        sheet = self.sheet
        return sheet.players if isinstance(sheet, GurkaSheet) else sheet.teams

    def status(self) -> list[str]:
        """The totals and what comes next."""
        if isinstance(self.sheet, KrakenSheet):
            return sheet_text.kraken_lines(self.sheet)
        return sheet_text.gurka_lines(self.sheet)

    def history(self) -> list[str]:
        """Every round, one line each."""
        sheet = self.sheet
        if isinstance(sheet, KrakenSheet):
            return [sheet_text.kraken_round_line(sheet, r) for r in sheet.rounds]
        return [sheet_text.gurka_round_line(sheet, r) for r in sheet.rounds]

    def round_text(self, index: int) -> str:
        """Round ``index`` (from 0) as the line that enters it."""
        sheet = self.sheet
        if isinstance(sheet, KrakenSheet):
            return sheet_text.kraken_text(sheet.entries[index])
        return sheet_text.gurka_text(sheet.entries[index], sheet.players)

    def preview(self, line: str) -> str:
        """What the rules make of ``line`` as the next round, changing nothing;
        ``ValueError`` (a :class:`SheetError` for the rules) says why it is refused."""
        sheet = self.sheet
        if isinstance(sheet, KrakenSheet):
            entry = sheet_text.parse_kraken(line)
            result = sheet.preview(entry)
            totals = (sheet.totals[0] + result.points[0], sheet.totals[1] + result.points[1])
            number, dealer = len(sheet.rounds) + 1, sheet.next_dealer or 0
            scored = ScoredRound(number, dealer, entry, result, totals)
            return sheet_text.kraken_round_line(sheet, scored)
        scored_g = sheet.preview(sheet_text.parse_gurka(line, sheet.players))
        return sheet_text.gurka_round_line(sheet, scored_g)

    def offers(self, line: str) -> tuple[tuple[int, ...], int | None]:
        """The buy-back offers a Gurka round leads to, and the level they come back at."""
        assert isinstance(self.sheet, GurkaSheet)
        scored = self.sheet.preview(sheet_text.parse_gurka(line, self.sheet.players))
        return scored.offered, scored.level

    def enter(self, line: str, buybacks: tuple[int, ...] = ()) -> str:
        """Enter ``line`` as the next round (Gurka: with the seats that buy back)."""
        sheet = self.sheet
        if isinstance(sheet, KrakenSheet):
            scored = sheet.add(sheet_text.parse_kraken(line))
            self._saved()
            return sheet_text.kraken_round_line(sheet, scored)
        entry = sheet_text.parse_gurka(line, sheet.players)
        scored_g = sheet.add(GurkaEntry(entry.penalties, entry.tricks, buybacks))
        self._saved()
        return sheet_text.gurka_round_line(sheet, scored_g)

    def edit(self, number: int, line: str) -> str:
        """Change round ``number`` (from 1); a Gurka round keeps its buy-backs."""
        sheet = self.sheet
        if isinstance(sheet, KrakenSheet):
            scored = sheet.replace(number - 1, sheet_text.parse_kraken(line))
            self._saved()
            return sheet_text.kraken_round_line(sheet, scored)
        entry = sheet_text.parse_gurka(line, sheet.players)
        kept = sheet.entries[number - 1].buybacks if 0 < number <= len(sheet.rounds) else ()
        scored_g = sheet.replace(number - 1, GurkaEntry(entry.penalties, entry.tricks, kept))
        self._saved()
        return sheet_text.gurka_round_line(sheet, scored_g)

    def delete(self, number: int) -> None:
        """Delete round ``number`` (from 1)."""
        self.sheet.delete(number - 1)
        self._saved()

    def undo(self) -> None:
        """Take back the last change."""
        self.sheet.undo()
        self._saved()

    def save(self, path: Path) -> None:
        """Save the sheet's JSON to ``path`` (and keep saving there)."""
        self.path = path
        self._saved()

    def export_csv(self, path: Path) -> None:
        """Write the rounds as CSV."""
        path.write_text(csv_text(self.sheet), encoding="utf-8")

    def _saved(self) -> None:
        if self.path is not None:
            text = json.dumps(self.sheet.to_dict(), ensure_ascii=False, indent=1)
            self.path.write_text(text + "\n", encoding="utf-8")


HELP_KRAKEN = (
    "1 82  |  2 70 other  |  1 90 roem=20+50/20 contra  |  2 162 mars spades by=E  |  "
    "1 90 declared=50,0,20,0 stuk=S"
)
HELP_GURKA = "p 0 13 0 13  |  t Ann:9C Bo:QS Cy:4D Di:QH"


class PlainSheet:
    """The sheet line by line: ``read`` gives a line (None at the end), ``write`` prints."""

    def __init__(
        self,
        session: SheetSession,
        read: Callable[[], str | None],
        write: Callable[[str], object],
    ) -> None:
        self.session, self.read, self.write = session, read, write

    def help(self) -> None:
        """The commands."""
        kraken = isinstance(self.session.sheet, KrakenSheet)
        self.write(_("Enter a round, for example:"))
        self.write("  " + (HELP_KRAKEN if kraken else HELP_GURKA))
        self.write(
            _("Commands: history, edit N <round>, delete N, undo, save FILE, csv FILE, help, quit")
        )

    def run(self) -> int:
        """Read commands until ``quit`` or the end of the input; returns 0."""
        self.write(_("Score sheet. Type help for the commands."))
        for line in self.session.status():
            self.write(line)
        while True:
            read = self.read()
            if read is None:
                return 0
            line = read.strip()
            if not line:
                continue
            if line in ("quit", "q", "exit"):
                return 0
            try:
                self.command(line)
            except ValueError as error:  # SheetError included: nothing changed
                message = error.message if isinstance(error, SheetError) else str(error)
                self.write(_("Refused: {message}").format(message=message))

    def command(self, line: str) -> None:
        """Carry out one command line."""
        session = self.session
        word, _sep, rest = line.partition(" ")
        if word == "help":
            self.help()
            return
        if word == "history":
            for text in session.history() or [_("No rounds yet.")]:
                self.write(text)
            return
        if word == "undo":
            session.undo()
            self.write(_("Undone."))
        elif word == "delete":
            session.delete(_number(rest))
            self.write(_("Round {number} deleted.").format(number=_number(rest)))
        elif word == "edit":
            number, _sep, entry = rest.strip().partition(" ")
            self.write(session.edit(_number(number), entry))
        elif word == "save":
            session.save(Path(rest.strip()))
            self.write(_("Saved to {path}.").format(path=rest.strip()))
            return
        elif word == "csv":
            session.export_csv(Path(rest.strip()))
            self.write(_("CSV written to {path}.").format(path=rest.strip()))
            return
        elif isinstance(session.sheet, GurkaSheet):
            self._gurka_round(line)
        else:
            self.write(session.enter(line))
        for text in session.status():
            self.write(text)

    def _gurka_round(self, line: str) -> None:
        offered, level = self.session.offers(line)
        buybacks = []
        assert isinstance(self.session.sheet, GurkaSheet)
        for seat in offered:
            assert level is not None
            self.write(sheet_text.buyback_question(self.session.sheet, seat, level))
            answer = (self.read() or "").strip().lower()
            if answer in ("y", "yes", _("y"), _("yes")):
                buybacks.append(seat)
        self.write(self.session.enter(line, tuple(buybacks)))


def _number(text: str) -> int:
    if not text.strip().isdigit():
        raise ValueError(_("give the round's number, such as 3"))
    return int(text.strip())
