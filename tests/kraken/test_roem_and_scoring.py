"""Roem in tricks and in hands, the comparison of declarations, and round scoring."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import Card, CardSet, Suit, parse_cards
from cardtable.kraken import card_points, declared_roem, hand_roem, score_round, trick_roem
from cardtable.kraken.roem import (
    hand_roem_values,
    has_stuk,
    roem_parts,
    trick_roem_mask,
    trick_roem_values,
)
from cardtable.kraken.trick import DECK, beats, card_power, suit_mask, trick_taker

H, S = Suit.HEARTS, Suit.SPADES


def test_card_points_sum_to_152_per_trump_suit() -> None:
    for trump in Suit:
        assert sum(card_points(c, trump) for c in DECK) == 152


@pytest.mark.parametrize(
    ("card", "trump_points", "plain_points"),
    [
        ("JH", 20, 2),
        ("9H", 14, 0),
        ("AH", 11, 11),
        ("TH", 10, 10),
        ("KH", 4, 4),
        ("QH", 3, 3),
        ("8H", 0, 0),
        ("7H", 0, 0),
    ],
)
def test_card_points(card: str, trump_points: int, plain_points: int) -> None:
    c = parse_cards(card)[0]
    assert card_points(c, H) == trump_points
    assert card_points(c, S) == plain_points


def test_trick_taker_highest_trump_else_highest_of_suit_led() -> None:
    assert trick_taker(parse_cards("TC AC KC 7D"), H) == 1
    assert trick_taker(parse_cards("TC AC 7H KC"), H) == 2
    assert trick_taker(parse_cards("AH 9H JH 7C"), H) == 2
    assert trick_taker(parse_cards("7C AD AS AH"), S) == 2
    assert trick_taker(parse_cards("7C AD KD QD"), H) == 0
    with pytest.raises(ValueError, match="empty trick"):
        trick_taker([], H)


@pytest.mark.parametrize(
    ("trick", "trump", "roem"),
    [
        ("7H 8H 9H AC", S, 20),  # run of three
        ("8C 9C TC JC", S, 50),  # run of four
        ("7C 9C TC JC", S, 20),  # run of three among four of a suit
        ("QC KC AC 7D", S, 20),  # run of three at the top
        ("7H 8C 9H TH", S, 0),  # no run across suits
        ("7H 9H JH KH", S, 0),  # gaps are no run
        ("KS QS 7C 8D", S, 20),  # stuk
        ("KH QH 7C 8D", S, 0),  # king and queen of a plain suit
        ("JS QS KS 7D", S, 40),  # run of three with stuk
        ("TS JS QS KS", S, 70),  # run of four with stuk
        ("QS KS AS 7D", S, 40),  # stuk in a run at the top
        ("TC TD TH TS", S, 100),
        ("QC QD QH QS", S, 100),
        ("KC KD KH KS", S, 100),
        ("AC AD AH AS", S, 100),
        ("JC JD JH JS", S, 200),
        ("9C 9D 9H 9S", S, 0),
        ("8C 8D 8H 8S", S, 0),
        ("7C 7D 7H 7S", S, 0),
    ],
)
def test_trick_roem(trick: str, trump: Suit, roem: int) -> None:
    assert trick_roem(parse_cards(trick), trump) == roem


@pytest.mark.parametrize(
    ("hand", "trump", "roem"),
    [
        ("7C 8C 9C AD KD 7H 8S JS", S, 20),
        ("7C 8C 9C TC AD KD 8S JS", S, 50),
        ("7C 8C 9C TC JC KD 8S JS", S, 100),
        ("7C 8C 9C TC JC QC KC AC", S, 100),  # eight in a row is still one run
        ("7C 8C 9C QC KC AC 7H 8S", S, 40),  # two runs in one suit
        ("7C 8C 9C 7D 8D 9D TD 8S", S, 70),  # runs in two suits
        ("KS QS 7C 9D AH 8C TH 7D", S, 20),  # stuk
        ("KS QS JS 9D AH 8C TH 7D", S, 40),  # stuk adds to a run
        ("KH QH 7C 9D AS 8C TH 7D", S, 0),  # plain king and queen
        ("JC JD JH JS 7C 9D AH 8S", S, 200),
        ("AC AD AH AS 7C 9D 8S 7H", S, 100),
        ("9C 9D 9H 9S 7C 7D 8S 7H", S, 0),  # four nines are no roem
        ("TC JC QC TD TH TS 8S 7H", S, 120),  # a ten counts in the run and the four tens
    ],
)
def test_hand_roem(hand: str, trump: Suit, roem: int) -> None:
    assert hand_roem(parse_cards(hand), trump) == roem


def test_declared_roem_highest_declaration_wins_other_team_keeps_only_stuk() -> None:
    assert declared_roem({0: 100, 2: 20, 1: 50, 3: 40}, {3: 20}) == (120, 20)
    assert declared_roem({1: 100, 3: 20, 0: 50, 2: 40}, {0: 20}) == (20, 120)
    assert declared_roem({0: 50}, {}) == (50, 0)


def test_declared_roem_equal_highest_both_keep_their_own() -> None:
    assert declared_roem({0: 50, 2: 20, 1: 50}, {}) == (70, 50)
    assert declared_roem({}, {}) == (0, 0)


def test_made_round_scores_as_taken() -> None:
    r = score_round((100, 62), (20, 0), (5, 3), declarers=0, multiplier=1)
    assert (r.points, r.nat, r.mars) == ((120, 62), False, None)


def test_nat_at_exactly_equal_points() -> None:
    r = score_round((81, 81), (0, 0), (4, 4), declarers=1, multiplier=1)
    assert r.nat and r.points == (162, 0)


def test_nat_counts_roem_and_gives_both_teams_roem_to_the_opponents() -> None:
    # declarers 90 + 0 against 72 + 20: not strictly more, so nat
    r = score_round((90, 72), (0, 20), (5, 3), declarers=0, multiplier=1)
    assert r.nat and r.points == (0, 182)
    r = score_round((70, 92), (40, 20), (3, 5), declarers=0, multiplier=1)
    assert r.nat and r.points == (0, 222)


def test_one_point_more_makes_it() -> None:
    r = score_round((82, 80), (0, 0), (4, 4), declarers=0, multiplier=1)
    assert not r.nat and r.points == (82, 80)


def test_mars_bonus_for_declarers() -> None:
    r = score_round((162, 0), (40, 0), (8, 0), declarers=0, multiplier=1)
    assert r.mars == 0 and r.points == (302, 0)


def test_mars_by_defenders_when_declarers_are_nat() -> None:
    r = score_round((0, 162), (0, 20), (0, 8), declarers=0, multiplier=1)
    assert r.nat and r.mars == 1 and r.points == (0, 282)


def test_nat_team_with_all_tricks_scores_nothing() -> None:
    # declared roem can sink a team that took every trick
    r = score_round((162, 0), (0, 200), (8, 0), declarers=0, multiplier=1)
    assert r.nat and r.mars == 0 and r.points == (0, 362)


@pytest.mark.parametrize("multiplier", [1, 2, 4, 8, 16])
def test_multiplier_multiplies_everything(multiplier: int) -> None:
    r = score_round((100, 62), (20, 50), (5, 3), declarers=1, multiplier=multiplier)
    assert r.nat and r.points == ((162 + 70) * multiplier, 0)
    assert r.multiplier == multiplier


def test_multiply_roem_false_multiplies_card_points_only() -> None:
    r = score_round((100, 62), (20, 0), (5, 3), declarers=0, multiplier=4, multiply_roem=False)
    assert r.points == (420, 248)
    r = score_round((162, 0), (20, 0), (8, 0), declarers=0, multiplier=2, multiply_roem=False)
    assert r.points == (324 + 120, 0)


def test_score_round_rejects_impossible_input() -> None:
    with pytest.raises(ValueError, match="sum to 162"):
        score_round((100, 61), (0, 0), (4, 4), declarers=0, multiplier=1)
    with pytest.raises(ValueError, match="sum to 8"):
        score_round((100, 62), (0, 0), (4, 3), declarers=0, multiplier=1)


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.sampled_from(sorted(DECK)), min_size=1, max_size=8, unique=True),
    trump=st.sampled_from(list(Suit)),
)
def test_roem_parts_add_up_to_the_roem(cards: list[Card], trump: Suit) -> None:
    """The named parts of roem (what the table announces) always add up to the
    roem the engine scores, in a trick (four cards) and in a hand."""
    assert sum(points for _name, points in roem_parts(cards, trump, hand=True)) == hand_roem(
        cards, trump
    )
    trick = cards[:4]
    assert sum(points for _name, points in roem_parts(trick, trump)) == trick_roem(trick, trump)


def test_roem_parts_name_each_part() -> None:
    assert roem_parts(parse_cards("7H 8H 9H TH"), S) == [("run4", 50)]
    assert roem_parts(parse_cards("JC JD JH JS"), S) == [("fourJ", 200)]
    assert roem_parts(parse_cards("KS QS 7D 8C"), S) == [("stuk", 20)]
    assert roem_parts(parse_cards("7D 8C 9H TS"), S) == []


# -- the memoized roem tables (mutation testing does not reach under @cache) ------------

TRICK_ROEM_EXAMPLES = {
    20: "7C 8C 9C KD",  # a run of three
    40: "JS QS KS 7D",  # a run of three with stuk (spades trump)
    50: "7C 8C 9C TC",  # a run of four
    70: "TS JS QS KS",  # a run of four with stuk
    100: "AC AD AH AS",  # four aces
    200: "JC JD JH JS",  # four jacks
}


def test_every_trick_roem_value_has_its_example_and_no_other_exists() -> None:
    assert trick_roem_values() == tuple(sorted(TRICK_ROEM_EXAMPLES))
    for value, trick in TRICK_ROEM_EXAMPLES.items():
        cards = parse_cards(trick)
        assert trick_roem(cards, Suit.SPADES) == value
        assert trick_roem_mask(sum(c.bit for c in cards), int(Suit.SPADES)) == value
    # stuk only counts in trump: the same run of three with hearts trump is 20
    assert trick_roem_mask(sum(c.bit for c in parse_cards("JS QS KS 7D")), int(Suit.HEARTS)) == 20


@settings(max_examples=200, deadline=None)  # the first call fills the tables
@given(st.permutations(list(DECK)), st.sampled_from(list(Suit)))
def test_a_trick_or_hand_holds_only_the_listed_roem_values(cards: list[Card], trump: Suit) -> None:
    trick, hand = cards[:4], cards[:8]
    assert trick_roem(trick, trump) in {0, *trick_roem_values()}
    roem = hand_roem(hand, trump)
    assert roem == 0 or roem in hand_roem_values(has_stuk(hand, trump))


def test_hand_roem_values_with_and_without_stuk() -> None:
    without, with_stuk = hand_roem_values(stuk=False), hand_roem_values(stuk=True)
    # runs (20, 50, 100) and fours (100, 200) add up; stuk adds 20 to every value
    # and may stand alone
    assert {20, 40, 50, 70, 100, 120, 150, 200, 300} <= without
    assert 0 not in without and all(v % 10 == 0 for v in without)
    assert 20 in with_stuk and {v + 20 for v in without} <= with_stuk
    assert with_stuk - {20} == {v + 20 for v in without}
    assert hand_roem(parse_cards("KS QS 7C 9D JH 8H TC AD"), Suit.SPADES) == 20
    assert hand_roem(parse_cards("7C 8C 9C TC JC QC KC AC"), Suit.SPADES) == 100


def test_roem_parts_count_a_trick_s_longest_run_up_to_four_and_a_hand_s_every_run() -> None:
    six_clubs = parse_cards("7C 8C 9C TC JC QC JD JH")
    # by default the cards are a trick's: its longest run, counted as four at most
    assert roem_parts(six_clubs, Suit.HEARTS) == [("run4", 50)]
    assert trick_roem(six_clubs, Suit.HEARTS) == 50
    # a hand's runs of five or more are named run5 and worth 100
    assert roem_parts(six_clubs, Suit.HEARTS, hand=True) == [("run5", 100)]
    assert hand_roem(six_clubs, Suit.HEARTS) == 100


def test_card_power_trumps_17_to_24_the_suit_led_1_to_8_others_0() -> None:
    def power(card: str) -> int:
        return card_power(Card.parse(card), Suit.CLUBS, Suit.HEARTS)

    assert [power(c) for c in ("JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H")] == list(
        range(24, 16, -1)
    )
    assert [power(c) for c in ("AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C")] == list(
        range(8, 0, -1)
    )
    assert {power(c) for c in ("AD", "JS", "7D")} == {0}


def test_a_card_beats_another_only_when_strictly_stronger() -> None:
    def beat(card: str, other: str) -> bool:
        return beats(Card.parse(card), Card.parse(other), Suit.CLUBS, Suit.HEARTS)

    assert beat("7H", "AC") and beat("8C", "7C") and beat("7C", "AD")
    assert not beat("AD", "7S") and not beat("7S", "AD")  # neither follows nor trumps
    assert not beat("JH", "JH")


def test_an_empty_trick_has_no_taker_and_suit_masks_hold_seven_to_ace() -> None:
    with pytest.raises(ValueError) as raised:
        trick_taker([], Suit.HEARTS)
    assert str(raised.value) == "an empty trick has no taker"
    for suit in Suit:
        assert CardSet(suit_mask(suit)) == CardSet(c for c in DECK if c.suit == suit)
        assert len(CardSet(suit_mask(suit))) == 8
