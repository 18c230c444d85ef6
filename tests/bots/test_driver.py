"""The one driver of the bot lifecycle: start_game, start_round at each new round,
act, end_round, end_game, in that order, for every game."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.bots import BotDriver, RandomBot
from cardtable.bots.base import game_of
from cardtable.errors import IllegalAction
from cardtable.game import kind


class Recorder(RandomBot):
    """A random bot that writes down what it was told."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls: list[str] = []

    def start_game(self, game: str, seat: int, players: int, rules: Any) -> None:
        self.calls.append(f"start_game {game} {seat} {players}")

    def start_round(self, observation: Any) -> None:
        self.calls.append("start_round")

    def act(self, observation: Any) -> str:
        self.calls.append("act")
        return super().act(observation)

    def end_round(self, observation: Any) -> None:
        self.calls.append("end_round")

    def end_game(self, observation: Any) -> None:
        self.calls.append("end_game")


@pytest.mark.parametrize("game", ["kraken", "gurka"])
def test_every_round_is_started_and_ended_once(game: str) -> None:
    played = kind(game)
    rules = played.rules(changes={"rounds": 2} if game == "kraken" else {"players": 3})
    state = played.new_game(rules, 4)
    bots = [Recorder(seat) for seat in range(state.players)]
    BotDriver(game, state, bots, rules).run()
    rounds = len(state.history)  # type: ignore[attr-defined]
    assert rounds >= 2
    for seat, bot in enumerate(bots):
        assert bot.calls[0] == f"start_game {game} {seat} {state.players}"
        assert bot.calls[-1] == "end_game"
        assert bot.calls.count("start_round") == rounds
        assert bot.calls.count("end_round") == rounds
        events = [c for c in bot.calls if c in ("start_round", "end_round")]
        assert events == ["start_round", "end_round"] * rounds


def test_a_fallback_replaces_an_illegal_action() -> None:
    class Stubborn(RandomBot):
        def act(self, observation: Any) -> str:
            return "nonsense"

    toyless = kind("gurka")
    rules = toyless.rules(changes={"players": 3})
    faults: list[tuple[int, str | None]] = []

    def fallback(seat: int, observation: Any, action: str | None, error: Exception) -> str:
        assert isinstance(error, IllegalAction)
        faults.append((seat, action))
        return str(observation.legal_actions[0])

    bots = [Stubborn(0), RandomBot(1), RandomBot(2)]
    state = BotDriver("gurka", toyless.new_game(rules, 1), bots, rules, fallback=fallback).run()
    assert state.is_over and faults and all(f == (0, "nonsense") for f in faults)
    with pytest.raises(IllegalAction):
        BotDriver("gurka", toyless.new_game(rules, 1), bots, rules).run()


def test_an_observation_names_its_game() -> None:
    for game in ("kraken", "gurka"):
        played = kind(game)
        state = played.new_game(played.rules(), 1)
        assert game_of(state.observation(0)) == game
