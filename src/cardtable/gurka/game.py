"""A whole Gurka game: stakes and pot, rounds, eliminations, buy-backs and payout.

>>> from cardtable.gurka import Game, Rules
>>> game = Game.new(Rules(players=3), seed=1)
>>> game.pot, game.chips, game.alive, game.current.dealer
(3, (-1, -1, -1), (0, 1, 2), 0)
>>> import random
>>> rng = random.Random(0)
>>> while not game.is_over:
...     _ = game.apply(rng.choice(game.legal_actions()))
>>> sum(game.chips), game.winners == (game.winner,)
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardtable.errors import IllegalAction, RecordError, allowed
from cardtable.gurka.ledger import Ledger
from cardtable.gurka.observation import Observation
from cardtable.gurka.round import RECORD_VERSION, Round, _check_seat, _record_rules, _replay
from cardtable.gurka.rules import Rules

__all__ = ["BUYBACK", "PASS", "Game"]

BUYBACK = "buyback"
"""The action of an out player who pays to be dealt in again."""
PASS = "pass"
"""The action of an out player who stays out."""


class Game:
    """A Gurka game from the first stake to the payout; satisfies
    :class:`cardtable.game.GameState`.

    ``to_move``, :meth:`legal_actions` and :meth:`apply` act on whatever decision
    comes next: a card in the current round, or a buy-back decision (``"buyback"``
    or ``"pass"``) of an out player between rounds.
    """

    __slots__ = (
        "_actions",
        "_buyback_queue",
        "_current",
        "_history",
        "_ledger",
        "_phase",
        "_rng",
        "_rules",
        "_seed",
    )

    _rules: Rules
    _seed: int
    _rng: random.Random
    _ledger: Ledger
    _current: Round
    _history: list[Round]
    _phase: str
    _buyback_queue: list[int]
    _actions: list[str]

    def __init__(self) -> None:
        raise TypeError("create a Game with Game.new(rules, seed)")

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int = 0) -> Game:
        """Start a game: every player pays the stake, the first dealer is drawn from
        ``seed`` and the first round is dealt."""
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise ValueError(f"invalid rules {rules!r}: expected cardtable.gurka.Rules")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"invalid seed {seed!r}: expected an int")
        game = object.__new__(cls)
        n = rules.players
        game._rules = rules
        game._seed = seed
        game._rng = random.Random(seed)
        game._history = []
        game._phase = "play"
        game._buyback_queue = []
        game._actions = []
        game._ledger = Ledger.new(rules, game._rng.randrange(n))
        game._deal()
        return game

    def _deal(self) -> None:
        ledger = self._ledger
        self._current = Round.new(
            self._rules, ledger.seats_in(), ledger.dealer, self._rng.getrandbits(64)
        )
        self._phase = "play"

    # -- properties ------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed that drew the first dealer and shuffles every deal."""
        return self._seed

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._rules.players

    @property
    def phase(self) -> str:
        """``"play"`` (cards), ``"buyback"`` (out players decide) or ``"over"``."""
        return self._phase

    @property
    def current(self) -> Round:
        """The round in play; between rounds and after the game, the last round dealt."""
        return self._current

    @property
    def history(self) -> list[Round]:
        """The finished rounds, in order."""
        return list(self._history)

    @property
    def round_number(self) -> int:
        """The number of the current round, counting from 1."""
        return len(self._history) + (self._phase == "play")

    @property
    def scores(self) -> tuple[int, ...]:
        """Penalty score per seat (out players keep the score that put them out)."""
        return tuple(self._ledger.scores)

    @property
    def pot(self) -> int:
        """Chips staked into the pot so far: the stakes and paid buy-backs. It is not
        emptied by the payout; :attr:`chips` shows who won it."""
        return self._ledger.pot

    @property
    def paid(self) -> tuple[int, ...]:
        """Chips each seat has paid into the pot."""
        return tuple(self._ledger.paid)

    @property
    def chips(self) -> tuple[int, ...]:
        """Net chips per seat: pot won minus stakes paid. Sums to zero once the game
        is over (to minus the pot before)."""
        return self._ledger.chips()

    @property
    def alive(self) -> tuple[int, ...]:
        """The seats still in, ascending (out players who bought back are in again)."""
        return tuple(self._ledger.seats_in())

    @property
    def buybacks(self) -> tuple[int, ...]:
        """Buy-backs taken per seat."""
        return tuple(self._ledger.buybacks)

    @property
    def is_over(self) -> bool:
        """True once the pot has been paid out."""
        return self._phase == "over"

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the pot (several when it is split); empty before the end."""
        return self._ledger.winners

    @property
    def winner(self) -> int | None:
        """The seat that won the whole pot; None before the end and when the pot is split."""
        winners = self._ledger.winners
        return winners[0] if len(winners) == 1 else None

    @property
    def to_move(self) -> int | None:
        """The seat to decide next (a card or a buy-back), or None when the game is over."""
        if self._phase == "play":
            return self._current.to_move
        if self._phase == "buyback":
            return self._buyback_queue[0]
        return None

    @property
    def actions(self) -> list[str]:
        """Every action taken so far, in canonical text."""
        return list(self._actions)

    # -- play -------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """The legal actions of the seat to move: cards, or ``"buyback"`` and ``"pass"``."""
        if self._phase == "play":
            return self._current.legal_actions()
        if self._phase == "buyback":
            return [BUYBACK, PASS]
        return []

    def buyback_cost(self, seat: int) -> int:
        """What ``seat`` would pay to buy back now: the stake, or 0 for a first
        buy-back with ``free_rebuy``."""
        return self._ledger.buyback_cost(seat)

    def can_apply(self, action: str) -> bool:
        """Whether ``action`` is legal now (the same check :meth:`apply` makes)."""
        return allowed(self.verify, action)

    def verify(self, action: str) -> None:
        """Raise :class:`~cardtable.errors.IllegalAction`, naming the rule, if ``action``
        is not legal now; change nothing either way (the check :meth:`apply` makes)."""
        if self._phase == "play":
            self._current.verify(action)
        else:
            self._buyback_choice(action)

    def _buyback_choice(self, action: object) -> str:
        """The canonical buy-back decision; raises ``IllegalAction`` unless one is due."""
        if self._phase == "over":
            raise IllegalAction("the game is over: no more actions can be taken", code="game_over")
        if isinstance(action, str) and action.strip().lower() in (BUYBACK, PASS):
            return action.strip().lower()
        seat = self._buyback_queue[0]
        wrong = (
            f"{action!r} is not allowed"
            if isinstance(action, str)
            else f"an action is text, not {action!r}"
        )
        raise IllegalAction(
            f"{wrong}: seat {seat} is out and must decide whether to buy back in "
            f"('buyback' for {self.buyback_cost(seat)} chips) or stay out ('pass')",
            code="buyback_due",
            seat=seat,
            action=action,
            cost=self.buyback_cost(seat),
            legal=[BUYBACK, PASS],
        )

    def apply(self, action: str) -> str:
        """Take ``action`` for the seat to move; return it in canonical text (``"10s"``
        gives ``"TS"``, ``" Pass"`` gives ``"pass"``), as :attr:`actions` logs it.

        Raises :class:`~cardtable.errors.IllegalAction`, changing nothing, when it is
        not legal now.
        """
        if self._phase == "play":
            canonical = self._current.apply(action)
            self._actions.append(canonical)
            if self._current.is_over:
                self._finish_round()
            return canonical
        choice = self._buyback_choice(action)
        seat = self._buyback_queue[0]
        if choice == BUYBACK:
            self._ledger.buy_back(seat)
        self._actions.append(choice)
        self._buyback_queue.pop(0)
        if not self._buyback_queue:
            self._next_deal()
        return choice

    def _finish_round(self) -> None:
        rnd = self._current
        self._history.append(rnd)
        ledger = self._ledger
        self._buyback_queue = ledger.end_round(rnd.seats, rnd.result())
        if ledger.is_over:
            self._phase = "over"
        elif self._buyback_queue:
            self._phase = "buyback"
        else:
            self._next_deal()

    def _next_deal(self) -> None:
        self._ledger.next_dealer()
        self._deal()

    # -- observation and records -------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: its own hand, the public play, scores and chips."""
        _check_seat(self._rules, seat)
        to_move = self.to_move
        return self._current._observe(
            seat,
            to_move,
            self.legal_actions() if seat == to_move else [],
            self._phase,
            scores=self.scores,
            alive=self.alive,
            pot=self.pot,
            chips=self.chips,
            buybacks=self.buybacks,
            round_number=self.round_number,
            winners=self._ledger.winners if self._phase == "over" else None,
        )

    def to_record(self) -> dict[str, Any]:
        """A plain JSON record (rules, seed, actions, and the result once over) that
        replays this game exactly with :meth:`from_record`."""
        record: dict[str, Any] = {
            "game": "gurka",
            "type": "game",
            "version": RECORD_VERSION,
            "rules": self._rules.to_dict(),
            "seed": self._seed,
            "actions": list(self._actions),
        }
        if self.is_over:
            record["result"] = {
                "scores": list(self.scores),
                "chips": list(self.chips),
                "winners": list(self._ledger.winners),
            }
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_record` data by replaying its actions; a
        recorded result must match the replay.

        Raises :class:`~cardtable.errors.RecordError` naming the bad entry.
        """
        rules = _record_rules(record, "game")
        seed = record.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"game record: bad 'seed' {seed!r}: expected an int")
        game = cls.new(rules, seed)
        _replay(game, record.get("actions"))
        result = record.get("result")
        if result is not None and result != game.to_record().get("result"):
            raise RecordError(
                f"game record: 'result' {result!r} does not match the replay "
                f"{game.to_record().get('result')!r}"
            )
        return game

    def __repr__(self) -> str:
        return (
            f"<gurka.Game players={self.players} phase={self._phase} "
            f"round={self.round_number} scores={list(self._ledger.scores)} pot={self.pot}>"
        )
