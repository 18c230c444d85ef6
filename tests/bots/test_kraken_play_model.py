"""The Kraken play model: probabilities, likelihoods of worlds, weighted worlds, training."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots.kraken_play_model import (
    FEATURES,
    PlayDecision,
    PlayModel,
    Scorer,
    WeightedWorlds,
    decisions_of,
)
from cardtable.bots.kraken_search import KrakenSearch
from cardtable.bots.training import train_kraken_play_model as training
from cardtable.cards import CardSet
from cardtable.kraken import Round, Rules, Seat
from cardtable.kraken.inference import infer

RULES = [
    Rules(),
    Rules.preset("rotterdam"),
    Rules.preset("g4a"),
    Rules(trump_choice="random"),
    Rules(trump_choice="random", random_fallback="call_other", roem="none"),
    Rules(trump_choice="free_dealer", challenges=False),
]


def random_round(rules: Rules, seed: int, steps: int) -> Round:
    """A round after ``steps`` random legal actions."""
    round_ = Round.new(rules, seed % 4, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if round_.is_over:
            break
        round_.apply(rng.choice(round_.legal_actions()))
    return round_


def model_with(**weights: float) -> PlayModel:
    """A model whose only non-zero weights are ``weights``."""
    values = [weights.get(name, 0.0) for name in FEATURES]
    return PlayModel(values, temperature=1.0, tremble=0.05, mix=0.0)


COMMITTED = PlayModel.load()


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.play}-{r.trump_choice}-{r.roem}")
def test_probabilities_sum_to_one_over_the_legal_actions(rules: Rules) -> None:
    for seed in range(3):
        round_ = Round.new(rules, seed % 4, seed)
        rng = random.Random(seed)
        while not round_.is_over:
            seat = round_.to_move
            assert seat is not None
            view = round_.observation(seat)
            probabilities = COMMITTED.action_probabilities(view)
            assert set(probabilities) == set(round_.legal_actions())
            assert math.isclose(sum(probabilities.values()), 1.0)
            assert all(p > 0 for p in probabilities.values())
            round_.apply(rng.choice(round_.legal_actions()))


def test_action_probabilities_need_the_seat_to_move() -> None:
    round_ = Round.new(Rules(), 3, 1)
    other = round_.to_move.left  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="not to move"):
        COMMITTED.action_probabilities(round_.observation(other))


def last_player_example() -> tuple[Round, Round, Round]:
    """North leads the king of spades and West, last to play, drops the nine: the true
    round (West held the nine and a small spade), a world in which West also held
    the master ace (it could have taken the trick) and one in which it held no other
    spade (the nine was forced)."""
    rules = Rules(challenges=False)
    hands = [
        "KS 7H 8H 7C 8C 7D 8D 9D",
        "7S QS JS 9H TH 9C TC QD",
        "8S TS AH KH QH JH AC KC",
        "9S AS QC JC AD TD KD JD",
    ]
    true = Round.from_hands(rules, hands, dealer=Seat.W)
    for action in ("trump H", "KS", "7S", "8S", "9S"):
        true.apply(action)
    observation = true.observation(Seat.N)
    hidden = [hand.mask for hand in true.hands]
    ace, queen = CardSet.parse("AS").mask, CardSet.parse("QD").mask
    could_win = true.redeal([CardSet(m) for m in hidden])
    swapped = list(hidden)
    swapped[Seat.W] = hidden[Seat.W] & ~ace | queen
    swapped[Seat.E] = hidden[Seat.E] & ~queen | ace
    forced = true.redeal([CardSet(m) for m in swapped])
    assert forced.observation(Seat.N) == observation == could_win.observation(Seat.N)
    return true, could_win, forced


def test_a_world_where_the_seat_would_have_played_differently_weighs_less() -> None:
    true, could_win, forced = last_player_example()
    observation = true.observation(Seat.N)
    # a model that likes to win the trick when last to play
    model = model_with(follow_last_wins=3.0)
    terms_win = model.seat_log_likelihoods(observation, could_win)
    terms_forced = model.seat_log_likelihoods(observation, forced)
    assert terms_forced[Seat.W] == 0.0  # the nine was West's only spade
    # West had two spades: 9S with probability 0.95 / (1 + e^3) + 0.05 / 2
    expected = math.log(0.95 / (1 + math.exp(3.0)) + 0.025)
    assert terms_win[Seat.W] == pytest.approx(expected)
    assert model.log_likelihood(observation, could_win) < model.log_likelihood(observation, forced)
    # the committed model learned the same from self-play
    assert COMMITTED.log_likelihood(observation, could_win) < COMMITTED.log_likelihood(
        observation, forced
    )


def test_a_seat_that_passed_is_less_likely_to_hold_the_top_trumps() -> None:
    rules = Rules(challenges=False)
    strong, weak = "JH 9H AH TH AC AD AS 7S", "7C 8C 9C TC 7D 8D 9D TD"
    south, west = "KH QH 8H 7H JC QC KC JD", "QD KD 8S 9S TS JS QS KS"
    east_strong = Round.from_hands(rules, [weak, strong, south, west], dealer=Seat.N)
    east_weak = Round.from_hands(rules, [strong, weak, south, west], dealer=Seat.N)
    # East speaks first and would name hearts with the top of the suit
    probabilities = COMMITTED.action_probabilities(east_strong.observation(Seat.E))
    assert probabilities["trump H"] > probabilities["pass"]
    for world in (east_strong, east_weak):
        world.apply("pass")
    observation = east_strong.observation(Seat.S)
    assert east_weak.observation(Seat.S) == observation
    assert COMMITTED.log_likelihood(observation, east_strong) < COMMITTED.log_likelihood(
        observation, east_weak
    )


def test_weights_are_finite_positive_normalized_and_deterministic_per_seed() -> None:
    for rules in RULES:
        for seed in range(4):
            round_ = random_round(rules, seed, 12 + 5 * seed)
            if round_.is_over:
                continue
            seat = round_.to_move
            assert seat is not None
            observation = round_.observation(seat)
            first = WeightedWorlds(observation, COMMITTED, random.Random(seed)).take(12)
            again = WeightedWorlds(observation, COMMITTED, random.Random(seed)).take(12)
            assert [w for _, w in first] == [w for _, w in again]
            assert [world.initial_hands for world, _ in first] == [
                world.initial_hands for world, _ in again
            ]
            weights = [w for _, w in first]
            assert all(math.isfinite(w) and w > 0 for w in weights)
            assert math.isclose(sum(weights), 1.0)
            streamed = iter(WeightedWorlds(observation, COMMITTED, random.Random(seed), None, 3))
            world, weight = next(streamed)
            assert math.isfinite(weight) and weight > 0
            assert world.observation(seat) == observation


def test_worlds_keep_the_observers_hand_and_the_rules() -> None:
    for rules in RULES:
        for seed in range(5):
            round_ = random_round(rules, 100 + seed, 6 + 7 * seed)
            if round_.is_over:
                continue
            seat = round_.to_move
            assert seat is not None
            observation = round_.observation(seat)
            possible = infer(observation).possible
            sampler = WeightedWorlds(observation, COMMITTED, random.Random(seed), candidates=2)
            for world, _ in sampler.take(6):
                # the world replays to exactly what the observer saw, its hand included
                assert world.observation(seat) == observation
                assert world.hands[seat] == round_.hands[seat]
                for other in Seat:
                    assert world.hands[other].mask & ~possible[other].mask == 0


def test_each_world_is_picked_among_its_candidates_in_proportion_to_their_weights() -> None:
    """``candidates=3``: three deals drawn as PIMC draws them, one picked by their
    weights, carrying their mean weight (checked against the draws replayed by hand,
    while bidding as in card play)."""
    phases = set()
    for rules in RULES:
        for seed in range(8):
            round_ = random_round(rules, 300 + seed, 3 * seed + 2)
            if round_.is_over:
                continue
            observation = round_.observation(round_.to_move)
            phases.add(observation.phase)
            world, log_weight = WeightedWorlds(
                observation, COMMITTED, random.Random(seed), candidates=3
            ).draw_log()
            rng = random.Random(seed)
            search, scorer = KrakenSearch(observation), Scorer(COMMITTED, observation, True)
            drawn = [search.determinize(rng) for _ in range(3)]
            logs = [
                COMMITTED.temperature * scorer.log_weight([h.mask for h in w.initial_hands])
                for w in drawn
            ]
            weights = [math.exp(x - max(logs)) for x in logs]
            pick, chosen = rng.random() * sum(weights), 0
            while pick >= weights[chosen]:
                pick -= weights[chosen]
                chosen += 1
            assert world.initial_hands == drawn[chosen].initial_hands
            assert world.observation(observation.seat) == observation
            assert log_weight == pytest.approx(max(logs) + math.log(sum(weights) / 3))
    assert {"play", "trump"} <= phases


def test_normalize_mixes_with_uniform_and_guards_against_one_world() -> None:
    weights = WeightedWorlds.normalize([0.0, -50.0, -50.0, -50.0], mix=0.2)
    assert math.isclose(sum(weights), 1.0)
    assert min(weights) >= 0.05 - 1e-12
    plain = WeightedWorlds.normalize([0.0, -50.0, -50.0, -50.0])
    assert WeightedWorlds.effective_size(plain) == pytest.approx(1.0)
    assert WeightedWorlds.effective_size(weights) > 1.3
    assert WeightedWorlds.effective_size([0.25] * 4) == pytest.approx(4.0)
    assert WeightedWorlds.normalize([]) == []


def test_model_files_round_trip_and_refuse_other_features(tmp_path: object) -> None:
    data = COMMITTED.to_dict()
    assert PlayModel.from_dict(data).weights == pytest.approx(COMMITTED.weights, abs=1e-6)
    with pytest.raises(ValueError, match="other features"):
        PlayModel.from_dict({**data, "features": data["features"][:-1]})
    with pytest.raises(ValueError, match="weights"):
        PlayModel([0.0])
    with pytest.raises(ValueError, match="tremble"):
        PlayModel([0.0] * len(FEATURES), tremble=0.0)


def test_the_committed_model_was_calibrated_and_helps() -> None:
    info = COMMITTED.info
    assert 0 < COMMITTED.temperature <= 1.5
    assert (
        info["calibration_weighted_nats_per_hidden_card"]
        < info["calibration_uniform_nats_per_hidden_card"]
    )
    assert info["validation_nats_per_decision"] < info["validation_uniform_nats_per_decision"]


@settings(max_examples=25)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 36),
    rules=st.sampled_from(RULES[:3]),
)
def test_the_likelihood_reads_only_the_world_and_public_facts(
    seed: int, steps: int, rules: Rules
) -> None:
    round_ = random_round(rules, seed, steps)
    if round_.is_over:
        return
    me = round_.to_move
    assert me is not None
    observation = round_.observation(me)
    rng = random.Random(seed)
    world = WeightedWorlds(observation, COMMITTED, rng).draw()[0]
    # re-dealing the true round (what the observer cannot see) changes nothing
    other_truth = round_.redeal(WeightedWorlds(observation, COMMITTED, rng).draw()[0].hands)
    assert other_truth.observation(me) == observation
    assert COMMITTED.log_likelihood(other_truth.observation(me), world) == (
        COMMITTED.log_likelihood(observation, world)
    )
    # each seat's term reads that seat's hand only: swap a card between two others
    terms = COMMITTED.seat_log_likelihoods(observation, world)
    assert terms[me] == 0.0
    possible = infer(observation).possible
    others = [s for s in Seat if s != me]
    for a, b in ((others[0], others[1]), (others[1], others[2]), (others[0], others[2])):
        hands = [h.mask for h in world.hands]
        swap = [
            (x, y)
            for x in CardSet(hands[a])
            for y in CardSet(hands[b])
            if possible[b].mask & x.bit and possible[a].mask & y.bit
        ]
        if not swap:
            continue
        x, y = swap[seed % len(swap)]
        hands[a] ^= x.bit | y.bit
        hands[b] ^= x.bit | y.bit
        swapped = world.redeal([CardSet(m) for m in hands])
        if swapped.observation(me) != observation:
            continue  # hand roem: the swap broke a declaration
        changed = COMMITTED.seat_log_likelihoods(observation, swapped)
        (third,) = [s for s in others if s not in (a, b)]
        assert changed[third] == terms[third]
        assert changed[me] == 0.0


def test_decisions_list_every_modelled_action_with_what_was_public() -> None:
    round_ = random_round(Rules(), 5, 40)
    observation = round_.observation(Seat.N)
    decisions = decisions_of(observation)
    modelled = [a for s, a in round_.actions if a not in ("roem",)]
    assert [d.action for d in decisions] == modelled
    pending = decisions_of(observation, pending=True)
    assert len(pending) == len(decisions) + (0 if round_.is_over else 1)


def test_the_training_script_runs_on_a_tiny_budget(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    out = tmp_path / "model.json"
    args = [
        "--deals",
        "1",
        "--validation",
        "1",
        "--worlds",
        "1",
        "--cache",
        str(tmp_path / "games"),
        "--out",
        str(out),
        "--positions",
        "6",
        "--calibration-worlds",
        "4",
        "--quiet",
    ]
    training.main(args)
    model = PlayModel.load(out)
    assert len(model.weights) == len(FEATURES)
    assert all(math.isfinite(w) for w in model.weights)
    assert model.info["training_decisions"] > 0
    # the games are cached: a second run reads them and writes the same model
    training.main(args)
    assert PlayModel.from_dict(model.to_dict()).weights == PlayModel.load(out).weights


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(8, 36), rules=st.sampled_from(RULES[:3]))
def test_a_scorer_reused_over_many_worlds_gives_each_the_terms_of_its_own_decisions(
    seed: int, steps: int, rules: Rules
) -> None:
    """The scorer's caches (scores of cards, whole terms) give every world the sum,
    seat by seat, of the log probability of each action taken from that world's hand,
    worked out afresh per decision."""
    round_ = random_round(rules, seed, steps)
    if round_.is_over:
        return
    observation = round_.observation(round_.to_move)
    others = [d for d in decisions_of(observation) if d.seat != observation.seat]
    scorer = Scorer(COMMITTED, observation, True)
    search = KrakenSearch(observation)
    rng = random.Random(seed)
    for _ in range(30):
        initial = [h.mask for h in search.determinize(rng).initial_hands]
        expected = [0.0] * 4
        for decision in others:
            hand = initial[decision.seat]
            if isinstance(decision, PlayDecision):
                hand &= ~decision.gone
            probability = COMMITTED.probabilities(decision, hand)[decision.action]
            expected[decision.seat] += math.log(probability)
        assert scorer.seat_terms(initial) == pytest.approx(expected, abs=1e-9)
