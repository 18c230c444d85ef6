"""The Kraken score sheet: equal to the engine on random rounds, every rule and refusal
worked, edits, deletes and undo."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.kraken import Game, Round, Rules
from cardtable.sheet import KrakenEntry, KrakenSheet, SheetError, load_sheet
from cardtable.sheet.vectors import DEFAULT_PATH, kraken_entry

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / DEFAULT_PATH).read_text(encoding="utf-8"))
RULES = [
    Rules(roem=roem, challenges=challenges, double_spades=spades, multiply_roem=multiply)
    for roem in ("tricks", "hand", "none")
    for challenges in (True, False)
    for spades in (True, False)
    for multiply in (True, False)
]


def entry(declarers: int = 0, points: int = 100, **fields: Any) -> KrakenEntry:
    return KrakenEntry(declarers=declarers, points_of=declarers, card_points=points, **fields)


def test_the_sheet_scores_thousands_of_engine_rounds_as_the_engine_does() -> None:
    rng = random.Random(19)
    checked = 0
    for number in range(1000):
        rules = RULES[number % len(RULES)]
        rnd = Round.new(rules, rng.randrange(4), rng.getrandbits(48))
        while not rnd.is_over:
            rnd.apply(rng.choice(rnd.legal_actions()))
        sheet = KrakenSheet(rules.replace(rounds=1), first_dealer=int(rnd.dealer))
        scored = sheet.add(kraken_entry(rnd, rng))
        assert scored.result == rnd.result()
        assert sheet.totals == rnd.result().points and sheet.is_over
        checked += 1
    assert checked == 1000


def test_whole_engine_games_give_the_same_totals_dealers_and_winner() -> None:
    rng = random.Random(5)
    for target in (None, 750, 1500):
        rules = Rules(target_score=target, double_spades=True)
        game = Game(rules, seed=rng.getrandbits(32))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        sheet = KrakenSheet(rules, first_dealer=int(game.first_dealer))
        for rnd in game.history:
            assert sheet.next_dealer == rnd.dealer
            sheet.add(kraken_entry(rnd, rng))
        assert (sheet.totals, sheet.winner, sheet.is_over) == (game.scores, game.winner, True)
        assert sheet.next_dealer is None


def test_worked_examples_nat_mars_multipliers() -> None:
    sheet = KrakenSheet(Rules(rounds=16, double_spades=True, multiply_roem=False))
    nat = sheet.add(entry(0, 81))
    assert nat.result.nat and nat.result.points == (0, 162)
    assert nat.reason_text() == "nat: 81 is not more than 81"
    made = sheet.add(entry(1, 80, roem=((), (20,))))
    assert made.result.points == (82, 100) and made.reason_text() == "made: 80 + 20 is more than 82"
    mars = sheet.add(entry(0, 162, mars=0, challenge="re", roem=((50,), ())))
    # multiply_roem False: 162 x4, but roem 50 and the mars bonus 100 once.
    assert mars.result.points == (162 * 4 + 50 + 100, 0) and mars.result.multiplier == 4
    spades = sheet.add(entry(0, 100, spades=True, challenge="contra"))
    assert spades.result.multiplier == 4 and spades.result.points == (400, 248)
    assert sheet.totals == (0 + 82 + 798 + 400, 162 + 100 + 0 + 248)
    assert [r.dealer for r in sheet.rounds] == [0, 1, 2, 3] and sheet.next_dealer == 0


def test_hand_roem_goes_to_the_highest_declaration() -> None:
    sheet = KrakenSheet(Rules(roem="hand"))
    scored = sheet.add(entry(0, 90, declared=(20, 50, 0, 20), stuk=(False, False, False, True)))
    # Seat 1 (team 1) declared the highest: team 1 scores 50 + 20 (seat 3 with stuk).
    assert scored.result.roem == (0, 70)
    assert scored.result.nat


def test_edit_delete_and_undo_follow_the_totals() -> None:
    sheet = KrakenSheet(Rules(rounds=3), teams=("Ann & Cy", "Bo & Di"))
    for points in (100, 90, 82):
        sheet.add(entry(0, points))
    assert sheet.totals == (272, 214) and sheet.winner == 0
    sheet.replace(1, entry(1, 130))
    assert sheet.totals == (100 + 32 + 82, 62 + 130 + 80)
    sheet.delete(0)
    assert len(sheet.rounds) == 2 and sheet.rounds[0].dealer == 0 and not sheet.is_over
    sheet.undo()
    sheet.undo()
    assert sheet.totals == (272, 214)
    with pytest.raises(SheetError, match="no_round: there is no round 4: the sheet has 3"):
        sheet.replace(3, entry())


def test_an_edit_that_ends_a_target_game_earlier_is_refused() -> None:
    sheet = KrakenSheet(Rules(target_score=300))
    sheet.add(entry(0, 150))
    sheet.add(entry(0, 100))
    before = sheet.to_dict()
    with pytest.raises(SheetError) as refused:
        sheet.replace(0, entry(0, 162, mars=0, challenge="contra"))
    assert refused.value.code == "edit_conflict"
    assert "round 2 no longer fits: the game is over" in refused.value.message
    assert sheet.to_dict() == before


def test_the_json_round_trips_and_bad_files_are_refused() -> None:
    sheet = KrakenSheet(Rules(target_score=750), players=("A", "B", "C", "D"), title="Club")
    sheet.add(entry(1, 70, declarer=3))
    data = json.loads(json.dumps(sheet.to_dict()))
    again = KrakenSheet.from_dict(data)
    assert again.to_dict() == data and again.summary() == sheet.summary()
    data["rounds"][0]["card_points"] = 170
    with pytest.raises(SheetError, match=r"card_points: round 1: card points are 0 to 162"):
        load_sheet(data)
    for broken, message in (
        ({**data, "version": 2}, "version 2 is not supported"),
        ({**data, "teams": ["only one"]}, "'teams' must be a list of 2 names"),
        ({**data, "rules": {"target_score": 0}}, "rules field 'target_score'"),
        ({**data, "colour": "red"}, "unknown field 'colour'"),
    ):
        with pytest.raises(SheetError, match=message):
            load_sheet(broken)


@settings(max_examples=40, deadline=None)
@given(
    rounds=st.lists(
        st.tuples(st.integers(0, 1), st.integers(0, 162), st.sampled_from(["none", "contra"])),
        min_size=1,
        max_size=12,
    ),
    where=st.integers(0, 11),
    first_dealer=st.integers(0, 3),
)
def test_property_totals_dealers_and_undo_follow_every_change(
    rounds: list[tuple[int, int, str]], where: int, first_dealer: int
) -> None:
    sheet = KrakenSheet(Rules(), first_dealer=first_dealer)
    for declarers, points, challenge in rounds:
        sheet.add(entry(declarers, points, challenge=challenge))
    before = sheet.to_dict()

    def consistent() -> None:
        scored = sheet.rounds
        points = [r.result.points for r in scored]
        assert sheet.totals == (sum(p[0] for p in points), sum(p[1] for p in points))
        assert [r.dealer for r in scored] == [(first_dealer + n) % 4 for n in range(len(scored))]
        assert sheet.next_dealer == (first_dealer + len(scored)) % 4

    consistent()
    index = where % len(rounds)
    sheet.replace(index, entry(1, 162 - rounds[index][1]))
    consistent()
    sheet.delete(index)
    consistent()
    sheet.undo()
    sheet.undo()
    assert sheet.to_dict() == before
