"""Persistence with SQLAlchemy 2: users, sessions, tables, seats, games, the action log
and chat.

Everything here is synchronous and short; :class:`~cardtable.server.service.Service`
runs it on a worker thread so the event loop never waits on the database. Every
accepted action is written, with the game's new version number, in one
transaction (:meth:`Store.append_action`) before anyone is told about it; the
version check makes concurrent writers (several server nodes) safe: exactly one
wins each version.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    or_,
    select,
    true,
    tuple_,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from cardtable.server.ratings import DEFAULT_MU, DEFAULT_SIGMA, Rating, rate, seat_lines
from cardtable.server.text import name_skeleton

__all__ = [
    "INVITE_SEAT",
    "REMOVED_NAME",
    "ActionRow",
    "AnalysisRow",
    "Base",
    "ChatRow",
    "Conflict",
    "DuplicateAction",
    "GamePlayerRow",
    "GameRow",
    "LookAlikeName",
    "PendingAction",
    "PlayerStatsRow",
    "SeatRow",
    "ServerSecretRow",
    "SheetRow",
    "Store",
    "TableRow",
    "UserRow",
    "database_url",
    "hash_token",
    "new_id",
]


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


def database_url(url: str | None) -> str:
    """The SQLAlchemy URL for ``url``: the default SQLite file under ``./data/``, and
    ``postgresql://`` routed to the psycopg 3 driver."""
    if not url:
        Path("data").mkdir(exist_ok=True)
        return "sqlite:///data/cardtable.db"
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class LookAlikeName(ValueError):
    """A name that looks like an existing account's or bot's (``existing``)."""

    def __init__(self, existing: str) -> None:
        super().__init__(f"the name looks like {existing!r}, the name of another player")
        self.existing = existing


def _refuse_look_alike(s: Session, user: UserRow) -> None:
    """Raise :class:`LookAlikeName` when another account or bot has the name
    skeleton of ``user`` (guests may share a look: a table tells them apart)."""
    twin = s.scalars(
        select(UserRow.name)
        .where(UserRow.name_skeleton == user.name_skeleton)
        .where(UserRow.kind.in_(("account", "bot")))
        .where(UserRow.id != user.id)
        .limit(1)
    ).first()
    if twin is not None:
        raise LookAlikeName(twin)


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


class Conflict(Exception):
    """Another writer took this game version first."""


class DuplicateAction(Exception):
    """This action id was already accepted in this game."""


@dataclass(frozen=True)
class PendingAction:
    """An action waiting to be appended by :meth:`Store.append_actions`."""

    game_id: str
    version: int
    seat: int
    action: str
    action_id: str
    user_id: str | None
    source: str | None = None


@dataclass(frozen=True)
class GameLog:
    """A game row with its action log, enough to rebuild it by replay."""

    game: GameRow
    actions: list[ActionRow]


class Store:
    """The database behind one or many server nodes."""

    def __init__(self, url: str | None = None, migrate: bool = True) -> None:
        """Connect to ``url`` and (unless ``migrate`` is False) upgrade its schema to
        the latest Alembic revision."""
        self.url = database_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_size"] = 10
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        if migrate:
            from cardtable.server.migrate import upgrade

            upgrade(self.engine)

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session committed on success and rolled back on error."""
        with self._sessions() as session, session.begin():
            yield session

    # -- people ------------------------------------------------------------------------

    def server_secret(self, name: str) -> bytes:
        """The shared random key called ``name``, made (32 random bytes) on first use."""
        with self.session() as s:
            row = s.get(ServerSecretRow, name)
            if row is not None:
                return bytes.fromhex(row.value)
        try:
            with self.session() as s:
                s.add(ServerSecretRow(name=name, value=secrets.token_hex(32)))
        except IntegrityError:
            pass  # another node made it first
        with self.session() as s:
            made = s.get(ServerSecretRow, name)
            assert made is not None
            return bytes.fromhex(made.value)

    def create_user(
        self,
        name: str,
        kind: str,
        username: str | None = None,
        password_hash: str | None = None,
        owner_id: str | None = None,
    ) -> UserRow:
        """A new user; raises ``ValueError`` when the username is taken and
        :class:`LookAlikeName` when the name looks like an account's or a bot's."""
        user = UserRow(
            id=new_id(),
            name=name,
            kind=kind,
            username=username,
            password_hash=password_hash,
            owner_id=owner_id,
            name_skeleton=name_skeleton(name),
        )
        taken = ValueError(f"the username {username!r} is taken")
        try:
            with self.session() as s:
                if (
                    username is not None
                    and s.scalars(select(UserRow.id).where(UserRow.username == username)).first()
                ):
                    raise taken  # said before a look-alike name: the likelier mistake
                _refuse_look_alike(s, user)
                s.add(user)
        except IntegrityError:
            raise taken from None
        return user

    def user_by_username(self, username: str) -> UserRow | None:
        """The account called ``username``."""
        with self.session() as s:
            return s.scalars(select(UserRow).where(UserRow.username == username)).first()

    def user(self, user_id: str) -> UserRow | None:
        """The user with ``user_id``."""
        with self.session() as s:
            return s.get(UserRow, user_id)

    def users(self, user_ids: Sequence[str]) -> dict[str, UserRow]:
        """The users with these ids, by id."""
        with self.session() as s:
            rows = s.scalars(select(UserRow).where(UserRow.id.in_(list(user_ids))))
            return {row.id: row for row in rows}

    def new_session(self, user_id: str, lifetime: float | None = None) -> str:
        """A new session token for ``user_id`` (only its hash is stored), ending after
        ``lifetime`` seconds without use (None: never, as a bot's token)."""
        token = new_id(24)
        now = time.time()
        expires = None if lifetime is None else now + lifetime
        with self.session() as s:
            s.add(
                SessionRow(
                    token_hash=hash_token(token),
                    user_id=user_id,
                    created_at=now,
                    expires_at=expires,
                )
            )
        return token

    def end_session(self, token: str) -> None:
        """Revoke one session token (log out)."""
        with self.session() as s:
            s.execute(delete(SessionRow).where(SessionRow.token_hash == hash_token(token)))

    def rename_user(self, user_id: str, name: str) -> None:
        """Give a user a new name (also on their statistics rows, which the
        leaderboard shows)."""
        with self.session() as s:
            user = s.get(UserRow, user_id)
            if user is None:
                return
            user.name, user.name_skeleton = name, name_skeleton(name)
            _refuse_look_alike(s, user)
            s.execute(
                update(PlayerStatsRow).where(PlayerStatsRow.player_id == user_id).values(name=name)
            )

    def remove_user(self, user_id: str) -> list[str]:
        """Remove a guest or an account and the bot accounts it owns: their sessions,
        statistics, ratings and score sheets are deleted; the user rows stay as
        ``removed`` (no username, password or name: the id keeps finished games'
        seats apart) and their names in games and chat become :data:`REMOVED_NAME`.
        Returns the ids removed."""
        with self.session() as s:
            bots = list(
                s.scalars(
                    select(UserRow.id).where(UserRow.owner_id == user_id, UserRow.kind == "bot")
                )
            )
            ids = [user_id, *bots]
            s.execute(delete(SessionRow).where(SessionRow.user_id.in_(ids)))
            s.execute(delete(PlayerStatsRow).where(PlayerStatsRow.player_id.in_(ids)))
            s.execute(delete(SheetRow).where(SheetRow.owner_id.in_(ids)))
            s.execute(
                update(GamePlayerRow)
                .where(GamePlayerRow.player_id.in_(ids))
                .values(name=REMOVED_NAME)
            )
            s.execute(update(ChatRow).where(ChatRow.user_id.in_(ids)).values(name=REMOVED_NAME))
            s.execute(
                update(UserRow)
                .where(UserRow.id.in_(ids))
                .values(
                    kind="removed",
                    name=REMOVED_NAME,
                    name_skeleton=name_skeleton(REMOVED_NAME),
                    username=None,
                    password_hash=None,
                )
            )
        return ids

    def set_password(self, user_id: str, password_hash: str) -> None:
        """Store an account's new password hash."""
        with self.session() as s:
            s.execute(
                update(UserRow).where(UserRow.id == user_id).values(password_hash=password_hash)
            )

    def upgrade_guest(self, user_id: str, username: str, password_hash: str) -> UserRow:
        """Make a guest an account with a username and password, keeping its id (so
        its seats, games, statistics and ratings stay its own). Raises ``ValueError``
        when the username is taken or the user is no guest."""
        try:
            with self.session() as s:
                user = s.get(UserRow, user_id)
                if user is None or user.kind != "guest":
                    raise ValueError("only a guest can become an account this way")
                user.kind, user.username, user.password_hash = "account", username, password_hash
                _refuse_look_alike(s, user)
                s.execute(
                    update(PlayerStatsRow)
                    .where(PlayerStatsRow.player_id == user_id)
                    .values(kind="account")
                )
                s.flush()
        except IntegrityError:
            raise ValueError(f"the username {username!r} is taken") from None
        return user

    def bots_of(self, owner_id: str) -> list[UserRow]:
        """The bot accounts ``owner_id`` created."""
        with self.session() as s:
            return list(
                s.scalars(
                    select(UserRow)
                    .where(UserRow.owner_id == owner_id, UserRow.kind == "bot")
                    .order_by(UserRow.created_at)
                )
            )

    def revoke_sessions(self, user_id: str) -> None:
        """Forget every token of ``user_id`` (a bot's token is replaced)."""
        with self.session() as s:
            s.execute(delete(SessionRow).where(SessionRow.user_id == user_id))

    def tables_of(self, user_id: str) -> list[TableRow]:
        """Tables where ``user_id`` holds (or is invited to) a seat and a game waits
        or is played."""
        with self.session() as s:
            return list(
                s.scalars(
                    select(TableRow)
                    .where(
                        TableRow.id.in_(
                            select(SeatRow.table_id).where(
                                or_(SeatRow.user_id == user_id, SeatRow.reserved_for == user_id)
                            )
                        ),
                        TableRow.status.in_(("waiting", "playing")),
                    )
                    .order_by(TableRow.created_at.desc())
                    .limit(100)
                )
            )

    def user_for_token(self, token: str, lifetime: float | None = None) -> UserRow | None:
        """The user whose live session token this is. Using a session that expires
        moves its end to ``lifetime`` seconds from now (a sliding expiry, written at
        most once a minute); an expired session is deleted."""
        now = time.time()
        with self.session() as s:
            row = s.get(SessionRow, hash_token(token))
            if row is None:
                return None
            if row.expires_at is not None:
                if row.expires_at <= now:
                    s.delete(row)
                    return None
                if lifetime is not None and now + lifetime - row.expires_at > 60:
                    row.expires_at = now + lifetime
            return s.get(UserRow, row.user_id)

    def tables_owned(self, owner_id: str) -> list[str]:
        """The ids of the tables ``owner_id`` owns that are not closed."""
        with self.session() as s:
            return list(
                s.scalars(
                    select(TableRow.id).where(
                        TableRow.owner_id == owner_id, TableRow.status != "closed"
                    )
                )
            )

    def open_tables_of(self, owner_id: str) -> int:
        """How many tables ``owner_id`` owns that wait for players or are played."""
        with self.session() as s:
            count = s.scalar(
                select(func.count())
                .select_from(TableRow)
                .where(TableRow.owner_id == owner_id, TableRow.status.in_(("waiting", "playing")))
            )
            return int(count or 0)

    # -- tables ------------------------------------------------------------------------

    def create_table(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        """Store a new table with its seats."""
        with self.session() as s:
            s.add(table)
            s.flush()
            s.add_all(seats)

    def table(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        """A table and its seats in order."""
        with self.session() as s:
            table = s.get(TableRow, table_id)
            if table is None:
                return None
            seats = s.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
            return table, list(seats)

    def lobby(self, status: str = "waiting") -> list[tuple[TableRow, list[SeatRow]]]:
        """Public tables that wait for players (or, with ``status="playing"``, whose
        game is being played), newest first, with their seats."""
        with self.session() as s:
            tables = list(
                s.scalars(
                    select(TableRow)
                    .where(TableRow.public.is_(True), TableRow.status == status)
                    .order_by(TableRow.created_at.desc())
                    .limit(100)
                )
            )
            out = []
            for table in tables:
                seats = s.scalars(
                    select(SeatRow).where(SeatRow.table_id == table.id).order_by(SeatRow.seat)
                )
                out.append((table, list(seats)))
            return out

    def take_seat(self, table_id: str, seat: int, user_id: str, invited: bool = False) -> bool:
        """Give an empty seat to ``user_id``: a human seat reserved for nobody, any
        seat reserved for ``user_id``, or (``invited``: the caller showed the table's
        invite) a seat kept for the invite's holders. False if it is not free."""
        kept = [user_id, INVITE_SEAT] if invited else [user_id]
        with self.session() as s:
            result = s.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.user_id.is_(None),
                    or_(
                        (SeatRow.kind == "human") & SeatRow.reserved_for.is_(None),
                        SeatRow.reserved_for.in_(kept),
                    ),
                )
                .values(user_id=user_id)
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    def set_seat(self, seat: SeatRow) -> None:
        """Store who sits at a seat now: its kind, user, bot level and reservation
        (a player left, or the owner gave the seat to a bot or freed it)."""
        with self.session() as s:
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == seat.table_id, SeatRow.seat == seat.seat)
                .values(
                    kind=seat.kind,
                    user_id=seat.user_id,
                    bot_level=seat.bot_level,
                    reserved_for=seat.reserved_for,
                )
            )

    def close_table(self, table_id: str) -> bool:
        """Close a table no game is played at (its owner deleted it): it leaves the
        lobby and takes no players; its finished games stay. False if a game is
        being played there (or it is closed already)."""
        with self.session() as s:
            moved = s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status.in_(("waiting", "finished")))
                .values(status="closed")
            )
            return bool(moved.rowcount)  # type: ignore[attr-defined]

    def set_seat_user(self, table_id: str, seat: int, user_id: str) -> None:
        """Attach ``user_id`` to a seat (an external bot's user)."""
        with self.session() as s:
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(user_id=user_id)
            )

    def unfinished_tables(self) -> list[str]:
        """The ids of tables with a game in play."""
        with self.session() as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.status == "playing")))

    # -- games -------------------------------------------------------------------------

    def abort_game(self, table_id: str, game_id: str) -> bool:
        """Mark a game in play aborted (unrated, no result) and its table waiting;
        False if it was not in play."""
        with self.session() as s:
            moved = s.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.status == "playing")
                .values(status="aborted", finished_at=time.time())
            )
            if not moved.rowcount:  # type: ignore[attr-defined]
                return False
            s.execute(update(TableRow).where(TableRow.id == table_id).values(status="waiting"))
            return True

    def publish_game(self, game_id: str) -> None:
        """Make a private table's finished game visible to everyone."""
        with self.session() as s:
            s.execute(update(GameRow).where(GameRow.id == game_id).values(published=True))

    def start_game(self, table_id: str, game: GameRow, expected_game_id: str | None) -> bool:
        """Store ``game`` as the table's current game if the table's current game is
        still ``expected_game_id`` (so two nodes cannot both start one)."""
        with self.session() as s:
            result = s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, _eq_or_null(TableRow.game_id, expected_game_id))
                .values(game_id=game.id, status="playing")
            )
            if not result.rowcount:  # type: ignore[attr-defined]
                s.rollback()
                return False
            s.add(game)
        return True

    def game_log(self, game_id: str, after: int = 0) -> GameLog | None:
        """A game and its actions from index ``after`` on."""
        with self.session() as s:
            game = s.get(GameRow, game_id)
            if game is None:
                return None
            actions = s.scalars(
                select(ActionRow)
                .where(ActionRow.game_id == game_id, ActionRow.index >= after)
                .order_by(ActionRow.index)
            )
            return GameLog(game, list(actions))

    def append_action(
        self,
        game_id: str,
        version: int,
        seat: int,
        action: str,
        action_id: str,
        user_id: str | None,
        result: dict[str, Any] | None = None,
        players: Sequence[str | None] | None = None,
        source: str | None = None,
        rated: bool = True,
    ) -> None:
        """Write action number ``version`` and move the game to ``version + 1`` in one
        transaction; with ``result`` the game (and its table) is finished too, and the
        result of ``players`` (the player id of each seat) is stored in the same
        transaction, with their statistics and ratings when the game is ``rated``.

        Raises :class:`Conflict` when the game is no longer at ``version`` and
        :class:`DuplicateAction` when ``action_id`` was already accepted."""
        if result is None:
            self._append_fast(game_id, version, seat, action, action_id, user_id, source)
            return
        try:
            with self.session() as s:
                now = time.time()
                values: dict[str, Any] = {"version": version + 1}
                if result is not None:
                    values.update(status="finished", result=result, finished_at=now)
                moved = s.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id, GameRow.version == version)
                    .values(**values)
                )
                if not moved.rowcount:  # type: ignore[attr-defined]
                    raise Conflict(game_id)
                s.add(
                    ActionRow(
                        game_id=game_id,
                        index=version,
                        seat=seat,
                        action=action,
                        action_id=action_id,
                        user_id=user_id,
                        created_at=now,
                        source=source,
                    )
                )
                s.flush()
                if result is not None:
                    self._finish_table(s, game_id, players, result, now, rated)
        except IntegrityError:
            if self.action_index(game_id, user_id, seat, action_id) is not None:
                raise DuplicateAction(action_id) from None
            raise Conflict(game_id) from None

    def _append_fast(
        self,
        game_id: str,
        version: int,
        seat: int,
        action: str,
        action_id: str,
        user_id: str | None,
        source: str | None,
    ) -> None:
        """The common case of :meth:`append_action` (the game goes on) in two Core
        statements and one commit, without the ORM's unit of work."""
        try:
            with self.engine.begin() as connection:
                moved = connection.execute(
                    _MOVE_GAME, {"game_id": game_id, "expected": version, "next": version + 1}
                )
                if not moved.rowcount:
                    raise Conflict(game_id)
                connection.execute(
                    _INSERT_ACTION,
                    {
                        "game_id": game_id,
                        "index": version,
                        "seat": seat,
                        "action": action,
                        "action_id": action_id,
                        "user_id": user_id,
                        "created_at": time.time(),
                        "source": source,
                    },
                )
        except IntegrityError:
            if self.action_index(game_id, user_id, seat, action_id) is not None:
                raise DuplicateAction(action_id) from None
            raise Conflict(game_id) from None

    def append_actions(self, items: Sequence[PendingAction]) -> list[Exception | None]:
        """Append several actions of different games in one transaction (group
        commit); returns, per item, None when stored or the :class:`Conflict` or
        :class:`DuplicateAction` that refused it. Only games that go on: a
        finishing action goes through :meth:`append_action`.

        A version check that fails refuses its item and changes nothing; an
        integrity error (a duplicate id) rolls the batch back and each item is
        then appended on its own."""
        outcomes: list[Exception | None] = [None] * len(items)
        rows = []
        try:
            with self.engine.begin() as connection:
                now = time.time()
                moved = _move_games(connection, items)
                for n, item in enumerate(items):
                    if item.game_id not in moved:
                        outcomes[n] = Conflict(item.game_id)
                        continue
                    rows.append(
                        {
                            "game_id": item.game_id,
                            "index": item.version,
                            "seat": item.seat,
                            "action": item.action,
                            "action_id": item.action_id,
                            "user_id": item.user_id,
                            "created_at": now,
                            "source": item.source,
                        }
                    )
                if rows:
                    connection.execute(_INSERT_ACTION, rows)
            return outcomes
        except IntegrityError:
            pass
        for n, item in enumerate(items):
            try:
                self._append_fast(
                    item.game_id,
                    item.version,
                    item.seat,
                    item.action,
                    item.action_id,
                    item.user_id,
                    item.source,
                )
                outcomes[n] = None
            except (Conflict, DuplicateAction) as refusal:
                outcomes[n] = refusal
        return outcomes

    def finish_game(
        self,
        game_id: str,
        version: int,
        result: dict[str, Any],
        players: Sequence[str | None],
        rated: bool,
    ) -> bool:
        """Finish a game in play at ``version`` without a further action (a seat
        resigned): its ``result``, its table finished, the players' lines, statistics
        and ratings, in one transaction. False if the game was no longer in play at
        that version."""
        with self.session() as s:
            now = time.time()
            moved = s.execute(
                update(GameRow)
                .where(
                    GameRow.id == game_id, GameRow.version == version, GameRow.status == "playing"
                )
                .values(status="finished", result=result, finished_at=now)
            )
            if not moved.rowcount:  # type: ignore[attr-defined]
                return False
            self._finish_table(s, game_id, players, result, now, rated)
            return True

    def _finish_table(
        self,
        s: Session,
        game_id: str,
        players: Sequence[str | None] | None,
        result: dict[str, Any],
        now: float,
        rated: bool,
    ) -> None:
        """Mark a finished game's table finished and record its result."""
        table_id, kind = s.execute(
            select(GameRow.table_id, GameRow.game).where(GameRow.id == game_id)
        ).one()
        s.execute(update(TableRow).where(TableRow.id == table_id).values(status="finished"))
        if players is not None:
            self._record_result(s, game_id, kind, players, result, now, rated)

    def _record_result(
        self,
        s: Session,
        game_id: str,
        game: str,
        players: Sequence[str | None],
        result: dict[str, Any],
        now: float,
        rated: bool = True,
    ) -> None:
        """Store each seat's line of a finished game and, when it is ``rated``, update
        the players' statistics and ratings (rows locked in id order, so that
        concurrent games on several nodes never lose an update)."""
        ids = sorted({p for p in players if p})
        if not ids:
            return
        identities = self._identities(s, ids)
        if rated:
            self._rate(s, game, ids, identities, players, result, now)
        for line in seat_lines(game, players, result):
            pid = players[line.seat]
            if pid:
                kind, name = identities[pid]
                s.add(
                    GamePlayerRow(
                        game_id=game_id,
                        seat=line.seat,
                        player_id=pid,
                        kind=kind,
                        name=name,
                        game=game,
                        score=line.score,
                        won=line.won,
                        finished_at=now,
                    )
                )

    @staticmethod
    def _rate(
        s: Session,
        game: str,
        ids: list[str],
        identities: dict[str, tuple[str, str]],
        players: Sequence[str | None],
        result: dict[str, Any],
        now: float,
    ) -> None:
        """Update the statistics and ratings of a rated game's players."""
        insert = pg_insert if s.get_bind().dialect.name == "postgresql" else sqlite_insert
        s.execute(
            insert(PlayerStatsRow)
            .values(
                [
                    {
                        "player_id": pid,
                        "game": game,
                        "kind": identities[pid][0],
                        "name": identities[pid][1],
                        "mu": DEFAULT_MU,
                        "sigma": DEFAULT_SIGMA,
                        "ordinal": Rating().ordinal,
                    }
                    for pid in ids
                ]
            )
            .on_conflict_do_nothing()
        )
        rows = {
            row.player_id: row
            for row in s.scalars(
                select(PlayerStatsRow)
                .where(PlayerStatsRow.game == game, PlayerStatsRow.player_id.in_(ids))
                .order_by(PlayerStatsRow.player_id)
                .with_for_update()
            )
        }
        current = {pid: Rating(row.mu, row.sigma) for pid, row in rows.items()}
        new = rate(game, players, result, current)
        for line in seat_lines(game, players, result):
            pid = players[line.seat]
            if not pid:
                continue
            row = rows[pid]
            row.games += 1
            row.wins += int(line.won)
            row.rounds += line.rounds
            row.points += line.score
            row.declared += line.declared
            row.nat += line.nat
            row.mars += line.mars
        for pid, rating in new.items():
            row = rows[pid]
            row.mu, row.sigma, row.ordinal = rating.mu, rating.sigma, rating.ordinal
            row.kind, row.name = identities[pid]
            row.updated_at = now

    def _identities(self, s: Session, ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """``(kind, name)`` of each player id (users, and ``bot:LEVEL`` identities)."""
        out = {pid: ("bot", f"bot ({pid[4:]})") for pid in ids if pid.startswith("bot:")}
        users = [pid for pid in ids if pid not in out]
        if users:
            for user in s.scalars(select(UserRow).where(UserRow.id.in_(users))):
                out[user.id] = (user.kind, user.name)
        for pid in ids:
            out.setdefault(pid, ("guest", "?"))
        return out

    # -- results -------------------------------------------------------------------------

    def player_stats(self, player_id: str) -> list[PlayerStatsRow]:
        """The statistics rows (one per game kind) of a player."""
        with self.session() as s:
            return list(
                s.scalars(select(PlayerStatsRow).where(PlayerStatsRow.player_id == player_id))
            )

    def leaderboard(self, game: str, limit: int) -> list[PlayerStatsRow]:
        """The best rated players of ``game`` (by ordinal, highest first)."""
        with self.session() as s:
            return list(
                s.scalars(
                    select(PlayerStatsRow)
                    .where(PlayerStatsRow.game == game)
                    .order_by(PlayerStatsRow.ordinal.desc(), PlayerStatsRow.player_id)
                    .limit(limit)
                )
            )

    def games_played(
        self, player_id: str | None, limit: int
    ) -> list[tuple[GameRow, list[GamePlayerRow]]]:
        """Public finished games, newest first (those of ``player_id`` when given),
        each with its seats' lines. A game is public when its table is, or when the
        owner of its private table published it."""
        with self.session() as s:
            public = select(TableRow.id).where(TableRow.public.is_(True))
            query = select(GameRow).where(
                GameRow.status == "finished",
                or_(GameRow.table_id.in_(public), GameRow.published.is_(True)),
            )
            if player_id is not None:
                played = select(GamePlayerRow.game_id).where(GamePlayerRow.player_id == player_id)
                query = query.where(GameRow.id.in_(played))
            query = query.order_by(GameRow.finished_at.desc()).limit(limit)
            found = list(s.scalars(query))
            lines: dict[str, list[GamePlayerRow]] = {g.id: [] for g in found}
            if found:
                for line in s.scalars(
                    select(GamePlayerRow)
                    .where(GamePlayerRow.game_id.in_(list(lines)))
                    .order_by(GamePlayerRow.seat)
                ):
                    lines[line.game_id].append(line)
            return [(g, lines[g.id]) for g in found]

    def analysis(self, game_id: str, round_index: int) -> dict[str, Any] | None:
        """The cached analysis of a round, if computed."""
        with self.session() as s:
            row = s.get(AnalysisRow, (game_id, round_index))
            return None if row is None else row.data

    def save_analysis(self, game_id: str, round_index: int, data: dict[str, Any]) -> None:
        """Cache the analysis of a round (a concurrent identical write is harmless)."""
        try:
            with self.session() as s:
                s.add(AnalysisRow(game_id=game_id, round_index=round_index, data=data))
        except IntegrityError:
            pass

    def action_index(
        self, game_id: str, user_id: str | None, seat: int, action_id: str
    ) -> int | None:
        """The index of the action this sender (user and seat) sent as ``action_id``."""
        with self.session() as s:
            return s.scalar(
                select(ActionRow.index).where(
                    ActionRow.game_id == game_id,
                    _eq_or_null(ActionRow.user_id, user_id),
                    ActionRow.seat == seat,
                    ActionRow.action_id == action_id,
                )
            )

    def finished_games(self, limit: int = 10000) -> list[GameRow]:
        """Finished games, oldest first."""
        with self.session() as s:
            return list(
                s.scalars(
                    select(GameRow)
                    .where(GameRow.status == "finished")
                    .order_by(GameRow.finished_at)
                    .limit(limit)
                )
            )

    def add_chat(self, table_id: str, user_id: str, name: str, text: str, channel: str) -> int:
        """Store a chat line said in ``channel``; returns its id."""
        with self.session() as s:
            row = ChatRow(table_id=table_id, user_id=user_id, name=name, text=text, channel=channel)
            s.add(row)
            s.flush()
            return row.id

    def chat_history(self, table_id: str, limit: int) -> list[ChatRow]:
        """The last ``limit`` chat lines of a table (of every room), oldest first."""
        with self.session() as s:
            rows = s.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            )
            return list(reversed(list(rows)))


_GAMES: Table = Base.metadata.tables["games"]
_ACTIONS: Table = Base.metadata.tables["actions"]
_MOVE_GAME = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game_id"), _GAMES.c.version == bindparam("expected"))
    .values(version=bindparam("next"))
)
_INSERT_ACTION = _ACTIONS.insert()


def _move_games(connection: Any, items: Sequence[PendingAction]) -> set[str]:
    """Move each item's game from its version to the next, in one statement (a batch
    holds one action per game: a table appends its next action once the last is
    stored); the ids of the games that moved, the others having moved on meanwhile."""
    moved = connection.execute(
        update(_GAMES)
        .where(tuple_(_GAMES.c.id, _GAMES.c.version).in_([(i.game_id, i.version) for i in items]))
        .values(version=_GAMES.c.version + 1)
        .returning(_GAMES.c.id)
    )
    return set(moved.scalars())


def _eq_or_null(column: Any, value: str | None) -> Any:
    return column.is_(None) if value is None else column == value


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
