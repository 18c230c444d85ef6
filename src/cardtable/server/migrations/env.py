"""The Alembic environment of the server's schema.

:func:`cardtable.server.migrate.upgrade` passes an open connection in
``config.attributes["connection"]``; otherwise the ``sqlalchemy.url`` option is
used. SQLite gets batch mode, so later revisions can alter tables there.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection

from cardtable.server.store import Base, database_url

target_metadata = Base.metadata


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _run() -> None:
    config = context.config
    if context.is_offline_mode():
        context.configure(
            url=database_url(config.get_main_option("sqlalchemy.url")),
            target_metadata=target_metadata,
            literal_binds=True,
        )
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        return
    engine = create_engine(database_url(config.get_main_option("sqlalchemy.url")))
    try:
        with engine.connect() as connection:
            _configure(connection)
            connection.commit()
    finally:
        engine.dispose()


def _in_alembic() -> bool:
    """Whether Alembic is running this file (importing it elsewhere, as the doctest
    collection does, must not migrate anything)."""
    try:
        context.config  # noqa: B018
    except (AttributeError, NameError):
        return False
    return True


if _in_alembic():
    _run()
