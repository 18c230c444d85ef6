"""Train the learned bidding evaluation of Kraken (:mod:`cardtable.bots.kraken_bidding`).

``nice -n 10 python -m cardtable.bots.training.train_kraken_bidding --deals 8000 --seed 1``
writes ``src/cardtable/bots/models/kraken_bidding.json`` and prints its figures.

1. **Deals** (:func:`generate`): ``--deals`` random deals, each with one play rule
   (Amsterdam or Rotterdam, half each) and trick roem or not (two thirds with). Each
   trump suit of a deal is solved once, double dummy from the first card with North
   leading (:func:`cardtable.solver.api.value`, about 25 ms of CPU each with the
   native solver): four values per deal. Since the solver maximises North-South's
   points minus East-West's for both sides, the value does not depend on who declared,
   so every contract of the deal is scored from these four numbers. The solved deals
   are cached (``--data``, resumed when the run is stopped).
2. **Bidding simulation** (:class:`Simulator`): on every deal, ``--draws`` biddings with
   rules drawn at random (trump choice free 40%, free_dealer, utrecht, random with
   either fallback 15% each; roem from hand or none for the deals solved without trick
   roem; challenges on 80%), all deals at once in numpy. Each seat bids by a policy;
   at each decision it reaches, the outcome of *every* legal action is computed (the
   other seats going on by their policies, down to the roem declarations and the score
   with nat, mars and the multiplier: :func:`utility`) and recorded as a training row
   of the deciding seat's features and its team's score difference. Values of later
   decisions are computed first (backward induction), so a pass is worth what the
   others then make of the deal.
3. **Fitting** (:func:`fit`): one small network per head (name a suit, pass, challenge,
   roem), mean squared error on the rows of the training deals.
4. **Policy iteration**: the first simulation bids by the heuristic
   (:class:`HeuristicPolicy`), each next one by the model just fitted; ``--iterations``
   rounds. On the validation deals every pair of the heuristic and the iterations'
   models bid against each other (double-dummy play, duplicate); the model with the
   best mean lead over all the others is kept.
5. **Figures** on the test deals (never fitted on): the root mean squared error of each
   head against a per-context mean and a per-context line in the heuristic's hand
   strength (:func:`errors`), and the model's bidding against the heuristic's, both
   with double-dummy play, duplicate (:func:`duel`).

Everything is seeded: the same ``--deals`` and ``--seed`` give the same model.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Protocol

import numpy as np

from cardtable.bots.kraken_bidding import (
    DEFENCE,
    HAND_FEATURES,
    HEADS,
    MODEL_PATH,
    ROEM,
    STRENGTH,
    SUIT_FEATURES,
    BiddingModel,
    Head,
    challenge_inputs,
    challenge_key,
    hand_features,
    input_size,
    name_inputs,
    pass_inputs,
    roem_inputs,
    roem_key,
    suit_features,
    trump_key,
)
from cardtable.bots.kraken_heuristic import (
    CONTRA_THRESHOLD,
    NAME_THRESHOLD,
    RE_THRESHOLD,
    SUPERKRAKEN_THRESHOLD,
)
from cardtable.cards import CardSet, Suit, iter_bits
from cardtable.kraken.actions import trump_action
from cardtable.kraken.round import Round
from cardtable.kraken.rules import Rules
from cardtable.kraken.scoring import MARS_BONUS, TOTAL_CARD_POINTS
from cardtable.kraken.trick import DECK
from cardtable.solver.api import Engine, value

SAVE_EVERY: Final = 200

# --- the data: deals and their double-dummy values -------------------------------------

DATA_VERSION: Final = 1
DEALER: Final = 3
"""Every deal of the data set is dealt by West, so North (seat 0) leads; the bidding
is simulated from every position relative to that dealer."""
ROTTERDAM_SHARE: Final = 0.5
TRICK_ROEM_SHARE: Final = 2 / 3


@dataclass
class Dataset:
    """Deals with the double-dummy value of each trump suit, for one play rule each.

    ``values[i, t]`` is North-South's points minus East-West's over the whole play (card
    points, last trick, mars, and trick roem when ``tricks[i]``) with suit ``t`` trump
    and North leading, both sides playing perfectly with all hands known: the same for
    every declarer, since the solver maximises that difference for both teams.
    """

    seed: int
    hands: np.ndarray
    """(N, 4) card masks of N, E, S, W."""
    values: np.ndarray
    """(N, 4) int: the value of each trump suit (clubs, diamonds, hearts, spades)."""
    rotterdam: np.ndarray
    """(N,) bool: the deal was solved with the Rotterdam play rule (else Amsterdam)."""
    tricks: np.ndarray
    """(N,) bool: trick roem counted (roem="tricks"), else no roem in play."""
    seconds: float = 0.0
    """CPU seconds spent solving."""

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def save(self, path: Path) -> None:
        """Write the data set (atomically) as a compressed ``.npz``."""
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".part.npz")
        np.savez_compressed(
            partial,
            version=DATA_VERSION,
            seed=self.seed,
            hands=self.hands.astype(np.int64),
            values=self.values.astype(np.int16),
            rotterdam=self.rotterdam,
            tricks=self.tricks,
            seconds=self.seconds,
        )
        os.replace(partial, path)

    @classmethod
    def load(cls, path: Path) -> Dataset:
        """Read a data set written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as data:
            if int(data["version"]) != DATA_VERSION:
                raise ValueError(f"{path} holds data version {int(data['version'])}")
            return cls(
                int(data["seed"]),
                data["hands"].astype(np.int64),
                data["values"].astype(np.int64),
                data["rotterdam"].astype(bool),
                data["tricks"].astype(bool),
                float(data["seconds"]),
            )


def deal_of(seed: int, index: int) -> tuple[list[int], bool, bool]:
    """Deal ``index`` of the data set with ``seed``: the four hands (masks) and its
    rules (Rotterdam or not, trick roem or not)."""
    rng = random.Random(f"kraken-bidding:{seed}:{index}")
    deck = list(iter_bits(DECK.mask))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[8 * s : 8 * s + 8]) for s in range(4)]
    rotterdam = rng.random() < ROTTERDAM_SHARE
    tricks = rng.random() < TRICK_ROEM_SHARE
    return hands, rotterdam, tricks


def solve_deal(hands: list[int], rotterdam: bool, tricks: bool, engine: Engine) -> list[int]:
    """The double-dummy value (North-South minus East-West) of each trump suit."""
    rules = Rules(
        play="rotterdam" if rotterdam else "amsterdam",
        roem="tricks" if tricks else "none",
        challenges=False,
    )
    cards = [CardSet(h) for h in hands]
    values = []
    for suit in Suit:
        round_ = Round.from_hands(rules, cards, DEALER)
        round_.apply(trump_action(suit))  # North names it: team 0 declares
        values.append(value(round_, engine))
    return values


def generate(
    deals: int,
    seed: int,
    path: Path | None = None,
    engine: Engine = "auto",
    log: Callable[[str], None] = print,
) -> Dataset:
    """The data set of ``deals`` deals for ``seed``, solving what ``path`` (a cache
    written as it goes, resumed when it exists) does not hold yet."""
    data = Dataset(
        seed,
        np.zeros((0, 4), np.int64),
        np.zeros((0, 4), np.int64),
        np.zeros(0, bool),
        np.zeros(0, bool),
    )
    if path is not None and path.exists():
        cached = Dataset.load(path)
        if cached.seed == seed:
            data = cached
    if len(data) >= deals:
        return _head(data, deals)
    hands = [list(map(int, row)) for row in data.hands]
    values = [list(map(int, row)) for row in data.values]
    rotterdam = list(map(bool, data.rotterdam))
    tricks = list(map(bool, data.tricks))
    seconds = data.seconds
    start = time.process_time()
    for index in range(len(data), deals):
        deal, rot, tri = deal_of(seed, index)
        values.append(solve_deal(deal, rot, tri, engine))
        hands.append(deal)
        rotterdam.append(rot)
        tricks.append(tri)
        done = index + 1
        if done % SAVE_EVERY == 0 or done == deals:
            spent = seconds + time.process_time() - start
            data = Dataset(
                seed,
                np.array(hands, np.int64),
                np.array(values, np.int64),
                np.array(rotterdam, bool),
                np.array(tricks, bool),
                spent,
            )
            if path is not None:
                data.save(path)
            each = 1000 * spent / done / 4
            log(f"solved {done}/{deals} deals, {spent:.0f} s CPU ({each:.1f} ms a solve)")
    return data


def _head(data: Dataset, deals: int) -> Dataset:
    share = deals / max(1, len(data))
    return Dataset(
        data.seed,
        data.hands[:deals],
        data.values[:deals],
        data.rotterdam[:deals],
        data.tricks[:deals],
        data.seconds * share,
    )


# --- what each seat sees of each deal ---------------------------------------------------


@dataclass
class Tables:
    """The features of every deal of a :class:`Dataset`, per seat and suit."""

    suit: np.ndarray
    """(N, 4, 4, features): :func:`suit_features` of each seat's hand for each trump."""
    hand: np.ndarray
    """(N, 4, features): :func:`hand_features` of each seat's hand."""
    roem: np.ndarray
    """(N, 4, 4): the hand roem each seat could declare with each trump."""
    stuk: np.ndarray
    """(N, 4, 4): the part of it that is stuk (20 or 0)."""
    values: np.ndarray
    rotterdam: np.ndarray
    tricks: np.ndarray

    @classmethod
    def of(cls, data: Dataset) -> Tables:
        """The tables of ``data``."""
        n = len(data)
        suit = np.zeros((n, 4, 4, len(SUIT_FEATURES)))
        hand = np.zeros((n, 4, len(HAND_FEATURES)))
        roem = np.zeros((n, 4, 4), np.int64)
        stuk = np.zeros((n, 4, 4), np.int64)
        for i in range(n):
            for seat in range(4):
                mask = int(data.hands[i, seat])
                hand[i, seat] = hand_features(mask)
                for t in range(4):
                    features = suit_features(mask, t)
                    suit[i, seat, t] = features
                    roem[i, seat, t] = round(features[ROEM] * 10)
                    stuk[i, seat, t] = 20 * round(features[SUIT_FEATURES.index("stuk")])
        return cls(suit, hand, roem, stuk, data.values, data.rotterdam, data.tricks)


def utility(
    values: np.ndarray,
    declarers: np.ndarray,
    roem0: np.ndarray,
    roem1: np.ndarray,
    trick_roem: np.ndarray,
) -> np.ndarray:
    """North-South's round score minus East-West's at a multiplier of 1, for the
    double-dummy ``values`` (North-South minus East-West over the play) and the roem
    declared from hand.

    As :func:`cardtable.bots.pimc.round_utility` and :func:`cardtable.kraken.scoring.
    score_round` have it: the declarers score the difference when they end strictly
    ahead (card points and roem), otherwise they are nat and the defenders score 162 plus
    all the roem, and 100 more for all eight tricks. With trick roem the value does not
    say how much roem the defenders took, so nat costs at least 162 and at least the
    value's own margin (exact for a mars).
    """
    sign = np.where(declarers == 0, 1, -1)
    own = values * sign
    ours = np.where(declarers == 0, roem0, roem1)
    theirs = np.where(declarers == 0, roem1, roem0)
    final = own + ours - theirs
    mars = np.where(own <= -(TOTAL_CARD_POINTS + MARS_BONUS), MARS_BONUS, 0)
    nat = np.where(
        trick_roem, np.maximum(TOTAL_CARD_POINTS, -final), TOTAL_CARD_POINTS + roem0 + roem1 + mars
    )
    return np.where(final > 0, final, -nat) * sign


def declared(amounts: np.ndarray, stuks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`cardtable.kraken.roem.declared_roem` on (rows, 4 seats) arrays."""
    total = [amounts[:, team::2].sum(1) for team in (0, 1)]
    best = [amounts[:, team::2].max(1) for team in (0, 1)]
    stuk = [stuks[:, team::2].sum(1) for team in (0, 1)]
    return (
        np.where(best[0] >= best[1], total[0], stuk[0]),
        np.where(best[1] >= best[0], total[1], stuk[1]),
    )


# --- policies -------------------------------------------------------------------------


class Policy(Protocol):
    """The values a seat bids by, on rows of head inputs (the greedy action is taken)."""

    def name(self, x: np.ndarray) -> np.ndarray:
        """The value of naming the candidate suit."""
        ...

    def passing(self, x: np.ndarray) -> np.ndarray:
        """The value of passing."""
        ...

    def challenge(self, x: np.ndarray) -> np.ndarray:
        """The values of passing and of challenging, (rows, 2)."""
        ...

    def roem(self, x: np.ndarray) -> np.ndarray:
        """The values of passing and of declaring roem, (rows, 2)."""
        ...


class ModelPolicy:
    """Bid by a :class:`BiddingModel`'s estimates."""

    def __init__(self, model: BiddingModel) -> None:
        self.heads = model.heads

    def name(self, x: np.ndarray) -> np.ndarray:
        """The ``name`` head."""
        return np.asarray(self.heads["name"](x)[:, 0])

    def passing(self, x: np.ndarray) -> np.ndarray:
        """The ``pass`` head."""
        return np.asarray(self.heads["pass"](x)[:, 0])

    def challenge(self, x: np.ndarray) -> np.ndarray:
        """The ``challenge`` head."""
        return np.asarray(self.heads["challenge"](x))

    def roem(self, x: np.ndarray) -> np.ndarray:
        """The ``roem`` head."""
        return np.asarray(self.heads["roem"](x))


_SUIT = len(SUIT_FEATURES)
_ROEM_HAND = -2  # the "roem hand" rule flag, last but one column of every head


class HeuristicPolicy:
    """:mod:`cardtable.bots.kraken_heuristic`'s bidding as values: name a suit whose
    strength reaches the threshold, challenge by its thresholds, always declare roem."""

    def name(self, x: np.ndarray) -> np.ndarray:
        """Strength over the naming threshold (roem from hand counts half)."""
        strength = x[:, STRENGTH] * 10 + x[:, _ROEM_HAND] * x[:, ROEM] * 5
        return np.asarray(strength - NAME_THRESHOLD)

    def passing(self, x: np.ndarray) -> np.ndarray:
        """Zero: a suit is named when its value is above it."""
        return np.zeros(len(x))

    def challenge(self, x: np.ndarray) -> np.ndarray:
        """Contra and superkraken by defence strength, re by trump strength."""
        stage = np.argmax(x[:, _SUIT : _SUIT + 3], axis=1)
        defence = x[:, DEFENCE] * 10
        word = np.select(
            [stage == 0, stage == 1],
            [defence - CONTRA_THRESHOLD, x[:, STRENGTH] * 10 - RE_THRESHOLD],
            defence - SUPERKRAKEN_THRESHOLD,
        )
        return np.stack([np.zeros(len(x)), word], axis=1)

    def roem(self, x: np.ndarray) -> np.ndarray:
        """Always declare."""
        return np.tile([0.0, 1.0], (len(x), 1))


# --- the bidding, simulated on every deal at once ----------------------------------------

VARIANTS: Final[dict[str, float]] = {
    "free": 0.4,
    "free_dealer": 0.15,
    "utrecht": 0.15,
    "random/second_card": 0.15,
    "random/call_other": 0.15,
}
"""The trump choice variants and the share of the simulated biddings of each."""
HAND_ROEM_SHARE: Final = 0.6
"""Of the deals solved without trick roem, the share bid with roem from hand (the others
without roem)."""
CHALLENGES_SHARE: Final = 0.8
ORDERS: Final[dict[str, tuple[int, ...]]] = {
    "free": (0, 1, 2, 3),
    "free_dealer": (3, 0, 1, 2),
    "utrecht": (),
    "random/second_card": (0, 1, 2, 3),
    "random/call_other": (0, 1, 2, 3),
}
"""The seats that may name trump (or take it), in order, for West dealing."""
LEVELS: Final = (1, 2, 4)
"""The multiplier before each challenge stage."""


def offset(seat: int) -> int:
    """A seat's offset from the dealer (West) of the data set."""
    return (seat - DEALER) % 4


@dataclass
class Group:
    """Simulated biddings that share their rules: the deals, their turned suits."""

    variant: str
    roem: str
    challenges: bool
    deals: np.ndarray
    """Deal indices."""
    turned: np.ndarray
    """In random trump choice, the suit of the turned card."""
    second: np.ndarray
    """In random trump choice with ``second_card``, the suit declared after four passes."""
    flags: np.ndarray
    """(rows, 4) the rule flags of each row."""

    def take(self, rows: np.ndarray) -> Group:
        """The group restricted to ``rows``."""
        return Group(
            self.variant,
            self.roem,
            self.challenges,
            self.deals[rows],
            self.turned[rows],
            self.second[rows],
            self.flags[rows],
        )


def groups(tables: Tables, deals: np.ndarray, draws: int, seed: int) -> list[Group]:
    """``draws`` simulated biddings per deal, with rules drawn from ``seed``, grouped."""
    rng = np.random.default_rng(seed)
    rows: dict[tuple[str, str, bool], list[tuple[int, int, int]]] = {}
    names = list(VARIANTS)
    shares = np.array(list(VARIANTS.values()))
    for deal in deals:
        for _ in range(draws):
            variant = names[rng.choice(len(names), p=shares)]
            hand_roem = rng.random() < HAND_ROEM_SHARE
            roem = "tricks" if tables.tricks[deal] else "hand" if hand_roem else "none"
            challenges = bool(rng.random() < CHALLENGES_SHARE)
            turned = int(rng.integers(4))
            second = (turned + 1 + int(rng.integers(3))) % 4
            rows.setdefault((variant, roem, challenges), []).append((int(deal), turned, second))
    out = []
    for (variant, roem, challenges), members in sorted(rows.items()):
        array = np.array(members, np.int64)
        flags = np.zeros((len(array), 4))
        flags[:, 0] = tables.rotterdam[array[:, 0]]
        flags[:, 1] = roem == "tricks"
        flags[:, 2] = roem == "hand"
        flags[:, 3] = challenges
        out.append(Group(variant, roem, challenges, array[:, 0], array[:, 1], array[:, 2], flags))
    return out


@dataclass
class Samples:
    """Training rows of one head: inputs, targets (points at a multiplier of 1, for
    the deciding team), the context name, and the deal each row comes from."""

    x: list[np.ndarray]
    y: list[np.ndarray]
    keys: list[np.ndarray]
    deals: list[np.ndarray]

    def add(self, x: np.ndarray, y: np.ndarray, key: str | np.ndarray, deals: np.ndarray) -> None:
        """Add rows."""
        if len(x):
            self.x.append(x)
            self.y.append(y.reshape(len(x), -1))
            self.keys.append(np.broadcast_to(np.asarray(key, dtype=object), (len(x),)))
            self.deals.append(deals)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Everything as arrays."""
        if not self.x:
            none = np.zeros((0, 1))
            return none, none, np.zeros(0, dtype=object), np.zeros(0, np.int64)
        return (
            np.vstack(self.x),
            np.vstack(self.y),
            np.concatenate(self.keys),
            np.concatenate(self.deals),
        )


def empty_samples() -> dict[str, Samples]:
    """One empty :class:`Samples` per head."""
    return {head: Samples([], [], [], []) for head in HEADS}


class Simulator:
    """The bidding of every deal of a group at once, each seat by its policy, with
    the value of each action a seat could take (its team's round score difference when
    the others go on by their policies) recorded as training rows."""

    def __init__(self, tables: Tables, policies: list[Policy]) -> None:
        self.t = tables
        self.policies = policies
        self.samples = empty_samples()
        self._base: dict[tuple[str, bool], np.ndarray] = {}

    # --- after the challenges: roem and play --------------------------------------

    def base(self, roem: str, challenges: bool) -> np.ndarray:
        """(N, trump, declarer): North-South's round score difference at a multiplier
        of 1 (roem from hand declared by the policies)."""
        if (roem, challenges) not in self._base:
            n = len(self.t.values)
            table = np.zeros((n, 4, 4))
            deals = np.arange(n)
            for trump in range(4):
                for declarer in range(4):
                    if roem == "hand":
                        flags = self._flags(deals, "hand", challenges)
                        table[:, trump, declarer], _ = self.roem_stage(
                            deals, np.full(n, trump), np.full(n, declarer), flags
                        )
                    else:
                        zero = np.zeros(n)
                        table[:, trump, declarer] = utility(
                            self.t.values[:, trump],
                            np.full(n, declarer % 2),
                            zero,
                            zero,
                            np.full(n, roem == "tricks"),
                        )
            self._base[roem, challenges] = table
        return self._base[roem, challenges]

    def _flags(self, deals: np.ndarray, roem: str, challenges: bool = True) -> np.ndarray:
        flags = np.zeros((len(deals), 4))
        flags[:, 0] = self.t.rotterdam[deals]
        flags[:, 1] = roem == "tricks"
        flags[:, 2] = roem == "hand"
        flags[:, 3] = challenges
        return flags

    def roem_stage(
        self,
        deals: np.ndarray,
        trump: np.ndarray,
        declarer: np.ndarray,
        flags: np.ndarray,
        deviate: int | None = None,
    ) -> tuple[np.ndarray, list[tuple[int, np.ndarray, np.ndarray, np.ndarray]]]:
        """Roem from hand declared in turn by the policies (``deviate``: that seat does
        the other thing); North-South's round score difference at a multiplier of 1 and
        each asked seat's (seat, inputs, asked, declared-by-policy)."""
        n = len(deals)
        amounts = np.zeros((n, 4), np.int64)
        stuks = np.zeros((n, 4), np.int64)
        decisions = []
        for seat in range(4):  # left of the dealer (West) first
            amount = self.t.roem[deals, seat, trump]
            asked = amount > 0
            if not asked.any():
                continue
            team = seat % 2
            relation = np.where(declarer == seat, 0, np.where(declarer % 2 == team, 1, 2))
            mine, other = amounts[:, team::2], amounts[:, 1 - team :: 2]
            x = roem_inputs(
                self.t.suit[deals, seat, trump],
                amount,
                relation,
                offset(seat),
                (declarer - DEALER) % 4,
                mine.sum(1),
                other.sum(1),
                mine.max(1),
                other.max(1),
                flags,
            )
            values = self.policies[seat].roem(x)
            says = values[:, 1] > values[:, 0]
            act = asked & (~says if deviate == seat else says)
            amounts[:, seat] = np.where(act, amount, 0)
            stuks[:, seat] = np.where(act, self.t.stuk[deals, seat, trump], 0)
            decisions.append((seat, x, asked, says))
        roem0, roem1 = declared(amounts, stuks)
        outcome = utility(
            self.t.values[deals, trump], declarer % 2, roem0, roem1, np.zeros(n, bool)
        )
        return outcome, decisions

    def record_roem(
        self, deals: np.ndarray, trump: np.ndarray, declarer: np.ndarray, flags: np.ndarray
    ) -> None:
        """Training rows of the roem decisions of these contracts."""
        outcome, decisions = self.roem_stage(deals, trump, declarer, flags)
        for seat, x, asked, says in decisions:
            other, _ = self.roem_stage(deals, trump, declarer, flags, deviate=seat)
            sign = 1 if seat % 2 == 0 else -1
            y = np.stack([np.where(says, other, outcome), np.where(says, outcome, other)], axis=1)
            relation = np.where(declarer == seat, 0, np.where(declarer % 2 == seat % 2, 1, 2))
            keys = np.array([roem_key(int(r)) for r in relation], dtype=object)
            self.samples["roem"].add(x[asked], sign * y[asked], keys[asked], deals[asked])

    # --- challenges --------------------------------------------------------------------

    def challenges(
        self,
        group: Group,
        trump: np.ndarray,
        declarer: int,
        context: tuple[int, bool, bool],
        record: bool = False,
    ) -> np.ndarray:
        """The final multiplier of each row after the challenges by the policies."""
        n = len(group.deals)
        if not group.challenges:
            return np.ones(n)
        deals = group.deals
        base = self.base(group.roem, group.challenges)[deals, trump, declarer]
        left, partner, right = (declarer + 1) % 4, (declarer + 2) % 4, (declarer + 3) % 4
        queues = ((left, right), (declarer, partner), (left, right))
        passes, forced, took = context

        def node(
            stage: int, second: int, contra_left: bool, re_partner: bool, reach: np.ndarray
        ) -> np.ndarray:
            seat = queues[stage][second]
            x = challenge_inputs(
                self.t.suit[deals, seat, trump],
                stage,
                second,
                offset(seat),
                offset(declarer),
                passes,
                forced,
                took,
                contra_left,
                re_partner,
                group.flags,
            )
            values = self.policies[seat].challenge(x)
            says = values[:, 1] > values[:, 0]
            if stage == 2:
                said = np.full(n, 8.0)
            else:
                said = node(
                    stage + 1,
                    0,
                    contra_left or (stage == 0 and seat == left),
                    re_partner or (stage == 1 and seat == partner),
                    reach & says,
                )
            if second == 0:
                passed = node(stage, 1, contra_left, re_partner, reach & ~says)
            else:
                passed = np.full(n, float(LEVELS[stage]))
            if record and reach.any():
                sign = 1 if seat % 2 == 0 else -1
                y = np.stack([passed, said], axis=1) * (sign * base / LEVELS[stage])[:, None]
                self.samples["challenge"].add(
                    x[reach], y[reach], challenge_key(stage), deals[reach]
                )
            return np.where(says, said, passed)

        return node(0, 0, False, False, np.ones(n, bool))

    def contract(
        self,
        group: Group,
        trump: np.ndarray,
        declarer: int,
        context: tuple[int, bool, bool],
        record: bool = False,
    ) -> np.ndarray:
        """North-South's round score difference for each row when ``declarer`` names
        ``trump`` (after ``context``: passes before, forced, took)."""
        base = self.base(group.roem, group.challenges)[group.deals, trump, declarer]
        multiplier = self.challenges(group, trump, declarer, context, record)
        if record and group.roem == "hand":
            self.record_roem(group.deals, trump, np.full(len(trump), declarer), group.flags)
        return np.asarray(multiplier * base)

    # --- trump -------------------------------------------------------------------------

    def trump(self, group: Group, record: bool = False) -> np.ndarray:
        """North-South's round score difference of each row's bidding by the policies;
        with ``record``, every decision's training rows."""
        n = len(group.deals)
        deals = group.deals
        variant = group.variant
        random_ = variant.startswith("random")
        call_other = variant == "random/call_other"
        order = ORDERS[variant]
        suits = np.arange(4)
        # each state: (seat, passes, forced, candidate suits (rows, 4) mask, outcome
        # per suit (rows, 4), named suit per row or -1 for pass, inputs per suit, pass inputs)
        states: list[dict[str, Any]] = []

        def name_x(seat: int, trump: np.ndarray, passes: int, forced: bool) -> np.ndarray:
            return name_inputs(
                self.t.suit[deals, seat, trump],
                offset(seat),
                passes,
                forced,
                random_,
                call_other,
                group.flags,
            )

        # after every seat passed (or at once in utrecht)
        forced_seat = order[0] if order else (DEALER + 1) % 4
        forced_passes = len(order)
        if variant == "random/second_card":
            after = self.contract(group, group.second, forced_seat, (4, True, False))
            fallback = {"seat": forced_seat, "named": group.second, "passes": 4, "forced": True}
        else:
            allowed = np.ones((n, 4), bool)
            if call_other:
                allowed[np.arange(n), group.turned] = False
            outcomes = np.zeros((n, 4))
            values = np.full((n, 4), -np.inf)
            inputs = []
            for t in suits:
                trump = np.full(n, t)
                outcomes[:, t] = self.contract(
                    group, trump, forced_seat, (forced_passes, True, False)
                )
                x = name_x(forced_seat, trump, forced_passes, True)
                inputs.append(x)
                values[:, t] = np.where(allowed[:, t], self.policies[forced_seat].name(x), -np.inf)
            named = np.argmax(values, axis=1)
            after = outcomes[np.arange(n), named]
            fallback = {
                "seat": forced_seat,
                "named": named,
                "passes": forced_passes,
                "forced": True,
                "allowed": allowed,
                "outcomes": outcomes,
                "inputs": inputs,
            }
        outcome = after
        for passes in reversed(range(len(order))):
            seat = order[passes]
            pass_x = pass_inputs(
                self.t.hand[deals, seat],
                self.t.suit[deals, seat, group.turned]
                if random_
                else np.zeros((n, len(SUIT_FEATURES))),
                offset(seat),
                passes,
                random_,
                call_other,
                group.flags,
            )
            allowed = np.zeros((n, 4), bool)
            if random_:
                allowed[np.arange(n), group.turned] = True
            else:
                allowed[:] = True
            outcomes = np.zeros((n, 4))
            values = np.full((n, 4), -np.inf)
            inputs = []
            context = (passes, False, random_)
            for t in suits:
                trump = np.full(n, t)
                if random_:
                    trump = group.turned
                    if t > 0:
                        inputs.append(inputs[0])
                        continue
                x = name_x(seat, trump, passes, False)
                inputs.append(x)
                result = self.contract(group, trump, seat, context)
                value = self.policies[seat].name(x)
                if random_:
                    rows = np.arange(n)
                    outcomes[rows, group.turned] = result
                    values[rows, group.turned] = value
                else:
                    outcomes[:, t] = result
                    values[:, t] = value
            pass_value = self.policies[seat].passing(pass_x)
            best = np.argmax(values, axis=1)
            named = np.where(values[np.arange(n), best] > pass_value, best, -1)
            later = outcome
            outcome = np.where(named >= 0, outcomes[np.arange(n), np.maximum(named, 0)], later)
            states.append(
                {
                    "seat": seat,
                    "passes": passes,
                    "forced": False,
                    "named": named,
                    "allowed": allowed,
                    "outcomes": outcomes,
                    "inputs": inputs,
                    "pass_x": pass_x,
                    "later": later,
                    "context": context,
                }
            )
        if record:
            self._record_trump(group, list(reversed(states)), fallback)
        return outcome

    def _record_trump(
        self, group: Group, states: list[dict[str, Any]], fallback: dict[str, Any]
    ) -> None:
        n = len(group.deals)
        rows = np.arange(n)
        reach = np.ones(n, bool)
        variant = group.variant
        for state in [*states, fallback]:
            seat = state["seat"]
            sign = 1 if seat % 2 == 0 else -1
            key = trump_key(variant, offset(seat), state["passes"], state["forced"])
            named = state["named"]
            if "inputs" in state:
                for t in range(4):
                    ok = reach & state["allowed"][:, t]
                    if variant.startswith("random") and not state["forced"]:
                        ok = ok & (group.turned == t)
                    self.samples["name"].add(
                        state["inputs"][t][ok],
                        sign * state["outcomes"][ok, t],
                        key,
                        group.deals[ok],
                    )
            if not state["forced"]:
                self.samples["pass"].add(
                    state["pass_x"][reach], sign * state["later"][reach], key, group.deals[reach]
                )
            chosen = reach & (named >= 0)
            if chosen.any():
                context = state.get("context", (state["passes"], True, False))
                part = group.take(rows[chosen])
                self.contract(part, named[chosen], seat, context, record=True)
            reach = reach & (named < 0)


# --- fitting ---------------------------------------------------------------------------

OUT_SCALE: Final = 100.0
"""The networks compute in hundreds of points."""


def fit_head(
    x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int, batch: int = 256
) -> Head:
    """A :class:`Head` fitted to ``y`` by mean squared error (Adam, decaying step)."""
    rng = np.random.default_rng(seed)
    mean = x.mean(0)
    scale = x.std(0)
    scale = np.where(scale > 1e-6, scale, 1.0)
    xs = (x - mean) / scale
    ys = y / OUT_SCALE
    features, outputs = x.shape[1], y.shape[1]
    params = [
        rng.normal(0.0, np.sqrt(2.0 / features), (features, hidden)),
        np.zeros(hidden),
        rng.normal(0.0, np.sqrt(1.0 / hidden), (hidden, outputs)),
        ys.mean(0),
    ]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    step = 0
    decay = 1e-4
    for epoch in range(epochs):
        rate = 3e-3 * 0.05 ** (epoch / max(1, epochs - 1))
        order = rng.permutation(len(xs))
        for start in range(0, len(xs), batch):
            rows = order[start : start + batch]
            xb, yb = xs[rows], ys[rows]
            w1, b1, w2, b2 = params
            pre = xb @ w1 + b1
            h = np.maximum(pre, 0.0)
            error = (h @ w2 + b2 - yb) * (2.0 / len(rows))
            dh = (error @ w2.T) * (pre > 0)
            grads = [xb.T @ dh + decay * w1, dh.sum(0), h.T @ error + decay * w2, error.sum(0)]
            step += 1
            for p, g, m, v in zip(params, grads, moments, squares, strict=True):
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                p -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return Head(mean, scale, params[0], params[1], params[2], params[3], OUT_SCALE)


def fit(
    samples: dict[str, Samples], train: np.ndarray, hidden: int, epochs: int, seed: int
) -> dict[str, Head]:
    """Every head fitted on the rows of the deals marked in ``train`` (a bool per deal)."""
    heads = {}
    for index, (head, rows) in enumerate(samples.items()):
        x, y, _, deals = rows.arrays()
        mine = train[deals]
        if mine.sum() < 2:  # nothing to learn from: every action worth 0
            size, outputs = input_size(head), len(HEADS[head])
            heads[head] = Head(
                np.zeros(size),
                np.ones(size),
                np.zeros((size, hidden)),
                np.zeros(hidden),
                np.zeros((hidden, outputs)),
                np.zeros(outputs),
                OUT_SCALE,
            )
            continue
        heads[head] = fit_head(x[mine], y[mine], hidden, epochs, seed + index)
    return heads


# --- figures ---------------------------------------------------------------------------

_BASELINE_COLUMNS: Final[dict[str, tuple[int, ...]]] = {
    "name": (STRENGTH,),
    "pass": (HAND_FEATURES.index("best strength / 10"),),
    "challenge": (DEFENCE, STRENGTH),
    "roem": (len(SUIT_FEATURES),),
}
"""The hand strength columns of the baseline: the heuristic's strength of the suit named,
of the best suit for a pass, the defence and trump strength for a challenge, the roem
for a declaration."""


def errors(
    samples: dict[str, Samples], heads: Mapping[str, Head], train: np.ndarray
) -> dict[str, dict[str, float]]:
    """Held-out root mean squared error of each head's estimates (points, multiplier 1)
    against two baselines fitted on the same training rows: the mean of each decision
    context, and a line in the heuristic's hand strength per context."""
    out = {}
    for head, rows in samples.items():
        x, y, keys, deals = rows.arrays()
        fit_rows, test_rows = train[deals], ~train[deals]
        if not test_rows.any() or not fit_rows.any():
            continue
        predicted = heads[head](x[test_rows])
        context = np.zeros_like(y[test_rows])
        strength = np.zeros_like(y[test_rows])
        columns = list(_BASELINE_COLUMNS[head])
        for key in np.unique(keys[test_rows]):
            here = keys == key
            train_here, test_here = here & fit_rows, (here & test_rows)[test_rows]
            if not train_here.any():
                continue
            context[test_here] = y[train_here].mean(0)
            design = np.hstack([np.ones((int(train_here.sum()), 1)), x[train_here][:, columns]])
            coef, *_ = np.linalg.lstsq(design, y[train_here], rcond=None)
            test_x = x[test_rows][test_here][:, columns]
            strength[test_here] = np.hstack([np.ones((len(test_x), 1)), test_x]) @ coef
        target = y[test_rows]

        def rmse(estimate: np.ndarray, target: np.ndarray = target) -> float:
            return float(np.sqrt(np.mean((estimate - target) ** 2)))

        out[head] = {
            "rows": int(test_rows.sum()),
            "model": rmse(predicted),
            "context mean": rmse(context),
            "hand strength": rmse(strength),
        }
    return out


@dataclass(frozen=True)
class Lead:
    """A duplicate comparison of two bidding policies."""

    mean: float
    low: float
    high: float
    biddings: int

    def to_dict(self) -> dict[str, float]:
        """Rounded, for the model's figures."""
        return {
            "mean": round(self.mean, 1),
            "low": round(self.low, 1),
            "high": round(self.high, 1),
            "biddings": self.biddings,
        }

    def __str__(self) -> str:
        return f"{self.mean:+.1f} [{self.low:+.1f}, {self.high:+.1f}] over {self.biddings}"


def _lead(values: np.ndarray) -> Lead:
    if len(values) < 2:
        return Lead(float(values.mean()) if len(values) else 0.0, 0.0, 0.0, len(values))
    half = 1.96 * float(values.std(ddof=1)) / np.sqrt(len(values))
    mean = float(values.mean())
    return Lead(mean, mean - half, mean + half, len(values))


def duel(
    tables: Tables, a: Policy, b: Policy, deals: np.ndarray, draws: int, seed: int
) -> dict[str, Lead]:
    """Policy ``a`` against ``b``, duplicate, on ``deals`` with double-dummy play:
    ``a``'s lead per bidding (its team's round score difference, averaged over the
    two seatings) with its 95% interval, over every simulated bidding (``all``) and
    over those with the default rules of each play rule (free trump, trick roem,
    challenges: ``amsterdam``, ``rotterdam``)."""
    leads, default, rotterdam = [], [], []
    for group in groups(tables, deals, draws, seed):
        first = Simulator(tables, [a, b, a, b]).trump(group)
        second = Simulator(tables, [b, a, b, a]).trump(group)
        leads.append((first - second) / 2)
        plain = group.variant == "free" and group.roem == "tricks" and group.challenges
        default.append(np.full(len(first), plain))
        rotterdam.append(tables.rotterdam[group.deals])
    lead = np.concatenate(leads)
    usual = np.concatenate(default)
    rot = np.concatenate(rotterdam)
    return {
        "all": _lead(lead),
        "amsterdam": _lead(lead[usual & ~rot]),
        "rotterdam": _lead(lead[usual & rot]),
    }


def counts(samples: dict[str, Samples], train: np.ndarray) -> dict[str, int]:
    """Training decisions per context (a ``name`` decision counts once, not per suit)."""
    out: dict[str, int] = {}
    for head in ("pass", "challenge", "roem"):
        _, _, keys, deals = samples[head].arrays()
        for key, number in zip(*np.unique(keys[train[deals]], return_counts=True), strict=True):
            out[str(key)] = out.get(str(key), 0) + int(number)
    _, _, keys, deals = samples["name"].arrays()
    for key in np.unique(keys):
        if key.endswith(":forced"):  # forced: never a pass row; count its suits / 4
            out[str(key)] = int((train[deals] & (keys == key)).sum()) // 4
    # random trump choice's take rows have no pass rows when a seat cannot pass
    return out


# --- the command line ------------------------------------------------------------------


def train(
    deals: int,
    seed: int,
    data_path: Path | None,
    iterations: int,
    draws: int,
    epochs: int,
    hidden: int,
    test_share: float,
    engine: Engine = "auto",
    log: Callable[[str], None] = print,
) -> BiddingModel:
    """Generate (or resume) the data, run the policy iterations, and return the model
    with its figures in :attr:`BiddingModel.info`.

    The deals are split in order: training, validation (``test_share`` of them: the
    iteration whose policy does best against all the others there is kept) and
    test (``test_share``: the held-out figures)."""
    started = time.time()
    cpu = time.process_time()
    data = generate(deals, seed, data_path, engine, log)
    solved = time.process_time()
    tables = Tables.of(data)
    n = len(data)
    held = round(n * test_share)
    index = np.arange(n)
    train_deals = index < n - 2 * held
    validation = np.flatnonzero((index >= n - 2 * held) & (index < n - held))
    test = np.flatnonzero(index >= n - held)
    simulated = groups(tables, index[: n - held], draws, seed)
    heuristic = HeuristicPolicy()
    policy: Policy = heuristic
    # each iteration: its heads, the rows they were fitted on, the policy behind them
    fitted: list[tuple[dict[str, Head], dict[str, Samples], Policy]] = []
    for iteration in range(1, iterations + 1):
        simulator = Simulator(tables, [policy] * 4)
        for group in simulated:
            simulator.trump(group, record=True)
        heads = fit(simulator.samples, train_deals, hidden, epochs, seed + 100 * iteration)
        fitted.append((heads, simulator.samples, policy))
        policy = ModelPolicy(BiddingModel(heads))
        log(f"iteration {iteration}: fitted on {len(simulator.samples['name'].x)} batches")
    chosen, table = _round_robin(
        tables,
        [heuristic] + [ModelPolicy(BiddingModel(f[0])) for f in fitted],
        validation,
        draws,
        seed + 1,
        log,
    )
    heads, samples, behind = fitted[chosen - 1]
    info: dict[str, Any] = {
        "deals": n,
        "seed": seed,
        "validation deals": len(validation),
        "test deals": len(test),
        "solve cpu seconds": round(data.seconds, 1),
        "iterations": iterations,
        "kept iteration": chosen,
        "draws": draws,
        "epochs": epochs,
        "hidden": hidden,
        "validation leads": table,
        "rows": {head: len(samples[head].arrays()[0]) for head in HEADS},
    }
    if len(test) > 1:
        # the errors of the kept heads on the test deals' rows, the bidding simulated
        # by the policy whose values they learned
        test_samples = empty_samples()
        simulator = Simulator(tables, [behind] * 4)
        for group in groups(tables, test, draws, seed + 3):
            simulator.trump(group, record=True)
        for head in HEADS:
            test_samples[head] = simulator.samples[head]
        known = np.ones(n, bool)
        known[test] = False
        info["held out error"] = errors(_merge(samples, test_samples), heads, known)
        leads = duel(tables, ModelPolicy(BiddingModel(heads)), heuristic, test, draws, seed + 2)
        info["against heuristic bidding"] = {k: v.to_dict() for k, v in leads.items()}
        log(f"test: against the heuristic's bidding {leads['all']}")
    info["train cpu seconds"] = round(time.process_time() - solved, 1)
    info["total cpu seconds"] = round(data.seconds + time.process_time() - cpu, 1)
    info["wall seconds"] = round(time.time() - started, 1)
    return BiddingModel(heads, counts(samples, train_deals), info)


def _round_robin(
    tables: Tables,
    policies: list[Policy],
    deals: np.ndarray,
    draws: int,
    seed: int,
    log: Callable[[str], None],
) -> tuple[int, dict[str, float]]:
    """The policy (1 or more: 0 is the heuristic) with the best mean lead against all the
    others on ``deals``, and each policy's mean lead (the first iteration when there
    are too few deals to compare)."""
    if len(deals) < 2 or len(policies) < 3:
        return 1, {}
    size = len(policies)
    leads = np.zeros((size, size))
    for a in range(size):
        for b in range(a + 1, size):
            lead = duel(tables, policies[a], policies[b], deals, draws, seed)["all"].mean
            leads[a, b], leads[b, a] = lead, -lead
    means = leads.sum(1) / (size - 1)
    names = ["heuristic"] + [f"iteration {i}" for i in range(1, size)]
    for name, row, mean in zip(names, leads, means, strict=True):
        log(f"{name}: " + " ".join(f"{v:+6.1f}" for v in row) + f"  mean {mean:+.1f}")
    best = 1 + int(np.argmax(means[1:]))
    return best, {name: round(float(m), 1) for name, m in zip(names, means, strict=True)}


def _merge(first: dict[str, Samples], second: dict[str, Samples]) -> dict[str, Samples]:
    return {
        head: Samples(
            first[head].x + second[head].x,
            first[head].y + second[head].y,
            first[head].keys + second[head].keys,
            first[head].deals + second[head].deals,
        )
        for head in HEADS
    }


def main(argv: list[str] | None = None) -> int:
    """The command line: generate the data, train, write the model, print the figures."""
    parser = argparse.ArgumentParser(
        prog="python -m cardtable.bots.training.train_kraken_bidding",
        description="Train the learned bidding evaluation of Kraken (kraken_bidding).",
    )
    parser.add_argument("--deals", type=int, default=8000, help="deals to solve and use")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        help="the solved deals' cache (resumed); "
        "default data/kraken_bidding-SEED.npz, 'none' for no cache",
    )
    parser.add_argument("--out", type=Path, default=MODEL_PATH, help="where to write the model")
    parser.add_argument("--iterations", type=int, default=4, help="policy iterations")
    parser.add_argument("--draws", type=int, default=3, help="simulated biddings per deal")
    parser.add_argument("--epochs", type=int, default=16)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--test-share", type=float, default=0.15, help="deals held out")
    parser.add_argument("--engine", choices=("auto", "native", "pure"), default="auto")
    args = parser.parse_args(argv)
    data_path = args.data
    if data_path is None:
        data_path = Path("data") / f"kraken_bidding-{args.seed}.npz"
    elif str(data_path) == "none":
        data_path = None
    started = time.time()
    model = train(
        args.deals,
        args.seed,
        data_path,
        args.iterations,
        args.draws,
        args.epochs,
        args.hidden,
        args.test_share,
        args.engine,
    )
    model.save(args.out)
    print(json.dumps(model.info, indent=1))
    print(f"wrote {args.out} in {time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
