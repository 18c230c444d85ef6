"""A slow, obviously correct double-dummy search, used only by the tests.

It plays every legal card at every turn on :class:`~cardtable.kraken.fast.PlayState`
(itself checked against :class:`~cardtable.kraken.round.Round`), scores each complete
line with absolute totals (points, roem, tricks of both teams) and takes the minimax
over them, with no pruning at all. The only shortcut is exact memoization at trick
boundaries on the *whole* state, totals included, so no value is ever reused for a
position reached with different totals.
"""

from __future__ import annotations

from cardtable.kraken.fast import PlayState
from cardtable.solver.search import Position
from cardtable.solver.tables import MARS

__all__ = ["reference_value"]


def reference_value(position: Position) -> int:
    """Team 0 minus team 1 over the remaining play of ``position``, by plain minimax."""
    hands = list(position.hands)
    for offset, card in enumerate(position.trick):
        hands[(position.leader + offset) & 3] |= 1 << card
    state = PlayState(
        hands, position.trump, position.leader, position.play_rules, position.count_roem
    )
    for card in position.trick:
        state.play(card)
    memo: dict[tuple[object, ...], int] = {}

    def final() -> int:
        diff = state.points[0] + state.roem[0] - state.points[1] - state.roem[1]
        if position.mars & 1 and state.tricks_won[1] == 0:
            diff += MARS
        if position.mars & 2 and state.tricks_won[0] == 0:
            diff -= MARS
        return diff

    def minimax() -> int:
        if state.is_over:
            return final()
        key = None
        if not state.trick:
            key = (
                tuple(state.hands),
                state.leader,
                tuple(state.points),
                tuple(state.roem),
                tuple(state.tricks_won),
            )
            if key in memo:
                return memo[key]
        values = []
        legal = state.legal()
        while legal:
            low = legal & -legal
            legal ^= low
            state.play(low.bit_length() - 1)
            values.append(minimax())
            state.undo()
        value = max(values) if state.to_move % 2 == 0 else min(values)
        if key is not None:
            memo[key] = value
        return value

    return minimax()
