"""Look-alike names and trusted devices (``docs/deploy.md``, security model):
``users.name_skeleton`` (filled in for every existing user) and the
``server_secrets`` table that holds the device cookies' signing key.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from cardtable.server.text import name_skeleton

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the skeleton column (filled in) with its index, and the secrets table."""
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(256), nullable=True))
        batch.create_index("ix_users_name_skeleton", ["name_skeleton"])
    users = sa.table(
        "users",
        sa.column("id", sa.String),
        sa.column("name", sa.String),
        sa.column("name_skeleton", sa.String),
    )
    connection = op.get_bind()
    for user_id, name in connection.execute(sa.select(users.c.id, users.c.name)).all():
        connection.execute(
            users.update().where(users.c.id == user_id).values(name_skeleton=name_skeleton(name))
        )
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("server_secrets")
    with op.batch_alter_table("users") as batch:
        batch.drop_index("ix_users_name_skeleton")
        batch.drop_column("name_skeleton")
