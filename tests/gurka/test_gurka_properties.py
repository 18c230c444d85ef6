"""Hypothesis properties over random games of 3 to 8 players and every variation."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS
from cardtable.errors import IllegalAction, RecordError
from cardtable.gurka import Game, Round, Rules
from cardtable.gurka.playout import random_game
from tests.gurka.strategies import rules_strategy

seeds = st.integers(0, 2**40)
buyback_chances = st.sampled_from([0.0, 0.2, 0.35])


def full_state(game: Game) -> str:
    """Everything observable about a game, as text, to compare before and after."""
    views = [game.observation(seat).to_dict() for seat in range(game.players)]
    hands = {seat: str(hand) for seat, hand in game.current.hands.items()}
    return json.dumps(
        [game.to_record(), views, hands, game.legal_actions(), game.to_move, game.phase]
    )


def illegal_actions(game: Game, rng: random.Random) -> list[str]:
    """A few actions that are not legal now."""
    legal = set(game.legal_actions())
    bad = ["", "xyz", "11S", "buy back"]
    bad.append(str(rng.choice([c for c in CARDS if str(c) not in legal])))
    if game.phase == "play":
        bad += ["buyback", "pass"]
    return bad


def assert_no_leak(game: Game) -> None:
    hands = game.current.hands
    for seat in range(game.players):
        text = json.dumps(game.observation(seat).to_dict())
        for other, hand in hands.items():
            if other != seat:
                leaked = [str(c) for c in hand if f'"{c}"' in text]
                assert not leaked, f"seat {seat} sees {leaked} of seat {other}"


def random_play(game: Game, rng: random.Random, buyback_chance: float, checks: float) -> None:
    """Play ``game`` to the end. At the first decision of every round and of every
    buy-back phase, and on a fraction ``checks`` of the other steps, also check that
    illegal actions are refused without a trace and that observations leak nothing."""
    stage: tuple[str, int] | None = None
    for _ in range(200_000):
        if game.is_over:
            return
        if (game.phase, game.round_number) != stage or rng.random() < checks:
            stage = (game.phase, game.round_number)
            assert_no_leak(game)
            before = full_state(game)
            assert all(game.can_apply(action) for action in game.legal_actions())
            for action in illegal_actions(game, rng):
                assert not game.can_apply(action)
                try:
                    game.apply(action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"illegal action {action!r} was accepted")
                assert full_state(game) == before, action
        if game.phase == "buyback":
            game.apply("buyback" if rng.random() < buyback_chance else "pass")
        else:
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("the game did not end")


@settings(max_examples=60, deadline=None)
@given(rules=rules_strategy, seed=seeds, policy=seeds, buyback_chance=buyback_chances)
def test_random_games_end_and_settle_the_pot(
    rules: Rules, seed: int, policy: int, buyback_chance: float
) -> None:
    game = Game.new(rules, seed)
    random_play(game, random.Random(policy), buyback_chance, checks=0.015)
    assert game.is_over and game.to_move is None and game.legal_actions() == []
    assert sum(game.chips) == 0
    assert game.pot == sum(game.paid) >= rules.players * rules.stake
    assert len(game.alive) <= 1
    assert game.winners
    if len(game.alive) == 1:
        assert game.winners == game.alive
        assert game.scores[game.alive[0]] < rules.eliminate_at
    assert game.winner == (game.winners[0] if len(game.winners) == 1 else None)
    share = game.pot // len(game.winners)
    for seat in range(rules.players):
        won = game.chips[seat] + game.paid[seat]
        assert won == (share if seat in game.winners else 0) + (
            game.pot - share * len(game.winners) if seat == game.winners[0] else 0
        )
    assert_no_leak(game)
    # the record replays exactly, through JSON
    again = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert full_state(again) == full_state(game)


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy, seed=seeds, policy=seeds, cut=st.floats(0, 1), data=st.data())
def test_records_round_trip_mid_game_and_corruption_names_the_index(
    rules: Rules, seed: int, policy: int, cut: float, data: st.DataObject
) -> None:
    game = Game.new(rules, seed)
    rng = random.Random(policy)
    steps = int(cut * 150)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    record = json.loads(json.dumps(game.to_record()))
    assert full_state(Game.from_record(record)) == full_state(game)
    if not record["actions"]:
        return
    index = data.draw(st.integers(0, len(record["actions"]) - 1), label="index")
    prefix = Game.new(rules, seed)
    for action in record["actions"][:index]:
        prefix.apply(action)
    bad = data.draw(st.sampled_from(illegal_actions(prefix, rng)), label="bad action")
    record["actions"][index] = bad
    try:
        Game.from_record(record)
    except RecordError as error:
        assert f"action {index + 1} {bad!r}" in str(error)  # counted from 1
    else:
        raise AssertionError("a corrupt record replayed")


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy, seed=seeds, policy=seeds, buyback_chance=buyback_chances)
def test_fast_playout_agrees_with_the_public_game(
    rules: Rules, seed: int, policy: int, buyback_chance: float
) -> None:
    fast = random_game(rules, seed, policy, buyback_chance, record=True)
    assert fast.actions is not None
    game = Game.new(rules, seed)
    for action in fast.actions:
        assert action in game.legal_actions()
        game.apply(action)
    assert game.is_over
    assert (game.scores, game.chips, game.winners) == (fast.scores, fast.chips, fast.winners)
    assert len(game.history) == fast.rounds


@settings(max_examples=60, deadline=None)
@given(
    rules=rules_strategy,
    seed=seeds,
    policy=seeds,
    seats=st.sets(st.integers(0, 7), min_size=2, max_size=8),
    dealer=st.integers(0, 7),
)
def test_random_rounds(rules: Rules, seed: int, policy: int, seats: set[int], dealer: int) -> None:
    players_in = sorted(s for s in seats if s < rules.players)
    if len(players_in) < 2:
        players_in = [0, 1]
    rnd = Round.new(rules, players_in, dealer % rules.players, seed)
    rng = random.Random(policy)
    plays = 0
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat in players_in
        hand = rnd.hands[seat]
        legal = rnd.legal_actions()
        assert legal and all(CARDS[0].parse(a) in hand for a in legal)
        for other in range(rules.players):
            text = json.dumps(rnd.observation(other).to_dict())
            for owner, cards in rnd.hands.items():
                if owner != other:
                    assert not any(f'"{c}"' in text for c in cards)
        before = json.dumps(rnd.to_record())
        wrong = [str(c) for c in CARDS if str(c) not in legal]
        try:
            rnd.apply(rng.choice(wrong))
        except IllegalAction:
            pass
        else:
            raise AssertionError("an illegal card was accepted")
        assert json.dumps(rnd.to_record()) == before and rnd.to_move == seat
        rnd.apply(rng.choice(legal))
        plays += 1
    assert plays == 6 * len(players_in)
    result = rnd.result()
    last = rnd.tricks[-1]
    top = max(c.rank for c in last.cards)
    if rules.penalty_tricks == "last":
        assert sum(result) == top * len(last.scorers)
    assert all(result[s] == 0 for s in range(rules.players) if s not in players_in)
    assert Round.from_record(json.loads(json.dumps(rnd.to_record()))).to_record() == (
        rnd.to_record()
    )
