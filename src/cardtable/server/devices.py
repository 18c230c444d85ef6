"""Device cookies: a device where an account logged in before is remembered, so a
stranger's wrong guesses never lock its owner out (OWASP's device-cookie scheme).

A device cookie is ``user id . nonce . signature``: the HMAC-SHA256 of the first two
with a key only the server knows (kept in the database, shared by every node). A
login from a device with a valid cookie for that account has its failures counted
per device (its nonce), not per username; without one, failures count per
username, which a stranger can exhaust, but only for devices the owner never used.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["DEVICE_COOKIE", "DEVICE_LIFETIME", "DeviceCookies"]

DEVICE_COOKIE = "cardtable_device"
"""The device cookie's name (sent only to ``/api/login``)."""

DEVICE_LIFETIME = 365 * 24 * 3600
"""Seconds a device stays remembered after its last successful login."""


class DeviceCookies:
    """Issues and checks device cookies signed with ``key``.

    >>> cookies = DeviceCookies(b"k" * 32)
    >>> cookie = cookies.issue("u1")
    >>> cookies.device(cookie, "u1") == cookie.split(".")[1]
    True
    >>> cookies.device(cookie, "u2") is None  # another account's device
    True
    >>> cookies.device(cookie[:-1] + "0", "u1") is None  # a forged signature
    True
    """

    def __init__(self, key: bytes) -> None:
        self._key = key

    def _signature(self, user_id: str, nonce: str) -> str:
        message = f"{user_id}.{nonce}".encode()
        return hmac.new(self._key, message, hashlib.sha256).hexdigest()

    def issue(self, user_id: str) -> str:
        """A new device cookie for the account ``user_id``."""
        nonce = secrets.token_hex(16)
        return f"{user_id}.{nonce}.{self._signature(user_id, nonce)}"

    def device(self, cookie: str | None, user_id: str) -> str | None:
        """The device (nonce) of ``cookie`` if it is a valid cookie of ``user_id``."""
        if not cookie or len(cookie) > 200:
            return None
        parts = cookie.split(".")
        if len(parts) != 3 or parts[0] != user_id:
            return None
        _, nonce, signature = parts
        if not hmac.compare_digest(signature, self._signature(user_id, nonce)):
            return None
        return nonce
