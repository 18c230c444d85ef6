"""Train the learned opening-lead values of Kraken (:mod:`cardtable.bots.kraken_lead`).

``nice -n 10 python -m cardtable.bots.training.train_kraken_lead --deals 40000 --workers 2``
writes ``src/cardtable/bots/models/kraken_lead.json`` and prints its figures.

1. **Positions** (:func:`position`): for each play rule, ``--deals`` random deals with
   their contract fixed by :func:`~cardtable.kraken.contracts.fixed_contract` (every
   place of the declarer occurs). The leader's observation is dealt *one* world by the
   sampler PIMC uses (:class:`~cardtable.bots.kraken_search.KrakenSearch`), and that
   world is solved once double dummy (about 25 ms): the value of every card of the
   leader's hand as a round score (nat and mars included, multiplier 1). Trained on
   the sampler's worlds, not on the deal's real hidden hands, the model learns what
   PIMC would find over very many worlds, and nothing about how the contract was
   chosen. The positions are cached (``--data``, resumed when stopped).
2. **Fitting**: one small network per play rule
   (:func:`~cardtable.bots.training.train_kraken_bidding.fit_head`), mean squared error
   on each card's value minus the average of the hand's eight in the same world. Only
   the differences decide a lead, and the world's own luck, which moves every card's
   value alike and is most of a value's spread, is taken out (on 300 test positions it
   took the regret of the model alone from 8.4 to 5.3 points).
3. **Figures** on ``--test`` other positions, each solved in ``--test-worlds`` worlds:
   the regret of choosing the lead from ``k`` of those worlds (PIMC's few at 100 ms),
   from the model, and from both with the model counted as ``lead`` worlds, against
   the average of the remaining worlds (the regret is the best remaining average minus
   the chosen card's). The ``lead`` weight with the least regret at five worlds is
   written into the model's info (the expert's ``LEAD_WORLDS`` was set from it).

Everything is seeded: the same arguments give the same model.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from pathlib import Path
from typing import Any, Final, Literal

import numpy as np

from cardtable.bots.kraken_lead import INPUTS, MODEL_PATH, LeadModel, inputs
from cardtable.bots.kraken_search import KrakenSearch
from cardtable.bots.pimc import round_outcome
from cardtable.bots.training.train_kraken_bidding import fit_head
from cardtable.cards import Card
from cardtable.kraken.contracts import bid_to, fixed_contract
from cardtable.kraken.observation import Observation
from cardtable.kraken.round import Round
from cardtable.kraken.rules import Rules
from cardtable.kraken.trick import DECK
from cardtable.solver.api import solve

VARIANTS: Final[tuple[Literal["amsterdam", "rotterdam"], ...]] = ("amsterdam", "rotterdam")
"""The play rules trained, each with trick roem."""
PIMC_WORLDS: Final = 5
"""The worlds PIMC solves for an opening lead at 100 ms, about (docs/bots.md)."""
WEIGHTS: Final = (0, 1, 2, 3, 5, 8, 12, 20, 40)
"""The ``lead`` weights (pseudo-worlds) compared on the test positions."""
SAVE_EVERY: Final = 2000
"""Positions solved between two writes of the cache."""


def rules_of(key: str) -> Rules:
    """The rules of the variant ``key``."""
    return Rules(play="rotterdam" if key == "rotterdam" else "amsterdam", roem="tricks")


def opening(key: str, tag: str, index: int) -> tuple[Round, random.Random]:
    """Deal ``index`` of the set ``tag``: a round at its opening lead, contract fixed,
    and the random source for its worlds."""
    rng = random.Random(f"kraken-lead:{key}:{tag}:{index}")
    deck = sorted(DECK, key=lambda c: c.index)
    rng.shuffle(deck)
    hands = [deck[8 * s : 8 * s + 8] for s in range(4)]
    dealer = rng.randrange(4)
    round_ = Round.from_hands(rules_of(key), hands, dealer)
    bid_to(round_, fixed_contract(hands, dealer))
    return round_, rng


def _leader(round_: Round) -> Observation:
    seat = round_.to_move
    assert seat is not None
    return round_.observation(seat)


def world_values(round_: Round, rng: random.Random, worlds: int) -> tuple[list[Card], np.ndarray]:
    """The leader's hand (canonical order) and, for ``worlds`` sampled worlds, each
    card's round score for the leader's team: an array (worlds, 8)."""
    observation = _leader(round_)
    hand, _ = inputs(observation)
    search = KrakenSearch(observation)
    rows = []
    for _ in range(worlds):
        world = search.determinize(rng)
        values = solve(world).card_values
        rows.append([round_outcome(world, values[c], observation.seat % 2)[0] for c in hand])
    return hand, np.array(rows)


def position(args: tuple[str, str, int, int]) -> tuple[list[float], list[list[float]]]:
    """The model input of one position and its card values in ``worlds`` worlds."""
    key, tag, index, worlds = args
    round_, rng = opening(key, tag, index)
    _, x = inputs(_leader(round_))
    _, values = world_values(round_, rng, worlds)
    return x.tolist(), values.tolist()


def positions(
    key: str, tag: str, count: int, worlds: int, workers: int, cache: Path | None
) -> tuple[np.ndarray, np.ndarray]:
    """Inputs (count, INPUTS) and values (count, worlds, 8) of ``count`` positions,
    read from ``cache`` as far as it holds them and written back."""
    x = np.zeros((0, INPUTS))
    y = np.zeros((0, worlds, 8))
    if cache is not None and cache.exists():
        with np.load(cache) as data:
            if data["y"].shape[1] == worlds:  # else solved for another figure: anew
                x, y = data["x"][:count], data["y"][:count]
    first, start = len(x), time.perf_counter()
    if first < count:
        with multiprocessing.Pool(workers) as pool:
            for chunk in range(first, count, SAVE_EVERY):
                todo = [(key, tag, i, worlds) for i in range(chunk, min(count, chunk + SAVE_EVERY))]
                done = pool.map(position, todo, chunksize=max(1, len(todo) // (4 * workers)))
                x = np.concatenate([x, np.array([d[0] for d in done])])
                y = np.concatenate([y, np.array([d[1] for d in done])])
                if cache is not None:
                    cache.parent.mkdir(parents=True, exist_ok=True)
                    np.savez_compressed(cache, x=x, y=y)
        seconds = time.perf_counter() - start
        print(f"{key} {tag}: {count - first} positions solved ({seconds:.0f} s)", flush=True)
    return x, y


def regrets(
    model_values: np.ndarray, worlds: np.ndarray, seed: int, draws: int = 20
) -> dict[str, float]:
    """The mean regret of each way of choosing (see the module) on test positions."""
    rng = np.random.default_rng(seed)
    k = PIMC_WORLDS
    out: dict[str, list[float]] = {name: [] for name in ["model", *(f"lead {w}" for w in WEIGHTS)]}
    for prior, values in zip(model_values, worlds, strict=True):
        for _ in range(draws):
            order = rng.permutation(len(values))
            seen, truth = values[order[:k]], values[order[k:]].mean(0)
            best = truth.max()
            out["model"].append(best - truth[int(np.argmax(prior))])
            for w in WEIGHTS:
                blended = seen.sum(0) + w * prior
                out[f"lead {w}"].append(best - truth[int(np.argmax(blended))])
    return {name: float(np.mean(v)) for name, v in out.items()}


def main(argv: list[str] | None = None) -> int:
    """Generate, fit, measure and write the model."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40000, help="training positions per rule")
    parser.add_argument("--test", type=int, default=300, help="test positions per rule")
    parser.add_argument("--test-worlds", type=int, default=48)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=80)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--variants", nargs="+", choices=VARIANTS, default=list(VARIANTS))
    parser.add_argument("--data", type=Path, default=Path("data/kraken-lead"))
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args(argv)
    heads, info = {}, {"deals": args.deals, "hidden": args.hidden, "epochs": args.epochs}
    figures: dict[str, Any] = {}
    for key in args.variants:
        x, y = positions(key, "train", args.deals, 1, args.workers, args.data / f"{key}-train.npz")
        tx, ty = positions(
            key, "test", args.test, args.test_worlds, args.workers, args.data / f"{key}-test.npz"
        )
        values = y[:, 0, :] - y[:, 0, :].mean(1, keepdims=True)
        fold = len(x) // 10  # held out for the error figure, then fitted on too
        check = fit_head(x[fold:], values[fold:], args.hidden, args.epochs, seed=1)
        rmse = float(np.sqrt(((check(x[:fold]) - values[:fold]) ** 2).mean()))
        base = float(np.sqrt(((values[:fold] - values[fold:].mean(0)) ** 2).mean()))  # per slot
        head = fit_head(x, values, args.hidden, args.epochs, seed=1)
        heads[key] = head
        figures[key] = {"held-out rmse": rmse, "per-slot mean rmse": base} | regrets(
            head(tx), ty, seed=2
        )
        print(key, {k: round(v, 2) for k, v in figures[key].items()})
    weights = {w: np.mean([figures[k][f"lead {w}"] for k in args.variants]) for w in WEIGHTS}
    info |= {"figures": figures, "lead": int(min(weights, key=weights.__getitem__))}
    LeadModel(heads, info).save(args.out)
    print(f"lead weight {info['lead']}; wrote {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
