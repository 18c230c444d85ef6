"""HTTP hardening that every request passes through: security headers, a body
limit that also holds for chunked uploads, the WebSocket ``Origin`` check, the
client's address behind a trusted proxy, and an access log that never carries a
token or an invite.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "BodyLimit",
    "CrossSiteGuard",
    "SecurityHeaders",
    "install_log_redaction",
    "origin_allowed",
    "redact",
    "refuse",
]

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
"""The page's policy: its own scripts only, no framing by other sites."""

_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    """Adds the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, adding the headers to the response's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in _HEADERS if k not in present]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


class BodyLimit:
    """Refuses request bodies over ``limit`` bytes with 413, counting what arrives
    (a chunked body has no ``Content-Length`` to trust), before the app reads it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Read the body up to the limit, then hand it to the app."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        message = f"request bodies are limited to {self.limit} bytes"
        await refuse(send, 413, "too_large", message, [(b"connection", b"close")])


UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""The methods that change state: the ones :class:`CrossSiteGuard` checks."""


class CrossSiteGuard:
    """Refuses cross-site requests that change state (CSRF), and bodies that are not
    JSON.

    A request sent with ``Authorization: Bearer`` (the browser client, bots,
    scripts) passes: no other site can make a browser send that header. Any other
    POST, PUT, PATCH or DELETE must show it comes from the server's own pages (or
    an allowed origin) when it carries a cookie: its ``Origin``; without one (or
    with ``Origin: null``, which ``Referrer-Policy: no-referrer`` makes browsers
    send), ``Sec-Fetch-Site: same-origin`` or ``none``; without either, a
    same-origin ``Referer``. A request with none of these and a cookie is refused
    too, and so is a cookie-less one (a login, a new guest) that says it comes from
    another site. A refusal is ``403 cross_site``. The same requests carry a body,
    if any, as ``application/json``, else ``415 unsupported_media_type``: an HTML
    form cannot send that type without a CORS preflight, which this server never
    grants."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = tuple(allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check an unsafe request's origin and content type, then pass it on."""
        if scope["type"] != "http" or scope["method"] not in UNSAFE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if headers.get("authorization", "").lower().startswith("bearer "):
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(headers)
        if refusal is not None:
            await refuse(send, *refusal)
            return
        await self.app(scope, receive, send)

    def _refusal(self, headers: dict[str, str]) -> tuple[int, str, str] | None:
        host = headers.get("host")
        origin = headers.get("origin")
        fetch_site = headers.get("sec-fetch-site", "").lower()
        referer = headers.get("referer")
        same: bool | None = None  # None: the request does not say where it comes from
        if origin and origin != "null":
            same = origin_allowed(origin, host, self.allowed)
        elif fetch_site:
            same = fetch_site in ("same-origin", "none")
        elif referer:
            parts = urlsplit(referer)
            same = origin_allowed(f"{parts.scheme}://{parts.netloc}", host, self.allowed)
        cookie = bool(headers.get("cookie", "").strip())
        if same is False or (cookie and same is None):
            return (
                403,
                "cross_site",
                "a request that changes something must come from this site's own pages "
                "(its Origin, Sec-Fetch-Site or Referer), or carry Authorization: Bearer",
            )
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        has_body = headers.get("content-length", "0") not in ("", "0") or (
            "transfer-encoding" in headers
        )
        if (kind or has_body) and kind != "application/json":
            return (
                415,
                "unsupported_media_type",
                f"request bodies are application/json, not {kind or 'untyped'}",
            )
        return None


async def refuse(
    send: Send,
    status: int,
    code: str,
    message: str,
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    """Answer a request from the middleware with the API's error body
    (``{"error": {"code", "message"}}``) and ``status``."""
    body = json.dumps({"error": {"code": code, "message": message}}, separators=(",", ":")).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str]) -> bool:
    """Whether a socket opened from a page of ``origin`` may connect: no ``Origin``
    (not a browser), the server's own origin (same host and port as the ``Host``
    header), or one of ``allowed``.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", [])
    True
    >>> origin_allowed("http://evil.example", "127.0.0.1:8000", [])
    False
    >>> origin_allowed("https://cards.example", "10.0.0.5:8000", ["https://cards.example"])
    True
    """
    if origin is None:
        return True
    if origin in {a.rstrip("/") for a in allowed}:
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc or host is None:
        return False
    default = "443" if parts.scheme == "https" else "80"
    return _with_port(parts.netloc.lower(), default) == _with_port(host.lower(), default)


def _with_port(netloc: str, default: str) -> str:
    return netloc if re.search(r":\d+$", netloc) else f"{netloc}:{default}"


_SECRET = re.compile(r"((?:token|invite)=)[^&\s\"']*", re.IGNORECASE)
_SHARED_SHEET = re.compile(r"(/api/sheets/shared/)[^/?#\s\"']+")
"""A shared sheet's read-only token is the one secret a URL path may hold."""


def redact(text: str) -> str:
    """``text`` with the values of ``token`` and ``invite`` parameters and a shared
    sheet's token blanked.

    >>> redact('"GET /tables/ab?invite=s3cret&x=1 HTTP/1.1"')
    '"GET /tables/ab?invite=[redacted]&x=1 HTTP/1.1"'
    >>> redact('"GET /api/sheets/shared/Xy_z-9?since=3 HTTP/1.1"')
    '"GET /api/sheets/shared/[redacted]?since=3 HTTP/1.1"'
    """
    return _SHARED_SHEET.sub(r"\1[redacted]", _SECRET.sub(r"\1[redacted]", text))


class _Redactor(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def install_log_redaction(names: Iterable[str] = ("uvicorn.access", "uvicorn.error")) -> None:
    """Make the named loggers (uvicorn's access and WebSocket lines) blank any token
    or invite that a client put in a URL."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, _Redactor) for f in logger.filters):
            logger.addFilter(_Redactor())
