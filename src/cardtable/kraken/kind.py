"""Kraken as a registered game kind (entry point ``cardtable.games: kraken``)."""

from __future__ import annotations

import random
from typing import Any

from cardtable.game import GameKind
from cardtable.kraken.contracts import bid_to, fixed_contract, fixed_rules
from cardtable.kraken.game import Game
from cardtable.kraken.inference import sample_hidden
from cardtable.kraken.observation import Observation
from cardtable.kraken.render import render_game, render_round
from cardtable.kraken.round import Round
from cardtable.kraken.rules import PRESETS, Rules
from cardtable.kraken.seat import Seat

__all__ = ["KIND"]


def _seat_names(_rules: Any) -> tuple[str, ...]:
    return tuple(seat.name for seat in Seat)


def _current_round(game: Game) -> Round:
    return game.current


def _resample(rnd: Round, seat: int, rng: random.Random) -> Round:
    return rnd.redeal(sample_hidden(rnd.observation(seat), rng))


def _deal(rules: Rules, seed: int) -> Round:
    """A match plays Kraken deal by deal: one round, the dealer drawn from the seed."""
    return Round.new(rules, seed % 4, seed)


def _fixed_deal(rules: Rules, seed: int) -> Round:
    """The deal of :func:`_deal` (the same cards and dealer) with its contract fixed
    by :func:`~cardtable.kraken.contracts.fixed_contract` and reached by
    :func:`~cardtable.kraken.contracts.bid_to`: the round starts at the first card."""
    round_ = _deal(fixed_rules(rules), seed)
    bid_to(round_, fixed_contract(round_.initial_hands, round_.dealer))
    return round_


def _scores(state: Round | Game) -> list[float]:
    """Each seat's team's points: of a round's result, or of a game."""
    points = state.result().points if isinstance(state, Round) else state.scores
    return [float(points[seat % 2]) for seat in range(4)]


def _render(state: Game | Round) -> str:
    """A game's text, or a single round's."""
    return render_game(state) if isinstance(state, Game) else render_round(state)


KIND = GameKind(
    name="kraken",
    title="Kraken",
    rules_type=Rules,
    presets=PRESETS,
    new_game=Game.new,
    from_record=Game.from_record,
    observation_from_dict=Observation.from_dict,
    seat_names=_seat_names,
    current_round=_current_round,
    resample=_resample,
    scoring="teams",
    render=_render,
    match_format="duplicate",
    new_deal=_deal,
    scores=_scores,
    fixed_deal=_fixed_deal,
)
"""Four seats in two partnerships (N-S against E-W); matches replay each deal with
the partnerships swapped."""
