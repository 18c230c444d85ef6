"""The search's game simulation (``GameSim``) and the public ``Game`` apply the same
elimination, buy-back and payout rules: over random games of every variation, a
``GameSim`` fed the game's rounds and decisions agrees with it at every step, and the
``GameSim`` the search builds from an observation at a buy-back break is the game's
state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots.gurka_search import GameSim, GurkaSearch
from cardtable.gurka import Game, Rules
from tests.gurka.strategies import rules_strategy


def assert_agree(game: Game, sim: GameSim) -> None:
    """The game-level state of ``sim`` is the game's."""
    assert tuple(sim.scores) == game.scores
    assert tuple(i for i, a in enumerate(sim.alive) if a) == game.alive
    assert tuple(sim.paid) == game.paid
    assert tuple(sim.buybacks) == game.buybacks
    assert sim.ledger.dealer == game.current.dealer
    assert sim.finished == game.is_over
    if game.phase == "buyback":
        assert sim.to_move == game.to_move
        assert sim.legal_actions() == game.legal_actions()
        assert sim.cost(sim.queue[0]) == game.buyback_cost(sim.queue[0])
    else:
        assert sim.is_over


@settings(max_examples=60, deadline=None)
@given(
    rules=rules_strategy,
    seed=st.integers(0, 2**40),
    policy=st.integers(0, 2**40),
    buyback_chance=st.sampled_from([0.0, 0.3, 0.6, 1.0]),
)
def test_game_sim_and_game_agree_on_eliminations_buybacks_and_payouts(
    rules: Rules, seed: int, policy: int, buyback_chance: float
) -> None:
    rng = random.Random(policy)
    game = Game.new(rules, seed)
    n = rules.players
    sim = GameSim(rules, [0] * n, [True] * n, [rules.stake] * n, [0] * n, game.current.dealer, [])
    assert_agree(game, sim)
    rounds = 0
    while not game.is_over and rounds < 400:
        if game.phase == "buyback":
            seat = game.to_move
            assert seat is not None
            searched = GurkaSearch(game.observation(seat)).determinize(rng)
            assert isinstance(searched, GameSim)
            assert searched.queue == sim.queue
            assert searched.ledger.level == sim.ledger.level
            assert_agree(game, searched)
            action = "buyback" if rng.random() < buyback_chance else "pass"
        else:
            action = rng.choice(game.legal_actions())
        played = len(game.history)
        dealt = game.current
        game.apply(action)
        if game.phase == "buyback" and action in ("buyback", "pass"):
            sim.apply(action)
        elif action in ("buyback", "pass"):
            sim.apply(action)
            assert sim.next_round() == game.current.seats
        elif len(game.history) > played:
            rounds += 1
            sim.end_round(dealt.seats, list(dealt.result()))
            if game.phase == "play":
                assert sim.is_over
                assert sim.next_round() == game.current.seats
        assert_agree(game, sim)
    if game.is_over:
        assert sim.finished
        assert sim.ledger.winners == game.winners
        assert tuple(w - p for w, p in zip(sim.won, sim.paid, strict=True)) == game.chips
        assert sum(game.chips) == 0


def test_game_sim_rollout_cut_short_still_settles_the_pot() -> None:
    rules = Rules(players=5, eliminate_at=10_000)
    sim = GameSim(rules, [0] * 5, [True] * 5, [1] * 5, [0] * 5, 0, [])
    sim.rollout(random.Random(0))
    assert sim.finished
    # 200 rounds later everyone is still in: the dealer is back at seat 0
    assert sim.ledger.winners == (1, 2, 3, 4, 0)
    assert sim.won == [1] * 5
