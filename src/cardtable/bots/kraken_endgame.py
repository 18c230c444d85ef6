"""Less strategy fusion at the end of a Kraken round: the bot's next card is chosen
once per information set, not once per world.

PIMC values a card by solving each sampled world with every hand known, as if the
bot would know every card at its next turn. Where the right card depends on a guess
(which defender holds the missing ten), PIMC scores each world with the right guess
and so over-values lines that need one (strategy fusion). This module looks one own
move further before it averages, as in alpha-mu search with two moves of the bot
(Cazenave and Ventos): after each candidate card, the other three seats play the
double-dummy best card of each world up to the bot's next turn; the worlds in which
the bot then sees the same cards played form one information set, and the bot must
play one card for all of them, the one with the best weighted average there. A
candidate's value is the weighted sum over those sets of their best average (and the
worlds in which the round ends first count as they are). The other seats remain
omniscient, as in alpha-mu.

The solves are cheap near the end (three cards a hand solve in microseconds), so the
bot uses this for its last few tricks.
"""

from __future__ import annotations

from cardtable.bots.pimc import Estimate, round_outcome
from cardtable.cards import Card
from cardtable.kraken.round import Round
from cardtable.solver.api import Engine, position_of, solve_position
from cardtable.solver.search import Position

__all__ = ["Continuation", "InformationSets", "continuation"]

Outcome = tuple[float, bool]
"""A round score for the bot's team and whether the declarers end nat."""

Continuation = tuple[tuple[int, ...] | None, dict[int, Outcome]]
"""What follows a candidate card in one world: the cards the others played until the
bot's next turn (what the bot will see) and the outcome of each of the bot's next
legal cards; when the round ends first, None and the one outcome (under -1)."""


def continuation(world: Round, card: Card, engine: Engine = "auto") -> Continuation:
    """What follows the bot's ``card`` in ``world`` (the bot is the seat to move): the
    other seats play their double-dummy best cards (the lowest card among equals)
    until the bot is to move again or the round ends."""
    assert world.declarer is not None and world.to_move is not None
    seat = int(world.to_move)
    team = seat % 2
    sign = 1 if world.declarer.team == 0 else -1

    def outcome(north_south: int) -> Outcome:
        value = sign * north_south  # declarers minus defenders over the remaining play
        return round_outcome(world, value, team)

    position, scored = position_of(world).play(card.index)
    seen: list[int] = []
    while any(position.hands) and position.to_move != seat:
        _, values, _ = solve_position(position, engine)
        chosen = _best(position, values)
        seen.append(chosen)
        position, gained = position.play(chosen)
        scored += gained
    if not any(position.hands):
        return None, {-1: outcome(scored)}
    _, values, _ = solve_position(position, engine)
    return tuple(seen), {c: outcome(scored + v) for c, v in values.items()}


class InformationSets:
    """The weighted worlds of one decision, grouped after each candidate card by what
    the bot will have seen at its next turn; :meth:`estimates` averages them with the
    bot's next card chosen once per group (see the module's description)."""

    def __init__(self, legal: list[str], engine: Engine = "auto") -> None:
        self._cards = {action: Card.parse(action) for action in legal}
        self._engine: Engine = engine
        # candidate -> information set -> the bot's next card -> [total, squares, nat]
        self._sets: dict[str, dict[tuple[int, ...] | None, dict[int, list[float]]]] = {
            action: {} for action in legal
        }
        self._weights = 0.0
        self._worlds = 0

    def add(self, world: Round, weight: float = 1.0) -> None:
        """Add a world (the observed position with the hidden cards dealt) and its weight."""
        self._worlds += 1
        self._weights += weight
        for action, card in self._cards.items():
            seen, outcomes = continuation(world, card, self._engine)
            sums = self._sets[action].setdefault(seen, {})
            for next_card, (utility, nat) in outcomes.items():
                entry = sums.setdefault(next_card, [0.0, 0.0, 0.0])
                entry[0] += weight * utility
                entry[1] += weight * utility * utility
                entry[2] += weight * nat

    def estimates(self) -> dict[str, Estimate]:
        """Each candidate's :class:`Estimate` (weights rescaled to sum to the worlds)."""
        scale = self._worlds / self._weights if self._weights > 0 else 0.0
        estimates = {}
        for action, sets in self._sets.items():
            total = squares = nat = 0.0
            for sums in sets.values():
                best = max(sums.values(), key=lambda entry: entry[0])
                total += best[0]
                squares += best[1]
                nat += best[2]
            estimates[action] = Estimate(total * scale, squares * scale, nat * scale, self._worlds)
        return estimates


def _best(position: Position, values: dict[int, int]) -> int:
    """The double-dummy best card of the seat to move (North-South maximize the
    value, East-West minimize it), the lowest card among equals."""
    if position.to_move & 1:
        return min(values, key=lambda c: (values[c], c))
    return min(values, key=lambda c: (-values[c], c))
