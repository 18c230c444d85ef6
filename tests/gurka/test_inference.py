"""Gurka inference and the deal sampler: each rule, soundness, exact uniformity,
independence from the true hidden cards, and Round.redeal."""

from __future__ import annotations

import collections
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import CardSet
from cardtable.gurka import Game, Round, Rules, legal_mask
from cardtable.gurka.inference import DealSampler, Inference, forbidden_mask, infer, sample_hidden
from cardtable.gurka.trick import target_rank

VARIATIONS = [
    Rules(players=p, match_previous=a, must_head=b, aces_unbeatable=c, lead_lowest=d)
    for p, (a, b, c, d) in zip(
        itertools.cycle(range(3, 9)), itertools.product([False, True], repeat=4), strict=False
    )
] + [Rules(players=5, penalty_tricks="every"), Rules(players=3, free_rebuy=True)]


def subset(a: CardSet, b: CardSet) -> bool:
    return not a.mask & ~b.mask


def ranks_of(cards: CardSet) -> set[int]:
    return {int(c.rank) for c in cards}


def position(rules: Rules, hands: dict[int, str], actions: str, dealer: int) -> Round:
    rnd = Round.from_hands(rules, hands, dealer)
    for action in actions.split():
        rnd.apply(action)
    return rnd


# -- the pairwise characterization of legality ------------------------------------------


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(VARIATIONS),
    st.lists(st.integers(0, 51), min_size=1, max_size=6, unique=True),
    st.lists(st.integers(2, 14), max_size=7),
)
def test_a_card_is_legal_exactly_when_the_hand_holds_no_forbidden_card(
    rules: Rules, hand: list[int], trick: list[int]
) -> None:
    card = hand[0]
    mask = sum(1 << i for i in hand)
    legal = bool(legal_mask(mask, target_rank(trick, rules), rules) >> card & 1)
    assert legal == (not mask & forbidden_mask(card, trick, rules))


# -- worked examples, one per rule ------------------------------------------------------

THREE = {0: "9D 4C QS", 1: "5C KS 6H", 2: "7H 3H 2D"}


def test_playing_below_the_target_shows_the_lowest_card() -> None:
    rnd = position(Rules(players=3), THREE, "9D 5C", dealer=2)
    view = infer(rnd.observation(2))
    assert min(ranks_of(view.possible[1])) == 5
    assert subset(CardSet.parse("5D 5S 6C AS"), view.possible[1])


def test_reaching_the_target_says_nothing() -> None:
    rnd = position(Rules(players=3), THREE, "9D KS", dealer=2)
    view = infer(rnd.observation(2))
    assert view.possible[1] == view.hidden
    assert subset(CardSet.parse("2C 4D"), view.possible[1])


def test_must_head_below_the_target_shows_no_card_reaching_it() -> None:
    hands = {0: "9D 4C QS", 1: "5C 8S 6H", 2: "7H 3H 2D"}
    rnd = position(Rules(players=3, must_head=True), hands, "9D 5C", dealer=2)
    assert ranks_of(infer(rnd.observation(2)).possible[1]) == {5, 6, 7, 8}


def test_lead_lowest_shows_the_leaders_lowest_card() -> None:
    rnd = position(Rules(players=3, lead_lowest=True), THREE, "4C", dealer=2)
    assert min(ranks_of(infer(rnd.observation(1)).possible[0])) == 4
    free = position(Rules(players=3), THREE, "4C", dealer=2)
    assert min(ranks_of(infer(free.observation(1)).possible[0])) == 2


def test_aces_unbeatable_every_card_under_an_ace_is_the_lowest() -> None:
    hands = {0: "AD 4C QS", 1: "KC KS 6H", 2: "7H 3H 2D"}
    rnd = position(Rules(players=3, aces_unbeatable=True), hands, "AD 6H", dealer=2)
    assert min(ranks_of(infer(rnd.observation(2)).possible[1])) == 6
    # without the variation, 6H under an ace is still the lowest (it cannot reach A)
    plain = position(Rules(players=3), hands, "AD 6H", dealer=2)
    assert min(ranks_of(infer(plain.observation(2)).possible[1])) == 6


def test_aces_unbeatable_ace_played_under_an_ace_was_the_only_rank_left() -> None:
    hands = {0: "AD 4C QS", 1: "AC AS AH", 2: "7H 3H 2D"}
    rnd = position(Rules(players=3, aces_unbeatable=True), hands, "AD AC", dealer=2)
    assert ranks_of(infer(rnd.observation(2)).possible[1]) == {14}


def test_match_previous_the_target_is_the_card_just_before() -> None:
    hands = {0: "JD 4C QS", 1: "3C KS 6H", 2: "7H 5H 2D", 3: "8C 8D 8H"}
    rules = Rules(players=4, match_previous=True)
    # seat 2 plays 5H after 3C: it reached the target (3), so nothing is learnt
    rnd = position(rules, hands, "JD 3C 5H", dealer=3)
    assert min(ranks_of(infer(rnd.observation(3)).possible[2])) == 2
    # seat 1 played 3C under the jack: its lowest card
    assert min(ranks_of(infer(rnd.observation(3)).possible[1])) == 3


def test_penalty_every_trick_and_finished_tricks_still_count() -> None:
    hands = {0: "9D 4C", 1: "5C KS", 2: "7H 3H"}
    rnd = position(Rules(players=3, penalty_tricks="every"), hands, "9D 5C 3H 4C KS", dealer=2)
    view = infer(rnd.observation(0))
    assert ranks_of(view.possible[1]) == set()  # seat 1 has played both cards
    assert min(ranks_of(view.possible[2])) == 3
    assert view.counts == (0, 0, 1)


def test_the_observers_own_plays_and_hand_and_the_set_aside_pile() -> None:
    rnd = Round.new(Rules(players=4), dealer=0, seed=3)
    for _ in range(5):
        rnd.apply(rnd.legal_actions()[0])
    viewer = rnd.to_move
    assert viewer is not None
    view = infer(rnd.observation(viewer))
    assert view.possible[viewer] == rnd.hands[viewer]
    assert not view.hidden & rnd.hands[viewer]
    assert view.set_aside == 52 - 24
    assert len(view.hidden) == 52 - 5 - len(rnd.hands[viewer])


# -- soundness on random games in every variation ---------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIATIONS), st.integers(0, 2**32), st.integers(0, 40))
def test_true_hands_are_possible_and_samples_are_consistent(
    rules: Rules, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    rnd = Round.new(rules, dealer=seed % rules.players, seed=seed)
    for _ in range(steps):
        if rnd.is_over:
            break
        rnd.apply(rng.choice(rnd.legal_actions()))
    for viewer in rnd.seats:
        obs = rnd.observation(viewer)
        view = infer(obs)
        for seat in rnd.seats:
            assert subset(rnd.hands[seat], view.possible[seat])
            assert len(rnd.hands[seat]) == view.counts[seat]
        deal = sample_hidden(obs, rng)
        assert set(deal) == set(rnd.seats)
        assert deal[viewer] == rnd.hands[viewer]
        for seat in rnd.seats:
            assert subset(deal[seat], view.possible[seat])
        world = rnd.redeal(deal)
        assert world.observation(viewer) == obs
        # every remaining play of that world is legal and the observation still agrees
        while not world.is_over:
            world.apply(rng.choice(world.legal_actions()))


def test_samples_do_not_depend_on_the_true_hidden_cards() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        rules = VARIATIONS[seed % len(VARIATIONS)]
        rnd = Round.new(rules, dealer=seed % rules.players, seed=seed)
        for _ in range(rng.randrange(0, 5 * rules.players)):
            rnd.apply(rng.choice(rnd.legal_actions()))
        viewer = rnd.to_move
        assert viewer is not None
        other = rnd.redeal(sample_hidden(rnd.observation(viewer), rng))
        if other.hands == rnd.hands:
            continue
        assert other.observation(viewer) == rnd.observation(viewer)
        a = sample_hidden(rnd.observation(viewer), random.Random(seed))
        b = sample_hidden(other.observation(viewer), random.Random(seed))
        assert a == b
        checked += 1
    assert checked >= 30


# -- exact uniformity -------------------------------------------------------------------


def _cards(text: str) -> int:
    return CardSet.parse(text).mask


def _synthetic(possible: dict[int, str], counts: dict[int, int], hidden: str) -> Inference:
    """An inference for a 5-seat table where seat 0 observes and holds 2C."""
    n = 5
    mask = [0] * n
    mask[0] = _cards("2C")
    for seat, text in possible.items():
        mask[seat] = _cards(text)
    count = [counts.get(seat, 0) for seat in range(n)]
    count[0] = 1
    return Inference(
        observer=0,
        seats=tuple(range(n)),
        possible=tuple(CardSet(m) for m in mask),
        counts=tuple(count),
        played=tuple(CardSet() for _ in range(n)),
        hidden=CardSet(_cards(hidden)),
        set_aside=len(CardSet.parse(hidden)) - sum(count[1:]),
    )


def _brute_force(inference: Inference) -> set[tuple[int, ...]]:
    """Every consistent deal, by enumerating all assignments of the hidden cards."""
    hidden = list(inference.hidden)
    seats = [s for s in inference.seats if s != inference.observer]
    slots = [s for s in seats for _ in range(inference.counts[s])]
    deals = set()
    for chosen in itertools.permutations(hidden, len(slots)):
        if any(card not in inference.possible[s] for s, card in zip(slots, chosen, strict=True)):
            continue
        hands = [0] * len(inference.counts)
        hands[inference.observer] = inference.possible[inference.observer].mask
        for seat, card in zip(slots, chosen, strict=True):
            hands[seat] |= card.bit
        deals.add(tuple(hands))
    return deals


HIDDEN = "3C 4D 5H 6S 7C 8D 9H"
EXAMPLES = [
    # two constrained seats with the same possible cards (merged), one free seat, one
    # narrower seat; three cards set aside
    (
        {1: "5H 6S 7C 8D 9H", 2: "5H 6S 7C 8D 9H", 3: HIDDEN, 4: "3C 4D 5H 6S"},
        {1: 1, 2: 1, 3: 1, 4: 1},
    ),
    # must_head-like ranges, a seat with two cards
    ({1: "4D 5H 6S", 2: HIDDEN, 3: "6S 7C 8D 9H", 4: "3C 4D"}, {1: 2, 2: 1, 3: 1, 4: 1}),
]


@pytest.mark.parametrize(("possible", "counts"), EXAMPLES)
def test_sampler_counts_and_draws_every_consistent_deal_equally_often(
    possible: dict[int, str], counts: dict[int, int]
) -> None:
    inference = _synthetic(possible, counts, HIDDEN)
    deals = _brute_force(inference)
    sampler = DealSampler(inference)
    assert sampler.count() == len(deals)
    rng = random.Random(1)
    per_deal = 150
    seen = collections.Counter(
        tuple(sampler.sample_masks(rng)) for _ in range(per_deal * len(deals))
    )
    assert set(seen) == deals
    # each count is binomial(N, 1/len): within 5 standard deviations
    assert all(abs(c - per_deal) < 5 * per_deal**0.5 for c in seen.values())


def test_sampler_count_matches_brute_force_on_a_real_end_of_round() -> None:
    rules = Rules(players=8, must_head=True)
    rng = random.Random(2)
    rnd = Round.new(rules, dealer=0, seed=9)
    while len(rnd.tricks) < 5:
        rnd.apply(rng.choice(rnd.legal_actions()))
    viewer = rnd.to_move
    assert viewer is not None
    view = infer(rnd.observation(viewer))
    sampler = DealSampler(view)
    hands = _brute_force(view)
    assert sampler.count() == len(hands)


def test_an_impossible_inference_is_refused() -> None:
    inference = _synthetic({1: "3C", 2: "3C", 3: HIDDEN, 4: HIDDEN}, {1: 1, 2: 1}, HIDDEN)
    with pytest.raises(ValueError, match="no deal"):
        DealSampler(inference)


# -- redeal -----------------------------------------------------------------------------


def test_redeal_keeps_the_public_play_and_checks_the_hands() -> None:
    rnd = Round.from_hands(Rules(players=3), THREE, dealer=2)
    rnd.apply("QS")
    other = rnd.redeal({0: "9D 4C", 1: "AS AH 2H", 2: "7H 3H 2D"})
    assert other.observation(2) == rnd.observation(2)
    assert other.legal_actions() == ["2H", "AH", "AS"]
    assert other.initial_hands[1] == CardSet.parse("AS AH 2H")
    assert rnd.hands[1] == CardSet.parse("5C KS 6H")  # the original is unchanged
    with pytest.raises(ValueError, match="already played"):
        rnd.redeal({0: "9D QS", 1: "5C KS 6H", 2: "7H 3H 2D"})
    with pytest.raises(ValueError, match="holds 3 cards"):
        rnd.redeal({0: "9D 4C", 1: "5C KS", 2: "7H 3H 2D"})
    with pytest.raises(ValueError, match="twice"):
        rnd.redeal({0: "9D 4C", 1: "9D KS 6H", 2: "7H 3H 2D"})
    with pytest.raises(ValueError, match="expected seats"):
        rnd.redeal({0: "9D 4C", 1: "5C KS 6H"})


def test_inference_from_game_observations_in_every_phase() -> None:
    game = Game.new(Rules(players=4, eliminate_at=20), seed=2)
    rng = random.Random(2)
    phases = set()
    while True:
        phases.add(game.phase)
        for seat in range(4):
            view = infer(game.observation(seat))
            for other in game.current.seats:
                assert subset(game.current.hands[other], view.possible[other])
            assert view.set_aside == 52 - 6 * len(game.current.seats)
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert phases == {"play", "buyback", "over"}
