"""The score sheet as a Textual app: the totals, the history as a table, and one line
to type a round on, with what the rules make of it shown while typing.

The line takes the plain mode's rounds and commands (``edit N``, ``delete N``,
``undo``, ``save FILE``, ``csv FILE``); Enter on a round of the history puts it on
the line to edit; Ctrl+Z undoes. A Gurka round that puts players out asks each
whether they buy back (y or n).
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Footer, Input, Static

from cardtable.sheet import GurkaSheet, SheetError
from cardtable.tui import sheet_text
from cardtable.tui.i18n import _
from cardtable.tui.sheet import HELP_GURKA, HELP_KRAKEN, PlainSheet, SheetSession

__all__ = ["SheetApp"]

_COMMANDS = ("help", "history", "undo", "delete", "edit", "save", "csv")


class SheetApp(App[None]):
    """A score sheet in the terminal."""

    CSS = """
    #status { padding: 0 1; height: auto; }
    #history { height: 1fr; }
    #preview { padding: 0 1; height: auto; min-height: 1; }
    #message { padding: 0 1; height: auto; min-height: 1; color: $warning; }
    #help { padding: 0 1; height: auto; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", _("Undo")),
        Binding("ctrl+q", "quit", _("Quit")),
    ]

    def __init__(self, session: SheetSession) -> None:
        super().__init__()
        self.session = session
        self.pending: dict[str, Any] | None = None
        """A Gurka round waiting for the answers to its buy-back offers."""

    def compose(self) -> ComposeResult:
        """Status, history, the entry line, its preview, messages, help."""
        yield Static(id="status")
        yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
        yield Input(id="entry", placeholder=_("a round, or a command (help)"))
        yield Static(id="preview")
        yield Static(id="message")
        example = HELP_GURKA if isinstance(self.session.sheet, GurkaSheet) else HELP_KRAKEN
        yield Static(_("For example: {example}").format(example=example), id="help")
        yield Footer()

    def on_mount(self) -> None:
        """Show the sheet; the entry line has the focus."""
        table = self.query_one("#history", DataTable)
        table.add_columns(_("Round"), _("What happened"))
        self.refresh_sheet()
        self.query_one("#entry", Input).focus()

    def refresh_sheet(self) -> None:
        """Show the totals and the history again."""
        self.query_one("#status", Static).update("\n".join(self.session.status()))
        table = self.query_one("#history", DataTable)
        table.clear()
        for number, line in enumerate(self.session.history(), 1):
            table.add_row(str(number), line.partition(": ")[2] or line, key=str(number))

    def say(self, text: str) -> None:
        """Show a message under the entry line."""
        self.query_one("#message", Static).update(text)

    def on_input_changed(self, event: Input.Changed) -> None:
        """Say what the rules make of the round being typed."""
        text = event.value.strip()
        preview = self.query_one("#preview", Static)
        if not text or self.pending is not None or text.split()[0] in _COMMANDS:
            preview.update("")
            return
        try:
            preview.update(self.session.preview(text))
        except ValueError as error:
            preview.update(_("Refused: {message}").format(message=_message(error)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter the round or carry out the command; nothing changes when refused."""
        text = event.value.strip()
        if not text:
            return
        event.input.value = ""
        if self.pending is not None:
            self._answer(text)
            return
        lines: list[str] = []
        plain = PlainSheet(self.session, lambda: None, lines.append)
        try:
            if isinstance(self.session.sheet, GurkaSheet) and text.split()[0] in ("p", "t"):
                self._gurka_round(text)
                return
            plain.command(text)
        except ValueError as error:
            self.say(_("Refused: {message}").format(message=_message(error)))
            return
        self.say("\n".join(lines[:1] if text.split()[0] not in ("help", "history") else lines))
        self.refresh_sheet()

    def _gurka_round(self, text: str) -> None:
        offered, level = self.session.offers(text)
        self.pending = {"line": text, "offered": list(offered), "level": level, "yes": []}
        self._next_offer()

    def _next_offer(self) -> None:
        assert self.pending is not None
        sheet = self.session.sheet
        assert isinstance(sheet, GurkaSheet)
        if self.pending["offered"]:
            seat = self.pending["offered"][0]
            self.say(sheet_text.buyback_question(sheet, seat, self.pending["level"]))
            return
        pending, self.pending = self.pending, None
        self.say(self.session.enter(pending["line"], tuple(pending["yes"])))
        self.refresh_sheet()

    def _answer(self, text: str) -> None:
        assert self.pending is not None
        seat = self.pending["offered"].pop(0)
        if text.lower() in ("y", "yes", _("y"), _("yes")):
            self.pending["yes"].append(seat)
        self._next_offer()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Put the chosen round on the entry line to edit it."""
        number = int(str(event.row_key.value))
        entry = self.query_one("#entry", Input)
        entry.value = f"edit {number} {self.session.round_text(number - 1)}"
        entry.focus()

    def action_undo(self) -> None:
        """Take back the last change."""
        try:
            self.session.undo()
        except SheetError as error:
            self.say(_("Refused: {message}").format(message=error.message))
            return
        self.say(_("Undone."))
        self.refresh_sheet()


def _message(error: ValueError) -> str:
    return error.message if isinstance(error, SheetError) else str(error)
