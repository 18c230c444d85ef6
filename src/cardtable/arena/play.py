"""Playing one :class:`~cardtable.arena.formats.Play`: seat the bots, run the game,
send the notifications, record faults and the result.

:func:`play` is a pure function of its :class:`Play` (bots are seeded from the deal
and seat), which is what makes every backend give the same results.
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from cardtable.arena.external import shared_process
from cardtable.arena.faults import BotCrashed, Fault
from cardtable.arena.formats import Play
from cardtable.arena.games import make_rules, play_round
from cardtable.arena.protocol import PROTOCOL_VERSION, ProtocolError, check_message, encode
from cardtable.arena.specs import BotSpec
from cardtable.bots.base import BotDriver
from cardtable.errors import IllegalAction
from cardtable.game import JSONDict, kind

__all__ = ["PlayResult", "play"]

HANDSHAKE_TIMEOUT = 30.0
"""Seconds a freshly started bot has to answer the handshake."""


@dataclass
class PlayResult:
    """What one play produced: a score per seat, the game record and the faults."""

    index: int
    key: str
    scores: list[float]
    """The seat's score (:meth:`cardtable.game.GameKind.final_scores`): Kraken, the
    points of the seat's team; Gurka, the seat's net chips."""
    record: JSONDict
    faults: list[JSONDict] = field(default_factory=list)

    def to_dict(self) -> JSONDict:
        """Plain JSON data (one line of the records file)."""
        return {
            "index": self.index,
            "key": self.key,
            "scores": self.scores,
            "faults": self.faults,
            "record": self.record,
        }

    @classmethod
    def from_dict(cls, data: JSONDict) -> PlayResult:
        """Back from :meth:`to_dict` data."""
        return cls(data["index"], data["key"], data["scores"], data["record"], data["faults"])


class _NoAction(Exception):
    """A seat gave no usable action; its fault is already recorded."""


class _Seat(ABC):
    """The bot in one seat, seen by the :class:`~cardtable.bots.base.BotDriver` as a
    bot; records its faults. Subclasses say how the bot is reached (in this process or
    through the bot protocol)."""

    name = "seat"

    def __init__(self, seat: int, faults: list[Fault], seed: int) -> None:
        self.seat = seat
        self.faults = faults
        self.seed = seed
        self.decisions = 0
        self.final_scores: list[float] = []

    def fault(self, kind: str, reason: str, decision: int | None = None) -> None:
        self.faults.append(Fault(kind, reason, self.seat, decision))

    @abstractmethod
    def start_game(self, game: str, seat: int, players: int, rules: Any) -> None:
        """Tell the bot a game starts."""

    @abstractmethod
    def notify(self, kind: str, observation: Any) -> None:
        """Tell the bot a round started, or a trick, round or game ended."""

    @abstractmethod
    def decide(self, observation: Any) -> str | None:
        """The bot's action, or None after a fault."""

    def act(self, observation: Any) -> str:
        """The bot's action; :class:`_NoAction` after a fault."""
        action = self.decide(observation)
        if action is None:
            raise _NoAction
        return action

    def start_round(self, observation: Any) -> None:
        """A round was dealt."""
        self.notify("round_start", observation)

    def trick(self, observation: Any) -> None:
        """A trick ended."""
        self.notify("trick", observation)

    def end_round(self, observation: Any) -> None:
        """A round ended."""
        self.notify("round_end", observation)

    def end_game(self, observation: Any) -> None:
        """The game ended (with :attr:`final_scores`)."""
        self.notify("game_end", observation)


class _LocalSeat(_Seat):
    """A built-in bot in this process."""

    def __init__(self, seat: int, faults: list[Fault], seed: int, spec: BotSpec) -> None:
        super().__init__(seat, faults, seed)
        self.spec = spec

    def start_game(self, game: str, seat: int, players: int, rules: Any) -> None:
        from cardtable.bots import make_bot

        self.bot = make_bot(self.spec.name, game=game, **{**self.spec.options, "seed": self.seed})
        self.bot.start_game(game, seat, players, rules)

    def notify(self, kind: str, observation: Any) -> None:
        if kind == "round_start":
            self.bot.start_round(observation)
        elif kind == "round_end":
            self.bot.end_round(observation)
        elif kind == "game_end":
            self.bot.end_game(observation)

    def decide(self, observation: Any) -> str | None:
        self.decisions += 1
        try:
            return self.bot.act(observation)
        except Exception as error:  # a bot's bug is a fault, never the match's end
            self.fault("crash", f"act raised {type(error).__name__}: {error}", self.decisions)
            return None


class _ExternalSeat(_Seat):
    """A bot program speaking the protocol; restarted after a crash up to the limit."""

    def __init__(
        self, seat: int, faults: list[Fault], seed: int, spec: BotSpec, play: Play
    ) -> None:
        super().__init__(seat, faults, seed)
        self.command = spec.command
        self.time_limit = play.time_limit
        self.restarts_left = play.max_restarts
        self.down: str | None = None
        self.process = shared_process(self.command, seat)
        self.fresh = True
        self.start: JSONDict = {}

    def start_game(self, game: str, seat: int, players: int, rules: Any) -> None:
        self.start = {
            "type": "start",
            "protocol": PROTOCOL_VERSION,
            "game": game,
            "rules": rules.to_dict(),
            "seat": self.seat,
            "players": players,
            "seed": self.seed,
            "time_control": {"per_action": self.time_limit},
        }
        self._handshake()

    def _handshake(self) -> None:
        """Send the start message and wait for ``ready``; on failure restart or give up."""
        while True:
            timeout = HANDSHAKE_TIMEOUT if self.fresh else self.time_limit
            self.fresh = False
            try:
                self.process.send(encode(self.start))
                line = self.process.receive(timeout)
                if line is None:
                    problem = ("late", f"no answer to the handshake within {timeout} s")
                else:
                    message = check_message(line, "bot")
                    if message["type"] == "ready" and message["protocol"] == PROTOCOL_VERSION:
                        return
                    problem = ("malformed", f"bad handshake answer: {line.strip()[:200]}")
            except ProtocolError as error:
                problem = ("malformed", f"bad handshake answer: {error}")
            except BotCrashed as crash:
                problem = ("crash", f"bot crashed at the handshake: {crash}")
            self.fault(*problem)
            if not self._restart():
                return

    def _restart(self) -> bool:
        """Start a new process if the limit allows (True), else give the seat up."""
        if self.restarts_left <= 0:
            self.down = "the bot crashed more often than the restart limit allows"
            return False
        self.restarts_left -= 1
        self.process = shared_process(self.command, self.seat, fresh=True)
        self.fresh = True
        return True

    def _crashed(self, crash: BotCrashed, decision: int | None) -> None:
        self.fault("crash", str(crash), decision)
        if self._restart():
            self._handshake()

    def notify(self, kind: str, observation: Any) -> None:
        if self.down:
            return
        message: JSONDict = {"type": kind, "observation": observation.to_dict()}
        if kind == "game_end":
            message["scores"] = self.final_scores
        try:
            self.process.send(encode(message))
        except BotCrashed as crash:
            self._crashed(crash, None)

    def decide(self, observation: Any) -> str | None:
        self.decisions += 1
        decision = self.decisions
        if self.down:
            self.fault("crash", self.down, decision)
            return None
        try:
            self.process.send(
                encode({"type": "act", "id": decision, "observation": observation.to_dict()})
            )
            deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
            while True:
                remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
                line = self.process.receive(remaining)
                if line is None:
                    self.fault("late", f"no answer within {self.time_limit} s", decision)
                    return None
                try:
                    message = check_message(line, "bot")
                except ProtocolError as error:
                    self.fault("malformed", f"{error}: {line.strip()[:200]}", decision)
                    return None
                if message["type"] == "action" and message["id"] < decision:
                    continue  # a late answer to an earlier decision: ignored
                if (
                    message["type"] != "action"
                    or message["id"] != decision
                    or message.get("action") is None
                ):
                    self.fault(
                        "missing",
                        f"no action for decision {decision}: {line.strip()[:200]}",
                        decision,
                    )
                    return None
                action: str = message["action"]
                return action
        except BotCrashed as crash:
            self._crashed(crash, decision)
            return None


# -- the games ---------------------------------------------------------------------


def _seat_for(spec: BotSpec, seat: int, faults: list[Fault], play_: Play) -> _Seat:
    seed = play_.bot_seed(seat)
    if spec.external:
        return _ExternalSeat(seat, faults, seed, spec, play_)
    return _LocalSeat(seat, faults, seed, spec)


def _mark_fallback(faults: list[Fault], seat: int, decision: int, action: str) -> None:
    """Note on the fault of this decision the action played instead."""
    for i in range(len(faults) - 1, -1, -1):
        fault = faults[i]
        if fault.seat == seat and fault.decision == decision:
            faults[i] = Fault(fault.kind, fault.reason, seat, decision, action)
            return


def play(task: Play) -> PlayResult:
    """Play ``task`` to the end and return its result."""
    game = kind(task.game)
    rules = make_rules(task.game, task.rules)
    state = game.deal(rules, task.seed, fixed=task.contracts == "fixed")
    faults: list[Fault] = []
    seats = [_seat_for(task.specs[bot], s, faults, task) for s, bot in enumerate(task.seats)]

    def fallback(seat: int, observation: Any, action: str | None, error: Exception) -> str:
        if isinstance(error, IllegalAction):
            seats[seat].fault("illegal", f"{action!r}: {error}", seats[seat].decisions)
        elif not isinstance(error, _NoAction):
            raise error
        instead: str = observation.legal_actions[0]
        _mark_fallback(faults, seat, seats[seat].decisions, instead)
        return instead

    def on_trick(view: Any) -> None:
        for k, seat in enumerate(seats):
            seat.trick(view.observation(k))

    driver = BotDriver(
        task.game,
        state,
        seats,
        rules,
        current_round=play_round(game),
        fallback=fallback,
        on_trick=on_trick,
    )
    driver.start()
    while not state.is_over:
        driver.step()
    scores = game.final_scores(state)
    for seat in seats:
        seat.final_scores = scores
    driver.finish()
    record = state.to_record()
    return PlayResult(
        task.index,
        task.key,
        scores,
        json.loads(json.dumps(record)),
        [f.to_dict() for f in faults],
    )
