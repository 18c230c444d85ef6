"""The screens: the table, the settings, the rules and the replay viewer."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, RichLog, Select, Static, Switch

from cardtable.cards import Card
from cardtable.errors import IllegalAction, RecordError
from cardtable.game import kind
from cardtable.records import load_record
from cardtable.tui import text
from cardtable.tui.dialogs import ChoiceDialog, InputDialog, MessageDialog
from cardtable.tui.games import game_names
from cardtable.tui.i18n import LANGUAGES, _, language
from cardtable.tui.plain import choices, your_hand
from cardtable.tui.replay import Replay
from cardtable.tui.session import LEVELS, Session, Settings
from cardtable.tui.widgets import CardView, HandView, SeatView

if TYPE_CHECKING:
    from cardtable.tui.app import CardTableApp

__all__ = ["ReplayScreen", "RulesScreen", "SettingsScreen", "TableScreen"]

# Four seats around the 3x3 table grid, relative to you (you are always at the bottom).
_GRID_CELLS = {0: 7, 1: 3, 2: 1, 3: 5}  # you, left of you, partner, right of you


def _seat_cards(observation: Any) -> tuple[dict[int, Card], bool]:
    """The card each seat has in the trick; the finished trick when none is started."""
    trick = getattr(observation, "trick", ())
    if trick:
        return {int(seat): card for seat, card in trick}, False
    tricks = getattr(observation, "tricks", ())
    if not tricks or not hasattr(tricks[-1], "plays"):
        return {}, False
    return {int(seat): card for seat, card in tricks[-1].plays}, True


class TableScreen(Screen[None]):
    """The table: every seat, the trick, your hand, the state and what just happened."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("enter,space", "play_selected", show=False),
        Binding("t", "type_card", show=False),
        Binding("h", "hint", show=False),
        Binding("u", "undo", show=False),
        Binding("s", "save", show=False),
        Binding("l", "load", show=False),
        Binding("p", "replay", show=False),
        Binding("o", "settings", show=False),
        Binding("r", "rules", show=False),
        Binding("q", "quit", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.waiting: str | None = None
        """What the table waits for: ``card``, ``dialog``, ``summary``, ``over`` or
        None while bots play (the tests wait on it)."""
        self.thinking: int | None = None

    @property
    def table_app(self) -> CardTableApp:
        """The app, typed."""
        return cast("CardTableApp", self.app)

    @property
    def session(self) -> Session:
        """The game in play."""
        return self.table_app.session

    def compose(self) -> ComposeResult:
        """Title, seats, status, log, prompt, hand, card input and key help."""
        session = self.session
        yield Static(id="title")
        with Horizontal(id="middle"):
            if session.presenter.layout == "around":
                with Grid(id="table", classes="around"):
                    for cell in range(9):
                        seats = [s for s, c in self._cells().items() if c == cell]
                        if seats:
                            yield SeatView(id=f"seat-{seats[0]}", classes="seat")
                        else:
                            yield Static(classes="empty")
            else:
                with Grid(id="table", classes="row"):
                    for seat in range(session.players):
                        yield SeatView(id=f"seat-{seat}", classes="seat")
            with Vertical(id="side"):
                yield Static(id="status")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static(id="prompt")
        yield HandView(id="hand")
        yield Input(placeholder=_("Type a card, such as 10h, and press Enter"), id="card-input")
        yield Static(
            "  ".join(f"[b]{keys}[/b] {_(meaning)}" for keys, meaning in text.KEY_HELP),
            id="keys",
        )

    def _cells(self) -> dict[int, int]:
        human = self.session.human
        return {seat: _GRID_CELLS[(seat - human) % 4] for seat in range(4)}

    def on_mount(self) -> None:
        """Show the game and let the bots start."""
        self.query_one("#card-input", Input).display = False
        self._shown = 0
        self.refresh_view()
        self.advance()

    # -- showing --------------------------------------------------------------

    def refresh_view(self, message: str | None = None, error: bool = False) -> None:
        """Redraw everything from the session; ``message`` replaces the prompt."""
        session = self.session
        observation = session.observation()
        self.query_one("#title", Static).update(
            _("{game} · level {level} · language {language}").format(
                game=text.game_title(session.kind),
                level=text.level_name(session.settings.level),
                language=LANGUAGES[language()],
            )
        )
        cards, last = _seat_cards(observation)
        for seat in range(session.players):
            self.query_one(f"#seat-{seat}", SeatView).show(
                text.seat_label(session.kind, seat, session.human, session.rules),
                self._notes(seat, observation),
                cards.get(seat),
                thinking=self.thinking == seat,
                last=last,
            )
        self.query_one("#status", Static).update("\n".join(text.status_lines(session)))
        log = self.query_one("#log", RichLog)
        if self._shown > len(session.events):
            log.clear()
            self._shown = 0
        for event in session.events[self._shown :]:
            log.write(text.describe_event(session, event))
        self._shown = len(session.events)
        prompt = self.query_one("#prompt", Static)
        prompt.set_class(error, "error")
        prompt.update(message if message is not None else text.prompt(session))
        hand = your_hand(session)
        legal = set(session.legal_actions()) if session.phase == "play" else set()
        self.query_one(HandView).show([(card, str(card) in legal) for card in hand])

    def _notes(self, seat: int, observation: Any) -> list[str]:
        notes = []
        if getattr(observation, "dealer", None) == seat:
            notes.append(_("dealer"))
        notes += self.session.presenter.seat_notes(seat, self.session.game, observation)
        return [" · ".join(notes)] if notes else [""]

    # -- the game loop ----------------------------------------------------------

    def advance(self) -> None:
        """Let play go on (bots, summaries, your dialogs) until a card of yours is due."""
        self._advance()

    @work(exclusive=True, group="advance")
    async def _advance(self) -> None:
        app = self.table_app
        while True:
            session = self.session
            self.refresh_view()
            if session.pending_summary is not None:
                self.waiting = "summary"
                await self._show_summary()
                session.acknowledge()
                continue
            if session.is_over:
                self.waiting = "over"
                answer = await app.push_screen_wait(
                    MessageDialog(
                        _("Game over"),
                        text.game_over_lines(session),
                        [("new", _("New game")), ("quit", _("Quit"))],
                    )
                )
                self.waiting = None
                if answer == "new":
                    app.new_game(session.settings.replace(seed=None))
                else:
                    app.exit()
                return
            if session.bot_to_move:
                self.waiting = None
                seat = session.to_move
                self.thinking = seat
                self.refresh_view()
                if app.threaded_bots:
                    action = await asyncio.to_thread(session.bot_action)
                else:
                    action = session.bot_action()
                self.thinking = None
                session.step_bot(action)
                if session.settings.pace:
                    self.refresh_view()
                    await asyncio.sleep(session.settings.pace)
                continue
            if session.phase != "play" or session.legal_actions() in (["buyback", "pass"],):
                self.waiting = "dialog"
                await self._decide()
                continue
            self.waiting = "card"
            return

    async def _show_summary(self) -> None:
        session = self.session
        summary = session.pending_summary
        assert summary is not None
        dialog = MessageDialog(
            _("Round {number}").format(number=summary.number),
            text.summary_lines(session, summary),
            [("continue", _("Continue"))],
        )
        if session.presenter.has_analysis and self.table_app.analysis:
            self._analyse(dialog, summary.number)
        await self.table_app.push_screen_wait(dialog)

    @work(thread=True, group="analysis")
    def _analyse(self, dialog: MessageDialog, number: int) -> None:
        costs = self.session.analysis(number)
        lines = text.analysis_lines(self.session, costs)
        if lines:
            self.app.call_from_thread(dialog.add_lines, lines)

    async def _decide(self) -> None:
        session = self.session
        options = [(a, text.action_label(a)) for a in choices(session)]

        def hint() -> str:
            return text.action_label(session.hint())

        hand = " ".join(text.card_text(c) for c in your_hand(session))
        extra = [_("Your hand: {cards}").format(cards=hand)] if hand else []
        action = await self.table_app.push_screen_wait(
            ChoiceDialog(text.game_title(session.kind), text.prompt(session), options, hint, extra)
        )
        try:
            session.play(action)
        except IllegalAction as error:
            self.refresh_view(_("Refused: {reason}").format(reason=error), error=True)

    # -- your actions -------------------------------------------------------------

    def play_card(self, card: str) -> None:
        """Play ``card`` (any spelling); a refusal shows the engine's reason and
        changes nothing."""
        if self.waiting != "card":
            self.refresh_view(_("Refused: {reason}").format(reason=_("It is not your turn.")), True)
            return
        try:
            self.session.play(card)
        except IllegalAction as error:
            self.refresh_view(_("Refused: {reason}").format(reason=error), error=True)
            self.app.bell()
            return
        self.waiting = None
        self.advance()

    def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        """A click on a card plays it."""
        self.play_card(message.card)

    def on_key(self, event: Any) -> None:
        """Digits play the card at that place in your hand."""
        if self.focused is self.query_one("#card-input", Input):
            return
        character = getattr(event, "character", None)
        if character and character.isdigit() and character != "0":
            event.stop()
            hand = self.query_one(HandView)
            index = int(character) - 1
            if index < len(hand.cards):
                self.play_card(str(hand.cards[index][0]))
            else:
                self.refresh_view(
                    _("Refused: {reason}").format(
                        reason=_("There is no choice {number}.").format(number=character)
                    ),
                    error=True,
                )

    def action_move(self, delta: int) -> None:
        """Move the selection in your hand."""
        self.query_one(HandView).move(delta)

    def action_play_selected(self) -> None:
        """Play the selected card."""
        card = self.query_one(HandView).selected_card
        if card is not None:
            self.play_card(card)

    def action_type_card(self) -> None:
        """Show the card input and focus it."""
        field = self.query_one("#card-input", Input)
        field.display = True
        field.focus()

    @on(Input.Submitted, "#card-input")
    def _typed(self, event: Input.Submitted) -> None:
        field = event.input
        value = event.value.strip()
        field.value = ""
        field.display = False
        self.set_focus(None)
        if value:
            self.play_card(value)

    def action_hint(self) -> None:
        """Show what the strong bot would play."""
        try:
            hint = self.session.hint()
        except IllegalAction as error:
            self.refresh_view(_("Refused: {reason}").format(reason=error), error=True)
            return
        self.refresh_view(_("Hint: {action}").format(action=text.action_label(hint)))

    def action_undo(self) -> None:
        """Take back your last card of the round."""
        if self.waiting not in ("card", None):
            return
        if not self.session.can_undo:
            self.refresh_view(
                _("Refused: {reason}").format(
                    reason=_("There is no card of yours in this round to take back.")
                ),
                error=True,
            )
            return
        self.workers.cancel_group(self, "advance")
        self.thinking = None
        card = self.session.undo()
        self._shown = len(self.session.events) + 1
        self.refresh_view(_("You take back {card}.").format(card=text.card_text(card)))
        self.waiting = "card"

    def action_save(self) -> None:
        """Ask for a file name and save the game record."""

        def save(path: str | None) -> None:
            if not path:
                return
            try:
                saved = self.session.save(path)
            except OSError as error:
                self.refresh_view(_("Could not save: {reason}").format(reason=error), True)
                return
            self.refresh_view(_("Saved to {path}.").format(path=saved))

        self.app.push_screen(InputDialog(_("Save the game to file:"), "cardtable-game.json"), save)

    def action_load(self) -> None:
        """Ask for a file name and continue the game saved there."""

        def load(path: str | None) -> None:
            if not path:
                return
            try:
                session = Session.load(path, self.session.settings)
            except (OSError, RecordError, ValueError) as error:
                self.refresh_view(_("Could not load: {reason}").format(reason=error), True)
                return
            self.table_app.start(session)

        self.app.push_screen(InputDialog(_("Load a game from file:"), "cardtable-game.json"), load)

    def action_replay(self) -> None:
        """Ask for a record (empty: this game) and open the replay viewer."""

        def replay(path: str | None) -> None:
            if path is None:
                return
            try:
                record = load_record(path) if path else self.session.to_record()
                viewer = ReplayScreen(Replay(record))
            except (OSError, RecordError, ValueError) as error:
                self.refresh_view(_("Could not load: {reason}").format(reason=error), True)
                return
            self.app.push_screen(viewer)

        self.app.push_screen(InputDialog(_("Replay a record (empty: this game):")), replay)

    def action_settings(self) -> None:
        """Open the settings; applying them starts a new game."""

        def apply(settings: Settings | None) -> None:
            if settings is not None:
                self.table_app.new_game(settings)

        self.app.push_screen(SettingsScreen(self.session.settings), apply)

    def action_rules(self) -> None:
        """Open the rules."""
        self.app.push_screen(RulesScreen(self.session.kind))

    async def action_quit(self) -> None:
        """Leave."""
        self.app.exit()


class RulesScreen(Screen[None]):
    """The rules of the game in the current language."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,r", "close", show=False)]

    def __init__(self, kind: str) -> None:
        super().__init__()
        self._kind = kind

    def compose(self) -> ComposeResult:
        """The paragraphs and a close button."""
        with VerticalScroll(id="rules"):
            yield Label(
                _("The rules of {game}").format(game=text.game_title(self._kind)), id="rules-title"
            )
            for paragraph in text.rules_paragraphs(self._kind):
                yield Static(paragraph, classes="paragraph")
            yield Button(_("Close"), id="close")

    def on_button_pressed(self) -> None:
        """Close."""
        self.dismiss(None)

    def action_close(self) -> None:
        """Close."""
        self.dismiss(None)


class SettingsScreen(Screen["Settings | None"]):
    """Every rule variant of every game (as its rules schema lists them), the bot
    level, the pace and the language. Apply starts a new game with them."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self._settings = settings

    def compose(self) -> ComposeResult:
        """A row per setting."""
        s = self._settings
        with VerticalScroll(id="settings"):
            yield Label(_("Settings"), id="settings-title")
            yield from self._row(
                "game",
                Select(
                    [(text.game_title(x), x) for x in game_names()],
                    value=s.game,
                    allow_blank=False,
                    id="set-game",
                ),
            )
            yield from self._row(
                "level",
                Select(
                    [(text.level_name(x), x) for x in LEVELS],
                    value=s.level,
                    allow_blank=False,
                    id="set-level",
                ),
            )
            yield from self._row("pace", Input(str(s.pace), id="set-pace"))
            yield from self._row(
                "language",
                Select(
                    [(name, code) for code, name in LANGUAGES.items()],
                    value=language(),
                    allow_blank=False,
                    id="set-language",
                ),
            )
            for game in game_names():
                yield Label(text.game_title(game), classes="section")
                values = s.rules_of(game).to_dict()
                for spec in kind(game).rules_schema()["fields"]:
                    name = spec["name"]
                    widget = _rule_widget(spec, values[name], f"{game}-{name}")
                    yield from self._row(name, widget)
            yield Static(id="settings-error")
            with Horizontal(id="settings-buttons"):
                yield Button(_("Apply and start a new game"), id="apply", variant="primary")
                yield Button(_("Cancel"), id="cancel")

    @staticmethod
    def _row(name: str, widget: Any) -> ComposeResult:
        with Horizontal(classes="setting"):
            yield Label(text.field_label(name), classes="setting-label")
            yield widget

    def _value(self, widget_id: str) -> Any:
        widget = self.query_one(f"#{widget_id}")
        if isinstance(widget, Input):
            return widget.value.strip()
        if isinstance(widget, (Select, Switch)):
            return widget.value
        raise TypeError(widget_id)

    def _rules(self, game: str) -> Any:
        """The rules of ``game`` as the rows show them; ``ValueError`` names a bad
        field."""
        changes: dict[str, Any] = {}
        for spec in kind(game).rules_schema()["fields"]:
            name = spec["name"]
            changes[name] = _rule_value(spec, self._value(f"{game}-{name}"))
        return kind(game).rules(None, changes)

    def read(self) -> tuple[Settings, str]:
        """The settings and language chosen; ``ValueError`` names a bad field."""
        rules_by_game = {game: self._rules(game) for game in game_names()}
        try:
            pace = float(self._value("set-pace"))
        except ValueError:
            raise ValueError(f"invalid value for pace: {self._value('set-pace')!r}") from None
        seat = self._settings.seat
        game = self._value("set-game")
        if game != self._settings.game:
            seat = None
        settings = self._settings.replace(
            game=game,
            level=self._value("set-level"),
            pace=pace,
            seat=None,
            seed=None,
            rules_by_game={**self._settings.rules_by_game, **rules_by_game},
        )
        if seat is not None and seat < settings.players:
            settings = settings.replace(seat=seat)
        return settings, str(self._value("set-language"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Apply or cancel."""
        event.stop()
        if event.button.id != "apply":
            self.dismiss(None)
            return
        try:
            settings, code = self.read()
        except ValueError as error:
            message = self.query_one("#settings-error", Static)
            message.update(_("Refused: {reason}").format(reason=error))
            return
        from cardtable.tui.i18n import set_language

        set_language(code)
        self.dismiss(settings)

    def action_cancel(self) -> None:
        """Leave without changes."""
        self.dismiss(None)


def _rule_widget(spec: dict[str, Any], value: Any, widget_id: str) -> Any:
    """The control of one rules field of a rules schema, showing ``value``: a choice
    is a list, a switch a switch, anything else a text field."""
    if spec["type"] == "choice":
        options = [(text.value_label(v), v) for v in spec["options"]]
        return Select(options, value=value, allow_blank=False, id=widget_id)
    if spec["type"] == "bool":
        return Switch(bool(value), id=widget_id)
    if isinstance(value, (list, tuple)):
        return Input(" ".join(str(n) for n in value), id=widget_id)
    return Input("" if value is None else str(value), id=widget_id)


def _rule_value(spec: dict[str, Any], value: Any) -> Any:
    """A rules field's value from its control (see :func:`_rule_widget`)."""
    name = spec["name"]
    if spec["type"] == "bool":
        return bool(value)
    if spec["type"] == "int":
        return None if spec.get("optional") and not value else _int(value, name)
    if spec["type"] == "deal":
        return tuple(_int(p, name) for p in value.replace(",", " ").split())
    return value


def _int(value: str, name: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise ValueError(
            f"invalid value {value!r} for rules field {name!r}: not a number"
        ) from None


class ReplayScreen(Screen[None]):
    """Step through a record with every hand visible: ←/→ one action, PageUp/PageDown
    a round, Home/End the start and the end."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", show=False),
        Binding("left", "step(-1)", show=False),
        Binding("pagedown", "round(1)", show=False),
        Binding("pageup", "round(-1)", show=False),
        Binding("home", "go(0)", show=False),
        Binding("end", "go(-1)", show=False),
        Binding("escape,q", "close", show=False),
    ]

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay

    def compose(self) -> ComposeResult:
        """Title, position, hands, trick and status."""
        yield Static(id="replay-title")
        with Horizontal(id="middle"):
            yield Static(id="replay-hands")
            yield Static(id="status")
        yield Static(id="prompt")
        yield Static(
            _("←/→ one action · PageUp/PageDown one round · Home/End · q close"), id="keys"
        )

    def on_mount(self) -> None:
        """Show the start."""
        self.show()

    def show(self) -> None:
        """Redraw for the current position."""
        replay = self.replay
        session = replay.session
        self.query_one("#replay-title", Static).update(
            _("Replay of a game of {game}").format(game=text.game_title(session.kind))
            + " · "
            + _("action {position} of {length}").format(
                position=replay.position, length=replay.length
            )
        )
        game = session.game
        current = session.presenter.kind.current_round(game)
        lines = []
        trump = getattr(current, "trump", None)
        every_hand = getattr(current, "hands", ())
        hands = [(seat, list(every_hand[seat])) for seat in range(game.players)]
        trick = {int(seat): card for seat, card in getattr(current, "trick", ())}
        for seat, hand in hands:
            cards = " ".join(text.card_text(c) for c in text.sorted_hand(session.kind, hand, trump))
            played = trick.get(seat)
            suffix = f"  → {text.card_text(played)}" if played is not None else ""
            label = text.seat_label(session.kind, seat, session.human, session.rules)
            lines.append(f"{label}: {cards}{suffix}")
        self.query_one("#replay-hands", Static).update("\n".join(lines))
        self.query_one("#status", Static).update("\n".join(text.status_lines(session)))
        last = replay.last_event()
        if session.pending_summary is not None:
            last = "\n".join([last, *text.summary_lines(session, session.pending_summary)])
        self.query_one("#prompt", Static).update(last)

    def action_step(self, delta: int) -> None:
        """One action forward or back."""
        self.replay.step(delta)
        self.show()

    def action_round(self, delta: int) -> None:
        """One round forward or back."""
        self.replay.next_round(delta)
        self.show()

    def action_go(self, position: int) -> None:
        """The start (0) or the end (-1)."""
        self.replay.go(self.replay.length if position < 0 else position)
        self.show()

    def action_close(self) -> None:
        """Close the viewer (and the app when it was opened alone)."""
        if len(self.app.screen_stack) <= 2:
            self.app.exit()
        else:
            self.dismiss(None)
