"""Perfect-information Monte Carlo (PIMC) for Kraken, on the double-dummy solver.

For each decision the bot deals the hidden cards many times with the inference
sampler (the same determinizations as ISMCTS, :mod:`cardtable.bots.kraken_search`),
solves every world with all hands known, and takes the action with the best average.

What is averaged is the **round score** the bot's team would get, not raw points:
the declarers' final card points plus roem against the defenders' decide nat, so a
card that keeps a 1-point margin is worth far more than one that loses by 1. For a
world and an action, the solver's value over the remaining play is added to the
points and roem already scored; if the declarers end strictly ahead they score the
difference (mars included), otherwise they are nat and the defenders score 162 plus
all the roem. The multiplier applies. Trump choice, challenges and roem declarations
are judged the same way: each option is applied in each world, the rest of the
bidding follows the ISMCTS default policy, and the deal is solved from the first card
(its value only). Because the best-looking bid over a few noisy worlds is
over-estimated (the winner's curse), a bid or challenge is preferred to passing only
by its mean minus its standard error, and a bidding decision always looks at three
worlds at least.

Gurka is not a trick game with a fixed trump and partners: the bot declares
``games = {"kraken"}`` (``make_bot("pimc", game="gurka")`` is refused) and raises
``ValueError`` for an observation of another game.

>>> from cardtable.kraken import Round, Rules
>>> r = Round.new(Rules(), dealer=3, seed=4)
>>> bot = PimcBot(worlds=4, seed=1)
>>> bot.act(r.observation(r.to_move)) in r.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.bots.base import BaseBot, game_of
from cardtable.cards import Card
from cardtable.kraken.observation import Observation as KrakenObservation
from cardtable.kraken.round import Round
from cardtable.kraken.scoring import TOTAL_CARD_POINTS

__all__ = ["Estimate", "PimcBot", "round_outcome", "round_utility"]


def round_utility(round_: Round, value: int, team: int) -> float:
    """The score difference ``team`` would get if the remaining play is worth ``value``
    (declarers minus defenders, as :func:`cardtable.solver.solve` gives it)."""
    assert round_.declarer is not None
    declarers = round_.declarer.team
    points, roem = round_.card_points, round_.roem
    past = points[declarers] + roem[declarers] - points[1 - declarers] - roem[1 - declarers]
    final = past + value
    # nat: the declarers score nothing, the defenders 162 and all the roem
    difference = final if final > 0 else -(TOTAL_CARD_POINTS + roem[0] + roem[1])
    difference *= round_.multiplier
    return float(difference if team == declarers else -difference)


class PimcBot(BaseBot):
    """PIMC over inferred hidden hands, solved double dummy (Kraken only).

    The budget is ``worlds`` per decision (deterministic for a given ``seed``) or
    ``milliseconds`` of CPU time of the deciding thread per decision (at least one
    world; a busy machine makes it slower, not weaker). ``engine`` chooses the solver
    (``"auto"``, ``"native"`` or ``"pure"``).
    """

    name = "pimc"
    games: ClassVar[frozenset[str] | None] = frozenset({"kraken"})

    def __init__(
        self,
        worlds: int | None = None,
        milliseconds: float | None = None,
        seed: int | None = None,
        engine: str = "auto",
    ) -> None:
        if worlds is None and milliseconds is None:
            worlds = 20
        if worlds is not None and worlds < 1:
            raise ValueError(f"worlds must be at least 1, not {worlds}")
        if milliseconds is not None and milliseconds <= 0:
            raise ValueError(f"milliseconds must be positive, not {milliseconds}")
        if engine not in ("auto", "native", "pure"):
            raise ValueError(f"engine must be 'auto', 'native' or 'pure', not {engine!r}")
        self.worlds = worlds
        self.milliseconds = milliseconds
        self.engine: Any = engine
        self._rng = random.Random(seed)

    def act(self, observation: Any) -> str:
        """The action with the best average round score over the sampled worlds."""
        if not isinstance(observation, KrakenObservation):
            raise ValueError(f"pimc plays kraken only, not {game_of(observation)}")
        legal = list(observation.legal_actions)
        if len(legal) == 1:
            return legal[0]
        return self.pick(observation, self.estimates(observation))

    def pick(self, observation: KrakenObservation, estimates: dict[str, Estimate]) -> str:
        """The action :meth:`act` takes given the ``estimates`` (:meth:`choose`)."""
        return self.choose(observation, estimates)

    def estimates(self, observation: Any) -> dict[str, Estimate]:
        """Each legal action's :class:`Estimate` over the worlds sampled within the
        budget (what :meth:`act` chooses from, and what a hint explains)."""
        if not isinstance(observation, KrakenObservation):
            raise ValueError(f"pimc plays kraken only, not {game_of(observation)}")
        from cardtable.bots.kraken_search import KrakenSearch

        search = KrakenSearch(observation)
        return self.average(
            observation, lambda: (search.determinize(self._rng), 1.0), self.evaluate
        )

    def average(
        self,
        observation: KrakenObservation,
        draw: Callable[[], tuple[Round, float]],
        evaluate: Callable[[Round, list[str], int], dict[str, tuple[float, bool]]],
        mix: float = 0.0,
    ) -> dict[str, Estimate]:
        """The weighted average over worlds from ``draw`` (a world and its weight) of
        ``evaluate`` (each legal action's round score for the bot's team in that world
        and whether the declarers end nat), within the budget.

        ``mix`` is the share of the unweighted average in the result: the normalized
        weights are mixed with uniform ones by that share, a guard against a few worlds
        taking all the weight (0: the weights as they are)."""
        legal = list(observation.legal_actions)
        team = observation.seat % 2
        # per action: weighted total, squares and nats, then the same unweighted
        sums = {action: [0.0] * 6 for action in legal}
        done = 0
        weights = 0.0
        for done in self.budget(observation):  # noqa: B007 (done counts the worlds)
            world, weight = draw()
            weights += weight
            for action, (utility, nat) in evaluate(world, legal, team).items():
                row = sums[action]
                row[0] += weight * utility
                row[1] += weight * utility * utility
                row[2] += weight * nat
                row[3] += utility
                row[4] += utility * utility
                row[5] += nat
        # weights rescaled to sum to the worlds drawn: a mean is total / worlds
        scale = (1 - mix) * done / weights if weights > 0 else 0.0
        estimates = {}
        for action, row in sums.items():
            total, squares, nats = (row[i] * scale + mix * row[i + 3] for i in range(3))
            estimates[action] = Estimate(total, squares, nats, done)
        return estimates

    def budget(self, observation: KrakenObservation) -> Iterator[int]:
        """Counts the worlds (1, 2, ...) while the budget lasts: ``worlds``, or
        ``milliseconds`` of CPU time of this thread (at least one world, and at least
        three for a bidding decision: a bid judged on one or two worlds is a coin
        toss)."""
        deadline = (
            None if self.milliseconds is None else time.thread_time() + self.milliseconds / 1000
        )
        least = 1 if observation.phase == "play" else min(3, self.worlds or 3)
        done = 0
        while (self.worlds is None or done < self.worlds) and (
            deadline is None or done < least or time.thread_time() < deadline
        ):
            done += 1
            yield done

    def evaluate(self, world: Round, legal: list[str], team: int) -> dict[str, tuple[float, bool]]:
        """Each action's round score for ``team`` in ``world`` and whether the declarers
        end nat: in play the double-dummy value of each card; in bidding the option is
        applied, the rest of the bidding follows the ISMCTS default policy and the deal
        is solved from the first card."""
        from cardtable.bots.kraken_search import default_action
        from cardtable.solver.api import solve, value

        if world.phase == "play":
            solution = solve(world, self.engine)
            return {
                action: round_outcome(world, solution.card_values[Card.parse(action)], team)
                for action in legal
            }
        seed = self._rng.randrange(2**32)
        outcomes = {}
        for action in legal:
            trial = world.copy()
            trial.apply(action)
            policy = random.Random(seed)
            while trial.phase not in ("play", "done"):
                trial.apply(default_action(trial, policy))
            if trial.phase == "done":  # pragma: no cover - bidding never ends a round
                continue
            outcomes[action] = round_outcome(trial, value(trial, self.engine), team)
        return outcomes

    @staticmethod
    def choose(observation: Any, estimates: dict[str, Estimate]) -> str:
        """The action :meth:`act` takes given the ``estimates``: the best mean in
        play; in bidding a bid or challenge must beat passing by its standard error
        (a few noisy worlds make the best-looking bid look better than it is, the
        winner's curse)."""
        legal = list(estimates)
        if observation.phase == "play" or "pass" not in legal:
            return max(legal, key=lambda action: estimates[action].total)

        def cautious(action: str) -> float:
            estimate = estimates[action]
            done = estimate.worlds
            mean = estimate.total / done
            if action == "pass" or done < 2:
                return mean
            variance = max(0.0, estimate.squares / done - mean * mean)
            return mean - math.sqrt(variance / (done - 1))

        return max(legal, key=cautious)


@dataclass(frozen=True)
class Estimate:
    """What the sampled worlds say of one action."""

    total: float
    """The sum over the worlds of the round score difference for the bot's team."""
    squares: float
    """The sum of its squares (for the standard error)."""
    nat: float
    """The (weighted) worlds in which the declarers end nat."""
    worlds: int
    """The worlds sampled (weights are rescaled to sum to this); 0 when the estimate
    is a learned evaluation, whose ``total`` is then the mean itself."""

    @property
    def mean(self) -> float:
        """The average round score difference for the bot's team."""
        return self.total / self.worlds if self.worlds else self.total

    @property
    def nat_share(self) -> float:
        """The share of the worlds in which the declarers end nat (0 to 1)."""
        return self.nat / self.worlds if self.worlds else 0.0


def round_outcome(round_: Round, value: int, team: int) -> tuple[float, bool]:
    """The round score for ``team`` when the remaining play is worth ``value``
    (:func:`round_utility`), and whether the declarers end nat."""
    assert round_.declarer is not None
    declarers = round_.declarer.team
    points, roem = round_.card_points, round_.roem
    past = points[declarers] + roem[declarers] - points[1 - declarers] - roem[1 - declarers]
    return round_utility(round_, value, team), past + value <= 0
