"""Whole games: stakes, the deal passing left, eliminations, buy-backs, payout.

Most examples rig the deals (see ``conftest.rig``) with one-card hands, so every
card is forced and each round is one scoring trick.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from cardtable.errors import IllegalAction, RecordError
from cardtable.game import GameState, Observation
from cardtable.gurka import Game, Rules

Rig = Callable[[list[dict[int, str]]], None]


def play_round(game: Game) -> None:
    """Play the current round with the first legal card each time."""
    rnd = game.current
    while not rnd.is_over:
        game.apply(game.legal_actions()[0])


def state(game: Game) -> str:
    views = [game.observation(seat).to_dict() for seat in range(game.players)]
    return json.dumps([game.to_record(), views, game.legal_actions(), game.to_move])


def test_every_player_pays_the_stake_before_the_game() -> None:
    game = Game.new(Rules(players=5, stake=2), seed=9)
    assert game.pot == 10
    assert game.chips == (-2,) * 5
    assert game.scores == (0,) * 5
    assert game.alive == (0, 1, 2, 3, 4)
    assert game.phase == "play" and not game.is_over
    assert game.winner is None and game.winners == ()
    assert game.round_number == 1
    assert game.to_move == game.current.to_move
    assert game.legal_actions() == game.current.legal_actions()
    assert game.current.seats == (0, 1, 2, 3, 4)


def test_first_dealer_comes_from_the_seed_and_the_deal_passes_left() -> None:
    dealers = {Game.new(Rules(players=6), seed).current.dealer for seed in range(40)}
    assert dealers == set(range(6))
    game = Game.new(Rules(players=6), seed=4)
    assert Game.new(Rules(players=6), seed=4).current.dealer == game.current.dealer
    first = game.current.dealer
    play_round(game)
    assert game.current.dealer == (first + 1) % 6
    assert game.current.to_move == (first + 2) % 6


def test_game_satisfies_the_common_interface() -> None:
    game = Game.new(Rules(), seed=1)
    assert isinstance(game, GameState)
    assert isinstance(game.observation(2), Observation)
    assert game.players == 4
    with pytest.raises(TypeError):
        Game()


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="seed"):
        Game.new(Rules(), seed="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rules"):
        Game.new({"players": 4}, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        Game.new(Rules(), 1).observation(4)


def test_elimination_exactly_at_the_threshold_and_no_buyback_with_two_left(rig: Rig) -> None:
    rig(
        [
            {0: "QC", 1: "5D", 2: "4H"},  # seat 0 scores 12 = eliminate_at: out
            {1: "JD", 2: "4S"},  # seat 1 scores 11: one short, still in
            {1: "2C", 2: "3C"},  # seat 2: 3
            {1: "2D", 2: "9D"},  # seat 2: 12, out; seat 1 is the last one in
        ]
    )
    game = Game.new(Rules(players=3, eliminate_at=12), seed=1)
    assert game.current.dealer == 0
    play_round(game)
    assert game.scores == (12, 0, 0)
    assert game.alive == (1, 2)
    # only two players are still in: no buy-back, the next round is dealt at once
    assert game.phase == "play"
    assert game.current.seats == (1, 2)
    assert game.current.dealer == 1
    with pytest.raises(IllegalAction):
        game.apply("buyback")
    assert game.observation(0).hand == () and game.observation(0).legal_actions == []
    play_round(game)
    assert game.scores == (12, 11, 0) and game.alive == (1, 2)
    assert game.current.dealer == 2  # the deal passes left, skipping seat 0 who is out
    play_round(game)
    play_round(game)
    assert game.scores == (12, 11, 12)
    assert game.is_over and game.phase == "over"
    assert game.winner == 1 and game.winners == (1,)
    assert game.pot == 3
    assert game.chips == (-1, 2, -1)
    assert game.to_move is None and game.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply("2C")
    assert not game.can_apply("2C")
    with pytest.raises(IllegalAction, match="game is over"):
        game.verify("2C")


def test_buybacks_order_score_and_repeated_offers(rig: Rig) -> None:
    rig(
        [
            {0: "2C", 1: "3C", 2: "5C", 3: "4D", 4: "3D"},  # seat 2: 5
            {0: "QC", 1: "2D", 2: "4C", 3: "QD", 4: "3H"},  # seats 0 and 3: 12, out
            {1: "9C", 2: "2H", 3: "3S", 4: "4S"},  # seat 1: 9
            {0: "AC", 1: "AD", 2: "2S", 3: "5S", 4: "6S"},  # seats 0 and 1: out
            {2: "KC", 3: "KD", 4: "KH"},  # everyone still in reaches 10
        ]
    )
    game = Game.new(Rules(players=5, eliminate_at=10), seed=2)
    assert game.current.dealer == 0
    play_round(game)
    play_round(game)
    assert game.scores == (12, 0, 5, 12, 0)
    assert game.alive == (1, 2, 4)
    # three still in: the out players decide, in turn from left of the dealer (seat 1)
    assert game.phase == "buyback"
    assert game.to_move == 3
    assert game.legal_actions() == ["buyback", "pass"]
    assert game.buyback_cost(3) == 1
    view = game.observation(3)
    assert view.phase == "buyback" and view.legal_actions == ["buyback", "pass"]
    assert game.observation(0).legal_actions == []
    before = state(game)
    for bad in ("QC", "buy", "", "PASSS"):
        with pytest.raises(IllegalAction, match="buy back"):
            game.apply(bad)
        assert state(game) == before
    assert game.can_apply("pass") and not game.can_apply("QC")
    game.verify(" Pass")
    with pytest.raises(IllegalAction, match="buy back"):
        game.verify("QC")
    assert state(game) == before
    game.apply("BuyBack")  # case-insensitive
    assert game.scores[3] == 5  # the highest score among the players still in
    assert game.to_move == 0
    game.apply("pass")
    assert game.actions[-2:] == ["buyback", "pass"]
    assert game.alive == (1, 2, 3, 4)
    assert game.pot == 6 and game.chips == (-1, -1, -1, -2, -1)
    assert game.buybacks == (0, 0, 0, 1, 0)
    assert game.phase == "play" and game.current.dealer == 2
    assert game.current.seats == (1, 2, 3, 4)
    play_round(game)
    # nobody went out, but seat 0 is still out and three or more are in: asked again
    assert game.phase == "buyback" and game.to_move == 0
    game.apply("buyback")
    assert game.scores == (9, 9, 5, 5, 0)
    assert game.current.dealer == 3 and game.current.seats == (0, 1, 2, 3, 4)
    play_round(game)
    assert game.scores == (23, 23, 5, 5, 0)
    assert game.phase == "buyback" and game.to_move == 0  # left of dealer 3: 4, 0, 1
    game.apply("pass")
    assert game.to_move == 1
    game.apply("pass")
    assert game.current.dealer == 4 and game.current.seats == (2, 3, 4)
    play_round(game)
    # all three reached 10 in the same round: the lowest score (seat 4, 13) wins
    assert game.scores == (23, 23, 18, 18, 13)
    assert game.is_over and game.winner == 4 and game.winners == (4,)
    assert game.pot == 7
    assert game.chips == (-2, -1, -1, -2, 6)
    assert sum(game.chips) == 0
    assert len(game.history) == 5


def test_free_rebuy_makes_only_the_first_buyback_free(rig: Rig) -> None:
    rig(
        [
            {0: "KC", 1: "2D", 2: "3D", 3: "4D"},
            {0: "AC", 1: "2H", 2: "3H", 3: "4H"},
            {0: "2S", 1: "QS", 2: "QC", 3: "3S"},
            {0: "5C", 3: "JC"},
        ]
    )
    game = Game.new(Rules(players=4, eliminate_at=10, stake=2, free_rebuy=True), seed=2)
    play_round(game)
    assert game.to_move == 0 and game.buyback_cost(0) == 0
    game.apply("buyback")
    assert game.pot == 8 and game.chips == (-2, -2, -2, -2) and game.scores == (0, 0, 0, 0)
    play_round(game)
    assert game.to_move == 0 and game.buyback_cost(0) == 2
    game.apply("buyback")
    assert game.pot == 10 and game.chips[0] == -4 and game.buybacks[0] == 2
    play_round(game)
    assert game.alive == (0, 3) and game.phase == "play"  # two left: no buy-back
    play_round(game)
    assert game.winner == 0
    assert game.chips == (6, -2, -2, -2)


def test_buyback_costs_the_stake_without_free_rebuy(rig: Rig) -> None:
    rig([{0: "KC", 1: "2D", 2: "3D", 3: "4D"}, {1: "AC", 2: "2H", 3: "3H"}, {2: "2C", 3: "3C"}])
    game = Game.new(Rules(players=4, eliminate_at=10, stake=3), seed=2)
    play_round(game)
    assert game.buyback_cost(0) == 3
    game.apply("pass")
    assert game.pot == 12 and game.alive == (1, 2, 3)
    play_round(game)  # seat 1 goes out: two left, the game goes on without buy-backs
    assert game.alive == (2, 3) and game.phase == "play"


def test_pot_split_remainder_to_the_first_clockwise_from_the_dealer(rig: Rig) -> None:
    rig([{0: "2C", 1: "3C", 2: "5C"}, {0: "QC", 1: "QD", 2: "QH"}])
    game = Game.new(Rules(players=3, eliminate_at=12), seed=5)
    assert game.current.dealer == 2
    play_round(game)
    assert game.current.dealer == 0
    play_round(game)
    assert game.scores == (12, 12, 17)
    assert game.is_over
    # seats 0 and 1 share the lowest score; pot 3 = 1 each, the odd chip to seat 1,
    # the first of them clockwise from dealer 0
    assert game.winner is None
    assert game.winners == (1, 0)
    assert game.chips == (0, 1, -1)


def test_zero_stake_game(rig: Rig) -> None:
    rig([{0: "QC", 1: "3C", 2: "5C"}, {1: "QD", 2: "2D"}])
    game = Game.new(Rules(players=3, eliminate_at=12, stake=0), seed=1)
    play_round(game)
    play_round(game)
    assert game.winner == 2 and game.pot == 0 and game.chips == (0, 0, 0)


def test_penalty_tricks_every_counts_in_the_game(rig: Rig) -> None:
    rig(
        [
            {0: "QC 2S", 1: "3C 4S", 2: "5C 6S"},
            {0: "2H", 1: "TD", 2: "3D"},
            {0: "4C", 1: "5C", 2: "6C"},  # dealt as soon as round 2 ends
        ]
    )
    game = Game.new(Rules(players=3, eliminate_at=15, penalty_tricks="every"), seed=1)
    # seat 1 leads 3C, seat 2 plays 5C, seat 0 its lowest 2S: seat 2 scores 5;
    # seat 2 leads 6S, seat 0 QC, seat 1 4S: seat 0 scores 12
    play_round(game)
    assert [t.cards[0].rank for t in game.history[0].tricks] == [3, 6]
    assert game.scores == (12, 0, 5)
    play_round(game)
    assert game.scores == (12, 10, 5)


def test_game_record_round_trips_and_replays_exactly() -> None:
    rules = Rules(players=5, must_head=True, free_rebuy=True)
    game = Game.new(rules, seed=77)
    rng = random.Random(3)
    while not game.is_over:
        if game.phase == "buyback":
            game.apply(rng.choice(["buyback", "pass"]))
        else:
            game.apply(rng.choice(game.legal_actions()))
    record = json.loads(json.dumps(game.to_record()))
    assert record["result"]["chips"] == list(game.chips)
    again = Game.from_record(record)
    assert again.to_record() == game.to_record()
    assert state(again) == state(game)


def test_corrupt_game_records() -> None:
    game = Game.new(Rules(players=4), seed=8)
    for _ in range(10):
        game.apply(game.legal_actions()[-1])
    record = game.to_record()
    bad = dict(record, actions=[*record["actions"][:4], "pass", *record["actions"][5:]])
    with pytest.raises(RecordError, match="action 5 'pass'"):
        Game.from_record(bad)
    with pytest.raises(RecordError, match="seed"):
        Game.from_record(dict(record, seed="8"))
    with pytest.raises(RecordError, match="not a game record"):
        Game.from_record(dict(record, type="round"))
    with pytest.raises(RecordError, match="result"):
        Game.from_record(dict(record, result={"chips": [1, 0, 0, -1]}))


def test_observation_carries_the_game_and_leaks_nothing() -> None:
    game = Game.new(Rules(players=4), seed=8)
    game.apply(game.legal_actions()[0])
    seat = 2
    view = game.observation(seat)
    data = view.to_dict()
    assert data["pot"] == 4 and data["chips"] == [-1] * 4 and data["round_number"] == 1
    assert data["alive"] == [0, 1, 2, 3] and data["scores"] == [0] * 4
    assert data["winners"] is None
    text = json.dumps(data)
    for other, hand in game.current.hands.items():
        if other != seat:
            assert not any(f'"{card}"' in text for card in hand)
    assert {str(c) for c in view.hand} == {str(c) for c in game.current.hands[seat]}
