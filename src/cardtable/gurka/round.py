"""One round of Gurka: six cards to each player still in, six tricks.

>>> from cardtable.gurka import Round, Rules
>>> rnd = Round.from_hands(Rules(players=3), {0: "2C 9D", 1: "5H KS", 2: "7C 7D"}, dealer=2)
>>> rnd.to_move, rnd.legal_actions()
(0, ['2C', '9D'])
>>> [rnd.apply(action) for action in ["9d", "KS", "7C", "5H", "7d", "2C"]]
['9D', 'KS', '7C', '5H', '7D', '2C']
>>> rnd.phase, rnd.result()
('done', (0, 0, 7))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from cardtable.cards import CARDS, Card, CardSet, iter_bits
from cardtable.errors import IllegalAction, RecordError, allowed
from cardtable.game import GameState
from cardtable.gurka.observation import Observation
from cardtable.gurka.rules import Rules
from cardtable.gurka.trick import (
    Trick,
    _taker,
    legal_mask,
    scoring_seats,
    sort_cards,
    target_rank,
    trick_penalties,
    why_refused,
)
from cardtable.records import check_header

__all__ = ["HAND_SIZE", "Round", "deal_masks", "parse_card_action"]

RECORD_VERSION: Final[int] = 1
"""The version of the record format written by ``to_record``."""

HAND_SIZE: Final[int] = 6
"""Cards dealt to each player, and so tricks in a round."""

_RANK_OF: Final[tuple[int, ...]] = tuple(int(c.rank) for c in CARDS)
_TEXT: Final[tuple[str, ...]] = tuple(str(c) for c in CARDS)
_GURKA_ORDER: Final[tuple[int, ...]] = tuple(int(c.rank) * 4 + int(c.suit) for c in CARDS)
"""Sort key of each card index: by rank, then suit."""


def deal_masks(players_in: Sequence[int], dealer: int, seed: int) -> dict[int, int]:
    """Shuffle a 52-card deck with ``seed`` and deal six cards to each seat in
    ``players_in``, one at a time clockwise from left of the dealer; the rest of the
    deck is set aside. Returns card masks keyed by seat.

    ``players_in`` must be sorted; the dealer need not be in it.
    """
    order = _clockwise_from(players_in, dealer)
    count = len(order)
    picks = random.Random(seed).sample(range(52), HAND_SIZE * count)
    hands = dict.fromkeys(order, 0)
    for i, index in enumerate(picks):
        hands[order[i % count]] |= 1 << index
    return hands


def _clockwise_from(seats: Sequence[int], dealer: int) -> list[int]:
    """``seats`` (sorted) in clockwise order starting left of ``dealer``."""
    after = [s for s in seats if s > dealer]
    return after + [s for s in seats if s <= dealer]


def parse_card_action(action: object) -> Card:
    """Parse a card action (``"QS"``, ``"10s"``...), raising ``IllegalAction`` if it is
    not a card."""
    if not isinstance(action, str):
        raise IllegalAction(f"an action is text, not {action!r}")
    try:
        return Card.parse(action)
    except ValueError:
        raise IllegalAction(
            f"{action!r} is not a card: play a card such as 'QS' or '10S'",
            code="unknown_action",
            text=action,
        ) from None


class Round:
    """A Gurka round: its deal, the tricks played and the penalty points scored.

    Create one with :meth:`new` (shuffle and deal) or :meth:`from_hands`. Play it
    with :meth:`legal_actions` and :meth:`apply`; the round satisfies
    :class:`cardtable.game.GameState`.
    """

    __slots__ = (
        "_actions",
        "_cur_cards",
        "_cur_ranks",
        "_cur_seats",
        "_dealer",
        "_hands",
        "_initial",
        "_leader",
        "_next",
        "_penalties",
        "_rules",
        "_seats",
        "_seed",
        "_to_move",
        "_tricks",
        "_tricks_total",
    )

    _rules: Rules
    _seats: tuple[int, ...]
    _dealer: int
    _seed: int | None
    _initial: dict[int, int]
    _hands: list[int]
    _next: list[int]
    _tricks_total: int
    _tricks: list[Trick]
    _cur_seats: list[int]
    _cur_cards: list[int]
    _cur_ranks: list[int]
    _leader: int | None
    _to_move: int | None
    _penalties: list[int]
    _actions: list[str]

    def __init__(self) -> None:
        raise TypeError("create a Round with Round.new(...) or Round.from_hands(...)")

    @classmethod
    def _start(cls, rules: Rules, hands: Mapping[int, int], dealer: int, seed: int | None) -> Round:
        rnd = object.__new__(cls)
        n = rules.players
        rnd._rules = rules
        rnd._seats = tuple(sorted(hands))
        rnd._dealer = dealer
        rnd._seed = seed
        rnd._initial = {seat: hands[seat] for seat in rnd._seats}
        rnd._hands = [hands.get(seat, 0) for seat in range(n)]
        rnd._next = [-1] * n
        seats = rnd._seats
        for i, seat in enumerate(seats):
            rnd._next[seat] = seats[(i + 1) % len(seats)]
        rnd._tricks_total = hands[seats[0]].bit_count()
        rnd._tricks = []
        rnd._cur_seats = []
        rnd._cur_cards = []
        rnd._cur_ranks = []
        rnd._leader = _clockwise_from(seats, dealer)[0]
        rnd._to_move = rnd._leader
        rnd._penalties = [0] * n
        rnd._actions = []
        return rnd

    @classmethod
    def new(
        cls, rules: Rules, players_in: Iterable[int] | None = None, dealer: int = 0, seed: int = 0
    ) -> Round:
        """Shuffle with ``seed`` and deal six cards to each seat in ``players_in``
        (default: every seat); left of ``dealer`` (the next seat in the round
        clockwise) leads.

        >>> rnd = Round.new(Rules(players=5), [0, 2, 3], dealer=3, seed=7)
        >>> rnd.seats, rnd.to_move, len(rnd.hands[2])
        ((0, 2, 3), 0, 6)
        """
        seats = _check_seats(rules, range(rules.players) if players_in is None else players_in)
        _check_dealer(rules, dealer)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"invalid seed {seed!r}: expected an int")
        return cls._start(rules, deal_masks(seats, dealer, seed), dealer, seed)

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: Mapping[int, Iterable[Card | str] | CardSet | str],
        dealer: int = 0,
    ) -> Round:
        """A round from given hands keyed by seat (the players still in), for
        examples, tests and analysis. Hands hold 1 to 6 cards, all the same number
        (the number of tricks); the last trick is the scoring one.

        >>> rnd = Round.from_hands(Rules(), {1: "AS", 3: "2C"}, dealer=1)
        >>> rnd.seats, rnd.to_move, rnd.legal_actions()
        ((1, 3), 3, ['2C'])
        """
        masks: dict[int, int] = {}
        seen = 0
        for seat, cards in hands.items():
            seat = _check_seat(rules, seat)
            if isinstance(cards, str):
                mask = CardSet.parse(cards).mask
                count = len(cards.replace(",", " ").split())
            elif isinstance(cards, CardSet):
                mask, count = cards.mask, len(cards)
            else:
                listed = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
                mask, count = CardSet(listed).mask, len(listed)
            if mask.bit_count() != count or mask & seen:
                raise ValueError(f"hands: card dealt twice (seat {seat})")
            seen |= mask
            masks[seat] = mask
        _check_seats(rules, masks)
        sizes = {mask.bit_count() for mask in masks.values()}
        if len(sizes) != 1 or not 1 <= next(iter(sizes)) <= HAND_SIZE:
            raise ValueError(
                "hands: every seat must hold the same number of cards, 1 to 6 "
                f"(got {', '.join(f'seat {s}: {m.bit_count()}' for s, m in sorted(masks.items()))})"
            )
        _check_dealer(rules, dealer)
        return cls._start(rules, masks, dealer, None)

    def copy(self) -> Round:
        """An independent copy of the round (for search)."""
        rnd = object.__new__(Round)
        rnd._rules = self._rules
        rnd._seats = self._seats
        rnd._dealer = self._dealer
        rnd._seed = self._seed
        rnd._initial = self._initial
        rnd._hands = list(self._hands)
        rnd._next = self._next
        rnd._tricks_total = self._tricks_total
        rnd._tricks = list(self._tricks)
        rnd._cur_seats = list(self._cur_seats)
        rnd._cur_cards = list(self._cur_cards)
        rnd._cur_ranks = list(self._cur_ranks)
        rnd._leader = self._leader
        rnd._to_move = self._to_move
        rnd._penalties = list(self._penalties)
        rnd._actions = list(self._actions)
        return rnd

    def redeal(self, hands: Mapping[int, Iterable[Card] | CardSet | str]) -> Round:
        """A copy of the round in which the unplayed cards are ``hands`` (keyed by seat,
        every seat in the round); everything public stays as it is.

        Each seat must get as many cards as it holds now, no card twice and no card
        already played; the cards may come from the set-aside pile. Search uses this to
        play out a sampled distribution of the hidden cards (a determinization).

        >>> rnd = Round.from_hands(Rules(players=3), {0: "2C 9D", 1: "5H KS", 2: "7C 7D"},
        ...                        dealer=2)
        >>> rnd.apply("9D")
        '9D'
        >>> other = rnd.redeal({0: "2C", 1: "AS 3H", 2: "7C 7D"})
        >>> other.legal_actions(), other.observation(0) == rnd.observation(0)
        (['3H', 'AS'], True)
        """
        played = [0] * self._rules.players
        for trick in self._tricks:
            for seat, card in trick.plays:
                played[seat] |= card.bit
        for seat, index in zip(self._cur_seats, self._cur_cards, strict=True):
            played[seat] |= 1 << index
        gone = 0
        for mask in played:
            gone |= mask
        if set(hands) != set(self._seats):
            raise ValueError(f"hands: expected seats {list(self._seats)}, got {sorted(hands)}")
        masks: dict[int, int] = {}
        seen = 0
        for seat, cards in hands.items():
            listed = list(CardSet.parse(cards) if isinstance(cards, str) else cards)
            mask = CardSet(listed).mask
            if mask.bit_count() != len(listed) or mask & seen:
                raise ValueError(f"hands: card dealt twice (seat {seat})")
            if mask & gone:
                raise ValueError(f"hands: seat {seat} gets a card already played")
            if mask.bit_count() != self._hands[seat].bit_count():
                raise ValueError(
                    f"hands: seat {seat} holds {self._hands[seat].bit_count()} cards, "
                    f"not {mask.bit_count()}"
                )
            seen |= mask
            masks[seat] = mask
        rnd = self.copy()
        rnd._seed = None
        rnd._hands = [masks.get(seat, 0) for seat in range(self._rules.players)]
        rnd._initial = {seat: masks[seat] | played[seat] for seat in self._seats}
        return rnd

    # -- properties ------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self._rules

    @property
    def players(self) -> int:
        """Number of seats at the table (``rules.players``), in the round or not."""
        return self._rules.players

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt into this round (the players still in), ascending."""
        return self._seats

    @property
    def dealer(self) -> int:
        """The dealer; the next seat in the round clockwise leads the first trick."""
        return self._dealer

    @property
    def seed(self) -> int | None:
        """The shuffle seed (None for a round made with :meth:`from_hands`)."""
        return self._seed

    @property
    def phase(self) -> str:
        """``"play"`` while cards remain to be played, then ``"done"``."""
        return "play" if self._to_move is not None else "done"

    @property
    def is_over(self) -> bool:
        """True once every trick has been played."""
        return self._to_move is None

    @property
    def to_move(self) -> int | None:
        """The seat to play a card, or None when the round is over."""
        return self._to_move

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the current trick; None when the round is over."""
        return self._leader

    @property
    def hands(self) -> dict[int, CardSet]:
        """Every unplayed hand, keyed by seat (full information: for tools, not players)."""
        return {seat: CardSet(self._hands[seat]) for seat in self._seats}

    @property
    def initial_hands(self) -> dict[int, CardSet]:
        """The hands as dealt, keyed by seat."""
        return {seat: CardSet(mask) for seat, mask in self._initial.items()}

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick so far: ``(seat, card)``, leader first."""
        return [(s, CARDS[i]) for s, i in zip(self._cur_seats, self._cur_cards, strict=True)]

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        return list(self._tricks)

    @property
    def tricks_total(self) -> int:
        """Tricks in this round (6 when dealt; the hand size for :meth:`from_hands`)."""
        return self._tricks_total

    @property
    def penalties(self) -> tuple[int, ...]:
        """Penalty points scored so far in this round, per seat."""
        return tuple(self._penalties)

    @property
    def actions(self) -> list[str]:
        """The cards played so far, in canonical text."""
        return list(self._actions)

    # -- play -------------------------------------------------------------------

    def _legal_mask(self) -> int:
        seat = self._to_move
        if seat is None:
            return 0
        return legal_mask(self._hands[seat], target_rank(self._cur_ranks, self._rules), self._rules)

    def legal_actions(self) -> list[str]:
        """The legal cards of the seat to move, lowest rank first (empty when over)."""
        mask = self._legal_mask()
        indices = []
        while mask:
            low = mask & -mask
            indices.append(low.bit_length() - 1)
            mask ^= low
        indices.sort(key=_GURKA_ORDER.__getitem__)
        return [_TEXT[i] for i in indices]

    def legal_cards(self) -> list[Card]:
        """The legal cards of the seat to move as :class:`Card` objects, lowest rank first."""
        return sort_cards(CARDS[i] for i in iter_bits(self._legal_mask()))

    def can_apply(self, action: str) -> bool:
        """Whether ``action`` is legal now (the same check :meth:`apply` makes)."""
        return allowed(self._check, action)

    def verify(self, action: str) -> None:
        """Raise :class:`~cardtable.errors.IllegalAction`, naming the rule, if ``action``
        is not legal now; change nothing either way (the check :meth:`apply` makes)."""
        self._check(action)

    def _check(self, action: str) -> Card:
        """The card ``action`` plays; raises ``IllegalAction`` if it is not legal now."""
        seat = self._to_move
        if seat is None:
            raise IllegalAction("the round is over: no more cards can be played", code="round_over")
        legal = self.legal_actions()
        if isinstance(action, str) and action.strip().lower() in ("buyback", "pass"):
            raise IllegalAction(
                f"no buy-back decision now: seat {seat} must play a card "
                f"(legal: {', '.join(legal)})",
                code="play_a_card",
                seat=seat,
                action=action.strip().lower(),
                legal=legal,
            )
        card = parse_card_action(action)
        if self._legal_mask() & card.bit:
            return card
        reason = why_refused(self._hands[seat], self._cur_ranks, self._rules, card)
        assert reason is not None  # why_refused and the legal mask apply the same rule
        code, facts, text = reason
        raise IllegalAction(
            f"seat {seat} cannot play {card}: {text} (legal: {', '.join(legal)})",
            code=code,
            seat=seat,
            action=str(card),
            legal=legal,
            **facts,
        )

    def apply(self, action: str) -> str:
        """Play a card (``"QS"``, ``"10s"``) for the seat to move; return it in
        canonical text (``"10s"`` gives ``"TS"``), as :attr:`actions` logs it.

        Raises :class:`~cardtable.errors.IllegalAction`, changing nothing, when the
        text is not a card, the seat does not hold it, or the rules forbid it.
        """
        card = self._check(action)
        self._play(card.index)
        canonical = _TEXT[card.index]
        self._actions.append(canonical)
        return canonical

    def _play(self, index: int) -> None:
        """Play card ``index`` for the seat to move; no checks (the fast internal step)."""
        seat = self._to_move
        assert seat is not None
        self._hands[seat] &= ~(1 << index)
        self._cur_seats.append(seat)
        self._cur_cards.append(index)
        self._cur_ranks.append(_RANK_OF[index])
        if len(self._cur_seats) < len(self._seats):
            self._to_move = self._next[seat]
            return
        ranks = self._cur_ranks
        taker = self._cur_seats[_taker(ranks, self._rules)]
        scorers = tuple(self._cur_seats[i] for i in scoring_seats(ranks))
        last = len(self._tricks) + 1 == self._tricks_total
        if last or self._rules.penalty_tricks == "every":
            for s, points in zip(self._cur_seats, trick_penalties(ranks), strict=True):
                self._penalties[s] += points
        assert self._leader is not None
        self._tricks.append(
            Trick(
                self._leader,
                tuple((s, CARDS[i]) for s, i in zip(self._cur_seats, self._cur_cards, strict=True)),
                taker,
                scorers,
            )
        )
        self._cur_seats = []
        self._cur_cards = []
        self._cur_ranks = []
        if last:
            self._leader = None
            self._to_move = None
        else:
            self._leader = taker
            self._to_move = taker

    def result(self) -> tuple[int, ...]:
        """Penalty points scored in this round, per seat (0 for seats not in it).

        Raises ``ValueError`` while the round is still being played (see
        :attr:`penalties` for the points so far).
        """
        if self._to_move is not None:
            raise ValueError(f"the round is not over: trick {len(self._tricks) + 1} is in play")
        return tuple(self._penalties)

    # -- observation and records -------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: its own hand and everything played so far."""
        _check_seat(self._rules, seat)
        to_move = self._to_move
        return self._observe(
            seat, to_move, self.legal_actions() if seat == to_move else [], self.phase
        )

    def _observe(
        self, seat: int, to_move: int | None, legal: list[str], phase: str, **game: Any
    ) -> Observation:
        return Observation(
            seat=seat,
            to_move=to_move,
            legal_actions=legal,
            phase=phase,
            rules=self._rules,
            dealer=self._dealer,
            seats_in_round=self._seats,
            hand=tuple(sort_cards(CardSet(self._hands[seat]))),
            hand_sizes=tuple(mask.bit_count() for mask in self._hands),
            leader=self._leader,
            trick=tuple(self.trick),
            tricks=tuple(self._tricks),
            tricks_total=self._tricks_total,
            round_penalties=tuple(self._penalties),
            **game,
        )

    def to_record(self) -> dict[str, Any]:
        """A plain JSON record (rules, dealer, seed, hands as dealt, actions) that
        replays this round exactly with :meth:`from_record`."""
        return {
            "game": "gurka",
            "type": "round",
            "version": RECORD_VERSION,
            "rules": self._rules.to_dict(),
            "dealer": self._dealer,
            "seed": self._seed,
            "hands": {
                str(seat): " ".join(str(c) for c in sort_cards(CardSet(mask)))
                for seat, mask in self._initial.items()
            },
            "actions": list(self._actions),
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Round:
        """Rebuild a round from :meth:`to_record` data by replaying its actions.

        Raises :class:`~cardtable.errors.RecordError` naming the bad entry.
        """
        rules = _record_rules(record, "round")
        try:
            dealer = record["dealer"]
            seed = record.get("seed")
            raw_hands = record["hands"]
            actions = record["actions"]
        except KeyError as error:
            raise RecordError(f"round record: missing entry {error.args[0]!r}") from None
        if not isinstance(raw_hands, Mapping):
            raise RecordError("round record: 'hands' must map seats to cards")
        try:
            hands = {int(seat): str(cards) for seat, cards in raw_hands.items()}
            rnd = cls.from_hands(rules, hands, dealer)
        except (ValueError, TypeError) as error:
            raise RecordError(f"round record: bad 'hands' or 'dealer': {error}") from None
        if seed is not None:
            if not isinstance(seed, int) or deal_masks(rnd.seats, dealer, seed) != rnd._initial:
                raise RecordError(f"round record: 'hands' were not dealt by seed {seed!r}")
            rnd._seed = seed
        _replay(rnd, actions)
        return rnd

    def __repr__(self) -> str:
        return (
            f"<gurka.Round seats={list(self._seats)} dealer={self._dealer} phase={self.phase} "
            f"trick={len(self._tricks) + (self._to_move is not None)}/{self._tricks_total}>"
        )


def _record_rules(record: object, kind: str) -> Rules:
    if not isinstance(record, Mapping):
        raise RecordError(f"a {kind} record must be a JSON object")
    check_header(record, "gurka", "Gurka", kind, RECORD_VERSION)
    try:
        return Rules.from_dict(record.get("rules", {}))
    except (ValueError, TypeError) as error:
        raise RecordError(f"{kind} record: bad 'rules': {error}") from None


def _replay(state: GameState, actions: object) -> None:
    """Apply recorded actions, raising RecordError naming the first bad one."""
    if not isinstance(actions, list):
        raise RecordError("record: 'actions' must be a list of text actions")
    for index, action in enumerate(actions):
        if not isinstance(action, str):
            raise RecordError(f"action {index + 1} {action!r}: an action must be text")
        try:
            state.apply(action)
        except IllegalAction as error:
            raise RecordError(f"action {index + 1} {action!r}: {error}") from None


def _check_seat(rules: Rules, seat: object) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.players:
        raise ValueError(f"invalid seat {seat!r}: allowed 0 to {rules.players - 1}")
    return seat


def _check_dealer(rules: Rules, dealer: object) -> None:
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
        raise ValueError(f"invalid dealer {dealer!r}: allowed 0 to {rules.players - 1}")


def _check_seats(rules: Rules, seats: Iterable[int]) -> list[int]:
    listed = [_check_seat(rules, seat) for seat in seats]
    if len(set(listed)) != len(listed):
        raise ValueError(f"invalid players_in {listed!r}: a seat is listed twice")
    if len(listed) < 2:
        raise ValueError(f"invalid players_in {listed!r}: a round needs at least 2 players")
    return sorted(listed)
