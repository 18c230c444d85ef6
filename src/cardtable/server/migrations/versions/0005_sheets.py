"""Score sheets kept with an account (``docs/sheet.md``): the ``sheets`` table.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the table of sheets."""
    op.create_table(
        "sheets",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("owner_id", sa.String(32), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("title", sa.String(128), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.Column("share_token", sa.String(64), nullable=True, unique=True),
    )
    op.create_index("ix_sheets_owner_id", "sheets", ["owner_id"])


def downgrade() -> None:
    """Drop it."""
    op.drop_index("ix_sheets_owner_id", "sheets")
    op.drop_table("sheets")
