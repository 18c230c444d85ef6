"""Rounds: dealing, turn order, the scoring trick(s), actions, observations, records."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.cards import Card, CardSet, parse_cards
from cardtable.errors import IllegalAction, RecordError
from cardtable.game import GameState, Observation
from cardtable.gurka import Round, Rules, deal_masks

THREE = Rules(players=3)


def play(rnd: Round, actions: str) -> None:
    for action in actions.split():
        rnd.apply(action)


def snapshot(rnd: Round) -> tuple[object, ...]:
    return (
        json.dumps(rnd.to_record()),
        rnd.to_move,
        rnd.legal_actions(),
        rnd.trick,
        rnd.tricks,
        rnd.penalties,
        {seat: str(hand) for seat, hand in rnd.hands.items()},
    )


# -- dealing --------------------------------------------------------------------------------


def test_new_deals_six_cards_to_each_player_in_and_sets_the_rest_aside() -> None:
    rnd = Round.new(Rules(players=8), range(8), dealer=3, seed=11)
    hands = rnd.hands
    assert set(hands) == set(range(8))
    assert all(len(hand) == 6 for hand in hands.values())
    union = CardSet()
    for hand in hands.values():
        assert not (union & hand)
        union = union | hand
    assert len(union) == 48
    assert rnd.tricks_total == 6


def test_new_deals_only_players_still_in() -> None:
    rnd = Round.new(Rules(players=6), [1, 4, 5], dealer=4, seed=2)
    assert rnd.seats == (1, 4, 5)
    assert set(rnd.hands) == {1, 4, 5}
    assert rnd.to_move == 5  # left of the dealer, among the players still in
    assert rnd.observation(0).hand == ()


def test_deal_is_determined_by_the_seed() -> None:
    a = Round.new(THREE, [0, 1, 2], 0, seed=5)
    b = Round.new(THREE, [0, 1, 2], 0, seed=5)
    c = Round.new(THREE, [0, 1, 2], 0, seed=6)
    assert a.hands == b.hands
    assert a.hands != c.hands
    assert deal_masks([0, 1, 2], 0, 5) == {s: h.mask for s, h in a.hands.items()}


def test_left_of_the_dealer_leads_wrapping_around() -> None:
    assert Round.new(THREE, [0, 1, 2], dealer=2, seed=1).to_move == 0
    assert Round.new(THREE, [0, 1, 2], dealer=0, seed=1).to_move == 1
    assert Round.new(Rules(players=5), [0, 2], dealer=3, seed=1).to_move == 0


@pytest.mark.parametrize(
    ("hands", "dealer", "message"),
    [
        ({0: "2C 3C", 1: "4C"}, 0, "same number"),
        ({0: "2C", 1: "2C"}, 0, "twice"),
        ({0: "2C 2C", 1: "3C 4C"}, 0, "twice"),
        ({0: "2C"}, 0, "at least 2"),
        ({0: "2C", 3: "3C"}, 0, "seat 3"),
        ({0: "2C", 1: "3C"}, 5, "dealer"),
        ({0: "2C 3C 4C 5C 6C 7C 8C", 1: "2D 3D 4D 5D 6D 7D 8D"}, 0, "1 to 6"),
    ],
)
def test_from_hands_rejects_bad_deals(hands: dict[int, str], dealer: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Round.from_hands(THREE, hands, dealer)


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ({0: "2C", 1: "3C", 2: "2C"}, "hands: card dealt twice (seat 2)"),
        ({0: "2C 2C", 1: "3C 4C"}, "hands: card dealt twice (seat 0)"),
        (
            {0: "2C 3C", 1: "4C", 2: "5C"},
            "hands: every seat must hold the same number of cards, 1 to 6 "
            "(got seat 0: 2, seat 1: 1, seat 2: 1)",
        ),
    ],
)
def test_from_hands_refusals_in_full(hands: dict[int, str], message: str) -> None:
    with pytest.raises(ValueError) as error:
        Round.from_hands(THREE, hands)
    assert str(error.value) == message


def test_dealer_0_and_seed_0_unless_given() -> None:
    dealt = Round.new(THREE)
    assert (dealt.dealer, dealt.seed, dealt.to_move) == (0, 0, 1)
    assert {s: h.mask for s, h in dealt.hands.items()} == deal_masks([0, 1, 2], 0, 0)
    given = Round.from_hands(THREE, {0: "2C", 1: "3C", 2: "4C"})
    assert (given.dealer, given.to_move) == (0, 1)


def test_from_hands_accepts_text_cards_and_card_sets() -> None:
    hands = {0: parse_cards("9D 2C"), 1: CardSet.parse("5C 3C"), 2: ["KH", "7h"]}
    rnd = Round.from_hands(THREE, hands, dealer=2)
    assert rnd.hands[2] == CardSet.parse("KH 7H")
    assert rnd.initial_hands[0] == CardSet.parse("2C 9D")
    assert rnd.seed is None and rnd.dealer == 2 and rnd.rules == THREE


def test_new_rejects_bad_players() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        Round.new(THREE, [1], 0, 0)
    with pytest.raises(ValueError, match="twice"):
        Round.new(THREE, [1, 1, 2], 0, 0)
    with pytest.raises(ValueError, match="seat"):
        Round.new(THREE, [0, 3], 0, 0)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Round.new(THREE, dealer=3), "invalid dealer 3: allowed 0 to 2"),
        (lambda: Round.new(THREE, dealer=-1), "invalid dealer -1: allowed 0 to 2"),
        (lambda: Round.new(THREE, dealer=True), "invalid dealer True: allowed 0 to 2"),
        (lambda: Round.new(THREE, dealer="1"), "invalid dealer '1': allowed 0 to 2"),
        (
            lambda: Round.from_hands(THREE, {0: "2C", 1: "3C"}, 3),
            "invalid dealer 3: allowed 0 to 2",
        ),
        (lambda: Round.new(THREE, ["0", 1]), "invalid seat '0': allowed 0 to 2"),
        (lambda: Round.new(THREE, [0, True]), "invalid seat True: allowed 0 to 2"),
        (lambda: Round.new(THREE).observation(3), "invalid seat 3: allowed 0 to 2"),
        (lambda: Round.new(THREE, seed="7"), "invalid seed '7': expected an int"),
        (lambda: Round.new(THREE, seed=False), "invalid seed False: expected an int"),
    ],
)
def test_bad_seats_dealers_and_seeds_are_refused_in_full(build: Any, message: str) -> None:
    """A dealer or seat is an int from 0 to players - 1 (not a bool, not text), a seed
    an int: each refusal names what was given and what is allowed."""
    with pytest.raises(ValueError) as error:
        build()
    assert str(error.value) == message


def test_round_cannot_be_built_directly() -> None:
    with pytest.raises(TypeError) as error:
        Round()
    assert str(error.value) == "create a Round with Round.new(...) or Round.from_hands(...)"


# -- play -----------------------------------------------------------------------------------


def test_worked_round_winner_leads_and_only_the_last_trick_scores() -> None:
    rnd = Round.from_hands(THREE, {0: "2C 9D KH", 1: "5H TS AS", 2: "3D 7C QC"}, dealer=2)
    assert rnd.phase == "play" and rnd.to_move == 0
    play(rnd, "KH")  # 0 leads the king
    assert rnd.legal_actions() == ["5H", "AS"]  # beat it or play the lowest
    play(rnd, "AS 3D")  # 1 takes with the ace, 2 plays lowest
    assert rnd.tricks[0].taker == 1 and rnd.to_move == 1
    assert rnd.penalties == (0, 0, 0)  # only the last trick scores
    play(rnd, "5H 7C 9D")  # 0's nine takes
    assert rnd.to_move == 0
    play(rnd, "2C TS QC")  # last trick: queen (seat 2) scores 12
    assert rnd.phase == "done" and rnd.is_over and rnd.to_move is None
    assert rnd.result() == (0, 0, 12)
    assert rnd.legal_actions() == []


def test_tie_in_a_trick_goes_to_the_card_played_last() -> None:
    rnd = Round.from_hands(THREE, {0: "9C 2H", 1: "9D 3H", 2: "4S 5H"}, dealer=2)
    play(rnd, "9C 9D 4S")
    assert rnd.tricks[0].taker == 1
    assert rnd.to_move == 1


def test_tie_in_the_last_trick_every_player_of_the_highest_rank_scores() -> None:
    rnd = Round.from_hands(Rules(players=4), {0: "QC", 1: "QD", 2: "5S", 3: "QH"}, dealer=3)
    play(rnd, "QC QD 5S QH")
    assert rnd.result() == (12, 12, 0, 12)
    assert rnd.tricks[0].taker == 3
    assert rnd.tricks[0].scorers == (0, 1, 3)


def test_penalty_tricks_every_scores_each_trick() -> None:
    hands = {0: "2C 9D KH", 1: "5H TS AS", 2: "3D 7C QC"}
    rules = Rules(players=3, penalty_tricks="every")
    rnd = Round.from_hands(rules, hands, dealer=2)
    play(rnd, "KH AS 3D")
    assert rnd.penalties == (0, 14, 0)
    play(rnd, "5H 7C 9D 2C TS QC")
    assert rnd.result() == (9, 14, 12)


def test_one_card_hands_are_forced_and_still_actions() -> None:
    rnd = Round.from_hands(THREE, {0: "AS", 1: "2C", 2: "KD"}, dealer=0)
    assert rnd.legal_actions() == ["2C"]
    play(rnd, "2C KD AS")
    assert rnd.result() == (14, 0, 0)


def test_last_trick_scorer_out_of_several_ranks() -> None:
    rnd = Round.from_hands(Rules(players=4), {0: "7C", 1: "8D", 2: "2S", 3: "3H"}, dealer=0)
    play(rnd, "8D 2S 3H 7C")
    assert rnd.result() == (0, 8, 0, 0)


def test_lead_lowest_in_a_round() -> None:
    rnd = Round.from_hands(
        Rules(players=3, lead_lowest=True), {0: "4C 9D", 1: "2C 8D", 2: "3C TD"}, 2
    )
    assert rnd.legal_actions() == ["4C"]


def test_actions_are_case_insensitive_and_accept_10() -> None:
    rnd = Round.from_hands(THREE, {0: "TS 2C", 1: "JS 3C", 2: "QS 4C"}, dealer=2)
    rnd.apply("10s")
    rnd.apply(" js ")
    assert rnd.actions == ["TS", "JS"]
    assert str(rnd.trick[0][1]) == "TS"


def test_legal_actions_are_canonical_and_sorted_by_rank() -> None:
    rnd = Round.from_hands(
        THREE,
        {0: "AC KS 2S 2D TH 5C", 1: "3C 3D 3H 3S 4C 4D", 2: "5D 5H 5S 6C 6D 6H"},
        dealer=2,
    )
    assert rnd.legal_actions() == ["2D", "2S", "5C", "TH", "KS", "AC"]


@pytest.mark.parametrize(
    ("action", "message", "code", "facts"),
    [
        (
            "ZZ",
            "'ZZ' is not a card: play a card such as 'QS' or '10S'",
            "unknown_action",
            {"text": "ZZ"},
        ),
        (
            "",
            "'' is not a card: play a card such as 'QS' or '10S'",
            "unknown_action",
            {"text": ""},
        ),
        (
            "buyback",
            "no buy-back decision now: seat 1 must play a card (legal: 3C)",
            "play_a_card",
            {"seat": 1, "action": "buyback", "legal": ["3C"]},
        ),
        (
            " Pass ",
            "no buy-back decision now: seat 1 must play a card (legal: 3C)",
            "play_a_card",
            {"seat": 1, "action": "pass", "legal": ["3C"]},
        ),
        (
            "AS",
            "seat 1 cannot play AS: you do not hold AS: your hand is 3C 5C (legal: 3C)",
            "not_held",
            {"seat": 1, "action": "AS", "legal": ["3C"], "card": "AS", "cards": ["3C", "5C"]},
        ),
        (
            "5C",
            "seat 1 cannot play 5C: 5C is too low: play a card of rank 9 or higher (the "
            "highest card in the trick is 9) or your lowest card (3) (legal: 3C)",
            "too_low",
            {
                "seat": 1,
                "action": "5C",
                "legal": ["3C"],
                "card": "5C",
                "lowest": "3",
                "rank": "9",
                "previous": False,
            },
        ),
    ],
)
def test_illegal_actions_raise_with_the_rule_and_change_nothing(
    action: str, message: str, code: str, facts: dict[str, object]
) -> None:
    rnd = Round.from_hands(THREE, {0: "9D 2C", 1: "5C 3C", 2: "KH 7H"}, dealer=2)
    rnd.apply("9D")
    before = snapshot(rnd)
    with pytest.raises(IllegalAction) as raised:
        rnd.apply(action)
    assert str(raised.value) == message
    assert (raised.value.code, dict(raised.value.params)) == (code, facts)
    assert snapshot(rnd) == before
    assert not rnd.can_apply(action) and rnd.can_apply("3C")
    with pytest.raises(IllegalAction) as raised:
        rnd.verify(action)
    assert str(raised.value) == message
    rnd.verify("3C")
    assert snapshot(rnd) == before


def test_non_text_action_is_illegal() -> None:
    rnd = Round.from_hands(THREE, {0: "9D", 1: "5C", 2: "KH"}, dealer=2)
    with pytest.raises(IllegalAction) as raised:
        rnd.apply(Card.parse("9D"))  # type: ignore[arg-type]
    assert str(raised.value) == "an action is text, not Card.parse('9D')"


def test_no_action_after_the_round() -> None:
    rnd = Round.from_hands(THREE, {0: "9D", 1: "5C", 2: "KH"}, dealer=2)
    play(rnd, "9D 5C KH")
    with pytest.raises(IllegalAction, match="round is over"):
        rnd.apply("9D")
    with pytest.raises(IllegalAction) as raised:
        rnd.verify("KH")
    assert str(raised.value) == "the round is over: no more cards can be played"
    assert raised.value.code == "round_over"


def test_result_before_the_end_raises() -> None:
    rnd = Round.from_hands(THREE, {0: "9D", 1: "5C", 2: "KH"}, dealer=2)
    with pytest.raises(ValueError, match="not over"):
        rnd.result()


def test_result_before_the_end_names_the_trick_in_play() -> None:
    rnd = Round.from_hands(THREE, {0: "9D 2C", 1: "5C 3C", 2: "KH 7H"}, dealer=2)
    with pytest.raises(ValueError) as error:
        rnd.result()
    assert str(error.value) == "the round is not over: trick 1 is in play"
    play(rnd, "9D 3C KH")
    with pytest.raises(ValueError) as error:
        rnd.result()
    assert str(error.value) == "the round is not over: trick 2 is in play"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (
            "AS",
            "seat 3 cannot play AS: you do not hold AS: your hand is 3H 7H JC (legal: 3H, 7H, JC)",
        ),
        ("pass", "no buy-back decision now: seat 3 must play a card (legal: 3H, 7H, JC)"),
    ],
)
def test_a_refusal_lists_every_legal_card(action: str, message: str) -> None:
    with pytest.raises(IllegalAction) as raised:
        redeal_position().apply(action)
    assert str(raised.value) == message


def test_copy_is_independent() -> None:
    rnd = Round.new(THREE, [0, 1, 2], 0, seed=3)
    twin = rnd.copy()
    twin.apply(twin.legal_actions()[0])
    assert rnd.actions == [] and len(twin.actions) == 1
    assert rnd.to_record() != twin.to_record()


# -- protocol, observation ----------------------------------------------------------------


def test_round_satisfies_the_common_interface() -> None:
    rnd = Round.new(THREE, None, 0, seed=1)
    assert isinstance(rnd, GameState)
    assert rnd.players == 3 and not rnd.is_over
    assert isinstance(rnd.observation(0), Observation)


def test_observation_holds_own_hand_and_public_play_only() -> None:
    rnd = Round.from_hands(THREE, {0: "9D 2C", 1: "5C 3C", 2: "KH 7H"}, dealer=2)
    rnd.apply("9D")
    view = rnd.observation(1)
    assert view.seat == 1 and view.to_move == 1
    assert view.legal_actions == ["3C"]
    assert [str(c) for c in view.hand] == ["3C", "5C"]
    assert view.trick == ((0, Card.parse("9D")),)
    assert view.hand_sizes == (1, 2, 2)
    data = view.to_dict()
    text = json.dumps(data)
    for hidden in ("2C", "KH", "7H"):
        assert f'"{hidden}"' not in text
    assert data["trick"] == [[0, "9D"]]
    assert rnd.observation(0).legal_actions == []
    with pytest.raises(ValueError, match="seat"):
        rnd.observation(3)


# -- records --------------------------------------------------------------------------------


def test_round_record_round_trips_mid_round_and_at_the_end() -> None:
    rnd = Round.new(Rules(players=5, must_head=True), [0, 1, 3, 4], dealer=1, seed=42)
    for _ in range(7):
        rnd.apply(rnd.legal_actions()[-1])
    record = json.loads(json.dumps(rnd.to_record()))
    again = Round.from_record(record)
    assert again.to_record() == rnd.to_record()
    assert again.to_move == rnd.to_move and again.hands == rnd.hands
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[0])
    again = Round.from_record(json.loads(json.dumps(rnd.to_record())))
    assert again.result() == rnd.result()
    assert again.tricks == rnd.tricks


def test_corrupt_round_record_names_the_bad_action() -> None:
    rnd = Round.from_hands(THREE, {0: "9D 2C", 1: "5C 3C", 2: "KH 7H"}, dealer=2)
    record = rnd.to_record()
    record["actions"] = ["9D", "5C"]
    with pytest.raises(RecordError, match=r"action 2 '5C'.*too low"):
        Round.from_record(record)
    record["actions"] = ["9D", 7]
    with pytest.raises(RecordError, match="action 2 7"):
        Round.from_record(record)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "kraken"}, "not a Gurka record"),
        ({"type": "game"}, "not a round record"),
        ({"version": 99}, "version"),
        ({"rules": {"players": 2}}, "rules"),
        ({"hands": {"0": "2C", "1": "2C"}}, "hands"),
        ({"hands": "2C 3C"}, "hands"),
        ({"actions": "9D"}, "actions"),
        ({"seed": 5}, "seed"),
    ],
)
def test_corrupt_round_record_headers(change: dict[str, object], message: str) -> None:
    record = Round.from_hands(THREE, {0: "9D", 1: "5C", 2: "KH"}, dealer=2).to_record()
    record.update(change)
    with pytest.raises(RecordError, match=message):
        Round.from_record(record)


def test_missing_record_entry() -> None:
    record = Round.new(THREE, None, 0, 1).to_record()
    del record["hands"]
    with pytest.raises(RecordError, match="'hands'"):
        Round.from_record(record)
    with pytest.raises(RecordError):
        Round.from_record([])  # type: ignore[arg-type]


# -- redeal: the same public round with other hidden cards ----------------------------------

FOUR = Rules(players=4)


def redeal_position() -> Round:
    """Seats 0, 1 and 3 of four in: one trick played (2C 3D 2D, seat 1 takes it) and
    seat 1 has led 5C to the second; seat 3 is to move. 2C, the card of index 0,
    is among the cards played."""
    rnd = Round.from_hands(FOUR, {0: "2C 9D QS AH", 1: "5C KS 6H 3D", 3: "7H 3H 2D JC"}, dealer=3)
    play(rnd, "2C 3D 2D 5C")
    return rnd


def test_redeal_changes_only_the_hidden_hands_and_keeps_the_public_round() -> None:
    rnd = redeal_position()
    before = snapshot(rnd)
    other = rnd.redeal({0: "9D QS AH", 1: "AS 4H", 3: "KD 8C 6S"})
    # the observer (seat 0) keeps its hand and sees the very same round
    assert other.observation(0) == rnd.observation(0)
    assert other.observation(0).leader == rnd.observation(0).leader == 1
    assert other.hands == {
        0: CardSet.parse("9D QS AH"),
        1: CardSet.parse("AS 4H"),
        3: CardSet.parse("KD 8C 6S"),
    }
    # each seat was dealt the cards it has played and the ones it holds now
    assert other.initial_hands == {
        0: CardSet.parse("2C 9D QS AH"),
        1: CardSet.parse("3D 5C AS 4H"),
        3: CardSet.parse("2D KD 8C 6S"),
    }
    assert other.tricks == rnd.tricks and other.trick == [(1, Card.parse("5C"))]
    assert (other.to_move, other.leader, other.phase) == (3, 1, "play")
    assert other.actions == ["2C", "3D", "2D", "5C"]
    assert other.penalties == (0, 0, 0, 0) and other.tricks_total == 4
    assert (other.rules, other.dealer, other.seats) == (FOUR, 3, (0, 1, 3))
    # the card counts per seat stay, and the seat out of the round holds nothing
    assert other.observation(2).hand_sizes == (3, 2, 0, 3)
    assert other.observation(2).hand == ()
    assert [str(c) for c in other.observation(1).hand] == ["4H", "AS"]
    assert other.legal_actions() == ["6S", "8C", "KD"]
    assert rnd.legal_actions() == ["3H", "7H", "JC"]
    assert snapshot(rnd) == before  # the round redealt is unchanged


def test_a_redealt_round_records_its_deal_and_replays() -> None:
    other = redeal_position().redeal({0: "9D QS AH", 1: "AS 4H", 3: "KD 8C 6S"})
    record = other.to_record()
    assert record == {
        "game": "gurka",
        "type": "round",
        "version": 1,
        "rules": FOUR.to_dict(),
        "dealer": 3,
        "seed": None,
        "hands": {"0": "2C 9D QS AH", "1": "3D 4H 5C AS", "3": "2D 6S 8C KD"},
        "actions": ["2C", "3D", "2D", "5C"],
    }
    assert snapshot(Round.from_record(record)) == snapshot(other)
    play(other, "8C AH 9D 4H KD 6S QS AS")  # AH takes, then KD; AS scores the last trick
    assert other.is_over and other.result() == (0, 14, 0, 0)
    assert [trick.taker for trick in other.tricks] == [1, 0, 3, 1]


def test_redeal_after_two_tricks_keeps_every_card_each_seat_has_played() -> None:
    rnd = redeal_position()
    play(rnd, "7H AH 9D")  # seat 0 takes the second trick with AH and leads 9D
    other = rnd.redeal({0: "QS", 1: "2S 2H", 3: "KC KH"})
    assert other.initial_hands == {
        0: CardSet.parse("2C AH 9D QS"),
        1: CardSet.parse("3D 5C 2S 2H"),
        3: CardSet.parse("2D 7H KC KH"),
    }
    assert other.observation(0) == rnd.observation(0)
    for card in ("2C", "AH", "9D", "3D", "5C", "2D", "7H"):
        with pytest.raises(ValueError) as error:
            rnd.redeal({0: "QS", 1: "2S 2H", 3: f"KC {card}"})
        assert str(error.value) == "hands: seat 3 gets a card already played", card


def test_round_repr_names_seats_dealer_phase_and_trick() -> None:
    rnd = redeal_position()
    assert repr(rnd) == "<gurka.Round seats=[0, 1, 3] dealer=3 phase=play trick=2/4>"
    play(rnd, "7H AH 9D 6H 3H QS KS JC")
    assert repr(rnd) == "<gurka.Round seats=[0, 1, 3] dealer=3 phase=done trick=4/4>"


def test_redeal_of_a_dealt_round_has_no_seed() -> None:
    rnd = Round.new(THREE, None, 0, seed=5)
    assert rnd.seed == 5
    other = rnd.redeal(rnd.hands)
    assert other.seed is None and other.to_record()["seed"] is None
    assert other.hands == rnd.hands and other.initial_hands == rnd.initial_hands
    assert rnd.seed == 5


def test_redeal_is_determined_by_the_hands_and_independent_of_the_original() -> None:
    rnd = redeal_position()
    hands = {0: "9D QS AH", 1: "AS 4H", 3: "KD 8C 6S"}
    first, second = rnd.redeal(hands), rnd.redeal(hands)
    assert snapshot(first) == snapshot(second)
    play(first, "6S")
    assert rnd.actions == second.actions == ["2C", "3D", "2D", "5C"]
    assert rnd.hands[3] == CardSet.parse("7H 3H JC") and second.hands[3] == CardSet.parse(
        "KD 8C 6S"
    )


def test_redeal_takes_text_card_lists_and_card_sets_alike() -> None:
    rnd = redeal_position()
    as_text = rnd.redeal({0: "9D QS AH", 1: "AS 4H", 3: "KD 8C 6S"})
    as_cards = rnd.redeal(
        {0: parse_cards("9D QS AH"), 1: CardSet.parse("AS 4H"), 3: iter(parse_cards("KD 8C 6S"))}
    )
    assert snapshot(as_cards) == snapshot(as_text)


def test_redeal_may_give_the_set_aside_cards_and_the_card_of_index_0() -> None:
    rnd = Round.from_hands(THREE, {0: "9D 4C", 1: "5H KS", 2: "7C 7D"}, dealer=2)
    play(rnd, "9D")
    other = rnd.redeal({0: "4C", 1: "2C AS", 2: "7C 7D"})
    assert other.hands[1] == CardSet.parse("2C AS")
    assert other.initial_hands == {
        0: CardSet.parse("9D 4C"),
        1: CardSet.parse("2C AS"),
        2: CardSet.parse("7C 7D"),
    }


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ({0: "9D QS AH", 1: "AS 4H"}, "hands: expected seats [0, 1, 3], got [0, 1]"),
        (
            {0: "9D QS AH", 1: "AS 4H", 2: "", 3: "KD 8C 6S"},
            "hands: expected seats [0, 1, 3], got [0, 1, 2, 3]",
        ),
        ({0: "9D QS AH", 1: "AS 4H", 3: "AS 8C 6S"}, "hands: card dealt twice (seat 3)"),
        ({0: "9D QS AH", 1: "AS 4H", 3: "AH 8C 6S"}, "hands: card dealt twice (seat 3)"),
        (
            {0: "9D QS AH", 1: parse_cards("AS AS"), 3: "KD 8C 6S"},
            "hands: card dealt twice (seat 1)",
        ),
        ({0: "9D QS AH", 1: "AS 4H", 3: "KD 8C 2C"}, "hands: seat 3 gets a card already played"),
        ({0: "9D QS 3D", 1: "AS 4H", 3: "KD 8C 6S"}, "hands: seat 0 gets a card already played"),
        ({0: "9D QS AH", 1: "AS 4H", 3: "KD 8C 2D"}, "hands: seat 3 gets a card already played"),
        ({0: "9D QS 5C", 1: "AS 4H", 3: "KD 8C 6S"}, "hands: seat 0 gets a card already played"),
        ({0: "9D QS AH", 1: "AS 5C", 3: "KD 8C 6S"}, "hands: seat 1 gets a card already played"),
        ({0: "9D QS AH", 1: "AS 4H 4D", 3: "KD 8C 6S"}, "hands: seat 1 holds 2 cards, not 3"),
        ({0: "9D QS", 1: "AS 4H", 3: "KD 8C 6S"}, "hands: seat 0 holds 3 cards, not 2"),
    ],
)
def test_redeal_refuses_hands_that_do_not_fit_the_public_round(
    hands: dict[int, object], message: str
) -> None:
    rnd = redeal_position()
    before = snapshot(rnd)
    with pytest.raises(ValueError) as error:
        rnd.redeal(hands)  # type: ignore[arg-type]
    assert str(error.value) == message
    assert snapshot(rnd) == before


def test_a_round_record_without_rules_is_read_with_the_default_rules() -> None:
    record = Round.from_hands(Rules(), {0: "2C", 1: "3C"}, dealer=1).to_record()
    del record["rules"]
    rnd = Round.from_record(record)
    assert rnd.rules == Rules() and rnd.hands == {0: CardSet.parse("2C"), 1: CardSet.parse("3C")}


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([], "a round record must be a JSON object"),
        ("round", "a round record must be a JSON object"),
        ({"hands": "2C 3C"}, "round record: 'hands' must map seats to cards"),
        ({"hands": ["2C", "3C"]}, "round record: 'hands' must map seats to cards"),
    ],
)
def test_round_record_shape_refusals_in_full(record: object, message: str) -> None:
    if isinstance(record, dict):
        full = Round.from_hands(THREE, {0: "9D", 1: "5C", 2: "KH"}, dealer=2).to_record()
        record = {**full, **record}
    with pytest.raises(RecordError) as error:
        Round.from_record(record)  # type: ignore[arg-type]
    assert str(error.value) == message
