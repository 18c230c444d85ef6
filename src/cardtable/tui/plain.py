"""``--plain``: the same game as line-based text, for screen readers and pipes.

Each line of input is a number (a card of your hand or a choice, as listed), a
card or action by name (``JH``, ``10h``, ``pass``, ``contra``), or a command
(``hint``, ``undo``, ``save FILE``, ``load FILE``, ``score``, ``rules``, ``help``,
``quit``). The tests drive whole games through it.

>>> from cardtable.tui.session import Session, Settings
>>> lines = iter(["quit"])
>>> out: list[str] = []
>>> table = PlainTable(Session(Settings(level="easy", seed=2)), lambda: next(lines), out.append)
>>> table.run()
0
>>> out[0]
'Kraken: you sit South. Type help for the commands.'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardtable.cards import Card
from cardtable.errors import IllegalAction, RecordError
from cardtable.tui import text
from cardtable.tui.i18n import _
from cardtable.tui.session import Session

__all__ = ["PlainTable", "choices", "your_hand"]


def your_hand(session: Session) -> list[Any]:
    """Your cards in display order (by trump when the game has one)."""
    observation = session.observation()
    trump = getattr(observation, "trump", None)
    return text.sorted_hand(session.kind, getattr(observation, "hand", ()), trump)


def choices(session: Session) -> list[str]:
    """Your options in display order: the hand's legal cards in hand order, else the
    legal actions. Numbers in the plain mode and in the dialogs count from 1 here."""
    legal = session.legal_actions()
    if session.phase == "play" and legal and legal[0] not in ("buyback", "pass"):
        return [str(c) for c in your_hand(session)]
    return legal


class PlainTable:
    """A line-based table over a :class:`Session`: ``read`` returns the next input
    line (None at the end of input) and ``write`` prints one line."""

    def __init__(
        self,
        session: Session,
        read: Callable[[], str | None],
        write: Callable[[str], None],
        pace: float = 0.0,
    ) -> None:
        self.session = session
        self._read = read
        self._write = write
        self._pace = pace
        self._shown_events = 0
        self._round_shown: int | None = None

    def run(self) -> int:
        """Play until the game is over and no new game is wanted, or input ends; 0."""
        self._write(
            _("{game}: you sit {seat}. Type help for the commands.").format(
                game=text.game_title(self.session.kind),
                seat=text.seat_name(self.session.kind, self.session.human, self.session.rules),
            )
        )
        while True:
            session = self.session
            self._flush_events()
            if session.pending_summary is not None:
                for line in text.summary_lines(session, session.pending_summary):
                    self._write(line)
                session.acknowledge()
                continue
            if session.is_over:
                for line in text.game_over_lines(session):
                    self._write(line)
                self._write(_("Type new for a new game, or quit."))
                answer = self._read()
                if answer is None or text.command(answer) != "new":
                    return 0
                self._new_game()
                continue
            if self._round_shown != len(session.summaries):
                self._round_shown = len(session.summaries)
                self._write(text.round_header(session))
            if session.bot_to_move:
                session.step_bot()
                if self._pace:
                    time.sleep(self._pace)
                continue
            self._show_turn()
            entry = self._read()
            if entry is None:
                return 0
            if not self._handle(entry.strip()):
                return 0

    def _new_game(self) -> None:
        self.session = Session(self.session.settings.replace(seed=None))
        self._shown_events = 0
        self._round_shown = None

    def _flush_events(self) -> None:
        events = self.session.events
        for event in events[self._shown_events :]:
            self._write(text.describe_event(self.session, event))
        self._shown_events = len(events)

    def _show_turn(self) -> None:
        session = self.session
        observation = session.observation()
        played = getattr(observation, "trick", ())
        if session.phase == "play" and played:
            self._write(_("Trick: {cards}").format(cards=text.trick_text(session, played)))
        hand = your_hand(session)
        options = choices(session)
        if hand:
            cards = []
            for card in hand:
                label = text.card_text(card)
                if str(card) in options:
                    label = f"{options.index(str(card)) + 1}:{label}"
                cards.append(label)
            self._write(_("Your hand: {cards}").format(cards=" ".join(cards)))
        legal = session.legal_actions()
        if session.phase == "play" and legal and _is_card(legal[0]):
            playable = [c for c in hand if str(c) in legal]
            self._write(_("You may play: {cards}").format(cards=text.cards_text(playable)))
        self._write(text.prompt(session))
        if options and not (options[0][:1].isdigit() or _is_card(options[0])):
            numbered = [f"{i}) {text.action_label(a)}" for i, a in enumerate(options, 1)]
            self._write("  ".join(numbered))

    def _handle(self, line: str) -> bool:
        """Act on one input line; False to stop."""
        session = self.session
        word, _sep, rest = line.partition(" ")
        command = text.command(word)
        if not line:
            return True
        if command == "quit" or word.lower() == "exit":
            return False
        if command == "help":
            for help_line in text.plain_help():
                self._write(help_line)
            return True
        if command == "rules":
            for paragraph in text.rules_paragraphs(session.kind):
                self._write(paragraph)
            return True
        if command == "score":
            for status in text.status_lines(session):
                self._write(status)
            return True
        if command == "sheet":
            for row in text.score_sheet(session):
                self._write(row)
            return True
        if command == "last":
            for row in text.last_trick_lines(session):
                self._write(row)
            return True
        if command == "hint":
            try:
                self._write(text.hint_line(session))
            except IllegalAction as error:
                self._write(_("Refused: {reason}").format(reason=text.refusal(session, error)))
            return True
        if command == "undo":
            try:
                card = session.undo()
            except IllegalAction:
                self._write(_("There is no card of yours in this round to take back."))
            else:
                self._shown_events = len(session.events)
                self._write(_("You take back {card}.").format(card=text.card_text(card)))
            return True
        if command in ("save", "load"):
            return self._records(command, rest.strip())
        options = choices(session)
        if line.isdigit():
            index = int(line) - 1
            if not 0 <= index < len(options):
                self._write(_("There is no choice {number}.").format(number=line))
                return True
            line = options[index]
        try:
            session.play(text.read_action(line, session.legal_actions()))
        except IllegalAction as error:
            self._write(_("Refused: {reason}").format(reason=text.refusal(session, error)))
        return True

    def _records(self, command: str, path: str) -> bool:
        if not path:
            self._write(_("Name a file, such as: save game.json"))
            return True
        if command == "save":
            try:
                saved = self.session.save(path)
            except OSError as error:
                self._write(_("Could not save: {reason}").format(reason=error))
            else:
                self._write(_("Saved to {path}.").format(path=saved))
            return True
        try:
            self.session = Session.load(path, self.session.settings)
        except (OSError, RecordError, ValueError) as error:
            self._write(_("Could not load: {reason}").format(reason=error))
        else:
            self._shown_events = len(self.session.events)
            self._round_shown = len(self.session.summaries)
            self._write(_("Loaded {path}.").format(path=path))
        return True


def _is_card(text_: str) -> bool:
    try:
        Card.parse(text_)
    except ValueError:
        return False
    return True
