"""Finished games, their records and analyses, players' profiles and the
leaderboard."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from cardtable.server.auth import CurrentUser, OptionalUser, invite_of, service_of
from cardtable.server.protocol import ServerError
from cardtable.server.schemas import ERRORS, GamesOut, OkOut
from cardtable.server.web import replay_frames

__all__ = ["router"]

router = APIRouter(tags=["games"], responses=ERRORS)


@router.get("/api/games/{game_id}/record")
async def record(
    game_id: str, request: Request, user: OptionalUser, download: bool = False
) -> JSONResponse:
    """A finished game's full record, players and result (a download with
    ``download=1``)."""
    exported = await service_of(request).stats.export(game_id, user, invite_of(request))
    headers = {}
    if download:
        name = f"cardtable-{exported['record'].get('game', 'game')}-{game_id}.json"
        headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return JSONResponse(exported, headers=headers)


@router.get("/api/games/{game_id}/replay")
async def replay(game_id: str, request: Request, user: OptionalUser) -> dict[str, Any]:
    """A finished game's replay: its frames, as each seat saw them."""
    export = await service_of(request).stats.export(game_id, user, invite_of(request))
    return replay_frames(export)


@router.post("/api/games/{game_id}/publish")
async def publish(game_id: str, request: Request, user: CurrentUser) -> OkOut:
    """The owner of a private table makes one finished game public."""
    await service_of(request).stats.publish(user, game_id)
    return OkOut()


@router.get("/api/games")
async def finished_games(
    request: Request,
    player: str | None = Query(default=None, max_length=64),
    limit: int = Query(default=20, ge=1, le=100),
) -> GamesOut:
    """Finished public games, newest first (one player's with ``player``)."""
    return GamesOut(games=await service_of(request).stats.finished_games(player, limit))


@router.get("/api/games/{game_id}/rounds/{index}/analysis")
async def analysis(
    game_id: str, index: int, request: Request, user: OptionalUser
) -> dict[str, Any]:
    """The analysis of one round of a finished game."""
    if not 0 <= index < 1000:
        raise ServerError("not_found", f"no round {index}", 404)
    return await service_of(request).stats.round_analysis(game_id, index, user, invite_of(request))


@router.get("/api/players/{player_id}")
async def player(player_id: str, request: Request) -> dict[str, Any]:
    """A player's profile: statistics and ratings per game."""
    return await service_of(request).stats.player_profile(player_id)


@router.get("/api/leaderboard")
async def leaderboard(
    request: Request,
    game: str = Query(default="kraken", max_length=32),
    limit: int = Query(default=50, ge=1, le=500),
) -> dict[str, Any]:
    """The best rated players of a game."""
    return await service_of(request).stats.leaderboard(game, limit)
