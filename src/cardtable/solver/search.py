"""The pure-Python double-dummy search: fail-soft alpha-beta on bitmasks.

Values are always **team 0 (North-South) minus team 1 (East-West) over the remaining
play**: the card points of the tricks still to be completed (the trick in progress
included), the last trick's 10, trick roem when it counts, and the mars bonus of 100
to a team that ends with all eight tricks. Team 0 maximizes, team 1 minimizes.

The techniques, each of which can be switched off to measure it (:class:`Options`):

- move ordering that reads the other hands (the best card of the table entry first;
  leads of plain masters no opponent ruffs, then low leads to the partner's winner or
  ruff, then the master trump while an opponent has a trump, the rest with trumps
  last; second and third hand: sure winners and smears onto the partner's sure
  winner, judged by the strongest card the next opponent can add; the last player to
  a trick tries its cards by the exact value of the trick for its team);
- a transposition table at trick boundaries keyed on the four remaining hands, the
  leader and which teams can still make mars; it stores *bounds of the value of the
  remaining play only*, which does not depend on how the position was reached;
- equivalent cards: two cards of one hand, of the same suit, with the same points and
  no card of another hand (or of the trick) between them, are interchangeable unless
  one of them can still take part in roem (cards that would have to fall in one trick
  from one hand never can); only one is searched;
- quick bounds at trick boundaries: the points still to be won (and the roem and mars
  still possible) bound the value; points a team is sure to win (trumps above every
  trump of the other team, a plain card the leader can cash now) count for it twice,
  and a team sure of a trick rules out mars for the other;
- null-window searches, used by MTD(f) in :mod:`cardtable.solver.api`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.kraken.fast import PLAY_CODES, POINTS, POWER, SUITS, legal_mask_at
from cardtable.kraken.rules import PlayRules
from cardtable.solver.tables import (
    MARS,
    ORDER,
    cached_trick_roem,
    points_of,
    roem_bound,
    run_neutral,
)

__all__ = ["INF", "Options", "Position", "PureSearch"]

CANON_MIN: Final = 4
"""The table key moves zero-point cards from this many cards a hand up (:meth:`_key`)."""

CASHES, TO_PARTNER = 1, 2
"""How a suit leads (:meth:`PureSearch._lead_tiers`)."""

BOUNDS_MIN: Final = 3
"""Quick bounds from this many cards a hand up (below, the search costs less)."""

INF: Final = 10_000
"""Larger than any value (162 + roem + mars < 2,000)."""


@dataclass(frozen=True, slots=True)
class Options:
    """Which techniques the search uses (all on by default)."""

    table: bool = True
    ordering: bool = True
    equivalence: bool = True
    bounds: bool = True


@dataclass(frozen=True, slots=True)
class Position:
    """A play position on bitmasks: everything the remaining play depends on.

    ``mars`` has bit ``t`` set while team ``t`` has won every trick so far (both bits
    before the first trick is complete).
    """

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    trump: int
    play_rules: PlayRules
    count_roem: bool
    mars: int

    @property
    def to_move(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) & 3

    def legal(self) -> int:
        """The legal cards of the player to move, as a mask."""
        summary = _summary(self.trick, self.trump)
        hand = self.hands[self.to_move]
        if not self.trick:
            return hand
        led, _, best_pos, top = summary
        return legal_mask_at(
            hand, led, self.trump, top, best_pos == len(self.trick) - 2, PLAY_CODES[self.play_rules]
        )

    def play(self, card: int) -> tuple[Position, int]:
        """The position after ``card`` and the value the completed trick (if any) added."""
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] ^= 1 << card
        trick = (*self.trick, card)
        if len(trick) < 4:
            return Position(
                (hands[0], hands[1], hands[2], hands[3]),
                trick,
                self.leader,
                self.trump,
                self.play_rules,
                self.count_roem,
                self.mars,
            ), 0
        _, _, best_pos, _ = _summary(trick, self.trump)
        winner = (self.leader + best_pos) & 3
        team = winner & 1
        pts = POINTS[self.trump]
        gained = sum(pts[c] for c in trick)
        if not any(hands):
            gained += 10
        if self.count_roem:
            gained += cached_trick_roem(sum(1 << c for c in trick), self.trump)
        mars = self.mars & (1 << team)
        if not any(hands):
            gained += MARS if mars else 0
        after = Position(
            (hands[0], hands[1], hands[2], hands[3]),
            (),
            winner,
            self.trump,
            self.play_rules,
            self.count_roem,
            mars,
        )
        return after, gained if team == 0 else -gained


def _summary(trick: tuple[int, ...], trump: int) -> tuple[int, int, int, int]:
    """``(led, best power, position of the best card, highest trump or -1)``."""
    if not trick:
        return -1, -1, -1, -1
    led = trick[0] // 13
    power = POWER[trump][led]
    best_pos = 0
    for i in range(1, len(trick)):
        if power[trick[i]] > power[trick[best_pos]]:
            best_pos = i
    top = trick[best_pos] if trick[best_pos] // 13 == trump else -1
    return led, power[trick[best_pos]], best_pos, top


class PureSearch:
    """Alpha-beta search of one deal's play (one trump and rule set).

    The table lives as long as the object: reuse one object for several searches of
    the same deal (MTD(f) iterations, every card of a position), not across deals
    with different rules.
    """

    def __init__(self, trump: int, play: PlayRules, count_roem: bool, options: Options) -> None:
        self.trump = trump
        self.play = play
        self._play_code = PLAY_CODES[play]
        self.count_roem = count_roem
        self.options = options
        self.table: dict[tuple[int, int, int, int, int, int], tuple[int, int, int]] = {}
        self.nodes = 0
        self._hands = [0, 0, 0, 0]
        self._order = ORDER[trump]
        self._pts = POINTS[trump]
        self._powers = POWER[trump]
        self._trumps = SUITS[trump]
        self._zeros = [
            tuple(card for card in ORDER[trump][suit] if not POINTS[trump][card])
            for suit in range(4)
        ]

    # --- entry --------------------------------------------------------------------------

    def search(self, position: Position, alpha: int, beta: int) -> int:
        """The fail-soft alpha-beta value of ``position`` in the window (alpha, beta)."""
        self._hands = list(position.hands)
        trick = position.trick
        if not trick:
            return self._lead(position.leader, position.mars, alpha, beta)
        led, best_pow, best_pos, top = _summary(trick, self.trump)
        tmask = 0
        tpts = 0
        for card in trick:
            tmask |= 1 << card
            tpts += self._pts[card]
        return self._follow(
            position.leader,
            position.mars,
            len(trick),
            led,
            best_pow,
            best_pos,
            top,
            tmask,
            tpts,
            alpha,
            beta,
        )

    # --- trick boundaries ---------------------------------------------------------------

    def _lead(self, leader: int, mars: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        hands = self._hands
        hand = hands[leader]
        if not hand:
            return MARS if mars & 1 else -MARS if mars & 2 else 0
        if not hand & (hand - 1):
            return self._last_trick(leader, mars)
        options = self.options
        key = self._key(leader, mars)
        best_card = -1
        lo, hi = -INF, INF
        if options.table:
            entry = self.table.get(key)
            if entry is not None:
                lo, hi, best_card = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
        if options.bounds and hand.bit_count() >= BOUNDS_MIN:
            low, high = self._bounds(leader, mars)
            if low >= beta:
                return low
            if high <= alpha:
                return high
            lo, hi = max(lo, low), min(hi, high)
        a, b = max(alpha, lo), min(beta, hi)
        maximizing = not leader & 1
        cards = self._moves(hand, hand, leader, 0, -1, -1, -1, best_card)
        best = -INF if maximizing else INF
        best_card = cards[0]
        pts = self._pts
        powers = self._powers
        trump = self.trump
        for card in cards:
            bit = 1 << card
            hands[leader] = hand ^ bit
            led = card // 13
            value = self._follow(
                leader,
                mars,
                1,
                led,
                powers[led][card],
                0,
                card if led == trump else -1,
                bit,
                pts[card],
                a,
                b,
            )
            if maximizing:
                if value > best:
                    best, best_card = value, card
                    if value > a:
                        a = value
                        if a >= b:
                            break
            elif value < best:
                best, best_card = value, card
                if value < b:
                    b = value
                    if a >= b:
                        break
        hands[leader] = hand
        if options.table:
            window_low, window_high = max(alpha, lo), min(beta, hi)
            if best <= window_low:
                hi = min(hi, best)
            elif best >= window_high:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.table[key] = (lo, hi, best_card)
        return best

    def _key(self, leader: int, mars: int) -> tuple[int, int, int, int, int, int]:
        """The table's key. Without roem only the order, owners and points of the cards
        left matter, so the zero-point cards at the bottom of each suit (9 8 7 of a plain
        suit, 8 7 of trumps) move up to the highest of their slots, order and owners kept.
        With roem the same holds for a suit whose zero-point cards can make no run any
        more; the key's last item tells those suits apart. Only with ``CANON_MIN``
        cards a hand or more: nearer the end the moves cost more than they find.
        """
        hands = self._hands
        h0, h1, h2, h3 = hands
        if hands[leader].bit_count() < CANON_MIN:
            return h0, h1, h2, h3, leader, mars
        remaining = h0 | h1 | h2 | h3
        count_roem = self.count_roem
        flags = 0
        for suit, zeros in enumerate(self._zeros):
            left = [card for card in zeros if remaining >> card & 1]
            if len(left) == len(zeros) or not left:
                continue
            if count_roem:
                # with roem, only when no run of three ranks left goes through them (the
                # runs starting at 7, 8 and, in a plain suit, 9); the key says so
                seven = suit * 13 + 5
                if any(remaining >> (seven + low) & 7 == 7 for low in range(len(zeros))):
                    continue
                flags |= 1 << suit
            moved = [0, 0, 0, 0]
            clear = 0
            for slot, card in zip(zeros, left, strict=False):
                clear |= 1 << card
                for i in range(4):
                    if hands[i] >> card & 1:
                        moved[i] |= 1 << slot
            h0 = (h0 & ~clear) | moved[0]
            h1 = (h1 & ~clear) | moved[1]
            h2 = (h2 & ~clear) | moved[2]
            h3 = (h3 & ~clear) | moved[3]
        return h0, h1, h2, h3, leader, mars | flags << 2

    def _last_trick(self, leader: int, mars: int) -> int:
        """One card each: the last trick is forced, so score it directly."""
        hands = self._hands
        trick = [hands[(leader + i) & 3].bit_length() - 1 for i in range(4)]
        power = self._powers[trick[0] // 13]
        best = max(range(4), key=lambda i: power[trick[i]])
        pts = self._pts
        gained = 10 + sum(pts[c] for c in trick)
        if self.count_roem:
            gained += cached_trick_roem(sum(1 << c for c in trick), self.trump)
        team = (leader + best) & 1
        if mars & (1 << team):
            gained += MARS
        return -gained if team else gained

    def _bounds(self, leader: int, mars: int) -> tuple[int, int]:
        """Static bounds of the remaining play from a trick boundary.

        The points still to be won (and the roem still possible) bound the value; on
        top, points a team is sure to win count for it and against the other team:
        every trump of a team above all trumps of the other team wins the trick it
        falls in, and a plain card the leader leads now wins when no opponent can beat
        it (each holds a lower card of its suit, or no trump). A team sure of a trick
        rules out mars for the other.
        """
        hands = self._hands
        remaining = hands[0] | hands[1] | hands[2] | hands[3]
        trump = self.trump
        total = points_of(remaining, trump) + 10
        if self.count_roem:
            total += roem_bound(hands, trump)
        sure = [0, 0]
        wins = [False, False]
        pts = self._pts
        order = self._order
        odd = hands[1] | hands[3]
        trumps = remaining & self._trumps
        if trumps:
            owner = -1
            for card in order[trump]:
                if not trumps >> card & 1:
                    continue
                team = odd >> card & 1
                if owner < 0:
                    owner = team
                elif team != owner:
                    break
                sure[team] += pts[card]
                wins[team] = True
        ours = leader & 1
        left, right = hands[(leader + 1) & 3], hands[(leader + 3) & 3]
        opponents = left | right
        opponent_trumps = opponents & self._trumps
        extra = 0
        hand = hands[leader]
        for suit in range(4):
            if suit == trump:
                continue
            suit_mask = SUITS[suit]
            mine = hand & suit_mask
            if not mine:
                continue
            theirs = opponents & suit_mask
            for card in order[suit]:
                if (mine | theirs) >> card & 1:
                    break
            if not mine >> card & 1:
                continue
            if (left & suit_mask or not left & opponent_trumps) and (
                right & suit_mask or not right & opponent_trumps
            ):
                wins[ours] = True
                extra = max(extra, pts[card])
        sure[ours] += extra
        high = total - 2 * sure[1] + (MARS if mars & 1 and not wins[1] else 0)
        low = -total + 2 * sure[0] - (MARS if mars & 2 and not wins[0] else 0)
        return low, high

    # --- inside a trick -----------------------------------------------------------------

    def _follow(
        self,
        leader: int,
        mars: int,
        pos: int,
        led: int,
        best_pow: int,
        best_pos: int,
        top: int,
        tmask: int,
        tpts: int,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        hands = self._hands
        seat = (leader + pos) & 3
        hand = hands[seat]
        legal = legal_mask_at(hand, led, self.trump, top, best_pos == pos - 2, self._play_code)
        cards = self._moves(legal, hand, seat, pos, best_pow, best_pos, led, -1, tmask, tpts)
        maximizing = not seat & 1
        best = -INF if maximizing else INF
        power = self._powers[led]
        pts = self._pts
        trump = self.trump
        for card in cards:
            bit = 1 << card
            p = power[card]
            if p > best_pow:
                n_pow, n_pos = p, pos
                n_top = card if card // 13 == trump else top
            else:
                n_pow, n_pos, n_top = best_pow, best_pos, top
            hands[seat] = hand ^ bit
            if pos < 3:
                value = self._follow(
                    leader,
                    mars,
                    pos + 1,
                    led,
                    n_pow,
                    n_pos,
                    n_top,
                    tmask | bit,
                    tpts + pts[card],
                    alpha,
                    beta,
                )
            else:
                winner = (leader + n_pos) & 3
                team = winner & 1
                gained = tpts + pts[card]
                if not hands[seat]:
                    gained += 10
                if self.count_roem:
                    gained += cached_trick_roem(tmask | bit, trump)
                if team:
                    gained = -gained
                value = gained + self._lead(
                    winner, mars & (1 << team), alpha - gained, beta - gained
                )
            if maximizing:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            elif value < best:
                best = value
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        hands[seat] = hand
        return best

    # --- move generation ----------------------------------------------------------------

    def _moves(
        self,
        legal: int,
        hand: int,
        seat: int,
        pos: int,
        best_pow: int,
        best_pos: int,
        led: int,
        first: int,
        tmask: int = 0,
        tpts: int = 0,
    ) -> list[int]:
        """The legal cards to search, equivalent ones removed, best first."""
        if not legal & (legal - 1):  # one legal card: nothing to choose or order
            return [legal.bit_length() - 1]
        hands = self._hands
        others = (hands[0] | hands[1] | hands[2] | hands[3] | tmask) & ~hand
        cards: list[int] = []
        pts = self._pts
        equivalence = self.options.equivalence
        count_roem = self.count_roem
        trump = self.trump
        for suit in range(4):
            if not legal & SUITS[suit]:
                continue
            prev_pts = prev_card = -1
            for card in self._order[suit]:
                bit = 1 << card
                if others & bit:
                    prev_pts = -1
                    continue
                if not legal & bit:
                    continue
                # equivalent to the card before it unless either may still be part of a run
                if (
                    equivalence
                    and pts[card] == prev_pts
                    and (
                        not count_roem
                        or self._runs_neutral(card, prev_card, others, tmask, seat, pos)
                    )
                ):
                    continue
                cards.append(card)
                prev_pts, prev_card = pts[card], card
        if not self.options.ordering or len(cards) < 2:
            return cards
        if pos == 0:
            # lead: plain masters that cash, most points first; low cards to the
            # partner's winner; the master trump; the rest, fewest points first, trumps
            # last
            tiers = self._lead_tiers(seat)

            def lead_key(card: int) -> int:
                suit = card // 13
                master = not SUITS[suit] & others & ABOVE_IN_SUIT[trump][card]
                cashes = master and tiers[suit] & CASHES
                if cashes and suit != trump:
                    return -pts[card]
                if tiers[suit] & TO_PARTNER:
                    return 500 + pts[card]
                if cashes:
                    return 600 - pts[card]
                return (1100 if suit == trump else 1000) + pts[card]

            cards.sort(key=lead_key)
        elif pos == 3:
            # last to play: the trick's exact value for the mover's team first
            power = self._powers[led]
            partner = best_pos == 1

            def last_key(card: int) -> int:
                ours = power[card] > best_pow or partner
                gain = tpts + pts[card]
                if count_roem:
                    gain += cached_trick_roem(tmask | 1 << card, trump)
                return (-gain if ours else gain) * 64 + power[card]

            cards.sort(key=last_key)
        else:
            # second and third hand: sure winners (the opponent still to play cannot
            # beat them) and points onto the partner's sure winner, most points first;
            # then the rest, fewest points first
            power = self._powers[led]
            opp_pow = self._strongest(hands[(seat + 1) & 3], led)
            partner_pow = self._strongest(hands[(seat + 2) & 3], led) if pos == 1 else 0
            partner_wins = (best_pos == pos - 2 and best_pow > opp_pow) or (
                partner_pow > best_pow and partner_pow > opp_pow
            )

            def follow_key(card: int) -> int:
                if power[card] > best_pow:
                    return -pts[card] * 4 + 1 if power[card] > opp_pow else 1000 + pts[card]
                return -pts[card] * 4 if partner_wins else 1000 + pts[card]

            cards.sort(key=follow_key)
        if first >= 0 and first in cards:
            cards.remove(first)
            cards.insert(0, first)
        return cards

    def _runs_neutral(
        self, card: int, other: int, others: int, tmask: int, seat: int, pos: int
    ) -> bool:
        """Whether neither card can be part of a run (:func:`run_neutral`), the players
        after ``pos`` still to play to the trick ``tmask``."""
        hands = self._hands
        waiting = [hands[(seat + i) & 3] for i in range(1, 4 - pos)] if tmask else []
        return run_neutral(card, hands, others, tmask, waiting) and run_neutral(
            other, hands, others, tmask, waiting
        )

    def _lead_tiers(self, leader: int) -> list[int]:
        """For each suit, when ``leader`` leads it, a set of flags: CASHES (a master of it
        wins: no opponent can ruff a plain suit; an opponent still has a trump) and
        TO_PARTNER (the partner's top card of the suit beats the opponents' and a master
        would cash, or the partner ruffs)."""
        hands, trump = self._hands, self.trump
        left, partner, right = (hands[(leader + i) & 3] for i in (1, 2, 3))
        trumps = SUITS[trump]
        tiers = []
        for suit in range(4):
            cards = SUITS[suit]
            if suit == trump:
                cashes = bool((left | right) & trumps)
            else:
                cashes = not any(not h & cards and h & trumps for h in (left, right))
            beats = self._strongest(partner & cards, suit) > self._strongest(
                (left | right) & cards, suit
            )
            ruffs = suit != trump and not partner & cards and partner & trumps
            flags = CASHES if cashes else 0
            if (beats and cashes) or ruffs:
                flags |= TO_PARTNER
            tiers.append(flags)
        return tiers

    def _strongest(self, hand: int, led: int) -> int:
        """The power of the strongest card ``hand`` could add to a trick of suit ``led``:
        its best card of that suit, else its best trump, else 0."""
        suit = led if hand & SUITS[led] else self.trump
        power = self._powers[led]
        for card in self._order[suit]:
            if hand >> card & 1:
                return power[card]
        return 0


def _above_in_suit(trump: int) -> tuple[int, ...]:
    """For each card, the cards of its own suit that rank above it (in its suit's order)."""
    result = []
    for card in range(52):
        suit = card // 13
        order = ORDER[trump][suit]
        if card in order:
            index = order.index(card)
            result.append(sum(1 << c for c in order[:index]))
        else:
            result.append(0)
    return tuple(result)


ABOVE_IN_SUIT: Final[tuple[tuple[int, ...], ...]] = tuple(_above_in_suit(t) for t in range(4))
"""``ABOVE_IN_SUIT[trump][card]``: the cards of its suit that beat it when it is led."""
