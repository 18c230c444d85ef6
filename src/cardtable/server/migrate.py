"""Schema migrations with Alembic: the store upgrades its database to the latest
revision when it opens it (``Store(url)``), and ``cardtable db upgrade`` does it
explicitly.

The revisions live in the package ``cardtable.server.migrations`` (shipped with the
code). On PostgreSQL the upgrade holds an advisory lock, so several nodes starting
at once migrate one after the other: the first upgrades, the others find the
database at head. A database created before migrations existed (by
``create_all``, with every table of the first revision and no ``alembic_version``)
is stamped at the first revision and then upgraded.
"""

from __future__ import annotations

from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

__all__ = ["FIRST_REVISION", "LOCK_KEY", "alembic_config", "current", "head", "upgrade"]

FIRST_REVISION = "0001"
"""The revision that matches the schema of the servers that predate migrations."""

LOCK_KEY = 0x63617264  # "card"
"""The PostgreSQL advisory lock key held while migrating."""

_FIRST_TABLES = {"users", "sessions", "tables", "seats", "games", "actions", "chat"}


def alembic_config(url: str | None = None, connection: Connection | None = None) -> Config:
    """An Alembic configuration for the packaged migrations (no ``alembic.ini``)."""
    config = Config()
    config.set_main_option("script_location", "cardtable.server:migrations")
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head() -> str:
    """The latest revision of the packaged migrations."""
    script = ScriptDirectory.from_config(alembic_config())
    revision = script.get_current_head()
    assert revision is not None
    return revision


def current(engine: Engine) -> str | None:
    """The revision the database is at (None before any)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Upgrade the database to ``revision``; safe when several nodes do it at once
    on PostgreSQL (an advisory lock serializes them)."""
    with engine.connect() as connection:
        postgres = connection.dialect.name == "postgresql"
        if postgres:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": LOCK_KEY})
            connection.commit()
        try:
            _stamp_legacy(connection)
            command.upgrade(alembic_config(connection=connection), revision)
            connection.commit()
        finally:
            if postgres:
                connection.rollback()
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": LOCK_KEY})
                connection.commit()


def _stamp_legacy(connection: Connection) -> None:
    """Stamp a database made by ``create_all`` before migrations at the first
    revision, so that upgrading it adds only what came later."""
    tables: set[Any] = set(inspect(connection).get_table_names())
    if "alembic_version" in tables or not tables >= _FIRST_TABLES:
        return
    command.stamp(alembic_config(connection=connection), FIRST_REVISION)
    connection.commit()
