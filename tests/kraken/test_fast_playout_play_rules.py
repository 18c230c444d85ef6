"""The fast playout obeys the Amsterdam and Rotterdam play rules of the engine.

:func:`random_playout` computes legal cards, tricks and scores on bitmasks, inline,
for speed. Here it is played against a playout written with the engine's readable
rules (:func:`refusal`, :func:`trick_taker`, :func:`card_points`, :func:`trick_roem`)
that draws its cards the same way: one ``rng.random()`` per card, picking the k-th
legal card by index. Fed the same random numbers, the two must play the same cards
and so score the same; and from a fixed position the fast playout, seeded, must reach
exactly the endings the rules allow: the cards one rule permits and the other forbids
included.

Hearts are trump in the worked examples; each position is two tricks from the end.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import Card, CardSet, Suit
from cardtable.kraken import DECK, Rules, card_points, refusal, trick_roem, trick_taker
from cardtable.kraken.fast import _TRICK_ROEM, random_playout
from cardtable.kraken.rules import PlayRules

Outcome = tuple[int, int, int, int, int]
"""``(points0, points1, roem0, roem1, tricks0)``, as :func:`random_playout` returns."""

H = int(Suit.HEARTS)
LOW, HIGH = 0.0, 0.999
"""Draws that pick the lowest and the highest legal card (by card index)."""


class Draws(random.Random):
    """A random source that returns the given numbers in order, and counts them."""

    def __init__(self, values: Sequence[float]) -> None:
        super().__init__(0)
        self.values = list(values)
        self.used = 0

    def random(self) -> float:
        value = self.values[self.used]
        self.used += 1
        return value


def hands_of(*texts: str) -> list[int]:
    """The four hands (seat 0 first) as card masks."""
    return [CardSet.parse(text).mask for text in texts]


def legal_cards(hand: list[Card], trick: list[Card], trump: Suit, rules: Rules) -> list[Card]:
    """The cards of ``hand`` the engine allows, by card index."""
    return [c for c in sorted(hand) if refusal(hand, trick, trump, rules, c) is None]


def engine_playout(
    hands: Sequence[int], trump: int, leader: int, play: PlayRules, roem: bool, rng: random.Random
) -> tuple[Outcome, list[str]]:
    """The rest of the round played by the engine's rules with ``rng``'s draws, as
    :func:`random_playout` draws them; the outcome and the cards played, in order."""
    rules, suit = Rules(play=play), Suit(trump)
    held = [sorted(CardSet(mask)) for mask in hands]
    points, roems, tricks0, played = [0, 0], [0, 0], 0, []
    count = len(held[0])
    for number in range(count):
        trick: list[Card] = []
        for seat in ((leader + k) % 4 for k in range(4)):
            legal = legal_cards(held[seat], trick, suit, rules)
            card = legal[int(rng.random() * len(legal))]
            held[seat].remove(card)
            trick.append(card)
        leader = (leader + trick_taker(trick, suit)) % 4
        team = leader % 2
        points[team] += sum(card_points(c, suit) for c in trick) + 10 * (number == count - 1)
        roems[team] += trick_roem(trick, suit) if roem else 0
        tricks0 += team == 0
        played += [str(c) for c in trick]
    return (points[0], points[1], roems[0], roems[1], tricks0), played


def engine_endings(hands: Sequence[int], trump: int, leader: int, play: PlayRules) -> set[Outcome]:
    """Every outcome (roem counted) that some legal play by the engine's rules reaches."""
    rules, suit = Rules(play=play), Suit(trump)

    def walk(held: list[list[Card]], leader: int, done: Outcome) -> Iterator[Outcome]:
        if not held[0]:
            yield done
            return

        def trick_from(k: int, trick: list[Card]) -> Iterator[Outcome]:
            if k == 4:
                taker = (leader + trick_taker(trick, suit)) % 4
                gained = sum(card_points(c, suit) for c in trick) + 10 * (not held[0])
                roem = trick_roem(trick, suit)
                p0, p1, r0, r1, t0 = done
                after = (
                    (p0 + gained, p1, r0 + roem, r1, t0 + 1)
                    if taker % 2 == 0
                    else (p0, p1 + gained, r0, r1 + roem, t0)
                )
                yield from walk(held, taker, after)
                return
            seat = (leader + k) % 4
            for card in legal_cards(held[seat], trick, suit, rules):
                held[seat].remove(card)
                yield from trick_from(k + 1, [*trick, card])
                held[seat].append(card)
                held[seat].sort()

        yield from trick_from(0, [])

    return set(walk([sorted(CardSet(mask)) for mask in hands], leader, (0, 0, 0, 0, 0)))


def fast_endings(hands: Sequence[int], leader: int, play: PlayRules, seeds: int) -> set[Outcome]:
    """The outcomes :func:`random_playout` reaches with seeds ``0 .. seeds - 1``."""
    return {random_playout(hands, H, leader, play, True, random.Random(s)) for s in range(seeds)}


def assert_both_play(
    hands: Sequence[int],
    leader: int,
    play: PlayRules,
    draws: list[float],
    outcome: Outcome,
    cards: str,
) -> None:
    """The fast playout and the engine, given the same ``draws``, reach ``outcome``; the
    engine plays ``cards`` (in order)."""
    assert random_playout(hands, H, leader, play, True, Draws(draws)) == outcome
    assert engine_playout(hands, H, leader, play, True, Draws(draws)) == (outcome, cards.split())


# -- worked examples: one trump situation each, two tricks from the end ------------------

# No trump in the trick, the partner is winning, seat 2 cannot follow and holds a trump.
# Amsterdam: seat 2 may discard TD or trump with 7H. Rotterdam: must trump (7H).
# Seat 3 trumps with JH either way and takes the trick; 7H or TD then takes or loses
# the last trick.
PARTNER_WINS_NO_TRUMP = hands_of("AC 8S", "7C KD", "7H TD", "JH QS")
DISCARD_TD = (17, 41, 0, 0, 1)  # AC 7C TD JH to seat 3 (41); QS 8S KD 7H to seat 2 (17)
TRUMP_7H = (0, 58, 0, 0, 0)  # AC 7C 7H JH to seat 3 (31); QS 8S KD TD to seat 3 (27)

# Seat 3 leads AC, seat 0 trumps with 9H and wins, seat 1 follows; seat 2, void in
# clubs, holds the lower trump 8H and TD. Amsterdam: no undertrumping the partner, so
# TD. Rotterdam: must trump, and under when it cannot over, so 8H.
PARTNER_TRUMPED = hands_of("9H 7S", "7C KS", "8H TD", "AC QD")
# Seat 0 leads AC, seat 1 trumps with 9H and wins; seat 2 holds 8H and TD again.
# Amsterdam: cannot overtrump, so no undertrumping either: TD. Rotterdam: 8H.
OPPONENT_TRUMPED = hands_of("AC 7S", "9H QD", "8H TD", "7C KS")
# Trumps led (9H): seat 1 holds JH and 7H and must head the trick with JH, both rules.
TRUMPS_LED = hands_of("9H 8S", "7H JH", "AD KS", "TD QS")


@pytest.mark.parametrize(
    ("play", "draw", "outcome", "cards"),
    [
        ("amsterdam", LOW, DISCARD_TD, "AC 7C TD JH QS 8S KD 7H"),
        ("amsterdam", HIGH, TRUMP_7H, "AC 7C 7H JH QS 8S KD TD"),
        ("rotterdam", LOW, TRUMP_7H, "AC 7C 7H JH QS 8S KD TD"),
        ("rotterdam", HIGH, TRUMP_7H, "AC 7C 7H JH QS 8S KD TD"),
    ],
)
def test_amsterdam_lets_the_partner_of_the_winner_discard_rotterdam_makes_him_trump(
    play: PlayRules, draw: float, outcome: Outcome, cards: str
) -> None:
    draws = [LOW, LOW, draw, LOW, LOW, LOW, LOW, LOW]
    assert_both_play(PARTNER_WINS_NO_TRUMP, 0, play, draws, outcome, cards)


@pytest.mark.parametrize(
    ("play", "outcome", "cards"),
    [
        ("amsterdam", (52, 0, 0, 0, 2), "AC 9H 7C TD 7S KS 8H QD"),
        ("rotterdam", (25, 27, 0, 0, 1), "AC 9H 7C 8H 7S KS TD QD"),
    ],
)
@pytest.mark.parametrize("draw", [LOW, HIGH])
def test_over_a_partners_trump_amsterdam_discards_rotterdam_undertrumps(
    play: PlayRules, outcome: Outcome, cards: str, draw: float
) -> None:
    draws = [LOW, LOW, LOW, draw, LOW, LOW, LOW, LOW]
    assert_both_play(PARTNER_TRUMPED, 3, play, draws, outcome, cards)


@pytest.mark.parametrize(
    ("play", "outcome", "cards"),
    [
        ("amsterdam", (17, 35, 0, 0, 1), "AC 9H TD 7C QD 8H KS 7S"),
        ("rotterdam", (27, 25, 0, 0, 1), "AC 9H 8H 7C QD TD KS 7S"),
    ],
)
@pytest.mark.parametrize("draw", [LOW, HIGH])
def test_over_an_opponents_trump_amsterdam_discards_rotterdam_undertrumps(
    play: PlayRules, outcome: Outcome, cards: str, draw: float
) -> None:
    draws = [LOW, LOW, draw, LOW, LOW, LOW, LOW, LOW]
    assert_both_play(OPPONENT_TRUMPED, 0, play, draws, outcome, cards)


@pytest.mark.parametrize("play", ["amsterdam", "rotterdam"])
@pytest.mark.parametrize("draw", [LOW, HIGH])
def test_trumps_led_must_be_headed_in_the_fast_playout(play: PlayRules, draw: float) -> None:
    draws = [LOW, draw, LOW, LOW, LOW, LOW, LOW, LOW]
    outcome = (0, 72, 0, 0, 0)  # 9H JH AD TD to seat 1 (55); 7H KS QS 8S to seat 1 (17)
    assert_both_play(TRUMPS_LED, 0, play, draws, outcome, "9H JH AD TD 7H KS QS 8S")


@pytest.mark.parametrize(
    ("hands", "leader", "amsterdam_only", "rotterdam_only"),
    [
        (PARTNER_WINS_NO_TRUMP, 0, DISCARD_TD, None),
        (PARTNER_TRUMPED, 3, None, (25, 27, 0, 0, 1)),
        (OPPONENT_TRUMPED, 0, (17, 35, 0, 0, 1), (27, 25, 0, 0, 1)),
    ],
)
def test_seeded_fast_playouts_reach_exactly_the_endings_each_play_rule_allows(
    hands: list[int],
    leader: int,
    amsterdam_only: Outcome | None,
    rotterdam_only: Outcome | None,
) -> None:
    amsterdam = engine_endings(hands, H, leader, "amsterdam")
    rotterdam = engine_endings(hands, H, leader, "rotterdam")
    assert amsterdam_only is None or amsterdam_only in amsterdam - rotterdam
    assert rotterdam_only is None or rotterdam_only in rotterdam - amsterdam
    assert fast_endings(hands, leader, "amsterdam", 200) == amsterdam
    assert fast_endings(hands, leader, "rotterdam", 200) == rotterdam


def test_trumps_led_reach_the_same_endings_under_both_rules() -> None:
    endings = engine_endings(TRUMPS_LED, H, 0, "amsterdam")
    assert endings == engine_endings(TRUMPS_LED, H, 0, "rotterdam")
    assert fast_endings(TRUMPS_LED, 0, "amsterdam", 200) == endings
    assert fast_endings(TRUMPS_LED, 0, "rotterdam", 200) == endings


def test_roem_of_the_tricks_goes_to_the_team_that_takes_them_when_counted() -> None:
    # Seat 0 leads 7H, 8H and 9H follow (a run of three, 20) and JH takes it for
    # seat 3; the last trick, KH QH (stuk, 20) with AS and TS, is seat 3's again.
    hands = hands_of("7H TS", "8H QH", "9H AS", "JH KH")
    draws = [LOW] * 8
    assert random_playout(hands, H, 0, "amsterdam", True, Draws(draws)) == (0, 72, 0, 40, 0)
    assert random_playout(hands, H, 0, "amsterdam", False, Draws(draws)) == (0, 72, 0, 0, 0)
    outcome, _ = engine_playout(hands, H, 0, "amsterdam", True, Draws(draws))
    assert outcome == (0, 72, 0, 40, 0)


def test_trick_roem_memo_is_filled_as_tricks_are_met_and_scores_the_same_cold_or_warm() -> None:
    # random_playout keeps each trick's roem per trump (_TRICK_ROEM) across calls:
    # from an empty memo it must compute and store the same roem it later reuses
    hands = hands_of("7H TS", "8H QH", "9H AS", "JH KH")
    memo = _TRICK_ROEM[H]
    saved = dict(memo)
    memo.clear()
    try:
        cold = random_playout(hands, H, 0, "amsterdam", True, Draws([LOW] * 8))
        first, last = CardSet.parse("7H 8H 9H JH").mask, CardSet.parse("KH TS QH AS").mask
        assert memo == {first: 20, last: 20}
        assert random_playout(hands, H, 0, "amsterdam", True, Draws([LOW] * 8)) == cold
        assert cold == (0, 72, 0, 40, 0)
    finally:
        memo.clear()
        memo.update(saved)


# -- the property: any deal, any draws, the same cards as the engine -------------------


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[int], int, int, int]:
    """Four hands of 1 to 8 Kraken cards each (a round some tricks from the end),
    trump and leader."""
    cards = draw(st.permutations(sorted(DECK)))
    count = draw(st.integers(1, 8))
    hands = [CardSet(cards[i * count : (i + 1) * count]).mask for i in range(4)]
    return hands, count, draw(st.integers(0, 3)), draw(st.integers(0, 3))


@settings(max_examples=300)
@given(
    positions(),
    st.sampled_from(["amsterdam", "rotterdam"]),
    st.booleans(),
    st.data(),
)
def test_fast_playout_plays_the_engines_legal_cards_under_both_play_rules(
    position: tuple[list[int], int, int, int], play: PlayRules, roem: bool, data: st.DataObject
) -> None:
    hands, count, trump, leader = position
    draws = data.draw(
        st.lists(st.floats(0, 1, exclude_max=True), min_size=4 * count, max_size=4 * count)
    )
    fast = Draws(draws)
    assert (
        random_playout(hands, trump, leader, play, roem, fast)
        == engine_playout(hands, trump, leader, play, roem, Draws(draws))[0]
    )
    assert fast.used == 4 * count  # one draw per card, as the engine draws


@settings(max_examples=100)
@given(positions(), st.sampled_from(["amsterdam", "rotterdam"]), st.integers(0, 2**32))
def test_seeded_fast_playout_equals_the_engine_playout_with_the_same_seed(
    position: tuple[list[int], int, int, int], play: PlayRules, seed: int
) -> None:
    hands, _, trump, leader = position
    fast = random_playout(hands, trump, leader, play, True, random.Random(seed))
    assert fast == engine_playout(hands, trump, leader, play, True, random.Random(seed))[0]
