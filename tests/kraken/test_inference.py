"""Inference about hidden cards and the deal sampler: each rule, soundness, uniformity."""

import collections
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import CardSet, Suit
from cardtable.kraken import DECK, Round, Rules, Seat
from cardtable.kraken.inference import DealSampler, Inference, _RoemDeals, infer, sample_hidden
from cardtable.kraken.rules import PlayRules

from .helpers import ALL_RULES, play_up_to


def position(hands: list[str], actions: list[str], dealer: Seat = Seat.W, **rules: object) -> Round:
    r = Round.from_hands(Rules(challenges=False, **rules), hands, dealer)  # type: ignore[arg-type]
    for action in actions:
        r.apply(action)
    return r


def possible(r: Round, viewer: Seat, seat: Seat) -> CardSet:
    return infer(r.observation(viewer)).possible[seat]


def suit_possible(r: Round, viewer: Seat, seat: Seat, suit: Suit) -> bool:
    return bool(possible(r, viewer, seat).of_suit(suit))


# dealer N, so E leads; hearts are trump
LEAD_E = [
    "7H 8H 9H TH JD QD KD AD",
    "AC KC QC JC 7S 8S 9S TS",
    "7C 8C 9C TC JH QH KH AH",
    "7D 8D 9D TD JS QS KS AS",
]


def test_failing_to_follow_shows_a_void() -> None:
    r = position(LEAD_E, ["trump H", "AC", "7C", "JS"], dealer=Seat.N)
    assert not suit_possible(r, Seat.N, Seat.W, Suit.CLUBS)
    assert suit_possible(r, Seat.N, Seat.W, Suit.SPADES)


def test_rotterdam_not_trumping_shows_no_trump() -> None:
    r = position(LEAD_E, ["trump H", "AC", "7C", "JS"], dealer=Seat.N, play="rotterdam")
    assert not suit_possible(r, Seat.N, Seat.W, Suit.HEARTS)


def test_amsterdam_partner_winning_discard_says_nothing_about_trumps() -> None:
    r = position(LEAD_E, ["trump H", "AC", "7C", "JS"], dealer=Seat.N, play="amsterdam")
    assert suit_possible(r, Seat.N, Seat.W, Suit.HEARTS)


def test_amsterdam_opponent_winning_discard_shows_no_trump() -> None:
    # E leads AC, S (opponent of W? no: S is E's opponent) trumps... here S follows, then W
    # discards while the opponent... use N leading: dealer W
    hands = [
        "AC KC QC JC 7S 8S 9S TS",
        "7D 8D 9D TD JS QS KS AS",
        "7C 8C 9C TC JH QH KH AH",
        "7H 8H 9H TH JD QD KD AD",
    ]
    r = position(hands, ["trump H", "AC", "7D"], play="amsterdam")
    # E could not follow clubs while N (an opponent) was winning: no trump either
    assert not suit_possible(r, Seat.S, Seat.E, Suit.HEARTS)
    assert not suit_possible(r, Seat.S, Seat.E, Suit.CLUBS)


def test_rotterdam_undertrumping_shows_no_higher_trump() -> None:
    # N leads AC, E trumps with TH, S is out of clubs and must undertrump with 7H
    hands = [
        "AC KC QC JC 7S 8S 9S TS",
        "TH 8D 9D TD JS QS KS AS",
        "7H 8H QH KH 7D JD QD KD",
        "7C 8C 9C TC JH 9H AH AD",
    ]
    r = position(hands, ["trump H", "AC", "TH", "7H"], play="rotterdam")
    view = possible(r, Seat.N, Seat.S)
    assert not view & CardSet.parse("JH 9H AH")
    assert not view.of_suit(Suit.CLUBS)
    assert view & CardSet.parse("8H QH KH")


def _forbidden_cards(card: str, trick: str, play: PlayRules) -> CardSet:
    from cardtable.cards import Card, parse_cards
    from cardtable.kraken.inference import _forbidden
    from cardtable.kraken.trick import DECK

    played = CardSet.parse(trick) | CardSet.parse(card)
    mask = _forbidden(
        Card.parse(card).index,
        [c.index for c in parse_cards(trick)],
        Suit.HEARTS,
        play,
        DECK.mask & ~played.mask,
    )
    return CardSet(mask)


PLAIN = CardSet(c for c in DECK if c.suit != Suit.HEARTS)


def test_amsterdam_undertrumping_an_opponent_shows_only_lower_trumps() -> None:
    forbidden = _forbidden_cards("7H", "AC TH", "amsterdam")
    assert forbidden == (PLAIN - CardSet.parse("AC")) | CardSet.parse("JH 9H AH")


def test_amsterdam_undertrumping_partner_shows_only_lower_trumps() -> None:
    # the partner trumped a club lead with TH and wins; the fourth player plays 7H
    forbidden = _forbidden_cards("7H", "KC TH 8C", "amsterdam")
    assert forbidden == (PLAIN - CardSet.parse("KC 8C")) | CardSet.parse("JH 9H AH")


def test_amsterdam_discard_under_opponents_trump_shows_no_higher_trump() -> None:
    forbidden = _forbidden_cards("7D", "AC TH", "amsterdam")
    assert forbidden == CardSet.parse("7C 8C 9C TC JC QC KC JH 9H AH")


def test_trump_lead_not_heading_shows_no_higher_trump() -> None:
    hands = [
        "9H 8C 9C TC 7S 8S 9S TS",
        "7H KC QC JC 7D 8D 9D TD",
        "JH 8H AC QH JD QD KD AD",
        "TH AH KH 7C JS QS KS AS",
    ]
    r = position(hands, ["trump H", "9H", "7H"])
    # E played 7H under 9H: E holds no JH (the only higher trump)
    assert not (possible(r, Seat.W, Seat.E) & CardSet.parse("JH"))
    r = position(hands, ["trump H", "9H", "7H", "JH", "TH"])
    # W could not head JH (nothing can); TH says nothing more than what is public
    assert possible(r, Seat.N, Seat.W)


def test_trump_lead_answered_with_a_plain_card_shows_no_trump() -> None:
    hands = [
        "9H 8C 9C TC 7S 8S 9S TS",
        "7C KC QC JC 7D 8D 9D TD",
        "JH 8H AC QH JD QD KD AD",
        "TH AH KH 7H JS QS KS AS",
    ]
    r = position(hands, ["trump H", "9H", "7C"])
    assert not suit_possible(r, Seat.S, Seat.E, Suit.HEARTS)


SUITED = [
    "7C 8C 9C TC JC QC KC AC",
    "7D 8D 9D TD JD QD KD AD",
    "7H 8H 9H TH JH QH KH AH",
    "7S 8S 9S TS JS QS KS AS",
]


def test_hand_roem_declared_amount_is_respected_by_every_sample() -> None:
    hands = [
        "7C 9C JC KC 7D 9D JD KD",
        "8C TC QC AC 8D TD QD AD",
        "QS KS 7H 8H 7S 9S AH KH",
        "9H TH JH QH 8S TS JS AS",
    ]
    r = position(hands, ["trump S", "roem", "roem"], roem="hand")
    assert r.phase == "play"
    obs = r.observation(Seat.N)
    view = infer(obs)
    assert view.roem == (None, 0, 20, 50)
    rng = random.Random(3)
    from cardtable.kraken import hand_roem

    for _ in range(30):
        deal = sample_hidden(obs, rng)
        assert hand_roem(deal[Seat.E], Suit.SPADES) == 0
        assert hand_roem(deal[Seat.S], Suit.SPADES) == 20
        assert hand_roem(deal[Seat.W], Suit.SPADES) == 50


def test_hand_roem_pass_when_asked_means_some_roem() -> None:
    r = position(SUITED, ["trump H", "pass"], roem="hand")
    obs = r.observation(Seat.E)
    assert infer(obs).roem[Seat.N] == -1
    from cardtable.kraken import hand_roem

    for _ in range(10):
        assert hand_roem(sample_hidden(obs, random.Random(_))[Seat.N], Suit.HEARTS) > 0
    sampler = DealSampler(infer(obs))
    rng = random.Random(1)
    for _ in range(3000):
        sampler.sample_masks(rng)
    assert sampler._roem_deals is None  # rejection finds deals often: no table needed


def test_a_rare_roem_declaration_is_met_by_the_exact_table() -> None:
    # North declares 120 (four tens and ace-king-queen of spades), East 40 (jack-queen-
    # king of trumps and stuk), South is passed over: too rare for rejection alone.
    hands = [
        "TC TD TH TS QS KS AS 7C",
        "JH QH KH 8C 7S 9S 8D AD",
        "9C JC 7D 9D 7H 9H 8S AH",
        "QC KC AC JD QD KD 8H JS",
    ]
    r = position(hands, ["trump H", "roem", "roem", "pass"], roem="hand")
    obs = r.observation(Seat.W)
    assert infer(obs).roem == (120, 40, 0, None)
    sampler = DealSampler(infer(obs))
    rng = random.Random(2)
    from cardtable.kraken import hand_roem

    for _ in range(50):
        deal = sampler.sample(rng)
        assert [hand_roem(deal[s], Suit.HEARTS) for s in (Seat.N, Seat.E, Seat.S)] == [120, 40, 0]
        assert deal[Seat.W] == r.hands[Seat.W]
    assert sampler._roem_deals is not None  # drawn from the exact table


def _all_deals(inference: Inference) -> list[tuple[int, ...]]:
    """Every deal consistent with the card constraints, by brute force."""
    seats = [s for s in Seat if s != inference.observer]
    hidden = sorted({c.index for s in seats for c in inference.possible[s]})
    deals: list[tuple[int, ...]] = []

    def give(i: int, hands: list[int]) -> None:
        if i == len(hidden):
            if all(hands[s].bit_count() == inference.counts[s] for s in seats):
                deals.append(tuple(hands))
            return
        for s in seats:
            if (
                inference.possible[s].mask >> hidden[i] & 1
                and hands[s].bit_count() < inference.counts[s]
            ):
                hands[s] |= 1 << hidden[i]
                give(i + 1, hands)
                hands[s] &= ~(1 << hidden[i])

    start = [0, 0, 0, 0]
    start[inference.observer] = inference.possible[inference.observer].mask
    give(0, start)
    return deals


ROEM_RULES = [r for r in ALL_RULES if r.roem == "hand"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ROEM_RULES), st.integers(0, 2**32), st.integers(14, 30))
def test_the_exact_roem_table_counts_every_matching_deal(
    rules: Rules, seed: int, steps: int
) -> None:
    r = Round.new(rules, seed % 4, seed)
    rng = random.Random(seed)
    play_up_to(r, rng, steps)
    if r.is_over or r.to_move is None or r.phase != "play":
        return
    view = infer(r.observation(r.to_move))
    sampler = DealSampler(view)
    if sampler.count() > 20_000:
        return
    matching = {d for d in _all_deals(view) if sampler._roem_ok(list(d))}
    table = _RoemDeals(view, [s for s in Seat if s != view.observer and view.counts[s]])
    assert table.count() == len(matching)
    assert tuple(r.hands[s].mask for s in Seat) in matching
    for _ in range(20):
        assert tuple(table.draw(rng)) in matching


def test_the_exact_roem_table_draws_uniformly() -> None:
    r = position(
        [
            "7C 8C 9C TC JC QC KC AC",
            "7D 8D 9D TD JD QD KD AD",
            "7H 8H 9H TH JH QH KH AH",
            "7S 8S 9S TS JS QS KS AS",
        ],
        ["trump H", "roem", "roem", "roem", "roem"],
        roem="hand",
    )
    rng = random.Random(4)
    while len(r.tricks) < 4:
        r.apply(rng.choice(r.legal_actions()))
    view = infer(r.observation(Seat.N))
    assert view.roem[1:] == (100, 120, 100)
    table = _RoemDeals(view, [Seat.E, Seat.S, Seat.W])
    sampler = DealSampler(view)
    matching = {d for d in _all_deals(view) if sampler._roem_ok(list(d))}
    n = table.count()
    assert n == len(matching) > 1
    counts = collections.Counter(tuple(table.draw(rng)) for _ in range(300 * n))
    assert set(counts) == matching
    assert all(abs(c - 300) < 5 * 300**0.5 for c in counts.values())


def test_turned_card_of_random_trump_says_nothing_about_hands() -> None:
    r = position(SUITED, [], trump_choice="random")
    view = infer(r.observation(Seat.N))
    assert all(len(view.possible[s]) == 24 for s in (Seat.E, Seat.S, Seat.W))


def test_sampler_is_uniform_over_consistent_deals() -> None:
    # late in a round: few hidden cards, so every consistent deal can be counted
    r = Round.new(Rules(challenges=False, trump_choice="utrecht"), 0, 11)
    rng = random.Random(11)
    r.apply("trump C")
    while len(r.tricks) < 5:
        r.apply(rng.choice(r.legal_actions()))
    assert r.to_move is not None
    obs = r.observation(r.to_move)
    sampler = DealSampler(infer(obs))
    n = sampler.count()
    counts = collections.Counter(tuple(h.mask for h in sampler.sample(rng)) for _ in range(300 * n))
    assert len(counts) == n
    expected = 300
    assert all(abs(c - expected) < 5 * expected**0.5 for c in counts.values())


def test_samples_do_not_depend_on_the_true_hidden_cards() -> None:
    rng = random.Random(5)
    for seed in range(20):
        r = Round.new(Rules(play="rotterdam"), seed % 4, seed)
        for _ in range(rng.randrange(5, 30)):
            r.apply(rng.choice(r.legal_actions()))
        if r.is_over or r.to_move is None:
            continue
        viewer = r.to_move
        other_world = r.redeal(sample_hidden(r.observation(viewer), rng))
        assert other_world.hands != r.hands or len(r.hands[viewer]) <= 1
        assert other_world.observation(viewer) == r.observation(viewer)
        a = sample_hidden(r.observation(viewer), random.Random(seed))
        b = sample_hidden(other_world.observation(viewer), random.Random(seed))
        assert a == b


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(ALL_RULES), st.integers(0, 2**32), st.integers(0, 45))
def test_true_hands_are_always_possible_and_samples_are_consistent(
    rules: Rules, seed: int, steps: int
) -> None:
    r = Round.new(rules, seed % 4, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if r.is_over:
            return
        r.apply(rng.choice(r.legal_actions()))
    if r.is_over:
        return
    for viewer in Seat:
        obs = r.observation(viewer)
        view = infer(obs)
        for seat in Seat:
            assert r.hands[seat] - view.possible[seat] == CardSet()
        deal = sample_hidden(obs, rng)
        assert deal[viewer] == r.hands[viewer]
        world = r.redeal(deal)  # a sampled deal can be played on from here
        assert world.observation(viewer) == obs
        assert world.legal_actions() or world.is_over


def test_inconsistent_inference_is_refused() -> None:
    r = position(SUITED, ["trump H"])
    view = infer(r.observation(Seat.N))
    broken = type(view)(
        view.observer,
        (view.possible[0], CardSet(), view.possible[2], view.possible[3]),
        view.counts,
        view.played,
        view.roem,
        view.trump,
    )
    with pytest.raises(ValueError, match="no deal is consistent"):
        DealSampler(broken)
