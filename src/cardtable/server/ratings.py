"""Results, statistics and ratings of finished games (pure functions).

Every seat of a finished game belongs to a *player*: a user id for guests, accounts
and external bots, or ``bot:LEVEL`` for the server's own bots (one rated identity
per level, so people can be compared with them). A human whose seat a bot played
after a drop or a timeout still counts as the player.

Ratings use OpenSkill's Plackett-Luce model: a partnership game (``scoring ==
"teams"``: Kraken, North-South against East-West) is rated as teams ranked by game
score, a ranking game as every seat for itself (Gurka: by net chips); how a result
reads is :func:`cardtable.server.games.standings`'s job. A player holding several
seats of one game (two ``bot:random`` seats, say) gets the mean of the seats'
changes, so a bot level playing both sides cancels out. A seat (or team) that
resigned ranks last whatever its points (``"resigned"`` in the result).

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

from cardtable.server.games import Standing, standings

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
    return [
        SeatLine(
            seat=seat,
            score=standing.score,
            won=standing.won,
            rounds=standing.rounds,
            declared=standing.declared,
            nat=standing.nat,
            mars=standing.mars,
        )
        for seat, standing in enumerate(standings(game, len(seats), result))
    ]


def _ranks(scores: Sequence[tuple[bool, float]]) -> list[int]:
    """Competition ranks, 1 best: equal scores share a rank. A score is
    ``(stayed, points)``: whoever resigned ranks below everyone who did not."""
    return [1 + sum(1 for other in scores if other > score) for score in scores]


def _rate_seats(ratings: list[Any], seats: list[Standing]) -> list[Any]:
    """The new OpenSkill rating of each seat: partnerships rated as teams (ranked by
    their points), or every seat for itself (ranked by its result)."""
    teams: dict[int, list[int]] = {}
    for seat, standing in enumerate(seats):
        teams.setdefault(standing.team, []).append(seat)
    order = list(teams)
    scores = [
        (not seats[teams[team][0]].resigned, float(seats[teams[team][0]].score)) for team in order
    ]
    rated = _MODEL.rate(
        [[ratings[s] for s in teams[team]] for team in order],
        ranks=[float(r) for r in _ranks(scores)],
    )
    by_seat: list[Any] = [None] * len(seats)
    for team, new in zip(order, rated, strict=True):
        for seat, rating in zip(teams[team], new, strict=True):
            by_seat[seat] = rating
    return by_seat


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
    by_seat = _rate_seats(ratings, standings(game, len(seats), result))
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
