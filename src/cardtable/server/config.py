"""Server settings, with the defaults of a single node on SQLite."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Settings"]


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
    send_queue: int = 256
    """Messages buffered for a slow client before it is disconnected."""
    allow_seed: bool = False
    """Let table creators choose the deal's seed (tests only: the seed reveals every
    hand to whoever knows it)."""
    turn_grace: float = 10.0
    """After a restart, a turn timer that was running gets at least this long (capped
    at the table's timer), so players can reconnect before the server plays for them."""
    secure_cookies: bool = False
    """Mark the session cookie Secure (behind HTTPS)."""
