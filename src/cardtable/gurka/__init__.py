"""Gurka (Cucumber, Agurk): 3 to 8 players, six tricks a round, the last trick scores.

The public names: :class:`Rules` (every variation), the pure kernel
(:func:`penalty`, :func:`legal_plays`, :func:`trick_taker`), :class:`Round`,
:class:`Game` and :class:`Observation`. Actions are text: a card (``"QS"``,
``"10S"`` accepted), ``"buyback"`` or ``"pass"``.

>>> from cardtable.gurka import Game, Rules
>>> game = Game.new(Rules(players=4), seed=3)
>>> game.to_move == game.current.to_move, len(game.observation(0).hand)
(True, 6)
"""

from cardtable.gurka.game import BUYBACK, PASS, Game
from cardtable.gurka.observation import Observation
from cardtable.gurka.round import HAND_SIZE, Round, deal_masks
from cardtable.gurka.rules import Rules
from cardtable.gurka.trick import (
    Trick,
    explain_illegal,
    legal_mask,
    legal_plays,
    penalty,
    trick_taker,
)

__all__ = [
    "BUYBACK",
    "HAND_SIZE",
    "PASS",
    "Game",
    "Observation",
    "Round",
    "Rules",
    "Trick",
    "deal_masks",
    "explain_illegal",
    "legal_mask",
    "legal_plays",
    "penalty",
    "trick_taker",
]
