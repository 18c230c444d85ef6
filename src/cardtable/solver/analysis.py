"""Post-game analysis: what each card played cost against the best card, double dummy.

For every card of a round, the position before it is solved with all hands known;
the card's cost is how many points (declarers' minus defenders', as in
:func:`~cardtable.solver.solve`) it gave away for its player's team compared with
the best card. A card that keeps the value costs 0.

>>> from cardtable.kraken import Round, Rules
>>> r = Round.from_hands(Rules(roem="none", challenges=False), [
...     "7C 8C 9H TC JC QC KC AC", "7D 8D 9D TD JD QD KD 9C",
...     "7H 8H AD TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS"], dealer="W")
>>> r.apply("trump S")
'trump S'
>>> while not r.is_over:
...     _ = r.apply(r.legal_actions()[0])
>>> costs = analyze(r)
>>> len(costs), all(c.cost >= 0 for c in costs)
(32, True)
>>> print(render_analysis(costs).splitlines()[0])
trick  seat  card  value  best  cost  total
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card
from cardtable.kraken.round import Round
from cardtable.kraken.seat import Seat
from cardtable.solver.api import Engine, solve

__all__ = ["CardCost", "analyze", "render_analysis", "totals"]


@dataclass(frozen=True, slots=True)
class CardCost:
    """One card played, judged double dummy."""

    trick: int
    """The trick it was played to, from 1."""
    seat: Seat
    card: Card
    value: int
    """The value after this card (declarers minus defenders over the remaining play,
    counted from the position before it)."""
    best: int
    """The value with the best card."""
    cost: int
    """Points this card gave away for its player's team (0 for a best card)."""
    total: int
    """This player's running total of costs, this card included."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "trick": self.trick,
            "seat": self.seat.name,
            "card": str(self.card),
            "value": self.value,
            "best": self.best,
            "cost": self.cost,
            "total": self.total,
        }


def analyze(round_: Round, engine: Engine = "auto") -> list[CardCost]:
    """Replay ``round_`` from its deal and judge every card played so far."""
    record = round_.to_record()
    replay = Round.from_record({**record, "actions": []})
    totals = [0, 0, 0, 0]
    costs: list[CardCost] = []
    for action in record["actions"]:
        if replay.phase == "play":
            seat = replay.to_move
            assert seat is not None
            solution = solve(replay, engine)
            card = Card.parse(action)
            value = solution.card_values[card]
            cost = abs(solution.value - value)
            totals[seat] += cost
            costs.append(
                CardCost(
                    len(replay.tricks) + 1,
                    seat,
                    card,
                    value,
                    solution.value,
                    cost,
                    totals[seat],
                )
            )
        replay.apply(action)
    return costs


def totals(costs: list[CardCost]) -> dict[Seat, int]:
    """Each player's total cost."""
    result = dict.fromkeys(Seat, 0)
    for entry in costs:
        result[entry.seat] += entry.cost
    return result


def render_analysis(costs: list[CardCost]) -> str:
    """A table of every card with its cost and the player's running total."""
    lines = ["trick  seat  card  value  best  cost  total"]
    for c in costs:
        lines.append(
            f"{c.trick:>5}  {c.seat.name:>4}  {c.card!s:>4}  {c.value:>5}  {c.best:>4}"
            f"  {c.cost:>4}  {c.total:>5}"
        )
    summary = ", ".join(f"{seat.name} {cost}" for seat, cost in totals(costs).items())
    lines.append(f"points given away: {summary}")
    return "\n".join(lines)
