"""The bot protocol: what every bot, built in or external, offers to a table.

A bot sees only observations (never a full state). It is told when a game and a
round start and end, and asked for an action whenever it is to move; it must
return one of ``observation.legal_actions``. A bot class declares the games it plays
in ``games`` (None: every registered game).

:class:`BotDriver` is the one driver of that lifecycle: whoever seats bots at a game
(the arena, the duels, the terminal) lets it call ``start_game``, ``start_round`` at
each new round, ``act``, ``end_round`` and ``end_game``; :func:`decide_once` is the
same lifecycle cut to one decision from one observation (the server's bots, hints).

>>> from cardtable.bots import make_bot
>>> from cardtable.game import kind
>>> gurka = kind("gurka")
>>> rules = gurka.rules(changes={"players": 3})
>>> bots = [make_bot("random", game="gurka", seed=seat) for seat in range(3)]
>>> state = BotDriver("gurka", gurka.new_game(rules, 5), bots, rules).run()
>>> state.is_over
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

from cardtable.errors import IllegalAction
from cardtable.game import GameState, Observation, kind, kinds

__all__ = ["INFERENCE", "BaseBot", "Bot", "BotDriver", "decide_once", "game_of"]


@runtime_checkable
class Bot(Protocol):
    """Anything that can take a seat at a table."""

    name: str
    """The bot's registered name, such as ``"ismcts"``."""

    def start_game(self, game: str, seat: int, players: int, rules: Any) -> None:
        """A game of ``game`` (a registered name) starts with this bot in ``seat``."""
        ...

    def start_round(self, observation: Observation) -> None:
        """A round was dealt; ``observation`` is this bot's first view of it."""
        ...

    def act(self, observation: Observation) -> str:
        """The action to take; one of ``observation.legal_actions``."""
        ...

    def end_round(self, observation: Observation) -> None:
        """The round is over; ``observation`` shows its end."""
        ...

    def end_game(self, observation: Observation) -> None:
        """The game is over."""
        ...


INFERENCE = ("model", "play", "uniform")
"""The experts' ``inference`` options: every action read, the card play only, none
(Gurka has no bidding, so there ``"model"`` and ``"play"`` are the same)."""


class BaseBot(ABC):
    """A bot with do-nothing notifications; subclasses implement :meth:`act`."""

    name = "base"
    games: ClassVar[frozenset[str] | None] = None
    """The games this bot plays (registered names); None: every registered game."""

    def start_game(self, game: str, seat: int, players: int, rules: Any) -> None:  # noqa: B027 (optional hook)
        """Remember nothing by default."""

    def start_round(self, observation: Observation) -> None:  # noqa: B027 (optional hook)
        """Remember nothing by default."""

    @abstractmethod
    def act(self, observation: Observation) -> str:
        """Subclasses choose an action."""

    def end_round(self, observation: Observation) -> None:  # noqa: B027 (optional hook)
        """Remember nothing by default."""

    def end_game(self, observation: Observation) -> None:  # noqa: B027 (optional hook)
        """Remember nothing by default."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


_OBSERVATION_GAMES: dict[type, str] = {}


def game_of(observation: Observation) -> str:
    """The registered name of the game ``observation`` belongs to (``ValueError`` if
    none): the kind whose ``observation_from_dict`` builds this observation's type."""
    cls = type(observation)
    if cls not in _OBSERVATION_GAMES:
        for name in kinds():
            if getattr(kind(name).observation_from_dict, "__self__", None) is cls:
                _OBSERVATION_GAMES[cls] = name
                break
        else:
            raise ValueError(f"no registered game has observations of type {cls.__name__}")
    return _OBSERVATION_GAMES[cls]


Fallback = Callable[[int, Observation, "str | None", Exception], str]
"""``fallback(seat, observation, action, error)``: the action to play instead when the
bot in ``seat`` raised ``error`` (``action`` None) or chose the illegal ``action``."""


class BotDriver:
    """Drives the bots seated at one game through their lifecycle.

    :meth:`start` calls every bot's ``start_game`` then ``start_round``; each
    :meth:`step` asks the bot to move to ``act`` and applies its action, then calls
    ``end_round`` on every bot when the round ends and ``start_round`` when the next
    one is dealt; :meth:`finish` calls ``end_game``. :meth:`run` does all of it.

    ``state`` is the game (or single round) being played; its rounds are found with
    ``current_round`` (default: the game kind's). A seat whose bot is None is played
    from outside (a person at the terminal): :meth:`play` applies its moves, and the
    bots are told about rounds all the same. Without ``fallback``, a bot's exception
    or illegal action propagates; with it, the action it returns is played instead.
    ``on_trick(view)`` is called when a trick ends, ``view`` being the state whose
    observations show it (the finished round at a round's end). ``end_game`` is sent
    once, when the game ends.
    """

    def __init__(
        self,
        game: str,
        state: GameState,
        bots: Sequence[Bot | None],
        rules: Any,
        *,
        current_round: Callable[[Any], Any] | None = None,
        fallback: Fallback | None = None,
        on_trick: Callable[[Any], None] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.bots = list(bots)
        self.rules = rules
        self.current_round = current_round or kind(game).current_round
        self.fallback = fallback
        self.on_trick = on_trick
        if len(self.bots) != state.players:
            raise ValueError(f"{len(self.bots)} bots for {state.players} seats")
        self._round: Any = None
        self._tricks = 0
        self._round_ended = False
        self._finished = False

    def _seated(self) -> list[tuple[int, Bot]]:
        return [(seat, bot) for seat, bot in enumerate(self.bots) if bot is not None]

    def start(self) -> None:
        """Tell every bot the game starts, then that the current round was dealt (a
        game resumed from a record starts where it is)."""
        for seat, bot in self._seated():
            bot.start_game(self.game, seat, len(self.bots), self.rules)
        self._round = self.current_round(self.state)
        self._tricks = len(getattr(self._round, "tricks", ()))
        self._round_ended = False
        for seat, bot in self._seated():
            bot.start_round(self.state.observation(seat))

    def decide(self) -> str:
        """The action the bot to move chooses, not applied (a table may think in the
        background and :meth:`play` it later)."""
        seat = self.state.to_move
        if seat is None:
            raise ValueError("the game is over: nobody is to move")
        return self._act(seat, self.state.observation(seat))

    def _act(self, seat: int, observation: Observation) -> str:
        bot = self.bots[seat]
        if bot is None:
            raise ValueError(f"seat {seat} is played from outside, not by a bot")
        return bot.act(observation)

    def play(self, action: str) -> str:
        """Apply ``action`` for whoever is to move (a seat played from outside, or a
        bot's action decided earlier), then the round notifications; returns the
        canonical action. ``IllegalAction`` changes nothing."""
        played = self.state.apply(action)
        self._after_action()
        return played

    def step(self) -> str:
        """One decision: the bot to move acts, its action is applied (or the fallback's),
        and the round notifications follow. Returns the canonical action."""
        state = self.state
        seat = state.to_move
        if seat is None:
            raise ValueError("the game is over: nobody is to move")
        observation = state.observation(seat)
        action: str | None = None
        try:
            action = self._act(seat, observation)
            played = state.apply(action)
        except Exception as error:
            if self.fallback is None or (
                action is not None and not isinstance(error, IllegalAction)
            ):
                raise
            played = state.apply(self.fallback(seat, observation, action, error))
        self._after_action()
        return played

    def _after_action(self) -> None:
        state, current = self.state, self._round
        if current.is_over:
            if not self._round_ended:
                self._round_ended = True
                if self.on_trick is not None:
                    self.on_trick(current)
                for seat, bot in self._seated():
                    bot.end_round(current.observation(seat))
        else:
            tricks = len(getattr(current, "tricks", ()))
            if tricks > self._tricks:
                self._tricks = tricks
                if self.on_trick is not None:
                    self.on_trick(state)
        if state.is_over:
            self.finish()
            return
        now = self.current_round(state)
        if now is not current:
            self._round = now
            self._tricks = 0
            self._round_ended = False
            for seat, bot in self._seated():
                bot.start_round(state.observation(seat))

    def finish(self) -> None:
        """Tell every bot the game is over (once; done by itself when the last action
        ends the game)."""
        if self._finished:
            return
        self._finished = True
        for seat, bot in self._seated():
            bot.end_game(self.state.observation(seat))

    def run(self) -> GameState:
        """Play the whole game: :meth:`start`, :meth:`step` until it is over,
        :meth:`finish`; returns the finished state."""
        self.start()
        while not self.state.is_over:
            self.step()
        self.finish()
        return self.state


def decide_once(bot: Bot, game: str, observation: Observation, players: int, rules: Any) -> str:
    """One decision of a bot that sees one observation and nothing before it (the
    server's workers, a hint): :class:`BotDriver`'s lifecycle cut to one move,
    ``start_game``, ``start_round``, ``act``."""
    bot.start_game(game, observation.seat, players, rules)
    bot.start_round(observation)
    return bot.act(observation)
