"""Tables: creating them, the lobby, seats, games dealt, proposals and claims."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from cardtable.server import games
from cardtable.server.auth import CurrentUser, OptionalUser, client_address, invite_of, service_of
from cardtable.server.schemas import (
    ERRORS,
    ClaimIn,
    CreatedTableOut,
    DeclineIn,
    JoinIn,
    LobbyOut,
    OkOut,
    SeatChangeIn,
    StartIn,
    TableIn,
    TableReply,
    TablesOut,
)

__all__ = ["router"]

router = APIRouter(tags=["tables"], responses=ERRORS)


def _reply(view: dict[str, Any]) -> TableReply:
    return TableReply.model_validate({"table": view})


@router.post("/api/tables")
async def create_table(body: TableIn, request: Request, user: CurrentUser) -> CreatedTableOut:
    """A new table owned by the caller, seated at its first free human seat."""
    seats = None
    if body.seats is not None:
        seats = [
            {key: value for key, value in s.model_dump().items() if value or key == "kind"}
            for s in body.seats
        ]
    view, invite = await service_of(request).tables.create_table(
        user,
        body.game,
        body.preset,
        body.rules,
        seats,
        body.public,
        body.turn_timer,
        body.rated,
        client_address(request),
        body.spectator_chat,
        body.clock,
    )
    tokens = view.pop("bot_tokens", {})
    return CreatedTableOut.model_validate(
        {
            "table": view,
            "invite": invite,
            "invite_url": f"/tables/{view['id']}#invite={invite}",
            "bot_tokens": {str(seat): token for seat, token in tokens.items()},
        }
    )


@router.get("/api/tables")
async def lobby(request: Request) -> LobbyOut:
    """The lobby: public tables waiting for players, and those being played."""
    tables = service_of(request).tables
    return LobbyOut.model_validate(
        {"tables": await tables.lobby(), "live": await tables.lobby("playing")}
    )


@router.get("/api/me/tables")
async def my_tables(request: Request, user: CurrentUser) -> TablesOut:
    """The tables where the caller holds or is kept a seat and a game waits or is played."""
    return TablesOut.model_validate({"tables": await service_of(request).tables.my_tables(user)})


@router.get("/api/tables/{table_id}")
async def table(table_id: str, request: Request, user: OptionalUser) -> TableReply:
    """One table (a private one only for its members or with ``X-Invite``)."""
    tables = service_of(request).tables
    return _reply(tables.table_view(await tables.visible(table_id, user, invite_of(request))))


@router.get("/api/tables/{table_id}/score")
async def score(table_id: str, request: Request, user: OptionalUser) -> dict[str, Any]:
    """The running score of a table's game (the game kind's result so far)."""
    tables = service_of(request).tables
    rt = await tables.visible(table_id, user, invite_of(request))
    state = rt.state
    return {
        "game_id": rt.table.game_id,
        "version": rt.version,
        "result": None if state is None else games.game_result(rt.table.game, state),
    }


@router.post("/api/tables/{table_id}/join")
async def join(table_id: str, body: JoinIn, request: Request, user: CurrentUser) -> TableReply:
    """Take a seat."""
    return _reply(await service_of(request).tables.join(user, table_id, body.seat, body.invite))


@router.post("/api/tables/{table_id}/start")
async def start(table_id: str, body: StartIn, request: Request, user: CurrentUser) -> TableReply:
    """The owner deals."""
    return _reply(await service_of(request).tables.start_game(user, table_id, body.seed))


@router.post("/api/tables/{table_id}/rematch")
async def rematch(table_id: str, body: StartIn, request: Request, user: CurrentUser) -> TableReply:
    """Propose (or agree to) a new game at the same seats."""
    return _reply(await service_of(request).tables.rematch(user, table_id, body.seed))


@router.post("/api/tables/{table_id}/abort")
async def abort(table_id: str, request: Request, user: CurrentUser) -> TableReply:
    """End the game in play without a result (or propose it)."""
    return _reply(await service_of(request).tables.abort(user, table_id))


@router.post("/api/tables/{table_id}/decline")
async def decline(
    table_id: str, body: DeclineIn, request: Request, user: CurrentUser
) -> TableReply:
    """Turn an open proposal down."""
    return _reply(await service_of(request).tables.decline(user, table_id, body.proposal))


@router.post("/api/tables/{table_id}/resign")
async def resign(table_id: str, request: Request, user: CurrentUser) -> TableReply:
    """The caller's seat concedes the game in play."""
    return _reply(await service_of(request).tables.resign(user, table_id))


@router.post("/api/tables/{table_id}/leave")
async def leave(table_id: str, request: Request, user: CurrentUser) -> TableReply:
    """The caller gets up."""
    return _reply(await service_of(request).tables.leave(user, table_id))


@router.post("/api/tables/{table_id}/seats/{seat}")
async def change_seat(
    table_id: str, seat: int, body: SeatChangeIn, request: Request, user: CurrentUser
) -> TableReply:
    """The owner gives a seat to a bot or frees it."""
    tables = service_of(request).tables
    return _reply(await tables.set_seat(user, table_id, seat, body.kind, body.level))


@router.post("/api/tables/{table_id}/claim")
async def claim(table_id: str, body: ClaimIn, request: Request, user: CurrentUser) -> TableReply:
    """Let a bot play a long-idle player's seat."""
    return _reply(await service_of(request).tables.claim(user, table_id, body.seat))


@router.post("/api/tables/{table_id}/back")
async def take_back(table_id: str, request: Request, user: CurrentUser) -> TableReply:
    """Take back a claimed seat."""
    return _reply(await service_of(request).tables.take_back(user, table_id))


@router.delete("/api/tables/{table_id}")
async def delete_table(table_id: str, request: Request, user: CurrentUser) -> OkOut:
    """The owner deletes a table no game is played at."""
    await service_of(request).tables.close(user, table_id)
    return OkOut()
