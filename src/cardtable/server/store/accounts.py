"""Accounts and sessions: who people are, their sessions, their removal."""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence

from sqlalchemy import (
    delete,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cardtable.server.store.database import Repository
from cardtable.server.store.models import (
    REMOVED_NAME,
    ChatRow,
    GamePlayerRow,
    PlayerStatsRow,
    ServerSecretRow,
    SessionRow,
    SheetRow,
    UserRow,
    hash_token,
    new_id,
)
from cardtable.server.text import name_skeleton


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


class AccountRepository(Repository):
    """People and their sessions: guests, accounts, bot accounts, and the server's
    shared secrets."""

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
