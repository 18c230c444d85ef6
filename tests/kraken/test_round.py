"""The round state machine: trump choice, challenges, roem from hand, play, errors."""

import pytest

from cardtable.cards import Card, Suit
from cardtable.errors import IllegalAction
from cardtable.kraken import Round, Rules, Seat, trick_roem
from cardtable.kraken.round import _trump_deck

from .helpers import snapshot

# one suit per hand: N clubs, E diamonds, S hearts, W spades
SUITED = [
    "7C 8C 9C TC JC QC KC AC",
    "7D 8D 9D TD JD QD KD AD",
    "7H 8H 9H TH JH QH KH AH",
    "7S 8S 9S TS JS QS KS AS",
]
DEALER = Seat.W  # so N is left of the dealer and leads


def make(**rules: object) -> Round:
    return Round.from_hands(Rules(**rules), SUITED, DEALER, seed=5)  # type: ignore[arg-type]


# --- dealing ---------------------------------------------------------------------------


def test_new_round_deals_eight_cards_each_and_is_reproducible() -> None:
    a = Round.new(Rules(), dealer=2, seed=42)
    b = Round.new(Rules(), dealer=2, seed=42)
    assert a.hands == b.hands
    assert all(len(h) == 8 for h in a.hands)
    assert len(set().union(*map(set, a.hands))) == 32
    assert Round.new(Rules(), dealer=2, seed=43).hands != a.hands


def test_deal_packets_go_clockwise_from_left_of_dealer() -> None:
    import random

    from cardtable.cards import iter_bits
    from cardtable.kraken.trick import DECK

    for packets in [(3, 2, 3), (4, 4), (2, 3, 3)]:
        r = Round.new(Rules(deal=packets), dealer=1, seed=9)
        deck = list(iter_bits(DECK.mask))
        random.Random(9).shuffle(deck)
        expected: dict[int, set[int]] = {s: set() for s in range(4)}
        position = 0
        for packet in packets:
            for seat in (2, 3, 0, 1):
                expected[seat] |= set(deck[position : position + packet])
                position += packet
        assert [{c.index for c in h} for h in r.hands] == [expected[s] for s in range(4)]


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (SUITED[:3], "expected four hands"),
        ([*SUITED[:3], "7S 8S 9S TS JS QS KS"], "has 7 cards"),
        ([*SUITED[:3], "7S 8S 9S TS JS QS KS 7C"], "dealt twice"),
        ([*SUITED[:3], "7S 8S 9S TS JS QS KS 6S"], "not a Kraken card"),
    ],
)
def test_bad_hands_are_refused(hands: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Round.from_hands(Rules(), hands, 0)


# --- trump choice ----------------------------------------------------------------------


def test_free_choice_starts_left_of_dealer_and_first_naming_declares() -> None:
    r = make(challenges=False)
    assert (r.phase, r.to_move) == ("trump", Seat.N)
    assert r.legal_actions() == ["trump C", "trump D", "trump H", "trump S", "pass"]
    r.apply("pass")
    r.apply("pass")
    r.apply("trump s")
    assert (r.trump, r.declarer, r.phase, r.to_move) == (Suit.SPADES, Seat.S, "play", Seat.N)


def test_free_choice_all_pass_forces_the_starter() -> None:
    r = make()
    for _ in range(4):
        r.apply("pass")
    assert r.to_move == Seat.N
    assert r.legal_actions() == ["trump C", "trump D", "trump H", "trump S"]
    with pytest.raises(IllegalAction, match="must name trump"):
        r.apply("pass")
    r.apply("trump D")
    assert (r.declarer, r.trump) == (Seat.N, Suit.DIAMONDS)


def test_free_dealer_starts_with_the_dealer() -> None:
    r = make(trump_choice="free_dealer")
    assert r.to_move == Seat.W
    for _ in range(4):
        r.apply("pass")
    assert r.to_move == Seat.W and "pass" not in r.legal_actions()


def test_utrecht_left_of_dealer_must_name() -> None:
    r = make(trump_choice="utrecht")
    assert r.to_move == Seat.N
    assert r.legal_actions() == ["trump C", "trump D", "trump H", "trump S"]
    r.apply("trump H")
    assert (r.declarer, r.trump) == (Seat.N, Suit.HEARTS)


def test_random_take_the_turned_suit() -> None:
    r = make(trump_choice="random")
    first = _trump_deck(5)[0]
    assert r.proposed == first and r.turned == (first,)
    assert r.legal_actions() == ["take", "pass"]
    with pytest.raises(IllegalAction, match="takes the turned suit"):
        r.apply("trump C")
    r.apply("pass")
    r.apply("take")
    assert (r.declarer, r.trump) == (Seat.E, first.suit)


def test_random_all_pass_second_card_turns_until_another_suit() -> None:
    for seed in range(40):
        r = Round.from_hands(Rules(trump_choice="random"), SUITED, DEALER, seed=seed)
        for _ in range(4):
            r.apply("pass")
        deck = _trump_deck(seed)
        first = deck[0].suit
        same = 1
        while deck[same].suit == first:
            same += 1
        assert r.turned == tuple(deck[: same + 1])
        assert r.trump == deck[same].suit != first
        assert r.declarer == Seat.N and r.phase == "challenge"
        assert len(r.actions) == 4  # the fallback is automatic, no action


def test_random_all_pass_call_other_excludes_the_first_suit() -> None:
    r = make(trump_choice="random", random_fallback="call_other")
    first = r.proposed
    assert first is not None
    for _ in range(4):
        r.apply("pass")
    assert r.to_move == Seat.N
    assert r.legal_actions() == [f"trump {s.letter}" for s in Suit if s != first.suit]
    with pytest.raises(IllegalAction, match="refused card"):
        r.apply(f"trump {first.suit.letter}")
    other = next(s for s in Suit if s != first.suit)
    r.apply(f"trump {other.letter}")
    assert (r.declarer, r.trump) == (Seat.N, other)


# --- challenges --------------------------------------------------------------------------


def declared_by_south(**rules: object) -> Round:
    r = make(**rules)
    r.apply("pass")
    r.apply("pass")
    r.apply("trump H")  # S declares; left of S is W, right of S is E
    return r


def test_challenge_order_and_multipliers_up_to_superkraken() -> None:
    r = declared_by_south()
    assert (r.phase, r.to_move, r.legal_actions()) == ("challenge", Seat.W, ["contra", "pass"])
    r.apply("pass")
    assert r.to_move == Seat.E
    r.apply("contra")
    assert (r.multiplier, r.to_move, r.legal_actions()) == (2, Seat.S, ["re", "pass"])
    r.apply("pass")
    assert r.to_move == Seat.N
    r.apply("re")
    assert (r.multiplier, r.to_move, r.legal_actions()) == (4, Seat.W, ["superkraken", "pass"])
    r.apply("pass")
    r.apply("superkraken")
    assert (r.multiplier, r.phase, r.to_move) == (8, "play", Seat.N)


def test_contra_by_left_of_declarer_skips_right() -> None:
    r = declared_by_south()
    r.apply("contra")
    assert r.to_move == Seat.S
    r.apply("re")
    assert r.to_move == Seat.W
    r.apply("pass")
    r.apply("pass")
    assert (r.multiplier, r.phase) == (4, "play")


def test_no_contra_means_multiplier_one() -> None:
    r = declared_by_south()
    r.apply("pass")
    r.apply("pass")
    assert (r.multiplier, r.phase) == (1, "play")


def test_challenge_out_of_order_is_refused_and_changes_nothing() -> None:
    r = declared_by_south()
    before = snapshot(r)
    with pytest.raises(IllegalAction, match="W may say contra or pass"):
        r.apply("re")
    with pytest.raises(IllegalAction, match="cards are played only after"):
        r.apply("7S")
    assert snapshot(r) == before


def test_without_challenges_play_starts_after_trump() -> None:
    r = declared_by_south(challenges=False)
    assert (r.phase, r.to_move) == ("play", Seat.N)


def test_double_spades_doubles_the_multiplier_when_spades_are_trump() -> None:
    r = make(double_spades=True)
    r.apply("trump S")
    r.apply("contra")
    assert r.multiplier == 4
    r = make(double_spades=True)
    r.apply("trump H")
    r.apply("contra")
    assert r.multiplier == 2


# --- roem from hand --------------------------------------------------------------------------


def test_hand_roem_declarations_in_turn_and_comparison() -> None:
    r = make(roem="hand", trump_choice="utrecht", challenges=False)
    r.apply("trump H")  # S holds the hearts run and stuk: 100 + 20
    assert (r.phase, r.to_move) == ("roem", Seat.N)
    r.apply("roem")  # N 100
    r.apply("roem")  # E 100
    r.apply("roem")  # S 120
    r.apply("pass")  # W
    assert r.declared_roem == {Seat.N: 100, Seat.E: 100, Seat.S: 120}
    assert r.phase == "play"
    assert r.observation(Seat.W).roem == (220, 0)


def test_hand_roem_players_without_roem_are_skipped() -> None:
    hands = [
        "7C 9C JC KC 7D 9D JD KD",
        "8C TC QC AC 8D TD QD AD",
        "7H 8H 9H JH KH 7S 9S JS",
        "TH QH AH 8S TS QS KS AS",
    ]
    # N and E hold no roem; S holds 7H 8H 9H (20); W holds QS KS AS (20) and stuk of spades
    r = Round.from_hands(Rules(roem="hand", challenges=False), hands, DEALER)
    r.apply("trump S")
    assert (r.phase, r.to_move) == ("roem", Seat.S)
    r.apply("roem")
    assert r.to_move == Seat.W
    r.apply("roem")  # W: run 20 + stuk 20 = 40, the highest: S's 20 is cancelled
    assert r.declared_roem == {Seat.S: 20, Seat.W: 40}
    assert r.observation(Seat.N).roem == (0, 40)


def test_team_with_the_lower_declaration_keeps_only_its_stuk() -> None:
    hands = [
        "7C 9C JC KC 7D 9D JD KD",
        "8C TC QC AC 8D TD QD AD",
        "QS KS 7H 8H 7S 9S AH KH",
        "9H TH JH QH 8S TS JS AS",
    ]
    # S holds stuk of spades only (20); W holds 9H TH JH QH (50)
    r = Round.from_hands(Rules(roem="hand", challenges=False), hands, DEALER)
    r.apply("trump S")
    assert r.to_move == Seat.S
    r.apply("roem")
    r.apply("roem")
    assert r.declared_roem == {Seat.S: 20, Seat.W: 50}
    assert r.phase == "play" and r.observation(Seat.E).roem == (20, 50)


def test_no_roem_phase_when_nobody_holds_roem() -> None:
    hands = [
        "7C 9C JC KC 7D 9D JD KD",
        "8C TC QC AC 8D TD QD AD",
        "7H 9H JH KH 7S 9S JS KS",
        "8H TH QH AH 8S TS QS AS",
    ]
    r = Round.from_hands(Rules(roem="hand", challenges=False), hands, DEALER)
    r.apply("trump C")
    assert r.phase == "play"


# --- play ---------------------------------------------------------------------------------------


def play_first_legal(r: Round) -> None:
    while not r.is_over:
        r.apply(r.legal_actions()[0])


def test_mars_round_with_trick_roem() -> None:
    r = make(trump_choice="utrecht", challenges=False)
    r.apply("trump H")
    play_first_legal(r)
    result = r.result()
    assert len(r.tricks) == 8 and all(t.taker % 2 == 0 for t in r.tricks)
    roem = sum(trick_roem(t.cards, Suit.HEARTS) for t in r.tricks)
    assert result.card_points == (162, 0)
    assert result.roem == (roem, 0)
    assert result.mars == 0 and not result.nat
    assert result.points == (162 + roem + 100, 0)


def test_follow_suit_is_enforced_and_the_message_names_the_rule() -> None:
    r = Round.from_hands(
        Rules(challenges=False),
        [
            "7C 8C 9H TC JC QC KC AC",
            "7D 8D 9D TD JD QD KD 9C",
            "7H 8H AD TH JH QH KH AH",
            "7S 8S 9S TS JS QS KS AS",
        ],
        DEALER,
    )
    r.apply("trump S")
    r.apply("7C")  # N leads a club; E holds 9C
    before = snapshot(r)
    refusals = {
        "KD": "E may not play KD: must follow suit: you hold clubs (9C); legal now: 9C",
        "7H": "E may not play 7H: you do not hold 7H; legal now: 9C",
        "banana": "unknown action 'banana': expected a card such as 'JH' or '10H', "
        "'trump C', 'trump D', 'trump H', 'trump S', 'pass', 'take', 'contra', 're', "
        "'superkraken' or 'roem'",
        "contra": "'contra' is not possible in the play phase: E plays a card; legal now: 9C",
    }
    for action, message in refusals.items():
        with pytest.raises(IllegalAction) as raised:
            r.apply(action)
        assert str(raised.value) == message
    assert snapshot(r) == before
    assert r.legal_actions() == ["9C"]
    r.apply("9c")
    assert r.actions[-1] == (Seat.E, "9C")


def test_last_trick_counts_ten_and_result_is_refused_before_the_end() -> None:
    r = make(trump_choice="utrecht", challenges=False)
    r.apply("trump C")
    with pytest.raises(ValueError, match="not over"):
        r.result()
    play_first_legal(r)
    assert (
        r.tricks[-1].points
        == sum(
            {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}.get(str(c)[0], 0)
            if c.suit == Suit.CLUBS
            else {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}.get(str(c)[0], 0)
            for c in r.tricks[-1].cards
        )
        + 10
    )
    with pytest.raises(IllegalAction, match="round is over"):
        r.apply("pass")
    assert r.to_move is None and r.legal_actions() == []


def test_observation_shows_own_hand_and_public_facts_only() -> None:
    r = make(challenges=False)
    r.apply("trump H")
    r.apply("7C")
    obs = r.observation(Seat.S)
    assert obs.hand == tuple(r.hands[Seat.S])
    assert obs.legal_actions == []
    assert obs.trick == ((Seat.N, Card.parse("7C")),)
    assert obs.trump == Suit.HEARTS and obs.declarer == Seat.N
    assert r.observation(Seat.E).legal_actions == r.legal_actions()
    data = obs.to_dict()
    assert data["hand"] == [str(c) for c in r.hands[Seat.S]]
    assert data["actions"] == [[0, "trump H"], [0, "7C"]]


def test_copy_is_independent() -> None:
    r = make(challenges=False)
    r.apply("trump H")
    clone = r.copy()
    clone.apply(clone.legal_actions()[0])
    assert len(r.actions) == 1 and len(clone.actions) == 2
    assert r.hands != clone.hands
