"""The learned opening-lead values and their use by the expert."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable.bots.kraken_expert import KrakenExpert
from cardtable.bots.kraken_lead import LeadModel, canonical, lead_inputs, variant
from cardtable.bots.kraken_search import KrakenSearch
from cardtable.bots.pimc import round_outcome
from cardtable.bots.training import train_kraken_lead as training
from cardtable.cards import Suit, parse_cards
from cardtable.kraken import Round, Rules
from cardtable.kraken.contracts import bid_to, fixed_contract
from cardtable.kraken.seat import Seat
from cardtable.solver.api import solve

HANDS = ["JH 9H AH TH 7C 8C 7D 8D", "7H 9C TC 9D TD 7S 8S 9S",
         "KH QH 8H JC QC JD QD TS", "KC AC KD AD JS QS KS AS"]  # fmt: skip


def _opening(rules: Rules | None = None, hands: list[str] = HANDS) -> Round:
    r = Round.from_hands(rules or Rules(), [parse_cards(h) for h in hands], Seat.W)
    bid_to(r, fixed_contract(hands, Seat.W))
    return r


def test_the_values_cover_every_legal_card_of_an_opening_lead_only() -> None:
    r = _opening()
    observation = r.observation(r.to_move)
    model = LeadModel.load()
    values = model.values(observation)
    assert sorted(values) == sorted(observation.legal_actions)
    r.apply(r.legal_actions()[0])
    assert model.values(r.observation(r.to_move)) == {}  # second hand: not a lead
    # rules the model was not trained for give nothing
    assert variant(Rules(roem="none")) is None
    assert model.values(_opening(Rules(roem="none")).observation(Seat.N)) == {}


def test_renaming_the_plain_suits_changes_no_value() -> None:
    # hearts trump (North declares); clubs and diamonds swapped in every hand: the
    # leader holds the same ranks in both, so each is worth what the other is
    swap = {"C": "D", "D": "C"}
    swapped = [" ".join(c[0] + swap.get(c[1], c[1]) for c in h.split()) for h in HANDS]
    first, second = _opening(), _opening(hands=swapped)
    assert first.trump == second.trump == Suit.HEARTS
    model = LeadModel.load()
    one = model.values(first.observation(first.to_move))
    other = model.values(second.observation(second.to_move))
    assert one == {c[0] + swap.get(c[1], c[1]): v for c, v in other.items()}


def test_the_inputs_put_trump_first_and_the_declarer_last() -> None:
    hand = canonical(parse_cards("7C AH 9S JS TH KH 8D QD"), Suit.SPADES)
    x = lead_inputs(hand, Suit.SPADES, 2)
    # JS and 9S are the first two trump bits; hearts (three cards) is the next suit
    assert x[0] == x[1] == 1 and x[2:8].sum() == 0
    assert [int(i) for i in x[8:16].nonzero()[0]] == [0, 1, 2]  # A, T, K
    assert list(x[32:]) == [0, 0, 1, 0]
    assert x.sum() == 8 + 1


def test_the_values_scale_with_the_multiplier() -> None:
    r = Round.from_hands(Rules(), [parse_cards(h) for h in HANDS], Seat.W)
    for action in ("trump H", "contra", "re", "pass", "pass"):  # N hearts, E contra, N re
        r.apply(action)
    observation = r.observation(r.to_move)
    assert observation.multiplier == 4
    plain = LeadModel.load().values(_opening().observation(Seat.N))
    doubled = LeadModel.load().values(observation)
    assert doubled == pytest.approx({a: 4 * v for a, v in plain.items()})


def test_the_expert_counts_the_values_as_worlds_beside_its_own() -> None:
    r = _opening()
    observation = r.observation(r.to_move)
    plain = KrakenExpert(worlds=3, seed=5, lead=0).estimates(observation)
    leaning = KrakenExpert(worlds=3, seed=5, lead=6).estimates(observation)
    values = LeadModel.load().values(observation)
    for action, estimate in plain.items():
        blended = leaning[action]
        assert blended.worlds == estimate.worlds == 3
        level = sum(e.mean for e in plain.values()) / len(plain)
        assert blended.mean == pytest.approx((estimate.total + 6 * (level + values[action])) / 9)
    with pytest.raises(ValueError, match="lead must be 0 worlds or more"):
        KrakenExpert(lead=-1)


def test_later_cards_are_plain_pimc() -> None:
    r = _opening()
    r.apply(r.legal_actions()[0])
    observation = r.observation(r.to_move)
    plain = KrakenExpert(worlds=3, seed=5, lead=0).estimates(observation)
    assert KrakenExpert(worlds=3, seed=5, lead=6).estimates(observation) == plain


def test_the_training_script_runs_on_a_tiny_budget(tmp_path: Path) -> None:
    arguments = ["--deals", "20", "--test", "3", "--test-worlds", "6", "--epochs", "1"]
    arguments += ["--hidden", "4", "--variants", "amsterdam", "--data", str(tmp_path)]
    assert training.main([*arguments, "--out", str(tmp_path / "first.json")]) == 0
    model = LeadModel.load(tmp_path / "first.json")
    assert set(model.heads) == {"amsterdam"} and model.info["lead"] in training.WEIGHTS
    assert (tmp_path / "amsterdam-train.npz").exists()
    # again from the cached positions: the same model
    assert training.main([*arguments, "--out", str(tmp_path / "second.json")]) == 0
    assert LeadModel.load(tmp_path / "second.json").to_dict() == model.to_dict()
    # the positions are the sampler's worlds of dealt openings, reproducibly
    x, y = training.positions("amsterdam", "train", 2, 1, 1, None)
    assert x.shape == (2, 36) and y.shape == (2, 1, 8)
    again, _ = training.positions("amsterdam", "train", 2, 1, 1, None)
    assert (x == again).all()


def test_a_card_value_is_the_solved_round_score_of_that_world() -> None:
    round_, _ = training.opening("amsterdam", "train", 0)
    hand, values = training.world_values(round_, random.Random(1), 2)
    assert values.shape == (2, 8) and sorted(map(str, hand)) == sorted(round_.legal_actions())
    seat = round_.to_move
    world = KrakenSearch(round_.observation(seat)).determinize(random.Random(1))
    solved = solve(world).card_values
    assert list(values[0]) == [round_outcome(world, solved[c], seat % 2)[0] for c in hand]
