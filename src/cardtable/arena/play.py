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
from cardtable.arena.formats import Play, make_rules
from cardtable.arena.protocol import PROTOCOL_VERSION, ProtocolError, check_message, encode
from cardtable.arena.specs import BotSpec
from cardtable.errors import IllegalAction
from cardtable.game import JSONDict

__all__ = ["PlayResult", "play"]

HANDSHAKE_TIMEOUT = 30.0
"""Seconds a freshly started bot has to answer the handshake."""


@dataclass
class PlayResult:
    """What one play produced: a score per seat, the game record and the faults."""

    index: int
    key: str
    scores: list[float]
    """Kraken: the points of the seat's team; Gurka: the seat's net chips."""
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


class _Seat(ABC):
    """Drives the bot in one seat and records its faults; subclasses say how the bot
    is reached (in this process or through the bot protocol)."""

    def __init__(self, seat: int, faults: list[Fault]) -> None:
        self.seat = seat
        self.faults = faults
        self.decisions = 0

    def fault(self, kind: str, reason: str, decision: int | None = None) -> None:
        self.faults.append(Fault(kind, reason, self.seat, decision))

    @abstractmethod
    def start_game(self, game: str, players: int, rules: Any, seed: int) -> None:
        """Tell the bot a game starts."""

    @abstractmethod
    def notify(self, kind: str, observation: Any, scores: list[float] | None = None) -> None:
        """Tell the bot a trick, round or game ended."""

    @abstractmethod
    def decide(self, observation: Any) -> str | None:
        """The bot's action, or None after a fault."""


class _LocalSeat(_Seat):
    """A built-in bot in this process."""

    def __init__(self, seat: int, faults: list[Fault], spec: BotSpec) -> None:
        super().__init__(seat, faults)
        self.spec = spec

    def start_game(self, game: str, players: int, rules: Any, seed: int) -> None:
        from cardtable.bots import make_bot

        self.bot = make_bot(self.spec.name, **{**self.spec.options, "seed": seed})
        self.bot.start_game(game, self.seat, players, rules)

    def notify(self, kind: str, observation: Any, scores: list[float] | None = None) -> None:
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

    def __init__(self, seat: int, faults: list[Fault], spec: BotSpec, play: Play) -> None:
        super().__init__(seat, faults)
        self.command = spec.command
        self.time_limit = play.time_limit
        self.restarts_left = play.max_restarts
        self.down: str | None = None
        self.process = shared_process(self.command, seat)
        self.fresh = True
        self.start: JSONDict = {}

    def start_game(self, game: str, players: int, rules: Any, seed: int) -> None:
        self.start = {
            "type": "start",
            "protocol": PROTOCOL_VERSION,
            "game": game,
            "rules": rules.to_dict(),
            "seat": self.seat,
            "players": players,
            "seed": seed,
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

    def notify(self, kind: str, observation: Any, scores: list[float] | None = None) -> None:
        if self.down:
            return
        message: JSONDict = {"type": kind, "observation": observation.to_dict()}
        if kind == "game_end":
            message["scores"] = scores
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


class _Table:
    """The game-specific parts: the state, its tricks and rounds, the scores."""

    def __init__(self, play: Play) -> None:
        self.game = play.game
        self.rules = make_rules(play.game, play.rules)
        if play.game == "kraken":
            from cardtable import kraken

            self.state: Any = kraken.Round.new(self.rules, play.seed % 4, play.seed)
            self.players = 4
        else:
            from cardtable import gurka

            self.state = gurka.Game.new(self.rules, play.seed)
            self.players = self.rules.players

    def round(self) -> Any:
        return self.state if self.game == "kraken" else self.state.current

    def finished_round(self) -> Any:
        return self.state if self.game == "kraken" else self.state.history[-1]

    def rounds_done(self) -> int:
        if self.game == "kraken":
            return int(self.state.is_over)
        return len(self.state.history)

    def scores(self) -> list[float]:
        if self.game == "kraken":
            points = self.state.result().points
            return [float(points[seat % 2]) for seat in range(4)]
        return [float(chips) for chips in self.state.chips]


def _seat_for(spec: BotSpec, seat: int, faults: list[Fault], play_: Play) -> _Seat:
    if spec.external:
        return _ExternalSeat(seat, faults, spec, play_)
    return _LocalSeat(seat, faults, spec)


def _mark_fallback(faults: list[Fault], seat: int, decision: int, action: str) -> None:
    """Note on the fault of this decision the action played instead."""
    for i in range(len(faults) - 1, -1, -1):
        fault = faults[i]
        if fault.seat == seat and fault.decision == decision:
            faults[i] = Fault(fault.kind, fault.reason, seat, decision, action)
            return


def play(task: Play) -> PlayResult:
    """Play ``task`` to the end and return its result."""
    table = _Table(task)
    state = table.state
    faults: list[Fault] = []
    seats = [_seat_for(task.specs[bot], s, faults, task) for s, bot in enumerate(task.seats)]
    for s, seat in enumerate(seats):
        seat.start_game(task.game, table.players, table.rules, task.bot_seed(s))
    current = table.round()
    for s, seat in enumerate(seats):
        seat.notify("round_start", state.observation(s))
    tricks = 0
    rounds = 0
    while not state.is_over:
        s = state.to_move
        observation = state.observation(s)
        action = seats[s].decide(observation)
        if action is not None:
            try:
                state.apply(action)
            except IllegalAction as error:
                seats[s].fault("illegal", f"{action!r}: {error}", seats[s].decisions)
                action = None
        if action is None:
            fallback = observation.legal_actions[0]
            state.apply(fallback)
            _mark_fallback(faults, s, seats[s].decisions, fallback)
        if table.rounds_done() > rounds:
            rounds = table.rounds_done()
            done = table.finished_round()
            for k, seat in enumerate(seats):
                seat.notify("trick", done.observation(k))
            for k, seat in enumerate(seats):
                seat.notify("round_end", done.observation(k))
            tricks = 0
        elif len(table.round().tricks) > tricks:
            tricks = len(table.round().tricks)
            for k, seat in enumerate(seats):
                seat.notify("trick", state.observation(k))
        if not state.is_over and table.round() is not current:
            current = table.round()
            tricks = 0
            for k, seat in enumerate(seats):
                seat.notify("round_start", state.observation(k))
    scores = table.scores()
    for k, seat in enumerate(seats):
        seat.notify("game_end", state.observation(k), scores)
    record = state.to_record()
    return PlayResult(
        task.index,
        task.key,
        scores,
        json.loads(json.dumps(record)),
        [f.to_dict() for f in faults],
    )
