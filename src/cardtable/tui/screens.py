"""The screens: the table, the settings, the rules and the replay viewer."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
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
from cardtable.tui.session import LEVELS, Session, Settings, autosave_path
from cardtable.tui.widgets import CardView, HandView, SeatView

if TYPE_CHECKING:
    from cardtable.tui.app import CardTableApp

__all__ = ["ReplayScreen", "RulesScreen", "SettingsScreen", "TableScreen"]

# Four seats around the 3x3 table grid, relative to you (you are always at the bottom).
_GRID_CELLS = {0: 7, 1: 3, 2: 1, 3: 5}  # you, left of you, partner, right of you
FULL_SIZE = (80, 24)
"""The smallest terminal that shows the whole table (columns, rows)."""


def _seat_cards(observation: Any) -> tuple[list[tuple[int, Card]], bool]:
    """The cards in the trick, in the order played; the finished trick when none is
    started (it stays until the next card is played)."""
    trick = getattr(observation, "trick", ())
    if trick:
        return [(int(seat), card) for seat, card in trick], False
    tricks = getattr(observation, "tricks", ())
    if not tricks or not hasattr(tricks[-1], "plays"):
        return [], False
    return [(int(seat), card) for seat, card in tricks[-1].plays], True


def table_seats(session: Session, bottom: int) -> Iterator[Widget]:
    """The seat views of the table grid: around the table with ``bottom`` at the
    bottom (Kraken), or side by side, four to a row."""
    if session.presenter.layout == "around":
        cells = {seat: _GRID_CELLS[(seat - bottom) % 4] for seat in range(4)}
        with Grid(id="table", classes="around"):
            for cell in range(9):
                seats = [s for s, c in cells.items() if c == cell]
                if seats:
                    yield SeatView(id=f"seat-{seats[0]}", classes="seat")
                else:
                    yield Static(classes="empty")
    else:
        with Grid(id="table", classes="row"):
            for seat in range(session.players):
                yield SeatView(id=f"seat-{seat}", classes="seat")


def show_seats(
    screen: Screen[Any],
    session: Session,
    thinking: int | None = None,
    hands: dict[int, str] | None = None,
) -> None:
    """Fill the seat views: name, notes, the card in the trick (★ on the winning
    card, the finished trick dimmed until the next card), the seat to move."""
    observation = session.observation()
    plays, last = _seat_cards(observation)
    cards = dict(plays)
    winning = None if last else session.presenter.winning(session.game, plays)
    leader = plays[0][0] if plays and not last else None
    to_move = session.to_move if session.pending_summary is None else None
    for seat in range(session.players):
        notes = []
        if getattr(observation, "dealer", None) == seat:
            notes.append(_("dealer"))
        if seat == leader:
            notes.append(_("leads"))
        notes += session.presenter.seat_notes(seat, session.game, observation)
        screen.query_one(f"#seat-{seat}", SeatView).show(
            text.seat_label(session.kind, seat, session.you, session.rules),
            [" · ".join(notes)] if notes else [""],
            cards.get(seat),
            thinking=thinking == seat,
            last=last,
            to_move=to_move == seat,
            winning=winning == seat,
            hand=None if hands is None else hands.get(seat, ""),
            four_colour=session.settings.four_colour,
        )


def _log() -> RichLog:
    """The event log (not focusable: the keys belong to the table)."""
    log = RichLog(id="log", wrap=True, markup=False, min_width=20)
    log.can_focus = False
    return log


def fit(screen: Screen[Any], width: int, height: int) -> None:
    """Lay the screen out for its size: everything from 80×24; below that the
    status, the log and the key help are hidden and a notice says so."""
    small = width < FULL_SIZE[0] or height < FULL_SIZE[1]
    screen.set_class(small, "compact")
    notice = screen.query_one("#notice", Static)
    notice.display = small
    if small:
        notice.update(
            _(
                "The terminal is {width}×{height}, too small for the whole table "
                "({full_width}×{full_height}): the status and the log are hidden "
                "(k: score sheet, v: last trick)."
            ).format(width=width, height=height, full_width=FULL_SIZE[0], full_height=FULL_SIZE[1])
        )


class TableScreen(Screen[None]):
    """The table: every seat, the trick, your hand, the state and what just happened."""

    AUTO_FOCUS = None  # the keys belong to the table, not to the hidden card field

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("enter,space", "play_selected", show=False),
        Binding("t", "type_card", show=False),
        Binding("h", "hint", show=False),
        Binding("u", "undo", show=False),
        Binding("l", "load", show=False),
        Binding("p", "replay", show=False),
        Binding("o", "settings", show=False),
        Binding("q", "quit", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.waiting: str | None = None
        """What the table waits for: ``card``, ``dialog``, ``summary``, ``over`` or
        None while bots play (the tests wait on it)."""
        self.thinking: int | None = None
        self.saved_to: str | None = None
        """The file the game was last saved to (the load dialog proposes it)."""

    @property
    def table_app(self) -> CardTableApp:
        """The app, typed."""
        return cast("CardTableApp", self.app)

    @property
    def session(self) -> Session:
        """The game in play."""
        return self.table_app.session

    def compose(self) -> ComposeResult:
        """Title, notice, seats, status, log, prompt, hand, card input and key help."""
        yield Static(id="title")
        yield Static(id="notice")
        with Horizontal(id="middle"):
            yield from table_seats(self.session, self.session.human)
            with Vertical(id="side"):
                yield Static(id="status")
                yield _log()
        yield Static(id="prompt")
        yield HandView(id="hand")
        field = Input(placeholder=_("Type a card, such as 10h, and press Enter"), id="card-input")
        field.display = field.can_focus = False  # shown by t
        yield field
        yield Static(
            "  ".join(f"[b]{keys}[/b] {_(meaning)}" for keys, meaning in text.KEY_HELP),
            id="keys",
        )

    def on_mount(self) -> None:
        """Show the game and let the bots start."""
        self._shown = 0
        fit(self, self.app.size.width, self.app.size.height)
        self.refresh_view()
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        """Lay the table out again for the new size."""
        fit(self, event.size.width, event.size.height)

    # -- showing --------------------------------------------------------------

    def refresh_view(self, message: str | None = None, error: bool = False) -> None:
        """Redraw everything from the session; ``message`` replaces the prompt."""
        session = self.session
        self.query_one("#title", Static).update(
            _("{game} · level {level} · language {language}").format(
                game=text.game_title(session.kind),
                level=text.level_name(session.settings.level),
                language=LANGUAGES[language()],
            )
        )
        show_seats(self, session, self.thinking)
        self.query_one("#status", Static).update("\n".join(text.status_lines(session)))
        log = self.query_one("#log", RichLog)
        if self._shown > len(session.events):
            log.clear()
            self._shown = 0
        for event in session.events[self._shown :]:
            log.write(text.describe_event(session, event), scroll_end=True)
        self._shown = len(session.events)
        prompt = self.query_one("#prompt", Static)
        prompt.set_class(error, "error")
        prompt.update(message if message is not None else text.prompt(session))
        hand = your_hand(session)
        legal = set(session.legal_actions()) if session.phase == "play" else set()
        self.query_one(HandView).show(
            [(card, str(card) in legal) for card in hand], session.settings.four_colour
        )

    def refuse(self, error: IllegalAction | str) -> None:
        """Show a refusal in red (in the table's words) and ring the bell."""
        reason = error if isinstance(error, str) else text.refusal(self.session, error)
        self.refresh_view(_("Refused: {reason}").format(reason=reason), error=True)

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
                        [*text.game_over_lines(session), "", *text.score_sheet(session)],
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
                tricks = sum(e.kind == "trick" for e in session.events)
                session.step_bot(action)
                if session.settings.pace:
                    self.refresh_view()
                    taken = sum(e.kind == "trick" for e in session.events) > tricks
                    # a finished trick stays in view longer, to be read
                    await asyncio.sleep(session.settings.pace * (3 if taken else 1))
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
            [*text.summary_lines(session, summary), "", *text.score_sheet(session)],
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
            return text.hint_line(session)

        hand = text.cards_text(your_hand(session))
        extra = [_("Your hand: {cards}").format(cards=hand)] if hand else []
        action = await self.table_app.push_screen_wait(
            ChoiceDialog(text.game_title(session.kind), text.prompt(session), options, hint, extra)
        )
        try:
            session.play(action)
        except IllegalAction as error:
            self.refuse(error)

    # -- your actions -------------------------------------------------------------

    def play_card(self, card: str) -> None:
        """Play ``card`` (any spelling, the language's letters too); a refusal shows
        the reason and changes nothing."""
        if self.waiting != "card":
            self.refuse(_("It is not your turn."))
            return
        try:
            self.session.play(text.read_action(card, self.session.legal_actions()))
        except IllegalAction as error:
            self.refuse(error)
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
                self.refuse(_("There is no choice {number}.").format(number=character))

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
        field.display = field.can_focus = True
        field.focus()

    @on(Input.Submitted, "#card-input")
    def _typed(self, event: Input.Submitted) -> None:
        field = event.input
        value = event.value.strip()
        field.value = ""
        field.display = field.can_focus = False
        self.set_focus(None)
        if value:
            self.play_card(value)

    def action_hint(self) -> None:
        """Show what the strongest bot would do, and why (it thinks up to a second,
        in a worker thread: the table stays alive)."""
        if not self.session.human_to_move:
            self.refuse(_("It is not your turn."))
            return
        self.refresh_view(_("Thinking of a hint…"))
        self._hint(self.session, len(self.session.actions))

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, session: Session, moves: int) -> None:
        line = text.hint_line(session)

        def show() -> None:
            # a hint for a position that is gone (a card played meanwhile) is dropped
            if self.session is session and len(session.actions) == moves:
                self.refresh_view(line)

        self.app.call_from_thread(show)

    def action_undo(self) -> None:
        """Take back your last card of the round (the log is rebuilt)."""
        if self.waiting not in ("card", None):
            return
        if not self.session.can_undo:
            self.refuse(_("There is no card of yours in this round to take back."))
            return
        self.workers.cancel_group(self, "advance")
        self.thinking = None
        card = self.session.undo()
        self._shown = len(self.session.events) + 1  # rewrite the whole log
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
                reason = text.file_error(path, error)
                self.refresh_view(_("Could not save: {reason}").format(reason=reason), True)
                return
            self.saved_to = path
            self.refresh_view(_("Saved to {path}.").format(path=saved))

        self.app.push_screen(
            InputDialog(_("Save the game to file:"), self.saved_to or "cardtable-game.json"), save
        )

    def action_load(self) -> None:
        """Ask for a file name (the last one saved) and continue the game saved there."""

        def load(path: str | None) -> None:
            if not path:
                return
            try:
                session = Session.load(path, self.session.settings)
            except (OSError, RecordError, ValueError) as error:
                reason = text.file_error(path, error)
                self.refresh_view(_("Could not load: {reason}").format(reason=reason), True)
                return
            self.table_app.start(session)

        self.app.push_screen(
            InputDialog(_("Load a game from file:"), self.saved_to or "cardtable-game.json"), load
        )

    def action_replay(self) -> None:
        """Ask for a record (empty: this game) and open the replay viewer."""

        def replay(path: str | None) -> None:
            if path is None:
                return
            try:
                record = load_record(path) if path else self.session.to_record()
                viewer = ReplayScreen(Replay(record))
            except (OSError, RecordError, ValueError) as error:
                reason = text.file_error(path, error)
                self.refresh_view(_("Could not load: {reason}").format(reason=reason), True)
                return
            self.app.push_screen(viewer)

        self.app.push_screen(InputDialog(_("Replay a record (empty: this game):")), replay)

    def action_settings(self) -> None:
        """Open the settings: those that keep the rules apply at once; new rules ask
        before they start a new game."""

        def apply(settings: Settings | None) -> None:
            if settings is None:
                return
            if settings.same_game(self.session.settings):
                self.table_app.start(self.session.with_settings(settings))
            else:
                self.table_app.new_game(settings)

        self.app.push_screen(SettingsScreen(self.session.settings), apply)

    def action_rules(self) -> None:
        """Open the rules."""
        self.app.push_screen(RulesScreen(self.session.kind))

    def action_sheet(self) -> None:
        """Show the score sheet of every finished round."""
        lines = text.score_sheet(self.session)
        if len(self.session.summaries) == 0:
            lines = [_("No round is finished yet."), *lines]
        self.app.push_screen(MessageDialog(_("Score sheet"), lines, [("close", _("Close"))]))

    def action_last_trick(self) -> None:
        """Show the trick taken last."""
        self.app.push_screen(
            MessageDialog(
                _("Last trick"), text.last_trick_lines(self.session), [("close", _("Close"))]
            )
        )

    def action_quit(self) -> None:
        """Ask, then save the game for ``cardtable play --resume`` and leave (a game
        that is over is left at once)."""
        session = self.session
        if session.is_over or not session.actions:
            self.app.exit()
            return
        path = self.table_app.autosave or autosave_path()

        def answer(choice: str | None) -> None:
            if choice != "quit":
                return
            try:
                session.save(path)
            except OSError as error:
                reason = text.file_error(str(path), error)
                self.refresh_view(_("Could not save: {reason}").format(reason=reason), True)
                return
            self.app.exit()

        self.app.push_screen(
            MessageDialog(
                _("Quit?"),
                [
                    _("The game is saved to {path}; cardtable play --resume continues it.").format(
                        path=path
                    )
                ],
                [("quit", _("Save and quit")), ("stay", _("Keep playing"))],
            ),
            answer,
        )


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
            yield Static(
                _(
                    "The level, the pace, the language and the colours apply at once; "
                    "other rules for the game in play start a new game (you are asked "
                    "first). Enter applies, Escape cancels."
                ),
                classes="paragraph",
            )
            with Horizontal(id="settings-buttons"):
                yield Button(_("Apply"), id="apply", variant="primary")
                yield Button(_("Cancel"), id="cancel")
            yield Static(id="settings-error")
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
            yield from self._row("four_colour", Switch(s.four_colour, id="set-four_colour"))
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
            four_colour=bool(self._value("set-four_colour")),
            seat=None,
            seed=None,
            rules_by_game={**self._settings.rules_by_game, **rules_by_game},
        )
        if seat is not None and seat < settings.players:
            settings = settings.replace(seat=seat)
        return settings, str(self._value("set-language"))

    def on_mount(self) -> None:
        """Focus Apply, so that Enter applies."""
        self.query_one("#apply", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Apply or cancel."""
        event.stop()
        if event.button.id != "apply":
            self.dismiss(None)
            return
        self.apply()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field applies."""
        event.stop()
        self.apply()

    def apply(self) -> None:
        """Apply the settings: at once when they keep the rules of the game in play,
        after a question when they start a new game."""
        try:
            settings, code = self.read()
        except ValueError as error:
            message = self.query_one("#settings-error", Static)
            message.update(_("Refused: {reason}").format(reason=error))
            return

        def done(answer: str | None = "apply") -> None:
            if answer != "apply":
                return
            from cardtable.tui.i18n import set_language

            set_language(code)
            self.dismiss(settings)

        if settings.same_game(self._settings):
            done()
            return
        self.app.push_screen(
            MessageDialog(
                _("Start a new game?"),
                [_("The new rules need a new game: the game in play ends.")],
                [("apply", _("Start a new game")), ("back", _("Back to the settings"))],
            ),
            done,
        )

    def action_cancel(self) -> None:
        """Leave without changes."""
        self.dismiss(None)


def _rule_widget(spec: dict[str, Any], value: Any, widget_id: str) -> Any:
    """The control of one rules field of a rules schema, showing ``value``: a choice
    is a list, a switch a switch, anything else a text field."""
    if spec["type"] == "choice":
        options = [(text.value_label(v, spec["name"]), v) for v in spec["options"]]
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
    """Step through a record with every hand visible, around the table as in play:
    ←/→ one action, PageUp/PageDown a round, Home/End the start and the end."""

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
        """Title, notice, the seats with their hands, status, log and position."""
        session = self.replay.session
        yield Static(id="replay-title")
        yield Static(id="notice")
        with Horizontal(id="middle"):
            yield from table_seats(session, session.human if session.you is not None else 2)
            with Vertical(id="side"):
                yield Static(id="status")
                yield _log()
        yield Static(id="prompt")
        yield Static(
            _("←/→ one action · PageUp/PageDown one round · Home/End · q close"), id="keys"
        )

    def on_mount(self) -> None:
        """Show the start."""
        fit(self, self.app.size.width, self.app.size.height)
        self.show()

    def on_resize(self, event: events.Resize) -> None:
        """Lay the viewer out again for the new size."""
        fit(self, event.size.width, event.size.height)

    def show(self) -> None:
        """Redraw for the current position: every hand, the trick, the log so far."""
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
        trump = getattr(current, "trump", None)
        every_hand = getattr(current, "hands", ())
        hands = {
            seat: text.cards_text(text.sorted_hand(session.kind, list(every_hand[seat]), trump))
            for seat in range(min(game.players, len(every_hand)))
        }
        show_seats(self, session, hands=hands)
        self.query_one("#status", Static).update("\n".join(text.status_lines(session)))
        log = self.query_one("#log", RichLog)
        log.clear()
        for event in session.events:
            log.write(text.describe_event(session, event), scroll_end=True)
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
