"""Gurka as a registered game kind (entry point ``cardtable.games: gurka``)."""

from __future__ import annotations

import random

from cardtable.game import GameKind
from cardtable.gurka.game import Game
from cardtable.gurka.inference import sample_hidden
from cardtable.gurka.observation import Observation
from cardtable.gurka.render import render_game, render_round
from cardtable.gurka.round import Round
from cardtable.gurka.rules import Rules

__all__ = ["KIND"]


def _seat_names(rules: Rules) -> tuple[str, ...]:
    return tuple(f"Player {seat + 1}" for seat in range(rules.players))


def _current_round(game: Game) -> Round:
    return game.current


def _resample(rnd: Round, seat: int, rng: random.Random) -> Round:
    return rnd.redeal(sample_hidden(rnd.observation(seat), rng))


def _scores(game: Game) -> list[float]:
    """Each seat's net chips."""
    return [float(chips) for chips in game.chips]


def _render(state: Game | Round) -> str:
    """A game's text, or a single round's."""
    return render_game(state) if isinstance(state, Game) else render_round(state)


KIND = GameKind(
    name="gurka",
    title="Gurka",
    rules_type=Rules,
    presets={"standard": Rules()},
    new_game=Game.new,
    from_record=Game.from_record,
    observation_from_dict=Observation.from_dict,
    seat_names=_seat_names,
    current_round=_current_round,
    resample=_resample,
    scoring="ranking",
    render=_render,
    match_format="rotated",
    scores=_scores,
    score_unit="chips",
)
"""3 to 8 players, each for themselves; matches rotate the seats over the deals."""
