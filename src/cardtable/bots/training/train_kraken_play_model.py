"""Train the Kraken play model (:mod:`cardtable.bots.kraken_play_model`) on self-play.

``python -m cardtable.bots.training.train_kraken_play_model --deals 200 --validation 20 --seed 1``

1. **Games**: ``--deals`` rounds in each rule set (the default Amsterdam rules and the
   Rotterdam preset) played by four ``pimc{"worlds": W}`` bots, and ``--validation``
   more from other seeds. Each finished round is appended to a JSON-lines file under
   ``--cache`` (default ``data/kraken-play-model``), so an interrupted run resumes and
   a second run reuses the games; a game depends only on its seed.
2. **Fit**: every trump-choice, challenge and card-play decision with two or more
   legal actions is one example of a conditional logit (a softmax over the legal
   actions, as the model scores them); the weights maximize the log likelihood of
   the actions taken, with a small L2 penalty, by Newton's method.
3. **Calibrate**: the tremble, the temperature and the uniform mix are chosen on the
   validation games by the log-loss of hidden-card locations: at each card-play
   position, ``--calibration-worlds`` consistent worlds are drawn uniformly, weighted,
   and every hidden card scored by ``-log P(true holder)``.
4. **Write** the model as JSON (default: the committed
   :data:`~cardtable.bots.kraken_play_model.MODEL_PATH`).

Generating the games is the costly part: run it with ``nice -n 10``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np

from cardtable.bots.kraken_play_model import (
    FEATURES,
    MODEL_PATH,
    PlayDecision,
    PlayModel,
    Scorer,
    WeightedWorlds,
    options_of,
    replay_decisions,
)
from cardtable.bots.pimc import PimcBot
from cardtable.kraken.inference import DealSampler, infer
from cardtable.kraken.observation import Observation
from cardtable.kraken.round import Round
from cardtable.kraken.rules import Rules

__all__ = [
    "RULE_SETS",
    "Examples",
    "PlayedGame",
    "PositionSample",
    "calibrate",
    "examples",
    "fit",
    "games",
    "log_loss",
    "main",
    "played_games",
    "positions",
    "sample_position",
]

RULE_SETS: Final[dict[str, Rules]] = {
    "amsterdam": Rules(),
    "rotterdam": Rules.preset("rotterdam"),
}
"""The rule sets the model is trained on, by name."""

SEED_STRIDE: Final = 100_000
"""Deal ``i`` of a run seeded ``s`` is dealt from seed ``s * SEED_STRIDE + i``."""

TREMBLES: Final = (0.005, 0.01, 0.02, 0.05, 0.1, 0.2)
TEMPERATURES: Final = (0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5)
MIXES: Final = (0.0, 0.1, 0.25, 0.5)


# --- games ---------------------------------------------------------------------------


def play_deal(rules: Rules, deal_seed: int, worlds: int) -> dict[str, Any]:
    """One round of four ``pimc`` bots, as its record."""
    round_ = Round.new(rules, deal_seed % 4, deal_seed)
    bots = [PimcBot(worlds=worlds, seed=deal_seed * 4 + seat) for seat in range(4)]
    while not round_.is_over:
        seat = round_.to_move
        assert seat is not None
        round_.apply(bots[seat].act(round_.observation(seat)))
    return round_.to_record()


@dataclass(frozen=True)
class PlayedGame:
    """One self-play round: its record and the CPU seconds it took to play."""

    deal: int
    record: dict[str, Any]
    cpu_seconds: float


def played_games(
    rules_name: str,
    deals: int,
    seed: int,
    worlds: int,
    cache: Path | None,
    log: bool = False,
) -> list[PlayedGame]:
    """``deals`` self-play rounds in rule set ``rules_name`` (seeded ``seed``), read
    from the cache where already played, played and appended there otherwise."""
    rules = RULE_SETS[rules_name]
    found: dict[int, PlayedGame] = {}
    path = None
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        path = cache / f"{rules_name}-seed{seed}-worlds{worlds}.jsonl"
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    entry = json.loads(line)
                    deal = int(entry["deal"])
                    found[deal] = PlayedGame(deal, entry["record"], float(entry.get("cpu_s", 0)))
    for deal in range(deals):
        if deal in found:
            continue
        start = time.process_time()
        record = play_deal(rules, seed * SEED_STRIDE + deal, worlds)
        seconds = time.process_time() - start
        found[deal] = PlayedGame(deal, record, seconds)
        if path is not None:
            entry = {"deal": deal, "record": record, "cpu_s": round(seconds, 2)}
            with path.open("a", encoding="utf-8") as file:
                file.write(json.dumps(entry) + "\n")
        if log:
            print(
                f"  {rules_name} seed {seed} deal {deal + 1}/{deals}: {seconds:.1f} s", flush=True
            )
    return [found[deal] for deal in range(deals)]


def games(
    rules_name: str,
    deals: int,
    seed: int,
    worlds: int,
    cache: Path | None,
    log: bool = False,
) -> list[dict[str, Any]]:
    """The records of :func:`played_games`."""
    return [game.record for game in played_games(rules_name, deals, seed, worlds, cache, log)]


def _start(record: dict[str, Any]) -> Round:
    """The round of ``record`` before its first action."""
    return Round.from_record({**record, "actions": []})


# --- fitting -------------------------------------------------------------------------


@dataclass
class Examples:
    """Decisions as a conditional-logit data set: ``rows`` holds the features of every
    legal action, each decision's actions are consecutive from ``starts[g]``, and
    ``chosen[g]`` is the row of the action taken."""

    rows: np.ndarray[Any, np.dtype[np.float64]]
    starts: np.ndarray[Any, np.dtype[np.int64]]
    chosen: np.ndarray[Any, np.dtype[np.int64]]
    kinds: list[str]

    @property
    def decisions(self) -> int:
        """The number of decisions."""
        return len(self.starts)


def examples(records: Sequence[dict[str, Any]]) -> Examples:
    """Every decision with two or more legal actions in ``records``, each seat's own
    (its hand as dealt, the public facts it saw)."""
    rows: list[list[float]] = []
    starts: list[int] = []
    chosen: list[int] = []
    kinds: list[str] = []
    width = len(FEATURES)
    for record in records:
        played = Round.from_record(record)
        initial = [hand.mask for hand in played.initial_hands]
        for decision in replay_decisions(_start(record), played.actions):
            hand = initial[decision.seat]
            if isinstance(decision, PlayDecision):
                hand &= ~decision.gone
            options = options_of(decision, hand)
            if len(options) < 2:
                continue
            starts.append(len(rows))
            for action, features in options:
                if action == decision.action:
                    chosen.append(len(rows))
                row = [0.0] * width
                for index, value in features:
                    row[index] += value
                rows.append(row)
            kinds.append(type(decision).__name__)
    return Examples(
        np.array(rows, dtype=np.float64).reshape(-1, width),
        np.array(starts, dtype=np.int64),
        np.array(chosen, dtype=np.int64),
        kinds,
    )


def _softmax(
    data: Examples, weights: np.ndarray[Any, np.dtype[np.float64]]
) -> tuple[np.ndarray[Any, np.dtype[np.float64]], float]:
    """Per row the probability of its action, and the total log likelihood."""
    scores = data.rows @ weights
    group = np.repeat(np.arange(len(data.starts)), np.diff(np.append(data.starts, len(scores))))
    top = np.maximum.reduceat(scores, data.starts)
    exps = np.exp(scores - top[group])
    sums = np.add.reduceat(exps, data.starts)
    probabilities = exps / sums[group]
    log_likelihood = float(np.sum(scores[data.chosen] - top - np.log(sums)))
    return probabilities, log_likelihood


def fit(data: Examples, l2: float = 1.0, iterations: int = 30) -> list[float]:
    """The weights of maximum penalized likelihood (Newton's method with halving
    steps; ``l2`` is the penalty on the squared weights)."""
    width = data.rows.shape[1]
    weights = np.zeros(width)
    if not data.decisions:
        return [0.0] * width
    probabilities, log_likelihood = _softmax(data, weights)
    objective = log_likelihood
    for _ in range(iterations):
        weighted = data.rows * probabilities[:, None]
        means = np.add.reduceat(weighted, data.starts)
        gradient = data.rows[data.chosen].sum(axis=0) - means.sum(axis=0) - l2 * weights
        hessian = data.rows.T @ weighted - means.T @ means + l2 * np.eye(width)
        step = np.linalg.solve(hessian, gradient)
        size = 1.0
        while size > 1e-4:
            trial = weights + size * step
            trial_probabilities, trial_log_likelihood = _softmax(data, trial)
            trial_objective = trial_log_likelihood - l2 / 2 * float(trial @ trial)
            if trial_objective >= objective - 1e-9:
                break
            size /= 2
        else:
            break
        improvement = trial_objective - objective
        weights, probabilities, objective = trial, trial_probabilities, trial_objective
        if improvement < 1e-6:
            break
    return [float(w) for w in weights]


def action_log_loss(data: Examples, weights: Sequence[float]) -> float:
    """Mean negative log likelihood of the actions taken (nats per decision)."""
    if not data.decisions:
        return 0.0
    _, log_likelihood = _softmax(data, np.array(weights, dtype=np.float64))
    return -log_likelihood / data.decisions


# --- hidden-card log-loss ------------------------------------------------------------


def positions(records: Sequence[dict[str, Any]]) -> Iterator[tuple[Observation, Round]]:
    """Every card-play position of ``records``: the observation of the seat to play,
    and the true round there."""
    for record in records:
        played = Round.from_record(record)
        round_ = _start(record)
        for _, action in played.actions:
            if round_.phase == "play":
                seat = round_.to_move
                assert seat is not None
                yield round_.observation(seat), round_.copy()
            round_.apply(action)


@dataclass
class PositionSample:
    """Uniform consistent worlds of one position, for scoring hidden-card locations."""

    truth: np.ndarray[Any, np.dtype[np.int64]]
    """The seat that holds each hidden card."""
    holders: np.ndarray[Any, np.dtype[np.int64]]
    """``holders[i, c]``: the seat holding hidden card ``c`` in world ``i``."""
    allowed: np.ndarray[Any, np.dtype[np.float64]]
    """How many seats may hold each hidden card under the rules."""
    logs: dict[float, np.ndarray[Any, np.dtype[np.float64]]]
    """Per tremble, each world's log likelihood of the other seats' actions."""
    seconds: float
    """CPU seconds spent on the likelihoods (every tremble)."""


def sample_position(
    observation: Observation,
    truth: Round,
    models: dict[float, PlayModel],
    worlds: int,
    rng: random.Random,
) -> PositionSample | None:
    """``worlds`` uniform consistent worlds of the position with each one's log
    likelihood under each model (by tremble); None when no card is hidden."""
    inference = infer(observation)
    me = int(observation.seat)
    hidden = [card for seat in range(4) if seat != me for card in _bits(truth.hands[seat].mask)]
    if not hidden:
        return None
    sampler = DealSampler(inference)
    played = [hand.mask for hand in truth.initial_hands]
    played = [initial & ~now.mask for initial, now in zip(played, truth.hands, strict=True)]
    scorers = {tremble: Scorer(model, observation) for tremble, model in models.items()}
    holders = np.zeros((worlds, len(hidden)), dtype=np.int64)
    logs = {tremble: np.zeros(worlds) for tremble in models}
    seconds = 0.0
    for i in range(worlds):
        masks = sampler.sample_masks(rng)
        for j, card in enumerate(hidden):
            for seat in range(4):
                if masks[seat] >> card & 1:
                    holders[i, j] = seat
        initial = [masks[s] | played[s] for s in range(4)]
        start = time.process_time()
        for tremble, scorer in scorers.items():
            logs[tremble][i] = scorer.log_weight(initial)
        seconds += time.process_time() - start
    truth_seats = np.array(
        [next(s for s in range(4) if truth.hands[s].mask >> card & 1) for card in hidden]
    )
    allowed = np.array(
        [
            sum(1 for s in range(4) if s != me and inference.possible[s].mask >> card & 1)
            for card in hidden
        ],
        dtype=np.float64,
    )
    return PositionSample(truth_seats, holders, allowed, logs, seconds)


def log_loss(
    sample: PositionSample, tremble: float | None, temperature: float, mix: float
) -> tuple[float, int]:
    """The summed ``-log P(true holder)`` over the hidden cards of one position, and
    their number; ``tremble`` None (or ``temperature`` 0) is uniform sampling. Each
    probability is estimated from the weighted worlds plus one pseudo-world shared
    equally among the seats the rules allow (so that no estimate is zero)."""
    worlds = sample.holders.shape[0]
    if tremble is None or temperature == 0:
        weights = np.full(worlds, 1.0 / worlds)
    else:
        weights = np.array(WeightedWorlds.normalize(list(temperature * sample.logs[tremble]), mix))
    hits = (sample.holders == sample.truth[None, :]).astype(np.float64)
    estimate = weights @ hits
    smooth = 1.0 / (worlds + 1)
    probability = (1 - smooth) * estimate + smooth / sample.allowed
    return float(-np.log(probability).sum()), len(sample.truth)


def calibrate(
    samples: Sequence[PositionSample],
) -> tuple[dict[str, float], float, list[dict[str, float]]]:
    """The tremble, temperature and mix with the least hidden-card log-loss over
    ``samples``, the uniform log-loss, and the whole grid (nats per hidden card)."""
    cards = sum(len(s.truth) for s in samples)
    uniform = sum(log_loss(s, None, 0.0, 0.0)[0] for s in samples) / max(cards, 1)
    grid: list[dict[str, float]] = []
    for tremble in sorted(samples[0].logs) if samples else []:
        for temperature in TEMPERATURES:
            if temperature == 0:
                continue
            for mix in MIXES:
                loss = sum(log_loss(s, tremble, temperature, mix)[0] for s in samples)
                grid.append(
                    {
                        "tremble": tremble,
                        "temperature": temperature,
                        "mix": mix,
                        "nats": loss / max(cards, 1),
                    }
                )
    best = min(grid, key=lambda g: g["nats"]) if grid else {"nats": uniform}
    return best, uniform, grid


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# --- the command -----------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> None:
    """Generate (or reuse) the games, fit, calibrate and write the model."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="training rounds per rule set")
    parser.add_argument(
        "--validation", type=int, default=20, help="calibration rounds per rule set"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the training games")
    parser.add_argument(
        "--worlds", type=int, default=8, help="worlds per decision of the pimc bots"
    )
    parser.add_argument("--cache", type=Path, default=Path("data/kraken-play-model"))
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--l2", type=float, default=0.3)
    parser.add_argument(
        "--calibration-worlds", type=int, default=32, help="worlds per position to calibrate on"
    )
    parser.add_argument(
        "--positions", type=int, default=1500, help="most validation positions to calibrate on"
    )
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)

    def say(text: str) -> None:
        if not args.quiet:
            print(text, flush=True)

    validation_seed = args.seed + 1000
    started = time.process_time()
    training: list[dict[str, Any]] = []
    held_out: list[dict[str, Any]] = []
    generated = 0.0
    for name in RULE_SETS:
        say(f"games: {name}")
        log = not args.quiet
        for seed, deals, into in (
            (args.seed, args.deals, training),
            (validation_seed, args.validation, held_out),
        ):
            for game in played_games(name, deals, seed, args.worlds, args.cache, log):
                into.append(game.record)
                generated += game.cpu_seconds
    data = examples(training)
    weights = fit(data, args.l2)
    validation = examples(held_out)
    say(
        f"fit on {data.decisions} decisions: {action_log_loss(data, weights):.4f} nats per "
        f"decision (uniform {action_log_loss(data, [0.0] * len(FEATURES)):.4f}); validation "
        f"{action_log_loss(validation, weights):.4f} "
        f"(uniform {action_log_loss(validation, [0.0] * len(FEATURES)):.4f})"
    )
    models = {t: PlayModel(weights, tremble=t) for t in TREMBLES}
    rng = random.Random(args.seed)
    samples: list[PositionSample] = []
    for observation, truth in positions(held_out):
        if len(samples) >= args.positions:
            break
        sample = sample_position(observation, truth, models, args.calibration_worlds, rng)
        if sample is not None:
            samples.append(sample)
    best, uniform, grid = calibrate(samples)
    say(
        f"calibration on {len(samples)} positions, {args.calibration_worlds} worlds each: "
        f"uniform {uniform:.4f} nats per hidden card, weighted {best['nats']:.4f} "
        f"(tremble {best.get('tremble')}, temperature {best.get('temperature')}, "
        f"mix {best.get('mix')})"
    )
    model = PlayModel(
        weights,
        temperature=best.get("temperature", 1.0),
        tremble=best.get("tremble", 0.05),
        mix=best.get("mix", 0.0),
        info={
            "trained_by": "python -m cardtable.bots.training.train_kraken_play_model "
            f"--deals {args.deals} --validation {args.validation} --seed {args.seed} "
            f"--worlds {args.worlds} --l2 {args.l2}",
            "rule_sets": list(RULE_SETS),
            "training_decisions": data.decisions,
            "training_nats_per_decision": round(action_log_loss(data, weights), 4),
            "validation_decisions": validation.decisions,
            "validation_nats_per_decision": round(action_log_loss(validation, weights), 4),
            "validation_uniform_nats_per_decision": round(
                action_log_loss(validation, [0.0] * len(FEATURES)), 4
            ),
            "calibration_positions": len(samples),
            "calibration_worlds": args.calibration_worlds,
            "calibration_uniform_nats_per_hidden_card": round(uniform, 4),
            "calibration_weighted_nats_per_hidden_card": round(best["nats"], 4),
            "generation_cpu_seconds": round(generated, 1),
        },
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out)
    say(f"wrote {args.out} ({time.process_time() - started:.0f} s of CPU)")
    if not args.quiet:
        best_by_temperature: dict[float, float] = {}
        for entry in grid:
            t = entry["temperature"]
            best_by_temperature[t] = min(best_by_temperature.get(t, math.inf), entry["nats"])
        for t, nats in sorted(best_by_temperature.items()):
            print(f"  temperature {t}: {nats:.4f} nats per hidden card")


if __name__ == "__main__":
    main()
