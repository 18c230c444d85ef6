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
from cardtable.kraken.play import Refusal, why_refused

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


def why(hand: str, trick: str, card: str, rules: Rules) -> str | None:
    return refusal(parse_cards(hand), parse_cards(trick), H, rules, parse_cards(card)[0])


# One example of every branch of ``refusal`` (and ``why_refused``), with its whole
# message, code and facts: a change in the wording, in the cards listed or in the
# branch taken makes a test fail.
REFUSALS = [
    pytest.param(
        "7C", "AC", "8C", AMSTERDAM, "you do not hold 8C",
        "not_held", {"card": "8C", "cards": []}, id="not-held",
    ),
    pytest.param(
        "7C 9C JH", "AC", "JH", AMSTERDAM, "must follow suit: you hold clubs (7C 9C)",
        "follow_suit", {"card": "JH", "cards": ["7C", "9C"], "suit": "C"}, id="follow-plain",
    ),
    pytest.param(
        "JH 7C", "9H", "7C", ROTTERDAM, "must follow suit: you hold hearts (JH)",
        "follow_suit", {"card": "7C", "cards": ["JH"], "suit": "H"}, id="follow-trump",
    ),
    pytest.param(
        "JH AH", "9H", "AH", AMSTERDAM,
        "must head the trick: trumps were led and you hold a trump higher than 9H (JH)",
        "head_trick", {"card": "AH", "cards": ["JH"], "best": "9H"}, id="head-trump-lead",
    ),
    pytest.param(
        "JH 8D", "AC KC", "8D", ROTTERDAM,
        "must trump (Rotterdam): you cannot follow suit and hold a trump (JH)",
        "must_trump", {"card": "8D", "cards": ["JH"]}, id="rotterdam-trump",
    ),
    pytest.param(
        "JH 7H 8D", "AC 9H KC", "7H", ROTTERDAM,
        "must overtrump (Rotterdam): you hold a trump higher than 9H (JH)",
        "must_overtrump", {"card": "7H", "cards": ["JH"], "best": "9H"}, id="rotterdam-overtrump",
    ),
    pytest.param(
        "7H 8D", "AC JH KC", "7H", AMSTERDAM,
        "may not undertrump your partner's JH: you hold other cards (8D)",
        "no_undertrump_partner", {"card": "7H", "cards": ["8D"], "best": "JH"},
        id="amsterdam-undertrump-partner",
    ),
    pytest.param(
        "7H 8D", "AC", "8D", AMSTERDAM,
        "must trump: an opponent is winning the trick and you hold a trump (7H)",
        "must_trump", {"card": "8D", "cards": ["7H"]}, id="amsterdam-trump",
    ),
    pytest.param(
        "JH 7H 8D", "AC 9H", "7H", AMSTERDAM,
        "must overtrump: an opponent is winning with 9H and you hold a higher trump (JH)",
        "must_overtrump", {"card": "7H", "cards": ["JH"], "best": "9H"}, id="amsterdam-overtrump",
    ),
    pytest.param(
        "7H 8D", "AC 9H", "7H", AMSTERDAM,
        "may not undertrump 9H: you cannot overtrump, so discard a card of another suit (8D)",
        "no_undertrump", {"card": "7H", "cards": ["8D"], "best": "9H"}, id="amsterdam-undertrump",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "trick", "card", "rules", "message", "code", "facts"), REFUSALS)
def test_each_refusal_names_its_rule_in_full(
    hand: str,
    trick: str,
    card: str,
    rules: Rules,
    message: str,
    code: str,
    facts: dict,  # type: ignore[type-arg]
) -> None:
    assert why(hand, trick, card, rules) == message
    reason = why_refused(parse_cards(hand), parse_cards(trick), H, rules, parse_cards(card)[0])
    assert reason == Refusal(code, facts, message)
    assert parse_cards(card)[0] not in legal_plays(parse_cards(hand), parse_cards(trick), H, rules)


def test_a_legal_card_has_no_refusal() -> None:
    assert why("7C 9C", "AC", "9C", AMSTERDAM) is None
    assert why("7H 8D", "AC JH KC", "8D", AMSTERDAM) is None


# The best trump in the trick is the one highest in trump order (J 9 A T K Q 8 7), not
# by natural rank, and a trump ranks above any card of the suit led: two positions
# where taking the wrong trump as the best changes which cards may be played.
@pytest.mark.parametrize("rules", BOTH)
def test_trump_lead_headed_by_trump_order_not_natural_rank(rules: Rules) -> None:
    # AH led, an opponent played JH: JH is the best trump (not AH), and 9H cannot
    # head it, so any trump may follow
    assert legal("9H 7H", "AH JH", rules) == ["7H", "9H"]
    assert why("9H 7H", "AH JH", "7H", rules) is None


def test_trumped_plain_lead_the_best_trump_is_the_highest_in_trump_order() -> None:
    # AC led, the partner trumped 7H, an opponent overtrumped JH: 9H cannot beat JH,
    # so under Amsterdam it may not be played while a plain card remains
    assert legal("9H 8D", "AC 7H JH", AMSTERDAM) == ["8D"]
    assert why("9H 8D", "AC 7H JH", "9H", AMSTERDAM) == (
        "may not undertrump JH: you cannot overtrump, so discard a card of another suit (8D)"
    )
    # Rotterdam: trump anyway; 9H need not overtrump what it cannot beat
    assert legal("9H 8D", "AC 7H JH", ROTTERDAM) == ["9H"]
    assert legal("9H JD 8D", "AC JH 7H", ROTTERDAM) == ["9H"]


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


@st.composite
def positions_with_trumps(draw: st.DrawFn) -> tuple[list, list, Suit]:  # type: ignore[type-arg]
    """A trick holding two or more trumps (in any places) and a hand holding trumps
    too: where the best trump decides what may be played."""
    trump = draw(st.sampled_from(list(Suit)))
    trumps = [c for c in KRAKEN_CARDS if c.suit == trump]
    others = [c for c in KRAKEN_CARDS if c.suit != trump]
    in_trick = draw(st.integers(2, 3))
    trumps = draw(st.permutations(trumps))
    others = draw(st.permutations(others))
    n_plain = draw(st.integers(0, 3 - in_trick))
    trick = draw(st.permutations(trumps[:in_trick] + others[:n_plain]))
    spare_trumps = trumps[in_trick:]
    hand_trumps = spare_trumps[: draw(st.integers(1, len(spare_trumps)))]
    hand_plain = others[n_plain : n_plain + draw(st.integers(0, 4))]
    return hand_trumps + hand_plain, trick, trump


def _assert_fast_paths_equal_the_readable_rules(
    hand: list,
    trick: list,
    trump: Suit,
    rules: Rules,  # type: ignore[type-arg]
) -> None:
    not_refused = {c for c in hand if refusal(hand, trick, trump, rules, c) is None}
    mask = legal_mask(sum(c.bit for c in hand), [c.index for c in trick], int(trump), rules.play)
    assert mask == sum(c.bit for c in not_refused)
    assert legal_plays(hand, trick, trump, rules) == not_refused
    assert not_refused, "some card is always legal"


@settings(max_examples=300, deadline=None)
@given(positions_with_trumps(), st.sampled_from(BOTH))
def test_with_several_trumps_in_the_trick_fast_paths_equal_the_readable_rules(
    position: tuple[list, list, Suit],  # type: ignore[type-arg]
    rules: Rules,
) -> None:
    _assert_fast_paths_equal_the_readable_rules(*position, rules)


@settings(max_examples=1500, deadline=None)
@given(positions(), st.sampled_from(BOTH))
def test_legal_plays_and_fast_mask_equal_the_readable_rules(
    position: tuple[list, list, Suit],  # type: ignore[type-arg]
    rules: Rules,
) -> None:
    _assert_fast_paths_equal_the_readable_rules(*position, rules)
