"""Dialogs: a decision (trump, challenge, roem, buy-back), a text question
(save, load, replay), and the round summary and game-over screens."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from cardtable.tui.i18n import _

__all__ = ["ChoiceDialog", "InputDialog", "MessageDialog"]


class ChoiceDialog(ModalScreen[str]):
    """Pick one of ``options`` (``(value, label)``): a button each, or its number.
    ``h`` shows ``hint()`` (what the strongest bot would choose, and why) when it is
    given; ``s``, ``r``, ``k`` and ``v`` open the table's save, rules, score sheet
    and last trick over the dialog."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "Hint", show=False),
        # the table stays at hand while you decide: save, rules, score sheet, last trick
        Binding("s", "app.table('save')", show=False),
        Binding("r", "app.table('rules')", show=False),
        Binding("k", "app.table('sheet')", show=False),
        Binding("v", "app.table('last_trick')", show=False),
    ]

    def __init__(
        self,
        title: str,
        message: str,
        options: Sequence[tuple[str, str]],
        hint: Callable[[], str] | None = None,
        extra: Sequence[str] = (),
    ) -> None:
        super().__init__(classes="dialog choice")
        self._title = title
        self._message = message
        self._options = list(options)
        self._hint = hint
        self._extra = list(extra)

    def compose(self) -> ComposeResult:
        """Title, message and one button per option."""
        with Vertical(id="dialog-box"):
            yield Label(self._title, id="dialog-title")
            for line in self._extra:
                yield Static(line, classes="dialog-extra")
            yield Static(self._message, id="dialog-message")
            with Horizontal(id="dialog-buttons"):
                for number, (value, label) in enumerate(self._options, 1):
                    yield Button(f"{number} {label}", id=f"choice-{number}", name=value)
            if self._hint is not None:
                yield Static(_("Press h for a hint."), id="dialog-help")

    def on_mount(self) -> None:
        """Focus the first option."""
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Answer with the pressed option."""
        event.stop()
        if event.button.name is not None:
            self.dismiss(event.button.name)

    def on_key(self, event: Key) -> None:
        """Digits pick the option with that number; arrows move between buttons."""
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self._options):
                event.stop()
                self.dismiss(self._options[index][0])
        elif event.key in ("left", "up"):
            event.stop()
            self.focus_previous()
        elif event.key in ("right", "down"):
            event.stop()
            self.focus_next()

    def action_hint(self) -> None:
        """Show the hint."""
        if self._hint is not None:
            self.query_one("#dialog-help", Static).update(
                _("Hint: {action}").format(action=self._hint())
            )


class InputDialog(ModalScreen[str | None]):
    """Ask for one line of text (a file name); Escape cancels with None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, title: str, value: str = "") -> None:
        super().__init__(classes="dialog")
        self._title = title
        self._value = value

    def compose(self) -> ComposeResult:
        """The question, the input and the buttons."""
        with Vertical(id="dialog-box"):
            yield Label(self._title, id="dialog-title")
            yield Input(value=self._value, id="dialog-input")
            with Horizontal(id="dialog-buttons"):
                yield Button(_("OK"), id="ok", variant="primary")
                yield Button(_("Cancel"), id="cancel")

    def on_mount(self) -> None:
        """Focus the input."""
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter answers."""
        event.stop()
        self.dismiss(event.value.strip())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """OK answers, Cancel cancels."""
        event.stop()
        if event.button.id == "ok":
            self.dismiss(self.query_one(Input).value.strip())
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        """Cancel."""
        self.dismiss(None)


class MessageDialog(ModalScreen[str]):
    """Lines of text with buttons (``(value, label)``): the round summary, the game
    over screen. Enter takes the first button."""

    def __init__(
        self, title: str, lines: Sequence[str], buttons: Sequence[tuple[str, str]]
    ) -> None:
        super().__init__(classes="dialog")
        self._title = title
        self._lines = list(lines)
        self._buttons = list(buttons)

    def compose(self) -> ComposeResult:
        """Title, lines and buttons."""
        with Vertical(id="dialog-box"):
            yield Label(self._title, id="dialog-title")
            yield Static("\n".join(self._lines), id="dialog-message")
            with Horizontal(id="dialog-buttons"):
                for value, label in self._buttons:
                    yield Button(label, id=f"button-{value}", name=value)

    def on_mount(self) -> None:
        """Focus the first button."""
        self.query_one(Button).focus()

    def add_lines(self, lines: Sequence[str]) -> None:
        """Append lines (the solver's analysis arrives later)."""
        self._lines.extend(lines)
        self.query_one("#dialog-message", Static).update("\n".join(self._lines))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Answer with the button's value."""
        event.stop()
        if event.button.name is not None:
            self.dismiss(event.button.name)
