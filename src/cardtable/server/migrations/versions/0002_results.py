"""Results, statistics, ratings and analyses; bot accounts; who chose an action.

- ``game_players``: each seat of a finished game, its player, score and outcome.
- ``player_stats``: per player and game kind, the statistics and OpenSkill rating.
- ``analyses``: the cached double-dummy analysis of a finished Kraken round.
- ``users.owner_id``: the account that created a bot account.
- ``actions.source``: ``bot``, ``takeover`` or ``timeout`` when not the player.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the result tables and the two columns."""
    op.create_table(
        "game_players",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_game_players_player_finished", "game_players", ["player_id", "finished_at"])
    op.create_table(
        "player_stats",
        sa.Column("player_id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("declared", sa.Integer(), nullable=False),
        sa.Column("nat", sa.Integer(), nullable=False),
        sa.Column("mars", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_player_stats_game_ordinal", "player_stats", ["game", "ordinal"])
    op.create_table(
        "analyses",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("round_index", sa.Integer(), primary_key=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.add_column("users", sa.Column("owner_id", sa.String(32), nullable=True))
    op.add_column("actions", sa.Column("source", sa.String(16), nullable=True))


def downgrade() -> None:
    """Remove them again."""
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("source")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("owner_id")
    op.drop_table("analyses")
    op.drop_index("ix_player_stats_game_ordinal", table_name="player_stats")
    op.drop_table("player_stats")
    op.drop_index("ix_game_players_player_finished", table_name="game_players")
    op.drop_table("game_players")
