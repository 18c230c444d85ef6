"""The Kraken side of ISMCTS: determinizations, the rollout policy and the reward.

A determinization is the round as observed with the hidden cards dealt by the
inference sampler (:func:`cardtable.kraken.inference.sample_hidden`) and the rest of
the second deck of ``random`` trump shuffled. Rollouts bid with the heuristic's hand
evaluation, never challenge, always declare roem, and play the cards out at random
through the bitmask core; the reward is the round's score difference for the seat's
team, scaled by 162.
"""

from __future__ import annotations

import random

from cardtable.bots.kraken_heuristic import bid
from cardtable.cards import CARDS, CardSet
from cardtable.kraken.fast import random_playout
from cardtable.kraken.inference import DealSampler, infer
from cardtable.kraken.observation import Observation
from cardtable.kraken.round import Round
from cardtable.kraken.scoring import score_round
from cardtable.kraken.trick import DECK

__all__ = ["KrakenSearch", "default_action", "played_masks", "round_at_start"]

SCALE = 162.0


def played_masks(observation: Observation) -> list[int]:
    """The cards each seat has played in the observed round, as masks by seat."""
    played = [0, 0, 0, 0]
    for trick in observation.tricks:
        for seat, card in trick.plays:
            played[seat] |= card.bit
    for seat, card in observation.trick:
        played[seat] |= card.bit
    return played


def round_at_start(
    observation: Observation, hidden: list[int], rng: random.Random | None = None
) -> Round:
    """The observed round at its start, dealt so that each seat holds now the cards of
    ``hidden`` (masks by seat, consistent with ``observation``) and had played what it
    played. Under random trump choice the deck starts with the turned cards and the
    rest follows, shuffled by ``rng`` (in card order without it)."""
    obs = observation
    played = played_masks(obs)
    initial = [CardSet(hidden[s] | played[s]) for s in range(4)]
    deck = None
    if obs.rules.trump_choice == "random":
        rest = [c for c in CARDS if DECK.mask & c.bit and c not in obs.turned]
        if rng is not None:
            rng.shuffle(rest)
        deck = [*obs.turned, *rest]
    return Round.from_hands(obs.rules, initial, obs.dealer, 0, deck)


class KrakenSearch:
    """A :class:`~cardtable.bots.search.SearchAdapter` for one Kraken decision."""

    def __init__(self, observation: Observation) -> None:
        self._obs = observation
        self._sampler = DealSampler(infer(observation))
        self._template = self._public_round(random.Random(0))
        self._outcome: tuple[int, int] = (0, 0)

    def _public_round(self, rng: random.Random) -> Round:
        """The observed round replayed on one consistent deal."""
        round_ = round_at_start(self._obs, self._sampler.sample_masks(rng), rng)
        for _, action in self._obs.actions:
            round_.apply(action)
        return round_

    @property
    def replays(self) -> bool:
        """Whether a world replays the public actions on its deal (while bidding, the
        hidden hands decide who is asked next) rather than redealing the position."""
        return self._obs.phase in ("trump", "challenge", "roem")

    def hidden(self, rng: random.Random) -> list[int]:
        """The hidden cards dealt afresh: each seat's hand now, as masks by seat."""
        return self._sampler.sample_masks(rng)

    def redeal(self, hidden: list[int]) -> Round:
        """The observed position with the hands now ``hidden`` (see :meth:`hidden`;
        not while it :attr:`replays`)."""
        return self._template.redeal([CardSet(mask) for mask in hidden])

    def determinize(self, rng: random.Random) -> Round:
        """The observed position with the hidden cards dealt afresh."""
        if self.replays:
            return self._public_round(rng)
        return self.redeal(self.hidden(rng))

    def default_action(self, state: Round, rng: random.Random) -> str:
        """Bid by hand strength, never challenge, declare roem, play at random."""
        return default_action(state, rng)

    def rollout(self, state: Round, rng: random.Random) -> None:
        """Finish the round: bidding by the default policy, the cards by fast play-outs."""
        while not state.is_over and (state.phase != "play" or state.trick):
            state.apply(self.default_action(state, rng))
        if state.is_over:
            self._outcome = state.result().points
            return
        assert state.trump is not None and state.to_move is not None
        assert state.declarer is not None
        p0, p1, r0, r1, t0 = random_playout(
            [h.mask for h in state.hands],
            int(state.trump),
            int(state.to_move),
            state.rules.play,
            state.rules.roem == "tricks",
            rng,
        )
        points, roem, tricks = state.card_points, state.roem, state.tricks_won
        result = score_round(
            (points[0] + p0, points[1] + p1),
            (roem[0] + r0, roem[1] + r1),
            (tricks[0] + t0, 8 - tricks[0] - t0),
            state.declarer.team,
            state.multiplier,
            state.rules.multiply_roem,
        )
        self._outcome = result.points

    def reward(self, state: Round, seat: int) -> float:
        """The round's score difference for ``seat``'s team, scaled."""
        own, other = self._outcome[seat % 2], self._outcome[1 - seat % 2]
        return (own - other) / SCALE


def default_action(state: Round, rng: random.Random) -> str:
    """The rollout policy: bid by hand strength, never challenge, declare roem, play
    at random."""
    legal = state.legal_actions()
    phase = state.phase
    if phase == "play":
        return rng.choice(legal)
    if phase == "roem":
        return "roem"
    if phase == "challenge":
        return "pass"
    seat = state.to_move
    assert seat is not None
    return bid(state.hands[seat].mask, legal, state.proposed, state.rules.roem == "hand")
