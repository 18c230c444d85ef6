"""Fixed contracts (card play measured alone): the rule that picks trump and declarer
from the cards, and the bidding actions that reach it."""

import random

import pytest

from cardtable.cards import Suit, parse_cards
from cardtable.game import kind
from cardtable.kraken import Round, Rules, Seat
from cardtable.kraken.contracts import Contract, bid_to, fixed_contract, fixed_rules, strength

from .helpers import ALL_RULES, play_randomly

ONE_SUIT_EACH = [
    "7C 8C 9C TC JC QC KC AC",
    "7D 8D 9D TD JD QD KD AD",
    "7H 8H 9H TH JH QH KH AH",
    "7S 8S 9S TS JS QS KS AS",
]
# hearts: N-S fit 95 + 37 = 132; the best of E-W is spades, 44 + 78 = 122
HEARTS_FOR_NORTH = [
    "JH 9H AH TH 7C 8C 7D 8D",
    "7H 9C TC 9D TD 7S 8S 9S",
    "KH QH 8H JC QC JD QD TS",
    "KC AC KD AD JS QS KS AS",
]


def test_strength_is_trump_points_plus_ten_a_card() -> None:
    values = {card: strength(parse_cards(card), Suit.HEARTS) for card in ("JH", "9H", "AH")}
    assert values == {"JH": 30, "9H": 24, "AH": 21}
    assert strength(parse_cards("TH KH QH 8H 7H"), Suit.HEARTS) == 20 + 14 + 13 + 10 + 10
    assert strength(parse_cards("JC AC"), Suit.HEARTS) == 0
    assert sum(strength(parse_cards(h), Suit.SPADES) for h in ONE_SUIT_EACH) == 142


def test_the_partnership_fit_decides_then_the_own_hand() -> None:
    assert fixed_contract(HEARTS_FOR_NORTH, Seat.W) == (Seat.N, Suit.HEARTS)
    # the dealer does not change who holds what: the same contract from any dealer
    assert {fixed_contract(HEARTS_FOR_NORTH, d) for d in Seat} == {Contract(Seat.N, Suit.HEARTS)}
    # South's own strength in hearts is lower than North's: North declares even
    # when South bids first
    assert fixed_contract(HEARTS_FOR_NORTH, Seat.E) == (Seat.N, Suit.HEARTS)


def test_ties_go_to_the_earlier_bidder_then_the_earlier_suit() -> None:
    # every seat holds a whole suit: every fit is 142, every own strength 142
    assert fixed_contract(ONE_SUIT_EACH, Seat.W) == (Seat.N, Suit.CLUBS)
    assert fixed_contract(ONE_SUIT_EACH, Seat.N) == (Seat.E, Suit.DIAMONDS)
    assert fixed_contract(ONE_SUIT_EACH, Seat.S) == (Seat.W, Suit.SPADES)
    with pytest.raises(ValueError, match="four hands"):
        fixed_contract(ONE_SUIT_EACH[:3], Seat.N)


def test_bidding_reaches_the_contract_with_ordinary_actions() -> None:
    # free trump choice: the seats before the declarer pass; opponents pass contra
    round_ = Round.from_hands(Rules(), HEARTS_FOR_NORTH, Seat.E)
    assert bid_to(round_, Contract(Seat.N, Suit.HEARTS)) == [
        "pass",
        "pass",
        "trump H",
        "pass",
        "pass",
    ]
    assert [seat for seat, _ in round_.actions] == [Seat.S, Seat.W, Seat.N, Seat.E, Seat.W]
    assert (round_.phase, round_.declarer, round_.trump, round_.multiplier) == (
        "play",
        Seat.N,
        Suit.HEARTS,
        1,
    )
    assert round_.to_move == Seat.S  # left of the dealer leads, as in every round
    # from the dealer, no challenges, roem from hand: every seat asked declares
    rules = Rules(trump_choice="free_dealer", challenges=False, roem="hand")
    round_ = Round.from_hands(rules, ONE_SUIT_EACH, Seat.W)
    actions = bid_to(round_, Contract(Seat.N, Suit.CLUBS))
    assert actions[:2] == ["pass", "trump C"]
    assert set(actions[2:]) <= {"roem"} and round_.phase == "play"
    assert round_.declared_roem and all(v > 0 for v in round_.declared_roem.values())


def test_bidding_refuses_what_the_trump_choice_cannot_reach() -> None:
    for rules, declarer in ((Rules(trump_choice="utrecht"), Seat.E), (Rules.preset("g4a"), Seat.S)):
        round_ = Round.from_hands(rules, HEARTS_FOR_NORTH, Seat.W)
        with pytest.raises(ValueError, match="use fixed_rules"):
            bid_to(round_, Contract(declarer, Suit.HEARTS))
        assert round_.actions == []
    utrecht = Round.from_hands(Rules(trump_choice="utrecht"), HEARTS_FOR_NORTH, Seat.W)
    assert bid_to(utrecht, Contract(Seat.N, Suit.SPADES))[0] == "trump S"  # N is left of W
    with pytest.raises(ValueError, match="use fixed_rules"):
        bid_to(Round.new(Rules(trump_choice="random"), 0, 1), Contract(Seat.E, Suit.CLUBS))
    started = Round.new(Rules(), 0, 1)
    started.apply("pass")
    with pytest.raises(ValueError, match="before the round's first action"):
        bid_to(started, Contract(Seat.S, Suit.CLUBS))
    assert fixed_rules(Rules(trump_choice="random", play="rotterdam")) == Rules(play="rotterdam")


@pytest.mark.parametrize("rules", ALL_RULES[::3])
def test_a_fixed_deal_has_the_cards_of_the_bid_deal_and_starts_at_the_first_card(
    rules: Rules,
) -> None:
    kraken = kind("kraken")
    for seed in (3, 1_000_004, 77):
        bid, fixed = kraken.deal(rules, seed), kraken.deal(rules, seed, fixed=True)
        assert isinstance(bid, Round) and isinstance(fixed, Round)
        assert fixed.initial_hands == bid.initial_hands and fixed.dealer == bid.dealer
        assert fixed.rules == fixed_rules(rules)
        assert fixed.phase == "play" and fixed.multiplier == 1
        assert (fixed.declarer, fixed.trump) == fixed_contract(fixed.initial_hands, fixed.dealer)
        play_randomly(fixed, random.Random(seed))
        replayed = Round.from_record(fixed.to_record())
        assert replayed.actions == fixed.actions and replayed.result() == fixed.result()


def test_a_game_without_contracts_refuses_fixed_deals() -> None:
    gurka = kind("gurka")
    with pytest.raises(ValueError, match="Gurka has no contracts to fix"):
        gurka.deal(gurka.rules(), 1, fixed=True)
