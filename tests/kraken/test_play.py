"""Which cards may be played: every branch of both play rule sets, and the fast path.

Hearts are trump in every example; the player to move is next after ``trick``,
so their partner's card is ``trick[-2]``.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import Suit, parse_cards
from cardtable.kraken import DECK, Rules, legal_plays, refusal
from cardtable.kraken.fast import legal_mask

H = Suit.HEARTS
AMSTERDAM = Rules(play="amsterdam")
ROTTERDAM = Rules(play="rotterdam")
BOTH = [AMSTERDAM, ROTTERDAM]


def legal(hand: str, trick: str, rules: Rules) -> list[str]:
    return sorted(str(c) for c in legal_plays(parse_cards(hand), parse_cards(trick), H, rules))


@pytest.mark.parametrize("rules", BOTH)
def test_leader_may_play_anything(rules: Rules) -> None:
    assert legal("JH 7C 8D", "", rules) == ["7C", "8D", "JH"]


@pytest.mark.parametrize("rules", BOTH)
def test_follow_plain_suit_if_able(rules: Rules) -> None:
    assert legal("7C 9C JH 8D", "AC", rules) == ["7C", "9C"]


@pytest.mark.parametrize("rules", BOTH)
def test_trump_lead_must_be_headed(rules: Rules) -> None:
    assert legal("JH AH 7C", "9H", rules) == ["JH"]


@pytest.mark.parametrize("rules", BOTH)
def test_trump_lead_must_be_headed_even_over_partner(rules: Rules) -> None:
    # the leader (partner of the third player) wins with AH; 9H is higher in trump
    assert legal("9H KH 7C", "AH 7H", rules) == ["9H"]


@pytest.mark.parametrize("rules", BOTH)
def test_trump_lead_unable_to_head_any_trump(rules: Rules) -> None:
    assert legal("9H KH 7C", "JH", rules) == ["9H", "KH"]


@pytest.mark.parametrize("rules", BOTH)
def test_trump_lead_without_trump_any_card(rules: Rules) -> None:
    assert legal("7C 8D", "JH", rules) == ["7C", "8D"]


@pytest.mark.parametrize("rules", BOTH)
def test_void_without_trump_any_card(rules: Rules) -> None:
    assert legal("7D 8S", "AC KC", rules) == ["7D", "8S"]


def test_rotterdam_must_trump_even_when_partner_wins() -> None:
    assert legal("JH 7H 8D", "AC KC", ROTTERDAM) == ["7H", "JH"]


def test_amsterdam_partner_winning_with_plain_card_any_card() -> None:
    assert legal("JH 7H 8D", "AC KC", AMSTERDAM) == ["7H", "8D", "JH"]


def test_rotterdam_must_overtrump_partner() -> None:
    assert legal("JH 7H 8D", "AC 9H KC", ROTTERDAM) == ["JH"]


def test_amsterdam_partner_winning_with_trump_no_lower_trump() -> None:
    assert legal("JH 7H 8D", "AC 9H KC", AMSTERDAM) == ["8D", "JH"]


def test_rotterdam_undertrumps_when_unable_to_overtrump() -> None:
    assert legal("7H 8D", "AC JH KC", ROTTERDAM) == ["7H"]


def test_amsterdam_no_undertrumping_partner_while_holding_another_card() -> None:
    assert legal("7H 8D", "AC JH KC", AMSTERDAM) == ["8D"]


def test_amsterdam_undertrumps_partner_when_holding_only_lower_trumps() -> None:
    assert legal("7H 8H", "AC JH KC", AMSTERDAM) == ["7H", "8H"]


def test_amsterdam_must_trump_when_opponent_wins_with_plain_card() -> None:
    assert legal("7H 8D", "AC", AMSTERDAM) == ["7H"]


def test_amsterdam_must_overtrump_opponent() -> None:
    # partner led AC, the opponent trumped with 9H
    assert legal("JH 7H 8D", "AC 9H", AMSTERDAM) == ["JH"]


def test_amsterdam_cannot_overtrump_discards_instead_of_undertrumping() -> None:
    assert legal("7H 8D", "AC 9H", AMSTERDAM) == ["8D"]


def test_amsterdam_undertrumps_opponent_only_with_nothing_but_trumps() -> None:
    assert legal("7H 8H", "AC 9H", AMSTERDAM) == ["7H", "8H"]


def test_rotterdam_must_overtrump_opponent_or_undertrump() -> None:
    assert legal("JH 7H 8D", "AC 9H", ROTTERDAM) == ["JH"]
    assert legal("7H 8D", "AC 9H", ROTTERDAM) == ["7H"]


def test_amsterdam_partner_overtrumped_by_opponent_counts_as_opponent_winning() -> None:
    # E leads AC, S (partner of W) trumps 8H, W... here the fourth player's partner
    # trumped with 8H and the opponent overtrumped with 9H: an opponent is winning.
    assert legal("JH 7H 8D", "AC 8H 9H", AMSTERDAM) == ["JH"]


def test_refusal_names_the_rule() -> None:
    def why(hand: str, trick: str, card: str, rules: Rules) -> str | None:
        return refusal(parse_cards(hand), parse_cards(trick), H, rules, parse_cards(card)[0])

    assert why("7C 9C JH", "AC", "JH", AMSTERDAM) == "must follow suit: you hold clubs (7C 9C)"
    assert "must head the trick" in str(why("JH AH", "9H", "AH", AMSTERDAM))
    assert "must trump (Rotterdam)" in str(why("JH 8D", "AC KC", "8D", ROTTERDAM))
    assert "must overtrump" in str(why("JH 7H 8D", "AC 9H", "7H", AMSTERDAM))
    assert "may not undertrump your partner" in str(why("7H 8D", "AC JH KC", "7H", AMSTERDAM))
    assert "may not undertrump 9H" in str(why("7H 8D", "AC 9H", "7H", AMSTERDAM))
    assert why("7C", "AC", "8C", AMSTERDAM) == "you do not hold 8C"
    assert why("7C 9C", "AC", "9C", AMSTERDAM) is None


def test_non_kraken_cards_are_rejected() -> None:
    with pytest.raises(ValueError, match="not a Kraken card"):
        legal_plays(parse_cards("6H"), [], H, AMSTERDAM)


KRAKEN_CARDS = list(DECK)


@st.composite
def positions(draw: st.DrawFn) -> tuple[list, list, Suit]:  # type: ignore[type-arg]
    cards = draw(st.permutations(KRAKEN_CARDS))
    n_trick = draw(st.integers(0, 3))
    n_hand = draw(st.integers(1, 8))
    trick = cards[:n_trick]
    hand = cards[n_trick : n_trick + n_hand]
    return hand, trick, draw(st.sampled_from(list(Suit)))


@settings(max_examples=1500)
@given(positions(), st.sampled_from(BOTH))
def test_legal_plays_and_fast_mask_equal_the_readable_rules(
    position: tuple[list, list, Suit],  # type: ignore[type-arg]
    rules: Rules,
) -> None:
    hand, trick, trump = position
    not_refused = {c for c in hand if refusal(hand, trick, trump, rules, c) is None}
    mask = legal_mask(sum(c.bit for c in hand), [c.index for c in trick], int(trump), rules.play)
    assert mask == sum(c.bit for c in not_refused)
    assert legal_plays(hand, trick, trump, rules) == not_refused
    assert not_refused, "some card is always legal"
