"""``solve`` and ``makes``: the double-dummy answers for a :class:`Round` in play.

>>> from cardtable.kraken import Round, Rules
>>> r = Round.from_hands(Rules(play="rotterdam", roem="none", challenges=False), [
...     "8H QH AH 7D 9D TD AD 8S", "TH JH 8D 7C 9C QC 9S TS",
...     "9H JD QD 8C KC AC JS AS", "7H KH KD TC JC 7S QS KS"], dealer="W")
>>> r.apply("trump H")
'trump H'
>>> solution = solve(r)
>>> solution.value, (162 + solution.value) // 2   # North-South take 124 card points
(86, 124)
>>> makes(r)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, Protocol

from cardtable.cards import Card
from cardtable.kraken.fast import POINTS
from cardtable.kraken.round import Round
from cardtable.solver.search import INF, Options, Position, PureSearch

__all__ = [
    "Engine",
    "Searcher",
    "Solution",
    "makes",
    "position_of",
    "solve",
    "solve_position",
    "value",
]

Engine = Literal["auto", "native", "pure"]


class Searcher(Protocol):
    """What :func:`mtdf` needs from a search (pure or compiled)."""

    nodes: int

    def search(self, position: Position, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta value of ``position`` in the window (alpha, beta)."""
        ...


@dataclass(frozen=True, slots=True)
class Solution:
    """The double-dummy result of a position.

    ``value`` is what the declarers can guarantee over the remaining play, as the
    declarers' points minus the defenders' (card points, last trick, trick roem when it
    counts, mars); ``card_values`` gives that same value after each legal card of the
    player to move.
    """

    value: int
    card_values: dict[Card, int]
    declarers: int
    """The declaring team (0 North-South, 1 East-West)."""
    to_move: int | None
    """The seat to play, or None when the round is over."""
    nodes: int = field(default=0, compare=False)
    """Search nodes visited."""

    @property
    def best_cards(self) -> list[Card]:
        """The cards that keep the value (best for the player to move)."""
        return [card for card, value in self.card_values.items() if value == self.value]

    def cost(self, card: Card) -> int:
        """Points ``card`` loses for the mover's team against the best card (>= 0)."""
        return abs(self.value - self.card_values[card])


def position_of(round_: Round) -> Position:
    """The play position of a round (in the play phase) on bitmasks."""
    if round_.phase != "play" or round_.trump is None:
        raise ValueError(f"the round is not in its play phase (phase {round_.phase})")
    trick = tuple(card.index for _, card in round_.trick)
    to_move = round_.to_move
    assert to_move is not None
    leader = (int(to_move) - len(trick)) & 3
    won = round_.tricks_won
    mars = (1 if won[1] == 0 else 0) | (2 if won[0] == 0 else 0)
    hands = tuple(h.mask for h in round_.hands)
    return Position(
        (hands[0], hands[1], hands[2], hands[3]),
        trick,
        leader,
        int(round_.trump),
        round_.rules.play,
        round_.rules.roem == "tricks",
        mars,
    )


def searcher_for(
    position: Position, engine: Engine = "auto", options: Options | None = None
) -> Searcher:
    """A search for the deal of ``position``: the compiled one when available."""
    options = options or Options()
    if engine != "pure":
        from cardtable.solver import native

        if native.AVAILABLE:
            return native.NativeSearch(
                position.trump, position.play_rules, position.count_roem, options
            )
        if engine == "native":
            raise RuntimeError(
                "the compiled solver is not built: reinstall with `pip install -e .`"
            )
    return PureSearch(position.trump, position.play_rules, position.count_roem, options)


def parity(position: Position) -> int:
    """The value's parity: every trick adds plus or minus its points and roem, roem and
    mars are even, so the value has the parity of the card points still in play."""
    points = POINTS[position.trump]
    total = 10 + sum(points[c] for c in position.trick)
    for hand in position.hands:
        while hand:
            low = hand & -hand
            total += points[low.bit_length() - 1]
            hand ^= low
    return total & 1


def mtdf(searcher: Searcher, position: Position, guess: int = 0, step: int = 16) -> int:
    """The exact value by MTD(f): null-window searches converging on the value.

    Only values of the right parity are tested (:func:`parity`). From ``guess`` the
    tests gallop (``step`` points, then doubling) until the value is bracketed, then
    bisect the bracket; fail-soft results narrow it on the way. A cold start (guess 0)
    takes long first steps, a guess from a neighbouring card's value short ones.
    """
    odd = parity(position)
    lower, upper = -INF, INF
    first = step
    direction = 0
    target = guess
    while lower < upper:
        beta = max(lower + 1, min(upper, target))
        if (beta - odd) & 1:
            beta = beta + 1 if beta + 1 <= upper else beta - 1
        if beta <= lower:  # only one value of the right parity is left
            return upper
        value = searcher.search(position, beta - 1, beta)
        if value >= beta:
            lower = value + ((value - odd) & 1)
            step = step * 2 if direction > 0 else first
            direction = 1
        else:
            upper = value - ((value - odd) & 1)
            step = step * 2 if direction < 0 else first
            direction = -1
        if lower > -INF and upper < INF:
            target = (lower + upper + 1) // 2
        elif direction > 0:
            target = lower + step
        else:
            target = upper - step + 2
    return lower


def solve_position(
    position: Position,
    engine: Engine = "auto",
    options: Options | None = None,
    searcher: Searcher | None = None,
    mtd: bool = True,
) -> tuple[int, dict[int, int], int]:
    """Team 0 minus team 1: the value and each legal card's value, and the nodes."""
    searcher = searcher or searcher_for(position, engine, options)
    values: dict[int, int] = {}
    search: Callable[[Position, int], int]
    if mtd:
        # the first card starts cold; the next ones from the previous card's value
        search = lambda p, guess: mtdf(searcher, p, guess, 2 if values else 16)  # noqa: E731
    else:
        search = lambda p, guess: searcher.search(p, -INF, INF)  # noqa: E731
    legal = position.legal()
    guess = 0
    while legal:
        low = legal & -legal
        legal ^= low
        card = low.bit_length() - 1
        after, gained = position.play(card)
        # after the last card only the completed trick (and mars) remains
        guess = search(after, guess - gained) + gained if any(after.hands) else gained
        values[card] = guess
    if not values:
        return 0, {}, searcher.nodes
    team = position.to_move & 1
    value = min(values.values()) if team else max(values.values())
    return value, values, searcher.nodes


def solve(round_: Round, engine: Engine = "auto", options: Options | None = None) -> Solution:
    """Solve the rest of ``round_`` (play phase, any point of a trick) with all hands known.

    ``engine`` picks the compiled search (``"native"``), the pure-Python one
    (``"pure"``) or the compiled one when it is built (``"auto"``).
    """
    if round_.phase == "done":
        assert round_.declarer is not None
        return Solution(0, {}, round_.declarer.team, None)
    position = position_of(round_)
    assert round_.declarer is not None
    declarers = round_.declarer.team
    sign = -1 if declarers else 1
    value, values, nodes = solve_position(position, engine, options)
    card_values = {Card.from_index(c): sign * v for c, v in values.items()}
    return Solution(sign * value, card_values, declarers, position.to_move, nodes)


def value(round_: Round, engine: Engine = "auto") -> int:
    """Only :attr:`Solution.value` of :func:`solve` (one MTD(f) search, about half the work)."""
    if round_.phase == "done":
        return 0
    position = position_of(round_)
    assert round_.declarer is not None
    result = mtdf(searcher_for(position, engine), position)
    return -result if round_.declarer.team else result


def makes(round_: Round, engine: Engine = "auto") -> bool:
    """Whether the declarers can still avoid nat with best play from both sides.

    Nat compares card points plus roem (mars does not count), so this is one
    null-window search on that difference, with the points and roem already scored.
    """
    if round_.phase == "done":
        return not round_.result().nat
    position = position_of(round_)
    assert round_.declarer is not None
    declarers = round_.declarer.team
    points, roem = round_.card_points, round_.roem
    past = points[declarers] + roem[declarers] - points[1 - declarers] - roem[1 - declarers]
    target = 1 - past  # the declarers need at least this from the remaining play
    position = Position(
        position.hands,
        position.trick,
        position.leader,
        position.trump,
        position.play_rules,
        position.count_roem,
        0,
    )
    searcher = searcher_for(position, engine)
    if declarers == 0:
        return searcher.search(position, target - 1, target) >= target
    return searcher.search(position, -target, -target + 1) <= -target
