"""The game behind the table, with no terminal: the engine, the bots, undo, hints,
save and load, and the events a table shows.

Both faces (the Textual app and the plain line mode) call the same methods, so the
tests can play whole games through a :class:`Session` alone. The engine is the
only source of rules: a session asks for legal actions and passes on the
:class:`~cardtable.errors.IllegalAction` message when a move is refused.

>>> session = Session(Settings(game="kraken", level="easy", seed=3))
>>> session.run_bots()  # the bots act until it is your turn  # doctest: +ELLIPSIS
[...]
>>> session.human_to_move
True
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from cardtable.bots import Bot, BotDriver, make_bot
from cardtable.errors import IllegalAction, RecordError
from cardtable.game import GameState, kind, kinds
from cardtable.records import load_record
from cardtable.tui.games import (
    Event,
    Presenter,
    RoundSummary,
    game_names,
    game_rules,
    presenter,
)
from cardtable.tui.hints import Hint, advise
from cardtable.tui.i18n import _

__all__ = [
    "LEVELS",
    "Event",
    "RoundSummary",
    "Session",
    "Settings",
    "autosave_path",
    "make_level_bot",
    "read_record",
]

LEVELS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "easy": ("random", {}),
    "medium": ("heuristic", {}),
    "strong": ("expert", {"milliseconds": 700}),
}
"""Bot levels: the registered bot and its options."""


def make_level_bot(level: str, seed: int) -> Bot:
    """A bot of ``level`` (``easy``, ``medium`` or ``strong``) seeded with ``seed``."""
    try:
        name, options = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}") from None
    return make_bot(name, seed=seed, **options)


@dataclass(frozen=True)
class Settings:
    """Everything that shapes a new game: the game, its rules, the bots, your seat."""

    game: str = "kraken"
    """The registered game (:func:`cardtable.game.kinds`)."""
    rules_by_game: Mapping[str, Any] = field(default_factory=dict)
    """The rules chosen for each game, by name (a game missing here plays its
    default rules); the settings keep every game's, not only the one played."""
    level: str = "medium"
    """The bots' level: ``easy``, ``medium`` or ``strong``."""
    seat: int | None = None
    """Your seat; None: South in Kraken, seat 0 in Gurka."""
    seed: int | None = None
    """The game's seed; None draws one."""
    pace: float = 0.6
    """Seconds between two bot moves on screen (0: as fast as they come)."""
    four_colour: bool = False
    """Show diamonds blue and clubs green (the four-colour deck)."""

    def __post_init__(self) -> None:
        kind(self.game)  # ValueError names the registered games
        for name, rules in self.rules_by_game.items():
            if not isinstance(rules, kind(name).rules_type):
                raise ValueError(f"the rules of {name!r} are not {name} rules: {rules!r}")
        if self.level not in LEVELS:
            raise ValueError(f"unknown level {self.level!r}: choose one of {', '.join(LEVELS)}")
        if self.seat is not None and not 0 <= self.seat < self.players:
            names = ", ".join(kind(self.game).seat_names(self.rules))
            raise ValueError(
                f"there is no seat {self.seat + 1} at a table of {self.players} "
                f"(seats count from 1): choose one of {names}"
            )
        if not 0 <= self.pace <= 10:
            raise ValueError(f"pace {self.pace} is not between 0 and 10 seconds")

    def rules_of(self, game: str) -> Any:
        """The rules chosen for ``game`` (its defaults when none were chosen)."""
        rules = self.rules_by_game.get(game)
        return kind(game).rules() if rules is None else rules

    @property
    def rules(self) -> Any:
        """The rules of the game to play."""
        return self.rules_of(self.game)

    def with_rules(self, game: str, rules: Any) -> Settings:
        """A copy with ``rules`` chosen for ``game``."""
        return self.replace(rules_by_game={**self.rules_by_game, game: rules})

    @property
    def players(self) -> int:
        """Seats at the table."""
        return kind(self.game).seats(self.rules)

    @property
    def human(self) -> int:
        """Your seat."""
        if self.seat is not None:
            return self.seat
        return presenter(self.game).default_seat

    def replace(self, **changes: Any) -> Settings:
        """A copy with some fields changed (validated again)."""
        return replace(self, **changes)

    def same_game(self, other: Settings) -> bool:
        """True when ``other`` plays the same game with the same rules (only the
        level, pace, colours or other games' rules differ: no new game is needed)."""
        return self.game == other.game and self.rules == other.rules


def autosave_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where ``q`` saves the game in play and ``cardtable play --resume`` finds it:
    ``$XDG_STATE_HOME/cardtable/autosave.json`` (``~/.local/state`` by default)."""
    env = os.environ if environ is None else environ
    state = env.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "cardtable" / "autosave.json"


class Session:
    """One game at the table: you in one seat, bots in the others.

    ``bot_factory(seat)`` makes the bot of a seat (by default a bot of the
    settings' level); ``hint_bot`` answers :meth:`hint`.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        actions: list[str] | None = None,
        first_dealer: int | None = None,
        bot_factory: Callable[[int], Bot] | None = None,
        hint_bot: Bot | None = None,
    ) -> None:
        seed = settings.seed
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1 << 31)
            settings = settings.replace(seed=seed)
        self.settings = settings
        self.seed: int = seed
        self.human = settings.human
        self.you: int | None = self.human
        """The seat the table calls "you" (None in the replay of a game of bots)."""
        self._first_dealer = first_dealer
        self._bot_factory = bot_factory
        self._hint_bot = hint_bot
        self.events: list[Event] = []
        """Everything that happened in the game, rebuilt from the record after an
        undo or a load."""
        self.summaries: list[RoundSummary] = []
        """Every finished round, in order."""
        self.pending_summary: RoundSummary | None = None
        """The summary of the round just finished, until :meth:`acknowledge`."""
        self.presenter: Presenter = presenter(settings.game)
        """How the table shows this game (:mod:`cardtable.tui.games`)."""
        self.game: GameState
        """The game (a :class:`~cardtable.game.GameState` of the kind played)."""
        self.actions: list[str] = []
        self._rebuild(actions or [])

    # -- the game -----------------------------------------------------------------

    @property
    def kind(self) -> str:
        """The game's registered name (``"kraken"``)."""
        return self.settings.game

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.game.players

    @property
    def rules(self) -> Any:
        """The rules in force."""
        return game_rules(self.game)

    def _new_game(self) -> GameState:
        return self.presenter.new_game(self.settings.rules, self.seed, self._first_dealer)

    def _rebuild(self, actions: list[str]) -> None:
        """Start the game again and replay ``actions`` (the engine checks each one)."""
        self.game = self._new_game()
        self.actions = []
        self.events = []
        self.summaries = []
        self.pending_summary = None
        self._driver: BotDriver | None = None  # the replay tells no bot anything
        for action in actions:
            self._apply(action)
        self.pending_summary = None
        bots: list[Bot | None] = [
            None
            if seat == self.human
            else self._bot_factory(seat)
            if self._bot_factory
            else make_level_bot(self.settings.level, self.seed * 16 + seat)
            for seat in range(self.players)
        ]
        self._driver = BotDriver(
            self.kind, self.game, bots, self.rules, current_round=self.presenter.kind.current_round
        )
        self._driver.start()

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the game is over."""
        seat = self.game.to_move
        return None if seat is None else int(seat)

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.game.is_over

    @property
    def human_to_move(self) -> bool:
        """True when it is your decision."""
        return self.to_move == self.human and self.pending_summary is None

    @property
    def bot_to_move(self) -> bool:
        """True when a bot is to act now (and no summary waits to be read)."""
        return (
            not self.is_over
            and self.to_move is not None
            and self.to_move != self.human
            and self.pending_summary is None
        )

    def observation(self, seat: int | None = None) -> Any:
        """What ``seat`` (by default you) may know now."""
        return self.game.observation(self.human if seat is None else seat)

    def legal_actions(self) -> list[str]:
        """Your legal actions now (empty when it is not your turn)."""
        return list(self.game.legal_actions()) if self.human_to_move else []

    @property
    def phase(self) -> str:
        """What the game waits for: ``play`` when cards are played, else the game's
        phase (Kraken: ``trump``, ``challenge``, ``roem``, ``done``; Gurka:
        ``buyback``, ``over``)."""
        return self.presenter.phase(self.game)

    @property
    def round_number(self) -> int:
        """The round in play, counting from 1."""
        return self.presenter.round_number(self.game)

    # -- acting -------------------------------------------------------------------

    def parse(self, text: str) -> str:
        """The canonical action for ``text``; raises ``IllegalAction`` for text that
        is no action of this game."""
        return self.presenter.parse(text)

    def play(self, text: str) -> list[Event]:
        """Take your action ``text`` (any spelling the engine accepts).

        Raises ``IllegalAction`` (and changes nothing) when it is not your turn or the
        engine refuses the action; the message says why.
        """
        if self.is_over:
            raise IllegalAction(_("The game is over."))
        if self.pending_summary is not None:
            raise IllegalAction(_("The round is over."))
        if self.to_move != self.human:
            raise IllegalAction(_("It is not your turn."))
        action = self.parse(text)
        return self._apply(action)

    def bot_action(self) -> str:
        """The action the bot to move chooses (the state is not changed)."""
        seat = self.to_move
        if seat is None or seat == self.human:
            raise IllegalAction("no bot is to move")
        observation = self.game.observation(seat)
        legal = list(observation.legal_actions)
        if len(legal) == 1:
            return legal[0]
        assert self._driver is not None
        action = self._driver.decide()
        return action if action in legal else legal[0]

    def step_bot(self, action: str | None = None) -> list[Event]:
        """Let the bot to move act (``action``: its choice, already computed)."""
        if not self.bot_to_move:
            raise IllegalAction("no bot is to move")
        return self._apply(self.bot_action() if action is None else action)

    def run_bots(self) -> list[Event]:
        """Let the bots act until it is your turn, a round ends or the game is over."""
        events: list[Event] = []
        while self.bot_to_move:
            events.extend(self.step_bot())
        return events

    def replay_action(self, action: str) -> list[Event]:
        """Apply a recorded ``action`` for whoever is to move (the replay viewer)."""
        if self.is_over:
            raise IllegalAction(_("The game is over."))
        self.pending_summary = None
        return self._apply(self.parse(action))

    def acknowledge(self) -> None:
        """The round summary was read: play goes on."""
        self.pending_summary = None

    def _apply(self, action: str) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        game = self.game
        shown = self.presenter
        rounds_before = shown.rounds_done(game)
        rnd = shown.kind.current_round(game)
        tricks_before = len(getattr(rnd, "tricks", ()))
        phase = shown.phase(game)
        action = game.apply(action) if self._driver is None else self._driver.play(action)
        amount = shown.action_amount(rnd, seat, action)
        events = [Event("action", seat, action, amount, phase=phase)]
        tricks: Sequence[Any] = getattr(rnd, "tricks", ())
        if len(tricks) > tricks_before and hasattr(tricks[-1], "taker"):
            trick = tricks[-1]
            events.append(
                Event(
                    "trick",
                    trick.taker,
                    amount=shown.trick_amount(trick),
                    phase=phase,
                    roem=shown.trick_roem(rnd, trick),
                    cards=tuple((int(s), c) for s, c in trick.plays),
                )
            )
        self.actions.append(action)
        self.events.extend(events)
        rounds_done = shown.rounds_done(game)
        if rounds_done > rounds_before:
            self.pending_summary = shown.summary(game, rounds_done)
            self.summaries.append(self.pending_summary)
        return events

    # -- help ---------------------------------------------------------------------

    def analysis(self, number: int) -> list[tuple[int, str, int]] | None:
        """Round ``number`` (from 1): ``(seat, card, points it cost)`` for each card
        that cost points against the best card with all hands known; None when the
        solver (:mod:`cardtable.solver`) is not installed, or for a game it does not
        analyse (only Kraken)."""
        return self.presenter.analysis(self.game, number)

    def hint(self) -> str:
        """The action the hint bot would take for you (see :meth:`advice`)."""
        return self.advice().action

    def advice(self) -> Hint:
        """A hint and its reason: by default from the strongest bot of the game
        within a second (:mod:`cardtable.tui.hints`)."""
        if not self.human_to_move:
            raise IllegalAction(_("It is not your turn."), code="not_your_turn")
        return advise(
            self.kind,
            self.observation(),
            self.players,
            self.rules,
            self.seed + len(self.actions),
            self._hint_bot,
        )

    def _last_human_card(self) -> int | None:
        """The index in :attr:`actions` of your last card in the current round."""
        if self.is_over:
            return None
        return self.presenter.last_card_of(self.game, self.actions, self.human)

    @property
    def can_undo(self) -> bool:
        """True when you played a card in this round that can be taken back."""
        return self._last_human_card() is not None

    def undo(self) -> str:
        """Take back your last card of this round (and the bots' moves after it);
        returns the card. Raises ``IllegalAction`` when there is none."""
        index = self._last_human_card()
        if index is None:
            raise IllegalAction(_("There is no card of yours in this round to take back."))
        card = self.actions[index]
        self._rebuild(self.actions[:index])
        return card

    # -- records ------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The game record, with the table (your seat and the bots' level) added."""
        record = dict(self.game.to_record())
        record["table"] = {"seat": self.human, "level": self.settings.level}
        return record

    def save(self, path: Path | str) -> Path:
        """Write the game record to ``path`` as JSON (making its folder if needed);
        returns the path."""
        target = Path(path).expanduser()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(self.to_record(), indent=1) + "\n", encoding="utf-8")
        return target

    def with_settings(self, settings: Settings) -> Session:
        """The same game (same seed, seat and actions) with new table settings (the
        level of the bots, the pace, the colours); the rules must not change."""
        settings = settings.replace(seed=self.seed, seat=self.human)
        session = Session(
            settings,
            actions=list(self.actions),
            first_dealer=self._first_dealer,
            bot_factory=self._bot_factory,
            hint_bot=self._hint_bot,
        )
        session.you = self.you
        return session

    @classmethod
    def from_record(cls, record: dict[str, Any], settings: Settings | None = None) -> Session:
        """A session that continues the game of ``record`` (``RecordError`` if it
        does not replay)."""
        settings = settings or Settings()
        kind, rules, actions, first_dealer = read_record(record)
        table = _table(record)
        seat = table.get("seat", settings.seat)
        level = table.get("level", settings.level)
        if level not in LEVELS:
            level = settings.level
        settings = settings.with_rules(kind, rules).replace(game=kind, seed=record["seed"])
        if not isinstance(seat, int) or not 0 <= seat < settings.players:
            seat = None
        settings = settings.replace(seat=seat, level=level)
        return cls(settings, actions=actions, first_dealer=first_dealer)

    @classmethod
    def load(cls, path: Path | str, settings: Settings | None = None) -> Session:
        """Continue the game saved in ``path``."""
        return cls.from_record(load_record(path), settings)


def read_record(record: dict[str, Any]) -> tuple[str, Any, list[str], int | None]:
    """The game, rules, every action in order and the first dealer (or None) of a
    game record (checked by replaying it through the engine)."""
    name = record.get("game")
    if not isinstance(name, str) or name not in kinds():
        titles = [kind(n).title for n in game_names()]
        known = " or ".join(titles) if len(titles) < 3 else ", ".join(titles)
        raise RecordError(f"not a {known} game record: 'game' is {name!r}")
    rules, actions, first_dealer = presenter(name).read_record(record)
    return name, rules, actions, first_dealer


def _table(record: dict[str, Any]) -> dict[str, Any]:
    """The ``table`` entry a session adds to its records (your seat, the level)."""
    table = record.get("table")
    return table if isinstance(table, dict) else {}
