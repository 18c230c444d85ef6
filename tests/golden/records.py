"""Golden records: one saved game per rules family of each game, checked in as JSON.

Each file is exactly what ``to_record`` writes for a game played by seeded random
players (and, for one family of each game, a single round's record). The tests
regenerate them and compare the text, and load the saved files back: a change of a
rule, a key or a value shows up as a failing test and, after ``make golden``
(``.venv/bin/python -m tests.golden.records``), as a reviewable diff.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable import gurka, kraken

FOLDER = Path(__file__).parent / "records"
SEED = 2026
BUYBACK_CHANCE = 0.5

GURKA_FAMILIES: dict[str, gurka.Rules] = {
    "standard": gurka.Rules(),
    "match-previous-lead-lowest": gurka.Rules(players=3, match_previous=True, lead_lowest=True),
    "must-head-aces-unbeatable": gurka.Rules(players=5, must_head=True, aces_unbeatable=True),
    "every-trick-free-rebuy": gurka.Rules(
        players=6, stake=2, eliminate_at=20, penalty_tricks="every", free_rebuy=True
    ),
}
"""Gurka rules families: the defaults and each rule switched on in some family."""

KRAKEN_FAMILIES: dict[str, kraken.Rules] = {
    "amsterdam": kraken.Rules.preset("amsterdam").replace(rounds=2),
    "rotterdam": kraken.Rules.preset("rotterdam").replace(rounds=2),
    "g4a": kraken.Rules.preset("g4a").replace(rounds=2),
    "random-trump-double-spades": kraken.Rules(
        trump_choice="random", double_spades=True, rounds=2, deal=(4, 4)
    ),
}
"""Kraken rules families: the three presets and the random trump choice, two rounds each."""


def _random_player(seed: int) -> Callable[[list[str]], str]:
    rng = random.Random(seed)

    def choose(legal: list[str]) -> str:
        if "buyback" in legal:
            return "buyback" if rng.random() < BUYBACK_CHANCE else "pass"
        return rng.choice(legal)

    return choose


def gurka_game(rules: gurka.Rules, seed: int = SEED) -> gurka.Game:
    """A whole Gurka game played by a seeded random player."""
    game = gurka.Game.new(rules, seed)
    choose = _random_player(seed)
    while not game.is_over:
        game.apply(choose(game.legal_actions()))
    return game


def kraken_game(rules: kraken.Rules, seed: int = SEED) -> kraken.Game:
    """A whole Kraken game played by a seeded random player."""
    game = kraken.Game.new(rules, seed)
    choose = _random_player(seed)
    while not game.is_over:
        game.apply(choose(game.legal_actions()))
    return game


def golden() -> dict[str, dict[str, Any]]:
    """Every golden record by file name."""
    records: dict[str, dict[str, Any]] = {}
    for name, gurka_rules in GURKA_FAMILIES.items():
        records[f"gurka-{name}.json"] = gurka_game(gurka_rules).to_record()
    for name, kraken_rules in KRAKEN_FAMILIES.items():
        records[f"kraken-{name}.json"] = kraken_game(kraken_rules).to_record()
    records["gurka-round.json"] = gurka_game(gurka.Rules()).history[0].to_record()
    records["kraken-round.json"] = kraken_game(KRAKEN_FAMILIES["amsterdam"]).history[0].to_record()
    return records


def text(record: dict[str, Any]) -> str:
    """A record as saved: indented JSON, one action per line."""
    return json.dumps(record, indent=1) + "\n"


def main() -> None:
    """Rewrite every golden record."""
    FOLDER.mkdir(exist_ok=True)
    for old in FOLDER.glob("*.json"):
        old.unlink()
    for name, record in golden().items():
        (FOLDER / name).write_text(text(record), encoding="utf-8")


if __name__ == "__main__":
    main()
