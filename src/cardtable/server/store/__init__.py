"""Persistence with SQLAlchemy 2, by aggregate: a :class:`Store` is the database
(:class:`~cardtable.server.store.database.Database`) and one repository per
aggregate, each the only code that reads and writes its tables:

- ``store.accounts``: people and their sessions (:mod:`.accounts`),
- ``store.tables``: tables, seats and chat (:mod:`.tables`),
- ``store.games``: games and their action logs (:mod:`.games`),
- ``store.ratings``: statistics, ratings and leaderboards (:mod:`.ratings`);

score sheets are kept by :mod:`cardtable.server.sheets` in ``SheetRow``.

Everything here is synchronous and short; :class:`~cardtable.server.service.Service`
runs it on a worker thread so the event loop never waits on the database.
"""

from __future__ import annotations

from cardtable.server.store.accounts import AccountRepository, LookAlikeName
from cardtable.server.store.database import Database, database_url
from cardtable.server.store.games import (
    Conflict,
    DuplicateAction,
    GameLog,
    GameRepository,
    PendingAction,
)
from cardtable.server.store.models import (
    INVITE_SEAT,
    REMOVED_NAME,
    ActionRow,
    AnalysisRow,
    Base,
    ChatRow,
    GamePlayerRow,
    GameRow,
    PlayerStatsRow,
    SeatRow,
    ServerSecretRow,
    SessionRow,
    SheetRow,
    TableRow,
    UserRow,
    hash_token,
    new_id,
)
from cardtable.server.store.ratings import RatingRepository
from cardtable.server.store.tables import TableRepository

__all__ = [
    "INVITE_SEAT",
    "REMOVED_NAME",
    "AccountRepository",
    "ActionRow",
    "AnalysisRow",
    "Base",
    "ChatRow",
    "Conflict",
    "DuplicateAction",
    "GameLog",
    "GamePlayerRow",
    "GameRepository",
    "GameRow",
    "LookAlikeName",
    "PendingAction",
    "PlayerStatsRow",
    "RatingRepository",
    "SeatRow",
    "ServerSecretRow",
    "SessionRow",
    "SheetRow",
    "Store",
    "TableRepository",
    "TableRow",
    "UserRow",
    "database_url",
    "hash_token",
    "new_id",
]


class Store(Database):
    """The database and its repositories (one per aggregate)."""

    def __init__(self, url: str | None = None, migrate: bool = True) -> None:
        """Connect to ``url`` and (unless ``migrate`` is False) upgrade its schema to
        the latest Alembic revision."""
        super().__init__(url, migrate)
        self.accounts = AccountRepository(self)
        self.tables = TableRepository(self)
        self.ratings = RatingRepository(self)
        self.games = GameRepository(self, self.ratings)
