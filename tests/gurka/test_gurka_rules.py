"""The Rules dataclass: defaults, validation, records."""

from __future__ import annotations

import dataclasses

import pytest

from cardtable.gurka import Rules


def test_defaults_are_the_game_as_decided() -> None:
    rules = Rules()
    assert rules.players == 4
    assert rules.stake == 1
    assert rules.eliminate_at == 30
    assert rules.penalty_tricks == "last"
    for name in ("match_previous", "must_head", "aces_unbeatable", "lead_lowest", "free_rebuy"):
        assert getattr(rules, name) is False


def test_rules_are_frozen_and_hashable() -> None:
    rules = Rules(players=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.players = 6  # type: ignore[misc]
    assert hash(rules) == hash(Rules(players=5))


@pytest.mark.parametrize("players", [3, 8])
def test_player_bounds_are_allowed(players: int) -> None:
    assert Rules(players=players).players == players


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": 2}, "players"),
        ({"players": 9}, "players"),
        ({"players": "4"}, "players"),
        ({"stake": -1}, "stake"),
        ({"eliminate_at": 0}, "eliminate_at"),
        ({"eliminate_at": True}, "eliminate_at"),
        ({"penalty_tricks": "first"}, "penalty_tricks"),
        ({"must_head": 1}, "must_head"),
        ({"free_rebuy": "yes"}, "free_rebuy"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_configurations_raise_value_error_naming_the_field(
    changes: dict[str, object], field: str
) -> None:
    with pytest.raises(ValueError, match=f"'{field}'"):
        Rules(**changes)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=f"'{field}'"):
        Rules.from_dict(changes)


def test_messages_say_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="allowed 3 to 8"):
        Rules(players=2)
    with pytest.raises(ValueError, match="allowed 'last', 'every'"):
        Rules(penalty_tricks="all")  # type: ignore[arg-type]


def test_zero_stake_is_allowed() -> None:
    assert Rules(stake=0).stake == 0


def test_to_dict_from_dict_round_trip() -> None:
    rules = Rules(
        players=7,
        stake=3,
        eliminate_at=20,
        match_previous=True,
        must_head=True,
        aces_unbeatable=True,
        lead_lowest=True,
        free_rebuy=True,
        penalty_tricks="every",
    )
    data = rules.to_dict()
    assert data["penalty_tricks"] == "every" and data["players"] == 7
    assert Rules.from_dict(data) == rules
    assert Rules.from_dict({}) == Rules()


def test_replace_validates() -> None:
    assert Rules().replace(eliminate_at=20).eliminate_at == 20
    with pytest.raises(ValueError, match="'players'"):
        Rules().replace(players=1)
