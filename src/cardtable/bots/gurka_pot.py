"""The chance of each Gurka player still in to win the pot, from the scores (what the
Gurka expert's valuation of a round stands on).

With two players left the race is worked out exactly: round after round the two
draw their penalties from a distribution of two-player rounds, until one reaches the
elimination score (the other wins the pot) or both do in the same round (the lower
score wins; equal scores share). With three or more, each player gets a strength by
its margin (its distance to the elimination score), fitted to that two-player table
(Bradley-Terry: the chance of ``a`` against ``b`` is about ``s(a) / (s(a) + s(b))``),
and its chance is its share of the strengths.

A player one point from elimination is not much worse off than one five points from
it: a player who scores at all takes some six points, so what matters is whether it
scores, not by how much it would have stayed in.

>>> chances = PotChances([(5, 0), (8, 0)], limit=10)  # one of two scores 5 or 8
>>> chances.duel(0, 0), chances.duel(9, 4), chances.shares([4, 9])
(0.5, 0.375, [0.625, 0.375])
>>> chances.strength(9) == chances.strength(5)  # scoring at all puts either out
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

__all__ = ["PotChances"]


class PotChances:
    """The chances to win the pot from the scores of the players still in.

    ``outcomes``: the penalties of two-player rounds as ``(first, second)`` pairs (a
    sample, taken both ways round: which of the two is first does not matter);
    ``limit``: the elimination score (a player at ``limit`` or more is out). The two
    player table has ``limit ** 2`` entries, worked out once.
    """

    def __init__(self, outcomes: Sequence[tuple[int, int]], limit: int) -> None:
        if limit < 1:
            raise ValueError(f"the elimination score must be at least 1, not {limit}")
        counts = Counter(tuple(outcome) for outcome in outcomes)
        counts.update((b, a) for a, b in outcomes)
        scoring = {pair: count for pair, count in counts.items() if pair != (0, 0)}
        if not scoring:
            raise ValueError("no round of the outcomes gives a penalty")
        total = sum(scoring.values())
        rounds = [(a, b, count / total) for (a, b), count in scoring.items()]
        self.limit = limit
        # duel[a][b]: the chance of the player at a against the one at b; rounds in
        # which nobody scores change nothing, so they are left out of the draw
        duel = [[0.0] * limit for _ in range(limit)]
        for a in range(limit - 1, -1, -1):
            row = duel[a]
            for b in range(limit - 1, -1, -1):
                chance = 0.0
                for x, y, p in rounds:
                    after_a, after_b = a + x, b + y
                    if after_a >= limit:
                        if after_b >= limit:
                            chance += p * (1.0 if after_a < after_b else 0.5 * (after_a == after_b))
                    elif after_b >= limit:
                        chance += p
                    else:
                        chance += p * duel[after_a][after_b]
                row[b] = chance
        self._duel = duel
        # log-strength by margin: least squares on the log-odds of the complete table
        # (for a complete table, each margin's mean log-odds against all the others)
        logits = [
            sum(_logit(duel[limit - m][limit - n]) for n in range(1, limit + 1)) / limit
            for m in range(1, limit + 1)
        ]
        self._strength = [0.0] + [math.exp(value) for value in logits]

    def duel(self, score: int, other: int) -> float:
        """The chance that the player at ``score`` wins the pot against the one at
        ``other``, the two of them left."""
        self._check(score)
        self._check(other)
        return self._duel[score][other]

    def strength(self, score: int) -> float:
        """The strength of a player at ``score`` among three or more (its share of
        the strengths is its chance)."""
        self._check(score)
        return self._strength[self.limit - score]

    def shares(self, scores: Sequence[int]) -> list[float]:
        """Each player's chance to win the pot, in the order of ``scores`` (the
        players still in: the exact duel for two, shares of strength for more)."""
        if len(scores) == 1:
            self._check(scores[0])
            return [1.0]
        if len(scores) == 2:
            first = self.duel(scores[0], scores[1])
            return [first, 1.0 - first]
        strengths = [self.strength(score) for score in scores]
        total = sum(strengths)
        return [strength / total for strength in strengths]

    def _check(self, score: int) -> None:
        if not 0 <= score < self.limit:
            raise ValueError(f"a player still in has a score of 0 to {self.limit - 1}, not {score}")


def _logit(p: float) -> float:
    p = min(max(p, 1e-9), 1 - 1e-9)
    return math.log(p / (1 - p))
