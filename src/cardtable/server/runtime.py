"""What a node holds in memory for each table: its :class:`Runtime` (the game
rebuilt by replay, the version, the lock that serializes everything done to it)
and the :class:`Client` connections attached to it."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from cardtable.server import games
from cardtable.server.clock import Handle
from cardtable.server.protocol import dumps
from cardtable.server.store import GameRow, SeatRow, TableRow

__all__ = ["CHAT_HISTORY", "ActionKey", "Client", "Runtime", "chat_room"]

CHAT_HISTORY = 100
"""Chat lines a table keeps in memory (and sends with its state)."""

ActionKey = tuple[str | None, int, str]
"""An action id as an idempotency key of its sender: (user id, seat, client id)."""


@dataclass(eq=False)
class Client:
    """One WebSocket connection at a table: a seat's player or a spectator."""

    user_id: str
    name: str
    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(256))
    overflowed: bool = False
    session: str | None = None
    """The hash of the session token the socket authenticated with (None for a
    one-table bot token): the socket closes when that session ends."""
    close_code: int = 1000
    close_reason: str = ""
    """How the writer closes the socket once its queue ends (:meth:`close`)."""
    closing: bool = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a client that falls too far behind is disconnected."""
        if not self.overflowed:
            self.send_text(dumps(message))

    def send_text(self, text: str) -> None:
        """Queue an already serialized message (a broadcast is encoded once)."""
        if self.overflowed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self._end(1008, "too far behind: the messages for this client overflowed")

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Ask the writer to close the socket with ``code`` and ``reason`` after what
        is queued (at once, dropping the rest, when the queue is full); the first
        close asked for is the one made."""
        if self.overflowed or self.closing:
            return
        self.closing = True
        self.close_code, self.close_reason = code, reason
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self._end(code, reason)

    def _end(self, code: int, reason: str) -> None:
        """Drop what is queued and close with ``code`` (the client is too far behind)."""
        self.overflowed = True
        self.close_code, self.close_reason = code, reason
        self.queue = asyncio.Queue(1)
        self.queue.put_nowait(None)


def chat_room(client: Client) -> str:
    """The chat room of a connection: ``players`` for a seat, else ``spectators``."""
    return "players" if client.seat is not None else "spectators"


@dataclass(eq=False)
class Runtime:
    """A table as one node holds it in memory."""

    table: TableRow
    seats: list[SeatRow]
    game_row: GameRow | None = None
    state: games.AnyGame | None = None
    version: int = 0
    action_keys: dict[ActionKey, tuple[int, frozenset[str]]] = field(default_factory=dict)
    """Each sender's action ids: the index of the action and its known spellings."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    controller: dict[int, str] = field(default_factory=dict)
    holds: dict[int, Handle] = field(default_factory=dict)
    away_since: dict[int, float] = field(default_factory=dict)
    """When each seat's player was last seen leaving (clock time), for the seats
    with no connection during a game: the owner may give such a seat to a bot only
    after ``Settings.claim_after`` seconds."""
    timer: Handle | None = None
    timed_out: int | None = None
    turn_started: float = 0.0
    """Wall-clock time of the last change of turn (the turn timer counts from it)."""
    clock_left: list[float] | None = None
    """Each seat's game-clock seconds as of its last move (:mod:`gameclock`), or
    None at a table without a game clock."""
    flag: Handle | None = None
    """The call that ends the game when the running seat's clock runs out."""
    bot_task: asyncio.Task[None] | None = None
    votes: dict[str, set[int]] = field(default_factory=dict)
    """Open proposals (``abort``, ``rematch``) and the seats that agreed to each."""
    names: dict[str, str] = field(default_factory=dict)
    people: dict[str, str] = field(default_factory=dict)
    """The person behind each seated user: the owner of a bot account, else the user."""
    last_active: float = field(default_factory=time.monotonic)
    """When a client, an action or a bot last touched the table (idle release)."""
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_HISTORY))
    """The latest chat lines of every room (``chat`` messages), oldest first."""

    @property
    def id(self) -> str:
        """The table id."""
        return self.table.id

    def seat_of(self, user_id: str) -> int | None:
        """The seat ``user_id`` holds at this table."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def connected(self, seat: int) -> bool:
        """Whether a client of ``seat`` is connected to this node."""
        return any(c.seat == seat for c in self.clients)

    def kept_for(self, user_id: str) -> int | None:
        """The empty seat kept for ``user_id`` by name, if any."""
        for seat in self.seats:
            if seat.user_id is None and seat.reserved_for == user_id:
                return seat.seat
        return None

    def chat_for(self, client: Client) -> list[dict[str, Any]]:
        """The chat lines ``client`` may read: its room's (the players' for a seat,
        the spectators' otherwise)."""
        room = chat_room(client)
        return [line for line in self.chat if line["channel"] == room]

    @property
    def in_play(self) -> bool:
        """Whether a game is being played (dealt, not over, not resigned)."""
        return (
            self.state is not None
            and not self.state.is_over
            and (self.game_row is None or self.game_row.status == "playing")
        )

    def result(self) -> dict[str, Any] | None:
        """The result of the table's current game once it is over (played to the end
        or resigned), else None."""
        row = self.game_row
        if row is not None and row.status == "finished" and row.result is not None:
            return row.result
        if self.state is not None and self.state.is_over:
            return games.game_result(self.table.game, self.state)
        return None

    def seat_clients(self) -> None:
        """Give each connection the seat its user holds now (None: a spectator), after
        seats changed hands: whoever left a seat no longer sees its hand."""
        for client in self.clients:
            client.seat = self.seat_of(client.user_id)

    def idle(self) -> bool:
        """Whether nothing needs the table in memory: no client, no game in play,
        no timer or bot pending."""
        return (
            not self.clients
            and not self.in_play
            and not self.holds
            and self.timer is None
            and (self.bot_task is None or self.bot_task.done())
            and not self.lock.locked()
        )

    def remember(self, key: ActionKey, index: int, *actions: str) -> None:
        """Remember that ``key`` produced action number ``index``, spelt ``actions``."""
        _, spellings = self.action_keys.get(key, (index, frozenset()))
        self.action_keys[key] = (index, spellings.union(actions))
