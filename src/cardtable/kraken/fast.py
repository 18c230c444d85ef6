"""The bitmask core of Kraken play: the hot path of legal moves, playouts and search.

Cards are indices 0..51 (as in :mod:`cardtable.cards`), hands are int masks and
suits are ints. Everything here computes what :mod:`cardtable.kraken.play`,
:mod:`cardtable.kraken.trick` and :mod:`cardtable.kraken.roem` state readably, and
the tests check that they agree.

>>> from cardtable.cards import CardSet, Suit
>>> hand = CardSet.parse("7H JS 8C").mask
>>> lead = CardSet.parse("AD").mask.bit_length() - 1
>>> str(CardSet(legal_mask(hand, [lead], Suit.SPADES, "amsterdam")))
'JS'

The play rule (``Rules.play``) is passed as what it is; the hot paths turn it once
into its code (:data:`PLAY_CODES`) and compute with that.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from cardtable.cards import CARDS, Rank, Suit
from cardtable.kraken.roem import trick_roem_mask
from cardtable.kraken.rules import PlayRules
from cardtable.kraken.trick import DECK, PLAIN_ORDER, TRUMP_ORDER, card_points

__all__ = [
    "ABOVE",
    "AMSTERDAM",
    "PLAY_CODES",
    "POINTS",
    "POWER",
    "ROTTERDAM",
    "SUITS",
    "SUIT_OF",
    "PlayState",
    "legal_mask",
    "legal_mask_at",
    "random_card",
    "random_playout",
    "winner_of",
]

AMSTERDAM: Final = 0
"""The code of the Amsterdam play rule: trump when you cannot follow, unless your
partner is winning the trick; overtrump when you can, or play any card."""
ROTTERDAM: Final = 1
"""The code of the Rotterdam play rule: trump (and overtrump when you can) whenever
you cannot follow, even over your partner."""
PLAY_CODES: Final[dict[PlayRules, int]] = {"amsterdam": AMSTERDAM, "rotterdam": ROTTERDAM}
"""The code the hot paths compute with, by ``Rules.play`` (the one place that maps
them in this layer; :func:`legal_mask_at` and :func:`random_playout` read codes)."""

SUIT_OF: Final[tuple[int, ...]] = tuple(i // 13 for i in range(52))
"""Suit of each card index."""
SUITS: Final[tuple[int, ...]] = tuple((0x1FFF << (13 * s)) & DECK.mask for s in range(4))
"""The Kraken cards of each suit, as masks."""
POINTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(card_points(c, Suit(t)) if DECK.mask & c.bit else 0 for c in CARDS) for t in range(4)
)
"""``POINTS[trump][card]``: card points."""


def _power(card: int, led: int, trump: int) -> int:
    suit, rank = SUIT_OF[card], Rank(card % 13 + 2)
    if rank < Rank.SEVEN:
        return 0
    if suit == trump:
        return 16 + 8 - TRUMP_ORDER.index(rank)
    if suit == led:
        return 8 - PLAIN_ORDER.index(rank)
    return 0


POWER: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(_power(c, led, t) for c in range(52)) for led in range(4)) for t in range(4)
)
"""``POWER[trump][led][card]``: trumps 17-24, the suit led 1-8, other cards 0."""
ABOVE: Final[tuple[int, ...]] = tuple(
    sum(
        1 << other
        for other in range(52)
        if SUIT_OF[other] == SUIT_OF[c]
        and POWER[SUIT_OF[c]][SUIT_OF[c]][other] > POWER[SUIT_OF[c]][SUIT_OF[c]][c]
    )
    for c in range(52)
)
"""``ABOVE[card]``: the cards of the same suit that beat ``card`` as trumps."""


def winner_of(trick: Sequence[int], trump: int) -> int:
    """Index in ``trick`` of the winning card."""
    power = POWER[trump][SUIT_OF[trick[0]]]
    best = 0
    for i in range(1, len(trick)):
        if power[trick[i]] > power[trick[best]]:
            best = i
    return best


def legal_mask(hand: int, trick: Sequence[int], trump: int, play: PlayRules) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (card indices, leader first)
    under the play rule ``play``."""
    return _legal_mask(hand, trick, trump, PLAY_CODES[play])


def _legal_mask(hand: int, trick: Sequence[int], trump: int, play_code: int) -> int:
    """:func:`legal_mask` with the play rule as its code (:data:`PLAY_CODES`)."""
    if not trick:
        return hand
    led = SUIT_OF[trick[0]]
    power = POWER[trump][led]
    winner = 0
    for i in range(1, len(trick)):
        if power[trick[i]] > power[trick[winner]]:
            winner = i
    top = trick[winner]
    top_trump = top if SUIT_OF[top] == trump else -1
    return legal_mask_at(hand, led, trump, top_trump, winner == len(trick) - 2, play_code)


def legal_mask_at(
    hand: int, led: int, trump: int, top_trump: int, partner_winning: bool, play_code: int
) -> int:
    """:func:`legal_mask` from a summary of the trick: the suit led, the highest trump
    in it (-1 if none) and whether the partner of the player to move is winning; the
    play rule as its code (:data:`PLAY_CODES`)."""
    follow = hand & SUITS[led]
    if led == trump:
        if follow:
            return follow & ABOVE[top_trump] or follow
        return hand
    if follow:
        return follow
    trumps = hand & SUITS[trump]
    if not trumps:
        return hand
    if top_trump < 0:
        if partner_winning and play_code == AMSTERDAM:
            return hand
        return trumps
    higher = trumps & ABOVE[top_trump]
    if play_code == ROTTERDAM:
        return higher or trumps
    if partner_winning:
        return (hand & ~SUITS[trump]) | higher or hand
    return higher or (hand & ~SUITS[trump]) or hand


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly random card index from a non-empty mask."""
    for _ in range(int(rng.random() * mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class PlayState:
    """The play phase of a round on bitmasks, with ``play``/``undo`` for search.

    ``points`` and ``roem`` are per team (seat % 2), counted as tricks complete;
    the last trick's 10 is included in ``points``.
    """

    __slots__ = (
        "count_roem",
        "hands",
        "history",
        "leader",
        "play_code",
        "play_rules",
        "points",
        "roem",
        "to_move",
        "trick",
        "tricks_won",
        "trump",
    )

    def __init__(
        self,
        hands: Sequence[int],
        trump: int,
        leader: int,
        play_rules: PlayRules = "amsterdam",
        count_roem: bool = True,
    ) -> None:
        self.hands = list(hands)
        self.trump = trump
        self.leader = leader
        self.to_move = leader
        self.play_rules = play_rules
        self.play_code = PLAY_CODES[play_rules]
        self.count_roem = count_roem
        self.trick: list[int] = []
        self.points = [0, 0]
        self.roem = [0, 0]
        self.tricks_won = [0, 0]
        self.history: list[tuple[int, int, int, int, int]] = []

    @property
    def is_over(self) -> bool:
        """True when all cards are played."""
        return not any(self.hands)

    def legal(self) -> int:
        """The legal cards of the player to move, as a mask."""
        return _legal_mask(self.hands[self.to_move], self.trick, self.trump, self.play_code)

    def play(self, card: int) -> None:
        """Play ``card`` (assumed legal) for the player to move."""
        seat = self.to_move
        self.hands[seat] ^= 1 << card
        self.trick.append(card)
        if len(self.trick) < 4:
            self.to_move = (seat + 1) & 3
            self.history.append((card, -1, 0, 0, self.leader))
            return
        trick = self.trick
        winner = (self.leader + winner_of(trick, self.trump)) & 3
        team = winner & 1
        pts = POINTS[self.trump]
        gained = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
        if not self.hands[seat]:
            gained += 10
        roem = 0
        if self.count_roem:
            mask = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
            roem = trick_roem_mask(mask, self.trump)
        self.points[team] += gained
        self.roem[team] += roem
        self.tricks_won[team] += 1
        self.history.append((card, team, gained, roem, self.leader))
        self.trick = []
        self.leader = self.to_move = winner

    def undo(self) -> None:
        """Take back the last card played."""
        card, team, gained, roem, leader = self.history.pop()
        if team >= 0:
            self.points[team] -= gained
            self.roem[team] -= roem
            self.tricks_won[team] -= 1
            self.trick = [entry[0] for entry in self.history[-3:]]
        else:
            self.trick.pop()
        self.leader = leader
        seat = (leader + len(self.trick)) & 3
        self.hands[seat] |= 1 << card
        self.to_move = seat


_TRICK_ROEM: Final[tuple[dict[int, int], ...]] = ({}, {}, {}, {})
"""Per trump, trick roem by the mask of the trick's four cards (filled as met)."""


def random_playout(
    hands: Sequence[int],
    trump: int,
    leader: int,
    play: PlayRules,
    count_roem: bool,
    rng: random.Random,
) -> tuple[int, int, int, int, int]:
    """Play the rest of a round (from a trick boundary) with uniformly random legal cards.

    Returns ``(points0, points1, roem0, roem1, tricks0)`` for the remaining tricks:
    card points with the last trick's 10, trick roem if ``count_roem``, and the
    number of tricks team 0 took. This is the fastest pure-Python path.
    """
    code = PLAY_CODES[play]
    amsterdam, rotterdam = code == AMSTERDAM, code == ROTTERDAM
    hands = list(hands)
    rand = rng.random
    suits = SUITS
    above = ABOVE
    suit_of = SUIT_OF
    pts = POINTS[trump]
    powers = POWER[trump]
    trumps_mask = suits[trump]
    plain_mask = ~trumps_mask
    roem_cache = _TRICK_ROEM[trump]
    p0 = p1 = r0 = r1 = t0 = 0
    remaining = hands[0].bit_count()
    while remaining:
        remaining -= 1
        # the leader plays any card
        h = hands[leader]
        m = h
        for _ in range(int(rand() * m.bit_count())):
            m &= m - 1
        low = m & -m
        hands[leader] = h ^ low
        first = low.bit_length() - 1
        led = suit_of[first]
        power = powers[led]
        follow_mask = suits[led]
        best_power = power[first]
        best_pos = 0
        top_trump = first if led == trump else -1
        tmask = low
        total = pts[first]
        seat = leader
        for pos in (1, 2, 3):
            seat = (seat + 1) & 3
            h = hands[seat]
            m = h & follow_mask
            if m:
                if led == trump:
                    m = m & above[top_trump] or m
            else:
                t = h & trumps_mask
                if not t:
                    m = h
                elif top_trump < 0:
                    m = h if (best_pos == pos - 2 and amsterdam) else t
                else:
                    higher = t & above[top_trump]
                    if rotterdam:
                        m = higher or t
                    elif best_pos == pos - 2:
                        m = (h & plain_mask) | higher or h
                    else:
                        m = higher or (h & plain_mask) or h
            for _ in range(int(rand() * m.bit_count())):
                m &= m - 1
            low = m & -m
            hands[seat] = h ^ low
            card = low.bit_length() - 1
            tmask |= low
            total += pts[card]
            p = power[card]
            if p > best_power:
                best_power = p
                best_pos = pos
                if suit_of[card] == trump:
                    top_trump = card
        leader = (leader + best_pos) & 3
        if not remaining:
            total += 10
        if count_roem:
            roem = roem_cache.get(tmask)
            if roem is None:
                roem = roem_cache[tmask] = trick_roem_mask(tmask, trump)
        else:
            roem = 0
        if leader & 1:
            p1 += total
            r1 += roem
        else:
            p0 += total
            r0 += roem
            t0 += 1
    return p0, p1, r0, r1, t0
