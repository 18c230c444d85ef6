"""Server settings, with the defaults of a single node on SQLite."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtable.server.clock import Clock

__all__ = ["DEFAULT_LIMITS", "Settings"]

DEFAULT_LIMITS: dict[str, str] = {
    "guest": "10/minute;100/day",
    "register": "5/minute;50/day",
    "login": "10/minute;100/hour",
    "login_name": "5/minute;30/hour",
    "login_device": "10/minute;100/hour",
    "password": "5/minute;30/hour",
    "profile": "10/minute;100/day",
    "table": "10/minute;100/day",
    "message": "20/second;600/minute",
    "message_address": "60/second",
    "chat": "10/10second;300/hour",
    "sheet": "60/minute;3000/day",
    "sheet_shared": "120/minute",
}
"""Rate limits by name: ``guest`` and ``register`` per address; ``login`` (every
login attempt and password change) per address; wrong passwords at login
``login_name`` per username, or ``login_device`` per remembered device (a device
cookie of the account); ``password`` (wrong current passwords) per user; ``profile`` (name
changes) per user; ``table`` (table creation) per user and per
address; ``message`` (socket messages) per user, ``message_address`` per address;
``chat`` (chat lines) per user; ``sheet`` (keeping or changing a score sheet) per
user; ``sheet_shared`` (reading a shared sheet, which is polled) per address."""


@dataclass
class Settings:
    """What a server node needs to know; every field has a sensible default."""

    database: str | None = None
    """SQLAlchemy URL; None is ``sqlite:///data/cardtable.db``."""
    redis: str | None = None
    """``redis://`` URL for fan-out between nodes; None is in-process only."""
    hold_seconds: float = 30.0
    """How long a dropped human's seat is held before a bot plays it."""
    bot_workers: int = 2
    """Worker processes for bot decisions (0: one thread, for tests)."""
    bot_delay: float = 0.0
    """Pause before a bot's move is applied (makes games watchable); 0 in tests."""
    max_message_bytes: int = 4096
    """Largest WebSocket message accepted from a client."""
    rate_per_second: float = 20.0
    """Sustained messages per second allowed per socket."""
    rate_burst: int = 40
    """Messages a socket may send at once before the rate applies."""
    limits: dict[str, str] = field(default_factory=dict)
    """Rate limits by name (the keys of :data:`DEFAULT_LIMITS`), in the ``limits``
    library's notation (``"10/minute;100/hour"``), overriding them; an
    empty string switches one off."""
    max_open_tables: int = 10
    """Tables one user may own that wait for players or are played."""
    idle_release: float = 300.0
    """Seconds after which a table nobody is connected to and no game is played at
    is released from memory (it is loaded again on use)."""
    watchdog_interval: float = 5.0
    """How often the watchdog resumes any server-controlled seat left waiting."""
    session_lifetime: float = 30 * 24 * 3600.0
    """A session ends after this many seconds without use (sliding)."""
    allowed_origins: tuple[str, ...] = ()
    """Origins besides the server's own whose pages may open table sockets
    (``https://example.org``)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses of reverse proxies whose ``X-Forwarded-For``/``-Proto`` are believed."""
    send_queue: int = 256
    """Messages buffered for a slow client before it is disconnected."""
    allow_seed: bool = False
    """Let table creators choose the deal's seed (tests only: the seed reveals every
    hand to whoever knows it)."""
    turn_grace: float = 10.0
    """After a restart, a turn timer that was running gets at least this long (capped
    at the table's timer), so players can reconnect before the server plays for them."""
    claim_after: float = 120.0
    """Seconds a person to move may stay idle before the other people seated may let
    a bot play the seat (until its player takes it back)."""
    clock: Clock | None = None
    """The clock of timers and deadlines (None: the real one; tests inject a
    :class:`~cardtable.server.clock.ManualClock`)."""
    secure_cookies: bool = False
    """Mark the session cookie Secure (behind HTTPS)."""
