"""Games and their action logs: every accepted action written with the game's new
version in one transaction before anyone is told; the version check makes
concurrent writers (several nodes) safe."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Table,
    bindparam,
    or_,
    select,
    tuple_,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cardtable.server.store.database import Database, Repository
from cardtable.server.store.models import (
    ActionRow,
    AnalysisRow,
    Base,
    GamePlayerRow,
    GameRow,
    TableRow,
)
from cardtable.server.store.ratings import RatingRepository


class Conflict(Exception):
    """Another writer took this game version first."""


class DuplicateAction(Exception):
    """This action id was already accepted in this game."""


@dataclass(frozen=True)
class PendingAction:
    """An action waiting to be appended by :meth:`GameRepository.append_actions`."""

    game_id: str
    version: int
    seat: int
    action: str
    action_id: str
    user_id: str | None
    source: str | None = None


@dataclass(frozen=True)
class GameLog:
    """A game row with its action log, enough to rebuild it by replay."""

    game: GameRow
    actions: list[ActionRow]


class GameRepository(Repository):
    """Games and their action logs: dealt, appended to (alone or in a batch), finished
    (rated in the same transaction), aborted, published, analysed."""

    def __init__(self, database: Database, ratings: RatingRepository) -> None:
        super().__init__(database)
        self._ratings = ratings

    def abort_game(self, table_id: str, game_id: str) -> bool:
        """Mark a game in play aborted (unrated, no result) and its table waiting;
        False if it was not in play."""
        with self.session() as s:
            moved = s.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.status == "playing")
                .values(status="aborted", finished_at=time.time())
            )
            if not moved.rowcount:  # type: ignore[attr-defined]
                return False
            s.execute(update(TableRow).where(TableRow.id == table_id).values(status="waiting"))
            return True

    def publish_game(self, game_id: str) -> None:
        """Make a private table's finished game visible to everyone."""
        with self.session() as s:
            s.execute(update(GameRow).where(GameRow.id == game_id).values(published=True))

    def start_game(self, table_id: str, game: GameRow, expected_game_id: str | None) -> bool:
        """Store ``game`` as the table's current game if the table's current game is
        still ``expected_game_id`` (so two nodes cannot both start one)."""
        with self.session() as s:
            result = s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, _eq_or_null(TableRow.game_id, expected_game_id))
                .values(game_id=game.id, status="playing")
            )
            if not result.rowcount:  # type: ignore[attr-defined]
                s.rollback()
                return False
            s.add(game)
        return True

    def game_log(self, game_id: str, after: int = 0) -> GameLog | None:
        """A game and its actions from index ``after`` on."""
        with self.session() as s:
            game = s.get(GameRow, game_id)
            if game is None:
                return None
            actions = s.scalars(
                select(ActionRow)
                .where(ActionRow.game_id == game_id, ActionRow.index >= after)
                .order_by(ActionRow.index)
            )
            return GameLog(game, list(actions))

    def append_action(
        self,
        game_id: str,
        version: int,
        seat: int,
        action: str,
        action_id: str,
        user_id: str | None,
        result: dict[str, Any] | None = None,
        players: Sequence[str | None] | None = None,
        source: str | None = None,
        rated: bool = True,
    ) -> None:
        """Write action number ``version`` and move the game to ``version + 1`` in one
        transaction; with ``result`` the game (and its table) is finished too, and the
        result of ``players`` (the player id of each seat) is stored in the same
        transaction, with their statistics and ratings when the game is ``rated``.

        Raises :class:`Conflict` when the game is no longer at ``version`` and
        :class:`DuplicateAction` when ``action_id`` was already accepted."""
        if result is None:
            self._append_fast(game_id, version, seat, action, action_id, user_id, source)
            return
        try:
            with self.session() as s:
                now = time.time()
                values: dict[str, Any] = {"version": version + 1}
                if result is not None:
                    values.update(status="finished", result=result, finished_at=now)
                moved = s.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id, GameRow.version == version)
                    .values(**values)
                )
                if not moved.rowcount:  # type: ignore[attr-defined]
                    raise Conflict(game_id)
                s.add(
                    ActionRow(
                        game_id=game_id,
                        index=version,
                        seat=seat,
                        action=action,
                        action_id=action_id,
                        user_id=user_id,
                        created_at=now,
                        source=source,
                    )
                )
                s.flush()
                if result is not None:
                    self._finish_table(s, game_id, players, result, now, rated)
        except IntegrityError:
            if self.action_index(game_id, user_id, seat, action_id) is not None:
                raise DuplicateAction(action_id) from None
            raise Conflict(game_id) from None

    def _append_fast(
        self,
        game_id: str,
        version: int,
        seat: int,
        action: str,
        action_id: str,
        user_id: str | None,
        source: str | None,
    ) -> None:
        """The common case of :meth:`append_action` (the game goes on) in two Core
        statements and one commit, without the ORM's unit of work."""
        try:
            with self.engine.begin() as connection:
                moved = connection.execute(
                    _MOVE_GAME, {"game_id": game_id, "expected": version, "next": version + 1}
                )
                if not moved.rowcount:
                    raise Conflict(game_id)
                connection.execute(
                    _INSERT_ACTION,
                    {
                        "game_id": game_id,
                        "index": version,
                        "seat": seat,
                        "action": action,
                        "action_id": action_id,
                        "user_id": user_id,
                        "created_at": time.time(),
                        "source": source,
                    },
                )
        except IntegrityError:
            if self.action_index(game_id, user_id, seat, action_id) is not None:
                raise DuplicateAction(action_id) from None
            raise Conflict(game_id) from None

    def append_actions(self, items: Sequence[PendingAction]) -> list[Exception | None]:
        """Append several actions of different games in one transaction (group
        commit); returns, per item, None when stored or the :class:`Conflict` or
        :class:`DuplicateAction` that refused it. Only games that go on: a
        finishing action goes through :meth:`append_action`.

        A version check that fails refuses its item and changes nothing; an
        integrity error (a duplicate id) rolls the batch back and each item is
        then appended on its own."""
        outcomes: list[Exception | None] = [None] * len(items)
        rows = []
        try:
            with self.engine.begin() as connection:
                now = time.time()
                moved = _move_games(connection, items)
                for n, item in enumerate(items):
                    if item.game_id not in moved:
                        outcomes[n] = Conflict(item.game_id)
                        continue
                    rows.append(
                        {
                            "game_id": item.game_id,
                            "index": item.version,
                            "seat": item.seat,
                            "action": item.action,
                            "action_id": item.action_id,
                            "user_id": item.user_id,
                            "created_at": now,
                            "source": item.source,
                        }
                    )
                if rows:
                    connection.execute(_INSERT_ACTION, rows)
            return outcomes
        except IntegrityError:
            pass
        for n, item in enumerate(items):
            try:
                self._append_fast(
                    item.game_id,
                    item.version,
                    item.seat,
                    item.action,
                    item.action_id,
                    item.user_id,
                    item.source,
                )
                outcomes[n] = None
            except (Conflict, DuplicateAction) as refusal:
                outcomes[n] = refusal
        return outcomes

    def finish_game(
        self,
        game_id: str,
        version: int,
        result: dict[str, Any],
        players: Sequence[str | None],
        rated: bool,
    ) -> bool:
        """Finish a game in play at ``version`` without a further action (a seat
        resigned): its ``result``, its table finished, the players' lines, statistics
        and ratings, in one transaction. False if the game was no longer in play at
        that version."""
        with self.session() as s:
            now = time.time()
            moved = s.execute(
                update(GameRow)
                .where(
                    GameRow.id == game_id, GameRow.version == version, GameRow.status == "playing"
                )
                .values(status="finished", result=result, finished_at=now)
            )
            if not moved.rowcount:  # type: ignore[attr-defined]
                return False
            self._finish_table(s, game_id, players, result, now, rated)
            return True

    def _finish_table(
        self,
        s: Session,
        game_id: str,
        players: Sequence[str | None] | None,
        result: dict[str, Any],
        now: float,
        rated: bool,
    ) -> None:
        """Mark a finished game's table finished and record its result."""
        table_id, kind = s.execute(
            select(GameRow.table_id, GameRow.game).where(GameRow.id == game_id)
        ).one()
        s.execute(update(TableRow).where(TableRow.id == table_id).values(status="finished"))
        if players is not None:
            self._ratings.record_result(s, game_id, kind, players, result, now, rated)

    def games_played(
        self, player_id: str | None, limit: int
    ) -> list[tuple[GameRow, list[GamePlayerRow]]]:
        """Public finished games, newest first (those of ``player_id`` when given),
        each with its seats' lines. A game is public when its table is, or when the
        owner of its private table published it."""
        with self.session() as s:
            public = select(TableRow.id).where(TableRow.public.is_(True))
            query = select(GameRow).where(
                GameRow.status == "finished",
                or_(GameRow.table_id.in_(public), GameRow.published.is_(True)),
            )
            if player_id is not None:
                played = select(GamePlayerRow.game_id).where(GamePlayerRow.player_id == player_id)
                query = query.where(GameRow.id.in_(played))
            query = query.order_by(GameRow.finished_at.desc()).limit(limit)
            found = list(s.scalars(query))
            lines: dict[str, list[GamePlayerRow]] = {g.id: [] for g in found}
            if found:
                for line in s.scalars(
                    select(GamePlayerRow)
                    .where(GamePlayerRow.game_id.in_(list(lines)))
                    .order_by(GamePlayerRow.seat)
                ):
                    lines[line.game_id].append(line)
            return [(g, lines[g.id]) for g in found]

    def analysis(self, game_id: str, round_index: int) -> dict[str, Any] | None:
        """The cached analysis of a round, if computed."""
        with self.session() as s:
            row = s.get(AnalysisRow, (game_id, round_index))
            return None if row is None else row.data

    def save_analysis(self, game_id: str, round_index: int, data: dict[str, Any]) -> None:
        """Cache the analysis of a round (a concurrent identical write is harmless)."""
        try:
            with self.session() as s:
                s.add(AnalysisRow(game_id=game_id, round_index=round_index, data=data))
        except IntegrityError:
            pass

    def action_index(
        self, game_id: str, user_id: str | None, seat: int, action_id: str
    ) -> int | None:
        """The index of the action this sender (user and seat) sent as ``action_id``."""
        with self.session() as s:
            return s.scalar(
                select(ActionRow.index).where(
                    ActionRow.game_id == game_id,
                    _eq_or_null(ActionRow.user_id, user_id),
                    ActionRow.seat == seat,
                    ActionRow.action_id == action_id,
                )
            )

    def finished_games(self, limit: int = 10000) -> list[GameRow]:
        """Finished games, oldest first."""
        with self.session() as s:
            return list(
                s.scalars(
                    select(GameRow)
                    .where(GameRow.status == "finished")
                    .order_by(GameRow.finished_at)
                    .limit(limit)
                )
            )


_GAMES: Table = Base.metadata.tables["games"]
_ACTIONS: Table = Base.metadata.tables["actions"]
_MOVE_GAME = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game_id"), _GAMES.c.version == bindparam("expected"))
    .values(version=bindparam("next"))
)
_INSERT_ACTION = _ACTIONS.insert()


def _move_games(connection: Any, items: Sequence[PendingAction]) -> set[str]:
    """Move each item's game from its version to the next, in one statement (a batch
    holds one action per game: a table appends its next action once the last is
    stored); the ids of the games that moved, the others having moved on meanwhile."""
    moved = connection.execute(
        update(_GAMES)
        .where(tuple_(_GAMES.c.id, _GAMES.c.version).in_([(i.game_id, i.version) for i in items]))
        .values(version=_GAMES.c.version + 1)
        .returning(_GAMES.c.id)
    )
    return set(moved.scalars())


def _eq_or_null(column: Any, value: str | None) -> Any:
    return column.is_(None) if value is None else column == value
