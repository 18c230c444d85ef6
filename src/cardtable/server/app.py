"""The ASGI application: the HTTP routes (:mod:`cardtable.server.routes`), wrapped in
the security middleware, the refusals as JSON, and the table socket
(:mod:`cardtable.server.sockets`). See
``docs/server-protocol.md`` and, for the security model, ``docs/deploy.md``."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from cardtable.server.config import Settings
from cardtable.server.protocol import PROTOCOL_VERSION, ServerError
from cardtable.server.routes import ROUTERS
from cardtable.server.security import (
    BodyLimit,
    CrossSiteGuard,
    SecurityHeaders,
    install_log_redaction,
)
from cardtable.server.service import Service
from cardtable.server.sheets import mount_sheets
from cardtable.server.sockets import play_socket
from cardtable.server.web import mount_web

__all__ = ["create_app"]

MAX_BODY = 64 * 1024
log = logging.getLogger("cardtable.server")


def _error(
    code: str, message: str, status: int, details: dict[str, Any] | None = None
) -> JSONResponse:
    error: dict[str, Any] = {"code": code, "message": message}
    if details:
        error["details"] = details
    return JSONResponse({"error": error}, status_code=status)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server application for ``settings`` (defaults: one node on SQLite)."""
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        install_log_redaction()
        service = Service(settings)
        await service.start()
        app.state.service = service
        try:
            yield
        finally:
            await service.close()

    app = FastAPI(title="cardtable", version=str(PROTOCOL_VERSION), lifespan=lifespan)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(CrossSiteGuard, allowed=settings.allowed_origins)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, error: ServerError) -> JSONResponse:
        response = _error(error.code, error.message, error.status, error.details)
        if error.status == 429:
            response.headers["Retry-After"] = str((error.details or {}).get("retry_after", 60))
        return response

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "bad request"}
        where = ".".join(str(p) for p in first["loc"][1:]) or "body"
        return _error("bad_request", f"{where}: {first['msg']}", 422)

    @app.exception_handler(Exception)
    async def internal(_request: Request, error: Exception) -> JSONResponse:
        log.exception("request failed", exc_info=error)
        return _error("internal", "the server failed; nothing was changed", 500)

    for router in ROUTERS:
        app.include_router(router)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await play_socket(websocket, table_id, settings)

    mount_sheets(app)
    mount_web(app)  # the browser client; last, since it serves every other path
    return app
