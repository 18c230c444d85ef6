"""The pure kernel: penalty values, legal plays under every variation, trick takers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS, Card, CardSet, parse_cards
from cardtable.gurka import Rules, explain_illegal, legal_plays, penalty, trick_taker
from cardtable.gurka.trick import (
    lowest_mask,
    lowest_rank,
    rank_mask,
    scoring_seats,
    why_refused,
)


def plays(hand: str, trick: str, rules: Rules | None = None) -> list[str]:
    legal = legal_plays(parse_cards(hand), parse_cards(trick), rules or Rules())
    return sorted(str(c) for c in legal)


# -- penalty values -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [("AS", 14), ("KH", 13), ("QD", 12), ("JC", 11), ("10S", 10), ("9H", 9), ("2C", 2)],
)
def test_penalty_values(card: str, value: int) -> None:
    assert penalty(Card.parse(card)) == value


def test_penalty_ignores_suit() -> None:
    for rank_text in "23456789TJQKA":
        assert len({penalty(Card.parse(rank_text + s)) for s in "CDHS"}) == 1


# -- default play rule --------------------------------------------------------------------


def test_leader_may_play_any_card() -> None:
    assert plays("2C 7D KS", "") == ["2C", "7D", "KS"]


def test_follower_may_match_beat_or_play_lowest() -> None:
    # highest in the trick is a 9: 9 (match), K (beat) or the lowest card 3
    assert plays("3C 5D 9H KS", "9S 4C") == ["3C", "9H", "KS"]


def test_target_is_the_highest_card_not_the_previous_one() -> None:
    # the trick's highest is J although the last card played was a 4
    assert plays("3C 5D 9H QS", "JS 4C") == ["3C", "QS"]


def test_lowest_card_is_any_card_of_the_lowest_rank() -> None:
    assert plays("4C 4H 8D 8S", "QS") == ["4C", "4H"]


def test_lowest_card_that_also_beats_is_listed_once() -> None:
    assert plays("TC JD", "5S") == ["JD", "TC"]


def test_single_card_is_always_legal() -> None:
    assert plays("2C", "AS KD") == ["2C"]
    assert plays("KD", "AS", Rules(must_head=True, aces_unbeatable=True)) == ["KD"]
    assert plays("KD", "", Rules(lead_lowest=True)) == ["KD"]


def test_empty_hand_has_no_legal_plays() -> None:
    assert plays("", "AS") == []


# -- variations ---------------------------------------------------------------------------


def test_match_previous_targets_the_card_just_before() -> None:
    rules = Rules(match_previous=True)
    # previous card is a 4, so the 5 and 9 are fine even though a J is in the trick
    assert plays("3C 5D 9H", "JS 4C", rules) == ["3C", "5D", "9H"]
    assert plays("3C 5D 9H", "4C JS", rules) == ["3C"]


def test_must_head_forces_a_card_at_least_as_high_when_held() -> None:
    rules = Rules(must_head=True)
    assert plays("3C 9H KS", "9S", rules) == ["9H", "KS"]
    assert plays("3C 4D 8H", "9S", rules) == ["3C"]


def test_must_head_with_match_previous() -> None:
    rules = Rules(must_head=True, match_previous=True)
    assert plays("3C 5D 9H", "JS 4C", rules) == ["5D", "9H"]


def test_aces_unbeatable_forces_the_lowest_card_after_an_ace() -> None:
    rules = Rules(aces_unbeatable=True)
    assert plays("3C 3D AH", "AS", rules) == ["3C", "3D"]
    assert plays("3C 3D AH", "5S AS 2C", rules) == ["3C", "3D"]
    assert plays("3C 3D AH", "AS", Rules()) == ["3C", "3D", "AH"]


def test_aces_unbeatable_with_match_previous_only_binds_the_next_player() -> None:
    rules = Rules(aces_unbeatable=True, match_previous=True)
    assert plays("3C 8D KH", "AS", rules) == ["3C"]
    # the ace is no longer the target once a lower card has followed it
    assert plays("3C 8D KH", "AS 5C", rules) == ["3C", "8D", "KH"]


def test_lead_lowest() -> None:
    rules = Rules(lead_lowest=True)
    assert plays("6C 6S 9H KS", "", rules) == ["6C", "6S"]
    # following is unaffected
    assert plays("6C 9H KS", "8D", rules) == ["6C", "9H", "KS"]


# -- trick taker --------------------------------------------------------------------------


def test_highest_rank_takes_the_trick() -> None:
    assert trick_taker(parse_cards("8S KD 3C 9H")) == 1


def test_equal_highest_ranks_the_last_played_takes_it() -> None:
    assert trick_taker(parse_cards("9C 9D 4S 9H")) == 3
    assert trick_taker(parse_cards("KC 2D KS 5H")) == 2


def test_single_card_trick() -> None:
    assert trick_taker(parse_cards("4C")) == 0


def test_aces_unbeatable_first_ace_takes_the_trick() -> None:
    trick = parse_cards("AC 4D AS")
    assert trick_taker(trick) == 2
    assert trick_taker(trick, Rules(aces_unbeatable=True)) == 0
    assert trick_taker(parse_cards("KC 4D KS"), Rules(aces_unbeatable=True)) == 2


def test_empty_trick_has_no_taker() -> None:
    with pytest.raises(ValueError) as raised:
        trick_taker([])
    assert str(raised.value) == "an empty trick has no taker"


def test_scoring_seats_are_every_card_of_the_highest_rank() -> None:
    assert scoring_seats([9, 12, 3, 12]) == [1, 3]
    assert scoring_seats([5]) == [0]


# -- explanations -------------------------------------------------------------------------


HAND = "3C 7D QH"
C3, D7, QH = ["3C", "7D", "QH"]


def _facts(card: str, lowest: str, rank: str | None = None, previous: bool = False) -> dict:  # type: ignore[type-arg]
    facts = {"card": card, "lowest": lowest}
    return facts if rank is None else {**facts, "rank": rank, "previous": previous}


# One example of every branch of ``why_refused`` (and so of ``explain_illegal``):
# the code, the facts and the whole message.
EXPLANATIONS = [
    pytest.param(
        "5C 2S", "8S", Rules(), "AS", "not_held", {"card": "AS", "cards": ["2S", "5C"]},
        "you do not hold AS: your hand is 2S 5C", id="not-held",
    ),
    pytest.param(
        "", "8S", Rules(), "AS", "not_held", {"card": "AS", "cards": []},
        "you do not hold AS: your hand is empty", id="not-held-empty",
    ),
    pytest.param(
        HAND, "", Rules(lead_lowest=True), D7, "lead_lowest", _facts(D7, "3"),
        "7D may not lead: the leader must lead their lowest card (3)", id="lead-lowest",
    ),
    pytest.param(
        HAND, "8S", Rules(), D7, "too_low", _facts(D7, "3", "8"),
        "7D is too low: play a card of rank 8 or higher (the highest card in the trick "
        "is 8) or your lowest card (3)", id="too-low",
    ),
    pytest.param(
        HAND, "9S 5C", Rules(match_previous=True, must_head=True), C3, "must_head",
        _facts(C3, "3", "5", previous=True),
        "3C is not allowed: you hold a card of rank 5 or higher (the card played just "
        "before is 5), so you must play one", id="match-previous-must-head",
    ),
    pytest.param(
        HAND, "8S", Rules(must_head=True), C3, "must_head", _facts(C3, "3", "8"),
        "3C is not allowed: you hold a card of rank 8 or higher (the highest card in the "
        "trick is 8), so you must play one", id="must-head",
    ),
    pytest.param(
        HAND, "AS", Rules(aces_unbeatable=True), QH, "ace_unbeatable", _facts(QH, "3"),
        "QH is not allowed: an ace cannot be matched or beaten, so you must play your "
        "lowest card (3)", id="ace-unbeatable",
    ),
    # aces unbeatable, but no ace in the trick: the ordinary rule explains it
    pytest.param(
        HAND, "8S", Rules(aces_unbeatable=True), D7, "too_low", _facts(D7, "3", "8"),
        "7D is too low: play a card of rank 8 or higher (the highest card in the trick "
        "is 8) or your lowest card (3)", id="aces-unbeatable-no-ace",
    ),
    pytest.param(
        HAND, "8S", Rules(aces_unbeatable=True, must_head=True), C3, "must_head",
        _facts(C3, "3", "8"),
        "3C is not allowed: you hold a card of rank 8 or higher (the highest card in the "
        "trick is 8), so you must play one", id="aces-unbeatable-no-ace-must-head",
    ),
    # an ace in the trick, but the rule is off: an ace may be matched
    pytest.param(
        "3C AD", "AS", Rules(must_head=True), C3, "must_head", _facts(C3, "3", "A"),
        "3C is not allowed: you hold a card of rank A or higher (the highest card in the "
        "trick is A), so you must play one", id="ace-matchable",
    ),
    # the lowest rank shown is the hand's lowest whatever its suit
    pytest.param(
        "9S 4D 6H", "8C", Rules(), "6H", "too_low", _facts("6H", "4", "8"),
        "6H is too low: play a card of rank 8 or higher (the highest card in the trick "
        "is 8) or your lowest card (4)", id="lowest-in-diamonds",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("hand", "trick", "rules", "card", "code", "facts", "message"), EXPLANATIONS
)
def test_each_explanation_names_its_rule_in_full(
    hand: str,
    trick: str,
    rules: Rules,
    card: str,
    code: str,
    facts: dict,
    message: str,  # type: ignore[type-arg]
) -> None:
    played = parse_cards(trick)
    reason = explain_illegal(parse_cards(hand), played, rules, Card.parse(card))
    assert reason == message
    assert explain_illegal(CardSet.parse(hand), played, rules, Card.parse(card)) == message
    ranks = [int(c.rank) for c in played]
    why = why_refused(CardSet.parse(hand).mask, ranks, rules, Card.parse(card))
    assert why == (code, facts, message)


def test_a_legal_card_has_no_explanation() -> None:
    hand = parse_cards("3C 7D QH")
    assert explain_illegal(hand, parse_cards("8S"), Rules(), Card.parse("QH")) is None
    assert (
        explain_illegal(hand, parse_cards("8S 2C"), Rules(match_previous=True), Card.parse("7D"))
        is None
    )


# -- a reference implementation, read straight from the rules text ---------------------------


def reference_legal(hand: list[Card], trick: list[Card], rules: Rules) -> set[Card]:
    if not hand:
        return set()
    lowest_rank = min(c.rank for c in hand)
    lowest = {c for c in hand if c.rank == lowest_rank}
    if not trick:
        return lowest if rules.lead_lowest else set(hand)
    target = trick[-1].rank if rules.match_previous else max(c.rank for c in trick)
    if rules.aces_unbeatable and target == 14:
        return lowest
    heading = {c for c in hand if c.rank >= target}
    if rules.must_head:
        return heading if heading else lowest
    return heading | lowest


rules_strategy = st.builds(
    Rules,
    match_previous=st.booleans(),
    must_head=st.booleans(),
    aces_unbeatable=st.booleans(),
    lead_lowest=st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(
    cards=st.permutations(CARDS).map(lambda p: p[:14]),
    hand_size=st.integers(0, 6),
    trick_size=st.integers(0, 7),
    rules=rules_strategy,
)
def test_legal_plays_match_the_reference(
    cards: list[Card], hand_size: int, trick_size: int, rules: Rules
) -> None:
    hand, trick = list(cards[:hand_size]), list(cards[6 : 6 + trick_size])
    legal = legal_plays(hand, trick, rules)
    assert legal == reference_legal(hand, trick, rules)
    if hand:
        assert legal, "a player with cards always has a legal play"
    for card in hand:
        reason = explain_illegal(hand, trick, rules, card)
        assert (reason is None) == (card in legal)


@settings(max_examples=200, deadline=None)
@given(trick=st.lists(st.sampled_from(CARDS), min_size=1, max_size=8, unique=True))
def test_trick_taker_matches_the_reference(trick: list[Card]) -> None:
    top = max(c.rank for c in trick)
    last_top = max(i for i, c in enumerate(trick) if c.rank == top)
    assert trick_taker(trick) == last_top
    first_top = min(i for i, c in enumerate(trick) if c.rank == top)
    expected = first_top if top == 14 else last_top
    assert trick_taker(trick, Rules(aces_unbeatable=True)) == expected


@settings(max_examples=200, deadline=None)
@given(hand=st.sets(st.sampled_from(CARDS), min_size=1, max_size=20))
def test_rank_masks_hold_the_ranks_of_every_suit(hand: set[Card]) -> None:
    mask = CardSet(hand).mask
    assert rank_mask(mask) == sum({1 << (c.rank - 2) for c in hand})
    low = min(c.rank for c in hand)
    assert lowest_rank(mask) == low
    assert lowest_mask(mask) == CardSet(c for c in hand if c.rank == low).mask


@pytest.mark.parametrize("suit", "CDHS")
def test_the_lowest_rank_is_found_in_each_suit(suit: str) -> None:
    hand = CardSet.parse(f"4{suit} KC KD KH KS")
    assert rank_mask(hand.mask) == 1 << 2 | 1 << 11
    assert lowest_rank(hand.mask) == 4
    assert lowest_mask(hand.mask) == Card.parse(f"4{suit}").bit
