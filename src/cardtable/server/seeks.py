"""Quick play: people who want a game of the same kind and rules are seated together.

A seek asks for a game (a kind, a preset, rule changes). Seeks of the same game and
the same rules (as the rules module normalizes them) are compatible: once there are
as many as the game has seats, those people are seated together at a new table (the
earliest seeker owns it) and the game is dealt. A seek that has waited its
``bots_after`` seconds is seated at once with every compatible seek waiting then,
bots of its ``level`` taking only the seats no person takes. The seeker learns the
table from ``GET /api/seeks/{id}`` (and the lobby's ``GET /api/online`` counts who
is looking).

Seeks live in the memory of the node that took them: people meet when their seeks
reach the same node (one node, or a load balancer that keeps a user on one node).
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.server import games
from cardtable.server.bots import check_level, level_for
from cardtable.server.clock import Handle
from cardtable.server.protocol import ServerError
from cardtable.server.store import UserRow, new_id

if TYPE_CHECKING:
    from cardtable.server.service import Service

__all__ = ["DEFAULT_BOTS_AFTER", "Seek", "Seeks"]

DEFAULT_BOTS_AFTER = 30.0
"""Seconds a seek waits for people before bots fill the seats left."""

KEPT_AFTER_SEATED = 600.0
"""Seconds a seek that found its table is still answered (then forgotten)."""


@dataclass(eq=False)
class Seek:
    """One person's wish for a game, until they are seated or give up."""

    id: str
    user: UserRow
    game: str
    preset: str | None
    rules: dict[str, Any]
    bots_after: float
    level: str
    created: float
    status: str = "waiting"
    """``waiting``, ``seated`` (``table_id`` and ``seat`` say where) or ``cancelled``."""
    table_id: str | None = None
    seat: int | None = None
    timer: Handle | None = field(default=None, repr=False)
    taken: bool = False
    """Being seated: out of the pool while its table is made."""

    @property
    def key(self) -> str:
        """What compatible seeks share: the game and its normalized rules."""
        return json.dumps([self.game, self.rules], sort_keys=True)

    def view(self, now: float) -> dict[str, Any]:
        """The seek as its seeker sees it."""
        return {
            "id": self.id,
            "game": self.game,
            "preset": self.preset,
            "rules": self.rules,
            "status": self.status,
            "bots_after": self.bots_after,
            "level": self.level,
            "waited": round(max(0.0, now - self.created), 1),
            "table_id": self.table_id,
            "seat": self.seat,
        }


class Seeks:
    """The seeks of this node and the matching that seats them."""

    def __init__(self, service: Service) -> None:
        self._service = service
        self._seeks: dict[str, Seek] = {}

    async def create(
        self,
        user: UserRow,
        game: str,
        preset: str | None,
        rules: dict[str, Any] | None,
        bots_after: float | None,
        level: str | None,
    ) -> Seek:
        """A new seek of ``user`` (one at a time: a second replaces the first), matched
        at once with the compatible seeks waiting."""
        service = self._service
        if user.kind == "bot":
            raise ServerError("forbidden", "bots join tables, they do not seek games", 403)
        try:
            full = games.make_rules(game, preset, rules)
            level = level or level_for("heuristic", game)
            check_level(level, game)
        except ValueError as error:
            raise ServerError("bad_request", str(error)) from None
        await service.limits.hit("table", user.id)
        for old in self._waiting():
            if old.user.id == user.id:
                self._cancel(old)
        now = service.clock.now()
        seek = Seek(
            id=new_id(8),
            user=user,
            game=game,
            preset=preset,
            rules=full,
            bots_after=DEFAULT_BOTS_AFTER if bots_after is None else bots_after,
            level=level,
            created=now,
        )
        self._forget_old(now)
        self._seeks[seek.id] = seek
        self._arm(seek, seek.bots_after)
        group = [s for s in self._waiting() if s.key == seek.key]
        if len(group) >= games.players(game, full):
            await self._seat(group[: games.players(game, full)])
        return seek

    def get(self, user: UserRow, seek_id: str) -> Seek:
        """The seek ``seek_id`` of ``user`` (``not_found`` for anyone else's)."""
        seek = self._seeks.get(seek_id)
        if seek is None or seek.user.id != user.id:
            raise ServerError("not_found", f"you have no seek {seek_id!r}", 404)
        return seek

    def cancel(self, user: UserRow, seek_id: str) -> Seek:
        """Give up the waiting seek ``seek_id`` (a seated one has its table already)."""
        seek = self.get(user, seek_id)
        if seek.status == "seated" or seek.taken:
            raise ServerError("seated", "this seek found its table already", 409)
        self._cancel(seek)
        return seek

    def seeking(self) -> list[Seek]:
        """The seeks waiting, oldest first."""
        return self._waiting()

    def _waiting(self) -> list[Seek]:
        return [s for s in self._seeks.values() if s.status == "waiting" and not s.taken]

    def _arm(self, seek: Seek, delay: float) -> None:
        """Fill ``seek`` with bots once ``delay`` seconds have passed."""
        service = self._service
        seek.timer = service.clock.call_later(delay, lambda: service.spawn(self._fill(seek)))

    def _cancel(self, seek: Seek) -> None:
        seek.status = "cancelled"
        if seek.timer is not None:
            seek.timer.cancel()
        self._seeks.pop(seek.id, None)

    def _forget_old(self, now: float) -> None:
        for seek in list(self._seeks.values()):
            if seek.status == "seated" and now - seek.created > KEPT_AFTER_SEATED:
                del self._seeks[seek.id]

    async def _fill(self, seek: Seek) -> None:
        """``seek`` has waited long enough: seat it with the compatible seeks waiting,
        bots taking the seats left."""
        if seek.status != "waiting":
            return
        group = [s for s in self._waiting() if s.key == seek.key]
        group.sort(key=lambda s: (s is not seek, s.created))
        with contextlib.suppress(ServerError):  # the seek ended (_seat): seek again
            await self._seat(group[: games.players(seek.game, seek.rules)])

    async def _seat(self, group: list[Seek]) -> None:
        """A table for ``group`` (the first seek's person owns it), bots of the first
        seek's level in the seats left, and its game dealt."""
        service = self._service
        first = group[0]
        n = games.players(first.game, first.rules)
        for seek in group:  # taken out of the pool before any await
            seek.taken = True
            if seek.timer is not None:
                seek.timer.cancel()
        bot = {"kind": "bot", "level": first.level}
        seats = [{"kind": "human"}] * len(group) + [bot] * (n - len(group))
        try:
            view, invite = await service.tables.create_table(
                first.user, first.game, None, first.rules, seats, rated=len(group) > 1
            )
            table_id = view["id"]
            for seek in group[1:]:
                await service.tables.join(seek.user, table_id, None, invite)
            await service.tables.start_game(first.user, table_id)
        except ServerError:
            # the owner could not have a table (too many open, a rate limit): their seek
            # ends; the others wait on as they were
            self._cancel(first)
            now = service.clock.now()
            for seek in group[1:]:
                seek.taken = False
                self._arm(seek, max(0.0, seek.created + seek.bots_after - now))
            raise
        rt = await service.tables.runtime(table_id)
        for seek in group:
            seek.table_id, seek.seat = table_id, rt.seat_of(seek.user.id)
            seek.status, seek.taken = "seated", False
