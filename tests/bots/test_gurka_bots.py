"""Gurka bots: legal actions in every variation, the heuristic's reasoning, the search
states against the engine, determinism, and buy-back decisions."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from cardtable.arena.gurka_duel import gurka_rotated, play_game
from cardtable.bots import make_bot
from cardtable.bots.base import Bot
from cardtable.bots.gurka_heuristic import (
    buyback_chance,
    card_policy,
    choose,
    should_buy_back,
)
from cardtable.bots.gurka_search import GameSim, GurkaSearch, RoundSim
from cardtable.bots.search import search
from cardtable.cards import CARDS, CardSet
from cardtable.gurka import Game, Round, Rules
from tests.bots.games import run_game

VARIATIONS = [
    Rules(
        players=p,
        match_previous=a,
        must_head=b,
        aces_unbeatable=c,
        lead_lowest=d,
        penalty_tricks="every" if p % 3 == 0 else "last",
        eliminate_at=20 if p % 2 else 30,
        free_rebuy=p % 4 == 1,
    )
    for p, (a, b, c, d) in zip(
        itertools.cycle(range(3, 9)), itertools.product([False, True], repeat=4), strict=False
    )
]


@pytest.mark.parametrize("rules", VARIATIONS, ids=lambda r: f"p{r.players}")
def test_random_and_heuristic_bots_only_play_legal_actions(rules: Rules) -> None:
    decisions = 0
    for seed in range(10):
        bots: list[Bot] = [
            make_bot("heuristic" if (s + seed) % 2 else "random", seed=s)
            for s in range(rules.players)
        ]
        decisions += run_game(rules, seed, bots)
    assert decisions > 150


def test_ismcts_only_plays_legal_actions_in_every_variation() -> None:
    decisions = 0
    for i, rules in enumerate(VARIATIONS):
        bots: list[Bot] = [
            make_bot("ismcts", iterations=8, seed=s) if s % 2 == 0 else make_bot("random", seed=s)
            for s in range(rules.players)
        ]
        decisions += run_game(rules.replace(eliminate_at=14), i, bots, limit=200)
    assert decisions > 1000


def test_bots_are_deterministic_for_a_seed() -> None:
    rules = Rules(players=4, must_head=True)

    def record(seed: int) -> list[str]:
        bots: list[Bot] = [make_bot("ismcts", iterations=20, seed=seed) for _ in range(4)]
        game = Game.new(rules.replace(eliminate_at=15), 7)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            game.apply(bots[seat].act(game.observation(seat)))
        return game.actions

    assert record(3) == record(3)
    assert record(3) != record(4)


# -- the heuristic's card play ---------------------------------------------------------


def mask(text: str) -> int:
    return CardSet.parse(text).mask


def card(index: int) -> str:
    return str(CARDS[index])


def test_heuristic_leads_its_highest_card() -> None:
    assert card(card_policy(mask("2C 7D KS"), [], 3, 4, Rules())) == "KS"


def test_heuristic_sheds_its_highest_card_that_reaches_the_target() -> None:
    assert card(card_policy(mask("2C 9D KS"), [8], 2, 4, Rules())) == "KS"


def test_heuristic_heads_cheaply_as_the_last_player() -> None:
    assert card(card_policy(mask("2C 9D KS"), [8, 5, 3], 0, 4, Rules())) == "9D"


def test_heuristic_keeps_its_lowest_card_for_the_last_trick() -> None:
    # fifth trick, last to play: shed the king whatever it takes
    assert card(card_policy(mask("3C KS"), [8, 5], 0, 2, Rules())) == "KS"


def test_heuristic_plays_the_lowest_when_nothing_reaches() -> None:
    assert card(card_policy(mask("3C 5D 7S"), [9], 1, 4, Rules())) == "3C"


def test_heuristic_ducks_when_every_trick_scores() -> None:
    rules = Rules(penalty_tricks="every")
    assert card(card_policy(mask("3C 9D KS"), [8], 1, 4, rules)) == "3C"
    assert card(card_policy(mask("3C 9D KS"), [], 1, 4, rules)) == "3C"


def test_heuristic_choose_reads_the_observation() -> None:
    rnd = Round.from_hands(Rules(players=3), {0: "9D 4C", 1: "5C KS", 2: "7H 3H"}, dealer=2)
    rnd.apply("9D")
    assert choose(rnd.observation(1), random.Random(0)) == "KS"


# -- buy-backs -------------------------------------------------------------------------


def test_buyback_odds() -> None:
    # coming back level with the leader among two healthy players: poor odds
    assert buyback_chance([29, 5, 6, 31], [1, 2], 30) < 0.5
    # two players still in, both close to elimination, and a big pot: buy
    assert should_buy_back(1, 12, [31, 25, 26, 27], [1, 2, 3], 30)
    # coming in at 28 against fresh players with a small pot: pass
    assert not should_buy_back(1, 4, [31, 28, 2, 3], [1, 2, 3], 30)
    assert should_buy_back(0, 4, [31, 28, 2, 3], [1, 2, 3], 30)  # free


def buyback_game(free_rebuy: bool = False) -> Game:
    game = Game.new(Rules(players=5, eliminate_at=12, free_rebuy=free_rebuy), seed=1)
    rng = random.Random(1)
    while game.phase != "buyback":
        assert not game.is_over
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_heuristic_and_search_decide_buybacks() -> None:
    game = buyback_game(free_rebuy=True)
    seat = game.to_move
    assert seat is not None
    obs = game.observation(seat)
    assert choose(obs, random.Random(0)) == "buyback"
    # the first buy-back is free: staying out can win nothing, coming back in can win
    # the pot, so the search must buy back (it does for every seed tried, 0 to 7)
    action, root = search(GurkaSearch(obs), seat, obs.legal_actions, random.Random(0), 60)
    assert action == "buyback"
    assert root.children["buyback"].visits > root.children["pass"].visits
    assert sum(child.visits for child in root.children.values()) == 60


def test_game_sim_plays_out_a_whole_game_and_settles_the_pot() -> None:
    game = buyback_game()
    seat = game.to_move
    assert seat is not None
    adapter = GurkaSearch(game.observation(seat))
    rng = random.Random(3)
    for _ in range(20):
        state = adapter.determinize(rng)
        assert isinstance(state, GameSim)
        assert state.to_move == seat
        assert state.legal_actions() == ["buyback", "pass"]
        adapter.rollout(state, rng)
        assert state.finished
        assert sum(state.won) == sum(state.paid)
        assert -1.0 <= adapter.reward(state, seat) <= 1.0


# -- the search state agrees with the engine -------------------------------------------


@pytest.mark.parametrize("rules", VARIATIONS[:8], ids=lambda r: f"p{r.players}")
def test_round_sim_follows_the_rules_of_the_engine(rules: Rules) -> None:
    rng = random.Random(rules.players)
    for seed in range(5):
        rnd = Round.new(rules, dealer=seed % rules.players, seed=seed)
        for _ in range(rng.randrange(0, 3 * rules.players)):
            rnd.apply(rng.choice(rnd.legal_actions()))
        seat = rnd.to_move
        assert seat is not None
        adapter = GurkaSearch(rnd.observation(seat))
        state = adapter.determinize(rng)
        assert isinstance(state, RoundSim)
        world = rnd.redeal({s: CardSet(state.hands[s]) for s in rnd.seats})
        while not state.is_over:
            assert state.to_move == world.to_move
            assert sorted(state.legal_actions()) == sorted(world.legal_actions())
            action = rng.choice(state.legal_actions())
            state.apply(action)
            world.apply(action)
        assert world.is_over
        assert tuple(state.penalties) == world.result()
        assert all(-1.0 <= adapter.reward(state, s) <= 1.0 for s in rnd.seats)


def test_round_sim_rollout_plays_only_legal_cards() -> None:
    for i, rules in enumerate(VARIATIONS):
        rnd = Round.new(rules, dealer=0, seed=i)
        seat = rnd.to_move
        assert seat is not None
        adapter = GurkaSearch(rnd.observation(seat))
        rng = random.Random(i)
        state = adapter.determinize(rng)
        assert isinstance(state, RoundSim)
        world = rnd.redeal({s: CardSet(state.hands[s]) for s in rnd.seats})
        while not state.is_over:
            action = adapter.default_action(state, rng)
            world.apply(action)  # raises if the heuristic's card were illegal
            state.apply(action)
        assert tuple(state.penalties) == world.result()


def test_search_only_sees_the_observation() -> None:
    rnd = Round.new(Rules(players=4), dealer=0, seed=5)
    for _ in range(6):
        rnd.apply(rnd.legal_actions()[-1])
    seat = rnd.to_move
    assert seat is not None
    first = search(
        GurkaSearch(rnd.observation(seat)), seat, rnd.legal_actions(), random.Random(2), 200
    )[0]
    sampled = GurkaSearch(rnd.observation(seat)).determinize(random.Random(7))
    assert isinstance(sampled, RoundSim)
    world = rnd.redeal({s: CardSet(sampled.hands[s]) for s in rnd.seats})
    assert world.observation(seat) == rnd.observation(seat)
    second = search(
        GurkaSearch(world.observation(seat)), seat, world.legal_actions(), random.Random(2), 200
    )[0]
    assert first == second


# -- the strength check ----------------------------------------------------------------


def test_rotated_duel_runs_and_the_heuristic_beats_random() -> None:
    result = gurka_rotated(("heuristic", {}), ("random", {"seed": 1}), 6, players=4, seed=3)
    assert result.deals == 6
    assert result.low > 0
    chips = play_game(Rules(players=3), 1, [make_bot("random", seed=s) for s in range(3)])
    assert sum(chips) == 0


def test_a_logged_duel_resumes_without_replaying_finished_seeds(tmp_path: Path) -> None:
    log = tmp_path / "duel.jsonl"
    heuristic, random_bot = ("heuristic", {}), ("random", {"seed": 1})
    first = gurka_rotated(heuristic, random_bot, 2, players=3, seed=5, log=log)
    played: list[int] = []
    whole = gurka_rotated(
        heuristic, random_bot, 3, players=3, seed=5, log=log, progress=lambda s, _: played.append(s)
    )
    assert played == [7]
    assert whole.deals == 3
    fresh = gurka_rotated(heuristic, random_bot, 3, players=3, seed=5)
    assert (whole.mean, first.deals) == (fresh.mean, 2)
    log.write_text(log.read_text() + "not json\n")
    with pytest.raises(ValueError, match=r"duel.jsonl:4: not a duel log entry"):
        gurka_rotated(heuristic, random_bot, 3, players=3, seed=5, log=log)
