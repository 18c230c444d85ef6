"""The engine shape Gurka shares with Kraken: ``apply`` returns the canonical action,
``can_apply`` and ``verify`` make the check ``apply`` makes and agree with
``legal_actions``, tricks have ``leader``/``cards``/``plays``/``taker``, and records
carry a version checked the same way as Kraken's."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import kraken
from cardtable.cards import CARDS
from cardtable.errors import IllegalAction, RecordError
from cardtable.gurka import Game, Round, Rules
from tests.kraken.helpers import BAD_VERSIONS

rules_strategy = st.builds(
    Rules,
    players=st.integers(3, 8),
    eliminate_at=st.sampled_from([8, 20, 30]),
    match_previous=st.booleans(),
    must_head=st.booleans(),
    aces_unbeatable=st.booleans(),
    lead_lowest=st.booleans(),
    free_rebuy=st.booleans(),
    penalty_tricks=st.sampled_from(["last", "every"]),
)
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EVERY_ACTION = ["buyback", "pass", *(str(c) for c in CARDS)]
JUNK = ["", " ", "buy back", "xyz", "11S", "1C", "AX", "2C 3C", "10", "pass!"]


def spellings(action: str) -> list[str]:
    """Other accepted spellings of a canonical action: case, spaces, 10 for T."""
    out = [action.lower(), action.upper(), f"  {action} ", action.title()]
    if action[0] == "T" and len(action) == 2:
        out += ["10" + action[1], "10" + action[1].lower()]
    return out


def canonical(action: str) -> str:
    """The canonical text of an accepted action."""
    text = action.strip()
    return text.lower() if text.lower() in ("buyback", "pass") else str(CARDS_BY_TEXT[text.upper()])


CARDS_BY_TEXT = {str(c): c for c in CARDS} | {
    f"10{str(c)[1]}": c for c in CARDS if str(c).startswith("T")
}


def state_text(state: Round | Game) -> str:
    """Everything observable about a round or game, as text, to prove nothing changed."""
    players = state.players
    views = [state.observation(seat).to_dict() for seat in range(players)]
    rnd = state if isinstance(state, Round) else state.current
    hands = {seat: str(hand) for seat, hand in rnd.hands.items()}
    return json.dumps([state.to_record(), views, hands, state.legal_actions(), state.to_move])


def check_agreement(state: Round | Game, clone: Callable[[], Round | Game]) -> None:
    """``can_apply``, ``verify`` and ``apply`` (on a fresh clone) agree with each other
    and with ``legal_actions`` for every candidate action."""
    legal = state.legal_actions()
    accepted = set()
    refused = clone()
    others = [a for a in EVERY_ACTION if a not in legal]
    for action in [*legal, *(s for a in legal for s in spellings(a)), *others, *JUNK]:
        if state.can_apply(action):
            state.verify(action)
            applied = clone().apply(action)
            assert applied in legal and applied == canonical(action), (action, applied, legal)
            accepted.add(applied)
        else:
            with pytest.raises(IllegalAction):
                state.verify(action)
            with pytest.raises(IllegalAction):
                refused.apply(action)  # one clone for every refusal: each changes nothing
    assert accepted == set(legal)
    assert refused.to_record() == state.to_record()


def play(state: Round | Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))


@SETTINGS
@given(rules_strategy, st.integers(0, 2**40), st.integers(0, 40))
def test_round_can_apply_and_verify_agree_with_legal_actions(
    rules: Rules, seed: int, steps: int
) -> None:
    rnd = Round.new(rules, dealer=seed % rules.players, seed=seed)
    play(rnd, random.Random(seed), steps)
    before = state_text(rnd)
    check_agreement(rnd, rnd.copy)
    assert state_text(rnd) == before


@SETTINGS
@given(rules_strategy, st.integers(0, 2**40), st.integers(0, 150))
def test_game_can_apply_and_verify_agree_with_legal_actions(
    rules: Rules, seed: int, steps: int
) -> None:
    game = Game.new(rules, seed)
    play(game, random.Random(seed), steps)
    before = state_text(game)
    check_agreement(game, lambda: Game.from_record(game.to_record()))
    assert state_text(game) == before


def test_game_can_apply_and_verify_agree_in_a_buyback_break() -> None:
    game = Game.new(Rules(players=4, eliminate_at=20, free_rebuy=True), seed=4)
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    assert game.phase == "buyback"
    before = state_text(game)
    check_agreement(game, lambda: Game.from_record(game.to_record()))
    with pytest.raises(IllegalAction, match="seat 1 is out and must decide"):
        game.verify("QC")
    assert state_text(game) == before


@SETTINGS
@given(rules_strategy, st.integers(0, 2**40))
def test_apply_returns_what_the_log_records(rules: Rules, seed: int) -> None:
    game = Game.new(rules, seed)
    rng = random.Random(seed)
    for _ in range(300):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        spelled = rng.choice([action, *spellings(action)])
        assert game.apply(spelled) == action == game.actions[-1]


def test_apply_returns_the_canonical_text_of_an_odd_spelling() -> None:
    rnd = Round.from_hands(Rules(players=3), {0: "TD 2C", 1: "5H KS", 2: "7C 7D"}, dealer=2)
    assert rnd.apply("10d") == "TD"
    assert rnd.apply(" ks ") == "KS"
    assert rnd.apply("7c") == "7C"
    assert rnd.actions == ["TD", "KS", "7C"]
    game = Game.new(Rules(players=4, eliminate_at=20, free_rebuy=True), seed=4)
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    assert game.apply(" BuyBack ") == "buyback" == game.actions[-1]


def test_verify_names_the_rule_and_changes_nothing() -> None:
    rnd = Round.from_hands(Rules(players=3), {0: "9D 2C", 1: "5C 3C", 2: "KH 7H"}, dealer=2)
    rnd.apply("9D")
    before = state_text(rnd)
    assert not rnd.can_apply("5C")
    with pytest.raises(IllegalAction, match="5C is too low"):
        rnd.verify("5C")
    with pytest.raises(IllegalAction, match="no buy-back decision now"):
        rnd.verify("pass")
    assert rnd.can_apply("3c")
    rnd.verify("3c")  # returns, raising nothing
    assert state_text(rnd) == before


def test_a_finished_game_refuses_every_action() -> None:
    game = Game.new(Rules(players=3), seed=1)
    rng = random.Random(0)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    before = state_text(game)
    assert not game.can_apply("pass")
    for call in (game.verify, game.apply):
        with pytest.raises(IllegalAction, match="the game is over"):
            call("pass")
    assert state_text(game) == before


def test_tricks_expose_leader_cards_plays_and_taker() -> None:
    rnd = Round.from_hands(Rules(players=3), {0: "9D 2C", 1: "KS 5H", 2: "7C 7D"}, dealer=2)
    for action in ["9D", "KS", "7C"]:
        rnd.apply(action)
    (trick,) = rnd.tricks
    assert trick.leader == 0 and trick.taker == 1
    assert [str(c) for c in trick.cards] == ["9D", "KS", "7C"]
    assert [(s, str(c)) for s, c in trick.plays] == [(0, "9D"), (1, "KS"), (2, "7C")]
    assert trick.to_dict()["taker"] == 1


def _round() -> Round:
    return Round.from_hands(Rules(players=3), {0: "9D", 1: "5C", 2: "KH"}, dealer=2)


@pytest.mark.parametrize(
    "record_of", [lambda: _round().to_record(), lambda: Game.new().to_record()]
)
def test_records_carry_game_type_and_version(record_of: Any) -> None:
    record = record_of()
    assert list(record)[:4] == ["game", "type", "version", "rules"]
    assert record["game"] == "gurka" and record["version"] == 1


@pytest.mark.parametrize(("cls", "make"), [(Round, _round), (Game, lambda: Game.new())])
@pytest.mark.parametrize(
    ("version", "message"),
    BAD_VERSIONS,
)
def test_a_missing_or_unknown_version_is_refused(
    cls: Any, make: Any, version: object, message: str
) -> None:
    """A record without a version is refused, as in Kraken: no Gurka record was ever
    written with this header ('type') and without 'version' (the first records, which
    had none, said 'kind' and are refused for that already)."""
    record = make().to_record()
    if version is None:
        del record["version"]
    else:
        record["version"] = version
    with pytest.raises(RecordError) as raised:
        cls.from_record(record)
    assert str(raised.value) == message.format(kind=record["type"])


@pytest.mark.parametrize("version", [None, 2])
def test_both_games_word_a_bad_version_the_same(version: int | None) -> None:
    messages = []
    for record in (Game.new().to_record(), kraken.Game.new(kraken.Rules(), 1).to_record()):
        if version is None:
            del record["version"]
        else:
            record["version"] = version
        with pytest.raises(RecordError) as raised:
            (Game if record["game"] == "gurka" else kraken.Game).from_record(record)
        messages.append(str(raised.value))
    assert messages[0] == messages[1]
