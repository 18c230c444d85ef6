"""Agreed partner signals (``Rules.signals``): worked examples of each convention, the
signals an observation derives, the choice among equal discards, and that a
convention changes neither legality nor scoring."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import Card, Suit, parse_cards
from cardtable.kraken import PRESETS, Observation, Round, Rules, Seat
from cardtable.kraken.signals import (
    GivenSignal,
    Signal,
    discard_signal,
    latest_signals,
    signal_of,
    signalling_choice,
)

from .helpers import play_randomly, play_up_to

HIGH = Rules(signals="high_asks")
LOW = Rules(signals="low_asks")
ONE_SUIT_EACH = [
    "7C 8C 9C TC JC QC KC AC",
    "7D 8D 9D TD JD QD KD AD",
    "7H 8H 9H TH JH QH KH AH",
    "7S 8S 9S TS JS QS KS AS",
]


@pytest.mark.parametrize(
    ("card", "high_asks", "low_asks"),
    [
        ("AC", "asks", "denies"),
        ("TC", "asks", "denies"),
        ("KC", "asks", "denies"),
        ("QC", "asks", "denies"),
        ("JC", "denies", "asks"),
        ("9C", "denies", "asks"),
        ("8C", "denies", "asks"),
        ("7C", "denies", "asks"),
    ],
)
def test_each_rank_of_a_discard_asks_or_denies_its_suit(
    card: str, high_asks: str, low_asks: str
) -> None:
    trick = parse_cards("7H 9H")  # hearts led, spades trump: a club is a discard
    played = Card.parse(card)
    assert signal_of(trick, played, Suit.SPADES, HIGH) == Signal(high_asks, Suit.CLUBS)  # type: ignore[arg-type]
    assert signal_of(trick, played, Suit.SPADES, LOW) == Signal(low_asks, Suit.CLUBS)  # type: ignore[arg-type]
    assert signal_of(trick, played, Suit.SPADES, Rules()) is None


def test_only_a_discard_signals() -> None:
    led = parse_cards("8H")
    assert signal_of([], Card.parse("AC"), Suit.SPADES, HIGH) is None  # a lead
    assert signal_of(led, Card.parse("AH"), Suit.SPADES, HIGH) is None  # follows suit
    assert signal_of(led, Card.parse("7S"), Suit.SPADES, HIGH) is None  # trumps
    # trump led and no trump held: the side card played is a discard
    assert signal_of(parse_cards("JS"), Card.parse("KD"), Suit.SPADES, HIGH) == (
        "asks",
        Suit.DIAMONDS,
    )
    assert discard_signal(Card.parse("KS"), HIGH, trump=Suit.SPADES) is None


def test_a_round_s_observations_list_the_signals_given() -> None:
    round_ = Round.from_hands(Rules(challenges=False, signals="high_asks"), ONE_SUIT_EACH, Seat.W)
    for action in ("trump H", "AC", "AD", "7H"):
        round_.apply(action)
    # East's ace of diamonds asks for diamonds (so far in the trick in progress)
    expected = (GivenSignal(0, Seat.E, Card.parse("AD"), Signal("asks", Suit.DIAMONDS)),)
    assert all(round_.observation(seat).signals == expected for seat in Seat)
    round_.apply("7S")  # West's seven of spades denies spades
    denies = GivenSignal(0, Seat.W, Card.parse("7S"), Signal("denies", Suit.SPADES))
    assert round_.observation(Seat.N).signals == (*expected, denies)
    assert latest_signals(round_.observation(Seat.N).signals, Seat.E) == {Suit.DIAMONDS: "asks"}
    # South trumps: no signal. Under the other convention the same cards say the reverse.
    low = Round.from_hands(Rules(challenges=False, signals="low_asks"), ONE_SUIT_EACH, Seat.W)
    for action in ("trump H", "AC", "AD", "7H", "7S"):
        low.apply(action)
    assert [(g.seat, g.signal) for g in low.observation(Seat.S).signals] == [
        (Seat.E, ("denies", Suit.DIAMONDS)),
        (Seat.W, ("asks", Suit.SPADES)),
    ]
    none = Round.from_hands(Rules(challenges=False), ONE_SUIT_EACH, Seat.W)
    for action in ("trump H", "AC", "AD", "7H", "7S"):
        none.apply(action)
    assert none.observation(Seat.S).signals == ()


def test_a_later_signal_about_a_suit_replaces_the_earlier_one() -> None:
    given = (
        GivenSignal(0, Seat.E, Card.parse("KD"), Signal("asks", Suit.DIAMONDS)),
        GivenSignal(1, Seat.W, Card.parse("7C"), Signal("denies", Suit.CLUBS)),
        GivenSignal(2, Seat.E, Card.parse("7D"), Signal("denies", Suit.DIAMONDS)),
    )
    assert latest_signals(given, Seat.E) == {Suit.DIAMONDS: "denies"}
    assert latest_signals(given, Seat.N) == {}


def test_signalling_choice_prefers_what_tells_partner_the_wanted_suit() -> None:
    # asks for the wanted suit, then denies another, then says nothing, then the rest
    assert signalling_choice(["7C", "8D", "KC"], Suit.CLUBS, HIGH) == "KC"
    assert signalling_choice(["KD", "7C", "8D"], Suit.CLUBS, HIGH) == "8D"
    assert signalling_choice(["KD", "7C", "JS"], Suit.CLUBS, HIGH, trump=Suit.SPADES) == "JS"
    assert signalling_choice(["7C", "KD"], Suit.CLUBS, HIGH) == "KD"
    # wanting nothing: deny, do not ask
    assert signalling_choice(["KD", "AC", "9H"], None, HIGH) == "9H"
    assert signalling_choice(["9H", "KD"], None, LOW) == "KD"
    # cards work as well as text; no signals: the bot's first choice
    cards = parse_cards("7C KC")
    assert signalling_choice(cards, Suit.CLUBS, LOW) == Card.parse("7C")
    assert signalling_choice(cards, Suit.CLUBS, Rules()) == Card.parse("7C")
    assert signalling_choice(["KC", "7C"], Suit.CLUBS, Rules()) == "KC"
    with pytest.raises(ValueError, match="at least one candidate"):
        signalling_choice([], Suit.CLUBS, HIGH)


def test_the_rules_field_is_validated_and_off_in_every_preset() -> None:
    with pytest.raises(ValueError) as error:
        Rules(signals="peter")  # type: ignore[arg-type]
    assert str(error.value) == (
        "invalid value 'peter' for rules field 'signals': allowed 'none', 'high_asks', 'low_asks'"
    )
    assert all(rules.signals == "none" for rules in PRESETS.values())
    assert Rules().signals == "none"
    assert Rules.from_dict(HIGH.to_dict()) == HIGH
    old = Rules().to_dict()
    del old["signals"]  # records and sheets written before the field existed
    assert Rules.from_dict(old) == Rules()


def test_records_with_signals_replay_and_keep_the_convention() -> None:
    for seed in range(5):
        round_ = Round.new(LOW.replace(roem="hand"), seed % 4, seed)
        play_randomly(round_, random.Random(seed))
        record = json.loads(json.dumps(round_.to_record()))
        assert record["rules"]["signals"] == "low_asks"
        replayed = Round.from_record(record)
        assert replayed.rules == round_.rules
        assert replayed.actions == round_.actions
        assert replayed.result() == round_.result()
        end = replayed.observation(Seat.N)
        assert Observation.from_dict(end.to_dict()).signals == end.signals


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 60))
def test_a_convention_changes_neither_legality_nor_the_score(seed: int, moves: int) -> None:
    rounds = [Round.new(Rules().replace(signals=s), seed % 4, seed) for s in ("none", "high_asks")]
    rng = random.Random(seed)
    play_up_to(rounds[0], rng, moves)
    for _seat, action in rounds[0].actions:
        rounds[1].apply(action)
    assert rounds[0].legal_actions() == rounds[1].legal_actions()
    play_randomly(rounds[0], random.Random(seed + 1))
    play_randomly(rounds[1], random.Random(seed + 1))
    assert rounds[0].result() == rounds[1].result()
    signalled = rounds[1].observation(Seat.E).signals
    trump = rounds[1].trump
    discards = [
        (number, seat, card)
        for number, trick in enumerate(rounds[1].tricks)
        for i, (seat, card) in enumerate(trick.plays)
        if i and card.suit not in (trick.cards[0].suit, trump)
    ]
    assert [(g.trick, g.seat, g.card) for g in signalled] == discards
    assert all(g.signal.suit == g.card.suit for g in signalled)
    assert rounds[0].observation(Seat.E).signals == ()
