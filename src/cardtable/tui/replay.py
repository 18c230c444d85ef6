"""The replay viewer's model: any game record, stepped action by action.

>>> from cardtable.tui.session import Session, Settings
>>> played = Session(Settings(level="easy", seed=4))
>>> _ = played.run_bots()
>>> replay = Replay(played.to_record())
>>> replay.length == len(played.actions), replay.position
(True, 0)
"""

from __future__ import annotations

from typing import Any

from cardtable.bots import make_bot
from cardtable.tui import text
from cardtable.tui.session import Session, Settings, _table, read_record

__all__ = ["Replay", "replay_lines"]


class Replay:
    """A game record to step through: :attr:`session` shows the game after the
    first :attr:`position` actions (every hand visible through ``session.game``)."""

    def __init__(self, record: dict[str, Any]) -> None:
        kind, rules, actions, first_dealer = read_record(record)
        table = _table(record)
        seat = table.get("seat")
        settings = Settings(
            game=kind, rules_by_game={kind: rules}, seed=int(record["seed"]), level="easy"
        )
        self.you: int | None = None
        """The seat of the player who saved the record (None: a game of bots)."""
        if isinstance(seat, int) and 0 <= seat < settings.players:
            settings = settings.replace(seat=seat)
            self.you = seat
        self.settings = settings
        self.actions = actions
        self._first_dealer = first_dealer
        self.position = 0
        self.session = self._session_at(0)

    @property
    def length(self) -> int:
        """Actions in the record."""
        return len(self.actions)

    def _session_at(self, position: int) -> Session:
        session = Session(
            self.settings,
            first_dealer=self._first_dealer,
            bot_factory=lambda seat: make_bot("random", seed=seat),
        )
        session.you = self.you
        for action in self.actions[:position]:
            session.replay_action(action)
        return session

    def go(self, position: int) -> None:
        """Show the game after ``position`` actions (clamped to the record)."""
        self.position = max(0, min(self.length, position))
        self.session = self._session_at(self.position)

    def step(self, delta: int) -> None:
        """Move ``delta`` actions forward (or back when negative)."""
        self.go(self.position + delta)

    def next_round(self, delta: int) -> None:
        """Jump to the start of the next (``delta`` 1) or previous (-1) round."""
        starts = [0]
        session = self._session_at(0)
        for index, action in enumerate(self.actions):
            session.replay_action(action)
            if session.pending_summary is not None:
                starts.append(index + 1)
        if delta > 0:
            later = [s for s in starts if s > self.position]
            self.go(later[0] if later else self.length)
        else:
            earlier = [s for s in starts if s < self.position]
            self.go(earlier[-1] if earlier else 0)

    def last_event(self) -> str:
        """The sentence for the latest action shown, or empty at the start."""
        events = self.session.events
        actions = [e for e in events if e.kind == "action"]
        return text.describe_event(self.session, actions[-1]) if actions else ""


def replay_lines(replay: Replay) -> list[str]:
    """The whole record as sentences, with each round's summary (the plain viewer)."""
    session = replay._session_at(0)
    lines = [
        _title(session),
    ]
    for action in replay.actions:
        for event in session.replay_action(action):
            lines.append(text.describe_event(session, event))
        if session.pending_summary is not None:
            lines.extend(text.summary_lines(session, session.pending_summary))
    if session.is_over:
        lines.extend(text.game_over_lines(session))
    return lines


def _title(session: Session) -> str:
    from cardtable.tui.i18n import _

    return _("Replay of a game of {game}").format(game=text.game_title(session.kind))
