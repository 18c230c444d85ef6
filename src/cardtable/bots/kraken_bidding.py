"""A learned evaluation of Kraken's bidding decisions: trump, challenges, roem.

For each decision before the first card (name a suit or pass, take the turned suit or
pass, contra / re / superkraken or pass, declare roem from hand or not) the model
estimates the **expected round score difference** for the deciding seat's team after
each legal action: the team's points minus the other team's for the whole round, nat,
mars, challenges and roem included. It sees what the seat sees: its own hand, its
position relative to the dealer, the rules, and the public bidding so far.

The estimates are small neural networks (one hidden layer, numpy) over hand features
(the candidate trump suit's cards, side aces, tens and kings, suit lengths and voids,
roem, the heuristic's hand strength) and the public context. They were trained by
:mod:`cardtable.bots.training.train_kraken_bidding` on the double-dummy results of
many sampled deals: every trump suit of a deal is solved once, so the bidding of the
whole table can be simulated on every deal without more solving, and the value of a
pass is what the model's own policy at the other seats then makes of the deal (a few
rounds of policy iteration). See docs/bots.md.

>>> from cardtable.kraken import Round, Rules
>>> r = Round.from_hands(Rules(), ["JH 9H AH TH 8H AS AD KC", "7C 8C 9C TC JC QC 7D 8D",
...     "9D TD JD QD KD 7S 8S 9S", "TS JS QS KS 7H QH KH AC"], dealer=3)
>>> model = BiddingModel.load()
>>> model.choose(r.observation(0))
'trump H'
>>> sorted(model.estimates(r.observation(0))) == sorted(r.legal_actions())
True
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import numpy as np

from cardtable.bots.kraken_heuristic import choose as heuristic_choose
from cardtable.cards import CardSet, Rank, Suit
from cardtable.kraken.observation import Observation
from cardtable.kraken.roem import hand_roem
from cardtable.kraken.rules import Rules

__all__ = [
    "HEADS",
    "BiddingModel",
    "Head",
    "challenge_inputs",
    "hand_features",
    "input_size",
    "name_inputs",
    "pass_inputs",
    "roem_inputs",
    "suit_features",
]

MODEL_PATH: Final = Path(__file__).parent / "models" / "kraken_bidding.json"
"""The committed model."""
MODEL_VERSION: Final = 1

# --- hand features ---------------------------------------------------------------------

SUIT_FEATURES: Final[tuple[str, ...]] = (
    "trump J",
    "trump 9",
    "trump A",
    "trump 10",
    "trump K",
    "trump Q",
    "trump 8",
    "trump 7",
    "trumps",
    "side aces",
    "side tens",
    "side ace-ten",
    "side kings",
    "side bare tens",
    "side voids",
    "side singletons",
    "longest side suit",
    "hand roem / 10",
    "stuk",
    "heuristic strength / 10",
    "heuristic defence / 10",
)
"""What :func:`suit_features` measures of a hand for one candidate trump suit."""
HAND_FEATURES: Final[tuple[str, ...]] = (
    "jacks",
    "nines",
    "aces",
    "tens",
    "kings",
    "voids",
    "longest suit",
    "best strength / 10",
    "second strength / 10",
    "runs and fours roem / 10",
)
"""What :func:`hand_features` measures of a hand whatever the trump."""
STRENGTH: Final = SUIT_FEATURES.index("heuristic strength / 10")
DEFENCE: Final = SUIT_FEATURES.index("heuristic defence / 10")
ROEM: Final = SUIT_FEATURES.index("hand roem / 10")


def _bit(suit: int, rank: int) -> int:
    return 1 << (13 * suit + rank - 2)


_LOW: Final = Rank.SEVEN - 2
"""The bit of the seven within a suit's 13 bits: a suit's Kraken cards are 8 bits up."""
_RUNS: Final[tuple[int, ...]] = tuple(
    hand_roem(CardSet(held << (13 * Suit.CLUBS + _LOW)), Suit.HEARTS) for held in range(256)
)
"""The hand roem of the runs in one suit's holding (8 bits, 7 to ace)."""
_FOUR: Final[tuple[int, ...]] = tuple(
    hand_roem(CardSet(sum(_bit(s, rank + 2 + _LOW) for s in range(4))), Suit.HEARTS)
    for rank in range(8)
)
"""The hand roem of four cards of each rank (by bit, 7 to ace)."""
_TRUMP_VALUE: Final[tuple[int, ...]] = (4, 4, 22, 11, 30, 6, 7, 14)
_DEFENCE_VALUE: Final[tuple[int, ...]] = (4, 4, 18, 4, 25, 4, 4, 8)
""":mod:`~cardtable.bots.kraken_heuristic`'s values of trump cards (by bit, 7 to ace)."""
_ACE, _TEN, _KING, _QUEEN = (
    rank - 2 - _LOW for rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)
)
_ORDER: Final[tuple[int, ...]] = tuple(
    rank - 2 - _LOW
    for rank in (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, 8, 7)
)


def _holding(held: int) -> tuple[tuple[float, ...], int, int, int]:
    """One suit's holding (8 bits, 7 to ace): its cards in :data:`_ORDER` as 0 or 1,
    and the heuristic's values of it as trump, as trump in defence, and as a side suit."""
    count = held.bit_count()
    ace, ten = held >> _ACE & 1, held >> _TEN & 1
    side = 13 + 10 * ten if ace else 4 if ten and count >= 2 else 0
    return (
        tuple(float(held >> r & 1) for r in _ORDER),
        sum(_TRUMP_VALUE[r] for r in range(8) if held >> r & 1) + 6 * max(0, count - 3),
        sum(_DEFENCE_VALUE[r] for r in range(8) if held >> r & 1),
        side + (3 if count == 0 else 0),
    )


_HOLDINGS: Final = tuple(_holding(held) for held in range(256))


def hand_table(hand: int) -> tuple[list[list[float]], list[float]]:
    """The :func:`suit_features` of ``hand`` for each trump (clubs to spades) and its
    :func:`hand_features`, computed together."""
    held = [(hand >> (13 * s + _LOW)) & 0xFF for s in range(4)]
    counts = [h.bit_count() for h in held]
    common = held[0] & held[1] & held[2] & held[3]
    roem = _RUNS[held[0]] + _RUNS[held[1]] + _RUNS[held[2]] + _RUNS[held[3]]
    if common:
        roem += sum(_FOUR[r] for r in range(8) if common >> r & 1)
    ace = [h >> _ACE & 1 for h in held]
    ten = [h >> _TEN & 1 for h in held]
    king = [h >> _KING & 1 for h in held]
    kinds = [_HOLDINGS[h] for h in held]
    sides = kinds[0][3] + kinds[1][3] + kinds[2][3] + kinds[3][3]
    aces, tens, kings = sum(ace), sum(ten), sum(king)
    both = [a & t for a, t in zip(ace, ten, strict=True)]
    bare = [t and c == 1 for t, c in zip(ten, counts, strict=True)]
    rows = []
    for t in range(4):
        h = held[t]
        bits, as_trump, in_defence, side = kinds[t]
        stuk = h >> _KING & 1 and h >> _QUEEN & 1
        rest = sides - side
        longest = max(counts[s] for s in range(4) if s != t)
        rows.append(
            [
                *bits,
                float(counts[t]),
                float(aces - ace[t]),
                float(tens - ten[t]),
                float(sum(both) - both[t]),
                float(kings - king[t]),
                float(sum(bare) - bare[t]),
                float(counts.count(0) - (counts[t] == 0)),
                float(counts.count(1) - (counts[t] == 1)),
                float(longest),
                (roem + 20 * stuk) / 10,
                float(stuk),
                (as_trump + rest + (10 if stuk else 0)) / 10,
                (in_defence + rest) / 10,
            ]
        )
    strengths = sorted((row[STRENGTH] for row in rows), reverse=True)
    features = [
        float(sum(h >> _ORDER[0] & 1 for h in held)),
        float(sum(h >> _ORDER[1] & 1 for h in held)),
        float(aces),
        float(tens),
        float(kings),
        float(counts.count(0)),
        float(max(counts)),
        strengths[0],
        strengths[1],
        roem / 10,
    ]
    return rows, features


def suit_features(hand: int, trump: int) -> list[float]:
    """The features of ``hand`` (a card mask) with ``trump`` (a suit number) as trump:
    :data:`SUIT_FEATURES`, in that order."""
    return hand_table(hand)[0][trump]


def hand_features(hand: int) -> list[float]:
    """The features of ``hand`` whatever the trump: :data:`HAND_FEATURES`."""
    return hand_table(hand)[1]


# --- the inputs of each head ------------------------------------------------------------

RULE_FLAGS: Final[tuple[str, ...]] = ("rotterdam", "roem tricks", "roem hand", "challenges")


def rule_flags(rules: Rules) -> list[float]:
    """The rule fields the values depend on, as :data:`RULE_FLAGS` (0 or 1)."""
    return [
        float(rules.play == "rotterdam"),
        float(rules.roem == "tricks"),
        float(rules.roem == "hand"),
        float(rules.challenges),
    ]


Part = tuple[Any, int]
"""One input of a context: a value (a number, or one per row) and its size: 0 for a
plain number, otherwise the number of classes of a one-hot code."""


def _encode(n: int, parts: list[Part]) -> np.ndarray:
    """The (n, columns) encoding of ``parts``: a row built once when every value is a
    number (a decision at the table), columns per row otherwise (training)."""
    if all(np.ndim(value) == 0 for value, _ in parts):
        row: list[float] = []
        for value, size in parts:
            if size:
                code = [0.0] * size
                code[int(value)] = 1.0
                row += code
            else:
                row.append(float(value))
        return np.tile(np.array(row), (n, 1))
    columns: list[np.ndarray] = []
    for value, size in parts:
        values = np.broadcast_to(np.asarray(value), (n,))
        if size:
            codes = np.zeros((n, size))
            codes[np.arange(n), values.astype(np.int64)] = 1.0
            columns.append(codes)
        else:
            columns.append(values.astype(float).reshape(n, 1))
    return np.hstack(columns)


def _trump_context(
    offset: Any, passes: Any, forced: Any, random_: Any, call_other: Any
) -> list[Part]:
    return [(offset, 4), (passes, 5), (forced, 0), (random_, 0), (call_other, 0)]


def name_inputs(
    suit: np.ndarray,
    offset: Any,
    passes: Any,
    forced: Any,
    random_: Any,
    call_other: Any,
    flags: np.ndarray,
) -> np.ndarray:
    """The ``name`` head's inputs: the suit features of the candidate trump, the
    trump-choice context (offset of the seat from the dealer, passes before it, forced,
    random trump choice, the ``call_other`` fallback) and the rule flags. Every
    argument is one value or one per row (``suit`` and ``flags`` are 2-d)."""
    context = _encode(len(suit), _trump_context(offset, passes, forced, random_, call_other))
    return np.hstack([suit, context, flags])


def pass_inputs(
    hand: np.ndarray,
    proposed: np.ndarray,
    offset: Any,
    passes: Any,
    random_: Any,
    call_other: Any,
    flags: np.ndarray,
) -> np.ndarray:
    """The ``pass`` head's inputs: the hand features, the suit features of the turned
    card's suit in random trump choice (zeros otherwise), the context and the flags."""
    context = _encode(len(hand), _trump_context(offset, passes, 0.0, random_, call_other))
    return np.hstack([hand, proposed, context, flags])


STAGES: Final[tuple[str, ...]] = ("contra", "re", "superkraken")


def challenge_inputs(
    suit: np.ndarray,
    stage: Any,
    second: Any,
    offset: Any,
    declarer_offset: Any,
    declarer_passes: Any,
    forced: Any,
    took: Any,
    contra_left: Any,
    re_partner: Any,
    flags: np.ndarray,
) -> np.ndarray:
    """The ``challenge`` head's inputs: the suit features of the trump, the stage
    (0 contra, 1 re, 2 superkraken), whether the other seat of this stage passed already,
    the seat's and the declarer's offsets from the dealer, the passes before the
    declarer named trump, whether it was forced or took a turned card, whether the
    contra came from the seat left of the declarer, whether the re came from the
    declarer's partner, and the flags."""
    context = _encode(
        len(suit),
        [
            (stage, 3),
            (second, 0),
            (offset, 4),
            (declarer_offset, 4),
            (declarer_passes, 5),
            (forced, 0),
            (took, 0),
            (contra_left, 0),
            (re_partner, 0),
        ],
    )
    return np.hstack([suit, context, flags])


def roem_inputs(
    suit: np.ndarray,
    amount: Any,
    relation: Any,
    offset: Any,
    declarer_offset: Any,
    ours: Any,
    theirs: Any,
    our_best: Any,
    their_best: Any,
    flags: np.ndarray,
) -> np.ndarray:
    """The ``roem`` head's inputs: the suit features of the trump, the roem the seat
    can declare, its relation to the declarer (0 declarer, 1 partner, 2 defender), the
    offsets of the seat and the declarer from the dealer, the roem declared so far by
    the seat's team and by the others (totals and best single declarations), the flags.
    Roem counts in tens."""
    context = _encode(
        len(suit),
        [
            (np.divide(amount, 10), 0),
            (relation, 3),
            (offset, 4),
            (declarer_offset, 4),
            (np.divide(ours, 10), 0),
            (np.divide(theirs, 10), 0),
            (np.divide(our_best, 10), 0),
            (np.divide(their_best, 10), 0),
        ],
    )
    return np.hstack([suit, context, flags])


def input_size(head: str) -> int:
    """The number of inputs of ``head`` (one of :data:`HEADS`)."""
    suit = np.zeros((1, len(SUIT_FEATURES)))
    flags = np.zeros((1, len(RULE_FLAGS)))
    if head == "name":
        x = name_inputs(suit, 0, 0, 0, 0, 0, flags)
    elif head == "pass":
        x = pass_inputs(np.zeros((1, len(HAND_FEATURES))), suit, 0, 0, 0, 0, flags)
    elif head == "challenge":
        x = challenge_inputs(suit, 0, 0, 0, 0, 0, 0, 0, 0, 0, flags)
    else:
        x = roem_inputs(suit, 0, 0, 0, 0, 0, 0, 0, 0, flags)
    return int(x.shape[1])


HEADS: Final[dict[str, tuple[str, ...]]] = {
    "name": ("name",),
    "pass": ("pass",),
    "challenge": ("pass", "challenge"),
    "roem": ("pass", "roem"),
}
"""Each head and what its outputs estimate (at a multiplier of 1)."""


# --- the networks -----------------------------------------------------------------------


@dataclass(frozen=True)
class Head:
    """One small network: standardized inputs, one ReLU layer, linear outputs in points."""

    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    out_scale: float
    _first: tuple[np.ndarray, np.ndarray] = field(init=False, repr=False, compare=False)
    _second: tuple[np.ndarray, np.ndarray] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the standardization and the output scale folded into the weights, once
        first = self.w1 / self.scale[:, None]
        object.__setattr__(self, "_first", (first, self.b1 - self.mean @ first))
        object.__setattr__(self, "_second", (self.w2 * self.out_scale, self.b2 * self.out_scale))

    def __call__(self, x: np.ndarray) -> np.ndarray:
        """The outputs (rows, outputs) for inputs (rows, features)."""
        w1, b1 = self._first
        w2, b2 = self._second
        hidden = x @ w1
        hidden += b1
        np.maximum(hidden, 0.0, out=hidden)
        out: np.ndarray = hidden @ w2 + b2
        return out

    def to_dict(self) -> dict[str, Any]:
        """The weights as JSON data (6 significant digits)."""

        def plain(array: np.ndarray) -> Any:
            return np.round(array.astype(float), 6).tolist()

        return {
            "mean": plain(self.mean),
            "scale": plain(self.scale),
            "w1": plain(self.w1),
            "b1": plain(self.b1),
            "w2": plain(self.w2),
            "b2": plain(self.b2),
            "out_scale": self.out_scale,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Head:
        """A head from :meth:`to_dict` data."""
        mean, scale, w1, b1, w2, b2 = (
            np.asarray(data[k], dtype=float) for k in ("mean", "scale", "w1", "b1", "w2", "b2")
        )
        return cls(mean, scale, w1, b1, w2, b2, float(data["out_scale"]))


MIN_SAMPLES: Final = 200
"""A decision whose context had fewer training samples is chosen by the heuristic."""


class BiddingModel:
    """The learned values of Kraken's trump, challenge and roem decisions.

    ``heads`` maps each of :data:`HEADS` to its :class:`Head`; ``counts`` holds the
    training samples of each decision context (:meth:`context`), ``info`` how the model
    was trained.
    """

    def __init__(
        self,
        heads: Mapping[str, Head],
        counts: Mapping[str, int] | None = None,
        info: Mapping[str, Any] | None = None,
    ) -> None:
        missing = set(HEADS) - set(heads)
        if missing:
            raise ValueError(f"the model has no {', '.join(sorted(missing))} head")
        self.heads = dict(heads)
        self.counts = dict(counts or {})
        self.info = dict(info or {})

    @classmethod
    def load(cls, path: Path | str | None = None) -> BiddingModel:
        """The committed model (read once and cached), or the one at ``path``."""
        if path is None:
            return _committed()
        return cls.from_dict(json.loads(Path(path).read_text()))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BiddingModel:
        """A model from :meth:`to_dict` data."""
        if data.get("version") != MODEL_VERSION:
            raise ValueError(f"bidding model version {data.get('version')!r}, expected 1")
        heads = {name: Head.from_dict(head) for name, head in data["heads"].items()}
        return cls(heads, data.get("counts"), data.get("info"))

    def to_dict(self) -> dict[str, Any]:
        """The model as JSON data."""
        return {
            "version": MODEL_VERSION,
            "heads": {name: head.to_dict() for name, head in self.heads.items()},
            "counts": dict(self.counts),
            "info": dict(self.info),
        }

    def save(self, path: Path | str) -> None:
        """Write the model as JSON."""
        Path(path).write_text(json.dumps(self.to_dict(), separators=(",", ":")) + "\n")

    # --- decisions ------------------------------------------------------------------

    def estimates(self, observation: Observation) -> dict[str, float]:
        """The expected round score difference for the observer's team after each legal
        action of a trump, challenge or roem decision (the current multiplier included).

        Raises ``ValueError`` in the play phase or when the seat is not to move.
        """
        legal = list(observation.legal_actions)
        if observation.phase not in ("trump", "challenge", "roem") or not legal:
            raise ValueError(
                f"no bidding decision to estimate (phase {observation.phase}, "
                f"legal actions {legal})"
            )
        hand = CardSet(observation.hand).mask
        flags = np.array([rule_flags(observation.rules)])
        if observation.phase == "trump":
            return self._trump(observation, hand, legal, flags)
        if observation.phase == "challenge":
            return self._challenge(observation, hand, legal, flags)
        return self._roem(observation, hand, legal, flags)

    def choose(self, observation: Observation) -> str:
        """The legal action with the best estimate (the first of them on a tie); in a
        decision context the training saw too rarely (:data:`MIN_SAMPLES`), the
        heuristic's choice."""
        legal = list(observation.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if self.counts and self.counts.get(self.context(observation), 0) < MIN_SAMPLES:
            return heuristic_choose(observation, random.Random(0))
        values = self.estimates(observation)
        return max(legal, key=lambda action: values[action])

    def context(self, observation: Observation) -> str:
        """The name of the decision's context, as :attr:`counts` counts the training
        samples: the head, the trump choice variant, the stage or position."""
        offset = (observation.seat - observation.dealer) % 4
        if observation.phase == "trump":
            forced = "pass" not in observation.legal_actions
            return trump_key(variant(observation.rules), offset, len(observation.actions), forced)
        if observation.phase == "challenge":
            return challenge_key(_challenge_state(observation)[0])
        return roem_key(RELATIONS.index(_relation(observation)))

    def _trump(
        self, obs: Observation, hand: int, legal: list[str], flags: np.ndarray
    ) -> dict[str, float]:
        offset = (obs.seat - obs.dealer) % 4
        passes = len(obs.actions)
        forced = "pass" not in legal
        rules = obs.rules
        random_ = rules.trump_choice == "random"
        call_other = random_ and rules.random_fallback == "call_other"
        double = 2.0 if rules.double_spades else 1.0
        suits = [(a, int(Suit.parse(a[6:]))) for a in legal if a.startswith("trump ")]
        if "take" in legal:
            assert obs.proposed is not None
            suits.append(("take", int(obs.proposed.suit)))
        out: dict[str, float] = {}
        table, features = hand_table(hand)
        if suits:
            rows = np.array([table[s] for _, s in suits])
            x = name_inputs(
                rows, offset, passes, forced, random_, call_other, np.repeat(flags, len(rows), 0)
            )
            values = self.heads["name"](x)[:, 0]
            for (action, suit), v in zip(suits, values, strict=True):
                out[action] = float(v) * (double if suit == Suit.SPADES else 1.0)
        if "pass" in legal:
            proposed = np.zeros((1, len(SUIT_FEATURES)))
            if random_ and obs.proposed is not None:
                proposed[0] = table[int(obs.proposed.suit)]
            x = pass_inputs(
                np.array([features]),
                proposed,
                offset,
                passes,
                random_,
                call_other,
                flags,
            )
            out["pass"] = float(self.heads["pass"](x)[0, 0])
        return {action: out[action] for action in legal}

    def _challenge(
        self, obs: Observation, hand: int, legal: list[str], flags: np.ndarray
    ) -> dict[str, float]:
        assert obs.trump is not None and obs.declarer is not None
        stage, second, contra_left, re_partner = _challenge_state(obs)
        passes, forced, took = _declaration(obs)
        x = challenge_inputs(
            np.array([suit_features(hand, int(obs.trump))]),
            stage,
            second,
            (obs.seat - obs.dealer) % 4,
            (obs.declarer - obs.dealer) % 4,
            passes,
            forced,
            took,
            contra_left,
            re_partner,
            flags,
        )
        values = self.heads["challenge"](x)[0] * obs.multiplier
        word = next(a for a in legal if a != "pass")
        return {a: float(values[1] if a == word else values[0]) for a in legal}

    def _roem(
        self, obs: Observation, hand: int, legal: list[str], flags: np.ndarray
    ) -> dict[str, float]:
        assert obs.trump is not None and obs.declarer is not None
        team = obs.seat % 2
        ours = [v for s, v in obs.declared_roem.items() if s % 2 == team]
        theirs = [v for s, v in obs.declared_roem.items() if s % 2 != team]
        relation = RELATIONS.index(_relation(obs))
        x = roem_inputs(
            np.array([suit_features(hand, int(obs.trump))]),
            hand_roem(CardSet(hand), obs.trump),
            relation,
            (obs.seat - obs.dealer) % 4,
            (obs.declarer - obs.dealer) % 4,
            sum(ours),
            sum(theirs),
            max(ours, default=0),
            max(theirs, default=0),
            flags,
        )
        values = self.heads["roem"](x)[0] * obs.multiplier
        return {a: float(values[1] if a == "roem" else values[0]) for a in legal}


def variant(rules: Rules) -> str:
    """The trump choice variant: ``free``, ``free_dealer``, ``utrecht``,
    ``random/second_card`` or ``random/call_other``."""
    if rules.trump_choice == "random":
        return f"random/{rules.random_fallback}"
    return rules.trump_choice


def _relation(obs: Observation) -> str:
    assert obs.declarer is not None
    if obs.seat == obs.declarer:
        return "declarer"
    return "partner" if obs.seat % 2 == obs.declarer % 2 else "defender"


def _split(obs: Observation) -> tuple[list[str], list[tuple[int, str]]]:
    """The trump choice's actions and the challenges' actions (with their seats)."""
    actions = [(int(seat), action) for seat, action in obs.actions]
    for i, (_, action) in enumerate(actions):
        if action.startswith("trump ") or action == "take":
            return [a for _, a in actions[: i + 1]], actions[i + 1 :]
    # random trump's second card after four passes: trump was set without an action
    return [a for _, a in actions[:4]], actions[4:]


def _declaration(obs: Observation) -> tuple[int, bool, bool]:
    """How the declarer got trump: the passes before, forced or not, took or not."""
    choice, _ = _split(obs)
    passes = choice.count("pass")
    took = bool(choice) and choice[-1] == "take"
    forced = passes == 4 or obs.rules.trump_choice == "utrecht"
    return passes, forced, took


def _challenge_state(obs: Observation) -> tuple[int, bool, bool, bool]:
    """The stage (0 contra, 1 re, 2 superkraken), whether the other seat of the stage
    passed already, whether the contra came from the seat left of the declarer, and
    whether the re came from the declarer's partner."""
    assert obs.declarer is not None
    _, challenges = _split(obs)
    stage = 0
    second = contra_left = re_partner = False
    for seat, action in challenges:
        if action == "pass":
            second = True
            continue
        stage += 1
        second = False
        if action == "contra":
            contra_left = seat == (obs.declarer + 1) % 4
        elif action == "re":
            re_partner = seat != obs.declarer
    return min(stage, 2), second, contra_left, re_partner


def trump_key(variant: str, offset: int, passes: int, forced: bool) -> str:
    """The context name of a trump decision (see :meth:`BiddingModel.context`)."""
    return f"trump:{variant}:{offset}:{passes}{':forced' if forced else ''}"


def challenge_key(stage: int) -> str:
    """The context name of a challenge decision at ``stage`` (0 contra, 1 re, 2 sk)."""
    return f"challenge:{STAGES[stage]}"


def roem_key(relation: int) -> str:
    """The context name of a roem decision (0 declarer, 1 partner, 2 defender)."""
    return f"roem:{RELATIONS[relation]}"


RELATIONS: Final = ("declarer", "partner", "defender")


@functools.cache
def _committed() -> BiddingModel:
    return BiddingModel.from_dict(json.loads(MODEL_PATH.read_text()))
