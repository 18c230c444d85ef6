"""What the server is: its health, its game kinds and its socket protocol's schema."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from cardtable.game import kind, kinds
from cardtable.server.bots import LEVELS, levels_for
from cardtable.server.protocol import PROTOCOL_VERSION, json_schema
from cardtable.server.schemas import HealthOut

__all__ = ["kinds_view", "router"]

router = APIRouter(tags=["server"])


def kinds_view() -> dict[str, Any]:
    """What ``GET /api/kinds`` answers: every registered game with its rules schema
    (fields, defaults, presets: the lobby's rule editor reads it), its seats with the
    default rules, its scoring and the bot levels that play it; and every bot level."""
    out = []
    for name in kinds():
        k = kind(name)
        default = k.rules()
        out.append(
            {
                "name": k.name,
                "title": k.title,
                "seats": k.seats(default),
                "seat_names": list(k.seat_names(default)),
                "scoring": k.scoring,
                "rules": k.rules_schema(),
                "levels": levels_for(name),
            }
        )
    return {"kinds": out, "levels": list(LEVELS)}


@router.get("/api/health")
async def health() -> HealthOut:
    """Whether the node is up, and its protocol version."""
    return HealthOut(ok=True, protocol=PROTOCOL_VERSION)


@router.get("/api/kinds")
async def game_kinds() -> dict[str, Any]:
    """Every game this server plays, with its rules schema and bot levels."""
    return kinds_view()


@router.get("/api/protocol/schema")
async def schema() -> dict[str, Any]:
    """The JSON schema of the table socket's client messages."""
    return json_schema()
