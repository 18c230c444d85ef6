"""The HTTP routes, one ``APIRouter`` per resource, each route thin: it reads its
pydantic request (:mod:`cardtable.server.schemas`), calls one module of the
service, and answers a pydantic reply, so ``/openapi.json`` documents every reply
and error."""

from __future__ import annotations

from fastapi import APIRouter

from cardtable.server.routes import games, meta, people, seeks, tables

__all__ = ["ROUTERS"]

ROUTERS: tuple[APIRouter, ...] = (
    meta.router,
    people.router,
    tables.router,
    seeks.router,
    games.router,
)
"""Every router, in the order they are mounted."""
