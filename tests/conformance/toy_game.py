"""A third game defined only in the tests, to prove that games are pluggable:
"highest card takes the trick" for 2 to 4 players, each for themselves.

The cards are the numbers 1 to ``players * hand_size``, dealt from a seed. The
leader plays any card, then each player in turn plays any card; the highest takes
the trick and leads the next. The game ends when the hands are empty; each trick
scores one point. It registers like any game, through the ``cardtable.games``
entry points (see ``conftest.py``), and nothing outside this file knows it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable.errors import IllegalAction, RecordError
from cardtable.game import GameKind

VERSION = 1


@dataclass(frozen=True)
class Rules:
    """The toy game's variants."""

    players: int = field(default=3, metadata={"min": 2, "max": 4})
    hand_size: int = field(default=4, metadata={"min": 1, "max": 8})

    def __post_init__(self) -> None:
        for spec in dataclasses.fields(self):
            value = getattr(self, spec.name)
            low, high = spec.metadata["min"], spec.metadata["max"]
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                allowed = f"allowed {low} to {high}"
                raise ValueError(
                    f"invalid value {value!r} for rules field {spec.name!r}: {allowed}"
                )

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON data."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` data."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rules field {unknown[0]!r}: allowed {', '.join(known)}")
        return cls(**data)


@dataclass(frozen=True)
class Observation:
    """What one seat knows: its hand, every trick so far, the scores."""

    seat: int
    to_move: int | None
    legal_actions: list[str]
    hand: list[int]
    tricks: list[list[list[int]]]
    scores: list[int]

    def to_dict(self) -> dict[str, Any]:
        """The observation as JSON data."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Observation:
        """An observation back from :meth:`to_dict`."""
        return cls(**data)


class Game:
    """A game of the toy: a position that plays by text actions ("7")."""

    def __init__(self, rules: Rules, hands: list[list[int]], seed: int) -> None:
        self.rules, self.seed = rules, seed
        self.initial = [sorted(hand) for hand in hands]
        self.hands = [list(hand) for hand in self.initial]
        self.actions: list[str] = []
        self.tricks: list[list[list[int]]] = [[]]  # each trick: [seat, card] plays
        self.scores = [0] * rules.players
        self.leader = 0

    @classmethod
    def new(cls, rules: Rules, seed: int) -> Game:
        """A game dealt from ``seed``."""
        deck = list(range(1, rules.players * rules.hand_size + 1))
        random.Random(seed).shuffle(deck)
        n = rules.hand_size
        return cls(rules, [deck[i * n : (i + 1) * n] for i in range(rules.players)], seed)

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    @property
    def is_over(self) -> bool:
        """Whether every card was played."""
        return not any(self.hands)

    @property
    def to_move(self) -> int | None:
        """The seat to play."""
        if self.is_over:
            return None
        return (self.leader + len(self.tricks[-1])) % self.players

    def legal_actions(self) -> list[str]:
        """Any card of the hand of the seat to move."""
        seat = self.to_move
        return [] if seat is None else [str(card) for card in sorted(self.hands[seat])]

    def verify(self, action: str) -> None:
        """``IllegalAction`` naming what is allowed, unless ``action`` is legal now."""
        legal = self.legal_actions()
        if str(action).strip() not in legal:
            raise IllegalAction(f"{action!r} is not a card you hold: legal now {', '.join(legal)}")

    def can_apply(self, action: str) -> bool:
        """Whether ``action`` is legal now."""
        return str(action).strip() in self.legal_actions()

    def apply(self, action: str) -> str:
        """Play a card; ``IllegalAction`` names what is allowed."""
        self.verify(action)
        text = str(action).strip()
        seat = self.to_move
        assert seat is not None
        self.hands[seat].remove(int(text))
        self.tricks[-1].append([seat, int(text)])
        self.actions.append(text)
        if len(self.tricks[-1]) == self.players:
            winner = max(self.tricks[-1], key=lambda play: play[1])[0]
            self.scores[winner] += 1
            self.leader = winner
            if not self.is_over:
                self.tricks.append([])
        return text

    def observation(self, seat: int) -> Observation:
        """What ``seat`` knows."""
        legal = self.legal_actions() if self.to_move == seat else []
        tricks = [[list(play) for play in trick] for trick in self.tricks]
        return Observation(
            seat, self.to_move, legal, sorted(self.hands[seat]), tricks, list(self.scores)
        )

    def to_record(self) -> dict[str, Any]:
        """The deal and the actions: replays exactly."""
        return {
            "game": "toy",
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hands": [list(hand) for hand in self.initial],
            "actions": list(self.actions),
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """The game a record describes; ``RecordError`` names the bad entry."""
        if record.get("version") != VERSION:
            raise RecordError(f"version: expected {VERSION}, got {record.get('version')!r}")
        try:
            game = cls(Rules.from_dict(record["rules"]), record["hands"], record["seed"])
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"rules/hands/seed: {error}") from None
        for index, action in enumerate(record.get("actions", [])):
            try:
                game.apply(action)
            except IllegalAction as error:
                raise RecordError(f"actions[{index}]: {error}") from None
        return game

    def redeal(self, seat: int, rng: random.Random) -> Game:
        """A copy in which the cards hidden from ``seat`` are dealt again among the
        others, each keeping as many as it holds."""
        hidden = [card for other, hand in enumerate(self.hands) if other != seat for card in hand]
        rng.shuffle(hidden)
        copy = Game.from_record(self.to_record())
        for other in range(self.players):
            if other != seat:
                count = len(self.hands[other])
                copy.hands[other], hidden = hidden[:count], hidden[count:]
        return copy


def state_from_observation(observation: Observation) -> Game:
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
    game = Game(Rules(players, hand_size), hands, seed=0)
    for _, card in plays:
        game.apply(str(card))
    return game


KIND = GameKind(
    name="toy",
    title="Toy",
    rules_type=Rules,
    presets={},
    new_game=Game.new,
    from_record=Game.from_record,
    observation_from_dict=Observation.from_dict,
    seat_names=lambda rules: tuple(f"Player {n + 1}" for n in range(rules.players)),
    current_round=lambda game: game,
    resample=lambda game, seat, rng: game.redeal(seat, rng),
    scoring="ranking",
    match_format="rotated",
    state_from_observation=state_from_observation,
)
