"""Kraken, the Dutch trick-taking game of the Klaverjas family: the rules engine.

>>> from cardtable.kraken import Game, Rules
>>> game = Game.new(Rules.preset("rotterdam"), seed=3)
>>> game.current.phase, len(game.legal_actions())
('trump', 5)
"""

from cardtable.errors import IllegalAction, RecordError
from cardtable.kraken.actions import parse_action
from cardtable.kraken.game import Game
from cardtable.kraken.observation import Observation
from cardtable.kraken.play import legal_plays, refusal
from cardtable.kraken.roem import declared_roem, hand_roem, trick_roem
from cardtable.kraken.round import Phase, Round
from cardtable.kraken.rules import PRESETS, Rules
from cardtable.kraken.scoring import RoundResult, score_round
from cardtable.kraken.seat import Seat
from cardtable.kraken.trick import DECK, Trick, card_points, trick_taker, trick_winner

__all__ = [
    "DECK",
    "PRESETS",
    "Game",
    "IllegalAction",
    "Observation",
    "Phase",
    "RecordError",
    "Round",
    "RoundResult",
    "Rules",
    "Seat",
    "Trick",
    "card_points",
    "declared_roem",
    "hand_roem",
    "legal_plays",
    "parse_action",
    "refusal",
    "score_round",
    "trick_roem",
    "trick_taker",
    "trick_winner",
]
