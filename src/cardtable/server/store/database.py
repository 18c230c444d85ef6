"""The connection to the database (SQLite by default, PostgreSQL for several
nodes), its sessions, the schema upgrade at start, and the base of the
repositories."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker


def database_url(url: str | None) -> str:
    """The SQLAlchemy URL for ``url``: the default SQLite file under ``./data/``, and
    ``postgresql://`` routed to the psycopg 3 driver."""
    if not url:
        Path("data").mkdir(exist_ok=True)
        return "sqlite:///data/cardtable.db"
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Database:
    """The database behind one or many server nodes: its engine and sessions."""

    def __init__(self, url: str | None = None, migrate: bool = True) -> None:
        """Connect to ``url`` and (unless ``migrate`` is False) upgrade its schema to
        the latest Alembic revision."""
        self.url = database_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_size"] = 10
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        if migrate:
            from cardtable.server.migrate import upgrade

            upgrade(self.engine)

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session committed on success and rolled back on error."""
        with self._sessions() as session, session.begin():
            yield session


class Repository:
    """Queries on one aggregate of the database, sharing its connections."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.engine = database.engine

    def session(self) -> AbstractContextManager[Session]:
        """A session committed on success and rolled back on error."""
        return self.database.session()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
