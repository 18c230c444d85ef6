"""Refusals carry the rule's code and facts beside the English text, so that an
interface can say them in its own language and card notation."""

from __future__ import annotations

import pickle

import pytest

from cardtable.errors import IllegalAction
from cardtable.gurka import Round as GurkaRound
from cardtable.gurka import Rules as GurkaRules
from cardtable.kraken import Rules
from cardtable.kraken.round import Round


def refusal(state: object, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)  # type: ignore[attr-defined]
    return caught.value


def test_a_follow_suit_refusal_lists_the_cards_to_follow_with() -> None:
    hands = [
        "AD 7D 8C 9C KC QC JC TC",
        "7H 8H 9H TH JH QH KD AH",
        "7S 8S 9S TS JS QS KS AS",
        "8D 9D TD JD QD KH AC 7C",
    ]
    rnd = Round.from_hands(Rules(trump_choice="utrecht"), hands, dealer=3)
    rnd.apply("trump S")
    while rnd.phase != "play":
        rnd.apply("pass")  # no challenges
    rnd.apply("AD")
    error = refusal(rnd, "AH")
    assert (error.code, error.params["suit"], error.params["cards"]) == ("follow_suit", "D", ["KD"])
    assert error.params["seat"] == 1 and error.params["card"] == "AH"
    assert "KD" in error.params["legal"]
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.code, dict(again.params)) == (
        str(error),
        error.code,
        dict(error.params),
    )
    assert refusal(rnd, "contra").code == "play_a_card"
    assert refusal(rnd, "XX").code == "unknown_action"


def test_gurka_refusals_name_the_rule_and_its_facts() -> None:
    rnd = GurkaRound.from_hands(
        GurkaRules(players=3), {0: "9D 2C", 1: "5C 3C", 2: "KH 7H"}, dealer=2
    )
    rnd.apply("9D")
    error = refusal(rnd, "5C")
    assert error.code == "too_low"
    assert (error.params["rank"], error.params["lowest"], error.params["seat"]) == ("9", "3", 1)
    assert refusal(rnd, "AS").code == "not_held"
