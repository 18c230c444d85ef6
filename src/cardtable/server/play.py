"""The play pipeline: an action is checked (the sender's seat and turn, its id as
the sender's idempotency key), applied through the engine, written before it is
announced, and then sent to everyone, each seat with its own observation.

Across nodes, the database's version check serializes actions: a node that loses
the race catches up from the database (:meth:`Play.catch_up`), and
:mod:`cardtable.server.hub` tells the other nodes to do the same.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from cardtable.errors import IllegalAction
from cardtable.server import gameclock, games, protocol
from cardtable.server.policy import Command, authorize, roles_of
from cardtable.server.protocol import ServerError
from cardtable.server.runtime import ActionKey, Client, Runtime, chat_room
from cardtable.server.store import Conflict, DuplicateAction, PendingAction
from cardtable.server.text import clean_chat

if TYPE_CHECKING:
    from cardtable.server.service import Service

__all__ = ["Play"]

log = logging.getLogger("cardtable.server")


class Play:
    """Actions, the messages they cause, connections and chat at a table."""

    def __init__(self, service: Service) -> None:
        self._service = service
        self._appender = _GroupCommit(service)

    # -- what a client sees ------------------------------------------------------------------

    def state_message(
        self, rt: Runtime, client: Client, table: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The whole table for ``client``: the table (its ``table_view``, when the
        caller has it) with every seat's controller, the version, the clock, its
        seat's observation (spectators: the game's public view), its room's chat, and
        the empty seat kept for it (a named player's, before they sit down)."""
        state = rt.state
        observation = view = None
        if state is not None and client.seat is not None:
            observation = state.observation(client.seat).to_dict()
        elif state is not None:
            view = games.public_view(state)
        return protocol.state_message(
            table if table is not None else self._service.tables.table_view(rt),
            client.seat,
            rt.version,
            None if state is None else _int_or_none(state.to_move),
            self._service.scheduler.deadline(rt),
            observation,
            rt.result(),
            rt.chat_for(client),
            rt.kept_for(client.user_id),
            gameclock.clock_view(rt, self._service.clock.now()),
            view,
        )

    def send_all(self, rt: Runtime, message: dict[str, Any]) -> None:
        """Send ``message`` to every client at the table on this node."""
        for client in list(rt.clients):
            client.send(message)

    def send_seat(self, rt: Runtime, seat: int, skip: Client | None = None) -> None:
        """Tell everyone at the table on this node (but ``skip``) who controls
        ``seat`` now and whether its player is connected (a ``seat`` message)."""
        table = self._service.tables.table_view(rt)
        message = protocol.seat_message(seat, rt.controller.get(seat, "player"), table)
        for client in list(rt.clients):
            if client is not skip:
                client.send(message)

    def _send_states(self, rt: Runtime) -> None:
        """Send every client at the table on this node its whole state (the table
        described once for all)."""
        table = self._service.tables.table_view(rt)
        for client in list(rt.clients):
            client.send(self.state_message(rt, client, table))

    async def table_changed(self, rt: Runtime) -> None:
        """Send everyone the new table and state, and tell the other nodes."""
        self._send_states(rt)
        await self._service.hub.publish({"kind": "table", "table": rt.id})

    # -- connections -------------------------------------------------------------------------

    async def attach(self, table_id: str, client: Client) -> Runtime:
        """Connect ``client`` to the table (loaded again if it was released): a
        returning player takes the seat back from the bot. Its first message is the
        whole table state; the others get a ``seat`` message when a seat's player
        arrives."""
        rt = await self._service.tables.runtime(table_id)
        async with rt.lock:
            seat = client.seat
            arriving = seat is not None and not rt.connected(seat)
            taken_back = seat is not None and rt.controller.get(seat) == "bot"
            rt.clients.add(client)
            if seat is not None:
                rt.away_since.pop(seat, None)
                self._service.scheduler.returned(rt, seat)  # says so when taken back
            client.send(self.state_message(rt, client))
            if seat is not None and arriving and not taken_back:
                self.send_seat(rt, seat, skip=client)  # the others see the player is here
        return rt

    async def detach(self, rt: Runtime, client: Client) -> None:
        """A client left: if it was the seat's last connection, hold the seat (and
        tell everyone its player is away)."""
        async with rt.lock:
            rt.clients.discard(client)
            rt.last_active = time.monotonic()
            if client.seat is not None and not rt.connected(client.seat):
                rt.away_since[client.seat] = self._service.clock.now()
                self._service.scheduler.hold(rt, client.seat)
                self.send_seat(rt, client.seat)  # everyone sees the player is away

    async def chat(self, rt: Runtime, client: Client, text: str) -> None:
        """Store a chat line and send it to its room: the players' lines to the
        seated, the spectators' to the spectators (who have no chat when the owner
        turned it off)."""
        service = self._service
        room = chat_room(client)
        if room == "spectators" and rt.table.spectator_chat == "off":
            raise ServerError("chat_off", "the owner turned the spectators' chat off", 403)
        text = clean_chat(text)
        await service.limits.hit("chat", client.user_id)
        name = client.name
        if client.seat is not None:  # as the table shows it ("Alice (2)")
            name = service.tables.table_view(rt)["seats"][client.seat]["name"] or name
        line_id = await service.db(
            service.store.tables.add_chat, rt.id, client.user_id, name, text, room
        )
        message = protocol.chat_message(line_id, client.user_id, name, client.seat, text, room)
        self._said(rt, message)
        await service.hub.publish({"kind": "chat", "table": rt.id, "message": message})

    @staticmethod
    def _said(rt: Runtime, message: dict[str, Any]) -> None:
        """Keep a chat line and send it to the clients of its room on this node."""
        rt.chat.append(message)
        for client in list(rt.clients):
            if chat_room(client) == message["channel"]:
                client.send(message)

    # -- actions -----------------------------------------------------------------------------

    async def submit(
        self, rt: Runtime, user_id: str, action_id: str, action: str
    ) -> dict[str, Any]:
        """Apply a player's action once. ``action_id`` is the sender's idempotency
        key: the same sender (user and seat) resending the same move with it gets a
        ``duplicate`` ack and changes nothing; another sender's ids never matter."""
        async with rt.lock:
            rt.last_active = time.monotonic()
            refusal = authorize(roles_of(rt, user_id, admitted=True), Command.ACT, rt.id)
            if refusal is not None:
                raise refusal
            seat = rt.seat_of(user_id)
            assert seat is not None  # the policy lets only the seated act
            key: ActionKey = (user_id, seat, action_id)
            if key in rt.action_keys:
                return _duplicate(rt, key, action)
            if rt.state is None:
                raise ServerError("not_started", "the game has not started yet", 409)
            for _attempt in range(3):
                if not rt.in_play:
                    raise ServerError("game_over", "the game is over: ask for a rematch", 409)
                to_move = _int_or_none(rt.state.to_move)
                if to_move != seat:
                    raise ServerError(
                        "not_your_turn",
                        f"it is another seat's turn (seat {to_move}, counting from 0)",
                        409,
                        {"seat": to_move},
                    )
                try:
                    return await self.apply_locked(rt, seat, action, key)
                except Conflict:
                    await self.catch_up(rt, rebuild=True)
                    if key in rt.action_keys:
                        return _duplicate(rt, key, action)
            raise ServerError("conflict", "the table is busy: try again", 409)

    async def apply_locked(
        self, rt: Runtime, seat: int, action: str, key: ActionKey, source: str | None = None
    ) -> dict[str, Any]:
        """Apply through the engine, persist, then tell everyone; the caller holds the
        table's lock. Raises :class:`Conflict` when another node took this version.
        ``source`` says who chose the action when not the seat's player (``bot``,
        ``takeover``, ``timeout``)."""
        service = self._service
        state, game_row = rt.state, rt.game_row
        assert state is not None and game_row is not None
        user_id, _seat, action_id = key
        before = games.snapshot(state)
        try:
            canonical = games.apply_action(state, action)
        except IllegalAction as error:
            raise ServerError("illegal_action", str(error), 409, _refusal(action, error)) from None
        result = games.game_result(rt.table.game, state) if state.is_over else None
        try:
            if result is None:
                await self._appender.append(
                    PendingAction(
                        game_row.id, rt.version, seat, canonical, action_id, user_id, source
                    )
                )
            else:
                await service.db(
                    service.store.games.append_action,
                    game_row.id,
                    rt.version,
                    seat,
                    canonical,
                    action_id,
                    user_id,
                    result,
                    service.stats.player_ids(rt),
                    source,
                    game_row.rated,
                )
        except DuplicateAction:
            await self.catch_up(rt, rebuild=True)
            return _duplicate(rt, key, action)
        except Conflict:
            raise
        except Exception:
            log.exception("could not store an action at table %s", rt.id)
            await self.catch_up(rt, rebuild=True)
            raise ServerError(
                "internal", "the action could not be stored; try again", 500
            ) from None
        rt.version += 1
        rt.remember(key, rt.version - 1, action, canonical)
        now = service.clock.now()
        gameclock.charge(rt, seat, now)
        rt.turn_started = now
        if result is not None:
            rt.table.status = "finished"
            game_row.status = "finished"
            game_row.result = result
        self._broadcast(rt, _events(rt.table.game, state, before, seat, canonical, source))
        await service.hub.publish({"kind": "action", "table": rt.id, "version": rt.version})
        service.scheduler.after_change(rt)
        return protocol.ack_message(action_id, rt.version, duplicate=False, action=canonical)

    def _broadcast(self, rt: Runtime, events: list[dict[str, Any]]) -> None:
        """Send the update of the current version: each seat its observation, every
        spectator the game's public view, everyone the public events."""
        state = rt.state
        assert state is not None
        head = protocol.update_head(
            rt.table.game_id,
            rt.version,
            _int_or_none(state.to_move),
            self._service.scheduler.deadline(rt),
            events,
            gameclock.clock_view(rt, self._service.clock.now()),
        )
        # the public part is encoded once; each seat's observation once per seat
        public = protocol.dumps(head)
        prefix = public[:-1] + ',"observation":'
        texts: dict[int, str] = {}
        watched: str | None = None
        for client in list(rt.clients):
            if client.seat is None:
                if watched is None:
                    watched = public[:-1] + ',"view":' + protocol.dumps(games.public_view(state))
                    watched += "}"
                client.send_text(watched)
                continue
            text = texts.get(client.seat)
            if text is None:
                observation = protocol.dumps(state.observation(client.seat).to_dict())
                text = texts[client.seat] = prefix + observation + "}"
            client.send_text(text)

    async def catch_up(self, rt: Runtime, rebuild: bool = False) -> None:
        """Apply the actions other nodes accepted (after a rebuild to our last stored
        version when ``rebuild``), telling our clients about each."""
        service = self._service
        if rt.game_row is None or rt.state is None:
            return
        if rebuild:
            glog = await service.db(service.store.games.game_log, rt.game_row.id, 0)
            assert glog is not None
            stored = glog.actions[: rt.version]
            rt.state = games.rebuild(glog.game.game, glog.game.record, [a.action for a in stored])
            rt.action_keys = {}
            for a in stored:
                rt.remember((a.user_id, a.seat, a.action_id), a.index, a.action)
            new = glog.actions[rt.version :]
        else:
            glog = await service.db(service.store.games.game_log, rt.game_row.id, rt.version)
            assert glog is not None
            new = [a for a in glog.actions if a.index >= rt.version]
        state = rt.state
        for row in new:
            before = games.snapshot(state)
            canonical = games.apply_action(state, row.action)
            rt.version += 1
            rt.remember((row.user_id, row.seat, row.action_id), row.index, row.action)
            gameclock.charge(rt, row.seat, row.created_at)
            rt.turn_started = row.created_at
            self._broadcast(
                rt, _events(rt.table.game, state, before, row.seat, canonical, row.source)
            )
        if state.is_over:
            rt.table.status = "finished"

    async def end_sessions(
        self, sessions: Iterable[str] = (), user_id: str | None = None, publish: bool = True
    ) -> None:
        """Close (code 4401) every socket on this node authenticated by one of the
        session hashes ``sessions``, or by any session of ``user_id``; with
        ``publish``, every other node does the same."""
        ended = frozenset(sessions)
        for rt in list(self._service.tables.runtimes.values()):
            for client in list(rt.clients):
                if client.session is not None and (
                    client.session in ended or client.user_id == user_id
                ):
                    client.close(4401, "the session ended: log in again")
        if publish:
            notice = {"kind": "sessions_ended", "sessions": sorted(ended), "user": user_id}
            await self._service.hub.publish(notice)

    async def on_notice(self, notice: dict[str, Any]) -> None:
        """Another node changed a table we hold (catch up and tell our clients), or
        ended sessions (close their sockets)."""
        service = self._service
        if notice.get("kind") == "sessions_ended":
            user = notice.get("user")
            await self.end_sessions(
                [str(s) for s in notice.get("sessions") or []],
                str(user) if user is not None else None,
                publish=False,
            )
            return
        rt = service.tables.runtimes.get(str(notice.get("table")))
        if rt is None:
            return
        async with rt.lock:
            kind = notice.get("kind")
            if kind == "chat":
                self._said(rt, notice["message"])
                return
            if kind == "table" or rt.game_row is None:
                await service.tables.reload(rt)
                self._send_states(rt)
            elif int(notice.get("version", 0)) > rt.version:
                await self.catch_up(rt)
            service.scheduler.after_change(rt)


def _duplicate(rt: Runtime, key: ActionKey, action: str) -> dict[str, Any]:
    """The ack of a resent action, or ``id_reused`` when the sender used the id for
    another move."""
    index, spellings = rt.action_keys[key]
    if action not in spellings:
        raise ServerError(
            "id_reused",
            f"you already used the id {key[2]!r} for another move: use a new id per move",
            409,
        )
    return protocol.ack_message(key[2], index + 1, duplicate=True)


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
            self._service.spawn(self._write())
        await future

    async def _write(self) -> None:
        service = self._service
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    outcomes = await service.db(
                        service.store.games.append_actions, [item for item, _ in batch]
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


def _refusal(action: str, error: IllegalAction) -> dict[str, Any]:
    """The details of a refused action: the ``action``, the engine's ``rule`` (its
    code, when it names one) and the ``legal`` actions instead, so that a client says
    it in its own words (the sender's own actions: nothing of another seat)."""
    details: dict[str, Any] = {"action": action}
    if error.code:
        details["rule"] = error.code
    legal = error.params.get("legal")
    if isinstance(legal, list):
        details["legal"] = [str(a) for a in legal]
    return details


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def _events(
    game: str,
    state: games.AnyGame,
    before: games.Snapshot,
    seat: int,
    action: str,
    source: str | None,
) -> list[dict[str, Any]]:
    """The public events of an action, marked with its ``source`` when a bot chose
    it; a timeout is announced by a ``timeout`` event first."""
    events = games.public_events(game, state, before, seat, action)
    if source is not None:
        events[0]["source"] = source
        if source == "timeout":
            events.insert(0, {"type": "timeout", "seat": seat})
    return events
