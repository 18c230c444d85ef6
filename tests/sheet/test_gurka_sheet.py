"""The Gurka score sheet: equal to the engine on random games, every rule and refusal
worked, edits, deletes and undo."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable.gurka import Rules
from cardtable.sheet import GurkaEntry, GurkaSheet, SheetError
from cardtable.sheet.vectors import DEFAULT_PATH, played_gurka

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / DEFAULT_PATH).read_text(encoding="utf-8"))
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def sheet_of(players: int = 4, **rules: Any) -> GurkaSheet:
    return GurkaSheet(Rules(players=players, **rules), NAMES[:players])


def test_the_sheet_scores_thousands_of_engine_rounds_as_the_engine_does() -> None:
    # played_gurka enters every round of a random engine game (as penalties or as the
    # scoring tricks' cards, with the buy-backs taken) and asserts after each round
    # that the sheet's penalties and dealer are the engine's, and at the end that the
    # scores, players in, pot, chips and winners are.
    rng = random.Random(3)
    rounds = 0
    while rounds < 1000:
        rules = Rules(
            players=rng.randint(3, 8),
            stake=rng.randint(0, 3),
            eliminate_at=rng.choice([20, 30]),
            free_rebuy=rng.random() < 0.5,
            penalty_tricks=rng.choice(["last", "every"]),
        )
        sheet, game = played_gurka(rules, rng.getrandbits(32), rng)
        assert sheet.is_over and sheet.winners == game.winners
        rounds += len(game.history)


def test_ties_all_score_and_the_cards_give_the_penalties() -> None:
    sheet = sheet_of(4)
    scored = sheet.add(GurkaEntry(tricks=(((3, "QS"), (0, "QD"), (1, "2C"), (2, "10H")),)))
    assert scored.penalties == (12, 0, 0, 12)
    every = sheet_of(3, penalty_tricks="every")
    tricks = tuple(
        ((0, f"{rank}C"), (1, f"{rank}D"), (2, "2H" if n == 0 else f"{n + 1}S"))
        for n, rank in enumerate(["A", "K", "Q", "J", "T", "9"])
    )
    assert every.add(GurkaEntry(tricks=tricks)).penalties == (69, 69, 0)


def test_buy_back_at_the_highest_score_in_and_free_rebuy() -> None:
    sheet = sheet_of(4, eliminate_at=20, stake=2, free_rebuy=True)
    sheet.add(GurkaEntry(penalties=(0, 9, 0, 0)))
    preview = sheet.preview(GurkaEntry(penalties=(14, 0, 0, 0)))
    sheet.add(GurkaEntry(penalties=(14, 0, 0, 0)))
    offer = sheet.preview(GurkaEntry(penalties=(14, 0, 0, 0), buybacks=(0,)))
    assert preview.offered == () and offer.eliminated == (0,) and offer.offered == (0,)
    assert offer.level == 9 and offer.scores[0] == 9 and offer.paid[0] == 2  # free
    sheet.add(GurkaEntry(penalties=(14, 0, 0, 0), buybacks=(0,)))
    again = sheet.add(GurkaEntry(penalties=(14, 0, 0, 0), buybacks=(0,)))
    assert again.paid[0] == 4 and sheet.pot == 10  # the second buy-back costs the stake


def test_split_pot_and_winner() -> None:
    sheet = sheet_of(3, eliminate_at=20, stake=5)
    for penalties in ((8, 8, 0), (0, 0, 10), (12, 12, 12)):
        sheet.add(GurkaEntry(penalties=penalties))
    assert sheet.is_over and sheet.winners == (0, 1)
    assert sum(sheet.chips) == 0 and sheet.next_dealer is None
    with pytest.raises(SheetError, match="game_over"):
        sheet.add(GurkaEntry(penalties=(2, 0, 0)))


def test_edits_rescore_later_rounds_or_are_refused() -> None:
    sheet = sheet_of(3, eliminate_at=10)
    sheet.add(GurkaEntry(penalties=(14, 0, 0)))
    sheet.add(GurkaEntry(penalties=(0, 5, 0)))
    assert sheet.scores == (14, 5, 0) and sheet.alive == (1, 2)
    sheet.replace(0, GurkaEntry(penalties=(0, 0, 3)))
    assert sheet.scores == (0, 5, 3) and sheet.alive == (0, 1, 2)
    before = sheet.to_dict()
    with pytest.raises(SheetError) as refused:
        # Bo would be out after round 1, so his penalty in round 2 no longer fits.
        sheet.replace(0, GurkaEntry(penalties=(0, 14, 0)))
    assert refused.value.code == "edit_conflict"
    assert refused.value.message == (
        "with this change round 2 no longer fits: Bo is out this round: a penalty of 0, not 5"
    )
    assert sheet.to_dict() == before
    sheet.delete(1)
    sheet.undo()
    assert sheet.to_dict() == before
    assert GurkaSheet.from_dict(json.loads(json.dumps(before))).to_dict() == before
