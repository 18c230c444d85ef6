"""Alembic migrations: the migrated schema equals the models (autogenerate finds no
difference) on SQLite and PostgreSQL; a database from before migrations is stamped
and upgraded; several nodes migrating one PostgreSQL database at once is safe."""

from __future__ import annotations

import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from cardtable.server import migrate
from cardtable.server.store import Base, Store, database_url
from tests.server.test_multinode import _reachable, fresh_database


def _differences(url: str) -> list[object]:
    engine = create_engine(database_url(url))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            return list(compare_metadata(context, Base.metadata))
    finally:
        engine.dispose()


def test_sqlite_schema_matches_the_models(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    store = Store(url)
    assert migrate.current(store.engine) == migrate.head()
    store.close()
    assert _differences(url) == []
    Store(url).close()  # opening again at head changes nothing


def test_a_database_from_before_migrations_is_stamped_and_upgraded(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    with engine.connect() as connection:  # the schema of the first revision, unstamped
        command.upgrade(migrate.alembic_config(connection=connection), migrate.FIRST_REVISION)
        connection.commit()
    engine.dispose()
    with sqlite3.connect(tmp_path / "old.db") as db:
        db.execute("DROP TABLE alembic_version")
        db.execute("INSERT INTO users VALUES ('u1', 'Old', 'guest', NULL, NULL, 1.0)")
    store = Store(url)
    assert migrate.current(store.engine) == migrate.head()
    assert store.accounts.user("u1") is not None
    store.close()
    assert _differences(url) == []


def test_action_ids_are_unique_per_sender_after_the_upgrade(tmp_path: Path) -> None:
    """Revision 0003 drops 0001's unnamed game-wide unique constraint on SQLite."""
    url = f"sqlite:///{tmp_path / 'ids.db'}"
    engine = create_engine(url)
    with engine.connect() as connection:
        command.upgrade(migrate.alembic_config(connection=connection), "0002")
        connection.commit()
        command.upgrade(migrate.alembic_config(connection=connection), "head")
        connection.commit()
        uniques = inspect(connection).get_unique_constraints("actions")
    engine.dispose()
    assert [u["column_names"] for u in uniques] == [["game_id", "user_id", "seat", "action_id"]]


@pytest.mark.skipif(_reachable() is not None, reason=str(_reachable()))
def test_postgresql_schema_matches_the_models_with_nodes_starting_at_once() -> None:
    with fresh_database() as url:
        with ThreadPoolExecutor(4) as pool:
            stores = list(pool.map(lambda _: Store(url), range(4)))
        assert {migrate.current(s.engine) for s in stores} == {migrate.head()}
        names = set(inspect(stores[0].engine).get_table_names())
        assert {"alembic_version", "player_stats", "game_players", "analyses"} <= names
        for store in stores:
            store.close()
        assert _differences(url) == []
