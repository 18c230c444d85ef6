"""``cardtable serve``: run the game server with uvicorn."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardtable.server.config import DEFAULT_LIMITS

__all__ = ["db", "register", "serve"]


def register(subparsers: Any) -> None:
    """Add the ``serve`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run the online game server", description=serve.__doc__
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument(
        "--database", default=None, help="SQLAlchemy URL (default: SQLite in ./data/)"
    )
    parser.add_argument("--redis", default=None, help="redis:// URL to run several nodes")
    parser.add_argument(
        "--hold-seconds", type=float, default=30.0, help="hold a dropped seat this long"
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=2,
        help="search worker processes for the bots (plus one for the quick levels; 0: threads)",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.6, help="seconds before a bot's move is shown"
    )
    parser.add_argument(
        "--turn-grace",
        type=float,
        default=10.0,
        help="after a restart, a running turn timer gets at least this many seconds",
    )
    parser.add_argument(
        "--claim-after",
        type=float,
        default=120.0,
        help="seconds a player to move may stay idle before the others may give the seat to a bot",
    )
    parser.add_argument(
        "--ws-compression",
        action="store_true",
        help="compress WebSocket messages (permessage-deflate): less bandwidth, more CPU",
    )
    parser.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another origin whose pages may open table sockets (https://example.org); "
        "the server's own origin always may; repeat for several",
    )
    parser.add_argument(
        "--secure-cookies",
        action="store_true",
        help="mark the session cookie Secure (always done for requests that came over HTTPS)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For and X-Forwarded-Proto are believed "
        "(its address, or * for any); repeat for several",
    )
    parser.add_argument(
        "--session-days",
        type=float,
        default=30.0,
        help="a session ends after this many days without use",
    )
    parser.add_argument(
        "--max-open-tables",
        type=int,
        default=10,
        help="tables one user may own that wait for players or are played",
    )
    parser.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=RATE",
        help="change a rate limit, e.g. login=5/minute;50/hour or message=30/second "
        f"(names: {', '.join(DEFAULT_LIMITS)}; an empty RATE switches one off)",
    )
    parser.add_argument("--log-level", default="info", help="uvicorn log level")
    parser.set_defaults(handler=serve)

    database: argparse.ArgumentParser = subparsers.add_parser(
        "db", help="the server's database schema (Alembic migrations)", description=db.__doc__
    )
    database.add_argument("action", choices=("upgrade", "current", "heads"))
    database.add_argument(
        "--database", default=None, help="SQLAlchemy URL (default: SQLite in ./data/)"
    )
    database.set_defaults(handler=db)


def serve(args: argparse.Namespace) -> int:
    """Serve online Kraken and Gurka tables over HTTP and WebSockets."""
    import uvicorn

    from cardtable.server.app import create_app
    from cardtable.server.config import Settings

    limits = {}
    for item in args.limit:
        name, _, rate = item.partition("=")
        if name not in DEFAULT_LIMITS or not _:
            print(
                f"cardtable serve: --limit {item!r}: use NAME=RATE with NAME one of "
                f"{', '.join(DEFAULT_LIMITS)}",
                file=sys.stderr,
            )
            return 2
        limits[name] = rate
    settings = Settings(
        database=args.database,
        redis=args.redis,
        hold_seconds=args.hold_seconds,
        bot_workers=args.bot_workers,
        bot_delay=args.bot_delay,
        turn_grace=args.turn_grace,
        claim_after=args.claim_after,
        allowed_origins=tuple(args.allowed_origin),
        secure_cookies=args.secure_cookies,
        trusted_proxies=tuple(args.trusted_proxy),
        session_lifetime=args.session_days * 24 * 3600,
        max_open_tables=args.max_open_tables,
        limits=limits,
    )
    app = create_app(settings)
    print(f"cardtable server: http://{args.host}:{args.port}/ (API under /api, sockets /ws)")
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=64 * 1024,
        ws_per_message_deflate=args.ws_compression,
        log_level=args.log_level,
        timeout_graceful_shutdown=5,
        proxy_headers=bool(args.trusted_proxy),
        forwarded_allow_ips=",".join(args.trusted_proxy) or "",
    )
    return 0


def db(args: argparse.Namespace) -> int:
    """Upgrade the server's database to the latest schema (``upgrade``; the server
    also does it when it starts), or print the revision it is at (``current``) and
    the latest one (``heads``)."""
    from sqlalchemy import create_engine

    from cardtable.server import migrate
    from cardtable.server.store import database_url

    if args.action == "heads":
        print(migrate.head())
        return 0
    engine = create_engine(database_url(args.database))
    try:
        if args.action == "upgrade":
            migrate.upgrade(engine)
        print(migrate.current(engine) or "(empty database)")
    finally:
        engine.dispose()
    return 0
