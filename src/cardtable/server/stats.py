"""What finished games leave behind: records and replays, statistics, ratings,
leaderboards and the double-dummy analysis of Kraken rounds.

A private table's games are visible only to its members and invite holders, unless
its owner publishes one; the public lists show only public tables' games.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from cardtable.server import games
from cardtable.server.bots import LEVELS, TAKEOVER_LEVEL, level_for
from cardtable.server.policy import Command
from cardtable.server.protocol import ServerError
from cardtable.server.ratings import Rating, bot_player
from cardtable.server.runtime import Runtime
from cardtable.server.store import GameLog, GamePlayerRow, GameRow, PlayerStatsRow, UserRow

if TYPE_CHECKING:
    from cardtable.server.service import Service

__all__ = ["Stats", "analyze_round"]


class Stats:
    """Records, statistics, ratings and analyses."""

    def __init__(self, service: Service) -> None:
        self._service = service
        self._analyses: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}

    @staticmethod
    def player_ids(rt: Runtime) -> list[str | None]:
        """The rated player of each seat: whoever held it at the deal (a person who
        left, or whom the owner replaced by a bot, still plays the game), else the
        seat's user, or ``bot:LEVEL`` for the server's bots (None for an external
        seat no bot ever claimed)."""
        dealt = rt.game_row.players if rt.game_row is not None else []
        out: list[str | None] = []
        for seat in rt.seats:
            first = dealt[seat.seat] if seat.seat < len(dealt) else None
            if first and first[0] != "bot" and first[1]:
                out.append(str(first[1]))
            elif seat.kind == "bot":
                out.append(bot_player(seat.bot_level or level_for(TAKEOVER_LEVEL, rt.table.game)))
            else:
                out.append(seat.user_id)
        return out

    async def game_log(self, game_id: str, user: UserRow | None, invite: str | None) -> GameLog:
        """A game's log, if ``user`` (or the ``invite``) may see the game: a public
        table's, a published one, or its private table's member's."""
        service = self._service
        glog = await service.db(service.store.games.game_log, game_id)
        if glog is None:
            raise ServerError("not_found", f"no game {game_id!r}", 404)
        if not glog.game.published:
            rt = await service.tables.runtime(glog.game.table_id)
            try:
                service.tables.check(rt, user, Command.VIEW, invite)
            except ServerError:
                raise ServerError("not_found", f"no game {game_id!r}", 404) from None
        return glog

    async def export(
        self, game_id: str, user: UserRow | None = None, invite: str | None = None
    ) -> dict[str, Any]:
        """The full record of a finished game (every deal and action) with its players
        and result. Unfinished games are refused: their record holds the hidden hands."""
        glog = await self.game_log(game_id, user, invite)
        if glog.game.status != "finished":
            raise ServerError("forbidden", "a game's record is published once it is over", 403)
        state = games.rebuild(glog.game.game, glog.game.record, [a.action for a in glog.actions])
        ids = [str(p[1]) for p in glog.game.players if p[1]]
        users = await self._service.db(self._service.store.accounts.users, ids)
        return {
            "game_id": glog.game.id,
            "table_id": glog.game.table_id,
            "number": glog.game.number,
            "players": glog.game.players,
            "names": [users[p[1]].name if p[1] in users else None for p in glog.game.players],
            "result": glog.game.result,
            "record": state.to_record(),
        }

    async def publish(self, user: UserRow, game_id: str) -> None:
        """Make a finished game of a private table visible to everyone (its owner)."""
        service = self._service
        glog = await self.game_log(game_id, user, None)
        rt = await service.tables.runtime(glog.game.table_id)
        if rt.table.owner_id != user.id:
            raise ServerError("forbidden", "only the table's owner can publish its games", 403)
        if glog.game.status != "finished":
            raise ServerError("forbidden", "a game is published once it is over", 403)
        await service.db(service.store.games.publish_game, game_id)

    async def player_profile(self, player_id: str, recent: int = 10) -> dict[str, Any]:
        """A player's identity, statistics and ratings in both games, and their
        latest finished games."""
        rows = {
            row.game: row
            for row in await self._service.db(self._service.store.ratings.player_stats, player_id)
        }
        if player_id.startswith("bot:"):
            level = player_id[4:]
            if level not in LEVELS and not rows:
                raise ServerError("not_found", f"no player {player_id!r}", 404)
            name, kind = f"bot ({level})", "bot"
        else:
            user = await self._service.db(self._service.store.accounts.user, player_id)
            if user is None:
                raise ServerError("not_found", f"no player {player_id!r}", 404)
            name, kind = user.name, user.kind
        return {
            "id": player_id,
            "name": name,
            "kind": kind,
            "stats": {game: _stats(game, rows.get(game)) for game in games.game_names()},
            "ratings": {game: _rating(rows.get(game)) for game in games.game_names()},
            "recent_games": await self.finished_games(player_id, recent),
        }

    async def leaderboard(self, game: str, limit: int) -> dict[str, Any]:
        """The best rated players of ``game``."""
        if game not in games.game_names():
            names = ", ".join(games.game_names())
            raise ServerError("bad_request", f"unknown game {game!r}: the games are {names}", 422)
        rows = await self._service.db(self._service.store.ratings.leaderboard, game, limit)
        return {
            "game": game,
            "entries": [
                {
                    "rank": rank,
                    "player_id": row.player_id,
                    "name": row.name,
                    "kind": row.kind,
                    "ordinal": row.ordinal,
                    "mu": row.mu,
                    "sigma": row.sigma,
                    "games": row.games,
                    "wins": row.wins,
                }
                for rank, row in enumerate(rows, 1)
            ],
        }

    async def finished_games(self, player_id: str | None, limit: int) -> list[dict[str, Any]]:
        """Finished games, newest first (a player's when ``player_id`` is given)."""
        played = await self._service.db(self._service.store.games.games_played, player_id, limit)
        return [_game_summary(g, lines) for g, lines in played]

    async def round_analysis(
        self, game_id: str, index: int, user: UserRow | None = None, invite: str | None = None
    ) -> dict[str, Any]:
        """The double-dummy analysis of round ``index`` (from 0) of a Kraken game:
        what each card played cost. Allowed once that round is over (its cards are
        all public then), even while the game goes on; computed off the event loop
        once and cached in the database."""
        glog = await self.game_log(game_id, user, invite)
        cached = await self._service.db(self._service.store.games.analysis, game_id, index)
        if cached is not None:
            return cached
        key = (game_id, index)
        pending = self._analyses.get(key)
        if pending is None:
            pending = self._analyses[key] = asyncio.ensure_future(self._analyze(glog, index))
            pending.add_done_callback(lambda _f: self._analyses.pop(key, None))
        return await asyncio.shield(pending)

    async def _analyze(self, glog: GameLog, index: int) -> dict[str, Any]:
        game_id = glog.game.id
        if glog.game.game not in games.ANALYSED:
            raise ServerError("bad_request", "the analysis is for Kraken rounds")
        actions = [a.action for a in glog.actions]
        data = await self._service.pool.run(analyze_round, glog.game.record, actions, index)
        if data is None:
            if glog.game.status == "finished":
                raise ServerError("not_found", f"game {game_id} has no round {index}", 404)
            raise ServerError(
                "round_in_progress", f"round {index} is not over yet (or not dealt)", 409
            )
        data = {"game_id": game_id, **data}
        await self._service.db(self._service.store.games.save_analysis, game_id, index, data)
        return data


def analyze_round(record: dict[str, Any], actions: list[str], index: int) -> dict[str, Any] | None:
    """The analysis of round ``index`` of a Kraken game (its initial record and
    actions), or None when that round is not over. Runs in a worker: it replays the
    game and solves every position of the round double dummy."""
    from cardtable.solver.analysis import analyze

    state: Any = games.rebuild(str(record["game"]), record, actions)
    if not 0 <= index < len(state.history):
        return None
    rnd = state.history[index]
    cards = []
    for cost in analyze(rnd):
        entry = cost.to_dict()
        entry["seat_name"] = entry["seat"]
        entry["seat"] = int(cost.seat)
        cards.append(entry)
    totals = [0, 0, 0, 0]
    for entry in cards:
        totals[entry["seat"]] += entry["cost"]
    return {
        "round_index": index,
        "number": index + 1,
        "trump": None if rnd.trump is None else rnd.trump.letter,
        "declarer": _int_or_none(rnd.declarer),
        "result": rnd.result().to_dict(),
        "cards": cards,
        "totals": totals,
    }


def _stats(game: str, row: PlayerStatsRow | None) -> dict[str, Any]:
    games_played = row.games if row else 0
    wins = row.wins if row else 0
    points = row.points if row else 0
    if games.game_kind(game).scoring == "ranking":
        return {
            "games": games_played,
            "wins": wins,
            "net_chips": points,
            "avg_net_chips": points / games_played if games_played else None,
        }
    rounds = row.rounds if row else 0
    return {
        "games": games_played,
        "wins": wins,
        "rounds": rounds,
        "points": points,
        "avg_points_per_round": points / rounds if rounds else None,
        "avg_points_per_game": points / games_played if games_played else None,
        "declared": row.declared if row else 0,
        "nat": row.nat if row else 0,
        "mars": row.mars if row else 0,
    }


def _rating(row: PlayerStatsRow | None) -> dict[str, float]:
    return (Rating(row.mu, row.sigma) if row else Rating()).to_dict()


def _game_summary(game: GameRow, lines: list[GamePlayerRow]) -> dict[str, Any]:
    result = {k: v for k, v in (game.result or {}).items() if k != "rounds"}
    return {
        "id": game.id,
        "game": game.game,
        "table_id": game.table_id,
        "number": game.number,
        "finished_at": game.finished_at,
        "players": [
            {
                "seat": line.seat,
                "player_id": line.player_id,
                "name": line.name,
                "kind": line.kind,
                "score": line.score,
                "won": line.won,
            }
            for line in lines
        ],
        "result": result,
    }


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)
