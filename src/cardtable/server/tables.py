"""Tables and seats: creating them, loading them into memory (and releasing idle
ones), who may see and join them, dealing, and aborting.

A private table, its games, replays, records and analyses are visible only to its
members (the owner and the people seated or invited) and to holders of its invite;
the public lists show only public tables. One person controls at most one seat of
a rated table's game.

The owner may keep seats: for a named account (only that person may take it) or
for whoever holds the table's invite (a stranger from the lobby may not). The lobby
says that a seat is kept, never for whom.
"""

from __future__ import annotations

import secrets
import time
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable.server import gameclock, games, protocol
from cardtable.server.bots import TAKEOVER_LEVEL, check_level, level_for
from cardtable.server.policy import Command, authorize, holds_invite, roles_of
from cardtable.server.protocol import ServerError
from cardtable.server.runtime import CHAT_HISTORY, Runtime
from cardtable.server.store import (
    INVITE_SEAT,
    GameRow,
    SeatRow,
    TableRow,
    UserRow,
    hash_token,
    new_id,
)
from cardtable.server.text import same_name

if TYPE_CHECKING:
    from cardtable.server.service import Service

__all__ = ["SPECTATOR_CHAT", "Tables"]

SPECTATOR_CHAT = ("apart", "off")
"""The owner's choice for spectators: a chat of their own, or none."""


class Tables:
    """The tables a node knows, and everything done to a table besides playing."""

    def __init__(self, service: Service) -> None:
        self._service = service
        self.runtimes: dict[str, Runtime] = {}

    # -- creating and loading --------------------------------------------------------------

    async def create_table(
        self,
        owner: UserRow,
        game: str,
        preset: str | None = None,
        rules: dict[str, Any] | None = None,
        seats: list[dict[str, Any]] | None = None,
        public: bool = False,
        turn_timer: float | None = None,
        rated: bool = True,
        address: str = "",
        spectator_chat: str = "apart",
        clock: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], str]:
        """A new table and its invite token. ``seats`` gives each seat's kind
        (``human``, ``bot`` with a ``level``, or ``external`` with a ``bot`` account or
        a one-table token); a human seat may be kept for the invite's holders
        (``"invite": true``) or for the account called ``player``. The owner takes the
        first human seat kept for nobody. A bot account of somebody else's is invited:
        it takes its seat when it joins. ``clock`` is the game clock
        (:func:`gameclock.check_clock`)."""
        service = self._service
        try:
            clock = gameclock.check_clock(clock)
        except ValueError as error:
            raise ServerError("bad_request", str(error)) from None
        if spectator_chat not in SPECTATOR_CHAT:
            raise ServerError(
                "bad_request", f"spectator_chat is one of {', '.join(SPECTATOR_CHAT)}"
            )
        await service.limits.hit("table", owner.id, *([address] if address else []))
        open_tables = await service.db(service.store.tables.open_tables_of, owner.id)
        if open_tables >= service.settings.max_open_tables:
            raise ServerError(
                "too_many_tables",
                f"you have {open_tables} open tables, the most allowed: finish or leave one",
                429,
            )
        table_id = new_id(6)
        bot_tokens: dict[int, str] = {}
        try:
            rules_dict = games.make_rules(game, preset, rules)
            n = games.players(game, rules_dict)
            specs = list(seats) if seats else [{"kind": "human"}] * n
            if len(specs) != n:
                raise ValueError(f"{game} with these rules has {n} seats, not {len(specs)}")
            rows = [
                self._seat_row(table_id, game, i, spec, bot_tokens) for i, spec in enumerate(specs)
            ]
        except ValueError as error:
            raise ServerError("bad_request", str(error)) from None
        for row in rows:
            if row.kind == "human" and row.user_id is None and row.reserved_for is None:
                row.user_id = owner.id  # the owner takes the first human seat
                break
        await self._reserve_players(owner, rows, specs)
        accounts = [row.reserved_for for row in rows if row.kind == "external" and row.reserved_for]
        found = await service.db(service.store.accounts.users, accounts)
        for row in rows:
            bot_id = row.reserved_for
            if bot_id is None or row.kind != "external":
                continue
            bot = found.get(bot_id)
            if bot is None or bot.kind != "bot":
                raise ServerError("bad_request", f"no bot account {bot_id!r}")
            if bot.owner_id == owner.id:  # your own bot sits down at once
                row.user_id, row.reserved_for = bot.id, None
        table = TableRow(
            id=table_id,
            game=game,
            rules=rules_dict,
            owner_id=owner.id,
            invite_hash="",
            public=public,
            rated=rated,
            turn_timer=turn_timer,
            clock=clock,
            status="waiting",
            spectator_chat=spectator_chat,
        )
        rt = Runtime(table=table, seats=rows)
        rt.people = {owner.id: owner.id, **{b.id: b.owner_id or b.id for b in found.values()}}
        if rated:
            _check_one_seat(rt)
        invite = new_id(16)
        table.invite_hash = hash_token(invite)
        await service.db(service.store.tables.create_table, table, rows)
        view = self.table_view(await self.runtime(table_id))
        if bot_tokens:
            view["bot_tokens"] = {str(k): v for k, v in bot_tokens.items()}
        return view, invite

    async def _reserve_players(
        self, owner: UserRow, rows: list[SeatRow], specs: list[dict[str, Any]]
    ) -> None:
        """Keep each human seat whose spec names a ``player`` for that account."""
        service = self._service
        for row, spec in zip(rows, specs, strict=True):
            username = spec.get("player")
            if row.kind != "human" or not username:
                continue
            user = await service.db(service.store.accounts.user_by_username, str(username))
            if user is None or user.kind != "account":
                raise ServerError(
                    "bad_request", f"no account is called {username!r}: check the username"
                )
            if user.id == owner.id or any(r.reserved_for == user.id for r in rows):
                raise ServerError("bad_request", f"{username!r} already has a seat here")
            row.reserved_for = user.id

    @staticmethod
    def _seat_row(
        table_id: str, game: str, index: int, spec: dict[str, Any], bot_tokens: dict[int, str]
    ) -> SeatRow:
        kind = spec.get("kind", "human")
        row = SeatRow(table_id=table_id, seat=index, kind=kind)
        if kind == "human" and spec.get("invite"):
            row.reserved_for = INVITE_SEAT
        elif kind == "bot":
            level = spec.get("level") or level_for("heuristic", game)
            check_level(level, game)
            row.bot_level = level
        elif kind == "external" and spec.get("bot"):
            row.reserved_for = str(spec["bot"])
        elif kind == "external":
            bot_tokens[index] = new_id(24)
            row.bot_level = hash_token(bot_tokens[index])
        elif kind != "human":
            raise ValueError(f"unknown seat kind {kind!r}: human, bot or external")
        return row

    async def runtime(self, table_id: str) -> Runtime:
        """The node's runtime of ``table_id``, loaded and replayed on first use."""
        rt = self.runtimes.get(table_id)
        if rt is None:
            async with self._service.loading:
                rt = self.runtimes.get(table_id)
                if rt is None:
                    found = await self._service.db(self._service.store.tables.table, table_id)
                    if found is None:
                        raise ServerError("not_found", f"no table {table_id!r}", 404)
                    rt = Runtime(table=found[0], seats=found[1])
                    await self._load_game(rt)
                    await self._load_names(rt)
                    await self._load_chat(rt)
                    self.runtimes[table_id] = rt
        rt.last_active = time.monotonic()
        return rt

    async def _load_chat(self, rt: Runtime) -> None:
        service = self._service
        rows = await service.db(service.store.tables.chat_history, rt.id, CHAT_HISTORY)
        rt.chat.clear()
        rt.chat.extend(
            protocol.chat_message(r.id, r.user_id, r.name, None, r.text, r.channel) for r in rows
        )

    async def _load_names(self, rt: Runtime) -> None:
        ids = [s.user_id for s in rt.seats if s.user_id] + [rt.table.owner_id]
        users = await self._service.db(self._service.store.accounts.users, ids)
        rt.names = {uid: user.name for uid, user in users.items()}
        rt.people = {uid: user.owner_id or uid for uid, user in users.items()}

    async def _load_game(self, rt: Runtime) -> None:
        """Rebuild the table's current game by replaying its whole log."""
        rt.game_row, rt.state, rt.version, rt.action_keys = None, None, 0, {}
        if rt.table.game_id is None:
            return
        glog = await self._service.db(self._service.store.games.game_log, rt.table.game_id)
        assert glog is not None
        rt.game_row = glog.game
        if glog.game.status == "aborted":
            return
        rt.state = games.rebuild(glog.game.game, glog.game.record, [a.action for a in glog.actions])
        rt.version = len(glog.actions)
        rt.turn_started = glog.game.started_at
        gameclock.reset(rt)
        for a in glog.actions:
            rt.remember((a.user_id, a.seat, a.action_id), a.index, a.action)
            gameclock.charge(rt, a.seat, a.created_at)
            rt.turn_started = a.created_at

    async def reload(self, rt: Runtime) -> None:
        """Read the table, its seats and its game again (another node changed them)."""
        found = await self._service.db(self._service.store.tables.table, rt.id)
        assert found is not None
        rt.table, rt.seats = found
        await self._load_game(rt)
        await self._load_names(rt)

    def release_idle(self) -> int:
        """Forget the tables nobody needs in memory (:meth:`Runtime.idle` for
        ``Settings.idle_release`` seconds); returns how many were released."""
        cutoff = time.monotonic() - self._service.settings.idle_release
        idle = [k for k, rt in self.runtimes.items() if rt.idle() and rt.last_active < cutoff]
        for table_id in idle:
            del self.runtimes[table_id]
        return len(idle)

    # -- seeing a table ----------------------------------------------------------------------

    def table_view(self, rt: Runtime) -> dict[str, Any]:
        """The description of a table its viewers may see (never an invite or a
        token). A seated name that looks like an earlier seat's is shown with a
        number, so nobody can pass for another player at the table. A kept seat says
        what kind of guest it waits for (``reservation``: ``invite``, ``player`` or
        ``bot``), never who: each client's ``state`` tells it the seat kept for it."""
        seats = []
        shown: list[str] = []
        for seat in rt.seats:
            if seat.kind == "bot":
                name: str | None = f"bot ({seat.bot_level})"
            else:
                name = rt.names.get(seat.user_id or "")
                if name is not None:
                    twins = sum(same_name(name, other) for other in shown)
                    shown.append(name)
                    if twins:
                        name = f"{name} ({twins + 1})"
            seats.append(
                {
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "user_id": seat.user_id,
                    "name": name,
                    "level": seat.bot_level if seat.kind == "bot" else None,
                    "open": seat.kind == "human" and seat.user_id is None and not seat.reserved_for,
                    "reserved": seat.user_id is None and seat.reserved_for is not None,
                    **_reservation(seat),
                    "connected": seat.kind == "bot" or rt.connected(seat.seat),
                    "controller": rt.controller.get(seat.seat, "player"),
                    "away_since": rt.away_since.get(seat.seat),
                }
            )
        return {
            "id": rt.id,
            "game": rt.table.game,
            "rules": rt.table.rules,
            "status": rt.table.status,
            "public": rt.table.public,
            "rated": rt.table.rated,
            "owner": {"id": rt.table.owner_id, "name": rt.names.get(rt.table.owner_id)},
            "turn_timer": rt.table.turn_timer,
            "clock": rt.table.clock,
            "spectator_chat": rt.table.spectator_chat,
            "game_id": rt.table.game_id,
            "game_number": rt.game_row.number if rt.game_row else 0,
            "seats": seats,
            "proposals": {kind: sorted(agreed) for kind, agreed in sorted(rt.votes.items())},
            "claim_after": self._service.settings.claim_after,
        }

    async def lobby(self, status: str = "waiting") -> list[dict[str, Any]]:
        """Public tables waiting for players (``status="playing"``: being played), as
        :meth:`table_view` shows them without saying whom a seat is kept for, with
        their ``spectators``: how many people watch on this node."""
        out = []
        for table, seats in await self._service.db(self._service.store.tables.lobby, status):
            rt = self.runtimes.get(table.id)
            if rt is None:
                rt = Runtime(table=table, seats=seats)
                await self._load_names(rt)
            view = self.table_view(rt)
            view["spectators"] = len({c.user_id for c in rt.clients if c.seat is None})
            out.append(view)
        return out

    async def renamed(self, user: UserRow) -> None:
        """Show ``user``'s new name at the tables this node holds where they sit."""
        for rt in list(self.runtimes.values()):
            if user.id in rt.names:
                async with rt.lock:
                    rt.names[user.id] = user.name
                    await self._service.play.table_changed(rt)

    @staticmethod
    def check(
        rt: Runtime, user: UserRow | None, command: Command, invite: str | None = None
    ) -> None:
        """Refuse ``command`` unless the policy (:mod:`cardtable.server.policy`) lets
        ``user`` ask it of the table."""
        refusal = authorize(roles_of(rt, user.id if user else None, invite), command, rt.id)
        if refusal is not None:
            raise refusal

    async def authorized(
        self, table_id: str, user: UserRow | None, command: Command, invite: str | None = None
    ) -> Runtime:
        """The runtime of a table ``user`` may ask ``command`` of."""
        rt = await self.runtime(table_id)
        self.check(rt, user, command, invite)
        return rt

    async def visible(self, table_id: str, user: UserRow | None, invite: str | None) -> Runtime:
        """The runtime of a table ``user`` may see."""
        return await self.authorized(table_id, user, Command.VIEW, invite)

    async def my_tables(self, user: UserRow) -> list[dict[str, Any]]:
        """Tables where ``user`` holds or is invited to a seat and a game waits or is
        played (how a bot finds the tables it was seated at)."""
        out = []
        for table in await self._service.db(self._service.store.tables.tables_of, user.id):
            out.append(self.table_view(await self.runtime(table.id)))
        return out

    # -- seats ---------------------------------------------------------------------------------

    async def join(
        self, user: UserRow, table_id: str, seat: int | None, invite: str | None
    ) -> dict[str, Any]:
        """Seat ``user`` at an open human seat (the first open one if ``seat`` is None),
        at the seat kept for it (a named player, or a bot account accepting an
        invitation), or with the table's ``invite`` at a seat kept for its holders.
        A seat kept for the invite's holders is refused without it."""
        service = self._service
        rt = await self.authorized(table_id, user, Command.JOIN, invite)
        invited = holds_invite(rt, invite)
        async with rt.lock:
            _check_open(rt)
            if rt.seat_of(user.id) is not None:
                raise ServerError("already_seated", "you already have a seat at this table", 409)
            kept = (user.id, INVITE_SEAT) if invited else (user.id,)
            mine = [s.seat for s in rt.seats if s.user_id is None and s.reserved_for in kept]
            free = [
                s.seat
                for s in rt.seats
                if s.kind == "human" and s.user_id is None and s.reserved_for is None
            ]
            choices = mine + free
            if seat is None:
                if not choices:
                    raise ServerError("table_full", "no open seat at this table", 409)
                seat = choices[0]
            if seat not in choices:
                raise ServerError("seat_taken", _not_open(rt, seat), 409)
            if not await service.db(service.store.tables.take_seat, rt.id, seat, user.id, invited):
                await self.reload(rt)
                raise ServerError("seat_taken", f"seat {seat} is not open", 409)
            rt.seats[seat].user_id = user.id
            rt.names[user.id] = user.name
            rt.people[user.id] = user.owner_id or user.id
            rt.votes.clear()
            rt.seat_clients()
            await service.play.table_changed(rt)
            return self.table_view(rt)

    async def seat_token_user(self, rt: Runtime, token: str | None) -> UserRow | None:
        """The bot user of an external seat whose one-table token this is (the
        token returned in ``bot_tokens`` when the table was made); the first
        connection creates that user and gives it the seat."""
        if not token:
            return None
        service = self._service
        digest = hash_token(token)
        async with rt.lock:
            for seat in rt.seats:
                if seat.kind == "external" and seat.bot_level == digest:
                    if seat.user_id is not None:
                        return await service.db(service.store.accounts.user, seat.user_id)
                    name = f"external bot {seat.seat}"
                    user = await service.db(service.store.accounts.create_user, name, "bot")
                    await service.db(service.store.tables.set_seat_user, rt.id, seat.seat, user.id)
                    seat.user_id = user.id
                    rt.names[user.id] = user.name
                    rt.people[user.id] = rt.table.owner_id
                    return user
        return None

    # -- games ---------------------------------------------------------------------------------

    async def start_game(
        self, user: UserRow, table_id: str, seed: int | None = None
    ) -> dict[str, Any]:
        """Deal a new game at the table (the first one, or a rematch once the last is
        over). Only the owner may start; every seat must be taken."""
        rt = await self.authorized(table_id, user, Command.START)
        self._check_seed(seed)
        async with rt.lock:
            await self._deal(rt, seed)
            return self.table_view(rt)

    def _check_seed(self, seed: int | None) -> None:
        if seed is not None and not self._service.settings.allow_seed:
            raise ServerError("bad_request", "choosing the seed is not allowed on this server")

    async def _deal(self, rt: Runtime, seed: int | None) -> None:
        """Deal a new game (the caller holds the lock and may deal)."""
        _check_open(rt)
        if rt.in_play:
            raise ServerError("game_in_progress", "a game is already being played", 409)
        if any(s.kind == "human" and s.user_id is None for s in rt.seats):
            raise ServerError("seats_open", "every human seat must be taken first", 409)
        if any(s.reserved_for and s.user_id is None for s in rt.seats):
            raise ServerError("seats_open", "an invited bot has not taken its seat yet", 409)
        if rt.table.rated:
            _check_one_seat(rt)
        if seed is None:
            seed = secrets.randbits(48)
        state = games.new_game(rt.table.game, rt.table.rules, seed)
        await self._begin(rt, games.initial_record(state))

    async def rematch(
        self, user: UserRow, table_id: str, seed: int | None = None
    ) -> dict[str, Any]:
        """Propose a rematch once the last game is over, or agree to one proposed: the
        new game is dealt at the same seats when every seated person agreed (at once
        when the caller is the only one)."""
        self._check_seed(seed)
        rt = await self.authorized(table_id, user, Command.REMATCH)
        async with rt.lock:
            _check_open(rt)
            if rt.in_play or rt.game_row is None:
                raise ServerError("game_not_over", "a rematch is proposed once a game is over", 409)
            if self._agreed(rt, user, "rematch"):
                await self._deal(rt, seed)
            else:
                await self._service.play.table_changed(rt)
            return self.table_view(rt)

    def _agreed(self, rt: Runtime, user: UserRow, proposal: str) -> bool:
        """Count ``user``'s agreement to ``proposal``; True (and the votes cleared) when
        every seated person agreed. Only seated people vote (the policy's
        :data:`~cardtable.server.policy.Role.PLAYER`); bots never do."""
        seat = _seat_of(rt, user)
        agreed = rt.votes.setdefault(proposal, set())
        agreed.add(seat)
        if set(_voters(rt)) <= agreed:
            rt.votes.clear()
            return True
        return False

    async def decline(self, user: UserRow, table_id: str, proposal: str) -> dict[str, Any]:
        """A seated person turns down an open proposal (``abort`` or ``rematch``): it
        is withdrawn."""
        rt = await self.authorized(table_id, user, Command.DECLINE)
        async with rt.lock:
            if proposal not in rt.votes:
                raise ServerError("no_proposal", f"no {proposal} was proposed", 409)
            del rt.votes[proposal]
            await self._service.play.table_changed(rt)
            return self.table_view(rt)

    async def start_from_record(self, table_id: str, record: dict[str, Any]) -> None:
        """Start the table's game from an initial ``record`` (its deal); for tests and
        imports. The record's actions are not replayed here."""
        rt = await self.runtime(table_id)
        async with rt.lock:
            await self._begin(rt, record)

    async def _begin(self, rt: Runtime, record: dict[str, Any]) -> None:
        service = self._service
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
            rated=rt.table.rated,
        )
        if not await service.db(service.store.games.start_game, rt.id, row, rt.table.game_id):
            await self.reload(rt)
            raise ServerError("conflict", "the table changed; try again", 409)
        rt.table.game_id = row.id
        rt.table.status = "playing"
        rt.game_row = row
        rt.state = games.rebuild(row.game, record, [])
        rt.version = 0
        rt.action_keys = {}
        rt.controller = {}
        rt.votes.clear()
        rt.turn_started = service.clock.now()
        gameclock.reset(rt)
        service.scheduler.arm_holds(rt)
        await service.play.table_changed(rt)
        service.scheduler.after_change(rt)

    async def abort(self, user: UserRow, table_id: str) -> dict[str, Any]:
        """End the game in play without a result (unrated). The table waits for a
        new game.

        The owner aborts at once before the first action, at any time a casual game,
        and a rated game while it waits for another player (a person or an outside
        bot: the server's own seats never stall), so that nobody escapes a rating by
        aborting on their own turn. Otherwise a seated person proposes it (or agrees
        to it), and the game is aborted once every seated person agreed."""
        service = self._service
        rt = await self.authorized(table_id, user, Command.ABORT)
        async with rt.lock:
            if not rt.in_play or rt.game_row is None or rt.state is None:
                raise ServerError("no_game", "no game is being played at this table", 409)
            if not self._owner_may_abort(rt, user) and not self._agreed(rt, user, "abort"):
                await service.play.table_changed(rt)
                return self.table_view(rt)
            if not await service.db(service.store.games.abort_game, rt.id, rt.game_row.id):
                await self.reload(rt)
                raise ServerError("conflict", "the game ended meanwhile", 409)
            service.scheduler.stop(rt)
            rt.game_row.status = "aborted"
            rt.table.status = "waiting"
            rt.state, rt.version, rt.action_keys, rt.controller = None, 0, {}, {}
            rt.votes.clear()
            await service.play.table_changed(rt)
            return self.table_view(rt)

    def _owner_may_abort(self, rt: Runtime, user: UserRow) -> bool:
        """Whether the owner may abort the game alone now (see :meth:`abort`)."""
        assert rt.game_row is not None and rt.state is not None
        if user.id != rt.table.owner_id:
            return False
        to_move = rt.state.to_move
        waiting_for_other = (
            to_move is not None
            and self._service.scheduler.bot_level(rt, int(to_move)) is None
            and _person(rt, rt.seats[int(to_move)]) != user.id
        )
        if not rt.game_row.rated or rt.version == 0 or waiting_for_other:
            return True
        if rt.seat_of(user.id) is None:
            raise ServerError(
                "abort_refused",
                "a rated game is aborted only before its first move or while it waits "
                "for another player",
                409,
            )
        return False

    async def resign(self, user: UserRow, table_id: str) -> dict[str, Any]:
        """The caller's seat concedes the game in play (in a partnership game, for its
        team): the game ends with the result as it stands, ``"resigned"`` naming the
        seat, and is rated like any finished game."""
        rt = await self.authorized(table_id, user, Command.RESIGN)
        async with rt.lock:
            seat = _seat_of(rt, user)
            if not rt.in_play or rt.game_row is None or rt.state is None:
                raise ServerError("not_in_play", "no game is being played at this table", 409)
            await self.concede(rt, seat)
            return self.table_view(rt)

    async def concede(self, rt: Runtime, seat: int, flagged: bool = False) -> None:
        """End the game in play as lost by ``seat`` (see :meth:`resign`); ``flagged``:
        on time, its game clock ran out (the result also says ``"flagged": seat``).
        The caller holds the table's lock."""
        service = self._service
        assert rt.game_row is not None and rt.state is not None
        result = games.resigned_result(rt.table.game, rt.state, seat)
        if flagged:
            result["flagged"] = seat
        players = service.stats.player_ids(rt)
        finished = await service.db(
            service.store.games.finish_game,
            rt.game_row.id,
            rt.version,
            result,
            players,
            rt.game_row.rated,
        )
        if not finished:
            await self.reload(rt)
            raise ServerError("conflict", "the game changed meanwhile; try again", 409)
        service.scheduler.stop(rt)
        rt.game_row.status, rt.game_row.result = "finished", result
        rt.table.status = "finished"
        rt.votes.clear()
        await service.play.table_changed(rt)

    async def leave(self, user: UserRow, table_id: str) -> dict[str, Any]:
        """The caller gets up: before the deal (or once a game is over) the seat is
        open again; during a game a bot takes the seat for good (the caller still
        plays the game: its result counts for them)."""
        rt = await self.authorized(table_id, user, Command.LEAVE)
        async with rt.lock:
            await self._get_up(rt, rt.seats[_seat_of(rt, user)])
            return self.table_view(rt)

    async def _get_up(self, rt: Runtime, row: SeatRow) -> None:
        """Free ``row``, or give it to the takeover bot during a game."""
        if rt.in_play and row.user_id is not None:
            _to_bot(rt, row, None)
        else:
            row.kind, row.user_id, row.reserved_for, row.bot_level = "human", None, None, None
        await self._seat_changed(rt, row)

    async def remove_player(self, user_ids: Sequence[str]) -> None:
        """Take removed users out of every table: each gets up from the seats it
        holds or is kept (a bot plays a seat in a game to its end), and the tables it
        owns close unless a game is played there."""
        service = self._service
        for user_id in user_ids:
            for table in await service.db(service.store.tables.tables_of, user_id):
                rt = await self.runtime(table.id)
                async with rt.lock:
                    for row in rt.seats:
                        if user_id in (row.user_id, row.reserved_for):
                            await self._get_up(rt, row)
            for table_id in await service.db(service.store.tables.tables_owned, user_id):
                rt = await self.runtime(table_id)
                async with rt.lock:
                    if not rt.in_play:
                        await self._close(rt)

    async def set_seat(
        self, user: UserRow, table_id: str, seat: int, kind: str, level: str | None
    ) -> dict[str, Any]:
        """The owner gives ``seat`` to a bot (``kind`` ``bot``, at ``level``) or frees it
        (``open``: not while a game is played, which needs someone in every seat)."""
        rt = await self.authorized(table_id, user, Command.SET_SEAT)
        async with rt.lock:
            _check_open(rt)
            if not 0 <= seat < len(rt.seats):
                raise ServerError("bad_request", f"seat must be 0 to {len(rt.seats) - 1}")
            row = rt.seats[seat]
            if rt.in_play:
                self._check_seat_change_in_play(rt, row, kind)
            if kind == "bot":
                try:
                    _to_bot(rt, row, level)
                except ValueError as error:
                    raise ServerError("bad_request", str(error)) from None
            elif rt.in_play:
                raise ServerError(
                    "game_in_progress",
                    "a seat is freed between games: give it to a bot for this one",
                    409,
                )
            else:
                row.kind, row.user_id, row.reserved_for, row.bot_level = "human", None, None, None
            await self._seat_changed(rt, row)
            return self.table_view(rt)

    def _check_seat_change_in_play(self, rt: Runtime, row: SeatRow, kind: str) -> None:
        """The seat rules while a game is played: a server bot's level changes
        between games only; a seat whose player (a person or an outside bot) is
        connected is given to no one; an absent player's seat goes to a bot only
        once they have been away ``Settings.claim_after`` seconds."""
        if kind != "bot":
            return  # freeing a seat mid-game is refused below
        if row.kind == "bot":
            raise ServerError(
                "game_in_progress", "a bot's level changes between games, not during one", 409
            )
        if row.user_id is None:
            return
        if rt.connected(row.seat):
            raise ServerError(
                "seat_in_use",
                f"seat {row.seat}'s player is here: their seat is given to no one during a game",
                409,
            )
        self._check_claim_time(rt.away_since.get(row.seat), f"seat {row.seat}'s player")

    def _check_claim_time(self, since: float | None, who: str) -> None:
        """Refuse ``not_idle`` until ``Settings.claim_after`` seconds have passed
        since ``since`` (the turn began, or the player left; None: not yet)."""
        waited = 0.0 if since is None else self._service.clock.now() - since
        left = self._service.settings.claim_after - waited
        if left > 0:
            raise ServerError(
                "not_idle",
                f"{who} has {left:.0f} more seconds before their seat may be claimed",
                409,
                {"seconds": max(1, round(left))},
            )

    async def claim(self, user: UserRow, table_id: str, seat: int) -> dict[str, Any]:
        """Another seated person lets a bot play ``seat``, whose player has been to
        move without moving for ``Settings.claim_after`` seconds; the player takes
        the seat back with :meth:`take_back` (or by connecting again)."""
        service = self._service
        rt = await self.authorized(table_id, user, Command.CLAIM)
        async with rt.lock:
            mine = _seat_of(rt, user)
            state = rt.state
            if not rt.in_play or state is None:
                raise ServerError("not_in_play", "no game is being played at this table", 409)
            if not 0 <= seat < len(rt.seats) or seat == mine:
                raise ServerError("bad_request", "claim another player's seat")
            if state.to_move != seat or service.scheduler.bot_level(rt, seat) is not None:
                raise ServerError("not_idle", "that seat is not a player's to move", 409)
            self._check_claim_time(rt.turn_started, "the player")
            rt.controller[seat] = "bot"
            service.play.send_seat(rt, seat)
            service.scheduler.after_change(rt)
            return self.table_view(rt)

    async def take_back(self, user: UserRow, table_id: str) -> dict[str, Any]:
        """The caller takes back the seat a bot plays for them after a claim."""
        service = self._service
        rt = await self.authorized(table_id, user, Command.TAKE_BACK)
        async with rt.lock:
            seat = _seat_of(rt, user)
            if rt.controller.pop(seat, None) == "bot":
                service.play.send_seat(rt, seat)
                service.scheduler.after_change(rt)
            return self.table_view(rt)

    async def _seat_changed(self, rt: Runtime, row: SeatRow) -> None:
        """Store a seat that changed hands and tell everyone; its old player's
        connections become spectators'."""
        service = self._service
        await service.db(service.store.tables.set_seat, row)
        rt.controller.pop(row.seat, None)
        hold = rt.holds.pop(row.seat, None)
        if hold is not None:
            hold.cancel()
        rt.votes.clear()
        rt.seat_clients()
        await service.play.table_changed(rt)
        service.scheduler.after_change(rt)

    async def close(self, user: UserRow, table_id: str) -> None:
        """The owner deletes a table no game is played at: it leaves the lobby and
        takes no one any more; whoever is connected is told."""
        rt = await self.authorized(table_id, user, Command.CLOSE)
        async with rt.lock:
            _check_open(rt)
            if rt.in_play:
                raise ServerError(
                    "game_in_progress", "a game is being played: abort or finish it first", 409
                )
            await self._close(rt)

    async def _close(self, rt: Runtime) -> None:
        """Close the table (no game is played at it); the caller holds its lock."""
        service = self._service
        if not await service.db(service.store.tables.close_table, rt.id):
            await self.reload(rt)
            raise ServerError("conflict", "the table changed meanwhile; try again", 409)
        rt.table.status = "closed"
        rt.votes.clear()
        await service.play.table_changed(rt)


def _seat_of(rt: Runtime, user: UserRow) -> int:
    """The seat ``user`` holds; ``not_seated`` when none."""
    seat = rt.seat_of(user.id)
    if seat is None:
        raise ServerError("not_seated", "you hold no seat at this table", 403)
    return seat


def _check_open(rt: Runtime) -> None:
    if rt.table.status == "closed":
        raise ServerError("table_closed", "the owner closed this table", 409)


def _to_bot(rt: Runtime, row: SeatRow, level: str | None) -> None:
    """Make ``row`` a server bot's seat at ``level`` (the takeover level by default)."""
    level = level or level_for(TAKEOVER_LEVEL, rt.table.game)
    check_level(level, rt.table.game)
    row.kind, row.user_id, row.reserved_for, row.bot_level = "bot", None, None, level


def _voters(rt: Runtime) -> list[int]:
    """The seats whose people vote on proposals: every seat a person holds (bots,
    the server's or from outside, never vote)."""
    return [s.seat for s in rt.seats if s.kind == "human" and s.user_id is not None]


def _reservation(seat: SeatRow) -> dict[str, Any]:
    """What ``seat`` is kept for: ``invite`` (the invite's holders), ``player`` (a
    named account), ``bot`` (an invited bot account) or nothing; never whom."""
    kept = seat.reserved_for
    if kept is None:
        return {"reservation": None}
    if kept == INVITE_SEAT:
        return {"reservation": "invite"}
    return {"reservation": "player" if seat.kind == "human" else "bot"}


def _not_open(rt: Runtime, seat: int) -> str:
    """Why ``seat`` cannot be taken by the caller."""
    if not 0 <= seat < len(rt.seats):
        return f"there is no seat {seat} at this table"
    row = rt.seats[seat]
    if row.user_id is None and row.reserved_for == INVITE_SEAT:
        return f"seat {seat} is kept for a friend of the owner: open the table with its invite link"
    if row.user_id is None and row.reserved_for is not None:
        return f"seat {seat} is kept for another player"
    return f"seat {seat} is not open"


def _check_one_seat(rt: Runtime) -> None:
    """Refuse a rated table where one person controls two seats: their own seat, a
    one-table token's external seat (held by the owner), or their bot account's."""
    people = [p for seat in rt.seats if (p := _person(rt, seat)) is not None]
    twice = [person for person, count in Counter(people).items() if count > 1]
    if twice:
        raise ServerError(
            "one_seat_rated",
            "at a rated table one person controls at most one seat (their own, a "
            "one-table bot token's, or their bot account's): make the table casual "
            '("rated": false) or give the seats to others',
            409,
        )


def _person(rt: Runtime, seat: SeatRow) -> str | None:
    """Who controls ``seat``: its user (the owner, for a bot account), the table's
    owner for a one-table token's external seat, None for the server's bots."""
    if seat.kind == "external" and seat.bot_level:
        return rt.table.owner_id
    if seat.user_id is None:
        return None
    return rt.people.get(seat.user_id, seat.user_id)
