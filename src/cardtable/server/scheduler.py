"""Who moves when the player does not: seat holds and takeover after a drop, the
turn timer, the server's bots, and the watchdog that resumes any
server-controlled seat left waiting, so that no table can stall for good.

A move the server makes has a random action id and no user: it can never be
predicted, nor collide with a player's id.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from cardtable.server import gameclock
from cardtable.server.bots import TAKEOVER_LEVEL, bot_seed, level_for
from cardtable.server.protocol import ServerError
from cardtable.server.runtime import Runtime
from cardtable.server.store import Conflict, new_id

if TYPE_CHECKING:
    from cardtable.server.service import Service

__all__ = ["Scheduler"]

log = logging.getLogger("cardtable.server")


class Scheduler:
    """Timers, holds, bot moves and the watchdog of every table on the node."""

    def __init__(self, service: Service) -> None:
        self._service = service
        self._watchdog: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the watchdog."""
        self._watchdog = self._service.spawn(self._watch())

    def stop(self, rt: Runtime) -> None:
        """Cancel the table's holds, timer and thinking bot (the game ended or the node
        stops)."""
        for handle in rt.holds.values():
            handle.cancel()
        rt.holds.clear()
        if rt.timer is not None:
            rt.timer.cancel()
            rt.timer = None
        if rt.flag is not None:
            rt.flag.cancel()
            rt.flag = None
        if rt.bot_task is not None:
            rt.bot_task.cancel()
            rt.bot_task = None

    def close(self) -> None:
        """Stop the watchdog and every table's timers and bots."""
        if self._watchdog is not None:
            self._watchdog.cancel()
        for rt in self._service.tables.runtimes.values():
            self.stop(rt)

    async def _watch(self) -> None:
        interval = self._service.settings.watchdog_interval
        while True:
            await asyncio.sleep(interval)
            try:
                await self.sweep()
            except Exception:
                log.exception("watchdog sweep failed")

    async def sweep(self) -> int:
        """Resume every table whose seat to move is the server's and has nothing
        working on it (no bot thinking, no timer armed), and release idle tables;
        returns how many tables were resumed."""
        resumed = 0
        for rt in list(self._service.tables.runtimes.values()):
            if rt.lock.locked() or not self._stalled(rt):
                continue
            async with rt.lock:
                if self._stalled(rt):
                    log.warning("watchdog resumed table %s at version %d", rt.id, rt.version)
                    resumed += 1
                    self.after_change(rt)
        self._service.tables.release_idle()
        return resumed

    def _stalled(self, rt: Runtime) -> bool:
        state = rt.state
        if state is None or not rt.in_play or state.to_move is None:
            return False
        if self.bot_level(rt, int(state.to_move)) is not None:
            return rt.bot_task is None or rt.bot_task.done()
        return self.deadline(rt) is not None and rt.timer is None

    # -- holds and takeover ----------------------------------------------------------------

    def returned(self, rt: Runtime, seat: int) -> None:
        """A client of ``seat`` connected: the player takes the seat back."""
        hold = rt.holds.pop(seat, None)
        if hold is not None:
            hold.cancel()
        if rt.controller.pop(seat, None) == "bot":
            self._service.play.send_seat(rt, seat)

    def arm_holds(self, rt: Runtime) -> None:
        """Hold every player's seat with no connection (a game starts or resumes)."""
        now = self._service.clock.now()
        for seat in rt.seats:
            if seat.kind in ("human", "external") and not rt.connected(seat.seat):
                rt.away_since.setdefault(seat.seat, now)
                self.hold(rt, seat.seat)

    def hold(self, rt: Runtime, seat: int) -> None:
        """Hold ``seat`` for its player; a bot plays it once the hold runs out."""
        if not rt.in_play or seat in rt.holds or rt.controller.get(seat) == "bot":
            return
        rt.holds[seat] = self._service.clock.call_later(
            self._service.settings.hold_seconds,
            lambda: self._service.spawn(self._take_over(rt, seat)),
        )

    async def _take_over(self, rt: Runtime, seat: int) -> None:
        async with rt.lock:
            rt.holds.pop(seat, None)
            if rt.connected(seat) or not rt.in_play:
                return
            rt.controller[seat] = "bot"
            self._service.play.send_seat(rt, seat)
            self.after_change(rt)

    # -- turns -------------------------------------------------------------------------------

    def bot_level(self, rt: Runtime, seat: int) -> str | None:
        """The level that plays ``seat`` now, or None when its player does."""
        row = rt.seats[seat]
        if row.kind == "bot":
            return row.bot_level or level_for(TAKEOVER_LEVEL, rt.table.game)
        if rt.controller.get(seat) == "bot" or rt.timed_out == rt.version:
            return level_for(TAKEOVER_LEVEL, rt.table.game)
        return None

    def after_change(self, rt: Runtime) -> None:
        """After any change: arm the running game clock's flag, and start the bot
        whose turn it is, or the turn timer."""
        state = rt.state
        if rt.timer is not None:
            rt.timer.cancel()
            rt.timer = None
        self._arm_flag(rt)
        if state is None or not rt.in_play or state.to_move is None:
            return
        seat = int(state.to_move)
        if self.bot_level(rt, seat) is not None:
            if rt.bot_task is None or rt.bot_task.done():
                rt.bot_task = self._service.spawn(self._bot_move(rt, seat, rt.version))
            return
        deadline = self.deadline(rt)
        if deadline is not None:
            version = rt.version
            rt.timer = self._service.clock.call_later(
                deadline - self._service.clock.now(),
                lambda: self._service.spawn(self._time_out(rt, version)),
            )

    def deadline(self, rt: Runtime) -> float | None:
        """When the turn timer of the seat to move runs out (Unix time), or None
        without a timer or when a bot is to move."""
        state, timer = rt.state, rt.table.turn_timer
        if not timer or state is None or not rt.in_play or state.to_move is None:
            return None
        if self.bot_level(rt, int(state.to_move)) is not None:
            return None
        return rt.turn_started + timer

    def _arm_flag(self, rt: Runtime) -> None:
        """Call :meth:`_flag` when the running seat's game clock runs out."""
        if rt.flag is not None:
            rt.flag.cancel()
            rt.flag = None
        seat = gameclock.running(rt)
        if seat is None:
            return
        clock, version = self._service.clock, rt.version
        rt.flag = clock.call_later(
            gameclock.remaining(rt, seat, clock.now()),
            lambda: self._service.spawn(self._flag(rt, version)),
        )

    async def _flag(self, rt: Runtime, version: int) -> None:
        """The running seat's time is up (unless it moved meanwhile): it loses on time."""
        async with rt.lock:
            rt.flag = None
            seat = gameclock.running(rt)
            if rt.version != version or seat is None:
                return
            if gameclock.remaining(rt, seat, self._service.clock.now()) > 1e-6:
                self._arm_flag(rt)
                return
            try:
                await self._service.tables.concede(rt, seat, flagged=True)
            except ServerError as error:  # another node ended or changed the game
                log.warning("flag refused at table %s: %s", rt.id, error.code)

    async def _time_out(self, rt: Runtime, version: int) -> None:
        async with rt.lock:
            rt.timer = None
            if rt.version == version:
                rt.timed_out = version
            self.after_change(rt)

    async def _bot_move(self, rt: Runtime, seat: int, version: int) -> None:
        service = self._service
        state, game_id = rt.state, rt.table.game_id
        level = self.bot_level(rt, seat)
        if state is None or level is None or game_id is None:
            return
        observation = state.observation(seat).to_dict()
        try:
            action = await service.pool.decide(
                rt.table.game,
                level,
                observation,
                bot_seed(game_id, version),
                owner=rt.table.owner_id,
                rules=rt.table.rules,
            )
        except Exception:
            log.exception("bot failed at table %s", rt.id)
            action = observation["legal_actions"][0]
        if service.settings.bot_delay:
            await asyncio.sleep(service.settings.bot_delay)
        async with rt.lock:
            rt.bot_task = None
            rt.last_active = time.monotonic()
            if rt.version != version or self.bot_level(rt, seat) is None:
                self.after_change(rt)
                return
            if rt.seats[seat].kind == "bot":
                source = "bot"
            elif rt.controller.get(seat) == "bot":
                source = "takeover"
            else:
                source = "timeout"
            key = (None, seat, f"{source}/{new_id(12)}")
            try:
                await service.play.apply_locked(rt, seat, action, key, source)
            except Conflict:
                await service.play.catch_up(rt, rebuild=True)
                self.after_change(rt)
            except ServerError as error:
                log.warning("bot move refused at table %s: %s", rt.id, error.code)
                self.after_change(rt)
