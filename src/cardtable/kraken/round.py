"""One round of Kraken as a state machine: trump choice, challenges, roem, play.

>>> from cardtable.kraken import Round, Rules
>>> r = Round.new(Rules(), dealer=3, seed=7)
>>> r.phase, r.to_move
('trump', <Seat.N: 0>)
>>> r.apply("trump h"), r.apply("pass"), r.apply("Pass")
('trump H', 'pass', 'pass')
>>> r.phase, r.trump, r.declarer, r.to_move
('play', <Suit.HEARTS: 2>, <Seat.N: 0>, <Seat.N: 0>)
>>> while r.phase != "done":
...     _ = r.apply(r.legal_actions()[0])
>>> sum(r.result().card_points)
162
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Literal

from cardtable.cards import CARDS, Card, CardSet, Suit, iter_bits, parse_cards
from cardtable.errors import IllegalAction, RecordError, allowed
from cardtable.kraken.actions import parse_action, trump_action
from cardtable.kraken.fast import POINTS, legal_mask, winner_of
from cardtable.kraken.observation import Observation
from cardtable.kraken.play import why_refused
from cardtable.kraken.roem import declared_roem, hand_roem, has_stuk, trick_roem_mask
from cardtable.kraken.rules import Rules
from cardtable.kraken.scoring import RoundResult, round_multiplier, score_round
from cardtable.kraken.seat import Seat
from cardtable.kraken.trick import DECK, Trick
from cardtable.records import check_header

__all__ = ["Phase", "Round"]

Phase = Literal["trump", "challenge", "roem", "play", "done"]

RECORD_VERSION: Final = 1
_CARD_TEXT: Final[tuple[str, ...]] = tuple(str(c) for c in CARDS)
_CARD_BY_TEXT: Final[dict[str, int]] = {}
for _card in CARDS:
    if DECK.mask & _card.bit:
        for _text in (str(_card), _card.rank.display + _card.suit.letter):
            _CARD_BY_TEXT[_text] = _card.index
_ALL_TRUMPS: Final[list[str]] = [trump_action(s) for s in Suit]
_SEATS: Final[tuple[Seat, ...]] = tuple(Seat)
_CHALLENGE_WORDS: Final[tuple[str, ...]] = ("contra", "re", "superkraken")


def _hand_masks(hands: Sequence[Iterable[Card] | str]) -> list[int]:
    """Validate four hands that together hold the 32 cards; return their masks."""
    if len(hands) != 4:
        raise ValueError(f"expected four hands (N, E, S, W), got {len(hands)}")
    masks = []
    seen = 0
    for seat, hand in zip(Seat, hands, strict=True):
        cards = parse_cards(hand) if isinstance(hand, str) else list(hand)
        mask = 0
        for card in cards:
            if not isinstance(card, Card):
                raise ValueError(f"hand of {seat.name} holds {card!r}, which is not a card")
            if not DECK.mask & card.bit:
                raise ValueError(f"hand of {seat.name} holds {card}, which is not a Kraken card")
            if (mask | seen) & card.bit:
                raise ValueError(f"{card} is dealt twice (again to {seat.name})")
            mask |= card.bit
        if len(cards) != 8:
            raise ValueError(f"hand of {seat.name} has {len(cards)} cards; each hand has 8")
        seen |= mask
        masks.append(mask)
    return masks


def _deal(rules: Rules, dealer: Seat, rng: random.Random) -> list[int]:
    deck = list(iter_bits(DECK.mask))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    position = 0
    for packet in rules.deal:
        for offset in (1, 2, 3, 4):
            seat = (dealer + offset) % 4
            for card in deck[position : position + packet]:
                hands[seat] |= 1 << card
            position += packet
    return hands


def _trump_deck(seed: int) -> list[Card]:
    """The second deck of ``random`` trump choice, shuffled from the round's seed."""
    deck = [c for c in CARDS if DECK.mask & c.bit]
    random.Random(f"kraken-trump-deck:{seed}").shuffle(deck)
    return deck


class Round:
    """A round of Kraken: from the deal to the score.

    Create one with :meth:`new` (shuffle and deal) or :meth:`from_hands`. Act with
    :meth:`apply` on text actions from :meth:`legal_actions`; an illegal action
    raises :class:`~cardtable.errors.IllegalAction` and changes nothing.
    """

    def __init__(self, rules: Rules, hands: Sequence[int], dealer: int, seed: int = 0) -> None:
        """Use :meth:`new` or :meth:`from_hands`; ``hands`` here are checked card masks."""
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an int, not {seed!r}")
        self._rules = rules
        self._dealer = Seat.parse(dealer)
        self._seed = seed
        self._initial = tuple(hands)
        self._hands = list(self._initial)
        self._actions: list[tuple[Seat, str]] = []
        self._phase: Phase = "trump"
        self._to_move: Seat | None = self._dealer.left
        self._trump: Suit | None = None
        self._declarer: Seat | None = None
        self._level = 1
        self._passes = 0
        self._forced = False
        self._turned: list[Card] = []
        self._queue: list[Seat] = []
        self._stage = ""
        self._declared: dict[Seat, int] = {}
        self._stuk: dict[Seat, int] = {}
        self._roem_asked: list[Seat] = []
        self._tricks: list[Trick] = []
        self._trick: list[int] = []
        self._leader = self._dealer.left
        self._card_points = [0, 0]
        self._roem = [0, 0]
        self._tricks_won = [0, 0]
        self._legal: list[str] | None = None
        self._legal_cards = 0
        self._result: RoundResult | None = None
        self._trump_deck: list[Card] = []
        self._start_trump_choice()

    # --- construction -------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, dealer: int, seed: int) -> Round:
        """Shuffle with ``seed`` and deal packets of ``rules.deal`` clockwise from left of
        the dealer."""
        seat = Seat.parse(dealer)
        return cls(rules, _deal(rules, seat, random.Random(seed)), seat, seed)

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: Sequence[Iterable[Card] | str],
        dealer: int,
        seed: int = 0,
        trump_deck: Sequence[Card] | str | None = None,
    ) -> Round:
        """A round with the given hands of N, E, S, W (cards or text such as
        ``"JH 9H ..."``); ``seed`` drives only the second deck of ``random`` trump.

        ``trump_deck`` sets the order of that second deck instead (the 32 cards, top
        first), for tools and search that must reproduce the cards turned.
        """
        round_ = cls(rules, _hand_masks(hands), dealer, seed)
        if trump_deck is not None and rules.trump_choice == "random":
            deck = parse_cards(trump_deck) if isinstance(trump_deck, str) else list(trump_deck)
            if sorted(deck) != sorted(DECK):
                raise ValueError("trump_deck must hold the 32 Kraken cards once each")
            round_._trump_deck = deck
            round_._turned = deck[:1]
        return round_

    # --- public state ---------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of this round."""
        return self._rules

    @property
    def dealer(self) -> Seat:
        """The dealer."""
        return self._dealer

    @property
    def seed(self) -> int:
        """The seed of the deal and of the second deck."""
        return self._seed

    @property
    def players(self) -> int:
        """Always 4."""
        return 4

    @property
    def phase(self) -> Phase:
        """``trump``, ``challenge``, ``roem``, ``play`` or ``done``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True once the last trick is played."""
        return self._phase == "done"

    @property
    def to_move(self) -> Seat | None:
        """The seat to act, or None when the round is over."""
        return self._to_move

    @property
    def trump(self) -> Suit | None:
        """The trump suit once chosen."""
        return self._trump

    @property
    def declarer(self) -> Seat | None:
        """The seat that chose (took, or was forced to play) trump."""
        return self._declarer

    @property
    def multiplier(self) -> int:
        """Challenge multiplier (1, 2, 4, 8), doubled when double spades applies."""
        return round_multiplier(self._level, self._rules, self._trump == Suit.SPADES)

    @property
    def proposed(self) -> Card | None:
        """In ``random`` trump choice, the turned card whose suit is (or was) on offer."""
        return self._turned[-1] if self._turned else None

    @property
    def turned(self) -> tuple[Card, ...]:
        """Every card turned from the second deck, in order."""
        return tuple(self._turned)

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks."""
        return list(self._tricks)

    @property
    def trick(self) -> list[tuple[Seat, Card]]:
        """The trick in progress: ``(seat, card)`` in playing order."""
        return [(_SEATS[(self._leader + i) & 3], CARDS[c]) for i, c in enumerate(self._trick)]

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Every seat's unplayed cards (full information, for tools and tests)."""
        return tuple(CardSet(m) for m in self._hands)

    @property
    def initial_hands(self) -> tuple[CardSet, ...]:
        """The hands as dealt."""
        return tuple(CardSet(m) for m in self._initial)

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points per team in the tricks completed so far."""
        return self._card_points[0], self._card_points[1]

    @property
    def roem(self) -> tuple[int, int]:
        """Roem per team so far (trick roem, or settled hand roem once play starts)."""
        return self._roem[0], self._roem[1]

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken per team so far."""
        return self._tricks_won[0], self._tricks_won[1]

    @property
    def actions(self) -> list[tuple[Seat, str]]:
        """Every action so far with the seat that took it."""
        return list(self._actions)

    @property
    def declared_roem(self) -> dict[Seat, int]:
        """Hand roem declared per seat (``roem="hand"``)."""
        return dict(self._declared)

    # --- the state machine ----------------------------------------------------------

    def _start_trump_choice(self) -> None:
        choice = self._rules.trump_choice
        self._to_move = self._dealer if choice == "free_dealer" else self._dealer.left
        self._forced = choice == "utrecht"
        if choice == "random":
            self._trump_deck = _trump_deck(self._seed)
            self._turned = self._trump_deck[:1]

    def _set_trump(self, suit: Suit, declarer: Seat) -> None:
        self._trump = suit
        self._declarer = declarer
        if self._rules.challenges:
            self._phase = "challenge"
            self._stage = "contra"
            self._queue = [declarer.left, declarer.right]
            self._to_move = self._queue[0]
        else:
            self._after_challenges()

    def _after_challenges(self) -> None:
        assert self._trump is not None
        if self._rules.roem == "hand":
            order = [_SEATS[(self._dealer + i) & 3] for i in (1, 2, 3, 4)]
            self._queue = [s for s in order if hand_roem(CardSet(self._hands[s]), self._trump)]
            if self._queue:
                self._phase = "roem"
                self._to_move = self._queue[0]
                return
        self._start_play()

    def _start_play(self) -> None:
        if self._rules.roem == "hand":
            self._roem = list(
                declared_roem(
                    {int(s): v for s, v in self._declared.items()},
                    {int(s): v for s, v in self._stuk.items()},
                )
            )
        self._phase = "play"
        self._leader = self._dealer.left
        self._to_move = self._leader

    def _trump_choice_step(self, seat: Seat, action: str) -> None:
        if action.startswith("trump "):
            self._set_trump(Suit.parse(action[6:]), seat)
            return
        if action == "take":
            self._set_trump(self._turned[-1].suit, seat)
            return
        # pass
        self._passes += 1
        if self._passes < 4:
            self._to_move = seat.left
            return
        if self._rules.trump_choice != "random":
            self._forced = True
            self._to_move = seat.left  # back to the starter
            return
        starter = self._dealer.left
        if self._rules.random_fallback == "call_other":
            self._forced = True
            self._to_move = starter
            return
        first = self._turned[0].suit
        for card in self._trump_deck[1:]:
            self._turned.append(card)
            if card.suit != first:
                break
        self._set_trump(self._turned[-1].suit, starter)

    def _challenge_step(self, seat: Seat, action: str) -> None:
        assert self._declarer is not None
        if action == "pass":
            self._queue.pop(0)
            if self._queue:
                self._to_move = self._queue[0]
            else:
                self._after_challenges()
            return
        self._level *= 2
        if action == "contra":
            self._stage = "re"
            self._queue = [self._declarer, self._declarer.partner]
        elif action == "re":
            self._stage = "superkraken"
            self._queue = [self._declarer.left, self._declarer.right]
        else:
            self._after_challenges()
            return
        self._to_move = self._queue[0]

    def _roem_step(self, seat: Seat, action: str) -> None:
        assert self._trump is not None
        self._roem_asked.append(seat)
        if action == "roem":
            hand = CardSet(self._hands[seat])
            self._declared[seat] = hand_roem(hand, self._trump)
            if has_stuk(hand, self._trump):
                self._stuk[seat] = 20
        self._queue.pop(0)
        if self._queue:
            self._to_move = self._queue[0]
        else:
            self._start_play()

    def _play_step(self, seat: Seat, card: int) -> None:
        assert self._trump is not None
        self._hands[seat] ^= 1 << card
        trick = self._trick
        trick.append(card)
        if len(trick) < 4:
            self._to_move = seat.left
            return
        trump = int(self._trump)
        winner = _SEATS[(self._leader + winner_of(trick, trump)) & 3]
        points = sum(POINTS[trump][c] for c in trick)
        last = len(self._tricks) == 7
        if last:
            points += 10
        roem = 0
        if self._rules.roem == "tricks":
            roem = trick_roem_mask(sum(1 << c for c in trick), trump)
        team = winner.team
        self._card_points[team] += points
        self._roem[team] += roem
        self._tricks_won[team] += 1
        self._tricks.append(
            Trick(self._leader, tuple(CARDS[c] for c in trick), winner, points, roem)
        )
        self._trick = []
        self._leader = winner
        if last:
            self._phase = "done"
            self._to_move = None
        else:
            self._to_move = winner

    # --- actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """Every legal action of the seat to move, in canonical text (empty when done)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[str]:
        phase = self._phase
        if phase == "play":
            assert self._to_move is not None and self._trump is not None
            mask = legal_mask(
                self._hands[self._to_move],
                self._trick,
                self._trump,
                self._rules.play,
            )
            self._legal_cards = mask
            legal = []
            while mask:
                low = mask & -mask
                legal.append(_CARD_TEXT[low.bit_length() - 1])
                mask ^= low
            return legal
        if phase == "trump":
            if self._rules.trump_choice == "random":
                if self._forced:
                    first = self._turned[0].suit
                    return [trump_action(s) for s in Suit if s != first]
                return ["take", "pass"]
            return list(_ALL_TRUMPS) if self._forced else [*_ALL_TRUMPS, "pass"]
        if phase == "challenge":
            return [self._stage, "pass"]
        if phase == "roem":
            return ["roem", "pass"]
        return []

    def can_apply(self, action: str) -> bool:
        """Whether ``action`` is legal now (the same check :meth:`apply` makes)."""
        return allowed(self._check, action)

    def verify(self, action: str) -> None:
        """Raise :class:`~cardtable.errors.IllegalAction`, naming the rule, if ``action``
        is not legal now; change nothing either way (the check :meth:`apply` makes)."""
        self._check(action)

    def _check(self, action: str) -> tuple[str, int]:
        """The canonical action and, in play, its card index; raises if illegal."""
        if self._phase == "done":
            raise IllegalAction("the round is over: no action is possible", code="round_over")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if self._phase == "play" and isinstance(action, str):
            card = _CARD_BY_TEXT.get(action.strip().upper(), -1)
            if card >= 0 and self._legal_cards >> card & 1:
                return _CARD_TEXT[card], card
        canonical = parse_action(action)
        if canonical in legal:
            return canonical, -1
        raise self._explain(canonical, legal)

    def apply(self, action: str) -> str:
        """Take ``action`` for the seat to move; return it in canonical text (``"10h"``
        gives ``"TH"``), as :attr:`actions` logs it.

        Raises :class:`~cardtable.errors.IllegalAction`, with the rule that forbids it,
        if the action is not legal now; the round is then left exactly as it was.
        """
        canonical, card = self._check(action)
        seat = self._to_move
        assert seat is not None
        self._legal = None
        self._actions.append((seat, canonical))
        phase = self._phase
        if card >= 0:
            self._play_step(seat, card)
        elif phase == "trump":
            self._trump_choice_step(seat, canonical)
        elif phase == "challenge":
            self._challenge_step(seat, canonical)
        else:
            self._roem_step(seat, canonical)
        return canonical

    def _explain(self, action: str, legal: list[str]) -> IllegalAction:
        """The refusal of ``action``: the English reason, its code and facts (the
        seat, the action, the legal actions and the rule's own facts)."""
        seat = self._to_move
        assert seat is not None
        allowed = f"legal now: {', '.join(legal)}"
        phase = self._phase

        def refused(code: str, text: str, **facts: Any) -> IllegalAction:
            return IllegalAction(
                text, code=code, seat=int(seat), action=action, legal=list(legal), **facts
            )

        is_card = action in _CARD_BY_TEXT
        if phase == "play" and is_card:
            assert self._trump is not None
            card = Card.parse(action)
            hand = list(CardSet(self._hands[seat]))
            trick = [CARDS[c] for c in self._trick]
            reason = why_refused(hand, trick, self._trump, self._rules, card)
            text = reason.text if reason else "not legal now"
            facts = reason.params if reason else {"card": str(card)}
            return refused(
                reason.code if reason else "not_legal",
                f"{seat.name} may not play {card}: {text}; {allowed}",
                **facts,
            )
        if is_card:
            return refused(
                "cards_later",
                f"cards are played only after trump, challenges and roem ({phase} phase); "
                f"{allowed}",
                phase=phase,
            )
        if phase == "play":
            return refused(
                "play_a_card",
                f"{action!r} is not possible in the play phase: {seat.name} plays a card; "
                f"{allowed}",
            )
        if phase == "trump":
            if action == "pass" and self._forced:
                return refused(
                    "must_choose_trump",
                    f"{seat.name} must name trump: passing is not possible now; {allowed}",
                )
            if self._rules.trump_choice == "random" and self._forced and action.startswith("trump"):
                first = self._turned[0]
                return refused(
                    "refused_suit",
                    f"{seat.name} may not name the suit of the refused card {first}: "
                    f"name another suit; {allowed}",
                    card=str(first),
                )
            if self._rules.trump_choice == "random" and action.startswith("trump"):
                return refused(
                    "take_or_pass",
                    f"in random trump choice {seat.name} takes the turned suit "
                    f"({self._turned[-1]}) or passes; {allowed}",
                    card=str(self._turned[-1]),
                )
            return refused(
                "not_now", f"{action!r} is not possible while trump is chosen; {allowed}"
            )
        if phase == "challenge":
            if action in _CHALLENGE_WORDS:
                return refused(
                    "challenge_or_pass",
                    f"{action!r} is not possible now: {seat.name} may say "
                    f"{self._stage} or pass; {allowed}",
                    stage=self._stage,
                )
            return refused("not_now", f"{action!r} is not possible during challenges; {allowed}")
        return refused("not_now", f"{action!r} is not possible while roem is declared; {allowed}")

    # --- views ------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: its own hand and every public fact."""
        me = Seat.parse(seat)
        return Observation(
            seat=me,
            rules=self._rules,
            dealer=self._dealer,
            phase=self._phase,
            to_move=self._to_move,
            hand=tuple(CardSet(self._hands[me])),
            legal_actions=self.legal_actions() if self._to_move == me else [],
            trump=self._trump,
            declarer=self._declarer,
            multiplier=self.multiplier,
            proposed=self.proposed,
            turned=tuple(self._turned),
            actions=tuple(self._actions),
            tricks=tuple(self._tricks),
            trick=tuple(self.trick),
            declared_roem=dict(self._declared),
            roem_asked=tuple(self._roem_asked),
            card_points=(self._card_points[0], self._card_points[1]),
            roem=(self._roem[0], self._roem[1]),
        )

    def result(self) -> RoundResult:
        """The score of the finished round; raises ``ValueError`` before it is done."""
        if self._phase != "done":
            raise ValueError(f"the round is not over (phase {self._phase})")
        if self._result is None:
            assert self._declarer is not None
            self._result = score_round(
                (self._card_points[0], self._card_points[1]),
                (self._roem[0], self._roem[1]),
                (self._tricks_won[0], self._tricks_won[1]),
                self._declarer.team,
                self.multiplier,
                self._rules.multiply_roem,
            )
        return self._result

    def copy(self) -> Round:
        """An independent copy of this round (for search and what-if analysis)."""
        clone = Round.__new__(Round)
        for name, value in vars(self).items():
            if isinstance(value, list):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            setattr(clone, name, value)
        return clone

    def redeal(self, hands: Sequence[Iterable[Card]]) -> Round:
        """A copy of this round in which the unplayed cards are distributed as ``hands``.

        Each seat must get as many cards as it holds now, and together exactly the
        unplayed cards; everything public stays as it is. Search uses this to play out
        a sampled distribution of the hidden cards (a determinization).
        """
        masks = []
        for seat, hand in zip(Seat, hands, strict=True):
            mask = CardSet(hand).mask
            if mask.bit_count() != self._hands[seat].bit_count():
                raise ValueError(
                    f"{seat.name} holds {self._hands[seat].bit_count()} cards, "
                    f"not {mask.bit_count()}"
                )
            masks.append(mask)
        if sum(masks) != sum(self._hands) or len(set().union(*map(CardSet, masks))) != sum(
            m.bit_count() for m in masks
        ):
            raise ValueError("the new hands must hold exactly the unplayed cards, once each")
        clone = self.copy()
        played = [0, 0, 0, 0]
        for seat, card in self._played():
            played[seat] |= card.bit
        clone._hands = masks
        clone._initial = tuple(m | p for m, p in zip(masks, played, strict=True))
        clone._legal = None
        if self._phase == "roem" and self._to_move is not None and self._trump is not None:
            # who is still to be asked depends on the new hands
            start = (self._to_move - self._dealer - 1) & 3
            later = [_SEATS[(self._dealer + 1 + i) & 3] for i in range(start + 1, 4)]
            trump = self._trump
            clone._queue = [self._to_move] + [
                s for s in later if hand_roem(CardSet(masks[s]), trump)
            ]
        return clone

    def _played(self) -> list[tuple[Seat, Card]]:
        """Every card played so far with the seat that played it."""
        played = [(Seat(s), c) for t in self._tricks for s, c in t.plays]
        return played + self.trick

    def __repr__(self) -> str:
        trump = self._trump.letter if self._trump is not None else "-"
        return (
            f"<Round dealer={self._dealer.name} phase={self._phase} trump={trump} "
            f"to_move={self._to_move.name if self._to_move is not None else '-'}>"
        )

    # --- records ----------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A plain JSON record (rules, dealer, seed, hands as dealt, actions) that
        :meth:`from_record` replays exactly."""
        return {
            "game": "kraken",
            "type": "round",
            "version": RECORD_VERSION,
            "rules": self._rules.to_dict(),
            **self._record_body(),
        }

    def _record_body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "dealer": int(self._dealer),
            "seed": self._seed,
            "hands": [str(CardSet(m)) for m in self._initial],
            "actions": [action for _, action in self._actions],
        }
        if self._trump_deck:
            body["trump_deck"] = " ".join(str(c) for c in self._trump_deck)
        return body

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Round:
        """Replay a record from :meth:`to_record`; a corrupt record raises
        :class:`~cardtable.errors.RecordError` naming the bad entry."""
        _check_header(record, "round")
        rules = _rules_from(record)
        return cls._replay(rules, record, "")

    @classmethod
    def _replay(cls, rules: Rules, record: Mapping[str, Any], where: str) -> Round:
        for key in ("dealer", "seed", "hands", "actions"):
            if key not in record:
                raise RecordError(f"{where}record has no {key!r} field")
        hands = record["hands"]
        if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
            raise RecordError(f"{where}'hands' must be a list of four card strings")
        try:
            trump_deck = record.get("trump_deck")
            if trump_deck is not None and not isinstance(trump_deck, str):
                raise ValueError("'trump_deck' must be a string of 32 cards")
            round_ = cls.from_hands(rules, hands, record["dealer"], record["seed"], trump_deck)
        except ValueError as error:
            raise RecordError(f"{where}bad deal: {error}") from None
        actions = record["actions"]
        if not isinstance(actions, list):
            raise RecordError(f"{where}'actions' must be a list of strings")
        for index, action in enumerate(actions):
            try:
                round_.apply(action)
            except IllegalAction as error:
                raise RecordError(
                    f"{where}action {index + 1} ({action!r}) is illegal: {error}"
                ) from None
        return round_


def _check_header(record: Mapping[str, Any], kind: str) -> None:
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    check_header(record, "kraken", "Kraken", kind, RECORD_VERSION)


def _rules_from(record: Mapping[str, Any]) -> Rules:
    try:
        return Rules.from_dict(record.get("rules") or {})
    except (ValueError, TypeError) as error:
        raise RecordError(f"bad 'rules': {error}") from None
