"""The game clock chosen for a table (``docs/server-protocol.md``): ``tables.clock``.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the clock column (None: no game clock)."""
    op.add_column("tables", sa.Column("clock", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Drop it."""
    op.drop_column("tables", "clock")
