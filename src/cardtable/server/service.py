"""The game service: tables, seats and games, with every action applied through the
engines, written before it is announced, and applied once.

Each table has a :class:`Runtime` on the node: the game rebuilt by replaying its
record, the version (the number of accepted actions), the connected clients and an
``asyncio.Lock`` that serializes everything done to the table on this node. Across
nodes, the database's version check (:meth:`Store.append_action`) serializes
actions, and :mod:`cardtable.server.hub` tells the other nodes to catch up.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from cardtable import kraken
from cardtable.errors import IllegalAction
from cardtable.server import games
from cardtable.server.bots import LEVELS, TAKEOVER_LEVEL, BotPool, level_spec
from cardtable.server.config import Settings
from cardtable.server.hub import Hub, make_hub
from cardtable.server.ratings import Rating, bot_player
from cardtable.server.store import (
    Conflict,
    DuplicateAction,
    GamePlayerRow,
    GameRow,
    PendingAction,
    PlayerStatsRow,
    SeatRow,
    Store,
    TableRow,
    UserRow,
    hash_token,
    new_id,
)

__all__ = ["PROTOCOL_VERSION", "Client", "Runtime", "ServerError", "Service"]

PROTOCOL_VERSION = 1
"""The version of the WebSocket protocol (``"v"`` in every server message)."""

log = logging.getLogger("cardtable.server")
T = TypeVar("T")


class ServerError(Exception):
    """A refusal with a stable ``code``, a human ``message`` and an HTTP status."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_dict(self) -> dict[str, Any]:
        """The error as a protocol message."""
        return {"v": PROTOCOL_VERSION, "type": "error", "code": self.code, "message": self.message}


@dataclass(eq=False)
class Client:
    """One WebSocket connection at a table: a seat's player or a spectator."""

    user_id: str
    name: str
    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(256))
    overflowed: bool = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a client that falls too far behind is disconnected."""
        if not self.overflowed:
            self.send_text(_dumps(message))

    def send_text(self, text: str) -> None:
        """Queue an already serialized message (a broadcast is encoded once)."""
        if self.overflowed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed = True
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(None)

    def close(self) -> None:
        """Ask the writer to close the socket."""
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.overflowed = True


@dataclass(eq=False)
class Runtime:
    """A table as one node holds it in memory."""

    table: TableRow
    seats: list[SeatRow]
    game_row: GameRow | None = None
    state: games.AnyGame | None = None
    version: int = 0
    action_ids: dict[str, int] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    controller: dict[int, str] = field(default_factory=dict)
    holds: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    timer: asyncio.TimerHandle | None = None
    timed_out: int | None = None
    turn_started: float = 0.0
    """Wall-clock time of the last change of turn (the turn timer counts from it)."""
    bot_task: asyncio.Task[None] | None = None
    names: dict[str, str] = field(default_factory=dict)

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


class Service:
    """Everything the HTTP and WebSocket layer asks of the server."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.database)
        self.node = new_id(6)
        self.hub: Hub = make_hub(settings.redis, self.node)
        self.pool = BotPool(settings.bot_workers)
        self.runtimes: dict[str, Runtime] = {}
        self._loading = asyncio.Lock()
        self._db = ThreadPoolExecutor(
            max_workers=1 if self.store.is_sqlite else 8, thread_name_prefix="db"
        )
        self._hasher = PasswordHasher()
        self._analyses: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}
        self._appender = _GroupCommit(self)
        self._tasks: set[asyncio.Task[Any]] = set()

    # -- lifecycle -----------------------------------------------------------------------

    async def start(self) -> None:
        """Subscribe to the other nodes and resume every unfinished table."""
        await self.hub.start(self._on_notice)
        now = time.time()
        for table_id in await self.db(self.store.unfinished_tables):
            rt = await self.runtime(table_id)
            async with rt.lock:
                timer = rt.table.turn_timer
                if timer:  # a turn that ran while the server was down gets a grace
                    grace = min(timer, self.settings.turn_grace)
                    rt.turn_started = max(rt.turn_started, now - timer + grace)
                self._arm_holds(rt)
                self._after_change(rt)

    async def close(self) -> None:
        """Stop timers, bots and connections."""
        for rt in self.runtimes.values():
            for handle in rt.holds.values():
                handle.cancel()
            if rt.timer is not None:
                rt.timer.cancel()
            if rt.bot_task is not None:
                rt.bot_task.cancel()
            for client in rt.clients:
                client.close()
        await self.hub.close()
        self.pool.close()
        self._db.shutdown(wait=True)
        self.store.close()

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, fn, *args)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- people --------------------------------------------------------------------------

    async def guest(self, name: str) -> tuple[UserRow, str]:
        """A new guest called ``name`` and its session token."""
        user = await self.db(self.store.create_user, name, "guest")
        return user, await self.db(self.store.new_session, user.id)

    async def register(self, username: str, password: str, name: str | None) -> tuple[UserRow, str]:
        """A new account (password hashed with argon2) and its session token."""
        digest = await asyncio.to_thread(self._hasher.hash, password)
        try:
            user = await self.db(
                self.store.create_user, name or username, "account", username, digest
            )
        except ValueError as error:
            raise ServerError("username_taken", str(error), 409) from None
        return user, await self.db(self.store.new_session, user.id)

    async def login(self, username: str, password: str) -> tuple[UserRow, str]:
        """A new session for the account, if the password is right."""
        user = await self.db(self.store.user_by_username, username)
        refused = ServerError("bad_credentials", "unknown username or wrong password", 401)
        if user is None or user.password_hash is None:
            raise refused
        try:
            await asyncio.to_thread(self._hasher.verify, user.password_hash, password)
        except (VerificationError, InvalidHashError):
            raise refused from None
        return user, await self.db(self.store.new_session, user.id)

    async def authenticate(self, token: str | None) -> UserRow:
        """The user of a session token; ``unauthorized`` without a valid one."""
        user = await self.db(self.store.user_for_token, token) if token else None
        if user is None:
            raise ServerError("unauthorized", "a valid session token is required", 401)
        return user

    async def seat_token_user(self, rt: Runtime, token: str | None) -> UserRow | None:
        """The bot user of an external seat whose one-table token this is (the
        token returned in ``bot_tokens`` when the table was made); the first
        connection creates that user and gives it the seat."""
        if not token:
            return None
        digest = hash_token(token)
        async with rt.lock:
            for seat in rt.seats:
                if seat.kind == "external" and seat.bot_level == digest:
                    if seat.user_id is not None:
                        return await self.db(self.store.user, seat.user_id)
                    user = await self.db(self.store.create_user, f"external bot {seat.seat}", "bot")
                    await self.db(self.store.set_seat_user, rt.id, seat.seat, user.id)
                    seat.user_id = user.id
                    rt.names[user.id] = user.name
                    return user
        return None

    # -- bot accounts ----------------------------------------------------------------------

    async def create_bot(self, owner: UserRow, name: str) -> tuple[UserRow, str]:
        """A bot account owned by the account ``owner``, and its token."""
        if owner.kind != "account":
            raise ServerError("forbidden", "only registered accounts can create bots", 403)
        bot = await self.db(self.store.create_user, name, "bot", None, None, owner.id)
        return bot, await self.db(self.store.new_session, bot.id)

    async def bots(self, owner: UserRow) -> list[UserRow]:
        """The bot accounts ``owner`` created."""
        return await self.db(self.store.bots_of, owner.id)

    async def new_bot_token(self, owner: UserRow, bot_id: str) -> tuple[UserRow, str]:
        """Replace a bot's token (the old ones stop working)."""
        bot = await self.db(self.store.user, bot_id)
        if bot is None or bot.kind != "bot" or bot.owner_id != owner.id:
            raise ServerError("not_found", f"you have no bot {bot_id!r}", 404)
        await self.db(self.store.revoke_sessions, bot.id)
        return bot, await self.db(self.store.new_session, bot.id)

    async def my_tables(self, user: UserRow) -> list[dict[str, Any]]:
        """Tables where ``user`` holds a seat and a game waits or is played (how a bot
        finds the tables it was seated at)."""
        out = []
        for table in await self.db(self.store.tables_of, user.id):
            out.append(self.table_view(await self.runtime(table.id)))
        return out

    # -- tables --------------------------------------------------------------------------

    async def create_table(
        self,
        owner: UserRow,
        game: str,
        preset: str | None,
        rules: dict[str, Any] | None,
        seats: list[dict[str, Any]] | None,
        public: bool,
        turn_timer: float | None,
    ) -> tuple[dict[str, Any], str]:
        """A new table and its invite token. ``seats`` gives each seat's kind
        (``human``, ``bot`` with a ``level``, or ``external``); the owner takes the first
        human seat."""
        try:
            rules_dict = games.make_rules(game, preset, rules)
            n = games.players(game, rules_dict)
            specs = list(seats) if seats else [{"kind": "human"}] * n
            if len(specs) != n:
                raise ValueError(f"{game} with these rules has {n} seats, not {len(specs)}")
            rows = []
            owner_seated = False
            table_id = new_id(6)
            bot_tokens: dict[int, str] = {}
            external_bots: list[str] = []
            for index, spec in enumerate(specs):
                kind = spec.get("kind", "human")
                row = SeatRow(table_id=table_id, seat=index, kind=kind)
                if kind == "bot":
                    level = spec.get("level", "heuristic")
                    level_spec(level)
                    row.bot_level = level
                elif kind == "external" and spec.get("bot"):
                    row.user_id = str(spec["bot"])
                    external_bots.append(row.user_id)
                elif kind == "external":
                    bot_tokens[index] = new_id(24)
                    row.bot_level = hash_token(bot_tokens[index])
                elif kind == "human":
                    if not owner_seated and spec.get("owner", True):
                        row.user_id = owner.id
                        owner_seated = True
                else:
                    raise ValueError(f"unknown seat kind {kind!r}: human, bot or external")
                rows.append(row)
        except ValueError as error:
            raise ServerError("bad_request", str(error)) from None
        if external_bots:
            found = await self.db(self.store.users, external_bots)
            for bot_id in external_bots:
                if bot_id not in found or found[bot_id].kind != "bot":
                    raise ServerError("bad_request", f"no bot account {bot_id!r}")
        invite = new_id(16)
        table = TableRow(
            id=table_id,
            game=game,
            rules=rules_dict,
            owner_id=owner.id,
            invite_hash=hash_token(invite),
            public=public,
            turn_timer=turn_timer,
            status="waiting",
        )
        await self.db(self.store.create_table, table, rows)
        rt = await self.runtime(table_id)
        view = self.table_view(rt)
        if bot_tokens:
            view["bot_tokens"] = {str(k): v for k, v in bot_tokens.items()}
        return view, invite

    async def runtime(self, table_id: str) -> Runtime:
        """The node's runtime of ``table_id``, loaded and replayed on first use."""
        rt = self.runtimes.get(table_id)
        if rt is not None:
            return rt
        async with self._loading:
            rt = self.runtimes.get(table_id)
            if rt is not None:
                return rt
            found = await self.db(self.store.table, table_id)
            if found is None:
                raise ServerError("not_found", f"no table {table_id!r}", 404)
            rt = Runtime(table=found[0], seats=found[1])
            await self._load_game(rt)
            await self._load_names(rt)
            self.runtimes[table_id] = rt
            return rt

    async def _load_names(self, rt: Runtime) -> None:
        ids = [s.user_id for s in rt.seats if s.user_id]
        users = await self.db(self.store.users, ids)
        rt.names = {uid: user.name for uid, user in users.items()}

    async def _load_game(self, rt: Runtime) -> None:
        """Rebuild the table's current game by replaying its whole log."""
        if rt.table.game_id is None:
            rt.game_row, rt.state, rt.version, rt.action_ids = None, None, 0, {}
            return
        glog = await self.db(self.store.game_log, rt.table.game_id)
        assert glog is not None
        rt.game_row = glog.game
        rt.state = games.rebuild(glog.game.game, glog.game.record, [a.action for a in glog.actions])
        rt.version = len(glog.actions)
        rt.action_ids = {a.action_id: a.index for a in glog.actions}
        rt.turn_started = glog.actions[-1].created_at if glog.actions else glog.game.started_at

    async def _reload_table(self, rt: Runtime) -> None:
        found = await self.db(self.store.table, rt.id)
        assert found is not None
        rt.table, rt.seats = found
        await self._load_game(rt)
        await self._load_names(rt)

    def table_view(self, rt: Runtime) -> dict[str, Any]:
        """The public description of a table."""
        seats = []
        for seat in rt.seats:
            seats.append(
                {
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "user_id": seat.user_id,
                    "name": rt.names.get(seat.user_id or "")
                    if seat.kind != "bot"
                    else f"bot ({seat.bot_level})",
                    "level": seat.bot_level if seat.kind == "bot" else None,
                    "open": seat.kind == "human" and seat.user_id is None,
                    "connected": seat.kind == "bot" or rt.connected(seat.seat),
                    "controller": rt.controller.get(seat.seat, "player"),
                }
            )
        return {
            "id": rt.id,
            "game": rt.table.game,
            "rules": rt.table.rules,
            "status": rt.table.status,
            "public": rt.table.public,
            "turn_timer": rt.table.turn_timer,
            "game_id": rt.table.game_id,
            "game_number": rt.game_row.number if rt.game_row else 0,
            "seats": seats,
        }

    async def lobby(self) -> list[dict[str, Any]]:
        """Public tables waiting for players, with their open seats."""
        out = []
        for table, seats in await self.db(self.store.lobby):
            rt = Runtime(table=table, seats=seats)
            out.append(self.table_view(rt))
        return out

    def _check_invite(self, rt: Runtime, user: UserRow, invite: str | None) -> None:
        if rt.table.public or rt.table.owner_id == user.id or rt.seat_of(user.id) is not None:
            return
        if invite is None or hash_token(invite) != rt.table.invite_hash:
            raise ServerError("forbidden", "this table is private: use its invite link", 403)

    async def join(
        self, user: UserRow, table_id: str, seat: int | None, invite: str | None
    ) -> dict[str, Any]:
        """Seat ``user`` at an open human seat (the first open one if ``seat`` is None)."""
        rt = await self.runtime(table_id)
        self._check_invite(rt, user, invite)
        async with rt.lock:
            if rt.seat_of(user.id) is not None:
                raise ServerError("already_seated", "you already have a seat at this table", 409)
            open_seats = [s.seat for s in rt.seats if s.kind == "human" and s.user_id is None]
            if seat is None:
                if not open_seats:
                    raise ServerError("table_full", "no open seat at this table", 409)
                seat = open_seats[0]
            if seat not in open_seats:
                raise ServerError("seat_taken", f"seat {seat} is not open", 409)
            if not await self.db(self.store.take_seat, rt.id, seat, user.id):
                await self._reload_table(rt)
                raise ServerError("seat_taken", f"seat {seat} is not open", 409)
            rt.seats[seat].user_id = user.id
            rt.names[user.id] = user.name
            await self._table_changed(rt)
            return self.table_view(rt)

    async def check_spectator(self, user: UserRow, table_id: str, invite: str | None) -> Runtime:
        """The runtime of a table ``user`` may watch (public, or with the invite)."""
        rt = await self.runtime(table_id)
        self._check_invite(rt, user, invite)
        return rt

    async def start_game(
        self, user: UserRow, table_id: str, seed: int | None = None
    ) -> dict[str, Any]:
        """Deal a new game at the table (the first one, or a rematch once the last is
        over). Only the owner may start; every human seat must be taken."""
        rt = await self.runtime(table_id)
        if user.id != rt.table.owner_id:
            raise ServerError("forbidden", "only the table's owner can start a game", 403)
        if seed is not None and not self.settings.allow_seed:
            raise ServerError("bad_request", "choosing the seed is not allowed on this server")
        async with rt.lock:
            if rt.state is not None and not rt.state.is_over:
                raise ServerError("game_in_progress", "a game is already being played", 409)
            if any(s.kind == "human" and s.user_id is None for s in rt.seats):
                raise ServerError("seats_open", "every human seat must be taken first", 409)
            if seed is None:
                seed = secrets.randbits(48)
            state = games.new_game(rt.table.game, rt.table.rules, seed)
            await self._begin(rt, games.initial_record(state))
            return self.table_view(rt)

    async def start_from_record(self, table_id: str, record: dict[str, Any]) -> None:
        """Start the table's game from an initial ``record`` (its deal); for tests and
        imports. The record's actions are not replayed here."""
        rt = await self.runtime(table_id)
        async with rt.lock:
            await self._begin(rt, record)

    async def _begin(self, rt: Runtime, record: dict[str, Any]) -> None:
        number = (rt.game_row.number + 1) if rt.game_row else 1
        row = GameRow(
            id=new_id(),
            table_id=rt.id,
            number=number,
            game=rt.table.game,
            record=record,
            players=[
                [s.kind, s.user_id, s.bot_level if s.kind == "bot" else None] for s in rt.seats
            ],
            version=0,
            status="playing",
        )
        if not await self.db(self.store.start_game, rt.id, row, rt.table.game_id):
            await self._reload_table(rt)
            raise ServerError("conflict", "the table changed; try again", 409)
        rt.table.game_id = row.id
        rt.table.status = "playing"
        rt.game_row = row
        rt.state = games.rebuild(row.game, record, [])
        rt.version = 0
        rt.action_ids = {}
        rt.controller = {}
        rt.turn_started = time.time()
        self._arm_holds(rt)
        await self._table_changed(rt)
        self._after_change(rt)

    async def _table_changed(self, rt: Runtime) -> None:
        """Send everyone the new table and state, and tell the other nodes."""
        for client in list(rt.clients):
            client.send(self.state_message(rt, client))
        await self.hub.publish({"kind": "table", "table": rt.id})

    async def export(self, game_id: str) -> dict[str, Any]:
        """The full record of a finished game (every deal and action) with its players
        and result. Unfinished games are refused: their record holds the hidden hands."""
        glog = await self.db(self.store.game_log, game_id)
        if glog is None:
            raise ServerError("not_found", f"no game {game_id!r}", 404)
        if glog.game.status != "finished":
            raise ServerError("forbidden", "a game's record is published once it is over", 403)
        state = games.rebuild(glog.game.game, glog.game.record, [a.action for a in glog.actions])
        return {
            "game_id": glog.game.id,
            "table_id": glog.game.table_id,
            "number": glog.game.number,
            "players": glog.game.players,
            "result": glog.game.result,
            "record": state.to_record(),
        }

    # -- results, statistics and ratings ------------------------------------------------

    def player_ids(self, rt: Runtime) -> list[str | None]:
        """The rated player of each seat: the seat's user, or ``bot:LEVEL`` for the
        server's bots (None for an external seat no bot ever claimed)."""
        return [
            bot_player(seat.bot_level or TAKEOVER_LEVEL) if seat.kind == "bot" else seat.user_id
            for seat in rt.seats
        ]

    async def player_profile(self, player_id: str, recent: int = 10) -> dict[str, Any]:
        """A player's identity, statistics and ratings in both games, and their
        latest finished games."""
        rows = {row.game: row for row in await self.db(self.store.player_stats, player_id)}
        if player_id.startswith("bot:"):
            level = player_id[4:]
            if level not in LEVELS and not rows:
                raise ServerError("not_found", f"no player {player_id!r}", 404)
            name, kind = f"bot ({level})", "bot"
        else:
            user = await self.db(self.store.user, player_id)
            if user is None:
                raise ServerError("not_found", f"no player {player_id!r}", 404)
            name, kind = user.name, user.kind
        played = await self.db(self.store.games_played, player_id, recent)
        return {
            "id": player_id,
            "name": name,
            "kind": kind,
            "stats": {game: _stats(game, rows.get(game)) for game in games.GAMES},
            "ratings": {game: _rating(rows.get(game)) for game in games.GAMES},
            "recent_games": [_game_summary(g, lines) for g, lines in played],
        }

    async def leaderboard(self, game: str, limit: int) -> dict[str, Any]:
        """The best rated players of ``game``."""
        if game not in games.GAMES:
            raise ServerError("bad_request", f"game must be one of {', '.join(games.GAMES)}")
        rows = await self.db(self.store.leaderboard, game, limit)
        return {
            "game": game,
            "entries": [
                {
                    "rank": rank,
                    "player_id": row.player_id,
                    "name": row.name,
                    "kind": row.kind,
                    "ordinal": row.ordinal,
                    "mu": row.mu,
                    "sigma": row.sigma,
                    "games": row.games,
                    "wins": row.wins,
                }
                for rank, row in enumerate(rows, 1)
            ],
        }

    async def finished_games(self, player_id: str | None, limit: int) -> list[dict[str, Any]]:
        """Finished games, newest first (a player's when ``player_id`` is given)."""
        played = await self.db(self.store.games_played, player_id, limit)
        return [_game_summary(g, lines) for g, lines in played]

    async def round_analysis(self, game_id: str, index: int) -> dict[str, Any]:
        """The double-dummy analysis of round ``index`` (from 0) of a Kraken game:
        what each card played cost. Allowed once that round is over (its cards are
        all public then), even while the game goes on; computed off the event loop
        once and cached in the database."""
        cached = await self.db(self.store.analysis, game_id, index)
        if cached is not None:
            return cached
        key = (game_id, index)
        pending = self._analyses.get(key)
        if pending is None:
            pending = self._analyses[key] = asyncio.ensure_future(self._analyze(game_id, index))
            pending.add_done_callback(lambda _f: self._analyses.pop(key, None))
        return await asyncio.shield(pending)

    async def _analyze(self, game_id: str, index: int) -> dict[str, Any]:
        glog = await self.db(self.store.game_log, game_id)
        if glog is None:
            raise ServerError("not_found", f"no game {game_id!r}", 404)
        if glog.game.game != "kraken":
            raise ServerError("bad_request", "the analysis is for Kraken rounds")
        actions = [a.action for a in glog.actions]
        data = await self.pool.run(analyze_round, glog.game.record, actions, index)
        if data is None:
            if glog.game.status == "finished":
                raise ServerError("not_found", f"game {game_id} has no round {index}", 404)
            raise ServerError(
                "round_in_progress", f"round {index} is not over yet (or not dealt)", 409
            )
        data = {"game_id": game_id, **data}
        await self.db(self.store.save_analysis, game_id, index, data)
        return data

    # -- playing -------------------------------------------------------------------------

    def state_message(self, rt: Runtime, client: Client) -> dict[str, Any]:
        """The full view for ``client``: the table, the version, and its seat's
        observation (spectators: none)."""
        message: dict[str, Any] = {
            "v": PROTOCOL_VERSION,
            "type": "state",
            "table": self.table_view(rt),
            "seat": client.seat,
            "game_id": rt.table.game_id,
            "version": rt.version,
            "to_move": None,
            "observation": None,
        }
        if rt.state is not None:
            message["to_move"] = _int_or_none(rt.state.to_move)
            message["deadline"] = self._deadline(rt)
            if rt.state.is_over:
                message["result"] = games.game_result(rt.state)
            if client.seat is not None:
                message["observation"] = rt.state.observation(client.seat).to_dict()
        return message

    async def submit(
        self, rt: Runtime, user_id: str, action_id: str, action: str
    ) -> dict[str, Any]:
        """Apply a player's action once: a resent ``action_id`` is acknowledged as a
        duplicate and changes nothing."""
        async with rt.lock:
            return await self._submit_locked(rt, user_id, action_id, action)

    async def _submit_locked(
        self, rt: Runtime, user_id: str, action_id: str, action: str
    ) -> dict[str, Any]:
        if action_id in rt.action_ids:
            return _ack(action_id, rt.action_ids[action_id] + 1, duplicate=True)
        seat = rt.seat_of(user_id)
        if seat is None:
            raise ServerError("not_seated", "spectators cannot act: take a seat first", 403)
        if rt.state is None:
            raise ServerError("not_started", "the game has not started yet", 409)
        for _attempt in range(3):
            if rt.state.is_over:
                raise ServerError("game_over", "the game is over: ask for a rematch", 409)
            if _int_or_none(rt.state.to_move) != seat:
                raise ServerError("not_your_turn", f"it is seat {rt.state.to_move}'s turn", 409)
            try:
                return await self._apply_locked(rt, seat, action, action_id, user_id)
            except Conflict:
                await self._catch_up(rt, rebuild=True)
                if action_id in rt.action_ids:
                    return _ack(action_id, rt.action_ids[action_id] + 1, duplicate=True)
        raise ServerError("conflict", "the table is busy: try again", 409)

    async def _apply_locked(
        self,
        rt: Runtime,
        seat: int,
        action: str,
        action_id: str,
        user_id: str | None,
        source: str | None = None,
    ) -> dict[str, Any]:
        """Apply through the engine, persist, then tell everyone. Raises
        :class:`Conflict` when another node took this version. ``source`` says who
        chose the action when not the seat's player (``bot``, ``takeover``,
        ``timeout``)."""
        state, game_row = rt.state, rt.game_row
        assert state is not None and game_row is not None
        before = games.snapshot(state)
        try:
            canonical = games.apply_action(state, action)
        except IllegalAction as error:
            raise ServerError("illegal_action", str(error), 409) from None
        result = games.game_result(state) if state.is_over else None
        try:
            if result is None:
                await self._appender.append(
                    PendingAction(
                        game_row.id, rt.version, seat, canonical, action_id, user_id, source
                    )
                )
            else:
                await self.db(
                    self.store.append_action,
                    game_row.id,
                    rt.version,
                    seat,
                    canonical,
                    action_id,
                    user_id,
                    result,
                    self.player_ids(rt),
                    source,
                )
        except DuplicateAction:
            await self._catch_up(rt, rebuild=True)
            return _ack(action_id, rt.action_ids.get(action_id, rt.version - 1) + 1, True)
        except Conflict:
            raise
        except Exception:
            log.exception("could not store an action at table %s", rt.id)
            await self._catch_up(rt, rebuild=True)
            raise ServerError(
                "internal", "the action could not be stored; try again", 500
            ) from None
        rt.version += 1
        rt.action_ids[action_id] = rt.version - 1
        rt.turn_started = time.time()
        if result is not None:
            rt.table.status = "finished"
            game_row.status = "finished"
            game_row.result = result
        self._broadcast(rt, _events(state, before, seat, canonical, source))
        await self.hub.publish({"kind": "action", "table": rt.id, "version": rt.version})
        self._after_change(rt)
        return _ack(action_id, rt.version, duplicate=False, action=canonical)

    def _broadcast(self, rt: Runtime, events: list[dict[str, Any]]) -> None:
        """Send the update of the current version: each seat its observation, everyone
        the public events."""
        state = rt.state
        assert state is not None
        base = {
            "v": PROTOCOL_VERSION,
            "type": "update",
            "game_id": rt.table.game_id,
            "version": rt.version,
            "to_move": _int_or_none(state.to_move),
            "deadline": self._deadline(rt),
            "events": events,
        }
        # the public part is encoded once; each seat's observation once per seat
        public = _dumps(base)
        head = public[:-1] + ',"observation":'
        texts: dict[int, str] = {}
        for client in list(rt.clients):
            if client.seat is None:
                client.send_text(public)
                continue
            text = texts.get(client.seat)
            if text is None:
                observation = _dumps(state.observation(client.seat).to_dict())
                text = texts[client.seat] = head + observation + "}"
            client.send_text(text)

    async def _catch_up(self, rt: Runtime, rebuild: bool = False) -> None:
        """Apply the actions other nodes accepted (after a rebuild to our last stored
        version when ``rebuild``), telling our clients about each."""
        if rt.game_row is None:
            return
        if rebuild:
            glog = await self.db(self.store.game_log, rt.game_row.id, 0)
            assert glog is not None
            stored = glog.actions[: rt.version]
            rt.state = games.rebuild(glog.game.game, glog.game.record, [a.action for a in stored])
            rt.action_ids = {a.action_id: a.index for a in stored}
            new = glog.actions[rt.version :]
        else:
            glog = await self.db(self.store.game_log, rt.game_row.id, rt.version)
            assert glog is not None
            new = [a for a in glog.actions if a.index >= rt.version]
        state = rt.state
        assert state is not None
        for row in new:
            before = games.snapshot(state)
            canonical = games.apply_action(state, row.action)
            rt.version += 1
            rt.action_ids[row.action_id] = row.index
            rt.turn_started = row.created_at
            self._broadcast(rt, _events(state, before, row.seat, canonical, row.source))
        if state.is_over:
            rt.table.status = "finished"

    async def _on_notice(self, notice: dict[str, Any]) -> None:
        """Another node changed a table we hold: catch up and tell our clients."""
        rt = self.runtimes.get(str(notice.get("table")))
        if rt is None:
            return
        async with rt.lock:
            kind = notice.get("kind")
            if kind == "chat":
                self._send_all(rt, notice["message"])
                return
            if kind == "table" or (rt.game_row is None):
                await self._reload_table(rt)
                for client in list(rt.clients):
                    client.send(self.state_message(rt, client))
            elif int(notice.get("version", 0)) > rt.version:
                await self._catch_up(rt)
            self._after_change(rt)

    def _send_all(self, rt: Runtime, message: dict[str, Any]) -> None:
        for client in list(rt.clients):
            client.send(message)

    async def chat(self, rt: Runtime, client: Client, text: str) -> None:
        """Store and send a chat line to everyone at the table."""
        await self.db(self.store.add_chat, rt.id, client.user_id, client.name, text)
        message = {
            "v": PROTOCOL_VERSION,
            "type": "chat",
            "from": {"user_id": client.user_id, "name": client.name, "seat": client.seat},
            "text": text,
        }
        self._send_all(rt, message)
        await self.hub.publish({"kind": "chat", "table": rt.id, "message": message})

    # -- connections, holds and takeover ---------------------------------------------------

    async def attach(self, rt: Runtime, client: Client) -> None:
        """A client connected: a returning human takes the seat back from the bot."""
        async with rt.lock:
            rt.clients.add(client)
            seat = client.seat
            if seat is not None:
                hold = rt.holds.pop(seat, None)
                if hold is not None:
                    hold.cancel()
                if rt.controller.pop(seat, None) == "bot":
                    self._seat_event(rt, seat, "player")
            client.send(self.state_message(rt, client))

    async def detach(self, rt: Runtime, client: Client) -> None:
        """A client left: if it was the seat's last connection, hold the seat."""
        async with rt.lock:
            rt.clients.discard(client)
            if client.seat is not None and not rt.connected(client.seat):
                self._hold(rt, client.seat)

    def _arm_holds(self, rt: Runtime) -> None:
        for seat in rt.seats:
            if seat.kind in ("human", "external") and not rt.connected(seat.seat):
                self._hold(rt, seat.seat)

    def _hold(self, rt: Runtime, seat: int) -> None:
        if rt.state is None or rt.state.is_over or seat in rt.holds:
            return
        if rt.controller.get(seat) == "bot":
            return
        loop = asyncio.get_running_loop()
        rt.holds[seat] = loop.call_later(
            self.settings.hold_seconds, lambda: self._spawn(self._take_over(rt, seat))
        )

    async def _take_over(self, rt: Runtime, seat: int) -> None:
        async with rt.lock:
            rt.holds.pop(seat, None)
            if rt.connected(seat) or rt.state is None or rt.state.is_over:
                return
            rt.controller[seat] = "bot"
            self._seat_event(rt, seat, "bot")
            self._after_change(rt)

    def _seat_event(self, rt: Runtime, seat: int, controller: str) -> None:
        self._send_all(
            rt,
            {
                "v": PROTOCOL_VERSION,
                "type": "seat",
                "seat": seat,
                "controller": controller,
                "table": self.table_view(rt),
            },
        )

    def _bot_level(self, rt: Runtime, seat: int) -> str | None:
        """The level that plays ``seat`` now, or None when its player does."""
        row = rt.seats[seat]
        if row.kind == "bot":
            return row.bot_level or TAKEOVER_LEVEL
        if rt.controller.get(seat) == "bot" or rt.timed_out == rt.version:
            return TAKEOVER_LEVEL
        return None

    def _after_change(self, rt: Runtime) -> None:
        """After any change: start the bot whose turn it is, and the turn timer."""
        state = rt.state
        if rt.timer is not None:
            rt.timer.cancel()
            rt.timer = None
        if state is None or state.is_over or state.to_move is None:
            return
        seat = int(state.to_move)
        if self._bot_level(rt, seat) is not None:
            if rt.bot_task is None or rt.bot_task.done():
                rt.bot_task = self._spawn(self._bot_move(rt, seat, rt.version))
            return
        deadline = self._deadline(rt)
        if deadline is not None:
            version = rt.version
            loop = asyncio.get_running_loop()
            rt.timer = loop.call_later(
                max(0.0, deadline - time.time()),
                lambda: self._spawn(self._time_out(rt, version)),
            )

    def _deadline(self, rt: Runtime) -> float | None:
        """When the turn timer of the seat to move runs out (Unix time), or None
        without a timer or when a bot is to move."""
        state, timer = rt.state, rt.table.turn_timer
        if not timer or state is None or state.is_over or state.to_move is None:
            return None
        if self._bot_level(rt, int(state.to_move)) is not None:
            return None
        return rt.turn_started + timer

    async def _time_out(self, rt: Runtime, version: int) -> None:
        async with rt.lock:
            if rt.version == version:
                rt.timed_out = version
                self._after_change(rt)

    async def _bot_move(self, rt: Runtime, seat: int, version: int) -> None:
        state = rt.state
        level = self._bot_level(rt, seat)
        if state is None or level is None:
            return
        game = rt.table.game
        observation = state.observation(seat).to_dict()
        seed = hash((rt.table.game_id, version)) & 0xFFFFFFFF
        try:
            action = await self.pool.decide(game, level, observation, seed)
        except Exception:
            log.exception("bot failed at table %s", rt.id)
            action = observation["legal_actions"][0]
        if self.settings.bot_delay:
            await asyncio.sleep(self.settings.bot_delay)
        async with rt.lock:
            rt.bot_task = None
            if rt.version != version or self._bot_level(rt, seat) is None:
                self._after_change(rt)
                return
            if rt.seats[seat].kind == "bot":
                source = "bot"
            elif rt.controller.get(seat) == "bot":
                source = "takeover"
            else:
                source = "timeout"
            try:
                await self._apply_locked(
                    rt, seat, action, f"bot:{rt.table.game_id}:{version}", None, source
                )
            except Conflict:
                await self._catch_up(rt, rebuild=True)
                self._after_change(rt)
            except ServerError as error:
                log.warning("bot move refused at table %s: %s", rt.id, error.code)
                self._after_change(rt)


def _ack(
    action_id: str, version: int, duplicate: bool, action: str | None = None
) -> dict[str, Any]:
    message: dict[str, Any] = {
        "v": PROTOCOL_VERSION,
        "type": "ack",
        "id": action_id,
        "version": version,
        "duplicate": duplicate,
    }
    if action is not None:
        message["action"] = action
    return message


class _GroupCommit:
    """Appends the actions of many tables in one transaction: while a batch is
    being written, the actions accepted meanwhile wait and go together in the next
    one. Each caller still learns its own outcome (stored, conflict, duplicate)
    before anyone is told about its action."""

    def __init__(self, service: Service) -> None:
        self._service = service
        self._pending: list[tuple[PendingAction, asyncio.Future[None]]] = []
        self._writing = False

    async def append(self, item: PendingAction) -> None:
        """Store ``item``; raises what refused it."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((item, future))
        if not self._writing:
            self._writing = True
            self._service._spawn(self._write())
        await future

    async def _write(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    outcomes = await self._service.db(
                        self._service.store.append_actions, [item for item, _ in batch]
                    )
                except Exception as error:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(error)
                    continue
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if outcome is None:
                        future.set_result(None)
                    else:
                        future.set_exception(outcome)
        finally:
            self._writing = False


def analyze_round(record: dict[str, Any], actions: list[str], index: int) -> dict[str, Any] | None:
    """The analysis of round ``index`` of a Kraken game (its initial record and
    actions), or None when that round is not over. Runs in a worker: it replays the
    game and solves every position of the round double dummy."""
    from cardtable.solver.analysis import analyze

    state = games.rebuild("kraken", record, actions)
    assert isinstance(state, kraken.Game)
    if not 0 <= index < len(state.history):
        return None
    rnd = state.history[index]
    cards = []
    for cost in analyze(rnd):
        entry = cost.to_dict()
        entry["seat_name"] = entry["seat"]
        entry["seat"] = int(cost.seat)
        cards.append(entry)
    totals = [0, 0, 0, 0]
    for entry in cards:
        totals[entry["seat"]] += entry["cost"]
    return {
        "round_index": index,
        "number": index + 1,
        "trump": None if rnd.trump is None else rnd.trump.letter,
        "declarer": _int_or_none(rnd.declarer),
        "result": rnd.result().to_dict(),
        "cards": cards,
        "totals": totals,
    }


def _stats(game: str, row: PlayerStatsRow | None) -> dict[str, Any]:
    games_played = row.games if row else 0
    wins = row.wins if row else 0
    points = row.points if row else 0
    if game == "gurka":
        return {
            "games": games_played,
            "wins": wins,
            "net_chips": points,
            "avg_net_chips": points / games_played if games_played else None,
        }
    rounds = row.rounds if row else 0
    return {
        "games": games_played,
        "wins": wins,
        "rounds": rounds,
        "points": points,
        "avg_points_per_round": points / rounds if rounds else None,
        "avg_points_per_game": points / games_played if games_played else None,
        "declared": row.declared if row else 0,
        "nat": row.nat if row else 0,
        "mars": row.mars if row else 0,
    }


def _rating(row: PlayerStatsRow | None) -> dict[str, float]:
    return (Rating(row.mu, row.sigma) if row else Rating()).to_dict()


def _game_summary(game: GameRow, lines: list[GamePlayerRow]) -> dict[str, Any]:
    result = {k: v for k, v in (game.result or {}).items() if k != "rounds"}
    return {
        "id": game.id,
        "game": game.game,
        "table_id": game.table_id,
        "number": game.number,
        "finished_at": game.finished_at,
        "players": [
            {
                "seat": line.seat,
                "player_id": line.player_id,
                "name": line.name,
                "kind": line.kind,
                "score": line.score,
                "won": line.won,
            }
            for line in lines
        ],
        "result": result,
    }


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def _dumps(message: dict[str, Any]) -> str:
    """Compact JSON, as every message is sent."""
    return json.dumps(message, separators=(",", ":"))


def _events(
    state: games.AnyGame, before: tuple[int, int], seat: int, action: str, source: str | None
) -> list[dict[str, Any]]:
    """The public events of an action, marked with its ``source`` when a bot chose
    it; a timeout is announced by a ``timeout`` event first."""
    events = games.public_events(state, before, seat, action)
    if source is not None:
        events[0]["source"] = source
        if source == "timeout":
            events.insert(0, {"type": "timeout", "seat": seat})
    return events
