"""Sessions that expire, rated and casual tables, reserved seats, published games,
and action ids scoped to their sender.

- ``sessions.expires_at``: the end of a sliding session (null: a bot token).
- ``tables.rated`` and ``games.rated``: whether games change ratings.
- ``games.published``: a private table's game its owner made public.
- ``seats.reserved_for``: the only user who may take a seat (an invited bot account).
- ``actions``: the action id is unique per game *and sender* (user and seat), no
  longer per game, so that one player's id can never shadow another's move.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# gives the unnamed unique constraint of revision 0001 a name to drop it by in batch
# mode (SQLite); PostgreSQL named it actions_game_id_action_id_key itself
_NAMING = {"uq": "%(table_name)s_%(column_0_name)s_%(column_1_name)s_key"}
_OLD_UNIQUE = "actions_game_id_action_id_key"


def upgrade() -> None:
    """Add the columns and rescope the action ids."""
    op.add_column("sessions", sa.Column("expires_at", sa.Float(), nullable=True))
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.add_column(
        "games", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.add_column(
        "games", sa.Column("published", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("seats", sa.Column("reserved_for", sa.String(32), nullable=True))
    with op.batch_alter_table("actions", naming_convention=_NAMING) as batch:
        batch.drop_constraint(_OLD_UNIQUE, type_="unique")
        batch.create_unique_constraint(
            "uq_actions_sender_id", ["game_id", "user_id", "seat", "action_id"]
        )


def downgrade() -> None:
    """Remove them again (action ids become unique per game: fails if two senders
    used the same id in one game)."""
    with op.batch_alter_table("actions") as batch:
        batch.drop_constraint("uq_actions_sender_id", type_="unique")
        batch.create_unique_constraint(_OLD_UNIQUE, ["game_id", "action_id"])
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("reserved_for")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("published")
        batch.drop_column("rated")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("expires_at")
