"""The toy game of ``tests/conformance`` (registered the way an installed package
would be, by that directory's conftest) and how ISMCTS builds a toy world from an
observation, which its :class:`~cardtable.game.GameKind` cannot say yet."""

from __future__ import annotations

from typing import Any

import tests.conformance.conftest  # noqa: F401  (registers the toy game)
from cardtable.bots.adapters import register_world
from tests.conformance import toy_game


def toy_world(observation: Any) -> toy_game.Game:
    """A toy game the observing seat cannot tell from the real one: its own cards as
    they are, every card played as played, the unseen cards dealt in order."""
    players = len(observation.scores)
    plays = [(seat, card) for trick in observation.tricks for seat, card in trick]
    hand_size = len(observation.hand) + sum(1 for seat, _ in plays if seat == observation.seat)
    unseen = sorted(
        set(range(1, players * hand_size + 1)) - set(observation.hand) - {card for _, card in plays}
    )
    hands: list[list[int]] = []
    for seat in range(players):
        played = [card for who, card in plays if who == seat]
        if seat == observation.seat:
            hands.append(played + list(observation.hand))
            continue
        missing = hand_size - len(played)
        hands.append(played + unseen[:missing])
        unseen = unseen[missing:]
    game = toy_game.Game(toy_game.Rules(players, hand_size), hands, seed=0)
    for _, card in plays:
        game.apply(str(card))
    return game


register_world("toy", toy_world)
