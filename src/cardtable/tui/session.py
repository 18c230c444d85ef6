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
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Literal

from cardtable import gurka, kraken
from cardtable.bots import Bot, make_bot
from cardtable.errors import IllegalAction, RecordError
from cardtable.records import load_record
from cardtable.tui.i18n import _

__all__ = [
    "LEVELS",
    "Event",
    "GameKind",
    "RoundSummary",
    "Session",
    "Settings",
    "make_level_bot",
]

GameKind = Literal["kraken", "gurka"]

LEVELS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "easy": ("random", {}),
    "medium": ("heuristic", {}),
    "strong": ("ismcts", {"milliseconds": 300}),
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

    game: GameKind = "kraken"
    kraken_rules: kraken.Rules = field(default_factory=kraken.Rules)
    gurka_rules: gurka.Rules = field(default_factory=gurka.Rules)
    level: str = "medium"
    """The bots' level: ``easy``, ``medium`` or ``strong``."""
    hint_level: str = "strong"
    """The level whose choice a hint shows."""
    seat: int | None = None
    """Your seat; None: South in Kraken, seat 0 in Gurka."""
    seed: int | None = None
    """The game's seed; None draws one."""
    pace: float = 0.6
    """Seconds between two bot moves on screen (0: as fast as they come)."""

    def __post_init__(self) -> None:
        if self.game not in ("kraken", "gurka"):
            raise ValueError(f"unknown game {self.game!r}: choose kraken or gurka")
        for name in ("level", "hint_level"):
            if getattr(self, name) not in LEVELS:
                raise ValueError(
                    f"unknown level {getattr(self, name)!r}: choose one of {', '.join(LEVELS)}"
                )
        if self.seat is not None and not 0 <= self.seat < self.players:
            raise ValueError(f"seat {self.seat} is not at a table of {self.players}")
        if not 0 <= self.pace <= 10:
            raise ValueError(f"pace {self.pace} is not between 0 and 10 seconds")

    @property
    def players(self) -> int:
        """Seats at the table."""
        return 4 if self.game == "kraken" else self.gurka_rules.players

    @property
    def human(self) -> int:
        """Your seat."""
        if self.seat is not None:
            return self.seat
        return int(kraken.Seat.S) if self.game == "kraken" else 0

    def replace(self, **changes: Any) -> Settings:
        """A copy with some fields changed (validated again)."""
        return replace(self, **changes)


@dataclass(frozen=True)
class Event:
    """Something that happened at the table, in order: an action or a trick taken."""

    kind: Literal["action", "trick"]
    seat: int
    """Who acted, or who took the trick."""
    action: str = ""
    """The action's canonical text (``"JH"``, ``"trump S"``, ``"contra"``...)."""
    amount: int = 0
    """Roem declared (``roem``); points in the trick (``trick``)."""


@dataclass(frozen=True)
class RoundSummary:
    """A finished round, as the summary shows it."""

    game: GameKind
    number: int
    """The round, counting from 1."""
    kraken_result: kraken.RoundResult | None = None
    trump: str | None = None
    """Trump suit letter (Kraken)."""
    declarer: int | None = None
    penalties: tuple[int, ...] = ()
    """Gurka: penalty points each seat scored this round."""
    scores: tuple[int, ...] = ()
    """The game totals after the round (Kraken: per team; Gurka: per seat)."""
    eliminated: tuple[int, ...] = ()
    """Gurka: seats out after the round."""


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
        self._first_dealer = first_dealer
        self._bot_factory = bot_factory
        self._hint_bot = hint_bot
        self.events: list[Event] = []
        """Everything that happened since the game (or the last undo or load) began."""
        self.summaries: list[RoundSummary] = []
        """Every finished round, in order."""
        self.pending_summary: RoundSummary | None = None
        """The summary of the round just finished, until :meth:`acknowledge`."""
        self.game: kraken.Game | gurka.Game
        self.actions: list[str] = []
        self._rebuild(actions or [])

    # -- the game -----------------------------------------------------------------

    @property
    def kind(self) -> GameKind:
        """``"kraken"`` or ``"gurka"``."""
        return self.settings.game

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.game.players

    @property
    def rules(self) -> kraken.Rules | gurka.Rules:
        """The rules in force."""
        return self.game.rules

    def _new_game(self) -> kraken.Game | gurka.Game:
        if self.kind == "kraken":
            return kraken.Game(self.settings.kraken_rules, self.seed, self._first_dealer)
        return gurka.Game.new(self.settings.gurka_rules, self.seed)

    def _rebuild(self, actions: list[str]) -> None:
        """Start the game again and replay ``actions`` (the engine checks each one)."""
        self.game = self._new_game()
        self.actions = []
        self.events = []
        self.summaries = []
        self.pending_summary = None
        for action in actions:
            self._apply(action)
        self.pending_summary = None
        self.events = []
        self._bots: dict[int, Bot] = {}
        for seat in range(self.players):
            if seat != self.human:
                bot = (
                    self._bot_factory(seat)
                    if self._bot_factory
                    else make_level_bot(self.settings.level, self.seed * 16 + seat)
                )
                bot.start_game(self.kind, seat, self.players, self.rules)
                bot.start_round(self.game.observation(seat))
                self._bots[seat] = bot

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

    def observation(self, seat: int | None = None) -> kraken.Observation | gurka.Observation:
        """What ``seat`` (by default you) may know now."""
        return self.game.observation(self.human if seat is None else seat)

    def legal_actions(self) -> list[str]:
        """Your legal actions now (empty when it is not your turn)."""
        return list(self.game.legal_actions()) if self.human_to_move else []

    @property
    def phase(self) -> str:
        """Kraken: the round's phase (``trump``, ``challenge``, ``roem``, ``play``,
        ``done``); Gurka: ``play``, ``buyback`` or ``over``."""
        if isinstance(self.game, kraken.Game):
            return "done" if self.game.is_over else self.game.current.phase
        return self.game.phase

    @property
    def round_number(self) -> int:
        """The round in play, counting from 1."""
        if isinstance(self.game, kraken.Game):
            return min(len(self.game.history) + 1, self.game.rules.rounds)
        return self.game.round_number

    # -- acting -------------------------------------------------------------------

    def parse(self, text: str) -> str:
        """The canonical action for ``text``; raises ``IllegalAction`` for text that
        is no action of this game."""
        if self.kind == "kraken":
            return kraken.parse_action(text)
        word = text.strip().lower()
        if word in (gurka.BUYBACK, gurka.PASS):
            return word
        try:
            from cardtable.cards import Card

            return str(Card.parse(text))
        except ValueError as error:
            raise IllegalAction(str(error)) from None

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
        action = self._bots[seat].act(observation)
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
        rounds_before = len(game.history)
        if isinstance(game, kraken.Game):
            current = game.current
            tricks_before = len(current.tricks)
            game.apply(action)
            events = [Event("action", seat, action, self._roem_amount(current, seat, action))]
            if len(current.tricks) > tricks_before:
                trick = current.tricks[-1]
                events.append(Event("trick", trick.taker, amount=trick.points + trick.roem))
        else:
            rnd = game.current
            tricks_before = len(rnd.tricks)
            game.apply(action)
            events = [Event("action", seat, action)]
            if len(rnd.tricks) > tricks_before:
                events.append(Event("trick", rnd.tricks[-1].taker))
        self.actions.append(action)
        self.events.extend(events)
        if len(game.history) > rounds_before:
            self.pending_summary = self._summary(len(game.history))
            self.summaries.append(self.pending_summary)
            self._notify_round()
        return events

    @staticmethod
    def _roem_amount(round_: kraken.Round, seat: int, action: str) -> int:
        if action != "roem":
            return 0
        return round_.declared_roem.get(kraken.Seat(seat), 0)

    def _notify_round(self) -> None:
        bots = getattr(self, "_bots", {})
        for seat, bot in bots.items():
            observation = self.game.observation(seat)
            bot.end_round(observation)
            if self.is_over:
                bot.end_game(observation)
            else:
                bot.start_round(observation)

    def _summary(self, number: int) -> RoundSummary:
        game = self.game
        if isinstance(game, kraken.Game):
            done = game.history[number - 1]
            trump = done.trump
            return RoundSummary(
                "kraken",
                number,
                kraken_result=done.result(),
                trump=None if trump is None else trump.letter,
                declarer=None if done.declarer is None else int(done.declarer),
                scores=game.scores,
            )
        rnd = game.history[number - 1]
        return RoundSummary(
            "gurka",
            number,
            penalties=rnd.result(),
            scores=game.scores,
            eliminated=tuple(s for s in range(game.players) if s not in game.alive),
        )

    # -- help ---------------------------------------------------------------------

    def analysis(self, number: int) -> list[tuple[int, str, int]] | None:
        """Kraken round ``number`` (from 1): ``(seat, card, points it cost)`` for each
        card that cost points against the best card with all hands known; None when
        the solver (:mod:`cardtable.solver`) is not installed, or for Gurka."""
        if not isinstance(self.game, kraken.Game) or not 0 < number <= len(self.game.history):
            return None
        from cardtable.tui.analysis import round_costs

        return round_costs(self.game.history[number - 1])

    def hint(self) -> str:
        """The action the hint bot (by default the strong level) would take for you."""
        if not self.human_to_move:
            raise IllegalAction(_("It is not your turn."))
        observation = self.observation()
        legal = list(observation.legal_actions)
        if len(legal) == 1:
            return legal[0]
        bot = self._hint_bot or make_level_bot(
            self.settings.hint_level, self.seed + len(self.actions)
        )
        bot.start_game(self.kind, self.human, self.players, self.rules)
        bot.start_round(observation)
        action = bot.act(observation)
        return action if action in legal else legal[0]

    def _last_human_card(self) -> int | None:
        """The index in :attr:`actions` of your last card in the current round."""
        if self.is_over:
            return None
        if isinstance(self.game, kraken.Game):
            round_actions = self.game.current.actions
            offset = len(self.actions) - len(round_actions)
            for index in range(len(round_actions) - 1, -1, -1):
                seat, action = round_actions[index]
                if seat == self.human and _is_card_action(action):
                    return offset + index
            return None
        if self.game.phase != "play":
            return None
        played = [seat for trick in self.game.current.tricks for seat, _ in trick.plays]
        played += [seat for seat, _ in self.game.current.trick]
        offset = len(self.actions) - len(played)
        for index in range(len(played) - 1, -1, -1):
            if played[index] == self.human:
                return offset + index
        return None

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
        """Write the game record to ``path`` as JSON; returns the path."""
        target = Path(path).expanduser()
        target.write_text(json.dumps(self.to_record(), indent=1) + "\n", encoding="utf-8")
        return target

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
        if kind == "kraken":
            assert isinstance(rules, kraken.Rules)
            settings = settings.replace(game="kraken", kraken_rules=rules, seed=record["seed"])
        else:
            assert isinstance(rules, gurka.Rules)
            settings = settings.replace(game="gurka", gurka_rules=rules, seed=record["seed"])
        if not isinstance(seat, int) or not 0 <= seat < settings.players:
            seat = None
        settings = settings.replace(seat=seat, level=level)
        return cls(settings, actions=actions, first_dealer=first_dealer)

    @classmethod
    def load(cls, path: Path | str, settings: Settings | None = None) -> Session:
        """Continue the game saved in ``path``."""
        return cls.from_record(load_record(path), settings)


def read_record(
    record: dict[str, Any],
) -> tuple[GameKind, kraken.Rules | gurka.Rules, list[str], int | None]:
    """The game, rules, every action in order and the first dealer of a game record
    (checked by replaying it through the engine)."""
    kind = record.get("game")
    if kind == "kraken":
        if record.get("type") == "round":
            raise RecordError(_("This is the record of one round; the table plays whole games."))
        game = kraken.Game.from_record(record)
        rounds = [*game.history]
        if not game.is_over:
            rounds.append(game.current)
        actions = [action for rnd in rounds for _, action in rnd.actions]
        return "kraken", game.rules, actions, int(game.first_dealer)
    if kind == "gurka":
        gurka_game = gurka.Game.from_record(record)
        return "gurka", gurka_game.rules, list(gurka_game.actions), None
    raise RecordError(f"not a Kraken or Gurka game record: 'game' is {kind!r}")


def _table(record: dict[str, Any]) -> dict[str, Any]:
    """The ``table`` entry a session adds to its records (your seat, the level)."""
    table = record.get("table")
    return table if isinstance(table, dict) else {}


def _is_card_action(action: str) -> bool:
    """True when a Kraken action plays a card (not trump, pass, contra, re, roem...)."""
    from cardtable.kraken.actions import KEYWORDS

    return action not in KEYWORDS and not action.startswith("trump ")
