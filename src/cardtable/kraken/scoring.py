"""Scoring a finished round: making it or going nat, mars, and the multipliers.

>>> result = score_round((82, 80), (20, 0), (6, 2), declarers=0, multiplier=1)
>>> result.points, result.nat
((102, 80), False)
>>> score_round((81, 81), (0, 0), (4, 4), declarers=0, multiplier=2).points  # equal: nat
(0, 324)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardtable.kraken.rules import Rules

__all__ = [
    "CHALLENGE_LEVELS",
    "MARS_BONUS",
    "TOTAL_CARD_POINTS",
    "RoundResult",
    "game_over",
    "game_winner",
    "round_multiplier",
    "score_round",
]

TOTAL_CARD_POINTS = 162
"""Card points in a round, the last trick's 10 included."""
MARS_BONUS = 100
"""Bonus for the team that takes all eight tricks (unless it is nat)."""
CHALLENGE_LEVELS: Final[dict[str, int]] = {"none": 1, "contra": 2, "re": 4, "superkraken": 8}
"""The multiplier of each challenge level: every challenge doubles the one before."""


def round_multiplier(level: int, rules: Rules, spades: bool) -> int:
    """The multiplier of a round: the challenge ``level`` (1, 2, 4, 8), doubled when
    the rules have ``double_spades`` and ``spades`` were trump.

    >>> round_multiplier(4, Rules(double_spades=True), spades=True)
    8
    >>> round_multiplier(4, Rules(), spades=True)
    4
    """
    return level * (2 if rules.double_spades and spades else 1)


def game_over(rules: Rules, rounds_played: int, totals: tuple[int, int]) -> bool:
    """Whether a game is over after ``rounds_played`` rounds with team ``totals``:
    ``rules.rounds`` rounds, or, with a ``target_score``, as soon as a team's total
    reaches it (checked at the end of each round).

    >>> game_over(Rules(rounds=2), 1, (0, 500)), game_over(Rules(rounds=2), 2, (0, 0))
    (False, True)
    >>> to_750 = Rules(target_score=750)
    >>> game_over(to_750, 9, (749, 700)), game_over(to_750, 3, (300, 750))
    (False, True)
    """
    if rules.target_score is None:
        return rounds_played >= rules.rounds
    return max(totals) >= rules.target_score


def game_winner(totals: tuple[int, int]) -> int | None:
    """The team with the higher total at the end of a game; None for a draw (equal
    totals, also when both teams reach a target score with the same total).

    >>> game_winner((1510, 1620)), game_winner((1600, 1600))
    (1, None)
    """
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The outcome of a round; every pair is ``(team0, team1)``."""

    card_points: tuple[int, int]
    """Card points taken in tricks, the last trick's 10 included (sum 162)."""
    roem: tuple[int, int]
    """Roem each team earned (after the comparison of declarations from hand)."""
    points: tuple[int, int]
    """The scores added to the game, after nat, mars and multipliers."""
    declarers: int
    """The team of the declarer."""
    nat: bool
    """True when the declarers failed: they score nothing."""
    mars: int | None
    """The team that took all eight tricks, or None."""
    multiplier: int
    """Challenges (1, 2, 4, 8) times 2 for double spades when it applies."""

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON data."""
        return {
            "card_points": list(self.card_points),
            "roem": list(self.roem),
            "points": list(self.points),
            "declarers": self.declarers,
            "nat": self.nat,
            "mars": self.mars,
            "multiplier": self.multiplier,
        }


def score_round(
    card_points: tuple[int, int],
    roem: tuple[int, int],
    tricks: tuple[int, int],
    declarers: int,
    multiplier: int,
    multiply_roem: bool = True,
) -> RoundResult:
    """Score a round from the card points, roem and tricks each team took.

    The declarers make it only with strictly more card points plus roem than the
    opponents; otherwise they are nat, score 0, and the opponents score 162 plus
    the roem of both teams. A team with all eight tricks scores 100 more (mars)
    unless it is nat. ``multiplier`` multiplies everything, or with
    ``multiply_roem=False`` the card points only.
    """
    if sum(card_points) != TOTAL_CARD_POINTS or min(card_points) < 0:
        raise ValueError(f"card points {card_points} must be non-negative and sum to 162")
    if sum(tricks) != 8:
        raise ValueError(f"tricks {tricks} must sum to 8")
    defenders = 1 - declarers
    mars = 0 if tricks[0] == 8 else 1 if tricks[1] == 8 else None
    nat = card_points[declarers] + roem[declarers] <= card_points[defenders] + roem[defenders]
    cards = list(card_points)
    bonus = list(roem)
    if nat:
        cards[declarers], bonus[declarers] = 0, 0
        cards[defenders], bonus[defenders] = TOTAL_CARD_POINTS, roem[0] + roem[1]
    if mars is not None and not (nat and mars == declarers):
        bonus[mars] += MARS_BONUS
    bonus_factor = multiplier if multiply_roem else 1
    points = (
        cards[0] * multiplier + bonus[0] * bonus_factor,
        cards[1] * multiplier + bonus[1] * bonus_factor,
    )
    return RoundResult(
        card_points=(card_points[0], card_points[1]),
        roem=(roem[0], roem[1]),
        points=points,
        declarers=declarers,
        nat=nat,
        mars=mars,
        multiplier=multiplier,
    )
