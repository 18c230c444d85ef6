"""Chat rooms: the players' and the spectators' chat of a table.

- ``tables.spectator_chat``: ``apart`` (spectators chat among themselves) or ``off``
  (spectators read and write nothing), the owner's choice.
- ``chat.channel``: ``players`` or ``spectators``, the room a line was said in.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the two columns (existing tables and lines: apart, the players' room)."""
    op.add_column(
        "tables",
        sa.Column("spectator_chat", sa.String(8), nullable=False, server_default="apart"),
    )
    op.add_column(
        "chat", sa.Column("channel", sa.String(16), nullable=False, server_default="players")
    )


def downgrade() -> None:
    """Remove them again."""
    with op.batch_alter_table("chat") as batch:
        batch.drop_column("channel")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("spectator_chat")
