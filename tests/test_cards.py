"""The shared card model: parsing, display, identity and the bitmask set."""

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import CARDS, Card, CardSet, Rank, Suit, deck, iter_bits, parse_cards


@pytest.mark.parametrize("text", ["JH", "jh", "J♥", " JH "])
def test_parse_jack_of_hearts(text: str) -> None:
    assert Card.parse(text) is Card(Suit.HEARTS, Rank.JACK)


@pytest.mark.parametrize("text", ["TH", "10H", "10h", "th", "10♥"])
def test_ten_has_two_spellings_and_one_canonical_form(text: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (Rank.TEN, Suit.HEARTS)
    assert str(card) == "TH"
    assert card.unicode() == "10♥"


@pytest.mark.parametrize("text", ["", "1H", "JX", "JHH", "11H", "H", "joker"])
def test_bad_card_text_says_what_was_expected(text: str) -> None:
    with pytest.raises(ValueError, match=r"expected a rank .* followed by a suit"):
        Card.parse(text)


def test_parse_cards_keeps_order() -> None:
    assert [str(c) for c in parse_cards("JH 9H AC")] == ["JH", "9H", "AC"]
    assert parse_cards("") == []


def test_card_is_immutable_interned_hashable_and_picklable() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card)) is card
    assert {card: 1}[Card(Suit.SPADES, Rank.QUEEN)] == 1
    assert (card.suit, card.rank, card.index) == (Suit.SPADES, Rank.QUEEN, 49)


def test_there_are_52_distinct_cards_with_distinct_bits() -> None:
    assert len({c.bit for c in CARDS}) == 52
    assert all(Card.from_index(c.index) is c for c in CARDS)
    assert len(deck()) == 52 and len(deck(Rank.SEVEN)) == 32


def test_suit_and_rank_parse_errors() -> None:
    with pytest.raises(ValueError, match="expected C, D, H or S"):
        Suit.parse("X")
    with pytest.raises(ValueError, match="expected 2-9, T or 10"):
        Rank.parse("1")


def test_cardset_mask_range_is_checked() -> None:
    with pytest.raises(ValueError, match="out of range"):
        CardSet(1 << 52)


@given(st.sets(st.sampled_from(CARDS)), st.sets(st.sampled_from(CARDS)))
def test_cardset_behaves_like_a_set(a: set[Card], b: set[Card]) -> None:
    sa, sb = CardSet(a), CardSet(b)
    assert set(sa | sb) == a | b
    assert set(sa & sb) == a & b
    assert set(sa - sb) == a - b
    assert set(sa ^ sb) == a ^ b
    assert len(sa) == len(a)
    assert list(sa) == sorted(a)
    assert CardSet.parse(str(sa)) == sa == a
    assert set(~sa) == set(CARDS) - a
    assert all(c in sa for c in a)
    assert [CARDS[i] for i in iter_bits(sa.mask)] == sorted(a)


def test_cardset_add_remove_and_suits() -> None:
    hand = CardSet.parse("7H 8H AC")
    assert hand.add(Card.parse("9H")) == CardSet.parse("7H 8H 9H AC")
    assert hand.remove(Card.parse("AC")) == CardSet.parse("7H 8H")
    with pytest.raises(KeyError):
        hand.remove(Card.parse("AS"))
    assert hand.suits() == {Suit.HEARTS, Suit.CLUBS}
    assert hand.unicode() == "A♣ 7♥ 8♥"
