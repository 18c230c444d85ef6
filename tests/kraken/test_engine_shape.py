"""The engine shape Kraken shares with Gurka: ``apply`` returns the canonical action,
``can_apply`` and ``verify`` make the check ``apply`` makes and agree with
``legal_actions``, tricks have ``leader``/``cards``/``plays``/``taker``, and records
carry a version checked the same way as Gurka's."""

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS
from cardtable.errors import IllegalAction, RecordError
from cardtable.kraken import Game, Round, Rules, Seat
from cardtable.kraken.actions import KEYWORDS, parse_action
from cardtable.kraken.trick import DECK

from .helpers import ALL_RULES, BAD_VERSIONS, play_up_to, snapshot

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EVERY_ACTION = (
    sorted(KEYWORDS) + [f"trump {s}" for s in "CDHS"] + [str(c) for c in CARDS if DECK.mask & c.bit]
)
JUNK = ["", " ", "trump", "trump X", "7C 8C", "1H", "AX", "2C", "pass pass", "10", "contra!"]
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def spellings(action: str) -> list[str]:
    """Other accepted spellings of a canonical action: case, spaces, 10 for T, suit names."""
    out = [action.lower(), action.upper(), f"  {action} "]
    if action.startswith("trump "):
        out.append(f"TRUMP {SUITS[action[-1]]}")
    elif action[0] == "T" and len(action) == 2:
        out += ["10" + action[1], "10" + action[1].lower()]
    return out


def candidates(legal: list[str]) -> list[str]:
    """Legal actions in every spelling, every other action, and text that is no action."""
    return [*legal, *(s for a in legal for s in spellings(a)), *EVERY_ACTION, *JUNK]


def game_state(game: Game) -> str:
    """Everything observable about a game, as text, to prove nothing changed."""
    views = [game.observation(seat).to_dict() for seat in Seat]
    current = snapshot(game.current)
    return json.dumps(
        [game.to_record(), views, game.legal_actions(), game.to_move, repr(current)],
        default=str,
    )


def check_agreement(state: Round | Game, clone: Any) -> None:
    """``can_apply``, ``verify`` and ``apply`` (on a fresh clone) agree with each other
    and with ``legal_actions`` for every candidate action."""
    legal = state.legal_actions()
    accepted = set()
    refused = clone()
    for action in candidates(legal):
        ok = state.can_apply(action)
        if ok:
            state.verify(action)
            canonical = clone().apply(action)
            assert canonical in legal, (action, canonical, legal)
            assert canonical == parse_action(action)
            accepted.add(canonical)
        else:
            with pytest.raises(IllegalAction):
                state.verify(action)
            with pytest.raises(IllegalAction):
                refused.apply(action)  # one clone for every refusal: each changes nothing
    assert accepted == set(legal)
    assert refused.to_record() == state.to_record()


@SETTINGS
@given(st.sampled_from(ALL_RULES), st.integers(0, 3), st.integers(0, 2**32), st.integers(0, 45))
def test_round_can_apply_and_verify_agree_with_legal_actions(
    rules: Rules, dealer: int, seed: int, steps: int
) -> None:
    r = Round.new(rules, dealer, seed)
    rng = random.Random(seed)
    play_up_to(r, rng, steps)
    before = snapshot(r)
    check_agreement(r, r.copy)
    assert snapshot(r) == before


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ALL_RULES), st.integers(0, 2**32), st.integers(0, 100))
def test_game_can_apply_and_verify_agree_with_legal_actions(
    rules: Rules, seed: int, steps: int
) -> None:
    game = Game.new(rules.replace(rounds=2), seed)
    rng = random.Random(seed)
    play_up_to(game, rng, steps)
    before = game_state(game)
    check_agreement(game, lambda: Game.from_record(game.to_record()))
    assert game_state(game) == before


@SETTINGS
@given(st.sampled_from(ALL_RULES), st.integers(0, 3), st.integers(0, 2**32))
def test_apply_returns_what_the_log_records(rules: Rules, dealer: int, seed: int) -> None:
    r = Round.new(rules, dealer, seed)
    rng = random.Random(seed)
    while not r.is_over:
        action = rng.choice(r.legal_actions())
        spelled = rng.choice([action, *spellings(action)])
        assert r.apply(spelled) == action == r.actions[-1][1]


def _round() -> Round:
    return Round.from_hands(
        Rules(challenges=False),
        [
            "7C 8C 9H TC JC QC KC AC",
            "7D 8D 9D TD JD QD KD 9C",
            "7H 8H AD TH JH QH KH AH",
            "7S 8S 9S TS JS QS KS AS",
        ],
        dealer=Seat.W,
    )


def test_apply_returns_the_canonical_text_of_an_odd_spelling() -> None:
    r = _round()
    assert r.apply(" TRUMP hearts") == "trump H"
    assert r.apply("10c") == "TC"  # North leads the ten of clubs
    assert r.apply("9c") == "9C"
    assert r.apply("ah") == "AH"  # South trumps
    assert r.apply("as") == "AS"
    assert r.actions == [
        (Seat.N, "trump H"),
        (Seat.N, "TC"),
        (Seat.E, "9C"),
        (Seat.S, "AH"),
        (Seat.W, "AS"),
    ]
    assert r.apply("th") == "TH"  # South won and leads
    game = Game.new(Rules(), seed=5)
    first = game.legal_actions()[0]
    assert game.apply(first.lower()) == first


def test_verify_names_the_rule_and_changes_nothing() -> None:
    r = _round()
    r.apply("trump S")
    r.apply("7C")
    before = snapshot(r)
    assert not r.can_apply("KD")
    with pytest.raises(IllegalAction, match="must follow suit: you hold clubs"):
        r.verify("KD")
    with pytest.raises(IllegalAction, match="unknown action"):
        r.verify("buyback")
    assert snapshot(r) == before
    assert r.can_apply("9c")
    r.verify("9c")  # returns, raising nothing
    assert snapshot(r) == before


def test_a_finished_game_refuses_every_action() -> None:
    game = Game.new(Rules(rounds=1), seed=3)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    before = game_state(game)
    assert not game.can_apply("pass")
    for call in (game.verify, game.apply):
        with pytest.raises(IllegalAction, match="the game is over"):
            call("pass")
    assert game_state(game) == before


def test_tricks_expose_leader_cards_plays_and_taker() -> None:
    r = _round()
    for action in ["trump H", "TC", "9C", "AH", "AS"]:
        r.apply(action)
    (trick,) = r.tricks
    assert trick.leader == Seat.N and trick.taker == Seat.S
    assert [str(c) for c in trick.cards] == ["TC", "9C", "AH", "AS"]
    assert [(int(s), str(c)) for s, c in trick.plays] == [
        (0, "TC"),
        (1, "9C"),
        (2, "AH"),
        (3, "AS"),
    ]
    assert trick.to_dict()["winner"] == 2  # the wire key is unchanged


@pytest.mark.parametrize(
    "record_of", [lambda: _round().to_record(), lambda: Game.new(Rules(), 1).to_record()]
)
def test_records_carry_game_type_and_version(record_of: Any) -> None:
    record = record_of()
    assert list(record)[:4] == ["game", "type", "version", "rules"]
    assert record["game"] == "kraken" and record["version"] == 1


@pytest.mark.parametrize(
    ("cls", "make"), [(Round, lambda: _round()), (Game, lambda: Game.new(Rules(), 1))]
)
@pytest.mark.parametrize(
    ("version", "message"),
    BAD_VERSIONS,
)
def test_a_missing_or_unknown_version_is_refused(
    cls: Any, make: Any, version: object, message: str
) -> None:
    record = make().to_record()
    if version is None:
        del record["version"]
    else:
        record["version"] = version
    with pytest.raises(RecordError) as raised:
        cls.from_record(record)
    assert str(raised.value) == message.format(kind=record["type"])
