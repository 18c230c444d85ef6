"""The tables of the database as SQLAlchemy models, and the ids and token hashes
they use."""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def new_id(nbytes: int = 8) -> str:
    """A random URL-safe identifier or secret token of ``nbytes`` random bytes.

    It never starts with ``-``: people paste ids and tokens into command lines
    (``server_bot.py --token TOKEN``), where a leading dash reads as an option.
    """
    while True:
        value = secrets.token_urlsafe(nbytes)
        if not value.startswith("-"):
            return value


def hash_token(token: str) -> str:
    """The stored form of a secret token (SHA-256 hex): the database never holds the
    token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class UserRow(Base):
    """A guest, an account or an external bot."""

    __tablename__ = "users"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))  # guest | account | bot
    username: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    password_hash: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[float] = mapped_column(Float, default=time.time)
    owner_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """For a bot account: the account that created it."""
    name_skeleton: Mapped[str | None] = mapped_column(String(256), nullable=True, index=True)
    """What the name looks like (:func:`cardtable.server.text.name_skeleton`): no
    account or bot may look like another."""


class ServerSecretRow(Base):
    """A random key every node shares (the device cookies' signing key), made by the
    first node that needs it."""

    __tablename__ = "server_secrets"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class SessionRow(Base):
    """A session token (stored hashed) and its user."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[float] = mapped_column(Float, default=time.time)
    expires_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the session ends unless used before (sliding); None never (bot tokens)."""


class TableRow(Base):
    """A table: one game kind with its rules, seats, and its current game."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="waiting")
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    invite_hash: Mapped[str] = mapped_column(String(64))
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """Whether the table's games change ratings (a casual table's do not)."""
    turn_timer: Mapped[float | None] = mapped_column(Float, nullable=True)
    clock: Mapped[dict[str, float] | None] = mapped_column(JSON, nullable=True)
    """The game clock, ``{"initial": seconds, "increment": seconds}``, or None."""
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[float] = mapped_column(Float, default=time.time)
    spectator_chat: Mapped[str] = mapped_column(String(8), default="apart", server_default="apart")
    """``apart``: spectators chat among themselves, never with the players; ``off``:
    spectators have no chat."""


class SeatRow(Base):
    """One seat: ``human`` (``user_id`` once taken), ``bot`` at a level, or
    ``external`` (a bot that connects with a bot token)."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    bot_level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    reserved_for: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """Who may take this seat: one user (a named player, or a bot account invited by
    someone other than its owner), or :data:`INVITE_SEAT` (whoever has the table's
    invite). It stays when the seat is taken, so a seat given up is kept again."""


REMOVED_NAME = "removed player"
"""The name shown for a player who removed their account."""

INVITE_SEAT = "@invite"
"""``SeatRow.reserved_for`` of a seat kept for the holders of the table's invite (no
user id starts with ``@``)."""


class GameRow(Base):
    """A game played at a table: its initial record, version and result."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    number: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(16))
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[list[Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    started_at: Mapped[float] = mapped_column(Float, default=time.time)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    published: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A private table's game its owner made public (lists, replay, record)."""


class ActionRow(Base):
    """One accepted action: its index is the game version it produced minus one. Its
    ``action_id`` is an idempotency key of its sender (user and seat), never of the
    game: a server move's id is random."""

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("game_id", "user_id", "seat", "action_id", name="uq_actions_sender_id"),
    )
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(64))
    action_id: Mapped[str] = mapped_column(String(80))
    user_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[float] = mapped_column(Float, default=time.time)
    source: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """Who chose the action when not the seat's player: ``bot`` (a bot seat),
    ``takeover`` (a bot playing for a dropped player) or ``timeout`` (the turn timer
    ran out)."""


class ChatRow(Base):
    """A chat line at a table."""

    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    user_id: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float, default=time.time)
    channel: Mapped[str] = mapped_column(String(16), default="players", server_default="players")
    """The room: ``players`` (the seated) or ``spectators``."""


class GamePlayerRow(Base):
    """One seat of a finished game: who played it and how it ended for them."""

    __tablename__ = "game_players"
    __table_args__ = (Index("ix_game_players_player_finished", "player_id", "finished_at"),)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(16))
    score: Mapped[int] = mapped_column(Integer)
    """Kraken: the seat's team points; Gurka: the seat's net chips."""
    won: Mapped[bool] = mapped_column(Boolean)
    finished_at: Mapped[float] = mapped_column(Float)


class PlayerStatsRow(Base):
    """A player's statistics and rating in one game (Kraken or Gurka)."""

    __tablename__ = "player_stats"
    __table_args__ = (Index("ix_player_stats_game_ordinal", "game", "ordinal"),)
    player_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(64))
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    points: Mapped[int] = mapped_column(Integer, default=0)
    """Kraken: team points summed over rounds; Gurka: net chips summed over games."""
    declared: Mapped[int] = mapped_column(Integer, default=0)
    nat: Mapped[int] = mapped_column(Integer, default=0)
    mars: Mapped[int] = mapped_column(Integer, default=0)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float, default=time.time)


class SheetRow(Base):
    """A score sheet an account keeps on the server (``docs/sheet.md``)."""

    __tablename__ = "sheets"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    game: Mapped[str] = mapped_column(String(16))
    title: Mapped[str] = mapped_column(String(128))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The sheet's JSON as the Python model writes it (entries, never results)."""
    revision: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)
    share_token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    """The read-only link's token, or None; it reads this sheet and nothing else."""


class AnalysisRow(Base):
    """The cached double-dummy analysis of one finished Kraken round."""

    __tablename__ = "analyses"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    round_index: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float, default=time.time)
