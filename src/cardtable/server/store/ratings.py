"""Ratings and statistics: a finished game's result rated and counted, the
leaderboards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    select,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from cardtable.server.ratings import DEFAULT_MU, DEFAULT_SIGMA, Rating, rate, seat_lines
from cardtable.server.store.database import Repository
from cardtable.server.store.models import GamePlayerRow, PlayerStatsRow, UserRow


class RatingRepository(Repository):
    """Statistics and ratings per player and game, and the leaderboards."""

    def record_result(
        self,
        s: Session,
        game_id: str,
        game: str,
        players: Sequence[str | None],
        result: dict[str, Any],
        now: float,
        rated: bool = True,
    ) -> None:
        """Store each seat's line of a finished game and, when it is ``rated``, update
        the players' statistics and ratings (rows locked in id order, so that
        concurrent games on several nodes never lose an update)."""
        ids = sorted({p for p in players if p})
        if not ids:
            return
        identities = self._identities(s, ids)
        if rated:
            self._rate(s, game, ids, identities, players, result, now)
        for line in seat_lines(game, players, result):
            pid = players[line.seat]
            if pid:
                kind, name = identities[pid]
                s.add(
                    GamePlayerRow(
                        game_id=game_id,
                        seat=line.seat,
                        player_id=pid,
                        kind=kind,
                        name=name,
                        game=game,
                        score=line.score,
                        won=line.won,
                        finished_at=now,
                    )
                )

    @staticmethod
    def _rate(
        s: Session,
        game: str,
        ids: list[str],
        identities: dict[str, tuple[str, str]],
        players: Sequence[str | None],
        result: dict[str, Any],
        now: float,
    ) -> None:
        """Update the statistics and ratings of a rated game's players."""
        insert = pg_insert if s.get_bind().dialect.name == "postgresql" else sqlite_insert
        s.execute(
            insert(PlayerStatsRow)
            .values(
                [
                    {
                        "player_id": pid,
                        "game": game,
                        "kind": identities[pid][0],
                        "name": identities[pid][1],
                        "mu": DEFAULT_MU,
                        "sigma": DEFAULT_SIGMA,
                        "ordinal": Rating().ordinal,
                    }
                    for pid in ids
                ]
            )
            .on_conflict_do_nothing()
        )
        rows = {
            row.player_id: row
            for row in s.scalars(
                select(PlayerStatsRow)
                .where(PlayerStatsRow.game == game, PlayerStatsRow.player_id.in_(ids))
                .order_by(PlayerStatsRow.player_id)
                .with_for_update()
            )
        }
        current = {pid: Rating(row.mu, row.sigma) for pid, row in rows.items()}
        new = rate(game, players, result, current)
        for line in seat_lines(game, players, result):
            pid = players[line.seat]
            if not pid:
                continue
            row = rows[pid]
            row.games += 1
            row.wins += int(line.won)
            row.rounds += line.rounds
            row.points += line.score
            row.declared += line.declared
            row.nat += line.nat
            row.mars += line.mars
        for pid, rating in new.items():
            row = rows[pid]
            row.mu, row.sigma, row.ordinal = rating.mu, rating.sigma, rating.ordinal
            row.kind, row.name = identities[pid]
            row.updated_at = now

    def _identities(self, s: Session, ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """``(kind, name)`` of each player id (users, and ``bot:LEVEL`` identities)."""
        out = {pid: ("bot", f"bot ({pid[4:]})") for pid in ids if pid.startswith("bot:")}
        users = [pid for pid in ids if pid not in out]
        if users:
            for user in s.scalars(select(UserRow).where(UserRow.id.in_(users))):
                out[user.id] = (user.kind, user.name)
        for pid in ids:
            out.setdefault(pid, ("guest", "?"))
        return out

    def player_stats(self, player_id: str) -> list[PlayerStatsRow]:
        """The statistics rows (one per game kind) of a player."""
        with self.session() as s:
            return list(
                s.scalars(select(PlayerStatsRow).where(PlayerStatsRow.player_id == player_id))
            )

    def leaderboard(self, game: str, limit: int) -> list[PlayerStatsRow]:
        """The best rated players of ``game`` (by ordinal, highest first)."""
        with self.session() as s:
            return list(
                s.scalars(
                    select(PlayerStatsRow)
                    .where(PlayerStatsRow.game == game)
                    .order_by(PlayerStatsRow.ordinal.desc(), PlayerStatsRow.player_id)
                    .limit(limit)
                )
            )
