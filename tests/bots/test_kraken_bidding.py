"""The learned bidding evaluation of Kraken: sound choices on clear hands, legal
actions only, the same answers every time, features equal to the rules' own
functions, training simulation equal to the engine, and a training run on a tiny budget."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cardtable.bots.kraken_bidding import (
    HEADS,
    MIN_SAMPLES,
    ROEM,
    STRENGTH,
    BiddingModel,
    hand_table,
    input_size,
    name_inputs,
)
from cardtable.bots.kraken_heuristic import choose as heuristic_choose
from cardtable.bots.kraken_heuristic import defence_strength, trump_strength
from cardtable.bots.training import train_kraken_bidding as training
from cardtable.cards import CardSet, Suit, iter_bits
from cardtable.kraken import Round, Rules, Seat
from cardtable.kraken.roem import hand_roem
from cardtable.kraken.trick import DECK

from ..kraken.helpers import ALL_RULES

MODEL = BiddingModel.load()


def _round(hands: list[str], rules: Rules | None = None) -> Round:
    """A round dealt by West (North names first in free trump choice)."""
    return Round.from_hands(rules or Rules(), hands, dealer=Seat.W)


def test_jack_nine_ace_of_hearts_and_side_aces_name_hearts() -> None:
    r = _round(
        [
            "JH 9H AH 8H AS AD 7C 8D",
            "7S 8S 9S TS JS QS 9D TD",
            "TH KH QH 7H 9C TC JC QC",
            "KS 7D JD QD KD AC KC 8C",
        ]
    )
    values = MODEL.estimates(r.observation(Seat.N))
    assert MODEL.choose(r.observation(Seat.N)) == "trump H"
    assert values["trump H"] > values["pass"] + 20
    assert values["trump H"] == max(values.values())


def test_a_junk_hand_passes_when_it_may() -> None:
    r = _round(
        [
            "7C 8C 7D 8D 9S 8S 7H QD",
            "JH 9H AH TH KH QH 8H AS",
            "JC 9C AC TC KC QC 9D TD",
            "7S TS JS QS KS JD KD AD",
        ]
    )
    values = MODEL.estimates(r.observation(Seat.N))
    assert MODEL.choose(r.observation(Seat.N)) == "pass"
    assert values["pass"] > max(v for a, v in values.items() if a != "pass")


def test_a_junk_hand_forced_names_its_least_bad_suit() -> None:
    r = _round(
        [
            "7C 8C 9C 7D 8D 9S 8S QD",
            "JH 9H AH TH KH QH 8H AS",
            "JC AC TC KC QC JD 9D TD",
            "7S TS JS QS KS 7H KD AD",
        ]
    )
    for _ in range(4):
        r.apply("pass")
    observation = r.observation(Seat.N)
    assert "pass" not in observation.legal_actions
    choice = MODEL.choose(observation)
    assert choice in observation.legal_actions and choice != "trump H"


def test_a_defender_with_a_trump_stack_says_contra_against_a_weak_suit() -> None:
    r = _round(
        [
            "7S 8S KC QC 8C 7D 8D 9D",
            "JS 9S AS TS KS AH AD 7C",
            "QS 7H 8H 9H TH JH 9C TC",
            "JC AC TD JD QD KD QH KH",
        ]
    )
    r.apply("trump S")
    observation = r.observation(Seat.E)
    values = MODEL.estimates(observation)
    assert MODEL.choose(observation) == "contra"
    assert values["contra"] > values["pass"]


def test_the_declarer_does_not_say_re_with_a_weak_hand() -> None:
    r = _round(
        [
            "7S 8S KC QC 8C 7D 8D 9D",
            "JS 9S AS TS KS AH AD 7C",
            "QS 7H 8H 9H TH JH 9C TC",
            "JC AC TD JD QD KD QH KH",
        ]
    )
    r.apply("trump S")
    r.apply("contra")
    assert MODEL.choose(r.observation(Seat.N)) == "pass"


def _decisions(rules: Rules, seed: int) -> list[tuple[Round, str]]:
    """Every bidding decision of a round bid by the model, with the model's choice."""
    r = Round.new(rules, seed % 4, seed)
    out = []
    while r.phase in ("trump", "challenge", "roem"):
        seat = r.to_move
        assert seat is not None
        observation = r.observation(seat)
        choice = MODEL.choose(observation)
        out.append((r.copy(), choice))
        r.apply(choice)
    return out


@pytest.mark.parametrize("rules", ALL_RULES, ids=str)
def test_only_legal_actions_are_estimated_and_chosen(rules: Rules) -> None:
    phases = set()
    for seed in range(6):
        rules_here = rules.replace(double_spades=seed % 3 == 0, multiply_roem=seed % 2 == 0)
        for r, choice in _decisions(rules_here, seed):
            assert r.to_move is not None
            observation = r.observation(r.to_move)
            values = MODEL.estimates(observation)
            assert list(values) == observation.legal_actions
            assert all(np.isfinite(v) for v in values.values())
            assert choice in observation.legal_actions
            phases.add(r.phase)
    assert "trump" in phases


def test_the_same_observation_gets_the_same_answers() -> None:
    first = [(r.actions, c) for r, c in _decisions(Rules(roem="hand"), 5)]
    second = [(r.actions, c) for r, c in _decisions(Rules(roem="hand"), 5)]
    assert first == second
    r = Round.new(Rules(), 0, 11)
    observation = r.observation(r.to_move or 0)
    assert MODEL.estimates(observation) == MODEL.estimates(observation)
    assert BiddingModel.load() is MODEL


def test_there_is_nothing_to_estimate_in_play_or_out_of_turn() -> None:
    r = Round.new(Rules(challenges=False), 3, 2)
    with pytest.raises(ValueError, match="no bidding decision"):
        MODEL.estimates(r.observation(Seat.E))  # North is to move
    r.apply("trump H")
    with pytest.raises(ValueError, match="phase play"):
        MODEL.estimates(r.observation(r.to_move or 0))


def test_a_context_seen_too_rarely_in_training_is_left_to_the_heuristic() -> None:
    r = Round.new(Rules(), 3, 8)
    observation = r.observation(Seat.N)
    key = MODEL.context(observation)
    assert key == "trump:free:1:0" and MODEL.counts[key] >= MIN_SAMPLES
    rare = BiddingModel(MODEL.heads, {**MODEL.counts, key: MIN_SAMPLES - 1})
    heuristic = heuristic_choose(observation, random.Random(0))
    assert rare.choose(observation) == heuristic
    assert MODEL.estimates(observation) == rare.estimates(observation)


def test_the_committed_model_names_its_contexts_and_figures() -> None:
    assert set(MODEL.heads) == set(HEADS)
    for name, head in MODEL.heads.items():
        assert head.w1.shape[0] == input_size(name)
        assert head.w2.shape[1] == len(HEADS[name])
    assert MODEL.info["deals"] >= 1000
    assert {"name", "pass", "challenge"} <= set(MODEL.info["held out error"])
    for variant in ("free", "free_dealer", "utrecht", "random/second_card", "random/call_other"):
        assert any(key.startswith(f"trump:{variant}:") for key in MODEL.counts)


def test_features_equal_the_heuristic_and_the_roem_rules() -> None:
    rng = random.Random(4)
    deck = list(iter_bits(DECK.mask))
    hands = [sum(1 << c for c in rng.sample(deck, 8)) for _ in range(1500)]
    hands.append(CardSet.parse("JC JD JH JS AC AD AH AS").mask)
    hands.append(CardSet.parse("7H 8H 9H TH JH QH KH AH").mask)
    for hand in hands:
        rows, _ = hand_table(hand)
        for suit in Suit:
            assert rows[suit][STRENGTH] * 10 == pytest.approx(trump_strength(hand, suit))
            assert rows[suit][training.DEFENCE] * 10 == pytest.approx(defence_strength(hand, suit))
            assert round(rows[suit][ROEM] * 10) == hand_roem(CardSet(hand), suit)


def test_inputs_of_one_decision_equal_those_of_many() -> None:
    suit = np.arange(2 * 21, dtype=float).reshape(2, 21)
    flags = np.array([[1.0, 0.0, 1.0, 1.0], [1.0, 0.0, 1.0, 1.0]])
    one = name_inputs(suit, 2, 3, False, True, False, flags)
    many = name_inputs(suit, np.array([2, 2]), np.array([3, 3]), False, True, False, flags)
    assert np.array_equal(one, many)


def test_the_training_simulation_bids_as_the_engine_does(tmp_path: Path) -> None:
    """Each simulated bidding ends in the contract, multiplier and roem the engine
    reaches when every seat asks the model (so the training's inputs are the table's)."""
    data = training.generate(10, 3, None, log=lambda _: None)
    tables = training.Tables.of(data)
    model = BiddingModel(MODEL.heads)  # no heuristic fallback: exactly the heads
    policy = training.ModelPolicy(model)
    checked = 0
    for group in training.groups(tables, np.arange(len(data)), 6, 1):
        outcome = training.Simulator(tables, [policy] * 4).trump(group)
        for row, deal in enumerate(group.deals):
            r = _engine_round(group, row, data)
            while r.phase in ("trump", "challenge", "roem"):
                r.apply(model.choose(r.observation(r.to_move or 0)))
            assert r.trump is not None and r.declarer is not None
            score = training.utility(
                data.values[deal, r.trump : r.trump + 1],
                np.array([r.declarer % 2]),
                np.array([r.roem[0]]),
                np.array([r.roem[1]]),
                np.array([group.roem == "tricks"]),
            )
            assert score[0] * r.multiplier == pytest.approx(outcome[row])
            checked += 1
    assert checked == 60


def _engine_round(group: training.Group, row: int, data: training.Dataset) -> Round:
    choice, _, fallback = group.variant.partition("/")
    deal = group.deals[row]
    rules = Rules(
        trump_choice=choice,  # type: ignore[arg-type]
        random_fallback=fallback or "second_card",  # type: ignore[arg-type]
        play="rotterdam" if data.rotterdam[deal] else "amsterdam",
        roem=group.roem,  # type: ignore[arg-type]
        challenges=group.challenges,
    )
    trump_deck = None
    if choice == "random":  # the turned card's suit, then the second card's
        cards = list(DECK)
        first = next(c for c in cards if c.suit == group.turned[row])
        second = next(c for c in cards if c.suit == group.second[row])
        trump_deck = [first, second, *(c for c in cards if c not in (first, second))]
    hands = [CardSet(int(h)) for h in data.hands[deal]]
    return Round.from_hands(rules, hands, training.DEALER, 0, trump_deck)


def test_utility_scores_as_the_rules_do() -> None:
    # made, nat, mars against the declarers, roem from hand compared
    values = np.array([40, 10, -262, 20])
    declarers = np.array([0, 1, 0, 0])
    roem0 = np.array([0, 0, 0, 20])
    roem1 = np.array([0, 0, 0, 50])
    hand = np.array([False, False, False, False])
    assert training.utility(values, declarers, roem0, roem1, hand).tolist() == [
        40,
        162,
        -262,
        -(162 + 70),
    ]
    # trick roem: nat costs the value's margin when it is more than 162
    assert training.utility(np.array([-200]), np.array([0]), 0, 0, np.array([True]))[0] == -200


def test_the_training_script_runs_on_a_tiny_budget(tmp_path: Path) -> None:
    data = tmp_path / "deals.npz"
    arguments = ["--deals", "12", "--iterations", "2", "--epochs", "1", "--hidden", "4"]
    arguments += ["--draws", "1", "--data", str(data)]
    assert training.main([*arguments, "--out", str(tmp_path / "first.json")]) == 0
    model = BiddingModel.load(tmp_path / "first.json")
    assert model.info["deals"] == 12 and data.exists()
    r = Round.new(Rules(), 3, 1)
    observation = r.observation(Seat.N)
    assert model.choose(observation) in observation.legal_actions
    # again from the cached deals: the same model
    assert training.main([*arguments, "--out", str(tmp_path / "second.json")]) == 0
    again = BiddingModel.load(tmp_path / "second.json")
    assert again.to_dict()["heads"] == model.to_dict()["heads"]
    assert again.counts == model.counts
