"""People: guests, accounts and their sessions, and bot accounts.

A session is a random token whose hash is stored; it ends after
``Settings.session_lifetime`` seconds without use (sliding), at logout, or when a
new login replaces it (the id rotates at login). Guest creation, registration and
logins are rate limited per address; wrong passwords per username, or per device
for a device the account logged in from before (:mod:`cardtable.server.devices`),
so nobody can lock an owner out of their own devices.

A person may change their name (``profile`` limit per user), an account its
password (which ends every session of the account but a new one for the caller),
and a guest may become an account keeping its id, so its seats, games and ratings
stay its own (the session rotates there too).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from cardtable.server.devices import DeviceCookies
from cardtable.server.protocol import ServerError
from cardtable.server.store import LookAlikeName, UserRow, hash_token
from cardtable.server.text import clean_name

if TYPE_CHECKING:
    from cardtable.server.service import Service

__all__ = ["Accounts"]


@contextlib.contextmanager
def _distinct_names() -> Iterator[None]:
    """Refuse ``bad_name`` for a name the store found looking like another account's
    or bot's."""
    try:
        yield
    except LookAlikeName as error:
        raise ServerError(
            "bad_name",
            f"the name looks like {error.existing!r}, another player's name; choose one"
            " that reads differently",
            400,
        ) from None


class Accounts:
    """Creates people and sessions and says who a token belongs to."""

    def __init__(self, service: Service) -> None:
        self._service = service
        self._hasher = PasswordHasher()
        self._devices: DeviceCookies | None = None

    async def _session(self, user: UserRow) -> str:
        service = self._service
        return await service.db(
            service.store.accounts.new_session, user.id, service.settings.session_lifetime
        )

    async def guest(self, name: str, address: str) -> tuple[UserRow, str]:
        """A new guest called ``name`` and its session token."""
        service = self._service
        name = clean_name(name)
        await service.limits.hit("guest", address)
        with _distinct_names():
            user = await service.db(service.store.accounts.create_user, name, "guest")
        return user, await self._session(user)

    async def register(
        self, username: str, password: str, name: str | None, address: str
    ) -> tuple[UserRow, str]:
        """A new account (password hashed with argon2) and its session token."""
        service = self._service
        shown = clean_name(name or username)
        await service.limits.hit("register", address)
        digest = await asyncio.to_thread(self._hasher.hash, password)
        try:
            with _distinct_names():
                user = await service.db(
                    service.store.accounts.create_user, shown, "account", username, digest
                )
        except ValueError as error:
            raise ServerError("username_taken", str(error), 409) from None
        return user, await self._session(user)

    async def login(
        self,
        username: str,
        password: str,
        address: str,
        replacing: str | None = None,
        device: str | None = None,
    ) -> tuple[UserRow, str]:
        """A new session for the account, if the password is right; the session
        ``replacing`` (the one the client had) ends, so the id rotates at login.

        Every attempt counts against the address (``login``). Wrong passwords count
        against the device when ``device`` is a device cookie of the account
        (``login_device``), else against the username (``login_name``): a stranger's
        guesses throttle only devices the owner never logged in from."""
        service = self._service
        await service.limits.hit("login", address)
        user = await service.db(service.store.accounts.user_by_username, username)
        cookies = await self._device_cookies()
        known = cookies.device(device, user.id) if user is not None else None
        limit, key = ("login_device", known) if known else ("login_name", username.casefold())
        user = await self._check_password(user, password, limit, key)
        if replacing:
            await service.db(service.store.accounts.end_session, replacing)
        return user, await self._session(user)

    async def device_cookie(self, user: UserRow) -> str:
        """A new device cookie that remembers this device for the account ``user``
        (given at registration, login and a password change)."""
        return (await self._device_cookies()).issue(user.id)

    async def _device_cookies(self) -> DeviceCookies:
        if self._devices is None:
            key = await self._service.db(
                self._service.store.accounts.server_secret, "device_cookie"
            )
            self._devices = DeviceCookies(key)
        return self._devices

    async def _check_password(
        self, user: UserRow | None, password: str, limit: str, key: str
    ) -> UserRow:
        """``user``, once ``password`` proves it is theirs (``bad_credentials``
        otherwise, for an unknown user too); a wrong
        one counts against ``limit`` for ``key``, which refuses ``rate_limited`` once
        it is used up (right or wrong)."""
        limits = self._service.limits
        await limits.check(limit, key)
        refused = ServerError("bad_credentials", "unknown username or wrong password", 401)
        try:
            if user is None or user.password_hash is None:
                raise refused
            await asyncio.to_thread(self._hasher.verify, user.password_hash, password)
        except (VerificationError, InvalidHashError, ServerError):
            await limits.hit(limit, key)
            raise refused from None
        return user

    async def rename(self, user: UserRow, name: str) -> UserRow:
        """Give ``user`` (a guest or an account) a new name, checked as any name."""
        service = self._service
        if user.kind == "bot":
            raise ServerError("forbidden", "a bot account's name is kept", 403)
        name = clean_name(name)
        await service.limits.hit("profile", user.id)
        with _distinct_names():
            await service.db(service.store.accounts.rename_user, user.id, name)
        user.name = name
        await service.tables.renamed(user)
        return user

    async def change_password(
        self, user: UserRow, current: str, new: str, address: str
    ) -> tuple[UserRow, str]:
        """Set an account's new password once its ``current`` one is proved; every
        session of the account ends (other devices log in again) and the caller gets
        a new one."""
        service = self._service
        if user.kind != "account":
            raise ServerError("forbidden", "only an account has a password", 403)
        await service.limits.hit("login", address)
        await self._check_password(user, current, "password", user.id)
        digest = await asyncio.to_thread(self._hasher.hash, new)
        await service.db(service.store.accounts.set_password, user.id, digest)
        await service.db(service.store.accounts.revoke_sessions, user.id)
        await service.play.end_sessions(user_id=user.id)
        return user, await self._session(user)

    async def upgrade(
        self, user: UserRow, username: str, password: str, address: str
    ) -> tuple[UserRow, str]:
        """Make the guest ``user`` an account called ``username``, keeping its id (its
        seats, games, statistics and ratings); its guest session is replaced."""
        service = self._service
        if user.kind != "guest":
            raise ServerError("forbidden", "only a guest can become an account", 403)
        await service.limits.hit("register", address)
        digest = await asyncio.to_thread(self._hasher.hash, password)
        try:
            with _distinct_names():
                user = await service.db(
                    service.store.accounts.upgrade_guest, user.id, username, digest
                )
        except ValueError as error:
            raise ServerError("username_taken", str(error), 409) from None
        await service.db(service.store.accounts.revoke_sessions, user.id)
        await service.play.end_sessions(user_id=user.id)
        return user, await self._session(user)

    async def remove(self, user: UserRow, password: str | None, address: str) -> None:
        """Remove ``user`` (a guest, or an account once its ``password`` is proved)
        and its bot accounts for good: they get up from every table (a bot takes a
        seat in play), the tables it owns that no game is played at close, every
        session and socket of theirs ends (close code 4401) on every node, and their
        statistics, ratings and sheets are deleted (see ``AccountRepository.remove_user``)."""
        service = self._service
        if user.kind == "bot":
            raise ServerError("forbidden", "a bot account is removed by its owner's removal", 403)
        if user.kind == "account":
            await service.limits.hit("login", address)
            await self._check_password(user, password or "", "password", user.id)
        ids = [user.id, *(bot.id for bot in await self.bots(user))]
        await service.tables.remove_player(ids)
        await service.db(service.store.accounts.remove_user, user.id)
        for user_id in ids:
            await service.play.end_sessions(user_id=user_id)

    async def logout(self, token: str | None) -> None:
        """End the session of ``token`` and close its sockets on every node (nothing
        happens without one)."""
        if token:
            await self._service.db(self._service.store.accounts.end_session, token)
            await self._service.play.end_sessions([hash_token(token)])

    async def authenticate(self, token: str | None) -> UserRow:
        """The user of a live session token; ``unauthorized`` without one."""
        service = self._service
        user = None
        if token:
            user = await service.db(
                service.store.accounts.user_for_token, token, service.settings.session_lifetime
            )
        if user is None:
            raise ServerError("unauthorized", "a valid session token is required", 401)
        return user

    async def maybe_user(self, token: str | None) -> UserRow | None:
        """The user of ``token`` if it is a live session, else None (anonymous)."""
        try:
            return await self.authenticate(token)
        except ServerError:
            return None

    # -- bot accounts ----------------------------------------------------------------------

    async def create_bot(self, owner: UserRow, name: str) -> tuple[UserRow, str]:
        """A bot account owned by the account ``owner``, and its token (which does
        not expire; the owner replaces it with :meth:`new_bot_token`)."""
        service = self._service
        if owner.kind != "account":
            raise ServerError("forbidden", "only registered accounts can create bots", 403)
        name = clean_name(name, bot=True)
        with _distinct_names():
            bot = await service.db(
                service.store.accounts.create_user, name, "bot", None, None, owner.id
            )
        return bot, await service.db(service.store.accounts.new_session, bot.id)

    async def bots(self, owner: UserRow) -> list[UserRow]:
        """The bot accounts ``owner`` created."""
        return await self._service.db(self._service.store.accounts.bots_of, owner.id)

    async def new_bot_token(self, owner: UserRow, bot_id: str) -> tuple[UserRow, str]:
        """Replace a bot's token (the old ones stop working)."""
        service = self._service
        bot = await service.db(service.store.accounts.user, bot_id)
        if bot is None or bot.kind != "bot" or bot.owner_id != owner.id:
            raise ServerError("not_found", f"you have no bot {bot_id!r}", 404)
        await service.db(service.store.accounts.revoke_sessions, bot.id)
        await service.play.end_sessions(user_id=bot.id)
        return bot, await service.db(service.store.accounts.new_session, bot.id)
