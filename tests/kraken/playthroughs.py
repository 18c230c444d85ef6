"""Golden playthroughs: one whole round per rules variant, as a reviewable transcript.

Each transcript lists every decision (seat, phase, the legal actions, the action
taken by a seeded random player) and the result. The test regenerates them and
compares; after an intended rules change, regenerate them with ``make golden`` (which
runs ``.venv/bin/python -m tests.kraken.playthroughs``) and review the diff.
"""

from __future__ import annotations

import random
from pathlib import Path

from cardtable.kraken import Round, Rules

FOLDER = Path(__file__).parent / "playthroughs"
VARIANTS: dict[str, Rules] = {
    "amsterdam": Rules.preset("amsterdam"),
    "rotterdam": Rules.preset("rotterdam"),
    "g4a": Rules.preset("g4a"),
    "random-second-card": Rules(trump_choice="random", double_spades=True),
    "random-call-other": Rules(trump_choice="random", random_fallback="call_other", roem="none"),
    "free-dealer-no-challenges": Rules(
        trump_choice="free_dealer", challenges=False, multiply_roem=False, deal=(4, 4)
    ),
}


def transcript(rules: Rules, seed: int = 2026) -> str:
    """The transcript of one round played by seeded random players."""
    round_ = Round.new(rules, seed % 4, seed)
    players = random.Random(seed)
    lines = [f"rules: {rules.to_dict()}", f"dealer: {round_.dealer.name}"]
    lines += [f"hand {seat}: {hand}" for seat, hand in zip("NESW", round_.hands, strict=True)]
    while not round_.is_over:
        seat = round_.to_move
        assert seat is not None
        legal = round_.legal_actions()
        action = players.choice(legal)
        lines.append(f"{seat.name} {round_.phase:9} [{' '.join(legal)}] -> {action}")
        round_.apply(action)
    if round_.turned:
        lines.append("turned: " + " ".join(map(str, round_.turned)))
    lines.append(f"result: {round_.result().to_dict()}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Rewrite every golden transcript."""
    FOLDER.mkdir(exist_ok=True)
    for name, rules in VARIANTS.items():
        (FOLDER / f"{name}.txt").write_text(transcript(rules), encoding="utf-8")


if __name__ == "__main__":
    main()
