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


@pytest.mark.parametrize("game", ["kraken", "gurka"])
def test_a_seat_played_from_outside_leaves_the_bots_lifecycle_whole(game: str) -> None:
    """Seat 0 is a person (no bot): their moves come through play(); the bots' moves
    are decided first and played later, as a table thinking in the background does."""
    played = kind(game)
    rules = played.rules(changes={"rounds": 2} if game == "kraken" else {"players": 3})
    state = played.new_game(rules, 6)
    bots: list[Recorder | None] = [None] + [Recorder(seat) for seat in range(1, state.players)]
    driver = BotDriver(game, state, bots, rules)
    driver.start()
    while not state.is_over:
        if state.to_move == 0:
            with pytest.raises(ValueError, match="played from outside"):
                driver.decide()
            before = state.to_record()
            with pytest.raises(IllegalAction):
                driver.play("no such action")
            assert state.to_record() == before
            driver.play(state.legal_actions()[-1])
        else:
            decided = driver.decide()
            assert decided in state.legal_actions()
            driver.play(decided)
    rounds = len(state.history)  # type: ignore[attr-defined]
    for bot in bots[1:]:
        assert bot is not None
        assert bot.calls.count("start_round") == bot.calls.count("end_round") == rounds
        assert bot.calls.count("end_game") == 1 and bot.calls[-1] == "end_game"
    driver.finish()  # once only
    assert all(bot is None or bot.calls.count("end_game") == 1 for bot in bots)


def test_decide_once_is_the_lifecycle_cut_to_one_move() -> None:
    from cardtable.bots import decide_once

    played = kind("kraken")
    rules = played.rules()
    state = played.new_game(rules, 2)
    seat = state.to_move
    assert seat is not None
    bot = Recorder(1)
    action = decide_once(bot, "kraken", state.observation(seat), 4, rules)
    assert action in state.legal_actions()
    assert bot.calls == [f"start_game kraken {seat} 4", "start_round", "act"]
