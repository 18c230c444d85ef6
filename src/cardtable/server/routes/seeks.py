"""Quick play: seeking a game, the seat found, and who is online."""

from __future__ import annotations

from fastapi import APIRouter, Request

from cardtable.server.auth import CurrentUser, service_of
from cardtable.server.schemas import ERRORS, OnlineOut, SeekIn, SeekReply

__all__ = ["router"]

router = APIRouter(tags=["quick play"], responses=ERRORS)


@router.post("/api/seeks")
async def seek(body: SeekIn, request: Request, user: CurrentUser) -> SeekReply:
    """Seek a game: seated with the next people who seek the same game and rules, or
    with bots in the seats left once ``bots_after`` seconds have passed."""
    service = service_of(request)
    made = await service.seeks.create(
        user, body.game, body.preset, body.rules, body.bots_after, body.level
    )
    return SeekReply.model_validate({"seek": made.view(service.clock.now())})


@router.get("/api/seeks/{seek_id}")
async def seek_status(seek_id: str, request: Request, user: CurrentUser) -> SeekReply:
    """The caller's seek: waiting, or seated (the table and the seat found)."""
    service = service_of(request)
    found = service.seeks.get(user, seek_id)
    return SeekReply.model_validate({"seek": found.view(service.clock.now())})


@router.delete("/api/seeks/{seek_id}")
async def cancel_seek(seek_id: str, request: Request, user: CurrentUser) -> SeekReply:
    """Give up a waiting seek."""
    service = service_of(request)
    gone = service.seeks.cancel(user, seek_id)
    return SeekReply.model_validate({"seek": gone.view(service.clock.now())})


@router.get("/api/online")
async def online(request: Request) -> OnlineOut:
    """How many people are here (at a table or seeking, on this node), and who is
    looking for a game."""
    service = service_of(request)
    now = service.clock.now()
    seeking = service.seeks.seeking()
    here = {c.user_id for rt in service.tables.runtimes.values() for c in rt.clients}
    here |= {s.user.id for s in seeking}
    seekers = [{**s.view(now), "name": s.user.name} for s in seeking]
    return OnlineOut.model_validate({"online": len(here), "seeking": seekers})
