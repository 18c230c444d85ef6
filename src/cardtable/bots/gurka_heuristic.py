"""The Gurka heuristic: what a sound club player does, as cheap rules on card masks.

Card play, when only the last trick scores (the default):

- The card you hold at the end is what may cost you, so the whole round is spent
  getting rid of the high cards and keeping the lowest one for the sixth trick.
- You can only shed a card when you lead or when it reaches the target; a card below
  the target can be played only if it is your lowest, which throws away exactly the
  card you wanted to keep. The danger is being forced to follow with your lowest card
  while medium cards are stuck in your hand.
- So the lead is worth having: a leader sheds their highest card freely, and a high
  lead forces the followers who cannot reach it to throw their low cards away.
- Following, with cards that reach the target: play the highest of them (it sheds
  the worst card and, if it stands, takes the lead); as the last player to a trick,
  head it *cheaply*, with the lowest card that still takes it, keeping the big cards
  to take the lead again later; on the fifth trick always shed the higher card.
- With nothing that reaches the target you must play your lowest anyway.

When every trick scores (``penalty_tricks="every"``) the aim is simply never to be
highest: play the lowest legal card.

Buy-backs: a player who buys back comes in at the highest score of the players still
in, so their chance is smaller than an even share. The estimate weights each player
still in by the square of their margin to the elimination score (the distance they
can still fall), gives the buyer the smallest margin among them, and buys back when
that chance times the pot (with the buyer's stake added) beats the price, counted
once more for every buy-back the player has already taken. A free buy-back is
always taken, and nobody buys back more than three times in a game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from cardtable.cards import CARDS, CardSet
from cardtable.gurka.observation import Observation
from cardtable.gurka.rules import Rules
from cardtable.gurka.trick import RANK_AT_LEAST, legal_mask, lowest_mask, target_rank

__all__ = [
    "MAX_BUYBACKS",
    "buyback_chance",
    "card_policy",
    "choose",
    "should_buy_back",
    "win_chance",
]

MAX_BUYBACKS: Final[int] = 3
"""The heuristic never buys back more often than this in one game."""

_RANK_OF: Final[tuple[int, ...]] = tuple(int(c.rank) for c in CARDS)
_TEXT: Final[tuple[str, ...]] = tuple(str(c) for c in CARDS)
_SPREAD: Final[int] = 1 | 1 << 13 | 1 << 26 | 1 << 39


def _highest(mask: int) -> int:
    """A card of the highest rank in a non-empty mask (the highest index of that rank)."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF
    top = mask & (1 << (ranks.bit_length() - 1)) * _SPREAD
    return top.bit_length() - 1


def _lowest(mask: int) -> int:
    """A card of the lowest rank in a non-empty mask."""
    low = lowest_mask(mask)
    return (low & -low).bit_length() - 1


def card_policy(
    hand: int, ranks: Sequence[int], still_to_play: int, tricks_left: int, rules: Rules
) -> int:
    """The heuristic card (an index into :data:`~cardtable.cards.CARDS`) to play from
    ``hand`` (a card mask) to a trick whose cards so far have ``ranks``.

    ``still_to_play`` counts the players after this one in the trick, ``tricks_left``
    the tricks left including this one. See the module docstring for the reasoning.
    """
    target = target_rank(ranks, rules)
    legal = legal_mask(hand, target, rules)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if rules.penalty_tricks == "every":
        return _lowest(legal)
    if not ranks:
        return _highest(legal)
    above = legal & ~lowest_mask(hand)
    if not above:
        return _lowest(legal)
    if tricks_left <= 2 or still_to_play:
        return _highest(above)
    # last to play: take the trick with the cheapest card that does
    top = max(ranks)
    if top == 14 and rules.aces_unbeatable:
        return _highest(above)
    winners = above & RANK_AT_LEAST[top]
    if winners:
        return _lowest(winners)
    return _highest(above)


def win_chance(margin: int, others: Sequence[int]) -> float:
    """The estimated chance to win the pot for a player ``margin`` points from
    elimination against players with the ``others`` margins (squared-margin shares)."""
    mine = max(margin, 1) ** 2
    return mine / (mine + sum(max(m, 1) ** 2 for m in others))


def buyback_chance(scores: Sequence[int], alive: Sequence[int], eliminate_at: int) -> float:
    """The estimated chance that a player buying back now wins the pot: they come in
    at the highest score among ``alive``."""
    level = max(scores[s] for s in alive)
    return win_chance(eliminate_at - level, [eliminate_at - scores[s] for s in alive])


def should_buy_back(
    cost: int,
    pot: int,
    scores: Sequence[int],
    alive: Sequence[int],
    eliminate_at: int,
    taken: int = 0,
) -> bool:
    """Whether buying back for ``cost`` pays on the estimated odds.

    A player who has bought back ``taken`` times already counts the price that many
    times more (one who keeps coming back at the highest score tends to need yet more
    buy-backs), and never buys back more than :data:`MAX_BUYBACKS` times: without a
    limit a growing pot would make every out player buy back for ever.
    """
    if taken >= MAX_BUYBACKS:
        return False
    if cost == 0:
        return True
    return buyback_chance(scores, alive, eliminate_at) * (pot + cost) > cost * (1 + taken)


def choose(observation: Observation, rng: random.Random) -> str:
    """The heuristic's action for any Gurka decision in ``observation`` (a card or a
    buy-back); ``rng`` is unused (the rules decide; ties go to the highest suit)."""
    obs = observation
    legal = obs.legal_actions
    if not legal:
        raise ValueError("no decision to take: observation.legal_actions is empty")
    if len(legal) == 1:
        return legal[0]
    rules = obs.rules
    if obs.phase == "buyback":
        assert obs.scores is not None and obs.alive is not None and obs.pot is not None
        free = rules.free_rebuy and obs.buybacks is not None and obs.buybacks[obs.seat] == 0
        cost = 0 if free else rules.stake
        taken = obs.buybacks[obs.seat] if obs.buybacks is not None else 0
        buy = should_buy_back(cost, obs.pot, obs.scores, obs.alive, rules.eliminate_at, taken)
        return "buyback" if buy else "pass"
    hand = CardSet(obs.hand).mask
    ranks = [int(card.rank) for _, card in obs.trick]
    still = len(obs.seats_in_round) - len(obs.trick) - 1
    index = card_policy(hand, ranks, still, obs.tricks_left, rules)
    text = _TEXT[index]
    if text not in legal:
        raise AssertionError(f"the heuristic chose {text}, not one of {legal}")
    return text
