"""Policy-based inference for Kraken: how likely each seat's actions were, given its hand.

The inference sampler (:mod:`cardtable.kraken.inference`) deals the hidden cards
uniformly among the deals the rules allow. People (and strong bots) do not play at
random: a seat that passed in the trump choice seldom holds the jack and nine of a
suit, a defender who smears an ace on a trick its partner wins has no small card of
that suit left, and so on. :class:`PlayModel` is a small model of how a seat acts, a
softmax over its legal actions of a linear score on cheap features:

- **card play**: the card's points and rank; leading, following, trumping or
  discarding; whether it wins the trick now (and whether it is the cheapest card
  that does, or a sure winner), whether the partner is winning (and surely so:
  smearing points), whether it is the master of its suit, the length of its suit
  left in the hand and the cards of it still out, lowest or highest of the suit in
  hand, a ten without its ace or its last guard, leading a suit a partner or an
  opponent has shown out of or led before, trick roem made for the own side or
  given away;
- **trump choice**: per suit named (or taken), the heuristic's strength of the hand
  with that trump, the length and the jack, nine, ace and ten of that suit, the aces
  and tens outside and the voids; passing has a bias per turn;
- **challenges**: contra, re and superkraken on the trumps and the aces outside.

A feature reads only the public facts of the moment and the acting seat's own hand,
never another hand.

Given a world (a full deal consistent with an observation),
:meth:`PlayModel.log_likelihood` sums, over every past action of the seats other than
the observer, the log probability that a player holding that world's hand, seeing
what that seat saw then, takes that action. Each action's probability is mixed with
a small uniform share (``tremble``) so that no world is ruled out by the model alone.

:class:`WeightedWorlds` turns uniform consistent sampling into importance sampling:
the posterior of a deal given the actions is proportional to their likelihood (the
prior over consistent deals is uniform), so each sampled world is weighted by its
likelihood raised to a ``temperature`` (below 1 flattens an over-confident model);
:meth:`WeightedWorlds.take` normalizes the weights and mixes them with a uniform
share (``mix``) against degenerate weights. The temperature, tremble and mix of the
committed model were chosen by the log-loss of hidden-card locations on held-out
self-play games (``python -m cardtable.bots.training.train_kraken_play_model``).

>>> import random
>>> from cardtable.kraken import Round, Rules
>>> r = Round.new(Rules(), dealer=3, seed=7)
>>> for action in ["pass", "trump H", "pass", "pass", "8D"]:
...     _ = r.apply(action)
>>> model = PlayModel.load()
>>> probabilities = model.action_probabilities(r.observation(r.to_move))
>>> round(sum(probabilities.values()), 9), set(probabilities) == set(r.legal_actions())
(1.0, True)
>>> worlds = WeightedWorlds(r.observation(r.to_move), model, random.Random(1)).take(8)
>>> round(sum(weight for _, weight in worlds), 9)
1.0
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from cardtable.bots.kraken_heuristic import trump_strength
from cardtable.bots.kraken_search import KrakenSearch, played_masks, round_at_start
from cardtable.cards import CARDS, Card, CardSet, Rank, Suit
from cardtable.kraken.actions import trump_action
from cardtable.kraken.fast import POINTS, POWER, SUIT_OF, SUITS, legal_mask
from cardtable.kraken.inference import DealSampler, infer
from cardtable.kraken.observation import Observation
from cardtable.kraken.roem import trick_roem_mask
from cardtable.kraken.round import Round
from cardtable.kraken.seat import Seat
from cardtable.kraken.trick import DECK

__all__ = [
    "FEATURES",
    "MODEL_PATH",
    "BidDecision",
    "ChallengeDecision",
    "Decision",
    "PlayDecision",
    "PlayModel",
    "WeightedWorlds",
    "decisions_of",
    "options_of",
]

MODEL_PATH: Final = Path(__file__).parent / "models" / "kraken_play_model.json"
"""The committed model (weights and calibration, plain JSON)."""

FEATURES: Final[tuple[str, ...]] = (
    # leading a card
    "lead_trump",
    "lead_trump_declarers",
    "lead_trump_length",
    "lead_trump_master",
    "lead_points",
    "lead_rank",
    "lead_master",
    "lead_master_points",
    "lead_master_trumps_out",
    "lead_length",
    "lead_outstanding",
    "lead_singleton",
    "lead_lowest",
    "lead_highest",
    "lead_bare_ten",
    "lead_opponent_void",
    "lead_partner_void",
    "lead_partner_led",
    "lead_opponent_led",
    "lead_own_led",
    # following suit
    "follow_wins",
    "follow_cheapest_win",
    "follow_sure_win",
    "follow_wins_points",
    "follow_points",
    "follow_points_partner",
    "follow_points_sure",
    "follow_points_lost",
    "follow_rank",
    "follow_lowest",
    "follow_highest",
    "follow_master",
    "follow_last_wins",
    "follow_bare_ten",
    "follow_guard",
    # trumping a suit led
    "ruff",
    "ruff_partner",
    "ruff_partner_sure",
    "ruff_wins",
    "ruff_cheapest",
    "ruff_wins_points",
    "ruff_points",
    "ruff_rank",
    "ruff_lowest",
    "ruff_last",
    # discarding
    "discard_points",
    "discard_points_partner",
    "discard_points_sure",
    "discard_rank",
    "discard_lowest",
    "discard_length",
    "discard_singleton",
    "discard_master",
    "discard_bare_ten",
    "discard_guard",
    # trick roem made by the card
    "roem_own",
    "roem_given",
    # trump choice: naming (or taking) a suit, and passing by turn
    "bid_strength",
    "bid_length",
    "bid_jack",
    "bid_nine",
    "bid_ace",
    "bid_ten",
    "bid_king_queen",
    "bid_side_aces",
    "bid_side_tens",
    "bid_voids",
    "bid_forced",
    "pass_1",
    "pass_2",
    "pass_3",
    "pass_4",
    "pass_take_1",
    "pass_take_2",
    "pass_take_3",
    "pass_take_4",
    # challenges
    "contra",
    "contra_trumps",
    "contra_jack",
    "contra_nine",
    "contra_side_aces",
    "re",
    "re_trumps",
    "re_jack",
    "re_nine",
    "re_side_aces",
    "superkraken",
    "superkraken_trumps",
    "superkraken_side_aces",
)
"""The names of the model's features, in the order of its weights."""

_F: Final[dict[str, int]] = {name: index for index, name in enumerate(FEATURES)}

Features = list[tuple[int, float]]
"""Sparse features: (index in :data:`FEATURES`, value)."""

# --- card tables -------------------------------------------------------------------


def _rank_strength(card: int, trump: bool) -> float:
    """0 (the seven) to 1 (the ace, or the jack of trumps)."""
    suit = SUIT_OF[card]
    power = POWER[suit][suit][card] - 16 if trump else POWER[(suit + 1) % 4][suit][card]
    return (power - 1) / 7


def _higher(card: int, trump: bool) -> int:
    """The cards of ``card``'s suit that beat it (as trumps when ``trump``)."""
    suit = SUIT_OF[card]
    order = suit if trump else (suit + 1) % 4
    power = POWER[order][suit]
    return sum(
        1 << other for other in range(52) if SUIT_OF[other] == suit and power[other] > power[card]
    )


_KRAKEN: Final[tuple[int, ...]] = tuple(c.index for c in CARDS if DECK.mask & c.bit)
_STRENGTH: Final[tuple[tuple[float, ...], tuple[float, ...]]] = (
    tuple(_rank_strength(c, False) if c in _KRAKEN else 0.0 for c in range(52)),
    tuple(_rank_strength(c, True) if c in _KRAKEN else 0.0 for c in range(52)),
)
"""``_STRENGTH[is_trump][card]``: the card's rank within its suit, 0 to 1."""
_HIGHER: Final[tuple[tuple[int, ...], tuple[int, ...]]] = (
    tuple(_higher(c, False) if c in _KRAKEN else 0 for c in range(52)),
    tuple(_higher(c, True) if c in _KRAKEN else 0 for c in range(52)),
)
"""``_HIGHER[is_trump][card]``: the cards of its suit that beat it."""
_RANK_BIT: Final[dict[Rank, tuple[int, int, int, int]]] = {
    rank: (
        1 << (rank - 2),
        1 << (13 + rank - 2),
        1 << (26 + rank - 2),
        1 << (39 + rank - 2),
    )
    for rank in Rank
}
_TEN: Final = _RANK_BIT[Rank.TEN]
_ACE: Final = _RANK_BIT[Rank.ACE]
_JACK: Final = _RANK_BIT[Rank.JACK]
_NINE: Final = _RANK_BIT[Rank.NINE]
_KING_QUEEN: Final = tuple(
    k | q for k, q in zip(_RANK_BIT[Rank.KING], _RANK_BIT[Rank.QUEEN], strict=True)
)
_ALL_ACES: Final = sum(_ACE)
_ALL_TENS: Final = sum(_TEN)
_SUIT_NAMES: Final[dict[str, int]] = {trump_action(s): int(s) for s in Suit}


# --- the decisions of a round, from public information ------------------------------


@dataclass(frozen=True, slots=True)
class PlayDecision:
    """A card played: what the player saw then (public), and the card."""

    seat: int
    action: str
    card: int
    trick: tuple[int, ...]
    """The cards already in the trick, leader first."""
    gone: int
    """Every card played before this one (the trick's included)."""
    trump: int
    play: Any
    """The play rule (``Rules.play``)."""
    declarers: bool
    """The player is on the declaring team."""
    trick_roem: bool
    """Trick roem counts (``roem="tricks"``)."""
    voids: tuple[int, int, int, int]
    """Per seat, the suits it has shown out of (bit ``1 << suit``)."""
    led: tuple[int, int, int, int]
    """Per seat, the suits it has led (bit ``1 << suit``)."""
    best: int
    """The power of the card winning the trick now (0 when leading)."""
    top: int
    """The card winning the trick now (-1 when leading)."""
    partner_winning: bool
    trick_points: int
    reads: int
    """The suits whose cards in the player's hand the features of a card read besides
    the card's own suit: trumps, and the suit led."""


@dataclass(frozen=True, slots=True)
class BidDecision:
    """A trump-choice action: the legal actions then (public) and the action."""

    seat: int
    action: str
    legal: tuple[str, ...]
    turn: int
    """How many seats passed before in this trump choice (0 to 3; 4 when forced)."""
    proposed: int | None
    """In ``random`` trump choice, the suit of the turned card on offer."""


@dataclass(frozen=True, slots=True)
class ChallengeDecision:
    """A challenge action (contra, re, superkraken or pass)."""

    seat: int
    action: str
    stage: str
    trump: int


Decision = PlayDecision | BidDecision | ChallengeDecision
"""One past action of one seat with what that seat saw (everything but its hand)."""


def decisions_of(observation: Observation, pending: bool = False) -> tuple[Decision, ...]:
    """Every trump-choice, challenge and card-play action in ``observation`` (of every
    seat) with the public facts its seat saw then; with ``pending``, also the decision
    the seat to move faces now (its ``action`` empty). Roem declarations are left out:
    the rules already say what they imply (:mod:`cardtable.kraken.inference`).

    The legal actions of the trump choice and challenges do not depend on the hands;
    they are read off the round replayed on one consistent deal.
    """
    obs = observation
    masks = DealSampler(infer(obs)).sample_masks(random.Random(0))
    round_ = round_at_start(obs, masks)
    return replay_decisions(round_, obs.actions, pending)


def replay_decisions(
    round_: Round, actions: Sequence[tuple[Seat, str]], pending: bool = False
) -> tuple[Decision, ...]:
    """Replay ``actions`` on ``round_`` (a round at its start, changed in place),
    noting each decision (with ``pending``, also the one left to take)."""
    tracker = _Tracker()
    found: list[Decision] = []
    for seat, action in actions:
        decision = tracker.decision(round_, int(seat), action)
        if decision is not None:
            found.append(decision)
        tracker.advance(round_, int(seat), action)
        round_.apply(action)
    if pending and round_.to_move is not None:
        decision = tracker.decision(round_, int(round_.to_move), "")
        if decision is not None:
            found.append(decision)
    return tuple(found)


class _Tracker:
    """The public facts of a round being replayed, as the decisions need them."""

    def __init__(self) -> None:
        self.gone = 0
        self.trick: list[int] = []
        self.leader = 0
        self.voids = [0, 0, 0, 0]
        self.led = [0, 0, 0, 0]
        self.passes = 0

    def decision(self, round_: Round, seat: int, action: str) -> Decision | None:
        """The decision ``seat`` takes now, ``action`` being its choice."""
        phase = round_.phase
        if phase == "play":
            assert round_.trump is not None and round_.declarer is not None
            trump = int(round_.trump)
            trick = self.trick
            best = 0
            top_card = -1
            partner = False
            points = 0
            reads = SUITS[trump]
            if trick:
                power = POWER[trump][SUIT_OF[trick[0]]]
                top = max(range(len(trick)), key=lambda i: power[trick[i]])
                best = power[trick[top]]
                top_card = trick[top]
                partner = (self.leader + top) % 4 == (seat + 2) % 4
                points = sum(POINTS[trump][c] for c in trick)
                reads |= SUITS[SUIT_OF[trick[0]]]
            voids = self.voids
            led = self.led
            return PlayDecision(
                seat,
                action,
                Card.parse(action).index if action else -1,
                tuple(trick),
                self.gone,
                trump,
                round_.rules.play,
                round_.declarer.team == seat % 2,
                round_.rules.roem == "tricks",
                (voids[0], voids[1], voids[2], voids[3]),
                (led[0], led[1], led[2], led[3]),
                best,
                top_card,
                partner,
                points,
                reads,
            )
        if phase == "trump":
            legal = tuple(round_.legal_actions())
            proposed = round_.proposed
            return BidDecision(
                seat,
                action,
                legal,
                self.passes if "pass" in legal else 4,
                None if proposed is None or "take" not in legal else int(proposed.suit),
            )
        if phase == "challenge":
            assert round_.trump is not None
            word = next(a for a in round_.legal_actions() if a != "pass")
            return ChallengeDecision(seat, action, word, int(round_.trump))
        return None

    def advance(self, round_: Round, seat: int, action: str) -> None:
        """Note ``seat``'s ``action`` (before the round applies it)."""
        phase = round_.phase
        if phase == "trump" and action == "pass":
            self.passes += 1
        if phase != "play":
            return
        card = Card.parse(action).index
        trick = self.trick
        if trick and SUIT_OF[card] != SUIT_OF[trick[0]]:
            self.voids[seat] |= 1 << SUIT_OF[trick[0]]
        if not trick:
            self.leader = seat
            self.led[seat] |= 1 << SUIT_OF[card]
        trick.append(card)
        self.gone |= 1 << card
        if len(trick) == 4:
            self.trick = []


# --- features ------------------------------------------------------------------------


def play_features(decision: PlayDecision, card: int, hand: int) -> Features:
    """The features of playing ``card`` from ``hand`` (the player's cards then, with
    ``card``) at ``decision``; of the hand, only the cards of ``card``'s suit and of
    the suits in ``decision.reads`` (trumps, the suit led) are read."""
    d = decision
    trump = d.trump
    suit = SUIT_OF[card]
    is_trump = suit == trump
    suit_hand = hand & SUITS[suit]
    length = suit_hand.bit_count()
    higher = _HIGHER[is_trump][card]
    rank = _STRENGTH[is_trump][card]
    points = POINTS[trump][card] / 10
    seen = d.gone | hand
    master = not (higher & ~seen)
    lowest = not (suit_hand & ~higher & ~(1 << card))
    highest = not (suit_hand & higher)
    trumps_out = bool(SUITS[trump] & ~seen)
    bare_ten = bool(not is_trump and _TEN[suit] == 1 << card and not (_ACE[suit] & seen))
    # the last guard of a ten without its ace: the ten's only other card of the suit
    guard = (
        not is_trump
        and length == 2
        and bool(suit_hand & _TEN[suit])
        and _TEN[suit] != 1 << card
        and not _ACE[suit] & seen
    )
    f = _F
    out: Features = []
    trick = d.trick
    seat = d.seat
    if not trick:
        if is_trump:
            out.append((f["lead_trump"], 1.0))
            if d.declarers:
                out.append((f["lead_trump_declarers"], 1.0))
            out.append((f["lead_trump_length"], length / 8))
            if master:
                out.append((f["lead_trump_master"], 1.0))
        out.append((f["lead_points"], points))
        out.append((f["lead_rank"], rank))
        if master:
            out.append((f["lead_master"], 1.0))
            out.append((f["lead_master_points"], points))
            if not is_trump and trumps_out:
                out.append((f["lead_master_trumps_out"], 1.0))
        out.append((f["lead_length"], length / 8))
        out.append((f["lead_outstanding"], (SUITS[suit] & ~seen).bit_count() / 8))
        if length == 1:
            out.append((f["lead_singleton"], 1.0))
        if lowest:
            out.append((f["lead_lowest"], 1.0))
        if highest:
            out.append((f["lead_highest"], 1.0))
        if bare_ten:
            out.append((f["lead_bare_ten"], 1.0))
        bit = 1 << suit
        partner, left, right = (seat + 2) % 4, (seat + 1) % 4, (seat + 3) % 4
        if not is_trump:
            if (d.voids[left] | d.voids[right]) & bit:
                out.append((f["lead_opponent_void"], 1.0))
            if d.voids[partner] & bit:
                out.append((f["lead_partner_void"], 1.0))
        if d.led[partner] & bit:
            out.append((f["lead_partner_led"], 1.0))
        if (d.led[left] | d.led[right]) & bit:
            out.append((f["lead_opponent_led"], 1.0))
        if d.led[seat] & bit:
            out.append((f["lead_own_led"], 1.0))
        return out
    led = SUIT_OF[trick[0]]
    powers = POWER[trump][led]
    power = powers[card]
    wins = power > d.best
    last = len(trick) == 3
    own_side = wins or d.partner_winning
    cheapest = wins and not any(
        d.best < powers[other] < power for other in _bits(suit_hand & ~(1 << card))
    )
    sure_win = wins and (last or (master and (is_trump or not trumps_out)))
    partner_sure = False
    if d.partner_winning:
        top = d.top
        top_trump = SUIT_OF[top] == trump
        partner_sure = last or (
            not _HIGHER[top_trump][top] & ~seen and (top_trump or not trumps_out)
        )
    if suit == led:
        if wins:
            out.append((f["follow_wins"], 1.0))
            out.append((f["follow_wins_points"], d.trick_points / 10))
            if cheapest:
                out.append((f["follow_cheapest_win"], 1.0))
            if sure_win:
                out.append((f["follow_sure_win"], 1.0))
            if last:
                out.append((f["follow_last_wins"], 1.0))
        out.append((f["follow_points"], points))
        if d.partner_winning:
            out.append((f["follow_points_partner"], points))
            if partner_sure:
                out.append((f["follow_points_sure"], points))
        elif not wins:
            out.append((f["follow_points_lost"], points))
        out.append((f["follow_rank"], rank))
        if lowest:
            out.append((f["follow_lowest"], 1.0))
        if highest:
            out.append((f["follow_highest"], 1.0))
        if master:
            out.append((f["follow_master"], 1.0))
        if bare_ten:
            out.append((f["follow_bare_ten"], 1.0))
        if guard:
            out.append((f["follow_guard"], 1.0))
    elif is_trump:
        out.append((f["ruff"], 1.0))
        if d.partner_winning:
            out.append((f["ruff_partner"], 1.0))
            if partner_sure:
                out.append((f["ruff_partner_sure"], 1.0))
        if wins:
            out.append((f["ruff_wins"], 1.0))
            out.append((f["ruff_wins_points"], d.trick_points / 10))
            if cheapest:
                out.append((f["ruff_cheapest"], 1.0))
        out.append((f["ruff_points"], points))
        out.append((f["ruff_rank"], rank))
        if lowest:
            out.append((f["ruff_lowest"], 1.0))
        if last:
            out.append((f["ruff_last"], 1.0))
    else:
        out.append((f["discard_points"], points))
        if d.partner_winning:
            out.append((f["discard_points_partner"], points))
            if partner_sure:
                out.append((f["discard_points_sure"], points))
        out.append((f["discard_rank"], rank))
        if lowest:
            out.append((f["discard_lowest"], 1.0))
        out.append((f["discard_length"], length / 8))
        if length == 1:
            out.append((f["discard_singleton"], 1.0))
        if master:
            out.append((f["discard_master"], 1.0))
        if bare_ten:
            out.append((f["discard_bare_ten"], 1.0))
        if guard:
            out.append((f["discard_guard"], 1.0))
    if d.trick_roem:
        before = 0
        for c in trick:
            before |= 1 << c
        made = trick_roem_mask(before | 1 << card, trump) - trick_roem_mask(before, trump)
        if made:
            out.append((f["roem_own"] if own_side else f["roem_given"], made / 20))
    return out


def bid_features(decision: BidDecision, action: str, hand: int) -> Features:
    """The features of a trump-choice ``action`` with the dealt ``hand``."""
    f = _F
    if action == "pass":
        turn = min(decision.turn, 3) + 1
        name = f"pass_take_{turn}" if decision.proposed is not None else f"pass_{turn}"
        return [(f[name], 1.0)]
    if action == "take":
        assert decision.proposed is not None
        suit = decision.proposed
    else:
        suit = _SUIT_NAMES[action]
    trumps = hand & SUITS[suit]
    side = hand & ~SUITS[suit]
    voids = sum(1 for s in range(4) if s != suit and not hand & SUITS[s])
    out: Features = [
        (f["bid_strength"], trump_strength(hand, suit) / 100),
        (f["bid_length"], trumps.bit_count() / 8),
        (f["bid_side_aces"], (side & _ALL_ACES).bit_count() / 3),
        (f["bid_side_tens"], (side & _ALL_TENS).bit_count() / 3),
        (f["bid_voids"], voids / 3),
    ]
    if trumps & _JACK[suit]:
        out.append((f["bid_jack"], 1.0))
    if trumps & _NINE[suit]:
        out.append((f["bid_nine"], 1.0))
    if trumps & _ACE[suit]:
        out.append((f["bid_ace"], 1.0))
    if trumps & _TEN[suit]:
        out.append((f["bid_ten"], 1.0))
    if trumps & _KING_QUEEN[suit] == _KING_QUEEN[suit]:
        out.append((f["bid_king_queen"], 1.0))
    if decision.turn == 4:
        out.append((f["bid_forced"], trumps.bit_count() / 8))
    return out


def challenge_features(decision: ChallengeDecision, action: str, hand: int) -> Features:
    """The features of a challenge ``action`` with the dealt ``hand``."""
    if action == "pass":
        return []
    f = _F
    trump = decision.trump
    trumps = hand & SUITS[trump]
    count = trumps.bit_count() / 8
    aces = (hand & ~SUITS[trump] & _ALL_ACES).bit_count() / 3
    jack = 1.0 if trumps & _JACK[trump] else 0.0
    nine = 1.0 if trumps & _NINE[trump] else 0.0
    if action == "contra":
        return [
            (f["contra"], 1.0),
            (f["contra_trumps"], count),
            (f["contra_jack"], jack),
            (f["contra_nine"], nine),
            (f["contra_side_aces"], aces),
        ]
    if action == "re":
        return [
            (f["re"], 1.0),
            (f["re_trumps"], count),
            (f["re_jack"], jack),
            (f["re_nine"], nine),
            (f["re_side_aces"], aces),
        ]
    return [
        (f["superkraken"], 1.0),
        (f["superkraken_trumps"], count),
        (f["superkraken_side_aces"], aces),
    ]


def options_of(decision: Decision, hand: int) -> list[tuple[str, Features]]:
    """Every legal action at ``decision`` for a player holding ``hand`` (for a card
    play: the cards in hand then), each with its features."""
    if isinstance(decision, PlayDecision):
        legal = legal_mask(hand, list(decision.trick), decision.trump, decision.play)
        return [(str(CARDS[card]), play_features(decision, card, hand)) for card in _bits(legal)]
    if isinstance(decision, BidDecision):
        return [(action, bid_features(decision, action, hand)) for action in decision.legal]
    return [
        (action, challenge_features(decision, action, hand)) for action in (decision.stage, "pass")
    ]


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# --- the model -------------------------------------------------------------------------


class PlayModel:
    """How a Kraken seat acts: a softmax over its legal actions of ``weights`` (one per
    name of :data:`FEATURES`) times the features, mixed with a uniform share
    ``tremble``; ``temperature`` and ``mix`` are what :class:`WeightedWorlds` uses.
    """

    def __init__(
        self,
        weights: Sequence[float],
        temperature: float = 1.0,
        tremble: float = 0.05,
        mix: float = 0.0,
        info: dict[str, Any] | None = None,
    ) -> None:
        if len(weights) != len(FEATURES):
            raise ValueError(f"expected {len(FEATURES)} weights, got {len(weights)}")
        if not all(math.isfinite(w) for w in weights):
            raise ValueError("the weights must be finite numbers")
        if not 0 < tremble <= 1:
            raise ValueError(f"tremble must be in (0, 1], not {tremble}")
        if not 0 <= temperature <= 10:
            raise ValueError(f"temperature must be in [0, 10], not {temperature}")
        if not 0 <= mix <= 1:
            raise ValueError(f"mix must be in [0, 1], not {mix}")
        self.weights: tuple[float, ...] = tuple(float(w) for w in weights)
        self.temperature = float(temperature)
        self.tremble = float(tremble)
        self.mix = float(mix)
        self.info: dict[str, Any] = dict(info or {})

    # --- files ---------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path | None = None) -> PlayModel:
        """The model in ``path`` (default: the committed :data:`MODEL_PATH`); loaded
        once per path and shared (a model is never changed after it is made)."""
        return _load(str(Path(path) if path is not None else MODEL_PATH))

    def to_dict(self) -> dict[str, Any]:
        """The model as plain JSON data (what :meth:`save` writes)."""
        return {
            "model": "kraken-play",
            "version": 1,
            "features": list(FEATURES),
            "weights": [round(w, 6) for w in self.weights],
            "temperature": self.temperature,
            "tremble": self.tremble,
            "mix": self.mix,
            "info": self.info,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayModel:
        """A model from :meth:`to_dict` data; ``ValueError`` if it is not one, or was
        made for other features."""
        if data.get("model") != "kraken-play":
            raise ValueError("not a Kraken play model")
        if list(data.get("features", [])) != list(FEATURES):
            raise ValueError("the model was trained on other features; retrain it")
        return cls(
            data["weights"],
            float(data.get("temperature", 1.0)),
            float(data.get("tremble", 0.05)),
            float(data.get("mix", 0.0)),
            data.get("info"),
        )

    def save(self, path: str | Path) -> None:
        """Write the model as JSON to ``path``."""
        text = json.dumps(self.to_dict(), indent=1)
        Path(path).write_text(text + "\n", encoding="utf-8")

    # --- probabilities -------------------------------------------------------------

    def score(self, features: Features) -> float:
        """The linear score of an action with these ``features``."""
        weights = self.weights
        return sum(weights[i] * value for i, value in features)

    def probabilities(self, decision: Decision, hand: int) -> dict[str, float]:
        """The probability of each legal action at ``decision`` for a player holding
        ``hand`` (a card mask: the dealt hand in bidding, the cards left in play)."""
        options = options_of(decision, hand)
        scores = [self.score(features) for _, features in options]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        share = self.tremble / len(options)
        keep = 1 - self.tremble
        return {
            action: keep * e / total + share for (action, _), e in zip(options, exps, strict=True)
        }

    def action_probabilities(self, view: Observation) -> dict[str, float]:
        """The model's probability of each legal action of the seat to move in
        ``view`` (that seat's own observation). Roem declarations are not modelled:
        they get equal shares."""
        if view.to_move != view.seat or not view.legal_actions:
            raise ValueError("the observation's seat is not to move")
        legal = list(view.legal_actions)
        if view.phase not in ("trump", "challenge", "play"):
            return dict.fromkeys(legal, 1 / len(legal))
        decision = decisions_of(view, pending=True)[-1]
        return self.probabilities(decision, CardSet(view.hand).mask)

    def log_likelihood(self, observation: Observation, world: Round) -> float:
        """The log probability of the other seats' observed actions in ``observation``
        if they held the hands of ``world`` (a deal consistent with it), each action
        judged on what its seat saw then."""
        return sum(self.seat_log_likelihoods(observation, world))

    def seat_log_likelihoods(
        self, observation: Observation, world: Round
    ) -> tuple[float, float, float, float]:
        """:meth:`log_likelihood` seat by seat (0 for the observer): each seat's term
        reads only that seat's hand in ``world`` and public facts."""
        scorer = self.scorer(observation)
        return scorer.seat_terms([h.mask for h in world.initial_hands])

    def scorer(self, observation: Observation) -> Scorer:
        """A :class:`Scorer` of worlds for ``observation`` (reused while it is the
        same observation object)."""
        cached = self._last
        if cached is not None and cached[0] is observation:
            return cached[1]
        scorer = Scorer(self, observation)
        self._last = (observation, scorer)
        return scorer

    _last: tuple[Observation, Scorer] | None = None


@functools.cache
def _load(path: str) -> PlayModel:
    with open(path, encoding="utf-8") as file:
        return PlayModel.from_dict(json.load(file))


class Scorer:
    """The likelihood of one observation's actions, world by world: the observation's
    decisions are found once and the scores of the cards are cached, keyed by what
    they depend on (the decision, the card and the hand's cards of its suit)."""

    def __init__(self, model: PlayModel, observation: Observation, bidding: bool = True) -> None:
        self.model = model
        self.observer = int(observation.seat)
        self.decisions = tuple(
            d
            for d in decisions_of(observation)
            if d.seat != observation.seat and (bidding or isinstance(d, PlayDecision))
        )
        self._cards: dict[tuple[int, int, int], float] = {}
        self._terms: dict[tuple[int, int], float] = {}

    def seat_terms(self, initial: Sequence[int]) -> tuple[float, float, float, float]:
        """Per seat, the log probability of its actions when the dealt hands are
        ``initial`` (four card masks); ``ValueError`` if an action was not legal."""
        terms = [0.0, 0.0, 0.0, 0.0]
        for index, decision in enumerate(self.decisions):
            seat = decision.seat
            if isinstance(decision, PlayDecision):
                hand = initial[seat] & ~decision.gone
            else:
                hand = initial[seat]
            key = (index, hand)
            term = self._terms.get(key)
            if term is None:
                term = self._term(index, decision, hand)
                self._terms[key] = term
            terms[seat] += term
        return (terms[0], terms[1], terms[2], terms[3])

    def log_weight(self, initial: Sequence[int]) -> float:
        """The log likelihood of all the other seats' actions (:meth:`seat_terms` summed)."""
        return sum(self.seat_terms(initial))

    def _term(self, index: int, decision: Decision, hand: int) -> float:
        model = self.model
        if not isinstance(decision, PlayDecision):
            probabilities = model.probabilities(decision, hand)
            if decision.action not in probabilities:
                raise ValueError(f"{decision.action} was not legal in this world")
            return math.log(probabilities[decision.action])
        legal = legal_mask(hand, decision.trick, decision.trump, decision.play)
        if not legal >> decision.card & 1:
            raise ValueError(f"{decision.action} was not legal in this world")
        if legal & (legal - 1) == 0:
            return 0.0
        cache = self._cards
        total = 0.0
        chosen = 0.0
        count = 0
        while legal:
            low = legal & -legal
            card = low.bit_length() - 1
            legal ^= low
            key = (index, card, hand & (SUITS[SUIT_OF[card]] | decision.reads))
            value = cache.get(key)
            if value is None:
                score = model.score(play_features(decision, card, hand))
                value = math.exp(min(60.0, max(-60.0, score)))
                cache[key] = value
            total += value
            count += 1
            if card == decision.card:
                chosen = value
        tremble = model.tremble
        return math.log((1 - tremble) * chosen / total + tremble / count)


class WeightedWorlds:
    """Worlds consistent with ``observation``, each with an importance weight from the
    ``model``'s likelihood of the other seats' actions: iterate for ``(world, weight)``
    pairs, or :meth:`take` a normalized batch.

    The worlds are drawn as PIMC draws them (:class:`~cardtable.bots.kraken_search.KrakenSearch`,
    uniform among the consistent deals); a world's weight is its likelihood raised to
    the ``temperature`` (default: the model's). With ``candidates`` above 1 each world
    yielded is picked among that many uniform draws in proportion to their weights,
    and carries their mean weight (sampling-importance-resampling in blocks: still a
    proper weighting, and fewer worlds to solve are wasted on unlikely deals).
    ``bidding=False`` reads the card play only: for rounds whose bidding was imposed
    rather than chosen (the arena's fixed contracts). Deterministic for a given
    ``rng`` state.

    PIMC with a time budget draws with :meth:`draw_log` until the time is spent, then
    averages with :meth:`normalize` of the log weights (``mix=model.mix``); with a
    fixed number of worlds, :meth:`take` does both.
    """

    def __init__(
        self,
        observation: Observation,
        model: PlayModel,
        rng: random.Random,
        temperature: float | None = None,
        candidates: int = 1,
        bidding: bool = True,
    ) -> None:
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, not {candidates}")
        self.observation = observation
        self.model = model
        self.temperature = model.temperature if temperature is None else float(temperature)
        self.candidates = candidates
        self._rng = rng
        self._search = KrakenSearch(observation)
        self._played = played_masks(observation)
        self._scorer = Scorer(model, observation, bidding)

    def __iter__(self) -> Iterator[tuple[Round, float]]:
        while True:
            yield self.draw()

    def draw(self) -> tuple[Round, float]:
        """One world and its weight (finite and positive)."""
        world, log_weight = self.draw_log()
        return world, math.exp(log_weight)

    def draw_log(self) -> tuple[Round, float]:
        """One world and the logarithm of its weight."""
        tau = self.temperature
        rng = self._rng
        search = self._search
        if self.candidates == 1:
            world = search.determinize(rng)
            return world, max(-700.0, tau * self._scorer.log_weight(_masks(world)))
        if search.replays:
            worlds = [search.determinize(rng) for _ in range(self.candidates)]
            logs = [tau * self._scorer.log_weight(_masks(w)) for w in worlds]
        else:
            # weigh the candidates' deals; only the chosen one becomes a round
            deals = [search.hidden(rng) for _ in range(self.candidates)]
            played = self._played
            logs = [
                tau * self._scorer.log_weight([h | p for h, p in zip(deal, played, strict=True)])
                for deal in deals
            ]
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        pick = rng.random() * sum(weights)
        chosen = len(logs) - 1
        for i, weight in enumerate(weights):
            pick -= weight
            if pick < 0:
                chosen = i
                break
        mean = sum(weights) / len(weights)
        world = worlds[chosen] if search.replays else search.redeal(deals[chosen])
        return world, max(-700.0, top + math.log(mean))

    def take(self, n: int) -> list[tuple[Round, float]]:
        """``n`` worlds with weights that sum to 1 (:meth:`normalize`)."""
        drawn = [self.draw_log() for _ in range(n)]
        weights = self.normalize([log for _, log in drawn], self.model.mix)
        return [(world, weight) for (world, _), weight in zip(drawn, weights, strict=True)]

    @staticmethod
    def normalize(log_weights: Sequence[float], mix: float = 0.0) -> list[float]:
        """Weights from their logarithms, summing to 1, mixed with the uniform weights
        by the share ``mix`` (a guard against one world taking all the weight)."""
        if not log_weights:
            return []
        top = max(log_weights)
        raw = [math.exp(x - top) for x in log_weights]
        total = sum(raw)
        share = mix / len(raw)
        return [(1 - mix) * w / total + share for w in raw]

    @staticmethod
    def effective_size(weights: Sequence[float]) -> float:
        """The effective number of worlds of these weights (Kish: (sum w)^2 / sum w^2)."""
        total = sum(weights)
        squares = sum(w * w for w in weights)
        return total * total / squares if squares else 0.0


def _masks(world: Round) -> list[int]:
    return [hand.mask for hand in world.initial_hands]
