"""The Textual app: ``CardTableApp(settings).run()`` opens the table.

The app owns the :class:`~cardtable.tui.session.Session`; the screens read it and
call its methods. Tests run it headless with Textual's pilot.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from cardtable.bots import Bot
from cardtable.tui.dialogs import ChoiceDialog
from cardtable.tui.replay import Replay
from cardtable.tui.screens import ReplayScreen, TableScreen
from cardtable.tui.session import Session, Settings

__all__ = ["CardTableApp"]


class CardTableApp(App[None]):
    """Kraken or Gurka against the bots (or the replay viewer of ``replay``).

    ``threaded_bots``: bots think in a worker thread so the screen stays alive (off in
    tests, which then need no threads). ``analysis``: compute the solver's analysis
    after a Kraken round when the solver exists. ``bot_factory`` and ``hint_bot``
    are passed to every new :class:`Session`. ``autosave``: where quitting saves.
    """

    CSS_PATH = "table.tcss"
    TITLE = "cardtable"
    BINDINGS: ClassVar[list[BindingType]] = [
        # the decision dialog binds the same keys to these actions
        Binding("s", "table('save')", show=False),
        Binding("r", "table('rules')", show=False),
        Binding("k", "table('sheet')", show=False),
        Binding("v", "table('last_trick')", show=False),
    ]

    def __init__(
        self,
        settings: Settings,
        *,
        session: Session | None = None,
        replay: dict[str, Any] | None = None,
        threaded_bots: bool = True,
        analysis: bool = True,
        bot_factory: Callable[[int], Bot] | None = None,
        hint_bot: Bot | None = None,
        autosave: Path | None = None,
    ) -> None:
        super().__init__()
        self.autosave = autosave
        """Where ``q`` saves the game (None: :func:`~cardtable.tui.session.autosave_path`)."""
        self._bot_factory = bot_factory
        self._hint_bot = hint_bot
        self.session = session or self._session(settings)
        self._replay = replay
        self.threaded_bots = threaded_bots
        self.analysis = analysis

    def _session(self, settings: Settings) -> Session:
        return Session(settings, bot_factory=self._bot_factory, hint_bot=self._hint_bot)

    def on_mount(self) -> None:
        """Open the table, or the replay viewer."""
        if self._replay is not None:
            self.push_screen(ReplayScreen(Replay(self._replay)))
        else:
            self.push_screen(TableScreen())

    def start(self, session: Session) -> None:
        """Play ``session`` on a fresh table (after loading, or new settings)."""
        self.session = session
        self.switch_screen(TableScreen())

    def new_game(self, settings: Settings) -> None:
        """Start a new game with ``settings``."""
        self.start(self._session(settings))

    def action_table(self, name: str) -> None:
        """Run the table's action ``name`` (save, rules, score sheet, last trick)
        from the table or from a decision dialog over it; ignored elsewhere."""
        if isinstance(self.screen, (TableScreen, ChoiceDialog)):
            table = next(s for s in reversed(self.screen_stack) if isinstance(s, TableScreen))
            getattr(table, f"action_{name}")()
