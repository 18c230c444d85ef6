"""Results, statistics and ratings of finished games (pure functions).

Every seat of a finished game belongs to a *player*: a user id for guests, accounts
and external bots, or ``bot:LEVEL`` for the server's own bots (one rated identity
per level, so people can be compared with them). A human whose seat a bot played
after a drop or a timeout still counts as the player.

Ratings use OpenSkill's Plackett-Luce model: Kraken is rated as two teams of two
(North-South against East-West, ranked by game score), Gurka as a ranking of every
seat by net chips. A player holding several seats of one game (two ``bot:random``
seats, say) gets the mean of the seats' changes, so a bot level playing both sides
cancels out.

>>> seats = ["ann", "bot:random", "bob", "bot:random"]
>>> result = {"scores": [300, 120], "winner": 0, "rounds": [
...     {"points": [300, 120], "declarers": 0, "nat": False, "mars": None}]}
>>> lines = seat_lines("kraken", seats, result)
>>> [(line.score, line.won) for line in lines]
[(300, True), (120, False), (300, True), (120, False)]
>>> new = rate("kraken", seats, result, {})
>>> new["ann"].mu > 25 > new["bot:random"].mu
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

__all__ = [
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "Rating",
    "SeatLine",
    "bot_player",
    "rate",
    "seat_lines",
]

_MODEL = PlackettLuce()
DEFAULT_MU: float = float(_MODEL.mu)
"""A new player's rating mean."""
DEFAULT_SIGMA: float = float(_MODEL.sigma)
"""A new player's rating uncertainty."""


def bot_player(level: str) -> str:
    """The rated identity of the server's bots at ``level``."""
    return f"bot:{level}"


@dataclass(frozen=True)
class Rating:
    """An OpenSkill rating; ``ordinal`` (mu - 3 sigma) orders the leaderboard."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """A conservative estimate of skill: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, float]:
        """``{"mu", "sigma", "ordinal"}``."""
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


@dataclass(frozen=True)
class SeatLine:
    """How a finished game went for one seat, and what it adds to the statistics."""

    seat: int
    score: int
    """Kraken: the seat's team points; Gurka: the seat's net chips."""
    won: bool
    rounds: int = 0
    declared: int = 0
    nat: int = 0
    mars: int = 0


def seat_lines(game: str, seats: Sequence[str | None], result: Mapping[str, Any]) -> list[SeatLine]:
    """One :class:`SeatLine` per seat from a game result (``games.game_result``)."""
    lines = []
    if game == "kraken":
        rounds = result.get("rounds", [])
        for seat in range(len(seats)):
            team = seat % 2
            lines.append(
                SeatLine(
                    seat=seat,
                    score=int(result["scores"][team]),
                    won=result.get("winner") == team,
                    rounds=len(rounds),
                    declared=sum(1 for r in rounds if r["declarers"] == team),
                    nat=sum(1 for r in rounds if r["declarers"] == team and r["nat"]),
                    mars=sum(1 for r in rounds if r.get("mars") == team),
                )
            )
        return lines
    winners = set(result.get("winners", []))
    for seat in range(len(seats)):
        lines.append(SeatLine(seat=seat, score=int(result["chips"][seat]), won=seat in winners))
    return lines


def _ranks(scores: Sequence[float]) -> list[int]:
    """Competition ranks, 1 best: equal scores share a rank."""
    return [1 + sum(1 for other in scores if other > score) for score in scores]


def rate(
    game: str,
    seats: Sequence[str | None],
    result: Mapping[str, Any],
    current: Mapping[str, Rating],
) -> dict[str, Rating]:
    """The new rating of every player of a finished game (seats whose player is None
    are rated as newcomers and left out of the answer)."""
    ratings = [
        _MODEL.rating(mu=r.mu, sigma=r.sigma)
        for r in (current.get(p or "", Rating()) if p else Rating() for p in seats)
    ]
    if game == "kraken":
        scores = [float(result["scores"][0]), float(result["scores"][1])]
        teams = [[ratings[0], ratings[2]], [ratings[1], ratings[3]]]
        rated = _MODEL.rate(teams, ranks=[float(r) for r in _ranks(scores)])
        by_seat = [rated[seat % 2][seat // 2] for seat in range(4)]
    else:
        chips = [float(c) for c in result["chips"]]
        rated = _MODEL.rate([[r] for r in ratings], ranks=[float(r) for r in _ranks(chips)])
        by_seat = [team[0] for team in rated]
    changes: dict[str, list[tuple[float, float]]] = {}
    for seat, player in enumerate(seats):
        if player is None:
            continue
        before = current.get(player, Rating())
        after = by_seat[seat]
        changes.setdefault(player, []).append(
            (float(after.mu) - before.mu, float(after.sigma) - before.sigma)
        )
    out = {}
    for player, deltas in changes.items():
        before = current.get(player, Rating())
        out[player] = Rating(
            before.mu + sum(d[0] for d in deltas) / len(deltas),
            before.sigma + sum(d[1] for d in deltas) / len(deltas),
        )
    return out
