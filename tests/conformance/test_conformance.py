"""What every registered game must do, checked the same way for each
(``kinds()``): a game added through the ``cardtable.games`` entry points runs this
suite with no change here.

- random games of every variant play to the end;
- an illegal action changes nothing;
- records and observations round-trip;
- no observation depends on another seat's unplayed cards, and the worlds a seat's
  observation is resampled into are consistent with it (OpenSpiel's resample test).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.errors import IllegalAction
from cardtable.game import GameKind, GameState, kind, kinds

SMALL = {"rounds": 1}
"""Changes that keep a game short, applied where the rules have such a field."""


def _short(game: GameKind, changes: dict[str, Any]) -> Any:
    names = {f["name"] for f in game.rules_schema()["fields"]}
    return game.rules(None, {**{k: v for k, v in SMALL.items() if k in names}, **changes})


def _variants(game: GameKind) -> Iterator[tuple[str, Any]]:
    """The default rules, every preset, and every value of every field changed alone
    (an int field at its bounds)."""
    yield "default", _short(game, {})
    for name in game.presets:
        yield (
            f"preset {name}",
            game.rules(name, {k: v for k, v in SMALL.items() if k in _names(game)}),
        )
    for field in game.rules_schema()["fields"]:
        if field["type"] == "choice":
            values: list[Any] = list(field["options"])
        elif field["type"] == "bool":
            values = [True, False]
        elif field["type"] == "int":
            values = [field["min"], min(field["max"], field["min"] + 5)]
        else:
            continue
        for value in values:
            if field["name"] in SMALL:
                continue
            yield f"{field['name']}={value}", _short(game, {field["name"]: value})


def _names(game: GameKind) -> set[str]:
    return {f["name"] for f in game.rules_schema()["fields"]}


VARIANTS = [
    pytest.param(name, rules, id=f"{name}-{label}")
    for name in kinds()
    for label, rules in _variants(kind(name))
]


def _play(state: GameState, rng: random.Random, limit: int = 100_000) -> int:
    moves = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
        assert moves < limit, "the game does not end"
    return moves


@pytest.mark.parametrize(("name", "rules"), VARIANTS)
def test_random_games_of_every_variant_play_to_the_end(name: str, rules: Any) -> None:
    game = kind(name)
    for seed in range(3):
        state = game.new_game(rules, seed)
        assert state.players == game.seats(rules)
        _play(state, random.Random(seed))
        assert state.to_move is None and state.legal_actions() == []


def _midgame(name: str, seed: int, steps: int) -> GameState:
    game = kind(name)
    state = game.new_game(_short(game, {}), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


POSITIONS = st.tuples(st.integers(0, 2**32), st.integers(0, 60))


@pytest.mark.parametrize("name", kinds())
@given(position=POSITIONS, junk=st.text(max_size=12))
@settings(max_examples=40, deadline=None)
def test_an_illegal_action_changes_nothing(name: str, position: tuple[int, int], junk: str) -> None:
    state = _midgame(name, *position)
    if state.is_over:
        return
    before = json.dumps(state.to_record(), sort_keys=True)
    legal = state.legal_actions()
    if junk.strip().casefold() in {action.casefold() for action in legal}:
        return  # a legal action in another spelling ("PASS" for "pass")
    assert not state.can_apply(junk)
    assert all(state.can_apply(action) for action in legal)
    with pytest.raises(IllegalAction):
        state.verify(junk)
    with pytest.raises(IllegalAction):
        state.apply(junk)
    assert json.dumps(state.to_record(), sort_keys=True) == before
    assert state.legal_actions() == legal


@pytest.mark.parametrize("name", kinds())
@given(position=POSITIONS)
@settings(max_examples=30, deadline=None)
def test_records_and_observations_round_trip(name: str, position: tuple[int, int]) -> None:
    game = kind(name)
    state = _midgame(name, *position)
    record = state.to_record()
    assert json.loads(json.dumps(record)) == record, "a record is plain JSON"
    again = game.from_record(record)
    assert again.to_record() == record
    assert again.legal_actions() == state.legal_actions()
    for seat in range(state.players):
        data = state.observation(seat).to_dict()
        assert json.loads(json.dumps(data)) == data, "an observation is plain JSON"
        assert game.observation_from_dict(data).to_dict() == data
        assert again.observation(seat).to_dict() == data


@pytest.mark.parametrize("name", kinds())
@given(position=POSITIONS, seed=st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_no_observation_depends_on_another_seats_unplayed_cards(
    name: str, position: tuple[int, int], seed: int
) -> None:
    """Every world a seat's observation resamples into (its hidden cards dealt again)
    gives that seat the very same observation, and is a legal position: the hidden
    cards make no difference to what the seat is told."""
    game = kind(name)
    rnd = game.current_round(_midgame(name, *position))
    rng = random.Random(seed)
    for seat in range(rnd.players):
        seen = rnd.observation(seat).to_dict()
        world = game.resample(rnd, seat, rng)
        assert world.observation(seat).to_dict() == seen
        if not world.is_over:
            _play(world, rng)  # the world plays on under the rules


QUICK = {"ismcts": {"iterations": 20}, "pimc": {"worlds": 2}}
"""Small budgets: the test is about legality, not strength."""


def _bots_of(name: str) -> list[str]:
    from cardtable.bots import list_bots

    return list(list_bots(game=name))


@pytest.mark.parametrize(
    ("name", "bot"), [pytest.param(n, b, id=f"{n}-{b}") for n in kinds() for b in _bots_of(n)]
)
def test_every_bot_that_plays_a_game_plays_only_legal_actions(
    name: str, bot: str, tmp_path: Path
) -> None:
    """A whole game (or deal) with the bot in every seat, driven through its whole
    lifecycle; the driver refuses any action the engine would not take."""
    from cardtable.bots import BotDriver, make_bot

    game = kind(name)
    rules = _short(game, {})
    state = game.deal(rules, 5)
    options = dict(QUICK.get(bot, {}))
    if bot == "policy":  # a network with random weights: any model must play legally
        from tests.envs.models import linear_policy

        options["model"] = str(linear_policy(tmp_path / "policy.onnx", name))
    bots = [make_bot(bot, game=name, seed=seat, **options) for seat in range(state.players)]
    driver = BotDriver(
        name, state, bots, rules, current_round=None if game.new_deal is None else (lambda s: s)
    )
    driver.start()
    while not state.is_over:
        legal = state.legal_actions()
        action = driver.step()
        assert action in legal, f"{bot} played {action!r}, not one of {legal}"
    driver.finish()


@pytest.mark.parametrize("name", kinds())
def test_every_game_has_a_text_for_logs(name: str) -> None:
    game = kind(name)
    state = game.new_game(_short(game, {}), 1)
    _play(state, random.Random(1))
    text = game.text(state)
    assert text.strip() and text == game.text(game.from_record(state.to_record()))
