"""A game of Kraken: ``rules.rounds`` rounds, or rounds until a team reaches
``rules.target_score``, with the deal passing left.

>>> from cardtable.kraken import Game, Rules
>>> game = Game.new(Rules(rounds=2), seed=11)
>>> game.current.dealer == game.first_dealer
True
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[-1])
>>> len(game.history), sum(game.scores) == sum(sum(r.result().points) for r in game.history)
(2, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardtable.errors import IllegalAction, RecordError
from cardtable.kraken.observation import Observation
from cardtable.kraken.round import RECORD_VERSION, Round, _check_header, _rules_from
from cardtable.kraken.rules import Rules
from cardtable.kraken.scoring import game_over, game_winner
from cardtable.kraken.seat import Seat

__all__ = ["Game"]


def round_seed(seed: int, number: int) -> int:
    """The seed of round ``number`` (0-based) of the game with ``seed``."""
    return random.Random(f"kraken-round:{seed}:{number}").getrandbits(48)


class Game:
    """A whole game: rounds dealt in turn, team totals, the winner.

    ``legal_actions()`` and ``apply()`` act on the current round; the next round is
    dealt as soon as one ends, until ``rules.rounds`` rounds are played or, with a
    ``rules.target_score``, until the end of the round in which a team reaches it.
    """

    def __init__(self, rules: Rules, seed: int, first_dealer: int | None = None) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an int, not {seed!r}")
        self._rules = rules
        self._seed = seed
        if first_dealer is None:
            first_dealer = random.Random(f"kraken-dealer:{seed}").randrange(4)
        self._first_dealer = Seat.parse(first_dealer)
        self._history: list[Round] = []
        self._scores = [0, 0]
        self._current = Round.new(rules, self._first_dealer, round_seed(seed, 0))

    @classmethod
    def new(cls, rules: Rules, seed: int) -> Game:
        """A new game; ``seed`` draws the first dealer and every deal."""
        return cls(rules, seed)

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._rules

    @property
    def seed(self) -> int:
        """The game's seed."""
        return self._seed

    @property
    def first_dealer(self) -> Seat:
        """The dealer of the first round."""
        return self._first_dealer

    @property
    def players(self) -> int:
        """Always 4."""
        return 4

    @property
    def current(self) -> Round:
        """The round in play (the last round once the game is over)."""
        return self._current

    @property
    def history(self) -> list[Round]:
        """The finished rounds, in order; each has its ``result()``."""
        return list(self._history)

    @property
    def scores(self) -> tuple[int, int]:
        """Team totals (N+S, E+W) of the finished rounds."""
        return self._scores[0], self._scores[1]

    @property
    def is_over(self) -> bool:
        """True once ``rules.rounds`` rounds are finished, or a team's total has
        reached ``rules.target_score``."""
        return game_over(self._rules, len(self._history), self.scores)

    @property
    def winner(self) -> int | None:
        """The team with the higher total once the game is over; None for a draw or
        while it is being played."""
        return game_winner(self.scores) if self.is_over else None

    @property
    def to_move(self) -> Seat | None:
        """The seat to act, or None when the game is over."""
        return None if self.is_over else self._current.to_move

    def legal_actions(self) -> list[str]:
        """The legal actions in the current round (empty when the game is over)."""
        return [] if self.is_over else self._current.legal_actions()

    def can_apply(self, action: str) -> bool:
        """Whether ``action`` is legal now (the same check :meth:`apply` makes)."""
        return not self.is_over and self._current.can_apply(action)

    def verify(self, action: str) -> None:
        """Raise :class:`~cardtable.errors.IllegalAction`, naming the rule, if ``action``
        is not legal now; change nothing either way (the check :meth:`apply` makes)."""
        if self.is_over:
            raise IllegalAction("the game is over: no more actions can be taken", code="game_over")
        self._current.verify(action)

    def apply(self, action: str) -> str:
        """Apply ``action`` to the current round and return it in canonical text; deal
        the next round when this one ends.

        Raises :class:`~cardtable.errors.IllegalAction`, changing nothing, when it is
        not legal now.
        """
        if self.is_over:
            raise IllegalAction("the game is over: no more actions can be taken", code="game_over")
        canonical = self._current.apply(action)
        if self._current.is_over:
            self._finish_round()
        return canonical

    def _finish_round(self) -> None:
        result = self._current.result()
        self._scores[0] += result.points[0]
        self._scores[1] += result.points[1]
        self._history.append(self._current)
        if not self.is_over:
            number = len(self._history)
            self._current = Round.new(
                self._rules, self._current.dealer.left, round_seed(self._seed, number)
            )

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know about the current round."""
        return self._current.observation(seat)

    def to_record(self) -> dict[str, Any]:
        """A plain JSON record of the whole game (every round's deal and actions)."""
        rounds = [*self._history]
        if not self.is_over:
            rounds.append(self._current)
        return {
            "game": "kraken",
            "type": "game",
            "version": RECORD_VERSION,
            "rules": self._rules.to_dict(),
            "seed": self._seed,
            "first_dealer": int(self._first_dealer),
            "rounds": [r._record_body() for r in rounds],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """Replay a game record; a corrupt record raises
        :class:`~cardtable.errors.RecordError` naming the round and action."""
        _check_header(record, "game")
        rules = _rules_from(record)
        seed = record.get("seed")
        rounds = record.get("rounds")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"bad 'seed': {seed!r} is not an int")
        if not isinstance(rounds, list) or not rounds:
            raise RecordError("'rounds' must be a non-empty list of round records")
        if rules.target_score is None and len(rounds) > rules.rounds:
            raise RecordError(f"{len(rounds)} rounds recorded; the rules play {rules.rounds}")
        try:
            game = cls(rules, seed, first_dealer=record.get("first_dealer", 0))
        except ValueError as error:
            raise RecordError(f"bad 'first_dealer': {error}") from None
        for index, body in enumerate(rounds):
            number = index + 1  # rounds are numbered from 1, as replay prints them
            if game.is_over:
                raise RecordError(
                    f"round {number}: recorded after the end of the game (a team reached "
                    f"the target score {rules.target_score} in round {index})"
                )
            if not isinstance(body, Mapping):
                raise RecordError(f"round {number}: not a JSON object")
            expected = Seat((game.first_dealer + index) % 4)
            if body.get("dealer") != expected:
                raise RecordError(
                    f"round {number}: dealer {body.get('dealer')!r}, expected {int(expected)} "
                    "(the deal passes left)"
                )
            round_ = Round._replay(rules, body, f"round {number}: ")
            if number < len(rounds) and not round_.is_over:
                raise RecordError(f"round {number}: unfinished, but later rounds follow")
            game._current = round_
            if round_.is_over:
                game._finish_round()
        return game
