"""Speed of the bots: prints one ``name: value`` line per figure.

- ``<bot>_<game>_decisions_per_s``: decisions per second of each bot over whole
  rounds (Kraken) or games (Gurka, 4 players), median of several runs;
- ``ismcts_<game>_iterations_per_s``: ISMCTS iterations per second at a fixed budget;
- ``heuristic_vs_random_speed``: the ratio of the heuristic's to the random bot's
  decision rate, measured in the same process;
- ``<bot>_kraken_worlds_trick<k>``: the median of the worlds a PIMC-based bot solves
  for one card-play decision in trick ``k`` (1 to 8) at 100 ms of CPU time, over the
  decisions of heuristic games (speed is strength: more worlds, less noise);
- ``expert_gurka_worlds``, ``_worlds_full`` and ``_settled``: the median worlds the
  Gurka expert plays out for one card decision at 100 ms (all decisions, and those
  that ran the whole budget) and the share of the decisions it settled early (one
  rank left), in games against three heuristic players;
- ``expert_<game>_ms_p50`` / ``_p99`` / ``_max``: CPU milliseconds per decision of the
  ``expert`` bot at the web and terminal tables' ``strong`` level over whole rounds
  (the ``strong`` level must answer within a second).

Run: ``.venv/bin/python benchmarks/bots.py [--repeats N] [--rounds N] [--only PART]``
(parts: ``worlds``, ``gurka-worlds``, ``kraken-times``, ``gurka-times``, ``rates``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from cardtable import gurka, kraken
from cardtable.bots import make_bot

ISMCTS_ITERATIONS = 200
PARTS = ("worlds", "gurka-worlds", "kraken-times", "gurka-times", "rates")


def decisions_per_second(game: str, name: str, options: dict[str, Any], rounds: int) -> float:
    """Decisions per second of bot ``name`` playing every seat."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(rounds):
        state: Any
        if game == "kraken":
            state = kraken.Round.new(kraken.Rules(), seed % 4, seed)
            players = 4
        else:
            state = gurka.Game.new(gurka.Rules(players=4), seed)
            players = 4
        bots = [make_bot(name, seed=seed * 8 + s, **options) for s in range(players)]
        while not state.is_over:
            seat = state.to_move
            observation = state.observation(seat)
            state.apply(bots[seat].act(observation))
            if len(observation.legal_actions) > 1:
                decisions += 1
    return decisions / (time.perf_counter() - start)


def worlds_per_decision(name: str, rounds: int) -> dict[int, float]:
    """The median worlds bot ``name`` solves per card-play decision at 100 ms, by trick
    (1 to 8), in rounds the heuristic plays (Amsterdam and Rotterdam in turn)."""
    by_trick: dict[int, list[int]] = {}
    heuristic = [make_bot("heuristic", seed=s) for s in range(4)]
    for seed in range(rounds):
        rules = kraken.Rules(play="amsterdam" if seed % 2 else "rotterdam")
        state = kraken.Round.new(rules, seed % 4, seed)
        bot: Any = make_bot(name, game="kraken", milliseconds=100, seed=seed)
        part = getattr(bot, "_part", None)
        if part is not None:  # the expert: its Kraken part gives the estimates
            bot = part("kraken")
        while not state.is_over:
            observation = state.observation(state.to_move)
            legal = observation.legal_actions
            if state.phase == "play" and len(legal) > 1 and len(observation.hand) > 3:
                estimates = bot.estimates(observation)
                by_trick.setdefault(len(observation.tricks) + 1, []).append(
                    next(iter(estimates.values())).worlds
                )
            state.apply(heuristic[state.to_move].act(observation))
    return {trick: statistics.median(found) for trick, found in sorted(by_trick.items())}


def gurka_worlds(games: int) -> tuple[float, float, float]:
    """The Gurka expert's card decisions at 100 ms (seat 0 of 4, the others the
    heuristic): the median worlds of all of them and of those that ran the whole
    budget, and the share it settled early."""
    from cardtable.arena.gurka_duel import play_game
    from cardtable.bots.gurka_expert import CardSearch, GurkaExpertBot

    searches: list[CardSearch] = []

    class Recording(GurkaExpertBot):
        def card_search(self, obs: Any) -> CardSearch:
            search = super().card_search(obs)
            if len(search.choices) > 1:  # else no search: one rank to play
                searches.append(search)
            return search

    for seed in range(games):
        bots = [Recording(milliseconds=100, seed=seed)]
        bots += [make_bot("heuristic") for _ in range(3)]
        play_game(gurka.Rules(players=4), seed, bots)
    settled = [len(search.active) == 1 for search in searches]
    full = [search.worlds for search, early in zip(searches, settled, strict=True) if not early]
    return (
        statistics.median(search.worlds for search in searches),
        statistics.median(full),
        sum(settled) / len(settled),
    )


def decision_times(game: str, rounds: int) -> list[float]:
    """CPU milliseconds of each ``expert`` decision at the ``strong`` level (every
    seat, whole Kraken rounds or 4-player Gurka games); forced moves left out."""
    from cardtable.tui.session import make_level_bot

    times: list[float] = []
    for seed in range(rounds):
        state: Any
        if game == "kraken":
            state = kraken.Round.new(kraken.Rules(), seed % 4, seed)
        else:
            state = gurka.Game.new(gurka.Rules(players=4), seed)
        bots = [make_level_bot("strong", seed * 8 + s) for s in range(4)]
        while not state.is_over:
            seat = state.to_move
            observation = state.observation(seat)
            start = time.thread_time()
            action = bots[seat].act(observation)
            if len(observation.legal_actions) > 1:
                times.append((time.thread_time() - start) * 1000)
            state.apply(action)
    return times


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=8, help="rounds (games) per bot figure")
    parser.add_argument(
        "--only",
        choices=PARTS,
        action="append",
        help="measure only these figures (repeatable; default: all)",
    )
    args = parser.parse_args()
    parts = set(args.only or PARTS)
    for name in ("pimc", "expert") if "worlds" in parts else ():
        for trick, worlds in worlds_per_decision(name, args.rounds).items():
            print(f"{name}_kraken_worlds_trick{trick}: {worlds:g}", flush=True)
    if "gurka-worlds" in parts:
        median, full, settled = gurka_worlds(args.rounds)
        print(f"expert_gurka_worlds: {median:g}", flush=True)
        print(f"expert_gurka_worlds_full: {full:g}", flush=True)
        print(f"expert_gurka_settled: {settled:.2f}", flush=True)
    for game in ("kraken", "gurka"):
        if f"{game}-times" not in parts:
            continue
        times = decision_times(game, args.rounds)
        for label, value in (
            ("p50", statistics.median(times)),
            ("p99", percentile(times, 0.99)),
            ("max", max(times)),
        ):
            print(f"expert_{game}_ms_{label}: {value:.0f}", flush=True)
    if "rates" not in parts:
        return
    figures: dict[str, float] = {}
    plan: list[tuple[str, str, dict[str, Any], int]] = [
        ("kraken", "random", {}, 300),
        ("kraken", "heuristic", {}, 100),
        ("kraken", "ismcts", {"iterations": ISMCTS_ITERATIONS}, 2),
        ("gurka", "random", {}, 30),
        ("gurka", "heuristic", {}, 10),
        ("gurka", "ismcts", {"iterations": ISMCTS_ITERATIONS}, 1),
    ]
    for game, name, options, rounds in plan:
        rate = statistics.median(
            decisions_per_second(game, name, options, rounds) for _ in range(args.repeats)
        )
        figures[f"{name}_{game}_decisions_per_s"] = rate
        print(f"{name}_{game}_decisions_per_s: {rate:,.1f}", flush=True)
        if name == "ismcts":
            print(f"ismcts_{game}_iterations_per_s: {rate * ISMCTS_ITERATIONS:,.0f}", flush=True)
    for game in ("kraken", "gurka"):
        ratio = (
            figures[f"heuristic_{game}_decisions_per_s"] / figures[f"random_{game}_decisions_per_s"]
        )
        print(f"heuristic_vs_random_speed_{game}: {ratio:.3f}")


if __name__ == "__main__":
    main()
